#!/usr/bin/env python3
"""edit_report.py IN.json OUT.json EDIT...: a shard's JSON report edited as the merge tests need.

EDIT is one of:
  version=V      the report written by pitboss V
  spec-sha256    every spec's sha256 replaced (as if checked against other files)
  context=PATH   an input PATH added first, read for context only (check --context)
  evidence       every violation given the evidence keys a checker may fill (time, revision,
                 event, currency, cleared_by, consequences, consequence_list, money_moved),
                 with what follows from them (summary.money, summary.money_moved, money_to,
                 each reading's findings_cleared) kept consistent, so that the report is one
                 the writer itself could have written.
"""
import json
import sys

DAY = "2026-11-21"


def add_evidence(report):
    ambiguities = report["ambiguities"]
    for i, v in enumerate(report["violations"]):
        v["time"] = f"{DAY}T20:{i // 60 % 60:02d}:{i % 60:02d}Z"
        v["event"] = i % 7  # 0 among them: the first event
        if v.get("unit") == "minor_units":
            v["currency"] = "USD"
        if i % 5 == 0:
            v["consequences"] = i + 1
            v["consequences_note"] = f"the next {i + 1} rounds of table {v['table']}"
            # Named one by one: with an event and a card, and without either.
            v["consequence_list"] = [{"input": v["input"], "line": v["line"] + 1, "round": f"later-{i}-1",
                                      "event": i % 3, "card": "7H"},
                                     {"input": v["input"], "line": v["line"] + 2, "round": f"later-{i}-2"}]
        if i % 6 == 1 and "money_moved" not in v:
            v["money_moved"] = (i + 1) * 100 * (1 if i % 12 == 1 else -1)
        if "money_moved" in v:
            v["currency"] = "USD"
            v.pop("money_to", None)
            if v["money_moved"]:
                v["money_to"] = "player" if v["money_moved"] > 0 else "house"
        cleared = []
        for ambiguity in v["reading_dependent"]:
            entries = [a for a in ambiguities if a["id"] == ambiguity]
            if not entries:
                continue
            v.setdefault("revision", entries[0]["revision"])
            readings = [r["name"] for r in entries[0]["readings"] if not r["default"]]
            if readings:
                cleared.append({"ambiguity": ambiguity, "readings": readings})
        if "revision" not in v:
            v["revision"] = "2012-04-23"
        if cleared:
            v["cleared_by"] = cleared
        # Keys in the writer's order, so that the report reads as the writer's own.
        order = ["code", "severity", "round", "table", "input", "line", "time", "rules", "revision", "event",
                 "seat", "hand", "wager", "expected", "actual", "unit", "currency", "underpaid", "overpaid",
                 "money_moved", "money_to", "clause", "reading_dependent", "cleared_by", "consequences",
                 "consequences_note", "consequence_list", "message"]
        assert set(v) <= set(order), set(v) - set(order)
        report["violations"][i] = {k: v[k] for k in order if k in v}
    # findings_cleared as CountFindingsCleared counts: per ambiguity entry, the findings of its
    # revision (or naming none) that name the reading.
    for a in ambiguities:
        for r in a["readings"]:
            r["findings_cleared"] = sum(
                1 for v in report["violations"]
                if (not a["revision"] or not v.get("revision") or v["revision"] == a["revision"])
                for c in v.get("cleared_by", []) if c["ambiguity"] == a["id"] and r["name"] in c["readings"])
    # summary.money_moved as TotalMoney sums it: each way apart, in the findings' one currency.
    moved = [v["money_moved"] for v in report["violations"] if "money_moved" in v]
    if moved:
        report["summary"]["money_moved"] = {"to_player": sum(m for m in moved if m > 0),
                                            "to_house": -sum(m for m in moved if m < 0),
                                            "findings": len(moved), "currency": "USD"}
    money = report["summary"]["money"]
    if money["findings"]:
        money["currency"] = "USD"
        money.pop("mixed_currencies", None)
        money["by_day"] = {DAY: {k: money[k] for k in ("underpaid", "overpaid", "findings", "overflow") if k in money}}


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        report = json.load(f)
    for edit in sys.argv[3:]:
        name, _, value = edit.partition("=")
        if name == "version":
            report["version"] = value
        elif name == "spec-sha256":
            for spec in report["specs"]:
                spec["sha256"] = "0" * 64
        elif name == "context":
            report["inputs"].insert(0, {"path": value, "lines": 1, "rounds": 1, "context": True})
        elif name == "evidence":
            add_evidence(report)
        else:
            sys.exit(f"edit_report.py: unknown edit {edit}")
    with open(sys.argv[2], "w") as f:
        json.dump(report, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
