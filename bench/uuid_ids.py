#!/usr/bin/env python3
"""Rewrites the round ids of a hand-history v1 log as UUIDs (version 4, from a seeded random
source), as online game servers and many management systems write them: the log to measure
the memory duplicate detection takes when no id is a table's numbered run.

Usage: bench/uuid_ids.py IN.jsonl OUT.jsonl [SEED]
Each line's "round" value is replaced; the rest of the line is kept byte for byte.
"""
import random
import re
import sys
import uuid

ROUND = re.compile(rb'"round":"[^"]*"')


def main():
    src, dst = sys.argv[1], sys.argv[2]
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    with open(src, "rb") as fin, open(dst, "wb") as fout:
        for line in fin:
            new = str(uuid.UUID(int=rng.getrandbits(128), version=4)).encode()
            fout.write(ROUND.sub(b'"round":"' + new + b'"', line, count=1))


if __name__ == "__main__":
    main()
