#!/usr/bin/env python3
"""context_damage.py PITBOSS WORKDIR: a damaged day does not poison the next (issue 23, item 8).

Two days of SD Casino War on two tables are dealt by `pitboss generate`; the second is checked
with the first as --context. Whole, the context gives the shoes in play at midnight (exit 0);
without it the day starts mid-shoe (shoe/no-shuffle, exit 1). Cut off mid-line, or with a line
of it not a round, the context leaves its tables' shoes unknown: the day's rounds drawn from
them are not judged until each table's next shuffle (no false finding), the report says which
tables and why in every format (context_damage), and the exit status is the day's own: 0 for a
clean day, 1 for a day with faults planted after its shuffles, which are found as with the
whole context.
"""
import json
import os
import shutil
import subprocess
import sys

pitboss, work = sys.argv[1], sys.argv[2]
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)


def run(*args):
    p = subprocess.run([pitboss, *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def check_day(context, day, *outs):
    """check --context CONTEXT DAY: exit status, JSON report, standard error."""
    report = os.path.join(work, "report.json")
    for path in (report, *outs):
        if os.path.exists(path):
            os.remove(path)
    args = ["check", "--no-progress", "--out", report]
    for out in outs:
        args += ["--out", out]
    if context:
        args += ["--context", context]
    code, _, err = run(*args, day)
    with open(report, encoding="utf-8") as f:
        return code, json.load(f), err


def write(path, rounds):
    with open(path, "w", encoding="utf-8") as f:
        for r in rounds:
            f.write(json.dumps(r, separators=(",", ":")) + "\n")


def shuffles(r):
    return any(e["type"] == "shuffle" for e in r["events"])


shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
log = os.path.join(work, "both.jsonl")
code, _, err = run("generate", "--spec", "us-sd/casino-war", "--rounds", "1000", "--tables", "2", "--seed", "23",
                   "--start", "2026-03-01T21:00:00Z", "--out", log)
if code != 0:
    sys.exit(f"generate failed: {err}")
rounds = [json.loads(line) for line in open(log, encoding="utf-8")]
day1 = [r for r in rounds if r["time"].startswith("2026-03-01")]
day2 = [r for r in rounds if r["time"].startswith("2026-03-02")]
assert len(day1) > 200 and len(day2) > 200, (len(day1), len(day2))
yesterday = os.path.join(work, "day1.jsonl")
today = os.path.join(work, "day2.jsonl")
write(yesterday, day1)
write(today, day2)

# The faults, planted after each table's first shuffle of the day: a settlement off by 100 on
# T1, and T2's second shuffle of the day removed (the new shoe's cards overdraw the old one's).
faulty = json.loads(json.dumps(day2))
t1 = [i for i, r in enumerate(faulty) if r["table"] == "T1"]
first_t1_shuffle = next(i for i in t1 if shuffles(faulty[i]))
payout_round = next(faulty[i] for i in t1 if i > first_t1_shuffle + 3)
next(e for e in payout_round["events"] if e["type"] == "settle")["net"] += 100
t2_shuffles = [r for r in faulty if r["table"] == "T2" and shuffles(r)]
assert len(t2_shuffles) >= 2, "T2 shuffles fewer than twice on day 2"
t2_shuffles[1]["events"] = [e for e in t2_shuffles[1]["events"] if e["type"] != "shuffle"]
today_faulty = os.path.join(work, "day2-faulty.jsonl")
write(today_faulty, faulty)

# The damaged contexts: cut off in the middle of a line; a line of it not a round.
with open(yesterday, "rb") as f:
    data = f.read()
cut_at = data.index(b"\n", len(data) * 6 // 10) + 40
cut = os.path.join(work, "day1-cut.jsonl")
with open(cut, "wb") as f:
    f.write(data[:cut_at])
cut_line = data[:cut_at].count(b"\n") + 1
lines = data.split(b"\n")
corrupt_line = len(day1) * 9 // 10
corrupt = os.path.join(work, "day1-corrupt.jsonl")
with open(corrupt, "wb") as f:
    f.write(b"\n".join(lines[:corrupt_line - 1] + [b'{"round": "X", garbage'] + lines[corrupt_line:]))

# The day with the whole day before: clean; alone: it starts mid-shoe.
code, whole, err = check_day(yesterday, today)
check(code == 0 and whole["violations"] == [] and "context_damage" not in whole,
      f"whole context: exit 0, nothing found (exit {code}, {err.strip()[-300:]})")
code, alone, _ = check_day(None, today)
check(code == 1 and any(v["code"] == "shoe/no-shuffle" for v in alone["violations"]),
      f"no context: the day starts mid-shoe, shoe/no-shuffle (exit {code})")

# The day after a context cut off: exit 0, no finding, the damage said in every format.
outs = {ext: os.path.join(work, "day2." + ext) for ext in ("txt", "md", "html", "sarif", "xml")}
code, r, err = check_day(cut, today, *outs.values())
check(code == 0, f"context cut off: exit 0 (got {code}; {err.strip()[-300:]})")
check(r["violations"] == [], f"context cut off: no finding: {[v['code'] for v in r['violations']][:5]}")
check(r["complete"] is True, "context cut off: the report is complete")
check(r["inputs"][0].get("context") is True and "cut off" in r["inputs"][0].get("error", ""),
      f"context cut off: the context input says why: {r['inputs'][0].get('error')}")
damage = r.get("context_damage", [])
check(len(damage) == 1 and damage[0]["input"] == cut and damage[0]["line"] == cut_line,
      f"context cut off: one context_damage at line {cut_line}: {damage}")
tables = damage[0]["tables"] if damage else []
check(sorted(t["table"] for t in tables) == ["T1", "T2"] and all(t["rounds_not_judged"] > 0 for t in tables),
      f"context cut off: both tables' shoes unknown, their rounds counted: {tables}")
check(all(t["judged_from"] and t["judged_from"].startswith(today + ":") for t in tables),
      f"context cut off: each table judged again from its shuffle of the day: {tables}")
check("could not be read whole" in err and "not judged until their next shuffle" in err,
      f"context cut off: a warning on standard error: {err.strip()[-300:]}")
with open(outs["txt"], encoding="utf-8") as f:
    text = f.read()
check("NOTICE: context log " + cut in text and "T1, " in text, "context cut off: the text report's NOTICE")
with open(outs["md"], encoding="utf-8") as f:
    check("**Notice:** context log" in f.read(), "context cut off: the Markdown report's notice")
with open(outs["html"], encoding="utf-8") as f:
    check('class="banner context-damage"' in f.read(), "context cut off: the HTML report's notice")
with open(outs["sarif"], encoding="utf-8") as f:
    sarif = json.load(f)
notes = sarif["runs"][0]["invocations"][0].get("toolExecutionNotifications", [])
check(sarif["runs"][0]["invocations"][0]["executionSuccessful"] is True and
      any(n["level"] == "warning" and "context log" in n["message"]["text"] for n in notes) and
      not any(n["level"] == "error" for n in notes),
      f"context cut off: a SARIF warning, no error: {[(n['level'], n['message']['text'][:60]) for n in notes]}")
with open(outs["xml"], encoding="utf-8") as f:
    check('name="context_damage"' in f.read(), "context cut off: the JUnit report's property")

# A line of the context that is not a round: the same, at that line.
code, r, err = check_day(corrupt, today)
damage = r.get("context_damage", [])
check(code == 0 and r["violations"] == [] and r["complete"] is True,
      f"corrupt context line: exit 0, nothing found (exit {code}, {[v['code'] for v in r['violations']][:5]})")
check(len(damage) == 1 and damage[0]["line"] == corrupt_line and "is not a round" in damage[0]["error"],
      f"corrupt context line: one context_damage at line {corrupt_line}: {damage}")

# Faults planted after the day's shuffles are found as with the whole context: exit 1.
code, with_whole, _ = check_day(yesterday, today_faulty)
found = {(v["code"], v["round"]) for v in with_whole["violations"]}
check(code == 1 and ("settle/payout", payout_round["round"]) in found and
      any(c == "shoe/card-overdrawn" for c, _ in found), f"whole context, faults planted: found ({sorted(found)})")
for name, context in (("cut off", cut), ("corrupt line", corrupt)):
    code, r, err = check_day(context, today_faulty)
    got = {(v["code"], v["round"]) for v in r["violations"]}
    check(code == 1 and got == found,
          f"context {name}, faults planted: exit 1 (got {code}), the same findings: {sorted(got ^ found)}")

# Merged, a shard's damaged context is carried over and warned of.
shard = os.path.join(work, "shard.json")
run("check", "--no-progress", "--out", shard, "--context", cut, today)
merged = os.path.join(work, "merged.json")
code, _, err = run("merge", "--format", "json", "--out", merged, shard)
with open(merged, encoding="utf-8") as f:
    m = json.load(f)
check(code == 0 and len(m.get("context_damage", [])) == 1 and
      any("could not be read whole" in w for w in m.get("merge_warnings", [])),
      f"merge: the shard's context damage carried and warned of (exit {code}, {err.strip()[-200:]})")

if failures:
    sys.exit(f"{len(failures)} failed")
print("ok")
