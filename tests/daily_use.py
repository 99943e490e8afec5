#!/usr/bin/env python3
"""End-to-end tests of the check report for daily use (docs/report.md, "Reading a check"):
the verdict line, --max-findings, --quiet, colour on a terminal, the filters, the findings by
money (--sort money, the largest in the summary), and `pitboss show` (with --currency).

Usage: daily_use.py PITBOSS FIXTURES_DIR WORK_DIR CASE
"""
import glob
import json
import os
import re
import subprocess
import sys

pitboss, fixtures, work, case = sys.argv[1:5]
os.makedirs(work, exist_ok=True)
logs = sorted(glob.glob(os.path.join(fixtures, "violations", "*.jsonl")))
FINDING = re.compile(r"^\S+:\d+: (error|critical|major|minor): ")


def run(*args, env=None, want=1):
    p = subprocess.run([pitboss, "check", "--no-progress", *args], capture_output=True, text=True, env=env)
    if p.returncode != want:
        sys.exit(f"FAIL: exit {p.returncode}, expected {want}: {' '.join(args)}\n{p.stderr[-2000:]}")
    return p


def check(cond, what):
    if not cond:
        sys.exit("FAIL: " + what)


if case == "verdict":
    out = os.path.join(work, "r.json")
    p = run("--format", "json", "--out", out, *logs)
    check(p.stdout == "", "nothing on standard output with --out")
    lines = p.stderr.splitlines()
    check(len(lines) == 1 and lines[0].startswith("FAIL: "), "one verdict line on stderr: %r" % p.stderr)
    report = json.load(open(out))
    n = report["summary"]["violations"]
    check(f"FAIL: {n} violations in {report['summary']['rounds']} rounds" in lines[0], "the verdict's counts")
    q = run("--quiet", "--format", "json", "--out", out, *logs)
    check(q.stderr == "" and q.stdout == "", "--quiet says nothing: %r" % q.stderr)
    # The text report opens and ends with the verdict, and lists the summary before the findings.
    t = run(*logs).stdout.splitlines()
    check(t[0] == lines[0] and t[-1] == lines[0], "the text report opens and ends with the verdict")
    first_finding = next(i for i, l in enumerate(t) if FINDING.match(l))
    check(t.index("violations by code:") < first_finding, "summary first")
    check(any(l.startswith("violations by table") for l in t) and any(l.startswith("violations by day") for l in t),
          "counts by table and day")
    clean = subprocess.run([pitboss, "check", "--no-progress", *glob.glob(os.path.join(fixtures, "clean", "*.jsonl"))],
                           capture_output=True, text=True)
    check(clean.returncode == 0 and clean.stdout.startswith("PASS: no violations in "), "a clean check passes")

elif case == "max-findings":
    full = [l for l in run(*logs).stdout.splitlines() if FINDING.match(l)]
    t = run("--max-findings", "5", *logs).stdout
    shown = [l for l in t.splitlines() if FINDING.match(l)]
    check(len(shown) == 5, f"5 findings listed, not {len(shown)}")
    check(f"{len(full) - 5} more findings not listed here (--max-findings 5)" in t, "the rest counted")
    none = run("--max-findings", "0", *logs).stdout
    check(not any(FINDING.match(l) for l in none.splitlines()), "--max-findings 0 lists none")
    # The JSON report is always whole.
    out = os.path.join(work, "m.json")
    run("--max-findings", "5", "--format", "json", "--out", out, *logs)
    check(len(json.load(open(out))["violations"]) == len(full), "the JSON report lists every finding")
    # Grouped by code: the codes of the listed findings come in runs, each code once.
    codes = [re.search(r"\[([a-z-]+/[a-z-]+)\]$", l).group(1) for l in full]
    runs = [c for i, c in enumerate(codes) if i == 0 or codes[i - 1] != c]
    check(len(runs) == len(set(runs)), "findings grouped by code")

elif case == "colour":
    cmd = f"{pitboss} check --no-progress {' '.join(logs[:3])}"
    tty = subprocess.run(["script", "-qec", cmd, "/dev/null"], capture_output=True, text=True,
                         env={**os.environ, "TERM": "xterm"})
    check("\x1b[1;31mcritical\x1b[0m" in tty.stdout or "\x1b[33mmajor\x1b[0m" in tty.stdout,
          "severities in colour on a terminal")
    plain = subprocess.run(["script", "-qec", cmd, "/dev/null"], capture_output=True, text=True,
                           env={**os.environ, "TERM": "xterm", "NO_COLOR": "1"})
    check("\x1b[" not in plain.stdout, "NO_COLOR honoured")
    check("\x1b[" not in run(*logs[:3]).stdout, "no colour into a pipe")

elif case == "filters":
    out = os.path.join(work, "f.json")
    whole = os.path.join(work, "w.json")
    run("--format", "json", "--out", whole, *logs)
    total = json.load(open(whole))["summary"]["violations"]
    run("--code", "settle", "--min-severity", "critical", "--format", "json", "--out", out, *logs)
    r = json.load(open(out))
    codes = {v["code"] for v in r["violations"]}
    check(codes and all(c.startswith("settle/") for c in codes), f"only settle codes: {codes}")
    check(all(v["severity"] in ("critical", "error") for v in r["violations"]), "critical or worse")
    check(r["filter"] == "code settle; severity critical or worse", r.get("filter", "no filter named"))
    check(r["findings_filtered_out"] + len(r["violations"]) == total, "what is left out is counted")
    check(r["summary"]["violations"] == len(r["violations"]), "the summary counts what is kept")
    tables = sorted({v["table"] for v in json.load(open(whole))["violations"] if v["table"]})
    run("--table", tables[0], "--format", "json", "--out", out, *logs)
    check({v["table"] for v in json.load(open(out))["violations"]} == {tables[0]}, "--table")
    days = sorted({v["time"][:10] for v in json.load(open(whole))["violations"] if v.get("time")})
    run("--since", days[-1], "--format", "json", "--out", out, *logs)
    kept = json.load(open(out))["violations"]
    check(all(v["time"][:10] == days[-1] for v in kept if v.get("time")), "--since a date")
    check(any(v.get("time") for v in kept), "--since keeps the last day's findings")
    bad = run("--code", "setle/payout", *logs, want=2)
    check("did you mean 'settle/payout'?" in bad.stderr, bad.stderr)
    t = run("--table", tables[0], *logs).stdout.splitlines()[0]
    check(f"[filtered: table {tables[0]}; " in t, "the verdict names the filter: " + t)
elif case == "show":
    whole = os.path.join(work, "w.json")
    run("--format", "json", "--out", whole, *logs)
    report = json.load(open(whole))
    flagged = next(v for v in report["violations"] if v["code"] == "settle/payout" and v.get("event") is not None)
    log = flagged["input"]

    def show(*args, want):
        p = subprocess.run([pitboss, "show", *args], capture_output=True, text=True)
        if p.returncode != want:
            sys.exit(f"FAIL: show exit {p.returncode}, expected {want}: {args}\n{p.stderr}")
        return p.stdout

    text = show(flagged["round"], log, want=1)
    lines = text.splitlines()
    at = next(i for i, l in enumerate(lines) if re.match(rf"^ +{flagged['event']}  settle ", l))
    check("rules pay" in lines[at], "the settlement owed beside the settle event: " + lines[at])
    check(lines[at + 1].strip().startswith("^ critical:") and "[settle/payout]" in lines[at + 1],
          "the finding under its event: " + lines[at + 1])
    check(f"{log}:{flagged['line']}" in text, "where the round is")
    j = json.loads(show(flagged["round"], "--format", "json", log, want=1))
    ev = j["events"][flagged["event"]]
    check(ev["index"] == flagged["event"] and ev["findings"][0]["code"] == "settle/payout", "JSON: finding at event")
    check(isinstance(ev["owed"], int), "JSON: the net owed")
    deals = [e for e in j["events"] if e["type"] == "deal"]
    check(deals and all("the rules burn" in e["expected"] for e in deals), "JSON: the burns the rules expect")
    burn = next(v for v in report["violations"] if v["code"] == "deal/burn-count" and v.get("event") is not None)
    lines = show(burn["round"], burn["input"], want=1).splitlines()
    at = next(i for i, l in enumerate(lines) if re.match(rf"^ +{burn['event']}  deal ", l))
    check(re.search(r"card after \d+ burns?; the rules burn \d+", lines[at]) and "[deal/burn-count]" in lines[at + 1],
          "a wrong burn count beside its card, with its finding: " + lines[at])
    clean_log = sorted(glob.glob(os.path.join(fixtures, "clean", "us-sd-casino-war.jsonl")))[0]
    clean_round = json.loads(open(clean_log).readline())["round"]
    check("no findings in round" in show(clean_round, clean_log, want=0), "a clean round")
    show("NO-SUCH-ROUND", log, want=2)
elif case == "sort-money":
    # --sort money lists the findings by the money each moved, largest first, ties in the order by
    # code; the summary names the five largest. Each finding's money is read from its own words
    # (underpaid/overpaid by, money moved) and checked against the JSON report's figures.
    whole = os.path.join(work, "w.json")
    run("--currency", "USD", "--format", "json", "--out", whole, *logs)
    report = json.load(open(whole))
    AMOUNT = r"(?:([A-Z]{3}) ([0-9,]+)(?:\.([0-9]+))?|([0-9,]+) minor units?(?: \([A-Z]{3}\))?)"

    def minor(m):
        if m.group(4) is not None:
            return int(m.group(4).replace(",", ""))
        return int(m.group(2).replace(",", "") + (m.group(3) or ""))

    def blocks(text):
        """The findings as the text lists them: each its lines, and the money its words say."""
        found, lines = [], text.splitlines()
        for i, line in enumerate(lines):
            if not FINDING.match(line):
                continue
            block = [line]
            for rest in lines[i + 1:]:
                if not rest.startswith("    "):
                    break
                block.append(rest)
            words = "\n".join(block[1:])
            money = 0
            for m in re.finditer(r"(?:underpaid|overpaid) by " + AMOUNT, words):
                money += minor(m)
            for m in re.finditer(r"money moved: " + AMOUNT, words):
                money += minor(m)
            if "too large to represent" in words:
                money = float("inf")
            found.append(("\n".join(block), money))
        return found

    by_code = blocks(run("--currency", "USD", *logs).stdout)
    text = run("--currency", "USD", "--sort", "money", *logs).stdout
    by_money = blocks(text)
    check(len(by_code) == len(report["violations"]) and len(by_money) == len(by_code),
          f"every finding listed: {len(by_code)}, {len(by_money)}, the JSON {len(report['violations'])}")
    # The words' money is the JSON's: each finding's |paid wrongly| + |moved| adds up alike.
    json_money = sum(abs(v.get("overpaid", 0)) + abs(v.get("underpaid", 0)) + abs(v.get("money_moved", 0))
                     for v in report["violations"])
    check(sum(m for _, m in by_code) == json_money, f"the findings' money {sum(m for _, m in by_code)}, "
          f"the JSON's {json_money}")
    moving = sum(1 for _, m in by_code if m > 0)
    check(moving >= 6 and len({m for _, m in by_code}) >= 6, "the fixtures move several sums")
    want = sorted(by_code, key=lambda b: -b[1])  # stable: ties in the order by code
    check(by_money == want, "--sort money: largest first, ties in the order by code:\n" +
          "\n".join(f"{m} {b.splitlines()[0]}" for b, m in by_money[:12]))
    check("\n== findings by money, largest first" in text and "\n== settle/payout" not in text,
          "one list, under its heading")
    # The summary's five largest, before the list, are the list's first five.
    lines = text.splitlines()
    at = next(i for i, l in enumerate(lines) if l.startswith("largest findings by money ("))
    check(lines[at].startswith(f"largest findings by money (5 of {moving} findings that move money;"),
          lines[at])
    for k in range(5):
        head = by_money[k][0].splitlines()[0]
        where, code = head.split(": ")[0], head[head.rindex(" ["):]
        check(lines[at + 1 + k].startswith(f"  {where}: ") and code in lines[at + 1 + k],
              f"largest {k + 1}: {lines[at + 1 + k]!r}, the list's {head!r}")
    check(at < next(i for i, l in enumerate(lines) if FINDING.match(l)), "the largest in the summary, first")
    # With --max-findings, the largest N.
    first = blocks(run("--currency", "USD", "--sort", "money", "--max-findings", "3", *logs).stdout)
    check(first == by_money[:3], "--max-findings 3 --sort money: the 3 largest")
    bad = run("--sort", "amount", *logs, want=2)
    check("--sort takes code or money, not 'amount'" in bad.stderr, bad.stderr)
elif case == "show-currency":
    # show --currency: the money of rounds that name none in words; a card dealt face down is
    # marked so, where the log says "face": "down", and no other.
    log = os.path.join(fixtures, "violations", "deal-dealer-play.jsonl")
    rounds = [json.loads(l) for l in open(log) if l.strip()]
    r = next(x for x in rounds if not x.get("currency") and any(e.get("face") == "down" for e in x["events"]))

    def show(*args, want=None):
        p = subprocess.run([pitboss, "show", *args], capture_output=True, text=True)
        if want is not None and p.returncode != want:
            sys.exit(f"FAIL: show exit {p.returncode}, expected {want}: {args}\n{p.stderr}")
        return p

    plain = show(r["round"], log).stdout
    text = show(r["round"], "--currency", "USD", log).stdout
    check(f", money in USD\n" in text.splitlines()[0] + "\n", "the currency named: " + text.splitlines()[0])
    events = {int(m.group(1)): m.group(0) for m in re.finditer(r"^ +(\d+)  (\S.*)$", text, re.M)}
    check(len(events) == len(r["events"]), f"{len(events)} events shown, {len(r['events'])} logged")
    for i, e in enumerate(r["events"]):
        shown = events[i]
        if e["type"] == "deal":
            down = e.get("face") == "down"
            check(("face down" in shown) == down, f"event {i} ({e}): {shown!r}")
        if e["type"] == "bet":
            cents = f"{e['amount'] // 100:,}.{e['amount'] % 100:02d}"
            check(f" USD {cents}" in shown, f"event {i}: the bet in dollars: {shown!r}")
        if e["type"] == "settle":
            cents = f"{abs(e['net']) // 100:,}.{abs(e['net']) % 100:02d}"
            check(f" {'+' if e['net'] > 0 else '-' if e['net'] < 0 else ''}USD {cents}" in shown,
                  f"event {i}: the settlement in dollars: {shown!r}")
    plain_events = {int(m.group(1)): m.group(0) for m in re.finditer(r"^ +(\d+)  (\S.*)$", plain, re.M)}
    bet = next(i for i, e in enumerate(r["events"]) if e["type"] == "bet")
    check(plain_events[bet].rstrip().endswith(f" {r['events'][bet]['amount']}") or
          f" {r['events'][bet]['amount']} " in plain_events[bet], "without --currency, minor units: " + plain_events[bet])
    check("USD" not in plain, "without --currency, no currency")
    j = json.loads(show(r["round"], "--currency", "USD", "--format", "json", log).stdout)
    check(j["currency"] == "USD", "JSON: the currency")
    hole = next(i for i, e in enumerate(r["events"]) if e.get("face") == "down")
    check(j["events"][hole]["logged"].endswith(" face down"), "JSON: " + j["events"][hole]["logged"])
    # What the rules owe, in dollars too (a Casino War round: its settlements' owed are show's own).
    war = show("SP-02", "--currency", "USD", os.path.join(fixtures, "violations", "settle-payout.jsonl")).stdout
    check(re.search(r"^ +5  settle   seat 1 tie \+USD 8\.00 +rules pay \+USD 10\.00$", war, re.M), war)
    bad = show(r["round"], "--currency", "usd", log, want=2)
    check("--currency takes an ISO 4217 code" in bad.stderr and "'usd'" in bad.stderr, bad.stderr)
else:
    sys.exit("unknown case " + case)
print("ok", case)
