#!/usr/bin/env python3
"""End-to-end tests of the findings database (docs/findings-db.md), as an operator meets it.

  thirty      thirty nightly checks appended to one database (check --out day.json --out
              findings.sqlite): `pitboss history --format json` gives the counts and money of
              the thirty JSON reports merged (pitboss merge), in total, by day, by table and by
              code; what is new in a run against the run before it; the plain tables read with
              Python's sqlite3 give the same sums; the text history says them
  concurrent  several checks appending to one new database at once: every run is there whole
              (its findings those of its own JSON report), and the database passes
              PRAGMA integrity_check
  refusals    --format sqlite to standard output, a text file as a database, a database of a
              newer schema: each exit 2 with the file named, the file left as it was

Usage: findings_db.py PITBOSS SOURCE_DIR WORKDIR [CASE...]
"""
import json
import os
import shutil
import sqlite3
import subprocess
import sys

PITBOSS = SOURCE = WORK = None
FAILURES = []


def expect(case, condition, message):
    if not condition:
        FAILURES.append(f"{case}: {message}")
        print(f"FAIL {case}: {message}")
    return condition


def run(*args):
    p = subprocess.run([PITBOSS, *args], capture_output=True, text=True, cwd=WORK)
    return p.returncode, p.stdout, p.stderr


def fixtures():
    folder = os.path.join(SOURCE, "fixtures", "violations")
    return sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".jsonl"))


def nightly_logs():
    """Thirty small logs, one a night: 28 of the violation fixtures (five of them twice: a log
    checked twice is two runs, in the database as in the merge), then twice one not checked
    before."""
    logs = fixtures()
    return logs[:23] + logs[:5] + [logs[23], logs[23]]


def check_command(report, db, log):
    return [PITBOSS, "check", "--no-progress", "--quiet", "--out", report, "--out", db, log]


def money_of(group):
    m = group["money"]
    return (m["underpaid"], m["overpaid"], m["findings"], m.get("overflow", False), m["currency"])


def case_thirty():
    case = "thirty"
    db = os.path.join(WORK, "thirty.sqlite")
    reports = [os.path.join(WORK, f"night{night:02}.json") for night in range(1, 31)]
    logs = nightly_logs()
    # The first 28 nights two at a time (two jobs appending at once), in whatever order they
    # commit; the last two one after the other, for what is new.
    pending = list(range(28))
    while pending:
        batch, pending = pending[:2], pending[2:]
        procs = [(i, subprocess.Popen(check_command(reports[i], db, logs[i]), stdout=subprocess.DEVNULL,
                                      stderr=subprocess.PIPE, text=True, cwd=WORK)) for i in batch]
        for i, p in procs:
            err = p.communicate()[1]
            expect(case, p.returncode in (0, 1), f"night {i + 1}: check exit {p.returncode}: {err}")
    for i in (28, 29):
        code, _, err = run(*check_command(reports[i], db, logs[i])[1:])
        expect(case, code in (0, 1), f"night {i + 1}: check exit {code}: {err}")
    if FAILURES:
        return
    merged_path = os.path.join(WORK, "merged.json")
    code, _, err = run("merge", "--format", "json", "--out", merged_path, *reports)
    if not expect(case, code in (0, 1), f"merge exit {code}: {err}"):
        return
    merged = json.load(open(merged_path))
    code, out, err = run("history", "--format", "json", db)
    if not expect(case, code == 0, f"history exit {code}: {err}"):
        return
    history = json.loads(out)
    summary = merged["summary"]
    totals = history["totals"]
    expect(case, totals["runs"] == 30 and len(history["runs"]) == 30, f"runs: {totals['runs']}")
    expect(case, totals["rounds"] == summary["rounds"], f"rounds {totals['rounds']} != {summary['rounds']}")
    expect(case, totals["violations"] == summary["violations"] > 0,
           f"violations {totals['violations']} != {summary['violations']}")
    expect(case, money_of(totals) == money_of(summary), f"money {totals['money']} != {summary['money']}")
    moved = summary.get("money_moved", {"to_player": 0, "to_house": 0, "findings": 0, "currency": None})
    expect(case, totals["money_moved"] == moved, f"money_moved {totals['money_moved']} != {moved}")
    expect(case, summary["money"]["underpaid"] + summary["money"]["overpaid"] > 0, "the fixtures move no money")
    by_code = {g["code"]: g["violations"] for g in history["by_code"]}
    expect(case, by_code == summary["by_code"], f"by_code {by_code} != {summary['by_code']}")
    expect(case, [g["code"] for g in history["by_code"]] == list(summary["by_code"]),
           "by_code not in the report's order (most first, ties by id)")
    for key, name in (("by_table", "table"), ("by_day", "day")):
        got = {}
        for g in history[key]:
            if g["money"]["findings"] > 0:  # summary.money lists the groups of money findings
                got[g[name] or ""] = (g["money"]["underpaid"], g["money"]["overpaid"], g["money"]["findings"])
        want = {k: (v["underpaid"], v["overpaid"], v["findings"]) for k, v in summary["money"][key].items()}
        expect(case, got == want, f"{key}: {got} != {want}")
    # Each run as its own report says (the report it wrote beside, by its command line).
    con = sqlite3.connect(db)
    report_of = {run_id: json.loads(line)[5] for run_id, line in con.execute("SELECT run_id, command_line FROM runs")}
    con.close()
    expect(case, sorted(report_of.values()) == reports, "the runs are not the thirty checks")
    for run_entry in history["runs"]:
        r = json.load(open(report_of[run_entry["run_id"]]))
        expect(case, (run_entry["rounds"], run_entry["violations"]) ==
               (r["summary"]["rounds"], r["summary"]["violations"]), f"run {run_entry} against its report")
        expect(case, run_entry["exit_status"] == (1 if r["violations"] else 0), f"run {run_entry}")
    # New: night 30 checked the log of night 29 again; night 29 a log no night before it did.
    expect(case, report_of[29] == reports[28] and report_of[30] == reports[29], "nights 29 and 30 not runs 29, 30")
    expect(case, history["new"]["run_id"] == 30 and history["new"]["previous_run_id"] == 29, str(history["new"]))
    expect(case, history["new"]["violations"] == [], f"new in run 30: {history['new']['violations']}")
    code, out, err = run("history", "--format", "json", "--run", "29", db)
    new29 = json.loads(out)["new"]
    night29 = json.load(open(reports[28]))
    expect(case, len(night29["violations"]) > 0 and [(v["code"], v["line"]) for v in new29["violations"]] ==
           [(v["code"], v["line"]) for v in night29["violations"]], f"new in run 29: {new29}")
    # The plain tables, as any SQL tool reads them.
    con = sqlite3.connect(db)
    n, under, over = con.execute("SELECT count(*), sum(underpaid), sum(overpaid) FROM findings").fetchone()
    expect(case, (n, under, over) == (summary["violations"], summary["money"]["underpaid"],
                                      summary["money"]["overpaid"]), f"SQL sums {n} {under} {over}")
    inputs = con.execute("SELECT count(*), count(sha256) FROM inputs").fetchone()
    expect(case, inputs == (30, 30), f"inputs {inputs}")
    con.close()
    # --since narrows the days; a finding of no date (a malformed line) is kept, as check keeps it.
    days = sorted(g["day"] for g in history["by_day"] if g["day"])
    expect(case, any(g["day"] is None for g in history["by_day"]), "no finding without a date")
    code, out, err = run("history", "--format", "json", "--since", days[-1], db)
    expect(case, code == 0 and [g["day"] for g in json.loads(out)["by_day"]] == [None, days[-1]],
           f"--since: {out}{err}")
    code, out, err = run("history", db)
    expect(case, code == 0 and "By day" in out and "By table" in out and "By code" in out and
           "New in run 30 since run 29: 0 violations" in out, f"text: {out}{err}")


def case_concurrent():
    case = "concurrent"
    logs = fixtures()[:4]
    for attempt in range(2):
        db = os.path.join(WORK, f"concurrent{attempt}.sqlite")
        procs = []
        for i, log in enumerate(logs):
            report = os.path.join(WORK, f"concurrent{attempt}-{i}.json")
            procs.append((report, subprocess.Popen(
                check_command(report, db, log), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=WORK)))
        for report, p in procs:
            err = p.communicate()[1]
            expect(case, p.returncode in (0, 1), f"attempt {attempt}: exit {p.returncode}: {err}")
        con = sqlite3.connect(db)
        expect(case, con.execute("PRAGMA integrity_check").fetchone() == ("ok",), "integrity_check")
        runs = con.execute("SELECT run_id, violations, command_line FROM runs").fetchall()
        expect(case, len(runs) == len(logs), f"attempt {attempt}: {len(runs)} runs of {len(logs)}")
        for run_id, violations, command_line in runs:
            report = json.loads(command_line)[5]  # pitboss check --no-progress --quiet --out REPORT
            r = json.load(open(report))
            rows = con.execute("SELECT count(*) FROM findings WHERE run_id = ?", (run_id,)).fetchone()[0]
            expect(case, violations == rows == r["summary"]["violations"],
                   f"run {run_id}: {violations} / {rows} findings, its report {r['summary']['violations']}")
        con.close()


def case_refusals():
    case = "refusals"
    log = fixtures()[0]
    code, out, err = run("check", "--format", "sqlite", log)
    expect(case, code == 2 and "--out FILE.sqlite" in err, f"to stdout: {code} {err}")
    notes = os.path.join(WORK, "notes.db")
    with open(notes, "w") as f:
        f.write("not a database\n")
    code, out, err = run("check", "--out", notes, log)
    expect(case, code == 2 and notes in err and "not an SQLite database" in err, f"text file: {code} {err}")
    expect(case, open(notes).read() == "not a database\n", "the text file was changed")
    code, out, err = run("history", notes)
    expect(case, code == 2 and notes in err, f"history of a text file: {code} {err}")
    newer = os.path.join(WORK, "newer.sqlite")
    code, _, err = run("check", "--out", newer, log)
    con = sqlite3.connect(newer)
    con.execute("PRAGMA user_version = 7")
    con.execute("UPDATE meta SET value = '7' WHERE key = 'schema_version'")
    con.commit()
    con.close()
    for args in (("check", "--out", newer, log), ("history", newer)):
        code, out, err = run(*args)
        expect(case, code == 2 and "schema version 7, newer than this pitboss reads" in err,
               f"{args[0]} of a newer schema: {code} {err}")
    code, out, err = run("history", "--since", "yesterday", newer)
    expect(case, code == 2 and "--since takes a date" in err, f"--since yesterday: {code} {err}")


CASES = {"thirty": case_thirty, "concurrent": case_concurrent, "refusals": case_refusals}


def main():
    global PITBOSS, SOURCE, WORK
    PITBOSS, SOURCE, WORK = (os.path.abspath(a) for a in sys.argv[1:4])
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    for name in sys.argv[4:] or CASES:
        CASES[name]()
    if FAILURES:
        print(f"{len(FAILURES)} failure(s)")
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
