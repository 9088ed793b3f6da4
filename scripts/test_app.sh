#!/usr/bin/env bash
# The app's half of the test command (scripts/test.sh runs it beside the core's tests): the release app
# and its .deb, then the shell's tests and lints. Its own folder for the build (src-tauri/target), so it
# never waits on the core's. Prints each step's time as "app step: N s  what" for test.sh to collect.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
export CARGO_TERM_COLOR=never
export CARGO_TARGET_DIR="$PWD/src-tauri/target"
lint() { RUSTC_WORKSPACE_WRAPPER="$(command -v clippy-driver)" RUSTFLAGS="-D warnings" "$@"; }

started=$SECONDS
# One build serves the end-to-end tests, the .deb install test and the run command (scripts/app.sh).
bash scripts/build_app.sh
printf 'app step: %5d s  %s\n' $((SECONDS - started)) "app build (release, with its .deb: scripts/build_app.sh)"

started=$SECONDS
# The shell is compiled once for both: cargo runs the workspace's own crates through clippy-driver (as
# `cargo clippy` does), so the build that makes the test binaries is also the lint, denied on any warning
# (linting in a separate `cargo clippy` compiled the whole Tauri stack a second time, 915 s of the command).
# Unoptimised (Cargo.toml's `shell-test` profile): its quick tests need no speed, and the optimised build of
# the whole Tauri stack took three times as long to compile.
lint cargo test --locked --profile shell-test -p goeben-referee-app -p goeben-floor-app -p tauri-plugin-keep-awake \
  --features tauri/custom-protocol
printf 'app step: %5d s  %s\n' $((SECONDS - started)) \
  "app shell tests and lints in one build (cargo test -p goeben-referee-app, linted by clippy -D warnings)"
