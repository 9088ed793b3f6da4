#!/usr/bin/env bash
# Sets up everything, then launches the app (Vite dev server + debug build, reloads on change).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PATH"
exec npx tauri dev
