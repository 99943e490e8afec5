#!/usr/bin/env python3
"""Writes one round whose findings grow with N (hand-history v1, to standard output): a
reproducer of issue 21, item 6, where the cost of a finding grew with the findings already
made in its round.

  seats       N seats, each with its bet, cards and settlement: the cards run past the shoe
              (of 6 decks: shoe/card-overdrawn), and every settlement is one unit over what
              the rules pay (settle/payout).
  duplicates  one seat whose winning settlement is logged N times more (settle/duplicate).
  burns       N seats, each settled right, with a burn before each seat's first card, where
              the rules burn none (deal/burn-count; past the shoe, shoe/card-overdrawn).

With --no-shuffle, the round draws from no shoe in play: one shoe/no-shuffle finding, and no
card is counted against a shoe (only the findings of the case itself are made).

Usage: bench/wide_round.py {seats|duplicates|burns} N [--game war|war-blackjack] [--no-shuffle] > round.jsonl
       /usr/bin/time -f '%e s %M KiB' pitboss check --no-progress --format json --out r.json round.jsonl
"""

import argparse
import json
import sys

RANKS = "23456789TJQKA"
SUITS = "CDHS"
CARDS = [r + s for r in RANKS for s in SUITS]


def card(i):
    return CARDS[i % len(CARDS)]


def war_round(case, n, shuffle=True):
    events = [{"type": "shuffle", "shoe": "W-A", "decks": 6}] if shuffle else []
    if case in ("seats", "burns"):
        # The dealer's 2 beats no one; every seat's card is 3 or higher, so every main wins.
        net = 501 if case == "seats" else 500
        events += [{"type": "bet", "seat": s, "wager": "main", "amount": 500} for s in range(1, n + 1)]
        for s in range(1, n + 1):
            if case == "burns":
                events.append({"type": "burn", "card": card(s)})
            events.append({"type": "deal", "seat": s, "card": CARDS[4 + s % 48]})
        events.append({"type": "deal", "seat": "dealer", "card": "2C"})
        events += [{"type": "settle", "seat": s, "wager": "main", "net": net} for s in range(1, n + 1)]
    else:
        events += [{"type": "bet", "seat": 1, "wager": "main", "amount": 500},
                   {"type": "deal", "seat": 1, "card": "KH"},
                   {"type": "deal", "seat": "dealer", "card": "2C"}]
        events += [{"type": "settle", "seat": 1, "wager": "main", "net": 500}] * (n + 1)
    return {"round": "W-1", "time": "2026-03-06T19:00:00Z", "table": "W", "rules": "us-sd/casino-war",
            "events": events}


def war_blackjack_round(case, n, shuffle=True):
    events = [{"type": "shuffle", "shoe": "B-A", "decks": 6}] if shuffle else []
    if case in ("seats", "burns"):
        # Every seat: T and 9 (19, stands) against the dealer's T 7 (17): every hand wins.
        net = 501 if case == "seats" else 500
        events += [{"type": "bet", "seat": s, "wager": "blackjack", "amount": 500} for s in range(1, n + 1)]
        for s in range(1, n + 1):
            if case == "burns":
                events.append({"type": "burn", "card": card(s)})
            events.append({"type": "deal", "seat": s, "card": "TH"})
        events.append({"type": "deal", "seat": "dealer", "card": "TC"})
        events += [{"type": "deal", "seat": s, "card": "9H"} for s in range(1, n + 1)]
        events.append({"type": "deal", "seat": "dealer", "card": "7C", "face": "down"})
        events += [{"type": "decision", "seat": s, "hand": 1, "action": "stand"} for s in range(1, n + 1)]
        events += [{"type": "settle", "seat": s, "wager": "blackjack", "hand": 1, "net": net}
                   for s in range(1, n + 1)]
    else:
        events += [{"type": "bet", "seat": 1, "wager": "blackjack", "amount": 500},
                   {"type": "deal", "seat": 1, "card": "TH"},
                   {"type": "deal", "seat": "dealer", "card": "TC"},
                   {"type": "deal", "seat": 1, "card": "9H"},
                   {"type": "deal", "seat": "dealer", "card": "7C", "face": "down"},
                   {"type": "decision", "seat": 1, "hand": 1, "action": "stand"}]
        settle = {"type": "settle", "seat": 1, "wager": "blackjack", "hand": 1, "net": 500}
        events += [settle] * (n + 1)
    return {"round": "B-1", "time": "2026-03-06T19:00:00Z", "table": "B", "rules": "us-sd/war-blackjack",
            "events": events}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("case", choices=["seats", "duplicates", "burns"])
    parser.add_argument("n", type=int)
    parser.add_argument("--game", choices=["war", "war-blackjack"], default="war")
    parser.add_argument("--no-shuffle", dest="shuffle", action="store_false")
    args = parser.parse_args()
    make = war_round if args.game == "war" else war_blackjack_round
    sys.stdout.write(json.dumps(make(args.case, args.n, args.shuffle), separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
