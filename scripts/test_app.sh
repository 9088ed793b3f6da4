#!/usr/bin/env bash
# The app's half of the test command (scripts/test.sh runs it beside the core's tests): one build of the app
# and its .deb in the test profile, which is also the shell's lint, then the shell's tests on that build, then
# the UI's type check and unit tests (they need no Rust build, so they wait on neither half's compiling). Its
# own folder for the build (src-tauri/target), so it never waits on the core's. Prints each step's time as
# "app step: N s  what" for test.sh to collect.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
export CARGO_TERM_COLOR=never
export CARGO_TARGET_DIR="$PWD/src-tauri/target"
lint() { RUSTC_WORKSPACE_WRAPPER="$(command -v clippy-driver)" RUSTFLAGS="-D warnings" "$@"; }

# The whole Tauri stack is compiled once, unoptimised (Cargo.toml's `shell-test` profile), for three uses:
# the app and its .deb that the end-to-end tests drive and install, the shell's lints (cargo runs the
# workspace's own crates through clippy-driver, as `cargo clippy` does, denied on any warning) and the
# shell's tests, whose build finds every dependency already compiled with the same profile, features and
# flags. The release build (fat LTO in one codegen unit, 12–14 minutes beside the core's tests) is the run
# command's (scripts/build_app.sh): the end-to-end tests on it and the shell's tests on an unoptimised build
# compiled the stack three times and kept the test command over 25 minutes (docs/PERFORMANCE.md).
started=$SECONDS
lint npx tauri build --bundles deb -- --locked --profile shell-test
printf 'app step: %5d s  %s\n' $((SECONDS - started)) \
  "the app and its .deb in the test profile, linted in the same build (tauri build --profile shell-test, clippy -D warnings)"

started=$SECONDS
lint cargo test --locked --profile shell-test -p goeben-referee-app -p goeben-floor-app -p tauri-plugin-keep-awake \
  --features tauri/custom-protocol
printf 'app step: %5d s  %s\n' $((SECONDS - started)) \
  "the shell's tests and the floor app's, on the same build (cargo test --profile shell-test)"

started=$SECONDS
npm run --silent check
npm run --silent test:ui
printf 'app step: %5d s  %s\n' $((SECONDS - started)) "UI type check (svelte-check) and unit tests (vitest)"
