"""What the generated histories are made of (history_gen.py,
history_graph_gen.py and bench/history-gen.py): a report of a run on
amd64 that exited with status 0, and a suite run's folder of reports and
its manifest.  GPL-2.0-or-later; part of hotgrind."""
import os


def report(exe, total_ir, functions, options=(), marks=""):
    """A hotgrind report of program EXE: its <totals Ir>, the <function>
    elements FUNCTIONS (one string), the (name, value) pairs of OPTIONS
    as <options> when there are any, and MARKS (a <marks> element or "")
    after the functions."""
    opts = "".join('<option name="%s" value="%s"/>' % o for o in options)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<hotgrind format="1">'
            '<run><tool name="hotgrind" version="0.1.0"/>'
            '<valgrind version="3.19.0"/><arch>amd64</arch><command>'
            '<exe>%s</exe></command>%s<exit how="status" status="0"/></run>'
            '<totals Ir="%d"/><functions>%s</functions>%s</hotgrind>\n'
            % (exe, "<options>%s</options>" % opts if opts else "",
               total_ir, functions, marks))


def write_suite_run(path, suite, benchmarks):
    """PATH, made, as a run of suite SUITE: each (NAME, REPORT) of
    BENCHMARKS in order as NAME.xml and a <benchmark> of manifest.xml;
    REPORT None for a benchmark that failed (exit 1, no report)."""
    os.makedirs(path)
    entries = []
    for pos, (name, text) in enumerate(benchmarks, 1):
        if text is None:
            entries.append('<benchmark name="%s" position="%d"'
                           ' status="failed" exit="1"/>' % (name, pos))
            continue
        with open(os.path.join(path, name + ".xml"), "w") as w:
            w.write(text)
        entries.append('<benchmark name="%s" position="%d" status="ok"'
                       ' exit="0" report="%s.xml"/>' % (name, pos, name))
    with open(os.path.join(path, "manifest.xml"), "w") as w:
        w.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                '<suite-run format="1" suite="%s">%s</suite-run>\n'
                % (suite, "".join(entries)))
