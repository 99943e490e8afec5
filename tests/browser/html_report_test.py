#!/usr/bin/env python3
"""The HTML report (`pitboss check --format html`) in a real browser.

Runs `pitboss check` twice on the same logs, with --format json and --format html, opens the
page in headless Chromium and speaks the Chrome DevTools Protocol to it over a pipe
(--remote-debugging-pipe: the browser reads commands on its fd 3 and writes replies and events
on its fd 4, each a JSON message ended by a NUL byte). Fails on:

  - any script exception, console error, warning or failed assertion, or browser log error
    (a Content-Security-Policy violation is one), and any request the page makes at all: it
    must be self-contained;
  - a figure of the page (every element with data-figure, every row of a tbody with
    data-rows: src/report/html.h, "Page conventions") that differs from the JSON embedded in
    the page or from the separately written JSON report, a figure of the JSON the page does
    not show, or embedded JSON that differs from the JSON report;
  - per-table counts that differ from the JSON report's violations;
  - a filter (code, severity, table) that shows a number of rows other than the JSON's count.

Then writes a full-page screenshot. Python 3 standard library only. Gives up after 60 s.

Usage: html_report_test.py --pitboss BIN --screenshot PNG [--chromium PATH] LOG...
"""

import argparse
import base64
import collections
import fcntl
import json
import os
import pathlib
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

TIME_LIMIT = 60.0
MAX_SHOT_HEIGHT = 16000
# The id of the page's embedded JSON (src/report/html_writer.cc).
JSON_ID = "pitboss-report"


class Failure(Exception):
    pass


class Deadline:
    def __init__(self, seconds):
        self.end = time.monotonic() + seconds

    def left(self, what):
        left = self.end - time.monotonic()
        if left <= 0:
            raise Failure(f"timed out after {TIME_LIMIT:.0f} s {what}")
        return left


def shown(value):
    """A JSON value as the page shows it (html.h: HtmlEscape and the data-rows convention)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return ", ".join(shown(v) for v in value)
    if isinstance(value, str):
        out = []
        for ch in value:
            cp = ord(ch)
            if ch == "\n":
                out.append("\\n")
            elif ch == "\r":
                out.append("\\r")
            elif ch == "\t":
                out.append("\\t")
            elif cp < 0x20 or cp == 0x7F:
                out.append(f"\\x{cp:02x}")
            elif 0x80 <= cp <= 0x9F or 0xFDD0 <= cp <= 0xFDEF or (cp & 0xFFFE) == 0xFFFE:
                out.append(f"\\u{cp:04X}")
            else:
                out.append(ch)
        return "".join(out)
    raise Failure(f"no display rule for the JSON value {value!r}")


def resolve(document, path):
    """The value at a data-figure path: keys and indices joined by '.'; a key may hold dots."""
    segments = path.split(".")
    node = document
    i = 0
    while i < len(segments):
        if isinstance(node, list):
            try:
                node = node[int(segments[i])]
            except (ValueError, IndexError):
                raise Failure(f"data-figure {path!r}: no element {segments[i]!r}") from None
            i += 1
        elif isinstance(node, dict):
            for j in range(len(segments), i, -1):
                key = ".".join(segments[i:j])
                if key in node:
                    node = node[key]
                    i = j
                    break
            else:
                raise Failure(f"data-figure {path!r}: no key {segments[i]!r}")
        else:
            raise Failure(f"data-figure {path!r}: {segments[i]!r} is inside a scalar")
    return node


def leaves(node, prefix=""):
    """Every scalar of a JSON document with its data-figure path."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from leaves(value, f"{prefix}{key}.")
    elif isinstance(node, list):
        if not node:
            return
        for i, value in enumerate(node):
            yield from leaves(value, f"{prefix}{i}.")
    else:
        yield prefix[:-1], node


class Browser:
    """Headless Chromium driven over --remote-debugging-pipe."""

    def __init__(self, chromium, profile, log, deadline):
        self.deadline = deadline
        self.next_id = 0
        self.buffer = b""
        self.events = []
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()
        # Copies at 10 and up, so that placing them at 3 and 4 in the child cannot overwrite
        # one with the other. All four are close-on-exec; dup2 clears that for 3 and 4 only.
        child_read = fcntl.fcntl(to_browser_read, fcntl.F_DUPFD_CLOEXEC, 10)
        child_write = fcntl.fcntl(from_browser_write, fcntl.F_DUPFD_CLOEXEC, 10)

        def place_pipes():
            os.dup2(child_read, 3)
            os.dup2(child_write, 4)

        args = [
            chromium,
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--remote-debugging-pipe",
            f"--user-data-dir={profile}",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-extensions",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-default-apps",
            "--hide-scrollbars",
            "--force-color-profile=srgb",
            "--mute-audio",
            "about:blank",
        ]
        self.log_path = log
        with open(log, "wb") as log_file:
            # Its own process group, so that its helper processes can be ended with it.
            self.process = subprocess.Popen(
                args,
                stdin=subprocess.DEVNULL,
                stdout=log_file,
                stderr=subprocess.STDOUT,
                close_fds=False,
                preexec_fn=place_pipes,
                start_new_session=True,
            )
        for fd in (to_browser_read, from_browser_write, child_read, child_write):
            os.close(fd)

    def log_tail(self, lines=30):
        try:
            text = pathlib.Path(self.log_path).read_text(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        data = json.dumps(message).encode() + b"\0"
        while data:
            _, writable, _ = select.select([], [self.to_browser], [], self.deadline.left(f"sending {method}"))
            if writable:
                data = data[os.write(self.to_browser, data):]
        return self.next_id

    def receive(self, what):
        """The next message from the browser."""
        while b"\0" not in self.buffer:
            readable, _, _ = select.select([self.from_browser], [], [], self.deadline.left(what))
            if not readable:
                continue
            chunk = os.read(self.from_browser, 1 << 20)
            if not chunk:
                raise Failure(f"the browser closed the pipe {what}; its log ends:\n{self.log_tail()}")
            self.buffer += chunk
        message, _, self.buffer = self.buffer.partition(b"\0")
        return json.loads(message)

    def call(self, method, params=None, session=None):
        """Sends a command and returns its result; events that arrive meanwhile are kept."""
        wanted = self.send(method, params, session)
        while True:
            message = self.receive(f"waiting for the reply to {method}")
            if message.get("id") == wanted:
                if "error" in message:
                    raise Failure(f"{method} failed: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def wait_for_event(self, method, session):
        for i, event in enumerate(self.events):
            if event["method"] == method and event.get("sessionId") == session:
                return self.events.pop(i)
        while True:
            message = self.receive(f"waiting for {method}")
            if "method" in message:
                if message["method"] == method and message.get("sessionId") == session:
                    return message
                self.events.append(message)

    def drain(self, seconds):
        """Keeps the events that arrive within `seconds`."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            readable, _, _ = select.select([self.from_browser], [], [], max(0.0, end - time.monotonic()))
            if not readable:
                break
            chunk = os.read(self.from_browser, 1 << 20)
            if not chunk:
                break
            self.buffer += chunk
            while b"\0" in self.buffer:
                message, _, self.buffer = self.buffer.partition(b"\0")
                message = json.loads(message)
                if "method" in message:
                    self.events.append(message)

    def close(self):
        try:
            if self.process.poll() is None:
                try:
                    self.send("Browser.close")
                except (Failure, OSError):
                    pass
                try:
                    self.process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    pass
        finally:
            # The browser's process group: the one it was started in, its helpers included.
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            self.process.wait()
            os.close(self.to_browser)
            os.close(self.from_browser)


def problems_in(events, page_url):
    """What the page's events say went wrong: script errors, console complaints, requests."""
    problems = []
    for event in events:
        method, params = event["method"], event.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            description = details.get("exception", {}).get("description") or details.get("text")
            problems.append(f"script exception at line {details.get('lineNumber')}: {description}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "warning", "assert"):
            text = " ".join(str(arg.get("value", arg.get("description", ""))) for arg in params.get("args", []))
            problems.append(f"console.{params['type']}: {text}")
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            problems.append(f"browser log error ({entry.get('source')}): {entry.get('text')} {entry.get('url', '')}")
        elif method == "Network.requestWillBeSent":
            url = params.get("request", {}).get("url", "")
            if url.split("#")[0] != page_url:
                problems.append(f"the page requested {url}: it must not fetch anything")
    return problems


# Run in the page: everything the checks below compare, as one JSON value.
READ_PAGE = r"""
(() => {
  const valueOf = (el) => (el.hasAttribute('data-value') ? el.getAttribute('data-value') : el.textContent);
  const data = document.getElementById('%s');
  const bodies = Array.from(document.querySelectorAll('tbody[data-rows]')).map((body) => {
    const table = body.closest('table');
    const keys = Array.from(table.tHead.rows[table.tHead.rows.length - 1].cells, (th) => th.getAttribute('data-key'));
    return {path: body.getAttribute('data-rows'), keys,
            rows: Array.from(body.rows, (row) => Array.from(row.cells, (cell) => cell.textContent))};
  });
  const outside = [];
  for (const el of document.querySelectorAll('*')) {
    for (const name of ['src', 'href', 'xlink:href', 'action', 'formaction', 'poster', 'data', 'srcset', 'background']) {
      const value = el.getAttribute(name);
      if (value !== null && !(name === 'href' && value.startsWith('#'))) outside.push(el.tagName + ' ' + name + '=' + value);
    }
  }
  return {
    title: document.title,
    embedded: data ? data.textContent : null,
    figures: Array.from(document.querySelectorAll('[data-figure]'),
                        (el) => ({path: el.getAttribute('data-figure'), value: valueOf(el), tag: el.tagName})),
    bodies,
    perTable: Array.from(document.querySelectorAll('table.per-table tbody tr'), (row) => ({
      table: row.getAttribute('data-table'),
      cells: Array.from(row.cells, (cell) => cell.textContent),
      codes: Array.from(row.querySelectorAll('[data-code]'),
                        (chip) => [chip.getAttribute('data-code'), Number(chip.querySelector('b').textContent)]),
    })),
    perTableHeads: Array.from(document.querySelectorAll('table.per-table thead th'), (th) => th.textContent),
    outside,
    scripts: Array.from(document.scripts, (s) => s.type || 'classic'),
  };
})()
""" % JSON_ID

# Run in the page with a list of [select name, value] pairs: sets the findings filter and
# returns the rows it leaves visible and the filter's own count line.
APPLY_FILTER = r"""
((choices) => {
  const bar = document.querySelector('#findings .filters');
  if (!bar) return {error: 'no filter bar before the findings table'};
  for (const select of bar.querySelectorAll('select')) select.selectedIndex = 0;
  for (const [name, value] of choices) {
    const select = bar.querySelector('select[name="' + name + '"]');
    if (!select) return {error: 'no filter named ' + name};
    const option = Array.from(select.options).findIndex((o, i) => i > 0 && o.value === value);
    if (option < 0) return {error: 'filter ' + name + ' has no option ' + JSON.stringify(value)};
    select.selectedIndex = option;
  }
  bar.querySelector('select').dispatchEvent(new Event('change', {bubbles: true}));
  const table = document.querySelector('tbody[data-rows="violations"]').closest('table');
  const rows = Array.from(table.tBodies[0].rows);
  const status = bar.querySelector('.filter-count');
  return {visible: rows.filter((row) => row.getClientRects().length > 0).length,
          matched: Number(status.getAttribute('data-matched')),
          perPage: Number(table.getAttribute('data-paged')) || rows.length,
          status: status.textContent};
})(%s)
"""

SHOW_ALL = r"""
(() => {
  const button = document.querySelector('#findings .filters button');
  if (button) button.click();
  return Array.from(document.querySelectorAll('tbody[data-rows="violations"] tr'))
      .filter((row) => row.getClientRects().length > 0).length;
})()
"""


def evaluate(browser, session, expression):
    result = browser.call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session)
    if "exceptionDetails" in result:
        raise Failure(f"evaluating in the page threw: {result['exceptionDetails']}")
    return result["result"].get("value")


def check_page(page, report):
    """Every figure of the page against the JSON report; returns the problems found."""
    problems = []
    if page["embedded"] is None:
        return [f'no <script type="application/json" id="{JSON_ID}"> in the page']
    embedded = json.loads(page["embedded"])
    if embedded != report:
        problems.append("the JSON embedded in the page differs from the --format json report")
    if page["scripts"].count("application/json") != 1:
        problems.append(f"scripts in the page: {page['scripts']}; expected one JSON data block")
    if page["outside"]:
        problems.append(f"references outside the page: {page['outside'][:5]}")

    shown_paths = set()
    for figure in page["figures"]:
        path = figure["path"]
        shown_paths.add(path)
        for name, document in (("embedded JSON", embedded), ("JSON report", report)):
            try:
                want = shown(resolve(document, path))
            except Failure as failure:
                problems.append(f"{failure} (in the {name})")
                continue
            if figure["value"] != want:
                problems.append(f"<{figure['tag'].lower()} data-figure={path!r}> shows {figure['value']!r}; "
                                f"the {name} has {want!r}")

    row_paths = set()
    for body in page["bodies"]:
        rows = resolve(report, body["path"])
        row_paths.add(body["path"])
        if len(body["rows"]) != len(rows):
            problems.append(f"tbody data-rows={body['path']!r}: {len(body['rows'])} rows, the JSON has {len(rows)}")
        for i, (cells, item) in enumerate(zip(body["rows"], rows)):
            if len(cells) != len(body["keys"]):
                problems.append(f"{body['path']}.{i}: {len(cells)} cells under {len(body['keys'])} headers")
                continue
            for key, cell in zip(body["keys"], cells):
                if cell != shown(item.get(key)):
                    problems.append(f"{body['path']}.{i}.{key}: the page shows {cell!r}, "
                                    f"the JSON has {shown(item.get(key))!r}")
            missing = set(item) - set(body["keys"])
            if missing:
                problems.append(f"{body['path']}.{i}: members not in the table: {sorted(missing)}")

    # Every figure of the JSON is on the page, but the format number.
    for path, _ in leaves(report):
        if path == "format" or any(path.startswith(p + ".") for p in row_paths):
            continue
        if path not in shown_paths:
            problems.append(f"the JSON's {path} is not shown with data-figure on the page")

    # Per table: derived from the violations, which name their table (null: none).
    want = collections.defaultdict(collections.Counter)
    severities = collections.defaultdict(collections.Counter)
    for violation in report["violations"]:
        table = violation["table"] or ""
        want[table][violation["code"]] += 1
        severities[table][violation["severity"]] += 1
    heads = page["perTableHeads"]
    seen = set()
    for row in page["perTable"]:
        table = row["table"]
        seen.add(table)
        if table not in want:
            problems.append(f"per table: a row for {table!r}, which no violation names")
            continue
        if dict(row["codes"]) != dict(want[table]) or len(row["codes"]) != len(want[table]):
            problems.append(f"per table {table!r}: codes {row['codes']}, the JSON has {dict(want[table])}")
        counts = [n for _, n in row["codes"]]
        if counts != sorted(counts, reverse=True):
            problems.append(f"per table {table!r}: codes not most frequent first: {row['codes']}")
        cells = dict(zip(heads, row["cells"]))
        if cells.get("violations") != str(sum(want[table].values())):
            problems.append(f"per table {table!r}: {cells.get('violations')} violations, "
                            f"the JSON has {sum(want[table].values())}")
        for severity in ("critical", "major", "minor", "error"):
            if cells.get(severity) != str(severities[table][severity]):
                problems.append(f"per table {table!r}: {severity} {cells.get(severity)}, "
                                f"the JSON has {severities[table][severity]}")
    if seen != set(want):
        problems.append(f"per table: tables {sorted(seen)}, the JSON's violations name {sorted(want)}")
    return problems


def check_filters(browser, session, report):
    problems = []
    violations = report["violations"]
    total = len(violations)

    def expect(choices, count, what):
        result = evaluate(browser, session, APPLY_FILTER % json.dumps(choices))
        if "error" in result:
            problems.append(f"filter {what}: {result['error']}")
            return
        # A page of rows at a time (data-paged); the count line counts every match.
        if result["visible"] != min(count, result["perPage"]):
            problems.append(f"filter {what}: {result['visible']} rows visible, the JSON has {count} "
                            f"({result['perPage']} a page)")
        one_page = count <= result["perPage"]
        if result["matched"] != count or (one_page and not result["status"].startswith(f"{count} of {total} ")):
            problems.append(f"filter {what}: the count line says {result['status']!r} "
                            f"(data-matched {result['matched']}), the JSON has {count}")

    if total == 0:
        if evaluate(browser, session, "document.querySelectorAll('#findings .filters').length") != 0:
            problems.append("a filter bar over an empty findings table")
        return problems
    for code, count in report["summary"]["by_code"].items():
        expect([["code", code]], count, f"code={code}")
    for severity, count in collections.Counter(v["severity"] for v in violations).items():
        expect([["severity", severity]], count, f"severity={severity}")
    for table, count in collections.Counter(v["table"] or "" for v in violations).items():
        expect([["table", table]], count, f"table={table!r}")
    first = violations[0]
    pair = sum(1 for v in violations if v["code"] == first["code"] and v["table"] == first["table"])
    expect([["code", first["code"]], ["table", first["table"] or ""]], pair, "code and table together")
    visible = evaluate(browser, session, SHOW_ALL)
    per_page = evaluate(browser, session,
                        "Number(document.querySelector('table.findings').getAttribute('data-paged'))") or total
    if visible != min(total, per_page):
        problems.append(f"'show all': {visible} rows visible of {total} ({per_page} a page)")
    return problems


def run_check(pitboss, fmt, out, logs, deadline):
    try:
        result = subprocess.run([pitboss, "check", "--no-progress", "--format", fmt, "--out", str(out), *logs],
                                stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                timeout=deadline.left(f"running pitboss check --format {fmt}"))
    except subprocess.TimeoutExpired:
        raise Failure(f"timed out after {TIME_LIMIT:.0f} s running pitboss check --format {fmt}") from None
    if result.returncode not in (0, 1):
        raise Failure(f"pitboss check --format {fmt} exited {result.returncode}:\n{result.stderr}")
    return result.returncode


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pitboss", required=True, help="the pitboss binary")
    parser.add_argument("--screenshot", required=True, help="where to write the full-page PNG")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("logs", nargs="+", metavar="LOG")
    args = parser.parse_args()
    deadline = Deadline(TIME_LIMIT)

    chromium = shutil.which(args.chromium)
    if not chromium:
        raise Failure(f"{args.chromium} not found: run scripts/setup.sh, which installs Debian's chromium")
    screenshot = pathlib.Path(args.screenshot).resolve()
    screenshot.parent.mkdir(parents=True, exist_ok=True)
    json_path = screenshot.with_suffix(".json")
    html_path = screenshot.with_suffix(".html")
    json_status = run_check(args.pitboss, "json", json_path, args.logs, deadline)
    html_status = run_check(args.pitboss, "html", html_path, args.logs, deadline)
    if json_status != html_status:
        raise Failure(f"pitboss check exited {json_status} with --format json, {html_status} with html")
    report = json.loads(json_path.read_text(encoding="utf-8"))
    page_url = html_path.as_uri()

    profile = tempfile.mkdtemp(prefix="pitboss-chromium-")
    browser = None
    try:
        browser = Browser(chromium, profile, os.path.join(profile, "chromium.log"), deadline)
        target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Runtime", "Log", "Page", "Network"):
            browser.call(f"{domain}.enable", {}, session)
        browser.call("Emulation.setDeviceMetricsOverride",
                     {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False}, session)
        navigation = browser.call("Page.navigate", {"url": page_url}, session)
        if navigation.get("errorText"):
            raise Failure(f"could not open {page_url}: {navigation['errorText']}")
        browser.wait_for_event("Page.loadEventFired", session)

        page = evaluate(browser, session, READ_PAGE)
        problems = check_page(page, report)
        problems += check_filters(browser, session, report)

        metrics = browser.call("Page.getLayoutMetrics", {}, session)
        size = metrics.get("cssContentSize") or metrics["contentSize"]
        # Chromium captures a bitmap at most about 16384 pixels tall: a taller page is scaled
        # down to fit, to half size at most, and below that cut.
        scale = max(0.5, min(1.0, MAX_SHOT_HEIGHT / size["height"]))
        height = min(size["height"], MAX_SHOT_HEIGHT / scale)
        shot = browser.call("Page.captureScreenshot",
                            {"format": "png", "captureBeyondViewport": True,
                             "clip": {"x": 0, "y": 0, "width": size["width"], "height": height,
                                      "scale": scale}},
                            session)
        screenshot.write_bytes(base64.b64decode(shot["data"]))

        browser.drain(0.3)
        problems = problems_in(browser.events, page_url) + problems
    finally:
        if browser:
            browser.close()
        shutil.rmtree(profile, ignore_errors=True)

    if problems:
        shown_problems = problems[:40]
        more = f"\n... and {len(problems) - 40} more" if len(problems) > 40 else ""
        raise Failure("\n".join(shown_problems) + more)
    print(f"ok: {page['title']}: {len(page['figures'])} figures and "
          f"{sum(len(b['rows']) for b in page['bodies'])} rows agree with {json_path.name}; "
          f"screenshot {screenshot}")


if __name__ == "__main__":
    try:
        main()
    except Failure as failure:
        print(f"html_report_test: FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
