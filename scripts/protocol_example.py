#!/usr/bin/env python3
"""Regenerates the protocol example: runs `referee --seed 7` on docs/protocol/example.in.jsonl, writes the
exact output to docs/protocol/example.out.jsonl (tests/protocol_cli.rs compares them) and the shortened
transcript between the markers in docs/PROTOCOL.md. Run after changing actions, events or the view:
    cargo build --bin referee && python3 scripts/protocol_example.py
"""
import json
import pathlib
import subprocess

root = pathlib.Path(__file__).resolve().parent.parent
example = root / "docs" / "protocol"
inputs = (example / "example.in.jsonl").read_text()
out = subprocess.run([str(root / "target" / "debug" / "referee"), "--seed", "7"], input=inputs, capture_output=True, text=True, check=True).stdout
(example / "example.out.jsonl").write_text(out)


def short(line):
    r = json.loads(line)
    v = r["view"]
    decisions = v["decisions"]
    view = {k: v[k] for k in ("protocol", "turn", "last_turn", "alert_level", "vp", "phase", "game_over")}
    view["decisions"] = f"[{len(decisions)} decisions]" if len(decisions) > 1 else decisions
    view["game"] = "{…}" if v["game"] else None
    res = {"ok": r["ok"]}
    for key in ("events", "error"):
        if key in r:
            res[key] = r[key]
    if "log" in r:
        res["log"] = f"[{len(r['log'])} entries]"
    res["view"] = view
    return json.dumps(res, ensure_ascii=False)


lines = []
for i, o in zip(inputs.strip().split("\n"), out.strip().split("\n")):
    lines += ["→ " + i, "← " + short(o), ""]
doc = root / "docs" / "PROTOCOL.md"
text = doc.read_text()
start = text.index("```text\n") + len("```text\n")
end = text.index("```", start)
doc.write_text(text[:start] + "\n".join(lines) + text[end:])
