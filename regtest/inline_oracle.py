#!/usr/bin/env python3
"""The oracle of --inline=yes (inline.sh): per-function self Ir of one
object rebuilt from Callgrind's per-instruction counts and binutils'
addr2line, compared with a hotgrind --inline=yes report.

Usage: inline_oracle.py REPORT CALLGRIND_OUT PROGRAM [CACHEGRIND_OUT]

CALLGRIND_OUT comes from `callgrind --dump-instr=yes --compress-pos=no
--compress-strings=no --skip-plt=no` (so PLT stubs are costs of their
own, not of their callers): each cost line is "ADDRESS LINE Ir".  PROGRAM is the client executable; only its own
instructions (ob= its basename) are compared, where Callgrind counts
exactly (it misses a few instructions in glibc and ld.so; see
cgr_inclusive.py).

Each address, less the load bias (the run address of main, the lowest
address Callgrind charges to fn=main, minus main's address in the
file), goes through `addr2line -i -f -a`, which prints the innermost
inlined function first and the real function last.  An instruction
belongs to (innermost, real) when an inlined call covers it, else to
(real, None); hotgrind's rows are keyed the same way, (name,
inlined-into or None).  An instruction without debug line info
(addr2line prints no line number: PLT stubs, crt code) keeps the function
Callgrind charged it to, its name "0x..." when Valgrind knows no symbol
there being hotgrind's "???".  Code without a symbol ("???") is left
out: Callgrind files PLT stubs under no object ("ob=???"), hotgrind
under the object they are in.

Callgrind 3.19 is not exact everywhere: it also misses a few
instructions of some programs' own code (a recursive function of
oracle_c, a loop of its main).  Given the same run under Cachegrind
(--cache-sim=no), whose counts are exact, the source lines (file
basename, line) whose Callgrind sum differs from Cachegrind's are
found, and every function with an instruction on such a line is left
out of the comparison (the summary says how many); without it, every
function is compared.

A marked inlined row's <inclusive> Ir is compared too: the Ir of every
instruction of its real function whose inlined calls (addr2line's whole
chain) include it, plus the inclusive cost Callgrind gives each call made
from such an instruction (what a function called from inside the inlined
code ran).  That sum counts recursion twice, so only programs without it
there are compared this way (inline_prog).

With --lines=yes reports, each row's <lines> are compared too: an
instruction's line is addr2line's first location (the innermost one),
keyed by file basename and line.

Prints a one-line summary and exits 0 when every key has the same Ir,
else prints the differences and exits 1."""

import collections
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import cg_lines_compare


def callgrind_instructions(path, object_name):
    """{run address: Ir} of the object's instructions, {run address:
    Callgrind's function}, the lowest address charged to main, and
    {(file basename, line): Ir} of the whole run."""
    costs = collections.Counter()
    call_costs = collections.Counter()
    functions = {}
    per_line = collections.Counter()
    source = None
    main_low = None
    ob = fn = None
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("ob="):
                ob = os.path.basename(line[3:])
            elif line.startswith("fn="):
                fn = line[3:]
            elif line.startswith(("fl=", "fi=", "fe=")):
                source = os.path.basename(line[3:])
            elif line.startswith(("cob=", "cfi=", "cfl=", "cfn=")):
                continue
            elif line.startswith("calls="):
                # The call's inclusive cost, at the calling instruction:
                # not self cost.
                parts = next(f).split()
                if ob == object_name:
                    call_costs[int(parts[0], 16)] += \
                        int(parts[2]) if len(parts) > 2 else 0
            elif line[:2] == "0x":
                parts = line.split()
                addr = int(parts[0], 16)
                ir = int(parts[2]) if len(parts) > 2 else 0
                per_line[(source, int(parts[1]))] += ir
                if ob != object_name:
                    continue
                costs[addr] += ir
                functions[addr] = "???" if fn.startswith("0x") else fn
                if fn == "main" and (main_low is None or addr < main_low):
                    main_low = addr
    return costs, call_costs, functions, main_low, per_line


def cachegrind_ir_by_line(path):
    """{(file basename, line): Ir} of a Cachegrind output file, from
    cg_lines_compare.py's reader (which also keeps function names, summed
    away here)."""
    per_line = collections.Counter()
    _, counts = cg_lines_compare.cachegrind_lines(path)
    for (file, _, line), events in counts.items():
        per_line[(os.path.basename(file), line)] += events["Ir"]
    return per_line


def symbol_address(program, name):
    out = subprocess.run(["nm", program], capture_output=True, text=True,
                         check=True).stdout
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2] == name and parts[1] in "Tt":
            return int(parts[0], 16)
    sys.exit("inline_oracle.py: no symbol %s in %s" % (name, program))


def innermost_and_real(program, addresses):
    """{file address: (innermost function, real function or None)}, None
    for an address without line info; {file address: (file basename,
    line)} of the innermost location; {file address: the inlined
    functions covering it, innermost first}."""
    text = "".join("%x\n" % a for a in addresses)
    out = subprocess.run(["addr2line", "-i", "-f", "-a", "-e", program],
                         input=text, capture_output=True, text=True,
                         check=True).stdout.splitlines()
    result = {}
    location = {}
    chain = {}
    i = 0
    while i < len(out):
        addr = int(out[i], 16)
        i += 1
        names = []
        located = True
        first_line = i
        # Pairs of lines: function, then file:line.
        while i < len(out) and not out[i].startswith("0x"):
            names.append(out[i])
            source, _, number = out[i + 1].split(" (discriminator")[0] \
                .rpartition(":")
            located = located and source != "??" and number.isdigit()
            i += 2
        result[addr] = ((names[0], names[-1] if len(names) > 1 else None)
                        if located else None)
        chain[addr] = names[:-1]
        if located:
            first = out[first_line + 1].split(" (discriminator")[0] \
                .rpartition(":")
            location[addr] = (os.path.basename(first[0]), int(first[2]))
    return result, location, chain


def report_rows(path, object_name):
    """{(name, inlined-into): self Ir}, {(name, inlined-into, file,
    line): Ir} of its <lines>, {(name, inlined-into): inclusive Ir} of
    the marked inlined rows."""
    rows = collections.Counter()
    lines = collections.Counter()
    inclusive = {}
    for fn in ET.parse(path).getroot().iter("function"):
        if fn.get("object") != object_name:
            continue
        key = (fn.get("name"), fn.get("inlined-into"))
        rows[key] += int(fn.find("self").get("Ir"))
        if fn.get("inlined") == "yes" and fn.get("marked") == "yes":
            inclusive[key] = int(fn.find("inclusive").get("Ir"))
        for line in fn.iter("line"):
            lines[key + (line.get("file"), int(line.get("line")))] += \
                int(line.get("Ir"))
    return rows, lines, inclusive


def main():
    report, cgr, program = sys.argv[1:4]
    object_name = os.path.basename(program)
    costs, call_costs, functions, main_low, cgr_lines = \
        callgrind_instructions(cgr, object_name)
    inexact = set()
    if len(sys.argv) > 4:
        cg_lines = cachegrind_ir_by_line(sys.argv[4])
        inexact = {k for k in set(cg_lines) | set(cgr_lines)
                   if cg_lines[k] != cgr_lines[k]}
    if main_low is None:
        sys.exit("inline_oracle.py: Callgrind charged nothing to main")
    bias = main_low - symbol_address(program, "main")
    where, location, chain = innermost_and_real(
        program, sorted(a - bias for a in costs))
    expected = collections.Counter()
    expected_lines = collections.Counter()
    untrusted = {("???", None)}
    for addr, ir in costs.items():
        key = where[addr - bias] or (functions[addr], None)
        expected[key] += ir
        if addr - bias in location:
            expected_lines[key + location[addr - bias]] += ir
            if location[addr - bias] in inexact:
                untrusted.add(key)
    got, got_lines, got_inclusive = report_rows(report, object_name)
    keys = sorted((set(expected) | set(got)) - untrusted,
                  key=lambda k: (k[0], k[1] or ""))
    bad = [k for k in keys if expected[k] != got[k]]
    for k in bad:
        print("%s%s: hotgrind %d, Callgrind+addr2line %d"
              % (k[0], " inlined into " + k[1] if k[1] else "",
                 got[k], expected[k]))
    if got_lines:
        line_keys = sorted((k for k in set(expected_lines) | set(got_lines)
                            if k[:2] not in untrusted and k[2] != ""),
                           key=lambda k: (k[0], k[1] or "", k[2], k[3]))
        for k in line_keys:
            if expected_lines[k] != got_lines[k]:
                bad.append(k)
                print("%s%s, %s:%d: hotgrind %d, Callgrind+addr2line %d"
                      % (k[0], " inlined into " + k[1] if k[1] else "",
                         k[2], k[3], got_lines[k], expected_lines[k]))
    for key in sorted(got_inclusive):
        want = sum(costs[a] + call_costs[a] for a in costs
                   if where[a - bias] and where[a - bias][1] == key[1]
                   and key[0] in chain[a - bias])
        if want != got_inclusive[key]:
            bad.append(key)
            print("%s inlined into %s: inclusive Ir hotgrind %d, "
                  "Callgrind+addr2line %d"
                  % (key[0], key[1], got_inclusive[key], want))
    if bad:
        return 1
    inlined = sum(1 for k in keys if k[1] and expected[k])
    print("%d functions of %s (%d inlined rows)%s%s, %d Ir, equal%s"
          % (len(keys), object_name, inlined,
             " and their lines" if got_lines else "",
             ", %d inclusive" % len(got_inclusive) if got_inclusive else "",
             sum(expected[k] for k in keys),
             "; %d left out where Callgrind is not exact"
             % (len(untrusted) - 1) if len(untrusted) > 1 else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
