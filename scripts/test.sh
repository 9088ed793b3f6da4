#!/usr/bin/env bash
# Sets up everything, then runs every test: the referee core, the shell, the UI unit tests, and the
# end-to-end tests of the real app binary through WebDriver (under Xvfb when there is no display).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
setup_seconds=$SECONDS
export PATH="$HOME/.cargo/bin:$PATH"
export CARGO_TERM_COLOR=never

# Each step's time, printed as the next begins and all together at the end: CI must stay well under its
# 90 minutes, and these say where the time goes.
timings=()
current=""
started=$SECONDS
finish_step() {
  [ -n "$current" ] || return 0
  local took=$((SECONDS - started))
  timings+=("$(printf '%5d s  %s' "$took" "$current")")
  printf '(%s: %d s)\n' "$current" "$took"
}
step() {
  finish_step
  current="$1"
  started=$SECONDS
  printf '\n=== %s ===\n' "$1"
}

step "formatting (cargo fmt --check)"
# Every crate formatted.
cargo fmt --all --check

# The table host embeds the guest page (ui/dist-guest): built first, so the core's tests serve the real page
# (the app build below writes it again, byte for byte the same, and an unchanged file is left alone).
npm run --silent guest:build

# The app's half (one unoptimised build of the app and its .deb, which is also the shell's lint, then the
# shell's tests and the UI's: scripts/test_app.sh) runs beside the core's tests, in its own process group
# and build folder: one after the other the command took 32 minutes (1,922 s), and side by side the two
# halves share the cores. Its output is kept apart and printed when it ends.
app_log="$(mktemp)"
setsid bash scripts/test_app.sh >"$app_log" 2>&1 &
app_pid=$!
stop_app() { kill -- -"$app_pid" 2>/dev/null || true; }
trap stop_app EXIT

step "referee core and the crates around it, linted in the same build (cargo test, clippy -D warnings)"
# One build is both the lint and the tests: cargo runs the workspace's own crates through clippy-driver (as
# `cargo clippy` does), denied on any warning, so every target (the benches too, run once each as tests)
# is linted where it is compiled; a separate `cargo clippy` checked every dependency a second time (288 s).
# An allowed lint says why at its line.
lint() { RUSTC_WORKSPACE_WRAPPER="$(command -v clippy-driver)" RUSTFLAGS="-D warnings" "$@"; }
lint cargo test --locked --all-targets
# `--all-targets` leaves the documentation's examples out: run apart, on the same build.
lint cargo test --locked --doc

step "waiting for the app's half (the app and its .deb in the test profile, the shell's lints and tests, the UI's: scripts/test_app.sh)"
app_status=0
wait "$app_pid" || app_status=$?
trap - EXIT
cat "$app_log"
timings_app="$(grep '^app step:' "$app_log" | sed 's/^app step: //' || true)"
rm -f "$app_log"
[ "$app_status" -eq 0 ] || { echo "the app's half failed (exit $app_status)"; exit "$app_status"; }
export CARGO_TARGET_DIR="$PWD/src-tauri/target"

step "end-to-end tests in the real app (tauri-driver + WebKitWebDriver), the .deb installed and started"
# The command-line tools the end-to-end tests run: the core's tests above built them into target/debug (a
# `cargo build` here compiled the core again, for other features: 130 s). Built only when missing.
[ -x target/debug/referee ] && [ -x target/debug/counter_sheet ] && [ -x target/debug/app_server ] ||
  cargo build --locked --bin referee --bin counter_sheet --bin app_server --target-dir "$PWD/target" -q
# The app the shell's tests were built with (the `shell-test` profile: scripts/test_app.sh): the same code,
# features and embedded pages as the release app, unoptimised and without its link-time optimisation.
export GOEBEN_APP="$CARGO_TARGET_DIR/shell-test/goeben-referee-app"
export GOEBEN_DEB_DIR="$CARGO_TARGET_DIR/shell-test/bundle/deb"
# Three test files at a time on two cores, each with its own app, driver ports and data folder
# (scripts/e2e.mjs): the webview's waits leave the cores mostly idle (one at a time: 580–600 s; three: 232 s).
node scripts/e2e.mjs
echo "screenshots: e2e/screenshots/"
finish_step
printf '\nstep times (setup before them: %d s of %d s in all):\n' "$setup_seconds" "$SECONDS"
printf '%s\n' "${timings[@]}"
printf 'beside the core and the UI, the app'"'"'s half:\n%s\n' "$timings_app"
