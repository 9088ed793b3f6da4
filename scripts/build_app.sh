#!/usr/bin/env bash
# Builds the release app and its .deb package once: `tauri build --bundles deb` with the release
# profile of Cargo.toml, into src-tauri/target. The test command's end-to-end tests and the .deb install test
# use this one build, and the run command launches it; when nothing it is built from changed since, it
# says so and builds nothing. `--force` builds anyway; `--check` only says whether a build is due (exit
# status 0 when the app is up to date, 1 when it would be built), and builds nothing.
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
# mark is missing); `why` says which. What the build itself writes is not a source: the web builds
# (ui/dist, and ui/dist-guest, which `npm run ui:build` writes again on every build: when it was
# searched, every build left a newer file behind and the next run built again) and Tauri's generated
# files, besides the target folder.
why=""
stale() {
  [ -x "$BIN" ] || { why="no release binary at $BIN"; return 0; }
  [ -f "$STARTED" ] || { why="no mark of a finished build ($STARTED)"; return 0; }
  compgen -G "$DEB_DIR/*.deb" >/dev/null || { why="no .deb in $DEB_DIR"; return 0; }
  local newer
  newer=$(find ui src src-tauri crates data icons Cargo.toml Cargo.lock package.json package-lock.json \
    \( -path src-tauri/target -o -path src-tauri/gen -o -path ui/dist -o -path ui/dist-guest \) -prune \
    -o -type f -newer "$STARTED" -print -quit)
  [ -n "$newer" ] && why="$newer changed since the last build"
}

if [ "${1:-}" = "--check" ]; then
  if stale; then
    echo "build_app: a build is due: $why"
    exit 1
  fi
  echo "build_app: the release app is up to date: $BIN"
  exit 0
fi

if [ "${1:-}" = "--force" ] || stale; then
  mkdir -p "$CARGO_TARGET_DIR/release"
  touch "$STARTED.next"
  npx tauri build --bundles deb
  mv "$STARTED.next" "$STARTED"
else
  echo "build_app: the release app is up to date: $BIN"
fi
