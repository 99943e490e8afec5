#!/usr/bin/env python3
"""pitboss stats on logs the project's own dealer generates.

  fair      a large fair log of a rule set that reshuffles every round (online/war) passes
            every test (exit 0, every applicable test "pass" alone and across the report);
  biased    the same dealer under-dealing aces (--bias-rank A=0.9: an ace coming to the top
            of the shoe is drawn with probability 0.9, about 9% fewer aces) fails the rank
            test at 99% (exit 1, rank-frequencies "pass": false), for a rule set that
            reshuffles every round and for one dealt from a shoe to a cut card (us-sd);
  fair-shoe the shoe-dealt rule set's fair log passes too (the finite-shoe correction).
Usage: stats_generated.py PITBOSS WORKDIR
"""
import json
import os
import subprocess
import sys

pitboss, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
failures = []


def generate(name, spec, rounds, seed, *extra):
    path = os.path.join(work, name + ".jsonl")
    subprocess.run([pitboss, "generate", "--spec", spec, "--rounds", str(rounds), "--seed", str(seed),
                    "--tables", "2", "--out", path, *extra], check=True)
    return path


def stats(path):
    run = subprocess.run([pitboss, "stats", "--format", "json", path], capture_output=True, text=True)
    if run.returncode not in (0, 1):
        sys.exit(f"pitboss stats {path}: exit {run.returncode}: {run.stderr}")
    return run.returncode, json.loads(run.stdout)


def tests(report):
    for group in report["groups"]:
        for t in group["tests"]:
            if t["applicable"]:
                yield group, t


def label(group, t):
    return f"{group['spec']} {group['table'] or 'all tables'} {t['id']}"


for name, spec, rounds in (("fair", "online/war", 60000), ("fair-shoe", "us-sd/casino-war", 40000)):
    code, report = stats(generate(name, spec, rounds, 20261122))
    ids = {t["id"] for _, t in tests(report)}
    want = {"rank-frequencies", "runs", "serial-correlation", "return:main", "return:tie"}
    if spec == "online/war":
        want |= {"rank-pairs", "return:tie2"}
    if not want <= ids:
        failures.append(f"{name}: tests missing: {sorted(want - ids)}")
    bad = [label(g, t) + f" p={t['p_value']:.3g}" for g, t in tests(report) if not t["pass"]]
    if code != 0 or bad:
        failures.append(f"{name}: exit {code}, failed: {bad}")
    else:
        print(f"ok  {name}: {report['summary']['tests']} tests pass, exit 0")

for name, spec, rounds in (("biased", "online/war", 40000), ("biased-shoe", "us-sd/casino-war", 20000)):
    code, report = stats(generate(name, spec, rounds, 20261122, "--bias-rank", "A=0.9"))
    rank = [(g, t) for g, t in tests(report) if t["id"] == "rank-frequencies" and g["table"] is None]
    if code != 1 or not rank or rank[0][1]["pass"] or rank[0][1]["pass_alone"]:
        failures.append(f"{name}: exit {code}, rank test {rank[0][1] if rank else 'missing'}")
    else:
        g, t = rank[0]
        aces = next(r for r in g["ranks"] if r["rank"] == "A")
        print(f"ok  {name}: rank-frequencies fails, chi-square {t['value']:.1f} (df {t['df']}), "
              f"p {t['p_value']:.3g}; aces {aces['observed']} against {aces['expected']:.0f} expected")

if failures:
    print("\n".join("FAIL " + f for f in failures))
    sys.exit(1)
