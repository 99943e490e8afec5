#!/usr/bin/env python3
"""The HTML report of 10,000 tables of one round each (issue 21, item 6): the page stays the size
of its findings, and its making takes no memory a table beyond the check's own.

Every part of the page with a row or a group a table (which reading each table deals under, the
statistics of each table, the violations and money per table) once held every table, in the
page and in its data: 100,000 tables made a page of 977 MB and 1.09 GB of RSS (the JSON report's
check: 467 MB). Past 200 tables each part lists the tables that most need reading and says on
the page how many it leaves out. Asserted here: the page is under 4 MB (97 MB before), it says
what it leaves out, its embedded JSON counts the readings_inferred entries left out, and the
peak RSS of the check that writes it is within 40 MB of the one that writes the JSON report
(75 MB above it before; the statistics' counts of each table, about 2 KB a table, are the rest).

Usage: html_many_tables.py PITBOSS_BINARY WORK_DIR
"""

import json
import os
import re
import subprocess
import sys

TABLES = 10000
LISTED = 200
AMBIGUITIES = 4  # those of us-sd/casino-war
PAGE_LIMIT = 4 << 20
RSS_MARGIN_KIB = 40 << 10


def run(args):
    """Exit status and peak RSS (KiB) of a run of pitboss."""
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    stderr = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    return os.waitstatus_to_exitcode(status), usage.ru_maxrss, stderr


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    pitboss, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    log = os.path.join(work, "tables.jsonl")
    subprocess.run([pitboss, "generate", "--spec", "us-sd/casino-war", "--rounds", str(TABLES), "--tables",
                    str(TABLES), "--out", log], check=True)
    page = os.path.join(work, "tables.html")
    report = os.path.join(work, "tables.json")
    # One worker each, so that the two peaks are of the same work but the report written.
    common = [pitboss, "check", "--no-progress", "--jobs", "1"]
    status, html_rss, err = run(common + ["--format", "html", "--out", page, log])
    if status != 0:
        sys.exit(f"html_many_tables: check --format html: exit {status}\n{err}")
    status, json_rss, err = run(common + ["--format", "json", "--out", report, log])
    if status != 0:
        sys.exit(f"html_many_tables: check --format json: exit {status}\n{err}")

    size = os.path.getsize(page)
    if size > PAGE_LIMIT:
        sys.exit(f"html_many_tables: the page is {size} bytes, over {PAGE_LIMIT}")
    with open(page, encoding="utf-8") as f:
        html = f.read()
    for said in (f"The {LISTED} tables that most need reading are listed, of {TABLES:,}",
                 f"and of the {LISTED} tables, of {TABLES:,}, whose tests fail or come nearest failing"):
        if said not in html:
            sys.exit(f"html_many_tables: the page does not say '{said}'")
    embedded = re.search(r'<script type="application/json" id="pitboss-report">(.*?)</script>', html, re.S)
    data = json.loads(embedded.group(1))
    with open(report, encoding="utf-8") as f:
        whole = json.load(f)
    if len(whole["readings_inferred"]) != TABLES * AMBIGUITIES:
        sys.exit(f"html_many_tables: the JSON report has {len(whole['readings_inferred'])} readings_inferred "
                 f"entries, expected {TABLES * AMBIGUITIES}")
    listed = len(data["readings_inferred"])
    if listed != LISTED * AMBIGUITIES or data.get("readings_inferred_left_out") != (TABLES - LISTED) * AMBIGUITIES:
        sys.exit(f"html_many_tables: the page holds {listed} readings_inferred entries and says "
                 f"{data.get('readings_inferred_left_out')} are left out")
    if html_rss > json_rss + RSS_MARGIN_KIB:
        sys.exit(f"html_many_tables: the html check peaked at {html_rss} KiB, the json one at {json_rss} KiB")
    print(f"html_many_tables: a page of {size} bytes; peak RSS {html_rss} KiB (json: {json_rss} KiB)")


if __name__ == "__main__":
    main()
