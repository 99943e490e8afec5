#!/usr/bin/env python3
"""Fault injection into War Blackjack rounds: the checker must find every fault, under its
one code, and nothing in the rounds left alone.

Deals a clean log with `pitboss generate`, injects one fault into every tenth round, the
kinds in turn (a round that does not lend itself to the kind due takes the next that fits,
and the kind due comes first again as soon as it fits), each chosen so that exactly one
code follows from it, then runs `pitboss check
--format json` on the result. Fails unless every faulted round is reported with its code and
no other, and no other round is reported at all.

Usage: inject_faults.py PITBOSS_BINARY WORK_DIR [ROUNDS]
"""

import collections
import copy
import json
import os
import subprocess
import sys

SPEC = "us-sd/war-blackjack"
DECKS = 6


def points(ranks):
    total = sum(11 if r == "A" else 10 if r in "TJQK" else int(r) for r in ranks)
    aces = ranks.count("A")
    while total > 21 and aces:
        total -= 10
        aces -= 1
    return total, aces > 0


def rank(card):
    return card[:-1]


def is_settle(e, wager=None):
    return e["type"] == "settle" and (wager is None or e["wager"] == wager)


# Each fault takes a round (its events may be changed in place) and returns True where it
# was made. Where a fault could touch the shoe (a card added), it asks `spare`, a card the
# round's shoe holds at least once more than it ever deals.


def settle_payout(r, spare):
    """A hand's settlement off by one bet unit: settle/payout."""
    for e in r["events"]:
        if is_settle(e, "blackjack"):
            e["net"] += 100
            return True
    return False


def settle_missing(r, spare):
    """A hand's settlement left out: settle/missing."""
    ev = r["events"]
    for i, e in enumerate(ev):
        if is_settle(e, "blackjack"):
            del ev[i]
            return True
    return False


def settle_duplicate(r, spare):
    """A settlement logged twice: settle/duplicate."""
    ev = r["events"]
    for i, e in enumerate(ev):
        if is_settle(e, "blackjack"):
            ev.insert(i + 1, dict(e))
            return True
    return False


def double_amount(r, spare):
    """A double bet twice what the rules allow, its settlement at the same rate so that only
    the amount is wrong (doubles win, push or lose one to one): wager/amount."""
    ev = r["events"]
    for e in ev:
        if e["type"] == "bet" and e["wager"] == "double":
            seat, hand = e["seat"], e.get("hand", 1)
            e["amount"] *= 2
            for s in ev:
                if is_settle(s, "double") and s["seat"] == seat and s.get("hand", 1) == hand:
                    s["net"] *= 2
            return True
    return False


def war_limit(r, spare):
    """A War bet above the table's maximum on a War lost (no ride to follow it), settled at
    its full amount: wager/limit."""
    ev = r["events"]
    limit = r["limits"]["war"]["max"]
    for e in ev:
        if e["type"] == "bet" and e["wager"] == "war":
            settle = next(s for s in ev if is_settle(s, "war") and s["seat"] == e["seat"])
            if settle["net"] >= 0:
                continue
            e["amount"] = limit + 100
            settle["net"] = -e["amount"]
            return True
    return False


def late_bet(r, spare):
    """A blackjack bet, by a seat with no War wager (so no ride), after the first card:
    wager/late."""
    ev = r["events"]
    war_seats = {e["seat"] for e in ev if e["type"] == "bet" and e["wager"] == "war"}
    first = next(i for i, e in enumerate(ev) if e["type"] == "deal")
    for e in ev[:first]:
        if e["type"] == "bet" and e["wager"] == "blackjack" and e["seat"] not in war_seats:
            ev.insert(first + 1, {"type": "bet", "seat": e["seat"], "wager": "blackjack", "amount": e["amount"]})
            return True
    return False


def deal_order(r, spare):
    """The first two seats' first cards dealt the other way round: deal/order."""
    ev = r["events"]
    first = next(i for i, e in enumerate(ev) if e["type"] == "deal")
    a, b = ev[first], ev[first + 1]
    if a["seat"] == "dealer" or b["seat"] == "dealer":
        return False
    ev[first], ev[first + 1] = b, a
    return True


def stand_missing(r, spare):
    """A stand left out on a hand below 21: decision/missing."""
    ev = r["events"]
    for i, e in enumerate(ev):
        if e["type"] == "decision" and e["action"] == "stand":
            del ev[i]
            return True
    return False


def dealer_extra_card(r, spare):
    """A card drawn by the dealer when every hand had busted (the dealer's two cards below 17,
    no blackjack, and no draw in the clean round, which only happens so): deal/dealer-play.
    Every hand's settlement is the same whatever the dealer holds."""
    ev = r["events"]
    dealer = [i for i, e in enumerate(ev) if e["type"] == "deal" and e["seat"] == "dealer"]
    if len(dealer) != 2:
        return False
    ranks = [rank(ev[i]["card"]) for i in dealer]
    total, soft = points(ranks)
    if total >= 17 or len(ranks) == 2 and total == 21:
        return False
    if any(is_settle(e, "insurance") for e in ev):
        return False  # insurance settles after the dealer's play: keep the fault simple
    card = spare()
    if card is None:
        return False
    last_play = max(i for i, e in enumerate(ev) if e["type"] in ("deal", "decision"))
    ev.insert(last_play + 1, {"type": "deal", "seat": "dealer", "card": card})
    return True


def split_non_pair(r, spare):
    """A split of hand 1's first two cards where they are of different values:
    decision/not-offered (the split is refused, and the hand played on as logged)."""
    ev = r["events"]
    initial = collections.defaultdict(list)
    for e in ev:
        if e["type"] == "deal" and e["seat"] != "dealer" and "hand" not in e:
            initial[e["seat"]].append(rank(e["card"]))
    for i, e in enumerate(ev):
        if e["type"] == "decision" and e.get("hand") == 1 and e["action"] in ("hit", "stand"):
            cards = initial[e["seat"]]
            if len(cards) == 2 and points([cards[0]])[0] != points([cards[1]])[0]:
                ev.insert(i, {"type": "decision", "seat": e["seat"], "hand": 1, "action": "split"})
                return True
    return False


FAULTS = [
    (settle_payout, "settle/payout"),
    (settle_missing, "settle/missing"),
    (settle_duplicate, "settle/duplicate"),
    (double_amount, "wager/amount"),
    (war_limit, "wager/limit"),
    (late_bet, "wager/late"),
    (deal_order, "deal/order"),
    (stand_missing, "decision/missing"),
    (dealer_extra_card, "deal/dealer-play"),
    (split_non_pair, "decision/not-offered"),
]


def shoe_spares(rounds):
    """For each round, a function giving a card its shoe can deal once more: a card dealt
    fewer than DECKS times from that shoe's shuffle to the next, taken at most once."""
    spares = {}
    open_shoe = {}
    for r in rounds:
        table = r["table"]
        for e in r["events"]:
            if e["type"] == "shuffle":
                open_shoe[table] = collections.Counter()
            elif e["type"] in ("deal", "burn"):
                open_shoe[table][e["card"]] += 1
        spares[r["round"]] = open_shoe[table]  # the counter fills as its shoe goes on

    def spare_for(round_id):
        drawn = spares[round_id]

        def spare():
            for suit in "CDHS":
                for rk in "23456789TJQKA":
                    card = rk + suit
                    if drawn[card] < DECKS:
                        drawn[card] += 1
                        return card
            return None

        return spare

    return spare_for


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    pitboss, work = sys.argv[1], sys.argv[2]
    n_rounds = int(sys.argv[3]) if len(sys.argv) == 4 else 3000
    os.makedirs(work, exist_ok=True)
    clean = os.path.join(work, "war-blackjack-clean.jsonl")
    faulted = os.path.join(work, "war-blackjack-faulted.jsonl")
    report = os.path.join(work, "war-blackjack-faulted.json")
    subprocess.run([pitboss, "generate", "--spec", SPEC, "--rounds", str(n_rounds), "--tables", "3",
                    "--seed", "77", "--table-prefix", "FI", "--tie-bet-rate", "0.5",
                    "--insurance-rate", "0.1", "--out", clean], check=True)
    with open(clean) as f:
        rounds = [json.loads(line) for line in f if line.strip()]
    spare_for = shoe_spares(rounds)

    # Kinds in turn: the kind used least so far that the round lends itself to, the next in
    # rotation among equals.
    expected = {}  # round id -> code
    used = [0] * len(FAULTS)
    last = -1
    due = False
    for i, r in enumerate(rounds):
        due = due or i % 10 == 0
        if not due:
            continue
        order = sorted(range(len(FAULTS)), key=lambda k: (used[k], (k - last - 1) % len(FAULTS)))
        for k in order:
            fault, code = FAULTS[k]
            trial = copy.deepcopy(r)
            if fault(trial, spare_for(r["round"])):
                rounds[i] = trial
                expected[r["round"]] = code
                used[k] += 1
                last = k
                due = False
                break

    with open(faulted, "w") as f:
        for r in rounds:
            f.write(json.dumps(r, separators=(",", ":")) + "\n")
    result = subprocess.run([pitboss, "check", "--no-progress", "--format", "json", "--out", report, faulted])
    if result.returncode != 1:
        sys.exit(f"pitboss check exited {result.returncode}, not 1")
    with open(report) as f:
        violations = json.load(f)["violations"]

    found = collections.defaultdict(list)
    for v in violations:
        found[v["round"]].append(v["code"])
    by_kind = collections.Counter(expected.values())
    caught = collections.Counter()
    failures = []
    for round_id, code in expected.items():
        codes = found.get(round_id, [])
        if codes and all(c == code for c in codes):
            caught[code] += 1
        else:
            failures.append(f"{round_id}: injected {code}, reported {codes or 'nothing'}")
    false_positives = {rid: codes for rid, codes in found.items() if rid not in expected}
    for rid, codes in sorted(false_positives.items()):
        failures.append(f"{rid}: not faulted, reported {codes}")

    for _, code in FAULTS:
        print(f"{code:22} {caught[code]:4} of {by_kind[code]:4} found")
    print(f"faults found: {sum(caught.values())} of {len(expected)}; "
          f"false positives: {len(false_positives)} rounds of {len(rounds) - len(expected)} clean")
    # Every tenth round faulted, and each kind tried a few times at least (a dealer's draw
    # with every hand busted is the rarest: a few rounds in a thousand).
    if len(expected) < len(rounds) // 10 or any(by_kind[c] < 5 for _, c in FAULTS):
        failures.append(f"too few faults injected: {dict(by_kind)} in {len(rounds)} rounds")
    if failures:
        print("\n".join(failures[:50]))
        sys.exit(1)


if __name__ == "__main__":
    main()
