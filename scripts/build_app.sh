#!/usr/bin/env bash
# Builds the release app and its .deb package once: `tauri build --bundles deb` with the release
# profile of Cargo.toml, into src-tauri/target. The test command's end-to-end tests and the .deb install test
# use this one build, and the run command launches it; when nothing it is built from changed since, it
# says so and builds nothing. `--force` builds anyway.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/src-tauri/target}"
BIN="$CARGO_TARGET_DIR/release/goeben-referee-app"
DEB_DIR="$CARGO_TARGET_DIR/release/bundle/deb"

# When the last good build started: a source saved while a build ran is newer than this mark, though older
# than the binary that build wrote (comparing with the binary missed such edits).
STARTED="$CARGO_TARGET_DIR/release/.build-started"

# Whether a source of the app is newer than the last good build's start (or the binary, its .deb or the
# mark is missing).
stale() {
  [ -x "$BIN" ] && [ -f "$STARTED" ] || return 0
  compgen -G "$DEB_DIR/*.deb" >/dev/null || return 0
  local newer
  newer=$(find ui src src-tauri crates data icons Cargo.toml Cargo.lock package.json package-lock.json \
    \( -path src-tauri/target -o -path src-tauri/gen -o -path ui/dist \) -prune -o -type f -newer "$STARTED" -print -quit)
  [ -n "$newer" ]
}

if [ "${1:-}" = "--force" ] || stale; then
  mkdir -p "$CARGO_TARGET_DIR/release"
  touch "$STARTED.next"
  npx tauri build --bundles deb
  mv "$STARTED.next" "$STARTED"
else
  echo "build_app: the release app is up to date: $BIN"
fi
