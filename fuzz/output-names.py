#!/usr/bin/env python3
"""Random hostile names through the outputs a reader other than a person
takes: diff and check in markdown, JSON and JUnit, and the SVG of export
and diff.  Not a libFuzzer harness (those fuzz the readers): a loop that
writes reports and a policy whose names join the tokens of fuzz/*.dict
with markup, mentions, links, backticks, pipes and bytes that are not
UTF-8 (in file names and titles, which may hold any), runs hotgrind and
reads each output as its consumer would (cli/tests/hostile_check.py:
code spans as CommonMark reads them, json, xml.etree).

  output-names.py HOTGRIND SECONDS [SEED]

Prints the runs made (and how many refused an input, exit 2 with one
line and no output: a pattern can be malformed) and stops at the first output that fails, leaving
its inputs in the folder it names.  GPL-2.0-or-later; part of hotgrind.
"""
import os
import random
import subprocess
import sys
import tempfile
import time
from xml.sax.saxutils import quoteattr

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "cli", "tests"))
import hostile_check  # noqa: E402

CONTEXTS = os.path.join(HERE, "..", "cli", "tests", "data", "contexts")


def dictionary_tokens():
    """The quoted strings of fuzz/*.dict, \\xNN and \\" undone."""
    tokens = []
    for name in sorted(os.listdir(HERE)):
        if not name.endswith(".dict"):
            continue
        for line in open(os.path.join(HERE, name), encoding="utf-8"):
            line = line.strip()
            if not line.startswith('"') and '="' not in line:
                continue
            quoted = line[line.index('"') + 1:line.rindex('"')]
            tokens.append(quoted.encode().decode("unicode_escape",
                                                 "replace"))
    return tokens


# Each name holds one of these, which hostile_check.HOSTILE finds when it
# stands outside a code span.
MARKERS = ["<img src=x onerror=alert(1)>", "</details><h1>Approved</h1>",
           "@octocat", "https://evil.example/x", "[a](javascript:1)"]
SPICE = ["`", "``", "|", "\\", "*", "_", "[", "]", "(", ")", "<", ">", "&",
         "#", "~", "!", " ", "\t", "é", "\u202e", "\U0001f600", ":"]


def xml_safe(text):
    """TEXT without what an XML document cannot hold."""
    return "".join(c for c in text
                   if c in "\t\n" or (ord(c) >= 0x20
                                      and not 0xd800 <= ord(c) <= 0xdfff
                                      and ord(c) not in (0xfffe, 0xffff)))


def name(rng, tokens):
    parts = [rng.choice(MARKERS)]
    for _ in range(rng.randint(0, 4)):
        parts.append(rng.choice(tokens) if rng.random() < 0.5
                     else rng.choice(SPICE))
    rng.shuffle(parts)
    return xml_safe("".join(parts)) or "x"


def word(rng, tokens):
    """A name without white space, as the schema wants a version."""
    return "".join(name(rng, tokens).split()) or "x"


def raw_bytes(rng):
    """A file-name or title part of any bytes but NUL, '/' and ','."""
    return bytes(rng.choice([b for b in range(1, 256)
                             if b not in (0x2f, 0x2c)])
                 for _ in range(rng.randint(1, 6)))


def report(path, rng, tokens, scale):
    lib = name(rng, tokens)
    rows, total = [], 0
    for i in range(rng.randint(1, 4)):
        ir = (i + 1) * 1000 * scale
        total += ir
        rows.append('    <function name=%s object=%s file=%s line="1">\n'
                    '      <self Ir="%d"/>\n    </function>\n'
                    % (quoteattr(name(rng, tokens) + str(i)), quoteattr(lib),
                       quoteattr(name(rng, tokens)), ir))
    marks = "".join('    <mark pattern=%s functions="0" entered="0"/>\n'
                    % quoteattr(name(rng, tokens))
                    for _ in range(rng.randint(0, 2)))
    text = ('<?xml version="1.0" encoding="UTF-8"?>\n<hotgrind format="1">\n'
            '  <run>\n    <tool name="hotgrind" version=%s/>\n'
            '    <valgrind version=%s/>\n    <arch>%s</arch>\n'
            '    <command>\n      <exe>./prog</exe>\n    </command>\n'
            '  </run>\n  <totals Ir="%d"/>\n  <functions>\n%s  </functions>\n'
            '  <objects>\n    <object name=%s build-id="%02x"/>\n'
            '  </objects>\n%s</hotgrind>\n'
            % (quoteattr(word(rng, tokens)), quoteattr(word(rng, tokens)),
               "amd64", total, "".join(rows), quoteattr(lib),
               rng.randint(0, 255),
               "  <marks>\n%s  </marks>\n" % marks if marks else ""))
    open(path, "w", encoding="utf-8").write(text)


def policy(path, rng, tokens):
    budgets = "".join('    <function pattern=%s metric="Ir" max="1"/>\n'
                      % quoteattr(name(rng, tokens))
                      for _ in range(rng.randint(1, 3)))
    open(path, "w", encoding="utf-8").write(
        '<?xml version="1.0" encoding="UTF-8"?>\n<policy format="1">\n'
        '  <budgets>\n%s  </budgets>\n'
        '  <thresholds regression="10" improvement="10" '
        'default-metrics="no">\n    <metric name="Ir"/>\n  </thresholds>\n'
        '</policy>\n' % budgets)


def main():
    hotgrind, seconds = sys.argv[1], float(sys.argv[2])
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    rng = random.Random(seed)
    tokens = [t for t in dictionary_tokens() if t]
    work = tempfile.mkdtemp(prefix="hg-output-names.")
    os.chdir(work)
    runs, rounds, end = {}, 0, time.time() + seconds
    refused = 0
    while time.time() < end:
        rounds += 1
        for f in os.listdir("."):
            os.unlink(f)
        base = b"b" + raw_bytes(rng) + b".xml"
        head = b"h" + raw_bytes(rng) + b".xml"
        pol = b"p" + raw_bytes(rng) + b".xml"
        report(base, rng, tokens, 1)
        report(head, rng, tokens, 2)
        policy(pol, rng, tokens)
        title = raw_bytes(rng) + name(rng, tokens).encode()
        jobs = [
            ("markdown", [b"diff", b"--format=markdown", base, head]),
            ("json", [b"diff", b"--format=json", base, head]),
            ("markdown", [b"check", b"--policy", pol, b"--format=markdown",
                          base, head]),
            ("markdown", [b"check", b"--policy", pol, b"--format=markdown",
                          b"--history-url", b"https://example.org/h",
                          base, head]),
            ("json", [b"check", b"--policy", pol, b"--format=json",
                      base, head]),
            ("xml", [b"check", b"--policy", pol, b"--format=junit",
                     base, head]),
            ("json", [b"export", b"--format=json", head]),
            ("xml", [b"export", b"--format=svg", b"--title", title,
                     os.path.join(CONTEXTS, "contexts.xml").encode()]),
            ("xml", [b"diff", b"--format=svg", b"--title", title,
                     os.path.join(CONTEXTS, "contexts.xml").encode(),
                     os.path.join(CONTEXTS, "contexts-head.xml").encode()]),
        ]
        for kind, args in jobs:
            done = subprocess.run([hotgrind.encode()] + args,
                                  capture_output=True)
            key = " ".join([args[0].decode()]
                           + [a.decode() for a in args
                              if a.startswith(b"--format")
                              or a == b"--history-url"])
            runs[key] = runs.get(key, 0) + 1
            # A policy whose pattern is not one (OBJ:PATTERN halves) is
            # refused in one line: no output to read.
            if (done.returncode == 2 and not done.stdout
                    and done.stderr.count(b"\n") == 1):
                refused += 1
                continue
            if done.returncode not in (0, 1):
                print("exit %d: %r\n%s" % (done.returncode, args,
                                           done.stderr.decode("utf-8",
                                                              "replace")))
                print("inputs left in", work)
                return 1
            open("out", "wb").write(done.stdout)
            try:
                text = done.stdout.decode("utf-8")
            except UnicodeDecodeError as e:
                print("not UTF-8: %r: %s\ninputs left in %s" % (args, e,
                                                               work))
                return 1
            problem = None
            if kind == "markdown":
                problem = hostile_check.check_markdown(text)
            elif kind == "json":
                try:
                    __import__("json").loads(text)
                except ValueError as e:
                    problem = str(e)
            else:
                try:
                    __import__("xml.etree.ElementTree").etree \
                        .ElementTree.fromstring(done.stdout)
                except Exception as e:      # ParseError and its kin
                    problem = str(e)
            if problem:
                print("%r: %s\ninputs left in %s" % (args, problem, work))
                return 1
    total = sum(runs.values())
    print("%d rounds, %d runs (%d refused an input in one line), every "
          "output read back:" % (rounds, total, refused))
    for key in sorted(runs):
        print("  %6d  %s" % (runs[key], key))
    for f in os.listdir("."):
        os.unlink(f)
    os.rmdir(work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
