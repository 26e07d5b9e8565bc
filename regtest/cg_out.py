# hotgrind regression tests: reads a Cachegrind output file
# (--cachegrind-out-file) for the oracles that compare with it
# (cg_compare.py per function, cg_lines_compare.py per line,
# cgr_inclusive.py per line with the functions on it).
# GPL-2.0-or-later


def read_cachegrind(path, **open_args):
    """(events, summary, costs) of a Cachegrind output file.

    events: the names of its events: line ([] without one); summary:
    {event: count} of its summary: line ({} without one); costs: one
    (fl, fn, line, counts) per cost line, in the file's order, where fl
    and fn are the last fl= and fn= before it (None before any) and
    counts its figures in the events' order (fewer than the events when
    Cachegrind left out zeros at the end).  open_args go to open()."""
    events, summary, costs = [], {}, []
    fl = fn = None
    with open(path, **open_args) as f:
        for text in f:
            text = text.rstrip("\n")
            if text.startswith("events:"):
                events = text.split()[1:]
            elif text.startswith("fl="):
                fl = text[3:]
            elif text.startswith("fn="):
                fn = text[3:]
            elif text.startswith("summary:"):
                summary = dict(zip(events, map(int, text.split()[1:])))
            elif text[:1].isdigit():
                fields = text.split()
                costs.append((fl, fn, int(fields[0]),
                              [int(v) for v in fields[1:]]))
    return events, summary, costs
