#!/usr/bin/env bash
# Installs what building, running and testing Goeben Referee needs on Debian/Ubuntu: the system
# libraries for Tauri 2 (WebKitGTK), Xvfb and WebKitWebDriver for end-to-end tests, the npm packages
# (from package-lock.json) and tauri-driver. Safe to run again: it skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(libwebkit2gtk-4.1-dev build-essential libssl-dev libayatana-appindicator3-dev librsvg2-dev
  libsqlite3-dev pkg-config file xvfb webkit2gtk-driver procps curl chromium chromium-driver)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing system packages: ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

command -v cargo >/dev/null || { echo "setup: Rust (cargo) is required: https://rustup.rs" >&2; exit 1; }
command -v npm >/dev/null || { echo "setup: Node.js 20+ with npm is required" >&2; exit 1; }

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages"
  # The committed lock file is complete (every platform's optional @tauri-apps/cli binary), so `npm ci`
  # installs exactly it and never rewrites it.
  npm ci --no-audit --no-fund --loglevel=error
fi

if ! command -v tauri-driver >/dev/null; then
  echo "setup: installing tauri-driver"
  cargo install tauri-driver --locked --quiet
fi
