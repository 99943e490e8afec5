#!/usr/bin/env python3
"""End-to-end tests of reports as evidence (docs/report.md), on logs generated here.

A few days of SD Casino War on two tables are dealt by `pitboss generate`, split into one
file a day, and faults are planted, each noted beside the code that plants it. Then, one
case a function, as a user would meet it:

  day-by-day   each day checked with the day before as --context, the shards merged: the
               same findings as one check of all the days, finding for finding
  root-causes  a removed shuffle is one finding with its consequences counted; days given
               in reverse order are one input/time-order per table and no false overdraw; a
               log given twice is one input/duplicate-input; a copy of a day under another
               name is one input/duplicate-round with the copy's other lines counted under it
  inputs       a truncated .gz among good logs: a report all the same, incomplete, exit 2,
               the damage a finding at its line; the files a folder scan passes over listed;
               a check that reads no round exits 2
  money        --currency: findings state their currency and whether the player was
               underpaid or overpaid; the summary totals them per table, day and wager
  provenance   the command line, the time of the analysis, every input's sha256 and
               period, every spec's path and sha256, in JSON and text

Usage: evidence.py PITBOSS WORKDIR [CASE...]
"""
import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys

PITBOSS = None
WORK = None
FAILURES = []
DAYS = ["2026-03-01", "2026-03-02", "2026-03-03"]
MONTH = [f"2026-03-{d:02d}" for d in range(1, 31)]


def fail(case, message):
    FAILURES.append(f"{case}: {message}")
    print(f"FAIL {case}: {message}")


def expect(case, condition, message):
    if not condition:
        fail(case, message)
    return condition


def run(*args, stdin=None):
    p = subprocess.run([PITBOSS, *args], capture_output=True, text=True, input=stdin)
    return p.returncode, p.stdout, p.stderr


def check_json(*args):
    out = os.path.join(WORK, "report.json")
    if os.path.exists(out):
        os.remove(out)
    code, _, err = run("check", "--no-progress", "--format", "json", "--out", out, *args)
    report = json.load(open(out)) if os.path.exists(out) else None
    return code, report, err


def key(v):
    """A finding's identity, the same in one check and in a merge of shards."""
    return (v["code"], v["input"], v["line"], v.get("round"), v.get("seat"), v.get("hand"), v.get("wager"),
            v.get("expected"), v.get("actual"), v.get("event"), tuple(v.get("reading_dependent", [])),
            v["message"])


def write_lines(path, rounds):
    with open(path, "w") as f:
        for r in rounds:
            f.write(json.dumps(r, separators=(",", ":")) + "\n")


def make_days(days=DAYS, folder=None):
    """The generated days, faults planted, one file a day in `folder` (WORK by default);
    returns the paths of the day files and the round whose shuffle was removed."""
    folder = folder or WORK
    os.makedirs(folder, exist_ok=True)
    log = os.path.join(folder, "all-days.jsonl")
    code, _, err = run("generate", "--spec", "us-sd/casino-war", "--rounds", str(len(days) * 4320 - 1000), "--tables", "2",
                       "--seed", "9", "--start", "2026-03-01T05:00:00Z", "--out", log)
    if code != 0:
        raise SystemExit(f"generate failed: {err}")
    rounds = [json.loads(line) for line in open(log)]
    by_day = {d: [r for r in rounds if r["time"].startswith(d)] for d in days}
    # Fault 1 (settle/payout): day 1, the 100th round: the first settlement's net off by 100.
    r = by_day[days[0]][100]
    s = next(e for e in r["events"] if e["type"] == "settle")
    s["net"] += 100
    # Fault 2 (one shoe/card-overdrawn root, its consequences counted): day 2, the second
    # shuffle of table T1 is removed, so that the new shoe's cards overdraw the old one's.
    shuffles = [r for r in by_day[days[1]] if r["table"] == "T1" and any(e["type"] == "shuffle" for e in r["events"])]
    removed = shuffles[1]
    removed["events"] = [e for e in removed["events"] if e["type"] != "shuffle"]
    # Fault 3 (settle/payout): the first round of day 3 (its shoe was shuffled on day 2).
    r = by_day[days[2]][0]
    s = next(e for e in r["events"] if e["type"] == "settle")
    s["net"] -= 500
    if len(days) > 3:
        # Fault 4 (one shoe/card-overdrawn whose consequences run across midnight): the last
        # shuffle of table T2 on the next-to-last day is removed.
        shuffles = [r for r in by_day[days[-2]] if r["table"] == "T2" and any(e["type"] == "shuffle" for e in r["events"])]
        shuffles[-1]["events"] = [e for e in shuffles[-1]["events"] if e["type"] != "shuffle"]
    os.remove(log)
    paths = []
    for d in days:
        p = os.path.join(folder, f"day-{d}.jsonl")
        write_lines(p, by_day[d])
        paths.append(p)
    return paths, removed["round"]


def case_day_by_day(days, removed):
    # A month: thirty days, one file a day, each checked with the day before as context.
    days, removed = make_days(MONTH, os.path.join(WORK, "month"))
    code, single, err = check_json(*days)
    if not expect("day-by-day", code == 1 and single, f"one check of all days: exit {code}, {err}"):
        return
    shards = []
    for i, day in enumerate(days):
        out = os.path.join(WORK, f"shard-{i}.json")
        context = ["--context", days[i - 1]] if i > 0 else []
        c, _, e = run("check", "--no-progress", "--format", "json", "--out", out, *context, day)
        expect("day-by-day", c in (0, 1), f"day {i + 1}: exit {c}, {e}")
        shards.append(out)
    merged_path = os.path.join(WORK, "merged.json")
    c, _, e = run("merge", "--format", "json", "--out", merged_path, *shards)
    if not expect("day-by-day", c == 1, f"merge: exit {c}, {e}"):
        return
    merged = json.load(open(merged_path))
    a = [key(v) for v in single["violations"]]
    b = [key(v) for v in merged["violations"]]
    expect("day-by-day", len(a) >= 4, f"the planted faults found: {len(a)} findings")
    expect("day-by-day", a == b, f"merged shards differ from one check: {len(a)} vs {len(b)} findings; "
                                 f"only in one check: {[x for x in a if x not in b][:3]}; "
                                 f"only in the merge: {[x for x in b if x not in a][:3]}")
    expect("day-by-day", single["summary"]["rounds"] == merged["summary"]["rounds"],
           f"rounds {single['summary']['rounds']} vs {merged['summary']['rounds']}")
    # Without the context, each day starts mid-shoe: the shards would not add up.
    c, alone, _ = check_json(days[1])
    expect("day-by-day", any(v["code"] == "shoe/no-shuffle" for v in alone["violations"]),
           "a day checked alone starts with no shoe in play")
    by_table = [v for v in alone["violations"] if v["code"] == "shoe/no-shuffle"]
    expect("day-by-day", len(by_table) == 2, f"one shoe/no-shuffle per table, not per round: {len(by_table)}")


def case_root_causes(days, removed):
    code, report, err = check_json(*days)
    overdrawn = [v for v in report["violations"] if v["code"] == "shoe/card-overdrawn"]
    expect("root-causes", len(overdrawn) == 1, f"a removed shuffle is one finding, not {len(overdrawn)}")
    if overdrawn:
        v = overdrawn[0]
        expect("root-causes", v["round"] == removed, f"found at round {v['round']}, the shuffle was removed from {removed}")
        expect("root-causes", v.get("consequences", 0) > 0, "its consequences are counted under it")
        expect("root-causes", "shuffle not logged" in v["message"], f"the message names the likely cause: {v['message']}")
    # Days in reverse order: each table's time runs back once; no overdraw is reported for it.
    code, report, err = check_json(days[2], days[1])
    order = [v for v in report["violations"] if v["code"] == "input/time-order"]
    expect("root-causes", len(order) == 2, f"one input/time-order per table: {len(order)}")
    false_overdraws = [v for v in report["violations"] if v["code"] == "shoe/card-overdrawn" and v["round"] != removed]
    expect("root-causes", not false_overdraws, f"no false overdraws: {len(false_overdraws)}")
    # The same file twice: read once.
    code, report, err = check_json(days[0], days[0])
    dup = [v for v in report["violations"] if v["code"].startswith("input/dup")]
    expect("root-causes", [v["code"] for v in dup] == ["input/duplicate-input"], f"a log given twice: {dup[:2]}")
    # A copy of a day under another name: one finding, the copy's other lines counted under it.
    copy = os.path.join(WORK, "copy-of-day-1.jsonl")
    shutil.copy(days[0], copy)
    code, report, err = check_json(days[0], copy)
    dup = [v for v in report["violations"] if v["input"] == copy]
    lines = sum(1 for _ in open(copy))
    expect("root-causes", len(dup) == 1 and dup[0]["code"] == "input/duplicate-round"
           and dup[0].get("consequences") == lines - 1, f"a copied day: {[(v['code'], v.get('consequences')) for v in dup[:3]]}")


def case_inputs(days, removed):
    folder = os.path.join(WORK, "folder")
    os.makedirs(folder, exist_ok=True)
    for d in days:
        shutil.copy(d, folder)
    # A log cut short, part-way through its gzip stream.
    data = gzip.compress(open(days[0], "rb").read())
    broken = os.path.join(folder, "a-broken.jsonl.gz")  # read first: the days after it start mid-shoe
    open(broken, "wb").write(data[: len(data) // 2])
    open(os.path.join(folder, "notes.txt"), "w").write("not a log\n")
    os.remove(os.path.join(folder, os.path.basename(days[0])))  # its rounds come from the broken copy
    code, report, err = check_json(folder)
    expect("inputs", code == 2, f"exit 2 when an input could not be read whole, not {code}")
    if not expect("inputs", report is not None, "the report is written all the same"):
        return
    expect("inputs", report.get("complete") is False, "the report says it is incomplete")
    unreadable = [v for v in report["violations"] if v["code"] == "input/unreadable"]
    expect("inputs", len(unreadable) == 1 and unreadable[0]["input"] == broken, f"one input/unreadable: {unreadable}")
    broken_input = next(i for i in report["inputs"] if i["path"] == broken)
    expect("inputs", broken_input.get("error") and broken_input["rounds"] > 0,
           f"what was read before the damage is checked: {broken_input}")
    expect("inputs", sum(i["rounds"] for i in report["inputs"]) == report["summary"]["rounds"], "rounds add up")
    # What the lost part did not say may have shuffled any shoe: the next days' draws are not
    # judged against shoes it may have replaced (no false overdraw), and are counted under it.
    # (The planted removed shuffle of day 2 on T1 is an overdraw of its own: the one allowed.)
    overdrawn = [v for v in report["violations"] if v["code"] == "shoe/card-overdrawn"
                 and not (v["table"] == "T1" and v["input"].endswith(os.path.basename(days[1])))]
    expect("inputs", not overdrawn, f"no false overdraw after the damage: {[v['round'] for v in overdrawn]}")
    expect("inputs", unreadable and unreadable[0].get("consequences", 0) > 0, "the rounds not judged are counted")
    skipped = [s["path"] for s in report.get("skipped", [])]
    expect("inputs", any(p.endswith("notes.txt") for p in skipped), f"the files passed over are listed: {skipped}")
    # Text too says so.
    code, out, err = run("check", "--no-progress", folder)
    expect("inputs", code == 2 and "INCOMPLETE" in out, "the text report says INCOMPLETE")
    # A check that reads no round.
    empty = os.path.join(WORK, "empty.jsonl")
    open(empty, "w").close()
    code, out, err = run("check", "--no-progress", empty)
    expect("inputs", code == 2 and "no round was read" in err, f"an empty log: exit {code}, {err.strip()}")


def case_money(days, removed):
    code, report, err = check_json("--currency", "USD", days[0])
    payouts = [v for v in report["violations"] if v["code"] == "settle/payout"]
    if not expect("money", len(payouts) == 1, f"the planted payout: {len(payouts)}"):
        return
    v = payouts[0]
    expect("money", v.get("currency") == "USD" and v.get("unit") == "minor_units", f"unit and currency: {v}")
    expect("money", v.get("overpaid") == 100 and "underpaid" not in v, f"overpaid by 100: {v}")
    money = report["summary"].get("money", {})
    expect("money", money.get("overpaid") == 100 and money.get("underpaid") == 0 and money.get("currency") == "USD",
           f"report totals: {money}")
    expect("money", money.get("by_day", {}).get(DAYS[0], {}).get("overpaid") == 100, f"per day: {money.get('by_day')}")
    expect("money", money.get("by_table", {}).get(v["table"], {}).get("overpaid") == 100, "per table")
    code, out, err = run("check", "--no-progress", "--currency", "USD", days[0])
    expect("money", "overpaid by USD 1.00" in out, "the text report says overpaid by USD 1.00")
    code, out, err = run("check", "--no-progress", "--currency", "usd", days[0])
    expect("money", code == 2 and "ISO 4217" in err, "a currency code that is not one is refused")


def case_provenance(days, removed):
    code, report, err = check_json("--reading", "sd-war-win-payout=paytable-half-on-raise", days[0])
    expect("provenance", report["command_line"][:2] == ["pitboss", "check"], f"command line: {report.get('command_line')}")
    expect("provenance", len(report.get("analysis_time", "")) == 20, f"time of analysis: {report.get('analysis_time')}")
    i = report["inputs"][0]
    digest = hashlib.sha256(open(days[0], "rb").read()).hexdigest()
    expect("provenance", i.get("sha256") == digest, "the input's sha256 is sha256sum's")
    expect("provenance", i.get("first_round_time", "").startswith(DAYS[0]), "the period its rounds cover")
    spec = report["specs"][0]
    expect("provenance", spec.get("path", "").endswith("us-sd/casino-war.yaml") and len(spec["sha256"]) == 64,
           f"the spec's path and full sha256: {spec}")
    expect("provenance", spec.get("default_readings") is False
           and spec["readings"]["sd-war-win-payout"] == "paytable-half-on-raise", "the reading in force")
    v = report["violations"][0] if report["violations"] else {}
    for field in ("time", "revision", "event"):
        expect("provenance", field in v, f"a finding's {field}: {v}")
    code, out, err = run("check", "--no-progress", "--reading", "sd-war-win-payout=paytable-half-on-raise", days[0])
    expect("provenance", "paytable-half-on-raise" in out.split("\n", 3)[0] + out, "the text names the reading")


CASES = {"day-by-day": case_day_by_day, "root-causes": case_root_causes, "inputs": case_inputs,
         "money": case_money, "provenance": case_provenance}


def main():
    global PITBOSS, WORK
    PITBOSS, WORK = sys.argv[1], sys.argv[2]
    names = sys.argv[3:] or list(CASES)
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    days, removed = make_days()
    for name in names:
        CASES[name](days, removed)
        print(f"{'ok' if not any(f.startswith(name) for f in FAILURES) else 'FAILED'} {name}")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
