#!/usr/bin/env bash
# Sets up everything, then launches the app: the release build of scripts/build_app.sh, built once (the
# test command builds the same one) and started at once when nothing changed since. For development with
# reloads on change: npx tauri dev.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PATH"
export CARGO_TARGET_DIR="$PWD/src-tauri/target"
bash scripts/build_app.sh
exec "$CARGO_TARGET_DIR/release/goeben-referee-app" "$@"
