#!/usr/bin/env python3
"""Checks an output of hotgrind made from hostile names, as its reader
would take it.  GPL-2.0-or-later; part of hotgrind.

  hostile_check.py markdown FILE  text from the inputs only inside code
      spans: no HTML, mention or bare URL outside them, and every table
      row with as many cells as its header;
  hostile_check.py json FILE      well-formed UTF-8 that json.load reads;
  hostile_check.py xml FILE       well-formed UTF-8 XML (xml.etree).

Exit 1 with a line saying what is wrong.  The markdown reading follows
CommonMark's code spans (a run of N backticks to the next run of exactly
N), written here, not taken from hotgrind.
"""
import json
import re
import sys
import xml.etree.ElementTree as ET

# What the hostile names hold that markdown would turn into something.
HOSTILE = ["<img", "onerror", "<h1", "</details><h1", "@octocat",
           "https://evil", "](javascript"]


def outside_code(line):
    """LINE without its code spans (each as a single 'C') and without
    backslash escapes."""
    kept, i, n = [], 0, len(line)
    while i < n:
        c = line[i]
        if c == "\\" and i + 1 < n and not line[i + 1].isalnum():
            i += 2
            kept.append("E")
            continue
        if c == "`":
            j = i
            while j < n and line[j] == "`":
                j += 1
            run = j - i
            close = re.compile(r"(?<!`)`{%d}(?!`)" % run).search(line, j)
            if close:
                kept.append("C")
                i = close.end()
                continue
            kept.append(line[i:j])
            i = j
            continue
        kept.append(c)
        i += 1
    return "".join(kept)


def cells(line):
    """The cells of a table row: split on '|' outside code spans and not
    escaped (GitHub splits on an unescaped '|' even in code)."""
    return len(re.split(r"(?<!\\)\|", line.strip().strip("|")))


def check_markdown(text):
    lines = text.split("\n")
    width = None
    for number, line in enumerate(lines, 1):
        plain = outside_code(line)
        for bad in HOSTILE:
            if bad in plain:
                return "line %d: %r outside code: %s" % (number, bad, line)
        if line.startswith("|"):
            following = lines[number] if number < len(lines) else ""
            if width is None or re.match(r"^\|[-:| ]+\|$", following):
                width = cells(line)
            elif cells(line) != width:
                return "line %d: %d cells, the header has %d: %s" % (
                    number, cells(line), width, line)
        else:
            width = None
    return None


def main():
    kind, path = sys.argv[1], sys.argv[2]
    data = open(path, "rb").read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        print("%s: not UTF-8: %s" % (path, e))
        return 1
    problem = None
    if kind == "markdown":
        problem = check_markdown(text)
    elif kind == "json":
        try:
            json.loads(text)
        except ValueError as e:
            problem = "json: %s" % e
    elif kind == "xml":
        try:
            ET.fromstring(data)
        except ET.ParseError as e:
            problem = "xml: %s" % e
    if problem:
        print("%s: %s" % (path, problem))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
