#!/usr/bin/env python3
"""Every bundled dialect, by round trip over the fault-injection corpora of both games.

Runs tests/inject_faults.py (War Blackjack, and Casino War) to deal the faulted v1 logs, then
for each dialect that writes the game:

  1. `pitboss convert --to D` writes the v1 log in the dialect;
  2. `pitboss check --dialect D` of that file gives the same findings as the v1 check, finding
     for finding (code, round, event, seat, hand, wager, expected, actual, money moved), each
     at the line of the dialect's file where its event's record is (its round's first line for
     a finding of the round as a whole), worked out here from the file itself;
  3. `pitboss convert --dialect D` gives back the v1 log, round for round.

And the json shape, which pitboss reads but does not write: the corpora written here in the
format of fixtures/dialects/json-events.yaml, checked through it, give the v1 check's findings.

Usage: dialect_round_trip.py PITBOSS_BINARY WORK_DIR [WAR_BLACKJACK_DIR CASINO_WAR_DIR]
(the two folders where inject_faults.py has left its faulted logs and their reports, when it
has been run already: the ctest fault-injection tests')
"""

import collections
import csv
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# dialect -> the corpora it writes
DIALECTS = {
    "tgms/casino-war-csv": ["casino-war"],
    "tgms/war-blackjack-csv": ["war-blackjack"],
    "terminal/dealer-terminal": ["casino-war", "war-blackjack"],
}


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def event_lines_csv(path):
    """(round, event index or None) -> line, for a CSV dialect: one row per event, rows of a
    round together, the round id in the first column."""
    lines = {}
    count = collections.Counter()
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.reader(f)
        next(reader)  # the header
        while True:
            start = reader.line_num + 1
            try:
                row = next(reader)
            except StopIteration:
                break
            rid = row[0]
            lines.setdefault((rid, None), start)
            lines[(rid, count[rid])] = start
            count[rid] += 1
    return lines


def event_lines_terminal(path):
    """The same for the dealer terminal: a round from its banner to its end line; every line
    between them but a limit is an event."""
    lines = {}
    rid, n = None, 0
    with open(path, encoding="utf-8") as f:
        for number, text in enumerate(f, 1):
            if text.startswith("=== GAME "):
                rid, n = text.split()[2], 0
                lines[(rid, None)] = number
            elif text.startswith("=== END ") or text.startswith("LIMIT ") or text.startswith("#"):
                continue
            elif rid is not None:
                lines[(rid, n)] = number
                n += 1
    return lines


def decimal(n):
    return ("-" if n < 0 else "") + f"{abs(n) // 100}.{abs(n) % 100:02d}"


def to_json_round(r):
    """A v1 round in the format of the test json dialect (fixtures/dialects/json-events.yaml):
    decimal amounts, epoch milliseconds, upper-case event types, a settlement as what was
    returned with the stake it was on."""
    import datetime
    started = datetime.datetime.fromisoformat(r["time"].replace("Z", "+00:00"))
    out = {"gameId": r["round"], "table": {"id": r["table"]}, "game": r["rules"],
           "startedAt": int(started.timestamp()) * 1000}
    if "currency" in r:
        out["currency"] = r["currency"]
    if "limits" in r:
        out["table"]["limits"] = {k: {b: decimal(v) for b, v in lim.items()} for k, lim in r["limits"].items()}
    stakes, events = {}, []
    for e in r["events"]:
        x = dict(e, type=e["type"].upper())
        where = (e.get("seat"), e.get("hand", 1), e.get("wager"))
        if e["type"] == "bet":
            x["amount"] = decimal(e["amount"])
            stakes[where] = e["amount"]
        if e["type"] == "settle":
            stake = stakes.get(where, 0)
            del x["net"]
            x["returned"], x["stake"] = decimal(e["net"] + stake), decimal(stake)
        events.append(x)
    out["events"] = events
    return out


def json_leg(pitboss, work, corpus):
    """The json shape: each corpus written in the test json dialect (War Blackjack as one
    pretty-printed array, Casino War one object a line) and checked through it gives the v1
    check's findings, each at its round's first line."""
    failures = []
    dialect = os.path.join(HERE, "..", "fixtures", "dialects", "json-events.yaml")
    for name, pretty in (("war-blackjack", True), ("casino-war", False)):
        tag = f"test/json-events ({name})"
        v1_log = os.path.join(corpus[name], name + "-faulted.jsonl")
        with open(os.path.join(corpus[name], name + "-faulted.json")) as f:
            v1 = json.load(f)["violations"]
        vendor = os.path.join(work, name + "-json-events.json")
        first_line = {}
        with open(vendor, "w") as out:
            line = 1
            if pretty:
                out.write("[\n")
                line += 1
            rounds = rounds_of(v1_log)
            for i, r in enumerate(rounds):
                first_line.setdefault(r["round"], line)
                text = json.dumps(to_json_round(r), indent=1 if pretty else None)
                text += ("," if pretty and i + 1 < len(rounds) else "") + "\n"
                out.write(text)
                line += text.count("\n")
            if pretty:
                out.write("]\n")
        report = vendor + ".report.json"
        result = run([pitboss, "check", "--no-progress", "--dialect", dialect, "--format", "json", "--out", report,
                      vendor])
        if result.returncode != 1:
            failures.append(f"{tag}: check --dialect exited {result.returncode}, not 1: {result.stderr[-2000:]}")
            continue
        with open(report) as f:
            found = json.load(f)["violations"]
        want = collections.Counter(key(v) for v in v1)
        got = collections.Counter(key(v) for v in found)
        if want != got:
            failures.append(f"{tag}: findings differ from the v1 check: v1 only {list((want - got).elements())[:10]}; "
                            f"dialect only {list((got - want).elements())[:10]}")
        wrong = [v for v in found if v["line"] != first_line.get(v.get("round"))]
        if wrong:
            failures.append(f"{tag}: {len(wrong)} findings not at their round's first line: {wrong[:3]}")
        print(f"{tag}: {len(found)} findings, the v1 check's {len(v1)}")
    return failures


def key(v):
    return (v["code"], v.get("round"), v.get("event"), v.get("seat"), v.get("hand"), v.get("wager"),
            v.get("expected"), v.get("actual"), v.get("money_moved"))


def rounds_of(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def main():
    if len(sys.argv) not in (3, 5):
        sys.exit(__doc__)
    pitboss, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    corpus = {"war-blackjack": os.path.join(work, "war-blackjack"), "casino-war": os.path.join(work, "casino-war")}
    if len(sys.argv) == 5:
        corpus = {"war-blackjack": sys.argv[3], "casino-war": sys.argv[4]}
    else:
        for flag, name in (([], "war-blackjack"), (["--casino-war"], "casino-war")):
            result = run([sys.executable, os.path.join(HERE, "inject_faults.py"), *flag, pitboss, corpus[name]])
            if result.returncode != 0:
                sys.exit(f"inject_faults.py {' '.join(flag)} failed:\n{result.stdout}{result.stderr}")
    failures = []
    for dialect, corpora in DIALECTS.items():
        for name in corpora:
            v1_log = os.path.join(corpus[name], name + "-faulted.jsonl")
            v1_report = os.path.join(corpus[name], name + "-faulted.json")
            with open(v1_report) as f:
                v1 = json.load(f)["violations"]
            tag = f"{dialect} ({name})"
            ext = ".csv" if "csv" in dialect else ".txt"
            vendor = os.path.join(work, name + "-" + dialect.replace("/", "-") + ext)
            result = run([pitboss, "convert", "--to", dialect, "--out", vendor, v1_log])
            if result.returncode != 0:
                failures.append(f"{tag}: convert --to exited {result.returncode}: {result.stderr[-2000:]}")
                continue
            report = vendor + ".json"
            result = run([pitboss, "check", "--no-progress", "--dialect", dialect, "--format", "json",
                          "--out", report, vendor])
            if result.returncode != 1:
                failures.append(f"{tag}: check --dialect exited {result.returncode}, not 1: {result.stderr[-2000:]}")
                continue
            with open(report) as f:
                checked = json.load(f)
            found = checked["violations"]
            inputs = checked["inputs"]
            if inputs[0].get("dialect") != dialect or not inputs[0].get("dialect_sha256"):
                failures.append(f"{tag}: the report does not name the dialect and its sha256: {inputs[0]}")
            want = collections.Counter(key(v) for v in v1)
            got = collections.Counter(key(v) for v in found)
            if want != got:
                missing = list((want - got).elements())[:10]
                extra = list((got - want).elements())[:10]
                failures.append(f"{tag}: findings differ from the v1 check: v1 only {missing}; dialect only {extra}")
            lines = event_lines_csv(vendor) if ext == ".csv" else event_lines_terminal(vendor)
            wrong = []
            for v in found:
                where = lines.get((v.get("round"), v.get("event")))
                if where != v["line"]:
                    wrong.append(f"{v['code']} {v.get('round')} event {v.get('event')}: line {v['line']}, "
                                 f"its record is at {where}")
            if wrong:
                failures.append(f"{tag}: {len(wrong)} findings not at their record's line: {wrong[:5]}")
            back = vendor + ".v1.jsonl"
            result = run([pitboss, "convert", "--dialect", dialect, "--out", back, vendor])
            if result.returncode != 0:
                failures.append(f"{tag}: convert --dialect exited {result.returncode}: {result.stderr[-2000:]}")
                continue
            # The dialect's amounts are in its currency, which the rounds it reads name.
            original = [dict(r, currency=r.get("currency", "USD")) for r in rounds_of(v1_log)]
            if rounds_of(back) != original:
                failures.append(f"{tag}: convert back to v1 does not give the same rounds")
            print(f"{tag}: {len(found)} findings, the v1 check's {len(v1)}; "
                  f"{len(rounds_of(back))} rounds back")
    failures += json_leg(pitboss, work, corpus)
    if failures:
        print("\n".join(failures))
        sys.exit(1)


if __name__ == "__main__":
    main()
