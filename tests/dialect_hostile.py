#!/usr/bin/env python3
"""Hostile and unlucky inputs through a dialect: each a finding or a clear error, nothing lost,
no crash.

- a record of 100 MB (a line past the length limit): one input/malformed at its line, the
  rest of the log checked, memory bounded;
- money with three decimals, and with a thousands separator: input/malformed at the line,
  naming the record kind and the group;
- a line no record kind matches: input/malformed naming the kinds tried;
- a CSV whose header lacks a column: the log not read (input/unreadable, exit 2);
- a CSV field whose quote is never closed: one input/malformed, not the whole log held;
- a dialect file that is not YAML, and one of 2 MB: refused with exit 2.

Usage: dialect_hostile.py PITBOSS_BINARY WORK_DIR
"""

import json
import os
import resource
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(HERE)
ACME = os.path.join(SOURCE, "fixtures", "dialects", "acme-war.yaml")
ACME_LOG = os.path.join(SOURCE, "fixtures", "dialects", "acme-war.log")
CSV = "tgms/casino-war-csv"


def check(pitboss, work, name, dialect, log):
    report = os.path.join(work, name + ".json")
    result = subprocess.run([pitboss, "check", "--no-progress", "--dialect", dialect, "--format", "json",
                             "--out", report, log], capture_output=True, text=True,
                            env={**os.environ, "PITBOSS_DIALECTS": os.path.join(SOURCE, "dialects")})
    data = json.load(open(report)) if os.path.exists(report) else None
    return result, data


def main():
    pitboss, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    failures = []
    lines = open(ACME_LOG, encoding="utf-8").read().splitlines()

    def expect(name, cond, what):
        if not cond:
            failures.append(f"{name}: {what}")

    # A 100 MB record in place of a comment, then the round as written.
    big = os.path.join(work, "big.log")
    with open(big, "w", encoding="utf-8") as f:
        f.write("# " + "x" * (100 << 20) + "\n")
        f.write("\n".join(lines) + "\n")
    result, data = check(pitboss, work, "big", ACME, big)
    v = data["violations"] if data else []
    expect("100 MB record", result.returncode == 1, f"exit {result.returncode}: {result.stderr[-500:]}")
    expect("100 MB record", [(x["code"], x["line"]) for x in v] == [("input/malformed", 1), ("settle/payout", 11)],
           f"findings {[(x['code'], x['line']) for x in v]}")
    expect("100 MB record", v and "over the limit" in v[0]["message"], v[0]["message"] if v else "none")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    expect("100 MB record", peak < 400, f"peak RSS {peak:.0f} MiB for a 100 MB line")

    # Money past the currency's decimals, a thousands separator, a line no kind matches.
    bad = os.path.join(work, "money.log")
    edited = list(lines)
    at = next(i for i, x in enumerate(edited) if "WAGER s1 BASE" in x)
    edited[at] = "  WAGER s1 BASE 25.005"
    tie = next(i for i, x in enumerate(edited) if "WAGER s1 TIE" in x)
    edited[tie] = "  WAGER s1 TIE 1,005.00"
    edited.insert(tie + 1, "  GARBAGE \x1b[2J here")
    open(bad, "w", encoding="utf-8").write("\n".join(edited) + "\n")
    result, data = check(pitboss, work, "money", ACME, bad)
    got = [(x["code"], x["line"], x["message"]) for x in data["violations"]] if data else []
    malformed = [g for g in got if g[0] == "input/malformed"]
    expect("money", [g[1] for g in malformed] == [at + 1, tie + 1, tie + 2], f"malformed at {[g[1] for g in malformed]}")
    expect("money", any("'25.005'" in g[2] and "record kind 'wager', group 'amount'" in g[2] for g in malformed),
           f"three decimals: {malformed}")
    expect("money", any("1,005.00" in g[2] for g in malformed), f"thousands separator: {malformed}")
    expect("money", any("matches no record kind" in g[2] for g in malformed), f"no kind: {malformed}")
    expect("money", data and data["summary"]["rounds"] == 1, "the round is still checked")
    expect("money", "\x1b" not in result.stdout + result.stderr, "a raw escape reached the terminal")

    # A CSV header that lacks a column: not read, exit 2, incomplete.
    header = os.path.join(work, "header.csv")
    open(header, "w").write("round_id,table_id,started_at\nR1,T1,2026-01-05 18:00:00\n")
    result, data = check(pitboss, work, "header", CSV, header)
    expect("header", result.returncode == 2, f"exit {result.returncode}")
    expect("header", data and not data["complete"] and data["violations"][0]["code"] == "input/unreadable",
           "not reported as unreadable")
    expect("header", data and "lacks the columns" in data["violations"][0]["message"], "the message says what lacks")

    # A quote never closed: the rest of the file is one quoted field, refused past 1 MiB.
    sample = open(os.path.join(SOURCE, "fixtures", "dialects", "tgms-casino-war.csv")).read().splitlines()
    quote = os.path.join(work, "quote.csv")
    rows = sample[:3] + ['"' + sample[3]] + sample[4:] + [sample[5]] * 20000
    open(quote, "w").write("\n".join(rows) + "\n")
    result, data = check(pitboss, work, "quote", CSV, quote)
    expect("quote", result.returncode in (1, 2), f"exit {result.returncode}")
    expect("quote", data and any(x["code"] == "input/malformed" and x["line"] == 4 for x in data["violations"]),
           f"no finding at line 4: {[(x['code'], x['line']) for x in (data or {}).get('violations', [])][:5]}")

    # Dialect files that cannot be one.
    notyaml = os.path.join(work, "notyaml.yaml")
    open(notyaml, "w").write("dialect: [1\n")
    result = subprocess.run([pitboss, "check", "--dialect", notyaml, ACME_LOG], capture_output=True, text=True)
    expect("not yaml", result.returncode == 2 and "notyaml.yaml:" in result.stderr, result.stderr[-300:])
    huge = os.path.join(work, "huge.yaml")
    open(huge, "w").write("dialect: 1\n" + "# padding\n" * 300000)
    result = subprocess.run([pitboss, "check", "--dialect", huge, ACME_LOG], capture_output=True, text=True)
    expect("huge", result.returncode == 2 and "a dialect is at most" in result.stderr, result.stderr[-300:])

    if failures:
        print("\n".join(failures))
        sys.exit(1)
    print("dialect_hostile: every case a finding or a clear error")


if __name__ == "__main__":
    main()
