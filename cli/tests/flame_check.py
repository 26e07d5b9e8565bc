#!/usr/bin/python3
"""Checks what a browser read from hotgrind's SVG flame graphs against the
report, worked out here on its own from the report's <contexts>
(docs/export.md, "SVG flame graphs").  GPL-2.0-or-later; part of hotgrind.

Usage:
  flame_check.py page SVG...
      an HTML page that opens each SVG in an <iframe> and, once they have
      loaded, writes what it finds into <pre id="result"> as JSON: every
      frame (id, parent, name, self, width, base self, fill, tooltip), the
      omitted line, the note, what hgSearch(TEXT) returns for the texts
      of each SVG's URL fragment (#search=A,B) and, for #zoom=NAME, each
      frame's box once the frame of that name is clicked.
  flame_check.py svg DUMP INDEX REPORT METRIC WIDTH [SEARCH=FRAMES:VALUE...]
                   [zoom=NAME]
      the INDEXth SVG of DUMP (chromium --dump-dom of the page) against
      REPORT: the frames drawn are exactly the stacks of the report wide
      enough, each with its self figure and width; the omitted line gives
      what is not drawn; each tooltip starts with the stack and its self
      figure; each search found FRAMES frames covering VALUE (auto: what
      the report says, worked out here); after a click
      on the frame NAME, it and the frames above it fill the width in
      proportion, the frames below it the whole width, the rest hidden.
  flame_check.py diff DUMP INDEX BASE HEAD METRIC GROWN SHRUNK
      the INDEXth SVG of DUMP, a differential graph: the frames are HEAD's
      with BASE's self figure beside; the frame of stack GROWN is red, of
      SHRUNK blue, and every frame's colour says whether its self grew,
      shrank or stayed.
Exit status 1 with one line per problem."""

import html
import json
import re
import sys
import xml.etree.ElementTree as ET

CACHE = ["I1mr", "ILmr", "Dr", "D1mr", "DLmr", "Dw", "D1mw", "DLmw",
         "cycles"]
PLOT = None  # set from WIDTH
WIDTH = {}   # each stack's width, for search_here
MIN_HUNDREDTHS = 10


def page(svgs):
    frames = "\n".join(
        f'<iframe id="svg{i}" src="{html.escape(s)}" width="1200" '
        'height="400"></iframe>' for i, s in enumerate(svgs))
    return """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>flame check</title></head>
<body>
%s
<pre id="result"></pre>
<script>
function read(i) {
  var f = document.getElementById('svg' + i), w = f.contentWindow;
  var d = f.contentDocument, out = { frames: [], errors: [] };
  var gs = d.getElementsByClassName('f'), k, g, t, searches, s;
  out.initialised = w.hg && w.hg.frames ? w.hg.frames.length : -1;
  for (k = 0; k < gs.length; k++) {
    g = gs[k];
    t = g.getElementsByTagName('title')[0];
    out.frames.push({ id: g.id, parent: g.getAttribute('data-p'),
      name: g.getAttribute('data-n'), self: g.getAttribute('data-s'),
      width: g.getAttribute('data-v'), base: g.getAttribute('data-b'),
      fill: g.getElementsByTagName('rect')[0].getAttribute('fill'),
      title: t ? t.textContent : null });
  }
  t = d.getElementById('omitted'); out.omitted = t ? t.textContent : null;
  t = d.getElementById('gone');
  out.gone = [];
  while (t) { out.gone.push(t.textContent); t = t.nextElementSibling; }
  out.search = {};
  out.zoom = [];
  s = decodeURIComponent((f.src.split('#zoom=')[1] || ''));
  if (s) {
    for (k = 0; k < gs.length; k++)
      if (gs[k].getAttribute('data-n') === s) {
        gs[k].dispatchEvent(new MouseEvent('click'));
        break;
      }
    for (k = 0; k < gs.length; k++) {
      t = gs[k].getElementsByTagName('rect')[0];
      out.zoom.push({ id: gs[k].id, shown: gs[k].style.display !== 'none',
        x: Number(t.getAttribute('x')), w: Number(t.getAttribute('width')) });
    }
    w.hgReset();
  }
  searches = decodeURIComponent((f.src.split('#search=')[1] || '').split('#')[0]);
  searches = searches ? searches.split(',') : [];
  for (k = 0; k < searches.length; k++) {
    try {
      s = w.hgSearch(searches[k]);
      out.search[searches[k]] = { frames: s.frames, matched: s.matched,
        total: s.total, shown: d.getElementById('matched').textContent };
    } catch (e) { out.errors.push('hgSearch: ' + e); }
  }
  try { w.hgSearch(''); w.hgReset(); } catch (e) { out.errors.push('reset: ' + e); }
  return out;
}
window.addEventListener('load', function () {
  var all = [], i;
  for (i = 0; i < %d; i++) {
    try { all.push(read(i)); } catch (e) { all.push({ errors: ['' + e] }); }
  }
  document.getElementById('result').textContent = JSON.stringify(all);
});
</script>
</body></html>
""" % (frames, len(svgs))


def dump_result(path, index):
    text = open(path, encoding="utf-8").read()
    m = re.search(r'<pre id="result">(.*?)</pre>', text, re.S)
    if not m or not m.group(1).strip():
        sys.exit(f"{path}: no result in the page (did its script run?)")
    return json.loads(html.unescape(m.group(1)))[index]


# ------------------------------------------------------------ the report

def figure(node, metric):
    """METRIC of a <self>, <inclusive> or <outside>."""
    if node is None:
        return 0
    return int(node.get(metric, "0"))


def frame_names(report):
    """Function id -> frame name: NAME, or NAME [OBJECT] when another
    function of that name is in another object, and always for ???."""
    fns = report.find("functions").findall("function")
    objects = {}
    for f in fns:
        objects.setdefault(f.get("name"), set()).add(f.get("object"))
    names = {}
    for f in fns:
        n = f.get("name")
        names[int(f.get("id"))] = (f"{n} [{f.get('object')}]"
                                   if n == "???" or len(objects[n]) > 1
                                   else n)
    return names


def stacks(path, metric):
    """Stack (a tuple of frame names, "all" first) -> [self, inclusive,
    calls], and "all" and its frames' widths."""
    report = ET.parse(path).getroot()
    names = frame_names(report)
    ctxs = report.find("contexts")
    out = {("all",): [0, 0, 0]}
    outside = figure(ctxs.find("outside"), metric)
    if outside:
        out[("all", "[outside]")] = [outside, 0, 0]
    path_of = {}
    for c in ctxs.findall("context"):
        cid = int(c.get("id"))
        if c.get("parent"):
            prefix = path_of[int(c.get("parent"))]
        elif c.get("truncated") == "yes":
            prefix = ("all", "[truncated]")
            out.setdefault(prefix, [0, 0, 0])
        else:
            prefix = ("all",)
        stack = prefix + (names[int(c.get("function"))],)
        path_of[cid] = stack
        row = out.setdefault(stack, [0, 0, 0])
        row[0] += figure(c.find("self"), metric)
        row[1] += figure(c.find("inclusive"), metric)
        row[2] += int(c.get("calls"))
    width = {s: v[0] for s, v in out.items()}
    for s in sorted(out, key=len, reverse=True):
        if len(s) > 1:
            width[s[:-1]] += width[s]
    return out, width


def drawn_stacks(width):
    """The stacks drawn: wide enough, their parent drawn."""
    total = width[("all",)]
    drawn, omitted, omitted_value = {("all",)}, 0, 0
    for s in sorted(width, key=len):
        if len(s) == 1 or width[s] == 0 or s[:-1] not in drawn:
            continue
        if width[s] * PLOT * 100 // total < MIN_HUNDREDTHS:
            omitted += 1
            omitted_value += width[s]
        else:
            drawn.add(s)
    return drawn, omitted, omitted_value


def svg_stacks(result):
    by_id = {f["id"]: f for f in result["frames"]}
    out = {}
    for f in result["frames"]:
        chain, g = [], f
        while g is not None:
            chain.append(g["name"])
            g = by_id.get(g["parent"]) if g["parent"] else None
        out[tuple(reversed(chain))] = f
    return out


def count_text(n):
    return f"{n:,}"


def check_svg(problems, result, report, metric, searches):
    if result.get("errors"):
        problems.extend(result["errors"])
    if result.get("initialised", -1) <= 0:
        problems.append("the SVG's own script did not run (hgInit)")
    rows, width = stacks(report, metric)
    WIDTH.clear()
    WIDTH.update(width)
    drawn, omitted, omitted_value = drawn_stacks(width)
    svg = svg_stacks(result)
    for s in sorted(drawn - set(svg)):
        problems.append(f"{';'.join(s)}: not drawn")
    for s in sorted(set(svg) - drawn):
        problems.append(f"{';'.join(s)}: drawn, not in the report "
                        "(or too narrow)")
    for s in sorted(drawn & set(svg)):
        f = svg[s]
        if int(f["self"]) != rows[s][0] or int(f["width"]) != width[s]:
            problems.append(f"{';'.join(s)}: self {f['self']} width "
                            f"{f['width']}, report {rows[s][0]} and "
                            f"{width[s]}")
        lines = (f["title"] or "").split("\n")
        stack_text = ";".join(s[1:]) if len(s) > 1 else "all"
        if lines[0] != stack_text:
            problems.append(f"{stack_text}: tooltip starts '{lines[0]}'")
        want = f"self: {count_text(rows[s][0])} {metric} ("
        if len(lines) < 2 or not lines[1].startswith(want):
            problems.append(f"{stack_text}: tooltip's second line "
                            f"'{lines[1] if len(lines) > 1 else ''}', "
                            f"not '{want}...'")
    want = (f"{omitted} frame{'' if omitted == 1 else 's'} narrower than "
            f"0.1 px not drawn: {count_text(omitted_value)} {metric} (")
    if not (result.get("omitted") or "").startswith(want):
        problems.append(f"omitted line '{result.get('omitted')}', not "
                        f"'{want}...'")
    for spec in searches:
        text, expected = spec.split("=", 1)
        if text == "zoom":
            check_zoom(problems, result, expected, width, svg)
            continue
        if expected == "auto":
            n, value = search_here(text, drawn)
        else:
            n, value = (int(x) for x in expected.split(":"))
        got = result.get("search", {}).get(text)
        if got is None:
            problems.append(f"hgSearch('{text}') gave nothing")
        elif got["frames"] != n or got["matched"] != value \
                or got["total"] != width[("all",)]:
            problems.append(f"hgSearch('{text}'): {got}, not {n} frames "
                            f"covering {value} of {width[('all',)]}")
        elif not got["shown"].startswith(f"Matched: {n} frames, "):
            problems.append(f"hgSearch('{text}') shows '{got['shown']}'")
    return len(svg)


def search_here(text, drawn, width=None):
    """The frames drawn whose name matches TEXT (a regular expression),
    and the width they cover: each match not inside another."""
    pattern = re.compile(text)
    hits = {s for s in drawn if len(s) > 0 and pattern.search(s[-1])}
    covered = sum(WIDTH[s] for s in hits
                  if not any(s[:k] in hits for k in range(1, len(s))))
    return len(hits), covered


def check_zoom(problems, result, name, width, svg):
    """After a click on the frame NAME: it and the frames above it spread
    over the plot, the frames below it the whole plot, the rest hidden."""
    offset = frame_offsets(width)
    target = [s for s in svg if s[-1] == name]
    if len(target) != 1 or not result.get("zoom"):
        problems.append(f"zoom on {name}: no single frame, or no zoom")
        return
    target = target[0]
    x0, w0 = offset[target], width[target]
    boxes = {z["id"]: z for z in result["zoom"]}
    for s, f in svg.items():
        z = boxes[f["id"]]
        if s[:len(target)] == target:
            want = (True, 10 + (offset[s] - x0) / w0 * PLOT,
                    width[s] / w0 * PLOT)
        elif target[:len(s)] == s:
            want = (True, 10, PLOT)
        else:
            want = (False, None, None)
        if z["shown"] != want[0] or (want[0] and (
                abs(z["x"] - want[1]) > 0.01 or abs(z["w"] - want[2]) > 0.01)):
            problems.append(f"zoom on {name}: {';'.join(s)} is {z}, not "
                            f"{want}")


def frame_offsets(width):
    """Each stack's offset from the left: siblings by name, byte by byte."""
    offset = {("all",): 0}
    children = {}
    for s in width:
        if len(s) > 1:
            children.setdefault(s[:-1], []).append(s)
    todo = [("all",)]
    while todo:
        p = todo.pop()
        x = offset[p]
        for c in sorted(children.get(p, []),
                        key=lambda c: c[-1].encode("utf-8")):
            offset[c] = x
            x += width[c]
            todo.append(c)
    return offset


def rgb(fill):
    m = re.fullmatch(r"rgb\((\d+),(\d+),(\d+)\)", fill or "")
    return tuple(int(x) for x in m.groups()) if m else None


def check_diff(problems, result, base, head, metric, grown, shrunk):
    if result.get("errors"):
        problems.extend(result["errors"])
    base_rows, base_width = stacks(base, metric)
    head_rows, width = stacks(head, metric)
    svg = svg_stacks(result)
    for s, f in svg.items():
        name = ";".join(s[1:]) or "all"
        if s not in head_rows:
            problems.append(f"{name}: drawn, not in head")
            continue
        if int(f["self"]) != head_rows[s][0] or int(f["width"]) != width[s]:
            problems.append(f"{name}: not head's figures")
        b = base_rows.get(s)
        if (b is None) != (f["base"] is None) or \
                (b is not None and int(f["base"]) != b[0]):
            problems.append(f"{name}: base self {f['base']}, base has "
                            f"{b[0] if b else None}")
        r, g, bl = rgb(f["fill"]) or (0, 0, 0)
        change = head_rows[s][0] - (b[0] if b else 0)
        kind = "red" if r == 255 and g == bl and g < 255 else \
               "blue" if bl == 255 and r == g and r < 255 else \
               "grey" if r == g == bl else "other"
        want = "red" if change > 0 else "blue" if change < 0 else "grey"
        if kind != want:
            problems.append(f"{name}: {f['fill']} ({kind}) for a change "
                            f"of {change}")
    for stack, colour in ((grown, "red"), (shrunk, "blue")):
        f = svg.get(("all",) + tuple(stack.split(";")))
        c = rgb(f["fill"]) if f else None
        if c is None or (colour == "red" and not (c[0] == 255 > c[1])) \
                or (colour == "blue" and not (c[2] == 255 > c[0])):
            problems.append(f"{stack}: {f and f['fill']}, not {colour}")
    # The widest ten frames of base whose parent head has, but not them.
    gone = sorted((s for s in base_rows if s not in head_rows
                   and s[:-1] in head_rows and base_width[s] > 0),
                  key=lambda s: -base_width[s])[:10]
    for s in gone:
        line = f"  {';'.join(s[1:])} {count_text(base_width[s])} {metric}"
        if line not in result.get("gone", []):
            problems.append(f"{';'.join(s[1:])}: gone, not in the note as "
                            f"'{line}'")
    return len(svg)


def main(argv):
    global PLOT
    if len(argv) >= 2 and argv[1] == "page":
        sys.stdout.write(page(argv[2:]))
        return 0
    problems = []
    if len(argv) >= 7 and argv[1] == "svg":
        PLOT = int(argv[6]) - 20
        n = check_svg(problems, dump_result(argv[2], int(argv[3])), argv[4],
                      argv[5], argv[7:])
    elif len(argv) == 9 and argv[1] == "diff":
        n = check_diff(problems, dump_result(argv[2], int(argv[3])),
                       argv[4], argv[5], argv[6], argv[7], argv[8])
    else:
        sys.exit(__doc__)
    for p in problems:
        print(p)
    if not problems:
        print(f"{n} frames checked")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
