#!/usr/bin/env python3
"""The json shape and the bundled third-party dialect (playgon/vegaslounge-replay-blackjack).

- The bundled sample checks with no finding, and the report says which checks did not run
  (the format lacks what they need), with their findings withheld: never a plain PASS.
- Faults the checks that can run do catch are reported: a round id given twice
  (input/duplicate-round), a card the notation does not read (input/bad-card), an amount of
  three decimals (input/malformed naming the dialect's rule).
- The same rounds one object a line give the same findings, at the lines of their objects.
- `convert --to` refuses the dialect (pitboss does not write json dialects).
- Hostile JSON: values nested 10,000 deep, a value never closed, a value of 20 MB, a line that
  is no JSON, a value that is no object: each an input/malformed (or the log's end), the rest
  checked, no crash.

Usage: dialect_json.py PITBOSS_BINARY WORK_DIR
"""

import copy
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(HERE)
DIALECT = "playgon/vegaslounge-replay-blackjack"
SAMPLE = os.path.join(SOURCE, "fixtures", "dialects", "vegaslounge-replay.json")
ENV = {**os.environ, "PITBOSS_DIALECTS": os.path.join(SOURCE, "dialects")}


def run(args):
    return subprocess.run(args, capture_output=True, text=True, env=ENV)


def check(pitboss, work, name, log):
    report = os.path.join(work, name + ".report.json")
    result = run([pitboss, "check", "--no-progress", "--dialect", DIALECT, "--format", "json", "--out", report, log])
    return result, (json.load(open(report)) if os.path.exists(report) else None)


def main():
    pitboss, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    failures = []

    def expect(name, cond, what):
        if not cond:
            failures.append(f"{name}: {what}")

    # The sample: no finding, and the checks not run said.
    result, data = check(pitboss, work, "sample", SAMPLE)
    expect("sample", result.returncode == 0, f"exit {result.returncode}: {result.stderr[-500:]}")
    expect("sample", data and data["violations"] == [], "findings in the clean sample")
    not_run = {n["code"]: n for n in (data or {}).get("not_checked", [])}
    expect("sample", "settle/payout" in not_run and "shoe/no-shuffle" in not_run, f"not_checked: {sorted(not_run)}")
    expect("sample", not_run.get("wager/late", {}).get("withheld", 0) > 0, "no finding of an unknown bet kind withheld")
    text = run([pitboss, "check", "--no-progress", "--dialect", DIALECT, SAMPLE]).stdout
    expect("sample", not text.startswith("PASS") and "checks not run" in text, text[:300])
    expect("sample", text.startswith("NO VIOLATIONS FOUND by the checks that could run"), text[:200])

    # Faults the checks that run catch.
    rounds = json.load(open(SAMPLE))
    faulty = copy.deepcopy(rounds)
    faulty[1]["gameUid"] = faulty[0]["gameUid"]  # a round id given twice
    seat = faulty[0]["gameplay"][".BlackjackGameplay"]["seats"]["2"]
    seat["hands"]["1"]["cards"]["1"]["card"] = "C_1"  # no card
    faulty[0]["playersBets"][0]["bets"][0]["betAmount"] = 25.005  # three decimals
    path = os.path.join(work, "faulty.json")
    json.dump(faulty, open(path, "w"), indent=2)
    result, data = check(pitboss, work, "faulty", path)
    codes = sorted(v["code"] for v in (data or {}).get("violations", []))
    expect("faulty", result.returncode == 1, f"exit {result.returncode}: {result.stderr[-500:]}")
    expect("faulty", codes == ["input/bad-card", "input/duplicate-round", "input/malformed"], f"codes {codes}")
    malformed = [v for v in (data or {}).get("violations", []) if v["code"] == "input/malformed"]
    expect("faulty", malformed and "25.005" in malformed[0]["message"] and "v1 field amount" in malformed[0]["message"],
           f"{malformed}")

    # One object a line: the same findings, each at its object's line.
    lines = os.path.join(work, "faulty.jsonl")
    with open(lines, "w") as f:
        for r in faulty:
            f.write(json.dumps(r) + "\n")
    result, again = check(pitboss, work, "faulty-lines", lines)
    key = lambda v: (v["code"], v.get("round"), v.get("event"), v.get("seat"), v.get("money_moved"))
    expect("lines", again and sorted(map(key, again["violations"])) == sorted(map(key, data["violations"])),
           "one object a line does not give the same findings")
    expect("lines", again and all(v["line"] in (1, 2) for v in again["violations"]),
           f"lines {[v['line'] for v in (again or {}).get('violations', [])]}")

    # Read-only.
    result = run([pitboss, "convert", "--to", DIALECT, "--out", os.path.join(work, "x.json"),
                  os.path.join(SOURCE, "fixtures", "clean", sorted(os.listdir(os.path.join(SOURCE, "fixtures", "clean")))[0])])
    expect("read-only", result.returncode == 2 and "read-only" in result.stderr, result.stderr[-300:])

    # Hostile JSON, each between two good rounds.
    good = json.dumps(rounds[1])
    hostile = {
        "deep": '{"a":' * 10000 + "1" + "}" * 10000,
        "not json": '{"gameUid": "x", oops}',
        "not an object": "[1, 2, 3]",
        "huge": json.dumps({"gameUid": "h", "pad": "x" * (20 << 20)}),
    }
    for name, bad in hostile.items():
        path = os.path.join(work, name.replace(" ", "-") + ".jsonl")
        with open(path, "w") as f:
            f.write(json.dumps(rounds[0]) + "\n" + bad + "\n" + good + "\n")
        result, data = check(pitboss, work, name.replace(" ", "-"), path)
        v = (data or {}).get("violations", [])
        expect(name, result.returncode == 1, f"exit {result.returncode}: {result.stderr[-500:]}")
        expect(name, [(x["code"], x["line"]) for x in v] == [("input/malformed", 2)],
               f"findings {[(x['code'], x['line'], x['message'][:80]) for x in v]}")
        expect(name, data and data["summary"]["rounds"] == 2, "the good rounds around it are not both checked")
    # A value never closed: the log ends inside it, and says where it started.
    path = os.path.join(work, "open.json")
    with open(path, "w") as f:
        f.write("[\n" + good + ",\n{\"gameUid\": \"open\",\n \"playersBets\": [\n")
    result, data = check(pitboss, work, "open", path)
    v = (data or {}).get("violations", [])
    expect("open", [(x["code"], x["line"]) for x in v] == [("input/malformed", 3)] and "ends inside" in v[0]["message"],
           f"findings {[(x['code'], x['line'], x['message'][:80]) for x in v]}")

    if failures:
        print("\n".join(failures))
        sys.exit(1)
    print("json dialects: sample, faults, lines, read-only and hostile values as expected")


if __name__ == "__main__":
    main()
