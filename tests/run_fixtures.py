#!/usr/bin/env python3
"""Runs `pitboss check` on the hand-written fixtures and compares its findings with the
expectations written inside them.

Usage: run_fixtures.py [--readings] BINARY SOURCE_DIR [FIXTURE...]

Fixtures live in SOURCE_DIR/fixtures/clean/ (no finding allowed, exit 0) and
SOURCE_DIR/fixtures/violations/ (exactly the expected findings, exit 1). Each round of a
fixture carries its expectations as a top-level field, `"expect": ["code", ...]`: the multiset
of violation codes the checker must report on that line. A line that is not valid JSON still
carries the field in its raw text, where it is found with a regular expression. Any finding
nobody expected, and any expectation not reported, fails the fixture. See fixtures/README.md.

With --readings it checks instead what each finding's `reading_dependent` promises (the
contract: "the ambiguities under another reading of which it would not be a violation"): every
violation fixture is checked again under each other reading of each ambiguity the report lists.
A finding may list an ambiguity only if one of its other readings makes the finding vanish, and
must list it if one of them leaves the finding's seat with no violation at all.

Standard library only. Exits 0 when every fixture passes, 1 otherwise, 2 on bad usage.
"""

import collections
import json
import os
import re
import subprocess
import sys

# The contract's code table (shared/checker-contract.md): code -> severity.
CODES = {
    "input/malformed": "error",
    "input/bad-card": "error",
    "input/unknown-rules": "error",
    "input/duplicate-round": "error",
    "shoe/deck-count": "major",
    "shoe/card-overdrawn": "major",
    "shoe/no-shuffle": "major",
    "deal/order": "major",
    "deal/burn-count": "major",
    "deal/missing-card": "major",
    "wager/limit": "major",
    "wager/orphan": "major",
    "wager/late": "major",
    "wager/raise-mismatch": "critical",
    "decision/not-offered": "major",
    "decision/missing": "major",
    "settle/payout": "critical",
    "settle/split": "minor",
    "settle/missing": "critical",
    "settle/duplicate": "critical",
    "settle/order": "minor",
    "deal/dealer-play": "critical",
    "wager/amount": "critical",
}

# Part of the report format (the contract's JSON report): the keys every report and every
# finding must carry.
REPORT_KEYS = ("tool", "version", "format", "inputs", "specs", "summary", "violations", "ambiguities")
SUMMARY_KEYS = ("rounds", "rounds_with_violations", "violations", "by_code")
FINDING_KEYS = ("code", "severity", "round", "table", "input", "line", "clause",
                "reading_dependent", "message")

EXPECT_RE = re.compile(r'"expect"\s*:\s*\[([^\]]*)\]')
CODE_RE = re.compile(r'"([^"]*)"')
ROUND_RE = re.compile(r'"round"\s*:\s*"([^"]*)"')

TIMEOUT_SECONDS = 300


class Fixture:
    """One fixture file: its kind (clean or violations) and its per-line expectations."""

    def __init__(self, path, kind, display):
        self.path = path
        self.kind = kind
        self.display = display
        self.expect = {}  # line number -> Counter of codes
        self.rounds = {}  # line number -> round id, for messages
        self.errors = []  # problems of the fixture itself

    def load(self):
        with open(self.path, "rb") as f:
            data = f.read()
        lines = data.split(b"\n")
        if lines and lines[-1] == b"":
            lines.pop()
        for number, raw in enumerate(lines, 1):
            raw = raw.rstrip(b"\r")
            if not raw.strip():
                continue
            text = raw.decode("utf-8", errors="replace")
            codes, round_id = self._expectations(raw, text, number)
            if round_id is not None:
                self.rounds[number] = round_id
            for code in codes:
                if code not in CODES:
                    self.errors.append(f"{self.display}:{number}: expects '{code}', "
                                       "which is not a code of the contract")
            if codes:
                self.expect[number] = collections.Counter(codes)
        if self.kind == "clean" and self.expect:
            first = min(self.expect)
            self.errors.append(f"{self.display}:{first}: a clean fixture may not expect findings")
        if self.kind == "violations" and not self.expect:
            self.errors.append(f"{self.display}: a violation fixture expects no finding at all")

    def _expectations(self, raw, text, number):
        try:
            value = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            value = None
        if isinstance(value, dict):
            codes = value.get("expect", [])
            round_id = value.get("round")
            if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
                self.errors.append(f"{self.display}:{number}: 'expect' must be a list of codes")
                codes = []
            return codes, round_id if isinstance(round_id, str) else None
        # Not a round object (broken JSON, an array...): read the field from the raw text.
        match = EXPECT_RE.search(text)
        codes = CODE_RE.findall(match.group(1)) if match else []
        round_match = ROUND_RE.search(text)
        return codes, round_match.group(1) if round_match else None

    def where(self, line):
        round_id = self.rounds.get(line)
        suffix = f" (round {round_id})" if round_id else ""
        return f"{self.display}:{line}{suffix}"


def run(binary, args):
    try:
        proc = subprocess.run([binary] + args, capture_output=True, timeout=TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        return None, b"", f"timed out after {TIMEOUT_SECONDS}s".encode()
    return proc.returncode, proc.stdout, proc.stderr


def describe_exit(code, stderr):
    if code is None:
        return stderr.decode(errors="replace")
    if code < 0:
        return f"killed by signal {-code}"
    tail = stderr.decode(errors="replace").strip().splitlines()[-3:]
    return f"exit {code}" + (": " + " | ".join(tail) if tail else "")


def check_report(fixture, report, failures):
    """The report's shape: the contract's keys, and a summary consistent with its findings."""
    if not isinstance(report, dict):
        failures.append(f"{fixture.display}: the JSON report is not an object")
        return []
    for key in REPORT_KEYS:
        if key not in report:
            failures.append(f"{fixture.display}: the JSON report lacks the key '{key}'")
    summary = report.get("summary")
    if isinstance(summary, dict):
        for key in SUMMARY_KEYS:
            if key not in summary:
                failures.append(f"{fixture.display}: the report's summary lacks '{key}'")
    violations = report.get("violations")
    if not isinstance(violations, list):
        failures.append(f"{fixture.display}: 'violations' is not a list")
        return []
    if isinstance(summary, dict):
        if summary.get("violations") != len(violations):
            failures.append(f"{fixture.display}: summary.violations is {summary.get('violations')}"
                            f" but the report lists {len(violations)}")
        by_code = collections.Counter(v.get("code") for v in violations if isinstance(v, dict))
        if isinstance(summary.get("by_code"), dict) and dict(by_code) != summary["by_code"]:
            failures.append(f"{fixture.display}: summary.by_code {summary['by_code']} does not "
                            f"match the findings {dict(by_code)}")
    good = []
    for index, v in enumerate(violations):
        if not isinstance(v, dict):
            failures.append(f"{fixture.display}: finding #{index} is not an object")
            continue
        missing = [k for k in FINDING_KEYS if k not in v]
        line = v.get("line")
        label = f"{fixture.where(line)}" if isinstance(line, int) else f"{fixture.display}: finding #{index}"
        if missing:
            failures.append(f"{label}: finding {v.get('code')} lacks {', '.join(missing)}")
        code = v.get("code")
        if code not in CODES:
            failures.append(f"{label}: finding with unknown code '{code}'")
        elif v.get("severity") != CODES[code]:
            failures.append(f"{label}: {code} has severity '{v.get('severity')}', "
                            f"the contract says '{CODES[code]}'")
        if "reading_dependent" in v and not isinstance(v["reading_dependent"], list):
            failures.append(f"{label}: {code}: reading_dependent is not a list")
        if "input" in v and os.path.basename(str(v["input"])) != os.path.basename(fixture.path):
            failures.append(f"{label}: {code}: input is '{v['input']}', not the fixture checked")
        if not isinstance(line, int):
            failures.append(f"{label}: {code}: 'line' is not a line number")
            continue
        good.append(v)
    return good


def check_fixture(binary, rules, fixture):
    """Returns the list of failure messages for one fixture (empty when it passes)."""
    failures = list(fixture.errors)
    code, out, err = run(binary, ["check", "--rules", rules, "--format", "json", fixture.path])
    want_exit = 0 if fixture.kind == "clean" else 1
    if code != want_exit:
        failures.append(f"{fixture.display}: pitboss check --format json: {describe_exit(code, err)}, "
                        f"expected exit {want_exit}")
    if code is None or code < 0 or code == 2:
        return failures
    try:
        report = json.loads(out.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        failures.append(f"{fixture.display}: the output of --format json is not JSON: {e}")
        return failures

    found = collections.defaultdict(list)
    for v in check_report(fixture, report, failures):
        found[v["line"]].append(v)

    for line in sorted(set(found) | set(fixture.expect)):
        want = fixture.expect.get(line, collections.Counter())
        got = collections.Counter(v.get("code") for v in found.get(line, []))
        extra = got - want
        for v in found.get(line, []):
            if extra[v.get("code")] > 0:
                extra[v.get("code")] -= 1
                failures.append(f"{fixture.where(line)}: unexpected {v.get('code')}: {v.get('message')}")
        for c, n in sorted((want - got).items()):
            for _ in range(n):
                failures.append(f"{fixture.where(line)}: expected {c}, not reported")

    if fixture.kind == "clean":
        code, _, err = run(binary, ["check", "--rules", rules, "--format", "text", fixture.path])
        if code != 0:
            failures.append(f"{fixture.display}: pitboss check --format text: "
                            f"{describe_exit(code, err)}, expected exit 0")
    return failures


EVENT_RE = re.compile(r"^event (\d+):")


def finding_key(v):
    """What identifies one finding across runs under different readings (amounts may change)."""
    event = EVENT_RE.match(str(v.get("message", "")))
    return (v.get("line"), v.get("code"), v.get("seat"), v.get("wager"),
            int(event.group(1)) if event else None)


def check_readings(binary, rules, fixture):
    """Checks reading_dependent against the findings under every other reading.

    Findings are grouped by finding_key. For an ambiguity A, a group may not have more findings
    listing A than the most that vanish from it under one of A's other readings (a finding
    reported under every reading of A does not depend on A). And it must have at least as many
    as vanish under one reading that leaves the finding's seat (or, for a finding of no seat,
    its round) with no finding at all: there it is no violation under that reading. A finding
    that vanishes because another finding takes its place is left to the checker's judgment.
    """
    failures = list(fixture.errors)
    args = ["check", fixture.path, "--rules", rules, "--format", "json"]
    code, out, err = run(binary, args)
    if code not in (0, 1):
        return failures + [f"{fixture.display}: pitboss check: {describe_exit(code, err)}"]
    try:
        report = json.loads(out.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        return failures + [f"{fixture.display}: the output of --format json is not JSON: {e}"]
    groups = collections.defaultdict(list)
    for v in report.get("violations", []):
        groups[finding_key(v)].append(v)
    most_gone = collections.defaultdict(collections.Counter)   # key -> ambiguity -> count
    most_clear = collections.defaultdict(collections.Counter)  # same, seat left clean
    ambiguities = []
    for ambiguity in report.get("ambiguities", []):
        ambiguities.append(ambiguity["id"])
        for reading in ambiguity.get("readings", []):
            if reading.get("default"):
                continue
            choice = f"{ambiguity['id']}={reading['name']}"
            code, out, err = run(binary, args + ["--reading", choice])
            if code not in (0, 1):
                failures.append(f"{fixture.display}: pitboss check --reading {choice}: "
                                f"{describe_exit(code, err)}")
                continue
            try:
                other_report = json.loads(out.decode("utf-8"))
            except (UnicodeDecodeError, ValueError) as e:
                failures.append(f"{fixture.display}: --reading {choice}: output is not JSON: {e}")
                continue
            found = other_report.get("violations", [])
            other = collections.Counter(finding_key(v) for v in found)
            lines = {v.get("line") for v in found}
            seats = {(v.get("line"), v.get("seat")) for v in found}
            for key, mine in groups.items():
                gone = max(0, len(mine) - other[key])
                line, seat = key[0], key[2]
                clear = line not in lines if seat is None else (line, seat) not in seats
                a = ambiguity["id"]
                most_gone[key][a] = max(most_gone[key][a], gone)
                if clear:
                    most_clear[key][a] = max(most_clear[key][a], gone)
    for key, mine in sorted(groups.items(), key=lambda kv: (kv[0][0] or 0, str(kv[0]))):
        where = fixture.where(key[0])
        listing = collections.Counter(a for v in mine for a in set(v.get("reading_dependent") or []))
        for a in sorted(set(listing) | set(ambiguities)):
            if listing[a] > most_gone[key][a]:
                failures.append(f"{where}: {key[1]} lists {a} in reading_dependent, but it is "
                                f"reported under every reading of {a}")
            elif listing[a] < most_clear[key][a]:
                failures.append(f"{where}: {key[1]} omits {a} from reading_dependent, but under "
                                f"another reading of {a} the seat has no violation at all")
    return failures


def discover(source, names):
    root = os.path.join(source, "fixtures")
    fixtures = []
    if names:
        for name in names:
            path = os.path.abspath(name)
            kind = os.path.basename(os.path.dirname(path))
            if kind not in ("clean", "violations"):
                raise SystemExit(f"run_fixtures: {name}: not under fixtures/clean or fixtures/violations")
            fixtures.append(Fixture(path, kind, os.path.relpath(path, source)))
        return fixtures
    for kind in ("clean", "violations"):
        folder = os.path.join(root, kind)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if name.endswith(".jsonl"):
                path = os.path.join(folder, name)
                fixtures.append(Fixture(path, kind, os.path.relpath(path, source)))
    return fixtures


def main(argv):
    readings = "--readings" in argv
    argv = [a for a in argv if a != "--readings"]
    if len(argv) < 3:
        print("usage: run_fixtures.py [--readings] BINARY SOURCE_DIR [FIXTURE...]", file=sys.stderr)
        return 2
    binary, source = os.path.abspath(argv[1]), os.path.abspath(argv[2])
    if not os.access(binary, os.X_OK):
        print(f"run_fixtures: {binary}: not an executable", file=sys.stderr)
        return 2
    rules = os.path.join(source, "rules")
    fixtures = discover(source, argv[3:])
    if not fixtures:
        print(f"run_fixtures: no fixtures under {os.path.join(source, 'fixtures')}", file=sys.stderr)
        return 2

    passed = failed = 0
    if not argv[3:]:
        # Every code of the contract has its own violation log.
        have = {os.path.basename(f.path) for f in fixtures if f.kind == "violations"}
        for code in CODES:
            name = code.replace("/", "-") + ".jsonl"
            if name not in have:
                failed += 1
                print(f"FAIL fixtures/violations/{name}: no fixture for {code}")
    if readings:
        fixtures = [f for f in fixtures if f.kind == "violations"]
    for fixture in fixtures:
        fixture.load()
        if readings:
            failures = check_readings(binary, rules, fixture)
        else:
            failures = check_fixture(binary, rules, fixture)
        if failures:
            failed += 1
            print(f"FAIL {fixture.display}")
            for message in failures:
                print(f"  {message}")
        else:
            passed += 1
            print(f"ok   {fixture.display}")
    print(f"fixtures: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
