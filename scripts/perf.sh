#!/usr/bin/env bash
# Every figure of docs/PERFORMANCE.md in one command — the core's benchmarks (criterion), the
# release app's binary and .deb sizes, its startup, idle memory and tap → screen time against the floor (an
# empty Tauri 2 app with the same profile, benches/floor-app), warm and, as root, cold. Takes ~15 minutes
# after the builds on two cores; leave the machine otherwise idle. Results also in target/perf/.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
export CARGO_TARGET_DIR="$PWD/src-tauri/target"
mkdir -p target/perf

bash scripts/build_app.sh
cargo build --locked --release -p goeben-floor-app --features tauri/custom-protocol -q

echo "== sizes"
for f in "$CARGO_TARGET_DIR/release/goeben-referee-app" "$CARGO_TARGET_DIR/release/goeben-floor-app" "$CARGO_TARGET_DIR"/release/bundle/deb/*.deb; do
  printf '%10d bytes  %s\n' "$(stat -c %s "$f")" "$f"
done | tee target/perf/sizes.txt
printf '%10d bytes  ui/dist (the embedded UI, uncompressed)\n' "$(du -sb ui/dist | cut -f1)" | tee -a target/perf/sizes.txt

echo "== startup and memory, warm; tap → screen"
node scripts/bench_app.mjs --runs 10 --frames --out target/perf/app-warm.json
if [ "$(id -u)" = 0 ]; then
  echo "== startup and memory, cold (page cache dropped before each start)"
  node scripts/bench_app.mjs --runs 5 --cold --out target/perf/app-cold.json
fi

echo "== the core (criterion)"
unset CARGO_TARGET_DIR
cargo bench --locked --bench turns --bench combat -- --warm-up-time 1 --measurement-time 4 2>&1 | grep -E '^[a-zA-Z].*|time:' | tee target/perf/core.txt
