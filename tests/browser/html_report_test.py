#!/usr/bin/env python3
"""The HTML reports (`pitboss check --format html`, `pitboss stats --format html`) in a real browser.

Runs the command twice on the same logs, with --format json and --format html (for check, also
`pitboss stats --format json`, whose statistics the check page shows), opens the page in headless
Chromium and speaks the Chrome DevTools Protocol to it over a pipe (--remote-debugging-pipe: the
browser reads commands on its fd 3 and writes replies and events on its fd 4, each a JSON message
ended by a NUL byte). Fails on:

  - any script exception, console error, warning or failed assertion, or browser log error
    (a Content-Security-Policy violation is one), and any request the page makes at all: it
    must be self-contained;
  - a figure of the page (every element with data-figure, every row of a tbody with
    data-rows: src/report/html.h, "Page conventions") that differs from the JSON embedded in
    the page or from the separately written JSON report, a figure of the JSON the page does
    not show, or embedded JSON that differs from the JSON report. A figure inside an element
    with data-json="ID" is a path into the JSON block of that id: on the check page, the
    statistics section's, the "groups" array of `pitboss stats --format json`;
  - a plot (<figure data-plot="PATH" data-label="KEY">, the array at PATH, each element named
    by its member KEY; with data-minus="M", each figure less the element's member M) whose
    marks' numbers (data-observed, data-expected, data-low, data-high, data-theoretical)
    differ from the JSON's, or that lacks a mark;
  - check: per-table counts that differ from the JSON report's violations, a rule set whose
    statistics are not shown;
  - a findings view (src/report/html.h: the findings rendered from the page's JSON, a page at a
    time) whose pages, read through, do not show each finding once and as the JSON has it; whose
    facets (code, severity, table, input, day, reading) count or show other findings than the
    JSON's, alone or narrowed by another facet; whose search by a round id (of a finding beyond
    the first page) or by text finds others; or whose sort by a column of numbers or of text,
    either way, orders them otherwise;
  - the stats page's table of tests, whose filters (rule set, table, test and verdicts) show a
    number of rows other than the JSON's count.

Then writes a full-page screenshot. Python 3 standard library only. Gives up after 60 s.

With --findings N instead of logs, it generates a log of N rounds each with a finding
(`pitboss generate`, bench/corrupt_settle.py), and fails where the check page is not smaller
than --max-bytes, where it shows its first page of findings later than --max-ms (if given) after the
navigation began (the time the page records), where its data differs from the JSON report, and
on the findings view's checks above. It prints the size and time measured.

With --columns WIDTH, only the check page's findings table, in a window WIDTH px wide: it fails
where the columns shown at first (message, clause and reading_dependent among them) do not fit
without scrolling sideways, every finding on one page of 1000, or where the column chooser does
not show a hidden column (its cells as the JSON has them), hide a shown one, show them all and go
back to the first columns. The screenshot is of the window, as the page opens.

Usage: html_report_test.py [--command check|stats] --pitboss BIN --screenshot PNG [--chromium PATH] LOG...
       html_report_test.py --findings N [--max-bytes B] [--max-ms T] --pitboss BIN --screenshot PNG
       html_report_test.py --columns WIDTH --pitboss BIN --screenshot PNG LOG...
"""

import argparse
import base64
import collections
import fcntl
import json
import os
import pathlib
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

TIME_LIMIT = 60.0
MAX_SHOT_HEIGHT = 16000
# The ids of the pages' embedded JSON (src/report/html_writer.cc, stats_html_writer.cc): the
# report's, and on the check page the statistics'.
JSON_ID = "pitboss-report"
STATS_ID = "pitboss-stats"


class Failure(Exception):
    pass


class Deadline:
    def __init__(self, seconds):
        self.seconds = seconds
        self.end = time.monotonic() + seconds

    def left(self, what):
        left = self.end - time.monotonic()
        if left <= 0:
            raise Failure(f"timed out after {self.seconds:.0f} s {what}")
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
        if value and all(isinstance(v, dict) and "line" in v and "input" in v for v in value):
            # A finding's consequence_list: each named in words, joined by "; ".
            return "; ".join(shown(v) for v in value)
        return ", ".join(shown(v) for v in value)
    if isinstance(value, dict) and {"input", "line", "round"} <= set(value):
        # One consequence, as src/report/money_format.h's ConsequenceText names it.
        parts = [f"round {value['round']}"] if value["round"] else []
        if value.get("event") is not None:
            parts.append(f"event {value['event']}")
        if value.get("card"):
            parts.append(f"card {value['card']}")
        where = "standard input" if value["input"] == "-" else value["input"]
        if value["line"] > 0:
            where += f":{value['line']}"
        return shown(", ".join(parts) + ((" (" if parts else "(") + where + ")" if where else ""))
    if isinstance(value, dict) and set(value) == {"ambiguity", "readings"}:
        # A finding's cleared_by entry: AMBIGUITY=READING for each reading.
        return ", ".join(shown(f"{value['ambiguity']}={reading}") for reading in value["readings"])
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


def matches(text, value):
    """Whether a figure's text shows the JSON `value`. A number that is not whole is written
    in whatever form reads back to the same double (FormatNumber's and JSON's shortest forms
    agree, but Python's repr may not), so it is compared as a number."""
    if isinstance(value, float):
        try:
            return float(text) == value
        except ValueError:
            return False
    return text == shown(value)


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


def expand_compact(node):
    """A page's JSON with each compact array (src/report/html.h, "Compact arrays") written out as
    the array it stands for."""
    if isinstance(node, list):
        return [expand_compact(value) for value in node]
    if not isinstance(node, dict):
        return node
    if node.get("compact") == 1 and set(node) == {"compact", "rows", "keys", "values"}:
        items = []
        for row in node["rows"]:
            names = node["keys"][row[0]]
            if len(row) != len(names) + 1:
                raise Failure(f"a compact row of {len(row) - 1} values under {len(names)} keys")
            items.append({name: node["values"][name][value] if name in node["values"] else value
                          for name, value in zip(names, row[1:])})
        return items
    return {key: expand_compact(value) for key, value in node.items()}


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
  const sourceOf = (el) => {
    const scope = el.closest('[data-json]');
    return scope ? scope.getAttribute('data-json') : '%s';
  };
  const jsons = {};
  for (const script of document.querySelectorAll('script[type="application/json"]')) jsons[script.id] = script.textContent;
  // A findings view shows a page of rows at a time: every page is read, the largest pages first.
  const bodies = Array.from(document.querySelectorAll('tbody[data-rows]')).map((body) => {
    const table = body.closest('table');
    const keys = Array.from(table.tHead.rows[table.tHead.rows.length - 1].cells, (th) => th.getAttribute('data-key'));
    const view = body.closest('.findings-view');
    const read = () => Array.from(body.rows, (row) => ({index: row.hasAttribute('data-index') ? Number(row.getAttribute('data-index')) : null,
                                                         cells: Array.from(row.cells, valueOf)}));
    let rows = read();
    if (view) {
      const size = view.querySelector('select[name="page-size"]');
      size.selectedIndex = size.options.length - 1;
      size.dispatchEvent(new Event('change'));
      view.querySelector('.pager button[data-page="first"]').click();
      rows = read();
      for (let next = view.querySelector('.pager button[data-page="next"]'); !next.disabled;) {
        next.click();
        rows = rows.concat(read());
      }
      size.selectedIndex = 0;
      size.dispatchEvent(new Event('change'));
    }
    return {path: body.getAttribute('data-rows'), source: sourceOf(body), keys, view: Boolean(view), rows};
  });
  const marks = (plot, selector, names) => Array.from(plot.querySelectorAll(selector), (el) => {
    const mark = {};
    for (const name of names) mark[name] = el.getAttribute('data-' + name);
    return mark;
  });
  const plots = Array.from(document.querySelectorAll('figure[data-plot]'), (plot) => ({
    path: plot.getAttribute('data-plot'), source: sourceOf(plot), label: plot.getAttribute('data-label'),
    minus: plot.getAttribute('data-minus'),
    svgs: plot.querySelectorAll('svg').length,
    bars: marks(plot, 'rect.bar[data-category]', ['category', 'observed']),
    ticks: marks(plot, 'line.expected[data-category]', ['category', 'expected']),
    whiskers: marks(plot, 'path.whisker[data-category]', ['category', 'low', 'high']),
    points: marks(plot, 'circle.point[data-row]', ['row', 'observed']),
    theory: marks(plot, 'line.theory[data-row]', ['row', 'theoretical']),
    intervals: marks(plot, 'path.interval[data-row]', ['row', 'low', 'high']),
  }));
  const outside = [];
  for (const el of document.querySelectorAll('*')) {
    for (const name of ['src', 'href', 'xlink:href', 'action', 'formaction', 'poster', 'data', 'srcset', 'background']) {
      const value = el.getAttribute(name);
      if (value !== null && !(name === 'href' && value.startsWith('#'))) outside.push(el.tagName + ' ' + name + '=' + value);
    }
  }
  return {
    title: document.title,
    jsons,
    figures: Array.from(document.querySelectorAll('[data-figure]'),
                        (el) => ({path: el.getAttribute('data-figure'), source: sourceOf(el), value: valueOf(el),
                                  tag: el.tagName})),
    bodies,
    plots,
    perTable: Array.from(document.querySelectorAll('table.per-table tbody tr'), (row) => ({
      table: row.getAttribute('data-table'),
      cells: Array.from(row.cells, (cell) => cell.textContent),
      codes: Array.from(row.querySelectorAll('[data-code]'),
                        (chip) => [chip.getAttribute('data-code'), Number(chip.querySelector('b').textContent)]),
    })),
    perTableHeads: Array.from(document.querySelectorAll('table.per-table thead th'), (th) => th.textContent),
    statistics: Array.from(document.querySelectorAll('#statistics'), (el) => el.getAttribute('data-json')),
    outside,
    scripts: Array.from(document.scripts, (s) => s.type || 'classic'),
  };
})()
""" % JSON_ID

# Run in the page with a CSS selector of a filtered table and a list of [select name, value]
# pairs: sets the table's filter and returns the rows it leaves visible and its count line.
APPLY_FILTER = r"""
((selector, choices) => {
  const table = document.querySelector(selector);
  if (!table) return {error: 'no table ' + selector};
  const bar = (table.closest('.table-wrap') || table).previousElementSibling;
  if (!bar || !bar.classList.contains('filters')) return {error: 'no filter bar before ' + selector};
  for (const select of bar.querySelectorAll('select')) select.selectedIndex = 0;
  for (const [name, value] of choices) {
    const select = bar.querySelector('select[name="' + name + '"]');
    if (!select) return {error: 'no filter named ' + name};
    const option = Array.from(select.options).findIndex((o, i) => i > 0 && o.value === value);
    if (option < 0) return {error: 'filter ' + name + ' has no option ' + JSON.stringify(value)};
    select.selectedIndex = option;
  }
  bar.querySelector('select').dispatchEvent(new Event('change', {bubbles: true}));
  const rows = Array.from(table.tBodies[0].rows);
  const status = bar.querySelector('.filter-count');
  return {visible: rows.filter((row) => row.getClientRects().length > 0).length,
          matched: Number(status.getAttribute('data-matched')),
          status: status.textContent};
})(%s, %s)
"""

# Run in the page with a CSS selector of a filtered table: clicks 'show all' and returns the
# rows visible.
SHOW_ALL = r"""
((selector) => {
  const table = document.querySelector(selector);
  const bar = (table.closest('.table-wrap') || table).previousElementSibling;
  const button = bar && bar.querySelector('button');
  if (button) button.click();
  return Array.from(table.tBodies[0].rows).filter((row) => row.getClientRects().length > 0).length;
})(%s)
"""


# An expression, in a function of the findings view `view`: what the view shows, its count
# line, its rows' indices and its selects' options.
VIEW_STATE = r"""(() => {
  const status = view.querySelector('.filter-count');
  const options = {};
  for (const select of view.querySelectorAll('.filters select')) {
    options[select.name] = Array.from(select.options).slice(1).map((o) => [o.value, o.text]);
  }
  return {matched: Number(status.getAttribute('data-matched')), status: status.textContent,
          perPage: Number(view.querySelector('select[name="page-size"]').value),
          rows: Array.from(view.querySelector('tbody').rows, (row) => Number(row.getAttribute('data-index'))),
          options};
})()"""

# Run in the page with a findings view's selector, a search and [select name, value] pairs: sets
# them (every other select to all) and returns VIEW_STATE.
VIEW_SET = r"""
((selector, search, choices) => {
  const view = document.querySelector(selector);
  if (!view) return {error: 'no findings view'};
  const bar = view.querySelector('.filters');
  for (const select of bar.querySelectorAll('select')) select.selectedIndex = 0;
  for (const [name, value] of choices) {
    const select = bar.querySelector('select[name="' + name + '"]');
    if (!select) return {error: 'no select named ' + name};
    const option = Array.from(select.options).findIndex((o, i) => i > 0 && o.value === value);
    if (option < 0) return {error: 'select ' + name + ' has no option ' + JSON.stringify(value)};
    select.selectedIndex = option;
  }
  const box = bar.querySelector('input[type="search"]');
  box.value = search;
  box.dispatchEvent(new Event('change', {bubbles: true}));
  return STATE;
})(%s, %s, %s)
""".replace("STATE", VIEW_STATE)

# Run in the page with a findings view's selector and a data-key: clicks that column's head and
# returns VIEW_STATE with the head's aria-sort.
VIEW_SORT = r"""
((selector, key) => {
  const view = document.querySelector(selector);
  const head = view.querySelector('th[data-key="' + key + '"]');
  head.querySelector('button').click();
  return Object.assign(STATE, {sort: head.getAttribute('aria-sort')});
})(%s, %s)
""".replace("STATE", VIEW_STATE)


def evaluate(browser, session, expression):
    result = browser.call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session)
    if "exceptionDetails" in result:
        raise Failure(f"evaluating in the page threw: {result['exceptionDetails']}")
    return result["result"].get("value")


def without_run_provenance(report):
    """The report but for what each run states of itself (its command line and time), which
    differs between the page's run and the JSON's."""
    if not isinstance(report, dict):
        return report
    return {k: v for k, v in report.items() if k not in ("command_line", "analysis_time")}


def check_figures(page, references):
    """Every data-figure and data-rows figure of the page against the JSON blocks embedded in
    it and against `references` (JSON id -> the JSON written separately); returns the problems
    and the paths shown, per JSON id."""
    problems = []
    embedded = {}
    if set(page["jsons"]) != set(references):
        problems.append(f"JSON blocks in the page: {sorted(page['jsons'])}; expected {sorted(references)}")
    if page["scripts"].count("application/json") != len(references):
        problems.append(f"scripts in the page: {page['scripts']}; expected {len(references)} JSON data blocks")
    for source, reference in references.items():
        if source not in page["jsons"]:
            continue
        embedded[source] = expand_compact(json.loads(page["jsons"][source]))
        if without_run_provenance(embedded[source]) != without_run_provenance(reference):
            problems.append(f"the JSON embedded in the page as {source!r} differs from the one written apart")
    if page["outside"]:
        problems.append(f"references outside the page: {page['outside'][:5]}")

    shown_paths = collections.defaultdict(set)
    row_paths = collections.defaultdict(set)
    for figure in page["figures"]:
        path, source = figure["path"], figure["source"]
        shown_paths[source].add(path)
        if source not in embedded:
            problems.append(f"data-figure={path!r} reads {source!r}, which the page does not embed")
            continue
        documents = [("embedded JSON", embedded[source])]
        if path.split(".")[0] not in ("command_line", "analysis_time"):  # each run's own
            documents.append(("JSON written apart", references[source]))
        for name, document in documents:
            try:
                want = resolve(document, path)
            except Failure as failure:
                problems.append(f"{failure} (in the {name} {source!r})")
                continue
            if not matches(figure["value"], want):
                problems.append(f"<{figure['tag'].lower()} data-figure={path!r}> shows {figure['value']!r}; "
                                f"the {name} {source!r} has {shown(want) if not isinstance(want, float) else want!r}")

    for body in page["bodies"]:
        source = body["source"]
        if source not in references:
            problems.append(f"tbody data-rows={body['path']!r} reads {source!r}, which the page does not embed")
            continue
        rows = resolve(references[source], body["path"])
        row_paths[source].add(body["path"])
        if len(body["rows"]) != len(rows):
            problems.append(f"tbody data-rows={body['path']!r}: {len(body['rows'])} rows, the JSON has {len(rows)}")
        # A findings view's row I shows element I; every element once, over its pages.
        if body["view"]:
            indices = [row["index"] for row in body["rows"]]
            if sorted(indices) != list(range(len(rows))):
                problems.append(f"tbody data-rows={body['path']!r}: its pages show the elements {indices[:20]}..., "
                                f"not each of the JSON's {len(rows)} once")
                continue
            ordered = sorted(body["rows"], key=lambda row: row["index"])
        else:
            ordered = body["rows"]
        for i, (row, item) in enumerate(zip(ordered, rows)):
            cells = row["cells"]
            if len(cells) != len(body["keys"]):
                problems.append(f"{body['path']}.{i}: {len(cells)} cells under {len(body['keys'])} headers")
                continue
            for key, cell in zip(body["keys"], cells):
                if not matches(cell, item.get(key)):
                    problems.append(f"{body['path']}.{i}.{key}: the page shows {cell!r}, "
                                    f"the JSON has {shown(item.get(key))!r}")
            missing = set(item) - set(body["keys"])
            if missing:
                problems.append(f"{body['path']}.{i}: members not in the table: {sorted(missing)}")
    return problems, shown_paths, row_paths


def unshown(document, shown_paths, row_paths, skip=("format",)):
    """The figures of `document` the page shows nowhere."""
    missing = []
    for path, _ in leaves(document):
        if path in skip or any(path.startswith(p + ".") for p in row_paths):
            continue
        if path not in shown_paths:
            missing.append(path)
    return missing


def check_plots(page, references):
    """Every plot's marks against the array it names; returns the problems and the plotted
    paths, per JSON id."""
    problems = []
    plotted = collections.defaultdict(list)
    for plot in page["plots"]:
        where = f"<figure data-plot={plot['path']!r}>"
        if plot["source"] not in references:
            problems.append(f"{where} reads {plot['source']!r}, which the page does not embed")
            continue
        plotted[plot["source"]].append(plot["path"])
        if plot["svgs"] != 1:
            problems.append(f"{where}: {plot['svgs']} svg elements")
        try:
            items = resolve(references[plot["source"]], plot["path"])
        except Failure as failure:
            problems.append(f"{where}: {failure}")
            continue
        labels = [shown(item[plot["label"]]) for item in items]
        by_label = dict(zip(labels, items))

        def want(item, key):
            value = item[key]
            return value - item[plot["minus"]] if plot["minus"] else value

        def compare(kind, marks, name_attribute, keys):
            names = [mark[name_attribute] for mark in marks]
            if names != labels:
                problems.append(f"{where}: {kind} for {names}, the JSON has {labels}")
            for mark in marks:
                item = by_label.get(mark[name_attribute])
                if item is None:
                    continue
                for key in keys:
                    try:
                        number = float(mark[key])
                    except (TypeError, ValueError):
                        number = None
                    if number != want(item, key):
                        problems.append(f"{where} {kind} {mark[name_attribute]!r}: data-{key}={mark[key]!r}, "
                                        f"the JSON has {want(item, key)!r}")

        if plot["bars"] or not plot["points"]:
            compare("bars", plot["bars"], "category", ["observed"])
            compare("whiskers", plot["whiskers"], "category", ["low", "high"])
            if plot["minus"]:
                if plot["ticks"]:
                    problems.append(f"{where}: ticks on a plot of differences")
            else:
                compare("ticks", plot["ticks"], "category", ["expected"])
        else:
            compare("points", plot["points"], "row", ["observed"])
            compare("theoretical ticks", plot["theory"], "row", ["theoretical"])
            compare("intervals", plot["intervals"], "row", ["low", "high"])
    return problems, plotted


def check_group_plots(groups, prefix, plotted):
    """Each group of `groups` has its two plots of ranks and, where it has returns, its plot of
    them."""
    problems = []
    for i, group in groups:
        at = f"{prefix}{i}."
        if plotted.count(at + "ranks") != 2:
            problems.append(f"group {at[:-1]} ({group['spec']}, {group['table']}): "
                            f"{plotted.count(at + 'ranks')} plots of its ranks, expected 2")
        if plotted.count(at + "returns") != (1 if group["returns"] else 0):
            problems.append(f"group {at[:-1]} ({group['spec']}, {group['table']}): "
                            f"{plotted.count(at + 'returns')} plots of its returns")
    return problems


def check_per_table(page, report):
    """The check page's per-table counts, derived from the violations, which name their table."""
    problems = []
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


def check_check_page(page, report, groups):
    """The check page: its figures, per-table counts and statistics section."""
    references = {JSON_ID: report, STATS_ID: groups}
    problems, shown_paths, row_paths = check_figures(page, references)
    problems += [f"the JSON's {path} is not shown with data-figure on the page"
                 for path in unshown(report, shown_paths[JSON_ID], row_paths[JSON_ID])]
    problems += check_per_table(page, report)

    # The statistics: per rule set (every table together), each test with its figures (the
    # note of a test that ran is its row's tooltip), the ranks drawn, and the plots.
    if page["statistics"] != [STATS_ID]:
        problems.append(f"statistics sections reading {page['statistics']}; expected one reading {STATS_ID!r}")
    rule_sets = [(i, group) for i, group in enumerate(groups) if group["table"] is None]
    if not rule_sets and groups:
        problems.append("no group of every table of a rule set in the statistics")
    for i, group in rule_sets:
        wanted = [f"{i}.spec", f"{i}.rounds"] + [f"{i}.ranks.{r}.observed" for r in range(len(group["ranks"]))]
        for t, test in enumerate(group["tests"]):
            wanted += [f"{i}.tests.{t}.{key}" for key in test if key != "note" or not test["applicable"]]
        problems += [f"the statistics' {path} is not shown with data-figure on the page"
                     for path in wanted if path not in shown_paths[STATS_ID]]
    plot_problems, plotted = check_plots(page, references)
    problems += plot_problems
    problems += check_group_plots(rule_sets, "", plotted[STATS_ID])
    if any(not path.split(".")[0].isdigit() or groups[int(path.split(".")[0])]["table"] is not None
           for path in plotted[STATS_ID]):
        problems.append(f"plots of groups other than rule sets: {plotted[STATS_ID]}")
    return problems


def check_stats_page(page, report):
    """The stats page: every figure of its JSON shown, every group plotted."""
    references = {JSON_ID: report}
    problems, shown_paths, row_paths = check_figures(page, references)
    problems += [f"the JSON's {path} is not shown with data-figure on the page"
                 for path in unshown(report, shown_paths[JSON_ID], row_paths[JSON_ID])]
    plot_problems, plotted = check_plots(page, references)
    problems += plot_problems
    problems += check_group_plots(list(enumerate(report["groups"])), "groups.", plotted[JSON_ID])
    return problems


def check_filter(browser, session, selector, expectations, total):
    """Sets the filter of the table at `selector` to each of `expectations` ((choices, count,
    what)) and compares the rows shown with the count; then 'show all'."""
    problems = []
    for choices, count, what in expectations:
        result = evaluate(browser, session, APPLY_FILTER % (json.dumps(selector), json.dumps(choices)))
        if "error" in result:
            problems.append(f"filter {what}: {result['error']}")
            continue
        if result["visible"] != count:
            problems.append(f"filter {what}: {result['visible']} rows visible, the JSON has {count}")
        if result["matched"] != count or not result["status"].startswith(f"{count} of {total} "):
            problems.append(f"filter {what}: the count line says {result['status']!r} "
                            f"(data-matched {result['matched']}), the JSON has {count}")
    visible = evaluate(browser, session, SHOW_ALL % json.dumps(selector))
    if visible != total:
        problems.append(f"{selector}: 'show all': {visible} rows visible of {total}")
    return problems


def facet_values(finding):
    """A finding's values of each facet of the findings view (src/report/html.h)."""
    cleared = [f"cleared by {by['ambiguity']}={reading}" for by in finding.get("cleared_by", [])
               for reading in by["readings"]]
    time_ = finding.get("time")
    return {"code": [finding["code"]], "severity": [finding["severity"]], "table": [finding["table"] or ""],
            "input": [finding["input"]], "day": [time_[:10] if time_ else ""],
            "reading": cleared or finding.get("reading_dependent") or [""]}


def option_counts(options):
    """{value: count} from a select's options, as [value, text] pairs whose text ends in (N)."""
    counts = {}
    for value, text in options:
        number = text[text.rindex("(") + 1:-1].replace(",", "")
        counts[value] = int(number)
    return counts


def money_words(amount, currency, digits):
    """Minor units in words, as src/report/money_format.h's FormatMoney writes them."""
    whole, fraction = divmod(abs(amount), 10 ** digits)
    text = f"{currency} {whole:,}" + (f".{fraction:0{digits}d}" if digits else "")
    return ("-" if amount < 0 else "") + text


def check_money_words(browser, session, selector, findings):
    """The amounts on a findings view's page: in words where the view knows the currency's
    digits, with the figure as data-value; the figure itself otherwise."""
    problems = []
    page = evaluate(browser, session, r"""
((selector) => {
  const view = document.querySelector(selector);
  const keys = Array.from(view.querySelectorAll('th'), (th) => th.getAttribute('data-key'));
  return {digits: JSON.parse(view.getAttribute('data-currency-digits')),
          rows: Array.from(view.querySelector('tbody').rows, (row) => ({
            index: Number(row.getAttribute('data-index')),
            cells: Object.fromEntries(Array.from(row.cells, (cell, i) =>
              [keys[i], [cell.textContent, cell.getAttribute('data-value')]]))}))};
})(%s)""" % json.dumps(selector))
    for row in page["rows"]:
        finding = findings[row["index"]]
        for key in ("expected", "actual", "overpaid", "underpaid", "money_moved"):
            if key not in finding:
                continue
            text, value = row["cells"][key]
            digits = page["digits"].get(finding.get("currency"))
            want = ((money_words(finding[key], finding["currency"], digits), str(finding[key])) if digits is not None
                    else (str(finding[key]), None))
            if (text, value) != want:
                problems.append(f"finding {row['index']} {key}: shown {text!r} (data-value {value!r}), expected {want}")
    return problems


def natural(text):
    """The findings view's sort key of a cell's text."""
    return re.sub(r"\d+", lambda digits: digits.group().zfill(20), text.lower())


def check_without_scripts(browser, page_url, report):
    """The check page with scripts off: its summary figures shown, and in place of the findings
    (where there are some) the note that says where their data is."""
    session = open_page(browser, page_url, scripts=False)
    seen = evaluate(browser, session, r"""
(() => {
  const shown = (el) => el !== null && el.getClientRects().length > 0;
  return {violations: Array.from(document.querySelectorAll('#summary [data-figure="summary.violations"]'),
                                 (el) => shown(el) ? el.textContent : null),
          table: shown(document.querySelector('#findings table.findings')),
          note: document.querySelector('#findings noscript') !== null &&
                document.body.innerText.includes('The table of findings needs JavaScript')};
})()""")
    problems = []
    if seen["violations"] != [str(len(report["violations"]))]:
        problems.append(f"scripts off: the summary shows {seen['violations']} violations, the JSON has "
                        f"{len(report['violations'])}")
    if seen["table"]:
        problems.append("scripts off: the empty findings table is shown")
    if seen["note"] != bool(report["violations"]):
        problems.append(f"scripts off: the note on the findings' data is {'' if seen['note'] else 'not '}shown")
    return problems


def check_findings_view(browser, session, section, findings, keys):
    """The findings view of #SECTION against its findings: each facet's options, alone and
    narrowed by another, the search by round id (a round beyond the first page) and by text,
    and the sort by a column of numbers and one of text, both ways."""
    selector = f"#{section} .findings-view"
    if not findings:
        if evaluate(browser, session, f"document.querySelectorAll('#{section} .findings-view').length") != 0:
            return [f"a findings view over no findings in #{section}"]
        return []
    problems = []
    n = len(findings)
    values = [facet_values(f) for f in findings]

    def state(search="", choices=()):
        result = evaluate(browser, session, VIEW_SET % (json.dumps(selector), json.dumps(search), json.dumps(list(choices))))
        if "error" in result:
            raise Failure(f"{selector}: {result['error']}")
        return result

    def expect(result, wanted, what):
        """The view shows the findings `wanted` (indices, in order found): its count, its first page."""
        if result["matched"] != len(wanted):
            problems.append(f"{what}: data-matched {result['matched']} ({result['status']!r}), the JSON has {len(wanted)}")
        if result["rows"] != wanted[:result["perPage"]]:
            problems.append(f"{what}: rows {result['rows'][:10]}..., the JSON's first page is {wanted[:10]}...")

    # Each facet alone: every value's count, in the options and in the rows.
    unfiltered = state()
    expect(unfiltered, list(range(n)), "no filter")
    problems += check_money_words(browser, session, selector, findings)
    for facet, options in unfiltered["options"].items():
        want = collections.Counter(v for row in values for v in row[facet])
        if option_counts(options) != dict(want):
            problems.append(f"facet {facet}: options {options}, the JSON counts {dict(want)}")
    for facet in ("code", "severity", "table", "input", "day", "reading"):
        for value in sorted({v for row in values for v in row[facet]})[:12]:
            wanted = [i for i, row in enumerate(values) if value in row[facet]]
            expect(state(choices=[[facet, value]]), wanted, f"{facet}={value!r}")

    # A filter narrows the other facets' counts: those of the findings it leaves.
    code = values[-1]["code"][0]
    narrowed = state(choices=[["code", code]])
    for facet, options in narrowed["options"].items():
        pool = values if facet == "code" else [row for row in values if code in row["code"]]
        want = collections.Counter(v for row in pool for v in row[facet])
        got = option_counts(options)
        if {k: v for k, v in got.items() if v} != dict(want):
            problems.append(f"with code={code}: facet {facet} counts {got}, the JSON {dict(want)}")
    table = values[-1]["table"][0]
    wanted = [i for i, row in enumerate(values) if code in row["code"] and table in row["table"]]
    expect(state(choices=[["code", code], ["table", table]]), wanted, f"code={code} and table={table!r}")

    # The search: a round id beyond the first page finds its round's findings only.
    per_page = unfiltered["perPage"]
    with_round = [i for i, f in enumerate(findings) if f["round"]]
    if with_round:
        beyond = [i for i in with_round if i >= per_page]
        at = beyond[len(beyond) // 2] if beyond else with_round[-1]
        round_id = findings[at]["round"]
        wanted = [i for i, f in enumerate(findings) if f["round"] == round_id]
        result = state(search=round_id)
        expect(result, wanted, f"search for round {round_id!r} (finding {at})")
        if not result["status"].startswith(f"round {shown(round_id)}: "):
            problems.append(f"search for round {round_id!r}: the count line says {result['status']!r}")
        # With a filter that leaves it out, none.
        other = next((row["code"][0] for row in values if row["code"][0] != findings[at]["code"]), None)
        if other:
            expect(state(search=round_id, choices=[["code", other]]),
                   [i for i in wanted if other in values[i]["code"]], f"round {round_id!r} and code={other}")
    # Free text, case aside: a clause, in any column.
    query = findings[-1]["clause"].upper()
    wanted = [i for i, f in enumerate(findings)
              if any(query.lower() in shown(f.get(key)).lower() for key in keys if key)]
    expect(state(search=query), wanted, f"search for text {query!r}")

    # Sorting by a column of numbers, then of text: both ways, empty cells last, ties in the order found.
    state()
    lines = [f["line"] for f in findings]
    for direction, wanted in (("ascending", sorted(range(n), key=lambda i: (lines[i], i))),
                              ("descending", sorted(range(n), key=lambda i: (-lines[i], i)))):
        result = evaluate(browser, session, VIEW_SORT % (json.dumps(selector), json.dumps("line")))
        if result["sort"] != direction:
            problems.append(f"sort by line: aria-sort {result['sort']!r}, expected {direction}")
        expect(result, wanted, f"sorted by line, {direction}")
    rounds = [natural(shown(f["round"])) if f["round"] else None for f in findings]
    present = [i for i in range(n) if rounds[i] is not None]
    empty = [i for i in range(n) if rounds[i] is None]
    for direction, wanted in (("ascending", sorted(present, key=lambda i: (rounds[i], i)) + empty),
                              ("descending", sorted(present, key=lambda i: (Reverse(rounds[i]), i)) + empty)):
        result = evaluate(browser, session, VIEW_SORT % (json.dumps(selector), json.dumps("round")))
        expect(result, wanted, f"sorted by round, {direction}")
    return problems


def page_keys(page):
    """The columns of the page's findings views: their header cells' data-key."""
    return next((body["keys"] for body in page["bodies"] if body["view"]), [])


class Reverse:
    """A sort key in reverse order."""

    def __init__(self, key):
        self.key = key

    def __lt__(self, other):
        return other.key < self.key

    def __eq__(self, other):
        return self.key == other.key


def check_tests_filter(browser, session, report):
    """The stats page's table of every test: by rule set, table, test and verdicts."""
    rows = []
    for group in report["groups"]:
        for test in group["tests"]:
            verdict = lambda key: ("pass" if test[key] else "FAIL") if test["applicable"] else "not tested"
            rows.append({"spec": shown(group["spec"]),
                         "table": "all tables" if group["table"] is None else shown(group["table"]),
                         "test": shown(test["id"]), "alone": verdict("pass_alone"), "across": verdict("pass")})
    if not rows:
        if evaluate(browser, session, "document.querySelectorAll('#tests .filters').length") != 0:
            return ["a filter bar over an empty table of tests"]
        return []
    expectations = []
    for key in ("spec", "table", "test", "alone", "across"):
        for value, count in collections.Counter(row[key] for row in rows).items():
            expectations.append(([[key, value]], count, f"{key}={value!r}"))
    last = rows[-1]
    pair = sum(1 for row in rows if row["table"] == last["table"] and row["across"] == last["across"])
    expectations.append(([["table", last["table"]], ["across", last["across"]]], pair, "table and verdict together"))
    return check_filter(browser, session, "#tests table.all-tests", expectations, len(rows))


def run(pitboss, command, fmt, out, logs, deadline, extra=()):
    """Runs `pitboss COMMAND --format FMT --out OUT LOG...`; returns its exit status."""
    options = (["--no-progress"] if command == "check" else []) + list(extra)
    try:
        result = subprocess.run([pitboss, command, *options, "--format", fmt, "--out", str(out), *logs],
                                stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                timeout=deadline.left(f"running pitboss {command} --format {fmt}"))
    except subprocess.TimeoutExpired:
        raise Failure(f"timed out running pitboss {command} --format {fmt}") from None
    if result.returncode not in (0, 1):
        raise Failure(f"pitboss {command} --format {fmt} exited {result.returncode}:\n{result.stderr}")
    return result.returncode


def open_page(browser, page_url, scripts=True, width=1280):
    """Opens `page_url` in a new tab of a window `width` by 900, watching its scripts, console, log
    and requests; returns the tab's session once the page has loaded."""
    target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    for domain in ("Runtime", "Log", "Page", "Network"):
        browser.call(f"{domain}.enable", {}, session)
    if not scripts:
        browser.call("Emulation.setScriptExecutionDisabled", {"value": True}, session)
    browser.call("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False}, session)
    navigation = browser.call("Page.navigate", {"url": page_url}, session)
    if navigation.get("errorText"):
        raise Failure(f"could not open {page_url}: {navigation['errorText']}")
    browser.wait_for_event("Page.loadEventFired", session)
    return session


BIG_AMOUNT = 2**53 + 1


def generate_findings(pitboss, rounds, log, deadline):
    """Writes a log of `rounds` generated rounds of casino war at eight tables, each settled one
    minor unit wrong (bench/corrupt_settle.py): a finding a round."""
    corrupt = pathlib.Path(__file__).resolve().parents[2] / "bench" / "corrupt_settle.py"
    with open(log, "wb") as out:
        generate = subprocess.Popen([pitboss, "generate", "--spec", "us-sd/casino-war", "--rounds", str(rounds),
                                     "--tables", "8", "--seed", "11", "--out", "-"],
                                    stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            subprocess.run([sys.executable, str(corrupt)], stdin=generate.stdout, stdout=out, check=True,
                           timeout=deadline.left("generating the log"))
            generate.stdout.close()
            status = generate.wait(timeout=deadline.left("generating the log"))
        except subprocess.TimeoutExpired:
            generate.kill()
            raise Failure("timed out generating the log") from None
        if status != 0:
            raise Failure(f"pitboss generate exited {status}:\n{generate.stderr.read().decode(errors='replace')}")
    # The first round's last settlement pays 2^53 + 1: an amount a JavaScript number cannot hold,
    # which the page must still show exactly.
    with open(log, "r+b") as file:
        first = file.readline()
        rest = file.read()
        last = list(re.finditer(rb'"net":(-?[0-9]+)', first))[-1]
        file.seek(0)
        file.write(first[:last.start(1)] + str(BIG_AMOUNT).encode() + first[last.end(1):] + rest)
        file.truncate()


def main_at_scale(args, chromium, screenshot, deadline):
    """The check page of a log of args.findings findings: its size, the time until its first page
    of findings is shown, the data against the JSON report, and its search, filters and sort."""
    log = screenshot.with_suffix(".jsonl")
    json_path = screenshot.with_suffix(".json")
    html_path = screenshot.with_suffix(".html")
    generate_findings(args.pitboss, args.findings, log, deadline)
    # The generated rounds name no currency: in dollars, their money is shown in words.
    run(args.pitboss, "check", "json", json_path, [str(log)], deadline, ["--currency", "USD"])
    run(args.pitboss, "check", "html", html_path, [str(log)], deadline, ["--currency", "USD"])
    report = json.loads(json_path.read_text(encoding="utf-8"))
    findings = report["violations"]
    if BIG_AMOUNT not in (findings[0].get("actual"), findings[0].get("expected")):
        raise Failure(f"the first finding does not carry the amount {BIG_AMOUNT}: {findings[0]}")
    if len(findings) < args.findings:
        raise Failure(f"{len(findings)} findings in the generated log; expected {args.findings}")
    size = html_path.stat().st_size
    problems = []
    if size >= args.max_bytes:
        problems.append(f"the page of {len(findings)} findings is {size} bytes, the limit {args.max_bytes}")

    profile = tempfile.mkdtemp(prefix="pitboss-chromium-")
    browser = None
    try:
        browser = Browser(chromium, profile, os.path.join(profile, "chromium.log"), deadline)
        started = time.monotonic()
        session = open_page(browser, html_path.as_uri())
        loaded = time.monotonic() - started
        # Recorded by the page when it has made its first page of findings, and when the browser
        # has painted it: milliseconds since the navigation began.
        ready = evaluate(browser, session, "Number(document.querySelector('.findings-view').getAttribute('data-ready-ms'))")
        shown_ms = None
        for _ in range(100):
            shown_ms = evaluate(browser, session,
                                "Number(document.querySelector('.findings-view').getAttribute('data-shown-ms'))")
            if shown_ms:
                break
            time.sleep(0.05)
        if not ready or not shown_ms:
            problems.append("the first page of findings was never made and painted")
        elif args.max_ms is not None and shown_ms >= args.max_ms:
            problems.append(f"the first page of findings was made {ready} ms and painted {shown_ms} ms after the "
                            f"navigation began; the limit is {args.max_ms:.0f} ms")
        data = evaluate(browser, session, f"document.getElementById('{JSON_ID}').textContent")
        if without_run_provenance(expand_compact(json.loads(data))) != without_run_provenance(report):
            problems.append("the data embedded in the page differs from the JSON report")
        keys = evaluate(browser, session,
                        "Array.from(document.querySelectorAll('.findings-view th'), (th) => th.getAttribute('data-key'))")
        problems += check_findings_view(browser, session, "findings", findings, keys)
        evaluate(browser, session, VIEW_SET % (json.dumps("#findings .findings-view"), '""', "[]"))
        shot = browser.call("Page.captureScreenshot", {"format": "png"}, session)
        screenshot.write_bytes(base64.b64decode(shot["data"]))
        browser.drain(0.3)
        problems = problems_in(browser.events, html_path.as_uri()) + problems
    finally:
        if browser:
            browser.close()
        shutil.rmtree(profile, ignore_errors=True)
        log.unlink(missing_ok=True)
    if problems:
        raise Failure("\n".join(problems[:40]))
    print(f"ok: {len(findings):,} findings: the page is {size / 1e6:.2f} MB (limit {args.max_bytes / 1e6:.0f} MB), "
          f"its first page of findings made {ready:.0f} ms and painted {shown_ms:.0f} ms after the navigation "
          f"began ({'limit ' + format(args.max_ms, '.0f') + ' ms' if args.max_ms is not None else 'no limit asked'}; the tab's load event {loaded * 1000:.0f} ms after it was opened); data, search, filters and sort agree with {json_path.name}; "
          f"screenshot {screenshot}")


# Run in the check page, with the width of its window: the findings view's columns shown, whether
# they fit (the document and the table's wrapper scroll no wider than they are, each shown header
# cell ends within the window) with every finding on one page, and the chooser's count line.
COLUMNS_STATE = r"""
((width) => {
  const view = document.querySelector('#findings .findings-view');
  if (!view || !view.hasAttribute('data-ready')) return {error: 'no findings view ready'};
  const size = view.querySelector('select[name="page-size"]');
  if (size.value !== '1000') {
    size.value = '1000';
    size.dispatchEvent(new Event('change'));
  }
  const wrap = view.querySelector('.table-wrap');
  const heads = Array.from(view.querySelectorAll('table.findings thead th'));
  const visible = (el) => el.getClientRects().length > 0 && el.getBoundingClientRect().width > 0;
  const rows = Array.from(view.querySelector('tbody').rows);
  return {
    shown: heads.filter(visible).map((th) => th.getAttribute('data-key')),
    hidden: heads.filter((th) => !visible(th)).map((th) => th.getAttribute('data-key')),
    rows: rows.length,
    // Cells of each row shown, and their texts, for the columns shown.
    cells: rows.slice(0, 3).map((row) => Array.from(row.cells).filter(visible).map((cell) => cell.textContent)),
    index: rows.length ? Number(rows[0].getAttribute('data-index')) : -1,
    documentWidth: document.documentElement.scrollWidth,
    windowWidth: window.innerWidth,
    wrapScroll: wrap.scrollWidth,
    wrapClient: wrap.clientWidth,
    rightmost: Math.max(...heads.filter(visible).map((th) => th.getBoundingClientRect().right)),
    summary: view.querySelector('details.columns summary').textContent,
  };
})(%s)
"""

# Run in the check page with a column's data-key, or "first" or "all": ticks that column's box in
# the chooser (which opens it), or clicks the chooser's button.
COLUMNS_CHOOSE = r"""
((what) => {
  const chooser = document.querySelector('#findings .findings-view details.columns');
  if (!chooser) return 'no column chooser';
  chooser.open = true;
  const target = chooser.querySelector(what === 'first' || what === 'all' ? 'button[data-columns="' + what + '"]'
                                                                         : 'input[name="column"][value="' + what + '"]');
  if (!target) return 'no choice ' + what;
  target.click();
  return '';
})(%s)
"""


def main_columns(args, chromium, screenshot, deadline):
    """The check page's findings table at a window args.columns wide: the columns shown at first
    fit without scrolling sideways, every finding on one page; the chooser shows a hidden column
    (its cells as the JSON has them), hides a shown one, and goes back to the first columns."""
    json_path = screenshot.with_suffix(".json")
    html_path = screenshot.with_suffix(".html")
    run(args.pitboss, "check", "json", json_path, args.logs, deadline, ["--currency", "USD"])
    run(args.pitboss, "check", "html", html_path, args.logs, deadline, ["--currency", "USD"])
    findings = json.loads(json_path.read_text(encoding="utf-8"))["violations"]
    if len(findings) < 100:
        raise Failure(f"{len(findings)} findings: too few to tell whether the table fits")
    problems = []
    profile = tempfile.mkdtemp(prefix="pitboss-chromium-")
    browser = None
    try:
        browser = Browser(chromium, profile, os.path.join(profile, "chromium.log"), deadline)
        session = open_page(browser, html_path.as_uri(), width=args.columns)

        def state():
            result = evaluate(browser, session, COLUMNS_STATE % args.columns)
            if "error" in result:
                raise Failure(result["error"])
            return result

        def choose(what):
            error = evaluate(browser, session, COLUMNS_CHOOSE % json.dumps(what))
            if error:
                raise Failure(error)
            return state()

        first = state()
        if first["rows"] != min(1000, len(findings)):
            problems.append(f"{first['rows']} rows on the page of 1000, the JSON has {len(findings)} findings")
        for key in ("code", "severity", "round", "table", "message", "clause", "reading_dependent"):
            if key not in first["shown"]:
                problems.append(f"the column {key} is not shown at first: {first['shown']}")
        if not first["hidden"]:
            problems.append("every column is shown at first")
        if (first["documentWidth"] > first["windowWidth"] or first["wrapScroll"] > first["wrapClient"]
                or first["rightmost"] > first["windowWidth"]):
            problems.append(f"at {args.columns} px the columns shown at first do not fit: the document is "
                            f"{first['documentWidth']} px wide, the table's wrapper scrolls {first['wrapScroll']} px "
                            f"in {first['wrapClient']}, the last header cell ends at {first['rightmost']:.0f} px "
                            f"(window {first['windowWidth']} px)")
        total = len(first["shown"]) + len(first["hidden"])
        if first["summary"] != f"columns ({len(first['shown'])} of {total} shown)":
            problems.append(f"the chooser says {first['summary']!r}")
        evaluate(browser, session, "(() => { document.getElementById('findings').scrollIntoView(); return 0; })()")
        shot = browser.call("Page.captureScreenshot", {"format": "png"}, session)
        screenshot.write_bytes(base64.b64decode(shot["data"]))

        # A hidden column shown: its header and its cells, as the JSON has them.
        key = "input" if "input" in first["hidden"] else first["hidden"][0]
        more = choose(key)
        if set(more["shown"]) != set(first["shown"]) | {key}:
            problems.append(f"ticking {key}: the columns shown are {more['shown']}")
        elif more["cells"]:
            at = more["shown"].index(key)
            want = shown(findings[more["index"]].get(key))
            if more["cells"][0][at] != want:
                problems.append(f"ticking {key}: the first row shows {more['cells'][0][at]!r}, the JSON {want!r}")
        if any(len(row) != len(more["shown"]) for row in more["cells"]):
            problems.append(f"ticking {key}: rows of {[len(r) for r in more['cells']]} cells shown, "
                            f"{len(more['shown'])} header cells")
        # A shown column hidden, header and cells; then the first columns again.
        fewer = choose("message")
        if "message" in fewer["shown"] or any(len(row) != len(fewer["shown"]) for row in fewer["cells"]):
            problems.append(f"unticking message: the columns shown are {fewer['shown']}, rows of "
                            f"{[len(r) for r in fewer['cells']]} cells")
        every = choose("all")
        if every["hidden"]:
            problems.append(f"all columns: {every['hidden']} still hidden")
        # Every column does not fit: the measure above can tell.
        if every["wrapScroll"] <= every["wrapClient"]:
            problems.append(f"all {total} columns fit in {every['wrapClient']} px ({every['wrapScroll']} px): "
                            "the fit of the first columns says nothing")
        again = choose("first")
        if again["shown"] != first["shown"]:
            problems.append(f"the first columns again: {again['shown']}, at first {first['shown']}")
        browser.drain(0.3)
        problems = problems_in(browser.events, html_path.as_uri()) + problems
    finally:
        if browser:
            browser.close()
        shutil.rmtree(profile, ignore_errors=True)
    if problems:
        raise Failure("\n".join(problems[:40]))
    print(f"ok: at {args.columns} px the {len(first['shown'])} columns shown at first fit (the table "
          f"{first['wrapScroll']} px in {first['wrapClient']}, {first['rows']} rows), the chooser shows {key} and "
          f"hides message (all {total} would scroll {every['wrapScroll']} px in {every['wrapClient']}); "
          f"screenshot {screenshot}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--command", choices=("check", "stats"), default="check", help="the page's command")
    parser.add_argument("--pitboss", required=True, help="the pitboss binary")
    parser.add_argument("--screenshot", required=True, help="where to write the full-page PNG")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--findings", type=int, metavar="N",
                        help="instead of LOGs, a generated log of N rounds each with a finding: the check page's "
                             "size, time until its findings are shown, and its search, filters and sort at scale")
    parser.add_argument("--max-bytes", type=int, default=10_000_000, help="with --findings: the page's size limit")
    parser.add_argument("--max-ms", type=float, default=None,
                        help="with --findings: a limit on the time from navigation to the first page of findings "
                             "(none by default: the time is printed, a measurement, not a test's verdict, which a "
                             "loaded machine would make flaky)")
    parser.add_argument("--columns", type=int, metavar="WIDTH",
                        help="only the check page's findings columns, in a window WIDTH px wide: those shown at "
                             "first fit, and the column chooser shows and hides them")
    parser.add_argument("--time-limit", type=float, default=TIME_LIMIT, help="seconds before giving up")
    parser.add_argument("--expect-member", action="append", default=[], metavar="KEY",
                        help="fail unless a finding of the report has this member: the page is then tested "
                             "showing it (repeat for several)")
    parser.add_argument("logs", nargs="*", metavar="LOG")
    args = parser.parse_args()
    if bool(args.logs) == bool(args.findings):
        parser.error("give LOGs, or --findings N")
    deadline = Deadline(args.time_limit)

    chromium = shutil.which(args.chromium)
    if not chromium:
        raise Failure(f"{args.chromium} not found: run scripts/setup.sh, which installs Debian's chromium")
    screenshot = pathlib.Path(args.screenshot).resolve()
    screenshot.parent.mkdir(parents=True, exist_ok=True)
    if args.findings:
        main_at_scale(args, chromium, screenshot, deadline)
        return
    if args.columns:
        main_columns(args, chromium, screenshot, deadline)
        return
    json_path = screenshot.with_suffix(".json")
    html_path = screenshot.with_suffix(".html")
    json_status = run(args.pitboss, args.command, "json", json_path, args.logs, deadline)
    html_status = run(args.pitboss, args.command, "html", html_path, args.logs, deadline)
    if json_status != html_status:
        raise Failure(f"pitboss {args.command} exited {json_status} with --format json, {html_status} with html")
    report = json.loads(json_path.read_text(encoding="utf-8"))
    findings = report["violations"] if args.command == "check" else report["input_findings"]
    for member in args.expect_member:
        if not any(member in finding for finding in findings):
            raise Failure(f"no finding of {' '.join(args.logs)} has {member!r}: the test would not show it tested")
    groups = None
    if args.command == "check":
        # The statistics the check page shows are those of `pitboss stats` on the same logs.
        stats_path = screenshot.with_name(screenshot.stem + "-stats.json")
        run(args.pitboss, "stats", "json", stats_path, args.logs, deadline)
        groups = json.loads(stats_path.read_text(encoding="utf-8"))["groups"]
    page_url = html_path.as_uri()

    profile = tempfile.mkdtemp(prefix="pitboss-chromium-")
    browser = None
    try:
        browser = Browser(chromium, profile, os.path.join(profile, "chromium.log"), deadline)
        session = open_page(browser, page_url)

        page = evaluate(browser, session, READ_PAGE)
        if args.command == "check":
            problems = check_check_page(page, report, groups)
            problems += check_findings_view(browser, session, "findings", report["violations"], page_keys(page))
        else:
            problems = check_stats_page(page, report)
            problems += check_findings_view(browser, session, "input-findings", report["input_findings"],
                                            page_keys(page))
            problems += check_tests_filter(browser, session, report)

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
        if args.command == "check":
            problems += check_without_scripts(browser, page_url, report)

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
    marks = sum(len(p[k]) for p in page["plots"] for k in ("bars", "ticks", "whiskers", "points", "theory", "intervals"))
    print(f"ok: {page['title']}: {len(page['figures'])} figures, "
          f"{sum(len(b['rows']) for b in page['bodies'])} rows and {marks} plot marks in {len(page['plots'])} plots "
          f"agree with {json_path.name}{' and the statistics' if groups is not None else ''}; screenshot {screenshot}")


if __name__ == "__main__":
    try:
        main()
    except Failure as failure:
        print(f"html_report_test: FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
