#!/usr/bin/python3
# A report whose calling contexts are one chain DEPTH deep: main, entered
# once from outside, calls NAME, which recurses until DEPTH contexts are
# open, each running 1 Ir of its own.  Writes the report to OUT and prints
# the bytes of its folded stacks, worked out here from the format
# docs/export.md gives ("main;NAME;...;NAME 1", a line per context), not
# from hotgrind.  GPL-2.0-or-later; part of hotgrind.
#
# usage: deep_contexts_gen.py DEPTH NAME OUT
#
# The figures: context k (1 main, 2..DEPTH NAME) has self Ir 1 and
# inclusive DEPTH - k + 1; main's self is 1, its inclusive DEPTH; NAME's
# self is DEPTH - 1 over DEPTH - 1 calls, its inclusive (outermost
# activation only) DEPTH - 1, and its calls of itself (every activation
# but the first) carry their inclusive costs, 1 + 2 + ... + DEPTH - 2.

import sys


def main():
    depth, name, out = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    assert depth >= 3
    rec = depth - 1
    with open(out, "w", encoding="utf-8") as f:
        w = f.write
        w('<?xml version="1.0" encoding="UTF-8"?>\n<hotgrind format="1">\n'
          '  <run>\n    <tool name="hotgrind" version="0.1.0"/>\n'
          '    <valgrind version="3.19.0"/>\n    <arch>amd64</arch>\n'
          '    <command>\n      <exe>./deep</exe>\n    </command>\n'
          '    <options>\n'
          '      <option name="collect-atstart" value="yes"/>\n'
          '      <option name="heap" value="no"/>\n'
          '      <option name="thread-events" value="no"/>\n'
          '      <option name="call-graph" value="yes"/>\n'
          '    </options>\n  </run>\n')
        w('  <totals Ir="%d"/>\n  <functions>\n' % depth)
        w('    <function name="main" object="deep" file="deep.c" line="9" '
          'calls="1" id="1" outside-calls="1">\n'
          '      <self Ir="1"/>\n      <inclusive Ir="%d"/>\n'
          '      <callees>\n        <call callee="2" calls="1" Ir="%d"/>\n'
          '      </callees>\n    </function>\n' % (depth, rec))
        w('    <function name="%s" object="deep" file="deep.c" line="3" '
          'calls="%d" id="2" recursive="yes">\n'
          '      <self Ir="%d"/>\n      <inclusive Ir="%d"/>\n'
          '      <callees>\n        <call callee="2" calls="%d" Ir="%d"/>\n'
          '      </callees>\n    </function>\n'
          % (name, rec, rec, rec, rec - 1, (rec - 1) * rec // 2))
        w('  </functions>\n  <objects>\n    <object name="deep"/>\n'
          '  </objects>\n')
        w('  <contexts max="100000" count="%d">\n    <outside Ir="0"/>\n'
          % depth)
        for k in range(1, depth + 1):
            w('    <context id="%d"%s function="%d" calls="1">\n'
              '      <self Ir="1"/>\n      <inclusive Ir="%d"/>\n'
              '    </context>\n'
              % (k, ' parent="%d"' % (k - 1) if k > 1 else "",
                 1 if k == 1 else 2, depth - k + 1))
        w('  </contexts>\n  <threads>\n'
          '    <thread id="1" status="exited" Ir="%d"/>\n  </threads>\n'
          '</hotgrind>\n' % depth)
    # Line k: "main", then k - 1 times ";NAME", then " 1\n".
    size = sum(len("main") + (k - 1) * (1 + len(name.encode())) + 3
               for k in range(1, depth + 1))
    print(size)


main()
