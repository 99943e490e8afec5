#!/usr/bin/env python3
"""ci_gate.py PITBOSS SOURCE_DIR: docs/ci.md's rule-spec gate, run as written (issue 23, items 3, 6).

The gate's shell script is taken from docs/ci.md as it stands and run in a git repository of
its own: a rules tree of the online War game, a reference log played today, and a change that
adds a revision taking effect on the first of next month (the tie wager paid 10 to 1, not
11 to 1), the one it replaces archived and both recorded in revisions.lock.

- With no recorded impact, or a wrong one, the gate exits 1; with the one `--record` writes,
  it exits 0. Either way the reference log is checked under the new revision, though its
  rounds are dated before it takes effect (`--revision`), and no revision warning is given.
- A check without `--revision` judges the log under the old revision and warns that it does;
  `--as-of` judges it under the new one; a `--revision` of a rule set the logs do not play
  warns that it judged no round; an unknown one is refused (exit 2).
- `impact --rules --revision` and `--as-of` give the figures the gate recorded.
- With lint failing (a revision edited and not recorded), the gate still writes its reports
  and exits 1; the workflow uploads them whatever the gate's status.
"""
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

pitboss, source = sys.argv[1], sys.argv[2]
failures = []


def check(ok, what, detail=""):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)
        if detail:
            print(detail[-3000:])


def run(args, env=None):
    return subprocess.run(args, capture_output=True, text=True, env=env or dict(os.environ, LC_ALL="C"))


def git(*args):
    r = run(["git", *args])
    if r.returncode != 0:
        sys.exit(f"git {' '.join(args)}: {r.stderr}")


doc = open(os.path.join(source, "docs", "ci.md")).read()
shell = doc[doc.index("### Plain shell"):]
script = re.search(r"```sh\n(.*?)```\n", shell, re.S).group(1)
workflow = re.search(r"```yaml\n(name: rules.*?)```\n", doc, re.S).group(1)

today = datetime.datetime.now(datetime.timezone.utc).date()
next_month = (today.replace(day=1) + datetime.timedelta(days=32)).replace(day=1)
effective = next_month.isoformat()
name = next_month.strftime("%Y-%m")

tmp = tempfile.mkdtemp(prefix="pitboss-ci-gate-")
try:
    repo = os.path.join(tmp, "repo")
    os.makedirs(os.path.join(repo, "ci"))
    os.makedirs(os.path.join(repo, "build"))
    os.makedirs(os.path.join(repo, "rules", "online"))
    os.makedirs(os.path.join(repo, "rules", "sources", "online"))
    os.makedirs(os.path.join(repo, "fixtures", "generated"))
    os.chdir(repo)
    with open("ci/rules-gate.sh", "w") as f:
        f.write(script)
    os.chmod("ci/rules-gate.sh", 0o755)
    # A copy, as a build of the repository has it: it finds the repository's rules/.
    try:
        os.link(pitboss, "build/pitboss")
    except OSError:
        shutil.copy(pitboss, "build/pitboss")
    bin = os.path.join(repo, "build", "pitboss")
    shutil.copy(os.path.join(source, "rules", "online", "war.yaml"), "rules/online/war.yaml")
    shutil.copy(os.path.join(source, "rules", "sources", "online", "war.txt"), "rules/sources/online/war.txt")
    r = run([bin, "generate", "--rules", "rules/", "--spec", "online/war", "--rounds", "200", "--tables", "2",
             "--seed", "7", "--tie-bet-rate", "0.6", "--start", today.isoformat() + "T00:00:00Z",
             "--out", "fixtures/generated/reference.jsonl"])
    check(r.returncode == 0, "the reference log is dealt", r.stderr)
    r = run([bin, "lint", "--update-lock", "rules/"])
    check(r.returncode == 0, "the base revision lints and is recorded", r.stdout + r.stderr)
    git("init", "-q", "-b", "main")
    git("config", "user.email", "gate@example.com")
    git("config", "user.name", "gate")
    git("add", "rules", "ci", "fixtures")
    git("commit", "-q", "-m", "base")

    # The change: a revision taking effect next month, the published one archived.
    git("checkout", "-q", "-b", "change")
    old = open("rules/online/war.yaml").read()
    os.makedirs("rules/online/war.revisions")
    with open("rules/online/war.revisions/published.yaml", "w") as f:
        f.write(old)
    new = old.replace("  name: published\n", f'  name: "{name}"\n', 1)
    new = new.replace("  effective: 1900-01-01\n", f"  effective: {effective}\n", 1)
    tie = 'net: "+11"\n        cite: Initial Tie Wager, item 7'
    check(tie in new and new != old, "the revision is made")
    new = new.replace(tie, tie.replace("+11", "+10"), 1)
    with open("rules/online/war.yaml", "w") as f:
        f.write(new)
    r = run([bin, "lint", "--update-lock", "rules/"])
    check(r.returncode == 0, "the new revision lints and is recorded", r.stdout + r.stderr)
    git("add", "rules")
    git("commit", "-q", "-m", "tie wager 10 to 1 from next month")

    def gate(*args):
        for d in ("reports", "build/impact"):
            shutil.rmtree(d, ignore_errors=True)
        return run(["ci/rules-gate.sh", *args], env=dict(os.environ, LC_ALL="C", BASE="main"))

    def checked_revision():
        report = json.load(open("reports/check.json"))
        return [(s["id"], s["revision"]) for s in report["specs"]], report.get("revision_warnings", [])

    expected = "ci/expected-impact/online-war.json"
    r = gate()
    check(r.returncode == 1 and "records no expected impact" in r.stderr,
          "no recorded impact: the gate fails", r.stdout + r.stderr)

    r = gate("--record")
    check(r.returncode == 0 and os.path.exists(expected), "--record writes the expected impact",
          r.stdout + r.stderr)
    right = json.load(open(expected))
    check(right["summary"]["rounds_settled_differently"] > 0, "the impact moves money: tie wagers won are paid less")

    wrong = json.loads(json.dumps(right))
    wrong["summary"]["rounds_settled_differently"] += 1
    with open(expected, "w") as f:
        f.write(json.dumps(wrong, indent=2, sort_keys=True) + "\n")
    r = gate()
    check(r.returncode == 1 and "is not the one recorded" in r.stderr,
          "a wrong recorded impact: the gate fails", r.stdout + r.stderr)

    with open(expected, "w") as f:
        f.write(json.dumps(right, indent=2, sort_keys=True) + "\n")
    r = gate()
    check(r.returncode == 0, "the right recorded impact: the gate passes", r.stdout + r.stderr)
    specs, warnings = checked_revision()
    check(specs == [("online/war", name)],
          f"the log, dated before {effective}, is checked under revision {name}: {specs}")
    check(warnings == [] and "warning" not in r.stderr, "the gate gives no revision warning", r.stderr)
    for report in ("check.json", "check.sarif", "check.md", "check.junit.xml", "lint.txt"):
        check(os.path.exists(os.path.join("reports", report)), f"the gate writes reports/{report}")

    # The check as the gate ran it before --revision: the old revision, and a warning.
    log = "fixtures/generated/reference.jsonl"
    r = run([bin, "check", "--no-progress", "--rules", "rules/", "--format", "json", "--out", "by-date.json", log])
    report = json.load(open("by-date.json"))
    check([s["revision"] for s in report["specs"]] == ["published"], "by date, the old revision judges the log")
    warning = (f"rule set online/war: its rounds were judged under revision published (in force on their "
               f"dates), none under its latest, revision {name}")
    check(warning in r.stderr and f"--revision {name} or --as-of {effective}" in r.stderr,
          "checked under another revision than the new one: a warning says so", r.stderr)
    check(any(warning in w for w in report.get("revision_warnings", [])), "... and the JSON report")

    r = run([bin, "check", "--no-progress", "--rules", "rules/", "--as-of", effective, "--format", "json",
             "--out", "as-of.json", log])
    report = json.load(open("as-of.json"))
    check([s["revision"] for s in report["specs"]] == [name] and report.get("as_of") == effective
          and "warning" not in r.stderr, f"--as-of {effective}: the new revision judges the log", r.stderr)

    other = os.path.join(source, "fixtures", "clean", "us-sd-casino-war.jsonl")
    casino = os.path.join(source, "rules", "us-sd", "casino-war.yaml")
    r = run([bin, "check", "--no-progress", "--rules", "rules/", "--rules", casino, "--revision", name,
             "--format", "json", "--out", "other.json", other])
    check(r.returncode == 0 and f"--revision {name} judged no round: the logs have no round of online/war" in r.stderr,
          "a --revision that judges no round of the logs: a warning", r.stderr)

    r = run([bin, "check", "--no-progress", "--rules", "rules/", "--revision", "2099-13", log])
    check(r.returncode == 2 and "--revision 2099-13: no loaded spec is a revision of that name" in r.stderr,
          "an unknown --revision: exit 2", r.stderr)
    r = run([bin, "check", "--no-progress", "--rules", "rules/", "--as-of", "next month", log])
    check(r.returncode == 2 and "--as-of takes a date" in r.stderr, "a bad --as-of: exit 2", r.stderr)

    # impact picks the revisions from the tree: the figures the gate recorded.
    for how in (["--revision", name], ["--as-of", effective]):
        r = run([bin, "impact", "--no-progress", "--rules", "rules/", *how, "--format", "json", log])
        got = json.loads(r.stdout) if r.returncode == 1 else {}
        check(got.get("summary") == right["summary"] and got.get("to", {}).get("revision") == name
              and got.get("from", {}).get("revision") == "published",
              f"impact {' '.join(how)}: revision {name} against the one before it, as recorded", r.stderr)
    r = run([bin, "impact", "--no-progress", "--to", "rules/online/war.yaml", log])
    check(r.returncode == 2 and "give the revision in force: --from OLD_SPEC" in r.stderr,
          "impact --to without --from: exit 2, saying what to give", r.stderr)
    r = run([bin, "impact", "--no-progress", "--rules", "rules/", "--revision", "published", log])
    check(r.returncode == 2 and "is the first of online/war" in r.stderr,
          "impact of a first revision: nothing to compare with, exit 2", r.stderr)

    # Lint fails (the new revision edited in place, the lock not updated): the reports are
    # written all the same, and the gate fails at its end.
    with open("rules/online/war.yaml", "a") as f:
        f.write("# edited after it was recorded\n")
    git("commit", "-q", "-am", "an edit")
    r = gate()
    check(r.returncode == 1 and "lint/revision-changed" in r.stdout, "a lint error fails the gate",
          r.stdout + r.stderr)
    for report in ("check.json", "check.sarif", "check.md", "check.junit.xml", "lint.txt"):
        check(os.path.exists(os.path.join("reports", report)), f"... which still writes reports/{report}")
    steps = workflow[workflow.index("ci/rules-gate.sh"):]
    uploads = re.findall(r"- name: [^\n]*\n((?:\s+[^-\s][^\n]*\n)+)", steps)
    check(len(uploads) >= 3 and all("if: always()" in u for u in uploads),
          "the workflow's steps after the gate run whatever its status")
finally:
    shutil.rmtree(tmp, ignore_errors=True)

print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
