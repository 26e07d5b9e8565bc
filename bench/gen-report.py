#!/usr/bin/env python3
# hotgrind bench: writes a large, valid hotgrind report for timing the
# host command (bench/cli-large.sh).  GPL-2.0-or-later; part of hotgrind.
#
# Usage: bench/gen-report.py [-n FUNCTIONS] [--seed S] [--head] OUT
#
# The report has every part a real one can have with --cache-sim=yes and
# --heap=yes: run details (platform, libc, options, environment, cost
# model, cache geometry), cache figures on the totals and every function,
# heap figures, one marked function in a thousand (calls, inclusive
# figures, per-call distribution), zones, marks and threads.  It follows
# every rule `hotgrind validate` checks (thread figures add up, per-call
# values in order, alloc-bytes >= allocs...).
#
# The same FUNCTIONS and seed give the same file.  With --head, the report
# is a later run of the same program: about 10% of the functions cost more
# or less, 0.5% are gone, 0.5% are new, and some heap and zone figures
# moved: what `hotgrind diff` compares.

import argparse
import random
from xml.sax.saxutils import quoteattr

OBJECTS = ["bench", "libc.so.6", "libm.so.6", "libstdc++.so.6.0.30",
           "libz.so.1", "ld-linux-x86-64.so.2"]
L1_MISS, LL_MISS = 10, 100
ZONES = 20


def function_name(i):
    if i % 7 == 0:
        return "ns%d::Class%d<int>::method_%d(std::vector<int> const&)" % (
            i % 97, i % 331, i)
    return "fn_%06d" % i


def cache_figures(ir, rng):
    """The eight cache counters and cycles for IR instructions."""
    i1mr = ir // rng.randint(200, 2000)
    ilmr = i1mr // 2
    dr = ir * 3 // 10
    d1mr = dr // rng.randint(20, 80)
    dlmr = d1mr // 4
    dw = ir // 8
    d1mw = dw // rng.randint(30, 90)
    dlmw = d1mw // 3
    cycles = (ir + L1_MISS * (i1mr + d1mr + d1mw)
              + LL_MISS * (ilmr + dlmr + dlmw))
    return [i1mr, ilmr, dr, d1mr, dlmr, dw, d1mw, dlmw, cycles]


CACHE_NAMES = ["I1mr", "ILmr", "Dr", "D1mr", "DLmr", "Dw", "D1mw", "DLmw",
               "cycles"]


def cache_attributes(figures):
    return " ".join('%s="%d"' % (n, v) for n, v in zip(CACHE_NAMES, figures))


def heap_traffic(rng):
    allocs = rng.randint(1, 50)
    alloc_bytes = allocs * rng.randint(1, 512)
    frees = rng.randint(0, allocs)
    free_bytes = min(alloc_bytes, frees * rng.randint(1, 512))
    return [allocs, alloc_bytes, frees, free_bytes]


def heap_attributes(traffic):
    return ('allocs="%d" alloc-bytes="%d" frees="%d" free-bytes="%d"'
            % tuple(traffic))


def per_call(calls, inclusive, rng):
    """A consistent <per-call>: min <= p50 <= p95 <= p99 <= max and
    min <= mean <= max, the mean in hundredths."""
    if calls == 0:
        return None
    mean_hundredths = inclusive * 100 // calls
    low = mean_hundredths // 200
    high = max(low, mean_hundredths // 100 * 2 + 1)
    p50 = rng.randint(low, high)
    p95 = rng.randint(p50, high)
    p99 = rng.randint(p95, high)
    return (low, high, mean_hundredths, p50, p95, p99)


def per_call_element(pc):
    low, high, mean, p50, p95, p99 = pc
    return ('<per-call min="%d" max="%d" mean="%d.%02d" p50="%d" p95="%d" '
            'p99="%d"/>' % (low, high, mean // 100, mean % 100, p50, p95,
                            p99))


def make_function(i, rng):
    ir = int(rng.paretovariate(1.2) * 100)
    f = {
        "name": function_name(i),
        "object": OBJECTS[i % len(OBJECTS)],
        "file": "src%03d.c" % (i % 500) if i % 11 else "",
        "line": (i * 37) % 5000 + 1 if i % 11 else 0,
        "ir": ir,
        "cache": cache_figures(ir, rng),
        "heap": heap_traffic(rng) if i % 5 == 0 else None,
        "marked": i % 1000 == 1,
    }
    if f["marked"]:
        f["calls"] = rng.randint(1, 5000)
        f["incl"] = ir * rng.randint(2, 50)
        f["incl_cache"] = cache_figures(f["incl"], rng)
        f["incl_heap"] = heap_traffic(rng)
        f["per_call"] = per_call(f["calls"], f["incl"], rng)
    return f


def change_function(f, rng):
    """A later build: the function costs between half and twice as much."""
    f["ir"] = max(1, f["ir"] * rng.randint(50, 200) // 100)
    f["cache"] = cache_figures(f["ir"], rng)
    if f["heap"] is not None and rng.random() < 0.5:
        f["heap"] = heap_traffic(rng)


def make_functions(count, seed, head):
    rng = random.Random(seed)
    functions = [make_function(i, rng) for i in range(count)]
    if not head:
        return functions
    rng = random.Random(seed + 1)
    kept = []
    for f in functions:
        roll = rng.random()
        if roll < 0.005:
            continue                        # gone in the head build
        if roll < 0.105:
            change_function(f, rng)
        kept.append(f)
    for i in range(count, count + count // 200):
        kept.append(make_function(i, rng))  # new in the head build
    return kept


def sort_key(f):
    # The report's order: self Ir descending, then name, object, file,
    # line (byte order; the names are ASCII).
    return (-f["ir"], f["name"], f["object"], f["file"], f["line"])


def write_function(out, f):
    out.write('    <function name=%s object=%s file=%s line="%d"'
              % (quoteattr(f["name"]), quoteattr(f["object"]),
                 quoteattr(f["file"]), f["line"]))
    if f["marked"]:
        out.write(' marked="yes" calls="%d"' % f["calls"])
    out.write('>\n      <self Ir="%d" %s/>\n'
              % (f["ir"], cache_attributes(f["cache"])))
    if f["heap"] is not None:
        out.write('      <heap %s/>\n' % heap_attributes(f["heap"]))
    if f["marked"]:
        out.write('      <inclusive Ir="%d" %s %s/>\n'
                  % (f["incl"], cache_attributes(f["incl_cache"]),
                     heap_attributes(f["incl_heap"])))
        out.write('      %s\n' % per_call_element(f["per_call"]))
    out.write('    </function>\n')


def make_zones(seed, head):
    rng = random.Random(seed + 2)
    change = random.Random(seed + 3)
    zones = []
    for z in range(ZONES):
        calls = rng.randint(0, 1000)
        incl = calls * rng.randint(100, 100000)
        if head and z % 3 == 0:
            incl = incl * change.randint(80, 120) // 100
        zones.append({
            "name": "zone_%02d" % z, "calls": calls, "incl": incl,
            "cache": cache_figures(incl, rng), "heap": heap_traffic(rng),
            "per_call": per_call(calls, incl, rng),
        })
    return zones


def write_report(out, functions, zones, head):
    functions.sort(key=sort_key)
    total_ir = sum(f["ir"] for f in functions)
    total_cache = [sum(f["cache"][k] for f in functions) for k in range(9)]
    traffic = [sum(f["heap"][k] for f in functions if f["heap"])
               for k in range(4)]
    peak_bytes = traffic[1] // 3
    peak_blocks = max(1, traffic[0] // 3)
    exit_bytes, exit_blocks = peak_bytes // 4, peak_blocks // 4
    marked = sum(1 for f in functions if f["marked"])

    out.write('<?xml version="1.0" encoding="UTF-8"?>\n'
              '<hotgrind format="1">\n  <run>\n'
              '    <tool name="hotgrind" version="0.1.0"/>\n'
              '    <valgrind version="3.19.0"/>\n'
              '    <arch>amd64</arch>\n'
              '    <platform hwcaps="amd64-cx16-lzcnt-rdtscp-sse3-ssse3-avx-'
              'avx2-bmi-f16c-rdrand-rdseed"/>\n'
              '    <libc name="glibc" version="2.36"/>\n'
              '    <command>\n      <exe>./bench</exe>\n'
              '      <arg>%s</arg>\n    </command>\n'
              '    <options>\n'
              '      <option name="collect-atstart" value="yes"/>\n'
              '      <option name="heap" value="yes"/>\n'
              '      <option name="thread-events" value="no"/>\n'
              '    </options>\n'
              '    <environment variables="31" bytes="2417">\n'
              '      <var name="GLIBC_TUNABLES" '
              'value="glibc.malloc.arena_max=1"/>\n'
              '    </environment>\n'
              '    <cost-model name="l1-ll-miss" version="1" l1-miss="%d" '
              'll-miss="%d"/>\n'
              '    <cache I1="32768,8,64" D1="32768,8,64" LL="8388608,16,64" '
              'source="fixed"/>\n'
              '  </run>\n'
              % ("head" if head else "base", L1_MISS, LL_MISS))
    out.write('  <totals Ir="%d" %s>\n' % (total_ir,
                                          cache_attributes(total_cache)))
    out.write('    <heap %s peak-bytes="%d" peak-blocks="%d" exit-bytes="%d" '
              'exit-blocks="%d"/>\n  </totals>\n  <functions>\n'
              % (heap_attributes(traffic), peak_bytes, peak_blocks,
                 exit_bytes, exit_blocks))
    for f in functions:
        write_function(out, f)
    out.write('  </functions>\n  <zones>\n')
    for z in zones:
        out.write('    <zone name="%s" calls="%d">\n'
                  '      <inclusive Ir="%d" %s %s/>\n'
                  % (z["name"], z["calls"], z["incl"],
                     cache_attributes(z["cache"]), heap_attributes(z["heap"])))
        if z["per_call"]:
            out.write('      %s\n' % per_call_element(z["per_call"]))
        out.write('    </zone>\n')
    out.write('  </zones>\n  <marks>\n'
              '    <mark pattern="*::method_*1" functions="%d" entered="%d"/>\n'
              '    <mark pattern="fn_*1" functions="%d" entered="%d"/>\n'
              '  </marks>\n' % (marked, marked, marked, marked))
    # Four threads share the instructions and the heap traffic; their
    # figures add up to the totals, as the rules require.
    out.write('  <threads>\n')
    for t in range(4):
        share = [v // 4 + (v % 4 if t == 0 else 0)
                 for v in [total_ir] + traffic]
        share[2] = max(share[2], share[1])   # alloc-bytes >= allocs
        out.write('    <thread id="%d"%s status="exited" Ir="%d" %s/>\n'
                  % (t + 1, ' parent="1"' if t else "", share[0],
                     heap_attributes(share[1:])))
    out.write('  </threads>\n</hotgrind>\n')


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", "--functions", type=int, default=100000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--head", action="store_true",
                        help="write a later run of the same program")
    parser.add_argument("out")
    args = parser.parse_args()
    functions = make_functions(args.functions, args.seed, args.head)
    zones = make_zones(args.seed, args.head)
    with open(args.out, "w", encoding="utf-8") as out:
        write_report(out, functions, zones, args.head)


if __name__ == "__main__":
    main()
