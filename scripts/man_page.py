#!/usr/bin/env python3
"""Writes pitboss(1), the manual page, from the binary's own --help.

The page is made at build time from what the binary says, so that it lists every command and
option the binary has, and never one it does not. Usage: man_page.py BINARY OUT.1
"""

import re
import subprocess
import sys


def run_help(binary, *command):
    # Run as "pitboss", so that the usage lines name the command, not the build's path.
    out = subprocess.run(["pitboss", *command, "--help"], executable=binary, check=True, capture_output=True,
                         text=True)
    return out.stdout


def roff_text(line):
    """One line of text as roff reads it literally: backslashes escaped, no request at its start."""
    line = line.replace("\\", "\\e").replace("-", "\\-")
    if line.startswith((".", "'")):
        line = "\\&" + line
    return line


def commands_of(top_help):
    """The (name, summary) of each command, from the SUBCOMMANDS section of `pitboss --help`."""
    commands = []
    in_section = False
    for line in top_help.splitlines():
        if line.strip().upper().startswith("SUBCOMMANDS"):
            in_section = True
            continue
        if not in_section:
            continue
        if not line.strip():
            if commands:
                break
            continue
        m = re.match(r"^\s+(\S+)\s{2,}(.*)$", line)
        if m:
            commands.append([m.group(1), m.group(2).strip()])
        elif commands and line.startswith(" "):
            commands[-1][1] += " " + line.strip()  # a summary wrapped onto the next line
        else:
            break
    if not commands:
        sys.exit("man_page.py: no command found in the binary's --help")
    return commands


def option_list(lines):
    """The options of one section of a help ("  -q, --quiet   nothing on standard error..."),
    each a tagged paragraph: its names in bold, its value in italics, its description wrapped."""
    page = []
    for line in lines:
        m = re.match(r"^  (\S.*?)(?:\s{2,}(.*))?$", line)
        if not m:
            page.append(roff_text(line.strip()))  # a description carried onto its own line
            continue
        names, desc = m.group(1), m.group(2) or ""
        # "--out FILE", "-q, --quiet", "LOG...": the names bold, a value's name italic.
        parts = []
        for name in names.split(", "):
            word, _, value = name.partition(" ")
            parts.append("\\fB" + roff_text(word) + "\\fR" + (" \\fI" + roff_text(value) + "\\fR" if value else ""))
        page += [".TP", ", ".join(parts), roff_text(desc)]
    return page


def command_page(name, text):
    """One command's --help as a subsection: its usage, its options as lists, the rest as written."""
    lines = text.rstrip("\n").splitlines()
    page = [".SS \"pitboss %s\"" % roff_text(name)]
    i = 1  # the first line is the summary, under COMMANDS
    section = None
    while i < len(lines):
        line = lines[i]
        if line.startswith("Usage: "):
            page += [".PP", "\\fB" + roff_text(line[len("Usage: "):]) + "\\fR"]
        elif not line.strip():
            if section is not None:
                page += option_list(section)
                section = None
        elif line.endswith(":") and not line.startswith(" ") and section is None:
            page += [".PP", "\\fI" + roff_text(line[:-1]) + "\\fR"]  # Options, Positionals, a group
            section = []
        elif section is not None:
            section.append(line)
        else:
            break  # the command's own text (its footer), kept as written
        i += 1
    if section:
        page += option_list(section)
    if i < len(lines):
        page += [".PP"] + preformatted("\n".join(lines[i:]))
    return page


def preformatted(text):
    lines = [".nf"]
    lines += [roff_text(line) for line in text.rstrip("\n").splitlines()]
    lines.append(".fi")
    return lines


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: man_page.py BINARY OUT.1")
    binary, out = sys.argv[1], sys.argv[2]
    top = run_help(binary)
    version = subprocess.run([binary, "--version"], check=True, capture_output=True,
                             text=True).stdout.split("\n")[0].strip()
    # The first line of the top help: "pitboss 0.1.0: checks casino table-game logs ...".
    first = top.strip().splitlines()[0]
    what = first.split(": ", 1)[1] if ": " in first else first
    commands = commands_of(top)

    page = [
        '.\\" Made by scripts/man_page.py from the binary\'s --help: edit the help, not this page.',
        '.TH PITBOSS 1 "" "%s" "User Commands"' % roff_text(version),
        ".nh",  # no hyphenation: option names and codes are typed as shown
        ".ad l",
        ".SH NAME",
        "pitboss \\- " + roff_text(what),
        ".SH SYNOPSIS",
        ".B pitboss",
        "[\\fB\\-\\-log\\-level\\fR \\fILEVEL\\fR] \\fICOMMAND\\fR [\\fIOPTIONS\\fR] [\\fIARGUMENTS\\fR]",
        ".br",
        ".B pitboss",
        "\\fICOMMAND\\fR \\fB\\-\\-help\\fR",
        ".SH DESCRIPTION",
        "pitboss replays hand\\-history logs of casino table games against machine\\-readable rule",
        "specs, each parameter of which cites and quotes the clause of the rule text it encodes, and",
        "reports every violation with its code, clause, round, log line and the money it moved.",
        "The rule specs it ships are installed in",
        ".IR /usr/share/pitboss/rules ,",
        "where it finds them from any folder.",
        ".SH COMMANDS",
    ]
    for name, summary in commands:
        page += [".TP", ".B " + roff_text(name), roff_text(summary)]
    # The options before the command: the section "Options:" of the top help.
    top_lines = top.splitlines()
    start = next((i for i, line in enumerate(top_lines) if line.strip().lower() == "options:"), None)
    if start is None:
        sys.exit("man_page.py: no Options section in the binary's --help")
    end = next((i for i in range(start + 1, len(top_lines)) if not top_lines[i].strip()), len(top_lines))
    page += [".SH OPTIONS", "Before the command:"] + option_list(top_lines[start + 1:end])
    page += [".SH COMMAND OPTIONS", "Each command's \\fB\\-\\-help\\fR says the same."]
    for name, _ in commands:
        page += command_page(name, run_help(binary, name))
    page += [
        ".SH EXIT STATUS",
        ".TP",
        ".B 0",
        "nothing found",
        ".TP",
        ".B 1",
        "violations found (lint: spec errors; rtp: a claim that does not hold; stats: a failed test)",
        ".TP",
        ".B 2",
        "the command could not run as asked (bad usage, an unreadable file, an invalid spec), or",
        "its report is incomplete",
        ".TP",
        ".B 128+N",
        "ended by signal N (SIGINT, SIGTERM, SIGHUP), its unfinished files removed",
        ".SH ENVIRONMENT",
        ".TP",
        ".B PITBOSS_RULES",
        "the rules folder used where no \\fB\\-\\-rules\\fR is given (default: the installed",
        ".IR /usr/share/pitboss/rules ).",
        ".TP",
        ".B PITBOSS_DIALECTS",
        "the folder of dialects \\fB\\-\\-dialect\\fR finds an id in (default: the installed",
        ".IR /usr/share/pitboss/dialects ).",
        ".TP",
        ".B NO_COLOR",
        "set and not empty: no colour in the text report.",
        ".TP",
        ".B TMPDIR",
        "where round ids spill past \\fB\\-\\-round\\-id\\-memory\\fR, and the findings of a large",
        "check wait to be written.",
        ".SH FILES",
        ".TP",
        ".I /usr/share/pitboss/rules",
        "the bundled rule specs and the source texts they quote",
        ".TP",
        ".I /usr/share/pitboss/dialects",
        "the bundled dialects: operators' own log formats",
        ".TP",
        ".I /usr/share/doc/pitboss",
        "README.md, and in \\fIdocs/\\fR the report format (report.md), the findings (findings.md),",
        "the spec format (spec\\-format.md), dialects (dialects.md), CI use (ci.md)",
        ".SH EXAMPLES",
        ".nf",
        "pitboss check \\-\\-currency USD logs/day1.jsonl",
        "pitboss check \\-\\-context logs/day1.jsonl \\-\\-out day2.json \\-\\-out day2.sarif logs/day2.jsonl",
        "pitboss lint /usr/share/pitboss/rules",
        ".fi",
    ]
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(page) + "\n")


if __name__ == "__main__":
    main()
