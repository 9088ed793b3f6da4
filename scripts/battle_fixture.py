#!/usr/bin/env python3
"""Regenerates ui/src/test/fixtures/battle.json: a response where the player owes fire orders in a battle,
found by playing seeded games with the `referee` CLI (deterministic choices). Run after `cargo build --bin referee`."""
import json
import subprocess
import sys

REFEREE = "target/debug/referee"


def play(seed: int):
    proc = subprocess.Popen([REFEREE], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(action):
        proc.stdin.write(json.dumps(action) + "\n")
        proc.stdin.flush()
        return json.loads(proc.stdout.readline())

    r = send({"action": "new_game", "seed": seed, "options": {"orders": "raid_french_convoys"}})
    pick = seed | 1
    for _ in range(3000):
        view = r["view"]
        game = view.get("game") or {}
        pending = game.get("pending") or []
        if pending and pending[0]["pending"]["kind"] == "fire_orders" and any(b["options"] for b in game["combat"]):
            proc.kill()
            return r
        if view.get("game_over") or not view["legal_actions"]:
            break
        pick = (pick * 6364136223846793005 + 1442695040888963407) % 2**64
        # Prefer contact and fighting so that battles happen.
        legal = view["legal_actions"]
        keen = [a for a in legal if a["action"] in ("contact", "fight", "resolve_incidents")]
        choices = keen or legal
        r = send(choices[(pick >> 33) % len(choices)])
    proc.kill()
    return None


for seed in range(1, 400):
    found = play(seed)
    if found:
        with open("ui/src/test/fixtures/battle.json", "w") as f:
            f.write(json.dumps(found, indent=1, ensure_ascii=False) + "\n")
        print(f"seed {seed}: fire orders in a battle")
        sys.exit(0)
sys.exit("no battle found")
