#!/usr/bin/env python3
"""signals.py PITBOSS WORK_DIR: SIGINT, SIGTERM and SIGHUP end a run promptly, with exit status
128 + the signal, and leave no temporary behind (issue 21, item 5).

Each signal is sent to `check` while it writes its reports (a temporary of the HTML report
holds bytes), to `check` while it reads a log from a pipe the test holds open, to `split` while
a shard is being written (its .NAME.partial holds bytes, the rest of the log still to come down
the pipe) and to `generate` while it writes its log. SIGINT is sent to runs started with SIGINT
ignored, as a shell starts a script's background jobs (`pitboss check ... &`): `kill -INT` of one
ends it all the same. A run started with SIGHUP ignored (nohup) goes on to its end.

The moments are detected, not slept for: a temporary that holds bytes, or a pipe's writes taken.
A check whose report was written whole before the signal came is run again on a log twice as
long.
"""
import os
import shutil
import signal
import subprocess
import sys
import time

pitboss, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
failures = []
SIGNALS = [signal.SIGINT, signal.SIGTERM, signal.SIGHUP]
PROMPT = 10.0  # seconds from the signal to the end: far less than the rest of any run here


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)


def start(args, sig, folder, **kwargs):
    """Starts pitboss in `folder`, SIGINT ignored (as in a script's background job) when `sig`
    is SIGINT, the other signals at their default."""

    def dispositions():
        for s in SIGNALS:
            signal.signal(s, signal.SIG_IGN if s == sig == signal.SIGINT else signal.SIG_DFL)

    with open(folder + ".stderr", "wb") as err:
        return subprocess.Popen([pitboss, *args], cwd=folder, preexec_fn=dispositions, stderr=err, **kwargs)


def temporaries(folder):
    """The temporaries under `folder` and the sizes they have: pitboss's are dot files with a tag
    and a PID (.r.html.tmp.PID.XXXXXX, .T1.jsonl.partial.PID.XXXXXX)."""
    found = {}
    for parent, _, names in os.walk(folder):
        for name in names:
            if name.startswith(".") and (".tmp." in name or ".partial." in name):
                try:
                    found[name] = os.stat(os.path.join(parent, name)).st_size
                except FileNotFoundError:
                    pass
    return found


def wait_for_bytes(p, folder, prefix):
    """Waits until a temporary named `prefix`... holds bytes; False when the run ended first."""
    while p.poll() is None:
        if any(name.startswith(prefix) and size > 0 for name, size in temporaries(folder).items()):
            return True
        time.sleep(0.002)
    return False


def signal_sent(p, sig):
    p.send_signal(sig)
    return time.monotonic()


def ended(p, sig, sent, what, folder):
    """Checks how the run that was sent `sig` at `sent` ends."""
    try:
        p.wait(timeout=PROMPT)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
    took = time.monotonic() - sent
    name = signal.Signals(sig).name
    with open(folder + ".stderr", "rb") as f:
        err = f.read().decode(errors="replace").strip()[-300:]
    check(p.returncode == 128 + sig, f"{what}, {name}: exit {128 + sig} (got {p.returncode}; {err})")
    check(took < PROMPT, f"{what}, {name}: ended {took:.2f} s after the signal")
    left = temporaries(folder)
    check(not left, f"{what}, {name}: no temporary left" + (f" ({', '.join(left)})" if left else ""))


def fresh(name):
    folder = os.path.join(work, name)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    return folder


def junk(path, lines):
    """A log of lines that are not rounds: one finding each, so a report of many findings."""
    with open(path, "w") as f:
        f.write("not a round\n" * lines)


# check, while it writes its reports: the JSON first, then the HTML, whose temporary is watched.
# The signal came while the HTML was written when its temporary is still there once it is sent
# (or when the run did not end as if never signalled); else the run is made again, longer.
for sig in SIGNALS:
    folder = fresh("writing-" + signal.Signals(sig).name)
    lines = 100_000
    for attempt in range(3):
        junk(os.path.join(folder, "day.jsonl"), lines)
        p = start(["check", "--no-progress", "--out", "r.json", "--out", "r.html", "day.jsonl"], sig, folder)
        if wait_for_bytes(p, folder, ".r.html.tmp."):
            sent = signal_sent(p, sig)
            writing = any(name.startswith(".r.html.tmp.") for name in temporaries(folder))
            if writing or p.wait() not in (0, 1):
                ended(p, sig, sent, "check writing its reports", folder)
                break
        p.wait()
        lines *= 2
    else:
        check(False, f"check writing its reports, {signal.Signals(sig).name}: the signal came while writing")

# check, while it reads standard input: the pipe takes more than it can hold, so pitboss is
# reading when the writes return, and it stays open.
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "clean",
                       "online-war.jsonl"), "rb") as f:
    rounds = f.read()
for sig in SIGNALS:
    folder = fresh("reading-" + signal.Signals(sig).name)
    p = start(["check", "--no-progress", "--format", "json", "--out", "r.json", "-"], sig, folder,
              stdin=subprocess.PIPE)
    p.stdin.write(rounds + b"not a round\n" * 200_000)
    p.stdin.flush()
    ended(p, sig, signal_sent(p, sig), "check reading standard input", folder)
    p.stdin.close()

# split, while a shard is being written: its first MiB is on disk, the rest yet to come.
for sig in SIGNALS:
    folder = fresh("split-" + signal.Signals(sig).name)
    p = start(["split", "--by", "table", "--out-dir", "shards", "-"], sig, folder, stdin=subprocess.PIPE)
    p.stdin.write(b"not a round\n" * 200_000)
    p.stdin.flush()
    if wait_for_bytes(p, folder, ".unreadable.jsonl.partial."):
        ended(p, sig, signal_sent(p, sig), "split writing a shard", folder)
    else:
        check(False, f"split writing a shard, {signal.Signals(sig).name}: a shard was being written")
    p.stdin.close()

# generate, while it writes its log.
for sig in SIGNALS:
    folder = fresh("generate-" + signal.Signals(sig).name)
    p = start(["generate", "--spec", "us-sd/casino-war", "--rounds", "300000", "--out", "g.jsonl"], sig, folder)
    if wait_for_bytes(p, folder, ".g.jsonl.tmp."):
        ended(p, sig, signal_sent(p, sig), "generate writing its log", folder)
    else:
        p.wait()
        check(False, f"generate writing its log, {signal.Signals(sig).name}: the log was being written")

# nohup: a run started with SIGHUP ignored reads on through one, to its end.
folder = fresh("nohup")
p = subprocess.Popen([pitboss, "check", "--no-progress", "--format", "json", "--out", "r.json", "-"], cwd=folder,
                     stdin=subprocess.PIPE, stderr=subprocess.DEVNULL,
                     preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))
p.stdin.write(rounds + b"not a round\n" * 20_000)
p.stdin.flush()
p.send_signal(signal.SIGHUP)
p.stdin.write(rounds)
p.stdin.close()
p.wait(timeout=60)
check(p.returncode == 1 and os.path.exists(os.path.join(folder, "r.json")),
      f"started with SIGHUP ignored: the run goes on to its end (exit {p.returncode}, expected 1)")

shutil.rmtree(work, ignore_errors=True)  # what a failed run left is said above
if failures:
    print(f"{len(failures)} failed")
    sys.exit(1)
