#!/usr/bin/env python3
"""Fault injection into War Blackjack rounds: the checker must find every fault, under its
one code, and nothing in the rounds left alone.

Deals a clean log with `pitboss generate`, injects one fault into every tenth round, the
kinds in turn (a round that does not lend itself to the kind due takes the next that fits,
and the kind due comes first again as soon as it fits), each chosen so that exactly one
code follows from it, then runs `pitboss check
--format json` on the result. Fails unless every faulted round is reported with its code and
no other, and no other round is reported at all.

Also plants cards foreign to a shoe: four aces of hearts beyond what one shoe holds, each
a finding of its own at its round; and, at a second house that allows no double after a split,
doubles made after a split. With --casino-war, a Casino War log with four foreign cards in
each of three shoes: each found, nothing else.

With --reading AMBIGUITY=READING, the logs are dealt under that reading and checked with
`--reading auto`: each table checked under the reading its rounds deal, every fault is still
found, under its one code, and nothing else (no reading/* finding either).

Usage: inject_faults.py [--casino-war] [--reading AMBIGUITY=READING] PITBOSS_BINARY WORK_DIR [ROUNDS]
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


def split_swap(r, spare):
    """A seat's split hands settled each at the other's net (the seat's total right, the hands
    one by one wrong): settle/split."""
    ev = r["events"]
    for e in ev:
        if not (is_settle(e, "blackjack") and e.get("hand", 1) == 1):
            continue
        other = next((s for s in ev if is_settle(s, "split") and s["seat"] == e["seat"] and s.get("hand") == 2), None)
        if other is not None and other["net"] != e["net"]:
            e["net"], other["net"] = other["net"], e["net"]
            return True
    return False


def double_paid_on_blackjack(r, spare):
    """A won double's winnings paid on the hand's blackjack wager, the double settled at
    nothing (the seat's total right, the wagers one by one wrong): settle/split."""
    ev = r["events"]
    for d in ev:
        if is_settle(d, "double") and d["net"] > 0 and d.get("hand", 1) == 1:
            main = next((s for s in ev if is_settle(s, "blackjack") and s["seat"] == d["seat"]
                         and s.get("hand", 1) == 1), None)
            if main is None:
                continue
            main["net"] += d["net"]
            d["net"] = 0
            return True
    return False


def free_seat(ev):
    used = {e["seat"] for e in ev if e.get("seat") not in (None, "dealer")}
    return next((s for s in range(1, 8) if s not in used), None)


def war_orphan(r, spare):
    """A War wager, lost, at a seat with no blackjack wager (so no card): wager/orphan. Its
    settlement is money the refusal moved, not a finding of its own."""
    ev = r["events"]
    seat = free_seat(ev)
    if seat is None:
        return False
    first = next(i for i, e in enumerate(ev) if e["type"] == "deal")
    ev.insert(first, {"type": "bet", "seat": seat, "wager": "war", "amount": 500})
    ev.append({"type": "settle", "seat": seat, "wager": "war", "net": -500})
    return True


def war_late(r, spare):
    """A War wager placed after the first card by a seat in play with none, lost: wager/late."""
    ev = r["events"]
    war_seats = {e["seat"] for e in ev if e["type"] == "bet" and e["wager"] == "war"}
    first = next(i for i, e in enumerate(ev) if e["type"] == "deal")
    for e in ev[:first]:
        if e["type"] == "bet" and e["wager"] == "blackjack" and e["seat"] not in war_seats:
            ev.insert(first + 1, {"type": "bet", "seat": e["seat"], "wager": "war", "amount": 500})
            ev.append({"type": "settle", "seat": e["seat"], "wager": "war", "net": -500})
            return True
    return False


def insurance_late(r, spare):
    """Insurance taken after the hands were played, and lost: decision/not-offered (its bet and
    its settlement are that refusal's)."""
    ev = r["events"]
    if any(e["type"] == "decision" and e["action"] == "insurance" for e in ev):
        return False
    plays = [i for i, e in enumerate(ev) if e["type"] == "decision" and "hand" in e]
    dealer = [e for e in ev if e["type"] == "deal" and e["seat"] == "dealer"]
    if not plays or len(dealer) < 2 or points([rank(dealer[0]["card"]), rank(dealer[1]["card"])])[0] == 21:
        return False
    seat = ev[plays[-1]]["seat"]
    stake = next(e["amount"] for e in ev if e["type"] == "bet" and e["wager"] == "blackjack" and e["seat"] == seat)
    amount = max(100, stake // 2 // 100 * 100)
    at = plays[-1] + 1
    ev[at:at] = [{"type": "decision", "seat": seat, "action": "insurance"},
                 {"type": "bet", "seat": seat, "wager": "insurance", "amount": amount}]
    ev.append({"type": "settle", "seat": seat, "wager": "insurance", "net": -amount})
    return True


def bad_card(r, spare):
    """A card that is not a card ("11S") in place of a hand's or the dealer's card:
    input/bad-card, and what depends on the card not judged."""
    ev = r["events"]
    deals = [i for i, e in enumerate(ev) if e["type"] == "deal"]
    if len(deals) < 3:
        return False
    pick = deals[(len(deals) * 7 + len(ev)) % len(deals)]
    ev[pick]["card"] = "11" + ev[pick]["card"][-1]
    return True


def card_after_stand(r, spare):
    """A card dealt to a hand after it stood, the hand settled as it stood: deal/missing-card."""
    ev = r["events"]
    for i, e in enumerate(ev):
        if e["type"] == "decision" and e["action"] == "stand" and "hand" in e:
            card = spare()
            if card is None:
                return False
            ev.insert(i + 1, {"type": "deal", "seat": e["seat"], "hand": e["hand"], "card": card})
            return True
    return False


def double_after_split(r, spare):
    """At a house that allows no double after a split: a split hand's hit made a double, its
    bet placed and its card dealt, and settled with the hand: decision/not-offered (the bet,
    the card and the settlement are that refusal's)."""
    ev = r["events"]
    if not any(e["type"] == "decision" and e["action"] == "split" for e in ev):
        return False
    for i, e in enumerate(ev):
        if not (e["type"] == "decision" and e["action"] == "hit" and e.get("hand", 1) >= 1):
            continue
        seat, hand = e["seat"], e["hand"]
        split_seat = any(x["type"] == "decision" and x["action"] == "split" and x["seat"] == seat for x in ev[:i])
        hand_events = [x for x in ev[:i] if x.get("seat") == seat and x.get("hand") == hand and x["type"] in
                       ("decision", "deal")]
        # The hand's first decision, on its first two cards.
        if not split_seat or any(x["type"] == "decision" and x["action"] != "split" for x in hand_events):
            continue
        card_at = next((k for k in range(i + 1, len(ev)) if ev[k]["type"] == "deal" and ev[k]["seat"] == seat
                        and ev[k].get("hand") == hand), None)
        if card_at is None:
            continue
        after = ev[card_at + 1] if card_at + 1 < len(ev) else None
        if after and after["type"] == "decision" and after["seat"] == seat and after.get("hand") == hand:
            if after["action"] != "stand":
                continue
            del ev[card_at + 1]
        primary = "blackjack" if hand == 1 else "split"
        main = next((s for s in ev if is_settle(s, primary) and s["seat"] == seat and s.get("hand", 1) == hand), None)
        wager = next((b["amount"] for b in ev if b["type"] == "bet" and b["seat"] == seat
                      and b["wager"] in ("split",) and b.get("hand") == 2), None)
        if main is None or wager is None or main["net"] not in (-wager, 0, wager):
            continue
        e["action"] = "double"
        ev.insert(i + 1, {"type": "bet", "seat": seat, "hand": hand, "wager": "double", "amount": wager})
        ev.insert(ev.index(main) + 1, {"type": "settle", "seat": seat, "hand": hand, "wager": "double",
                                       "net": main["net"]})
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
    (split_swap, "settle/split"),
    (double_paid_on_blackjack, "settle/split"),
    (war_orphan, "wager/orphan"),
    (war_late, "wager/late"),
    (insurance_late, "decision/not-offered"),
    (bad_card, "input/bad-card"),
    (card_after_stand, "deal/missing-card"),
]

# Faults of the second house, which allows no double after a split.
SECOND_HOUSE = "us-sd/war-blackjack-second-house"
SECOND_HOUSE_FAULTS = [
    (double_after_split, "decision/not-offered"),
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


def plant_foreign(rounds, decks, shoes_wanted=1, per_shoe=4, target="AH"):
    """Cards foreign to a shoe: in the first `shoes_wanted` shoes that hold enough aces, every
    ace of another suit is made an ace of hearts (the game is the same: only ranks count) until
    `per_shoe` of them are beyond what the shoe holds. Returns {round id: number of foreign
    cards in it} (the later natural aces of hearts of the shoe count too) and the round ids of
    the shoes touched, which no other fault may touch."""
    expected, touched = collections.Counter(), set()
    by_table = collections.defaultdict(list)
    for r in rounds:
        by_table[r["table"]].append(r)
    shoes = []
    for table_rounds in by_table.values():
        shoe = None
        for r in table_rounds:
            if any(e["type"] == "shuffle" for e in r["events"]):
                shoe = []
                shoes.append(shoe)
            if shoe is not None:
                shoe.append(r)
    made_shoes = 0
    for shoe in shoes:
        aces = sum(1 for r in shoe for e in r["events"] if e["type"] in ("deal", "burn") and e["card"][0] == "A")
        if aces < decks + per_shoe + 2 or made_shoes == shoes_wanted:
            continue
        made_shoes += 1
        count, made = 0, 0
        for r in shoe:
            touched.add(r["round"])
            for e in r["events"]:
                if e["type"] == "shuffle" and count:
                    break  # the shoe ends
                if e["type"] not in ("deal", "burn") or e["card"][0] != "A":
                    continue
                if e["card"] != target and made < per_shoe:
                    e["card"] = target
                if e["card"] == target:
                    count += 1
                    if count > decks:
                        made += 1
                        expected[r["round"]] += 1
    return expected, touched


def plant(rounds, faults, spare_for, expected, skip):
    """One fault in every tenth round, the kinds in turn: the kind used least so far that the
    round lends itself to, the next in rotation among equals. Returns how many of each kind."""
    used = [0] * len(faults)
    last = -1
    due = False
    for i, r in enumerate(rounds):
        due = due or i % 10 == 0
        if not due or r["round"] in skip:
            continue
        order = sorted(range(len(faults)), key=lambda k: (used[k], (k - last - 1) % len(faults)))
        for k in order:
            fault, code = faults[k]
            trial = copy.deepcopy(r)
            if fault(trial, spare_for(r["round"])):
                rounds[i] = trial
                expected[r["round"]] = (code, 1)
                used[k] += 1
                last = k
                due = False
                break
    return {faults[k][0].__name__: used[k] for k in range(len(faults))}


READING = []  # --reading A=R: generate under it, check with --reading auto


def generate(pitboss, spec, n_rounds, prefix, path, seed):
    subprocess.run([pitboss, "generate", "--spec", spec, "--rounds", str(n_rounds), "--tables", "3",
                    "--seed", str(seed), "--table-prefix", prefix, "--tie-bet-rate", "0.5",
                    "--insurance-rate", "0.1", "--out", path, *READING], check=True)
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def judge(pitboss, rounds, expected, work, name, minimum):
    """Checks the faulted log: every faulted round reported with its code (as many times as
    planted) and no other, no other round reported. Returns the failures."""
    faulted = os.path.join(work, name + "-faulted.jsonl")
    report = os.path.join(work, name + "-faulted.json")
    with open(faulted, "w") as f:
        for r in rounds:
            f.write(json.dumps(r, separators=(",", ":")) + "\n")
    auto = ["--reading", "auto"] if READING else []
    result = subprocess.run([pitboss, "check", "--no-progress", "--format", "json", "--out", report, *auto, faulted])
    if result.returncode != 1:
        return [f"{name}: pitboss check exited {result.returncode}, not 1"]
    with open(report) as f:
        violations = json.load(f)["violations"]
    found = collections.defaultdict(list)
    for v in violations:
        found[v["round"]].append(v["code"])
    by_code = collections.Counter(code for code, _ in expected.values())
    caught = collections.Counter()
    failures = []
    for round_id, (code, times) in expected.items():
        codes = found.get(round_id, [])
        if codes == [code] * times:
            caught[code] += 1
        else:
            failures.append(f"{name}: {round_id}: injected {times} x {code}, reported {codes or 'nothing'}")
    false_positives = {rid: codes for rid, codes in found.items() if rid not in expected}
    for rid, codes in sorted(false_positives.items()):
        failures.append(f"{name}: {rid}: not faulted, reported {codes}")
    for code in sorted(by_code):
        print(f"{name}: {code:22} {caught[code]:4} of {by_code[code]:4} rounds found")
    print(f"{name}: faults found in {sum(caught.values())} of {len(expected)} rounds; "
          f"false positives: {len(false_positives)} rounds of {len(rounds) - len(expected)} clean")
    for kind, n in minimum.items():
        if n == 0 and READING:
            # A log dealt under another reading may offer a kind no round to fit (its planting
            # looks for the default's deal): said, not failed; the kinds that fit are judged.
            print(f"{name}: no round fits fault kind {kind} under {READING[1]}")
        elif n < 5:
            failures.append(f"{name}: too few faults of kind {kind} injected: {n}")
    return failures


def main():
    argv = sys.argv[1:]
    if "--reading" in argv:
        at = argv.index("--reading")
        READING.extend(["--reading", argv[at + 1]])
        del argv[at:at + 2]
    args = [a for a in argv if not a.startswith("--")]
    war = "--casino-war" in argv
    if len(args) not in (2, 3):
        sys.exit(__doc__)
    pitboss, work = args[0], args[1]
    n_rounds = int(args[2]) if len(args) == 3 else 3000
    os.makedirs(work, exist_ok=True)
    failures = []
    if war:
        # Casino War: cards foreign to a shoe, four of one kind in each of three shoes.
        rounds = generate(pitboss, "us-sd/casino-war", n_rounds, "CW",
                          os.path.join(work, "casino-war-clean.jsonl"), 78)
        foreign, _ = plant_foreign(rounds, 6, shoes_wanted=3)
        expected = {rid: ("shoe/card-overdrawn", n) for rid, n in foreign.items()}
        failures += judge(pitboss, rounds, expected, work, "casino-war",
                          {"foreign cards": sum(foreign.values())})
    else:
        rounds = generate(pitboss, SPEC, n_rounds, "FI", os.path.join(work, "war-blackjack-clean.jsonl"), 77)
        foreign, touched = plant_foreign(rounds, DECKS)
        expected = {rid: ("shoe/card-overdrawn", n) for rid, n in foreign.items()}
        spare_for = shoe_spares(rounds)
        used = plant(rounds, FAULTS, spare_for, expected, touched)
        used["foreign cards"] = sum(foreign.values())
        # The second house (no double after a split), in the same log.
        house = generate(pitboss, SECOND_HOUSE, n_rounds // 2, "FH",
                         os.path.join(work, "war-blackjack-second-house-clean.jsonl"), 79)
        used.update(plant(house, SECOND_HOUSE_FAULTS, shoe_spares(house), expected, set()))
        failures += judge(pitboss, rounds + house, expected, work, "war-blackjack", used)
    if failures:
        print("\n".join(failures[:50]))
        sys.exit(1)


if __name__ == "__main__":
    main()
