#!/usr/bin/env python3
"""Checks of `hotgrind history html` for tests/history-html.sh and
tests/history-chromium.sh.  What the site must show is worked out here
from the database read with the sqlite3 command (its own walk of first
parents, its own resolution of each run's figures along base_run), never
from hotgrind's output.

Usage:
  history_html_check.py record HOTGRIND DB GEN FIRST LAST
                                                every commit of GEN/plan
                                                (history_gen.py's), and after
                                                main-FIRST to main-LAST an
                                                arm64 copy of alpha's report,
                                                f05's self Ir doubled
  history_html_check.py site DB DIR [URL]        every page of DIR checked
  history_html_check.py browser DB DIR CHROMIUM  the pages in headless Chromium
  history_html_check.py large OUT COMMITS        a history of 3 benchmarks of
                                                600 functions (plan as
                                                history_gen.py's)

GPL-2.0-or-later; part of hotgrind."""
import fcntl, json, os, re, subprocess, sys, time
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from urllib.parse import unquote, urlparse

problems = []


def problem(text):
    problems.append(text)
    if len(problems) <= 40:
        print("  " + text)


# ------------------------------------------------------------ database

def sql(db, query):
    """Rows of QUERY as dicts, by the sqlite3 command; text decoded with
    each invalid byte replaced (what a page must show)."""
    out = subprocess.run(["sqlite3", "-json", db, query], check=True,
                         stdout=subprocess.PIPE).stdout
    text = out.decode("utf-8", "replace")
    return json.loads(text) if text.strip() else []


def shown(text):
    """TEXT as a page shows it: control characters (a tab excepted) as
    U+FFFD."""
    return "".join("\ufffd" if (ord(c) < 32 and c != "\t") or ord(c) == 127
                   or 0x80 <= ord(c) < 0xa0 else c for c in text)


class History:
    """The database's series along the branch log walks."""

    def __init__(self, db):
        commits = sql(db, "SELECT id, sha, branch, time FROM commits")
        by_id = {c["id"]: c for c in commits}
        by_sha = {c["sha"]: c for c in commits}
        parent = {r["commit_id"]: r["sha"] for r in
                  sql(db, "SELECT commit_id, sha FROM parents"
                          " WHERE position = 0")}
        first = min(by_id)
        self.branch = by_id[first]["branch"]
        head = max(i for i, c in by_id.items() if c["branch"] == self.branch)
        path = []
        while head is not None and head not in [c["id"] for c in path]:
            path.append(by_id[head])
            p = parent.get(head)
            head = by_sha[p]["id"] if p in by_sha else None
        self.path = path[::-1]                      # oldest first
        self.time = {c["sha"]: c["time"] for c in self.path}
        pos = {c["id"]: i for i, c in enumerate(self.path)}
        runs = sql(db, "SELECT id, commit_id, benchmark, arch, status,"
                       " has_figures, base_run FROM runs")
        self.runs = {r["id"]: r for r in runs}
        ir = sql(db, "SELECT id FROM metrics WHERE name = 'Ir'")[0]["id"]
        self.rows = {}
        for f in sql(db, "SELECT run_id, entity_id, value FROM figures"
                         " WHERE metric_id = %d" % ir):
            self.rows[(f["run_id"], f["entity_id"])] = f["value"]
        self.entities = {e["id"]: e for e in
                         sql(db, "SELECT id, kind, name, object, file"
                                 " FROM entities WHERE kind IN"
                                 " ('total', 'function')")}
        # The runs on the path of each benchmark and architecture.
        self.path_runs = {}
        for r in sorted(runs, key=lambda r: pos.get(r["commit_id"], -1)):
            if r["commit_id"] in pos:
                self.path_runs.setdefault((r["benchmark"], r["arch"]),
                                          []).append(r)
        self.sha_of = {c["id"]: c["sha"] for c in commits}
        self.series = {}
        for (bench, arch), rs in self.path_runs.items():
            for eid, e in self.entities.items():
                points = [(self.sha_of[r["commit_id"]], r["status"],
                           self.value(r, eid) if r["has_figures"] else None,
                           bool(r["has_figures"])) for r in rs]
                if any(p[2] is not None for p in points):
                    key = (shown(bench), shown(arch), e["kind"],
                           shown(e["name"]), shown(e["object"]),
                           shown(e["file"])) if e["kind"] == "function" \
                        else (shown(bench), shown(arch), "total")
                    self.series[key] = points

    def value(self, run, entity):
        seen = 0
        while run is not None and seen <= len(self.runs):
            k = (run["id"], entity)
            if k in self.rows:
                return self.rows[k]
            run = self.runs.get(run["base_run"])
            seen += 1
        return None

    @staticmethod
    def changes(points):
        """(sha, before, after) of each point that changed, oldest
        first."""
        out, older = [], None
        for sha, status, value, figures in points:
            if not figures:
                continue
            if older is not None and older != (value,):
                out.append((sha, older[0], value))
            older = (value,)
        return out


# ------------------------------------------------------------ the pages

class Page(HTMLParser):
    """What a page holds that the checks read."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.series = []            # [attrs, [point attrs + title]]
        self.links = []
        self.external = []          # src=, <link>, url() ...
        self.tables = []            # [attrs, [[row attrs, [cells]]]]
        self.stack = []
        self.text = None
        self.cell = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for k, v in attrs:
            if k in ("src", "srcset", "xlink:href", "action", "formaction"):
                self.external.append("%s=%s" % (k, v))
        if tag in ("link", "iframe", "object", "embed", "img", "base"):
            self.external.append("<%s>" % tag)
        if tag == "a" and "href" in a:
            self.links.append(a)
        if tag == "g" and "series" in a.get("class", "").split():
            self.series.append([a, []])
        if tag == "circle" and self.series:
            self.series[-1][1].append(dict(a, title=""))
            self.stack.append("circle")
        if tag == "title" and self.stack and self.stack[-1] == "circle":
            self.text = ""
        if tag == "table":
            self.tables.append([a, []])
        if tag == "tr" and self.tables:
            self.tables[-1][1].append([a, []])
        if tag in ("td", "th") and self.tables and self.tables[-1][1]:
            self.cell = ""
        if tag == "script" and "src" in a:
            self.external.append("script src")

    def handle_endtag(self, tag):
        if tag == "title" and self.text is not None:
            self.series[-1][1][-1]["title"] = self.text
            self.text = None
        if tag == "circle" and self.stack:
            self.stack.pop()
        if tag in ("td", "th") and self.cell is not None:
            self.tables[-1][1][-1][1].append(self.cell)
            self.cell = None

    def handle_data(self, data):
        if self.text is not None:
            self.text += data
        if self.cell is not None:
            self.cell += data


def read_pages(folder):
    pages = {}
    for root, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(root, name)
            rel = os.path.relpath(path, folder)
            with open(path, "rb") as f:
                raw = f.read()
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                problem("%s: not UTF-8 (%s)" % (rel, e))
                text = raw.decode("utf-8", "replace")
            p = Page()
            p.feed(text)
            p.raw = text
            pages[rel] = p
    return pages


def series_key(a):
    if a.get("data-kind") == "total":
        return (a.get("data-benchmark"), a.get("data-arch"), "total")
    return (a.get("data-benchmark"), a.get("data-arch"), "function",
            a.get("data-name"), a.get("data-object"), a.get("data-file"))


def count(text):
    return None if text in ("absent", "", None) else int(text.replace(",", ""))


def check_points(hist, where, key, circles, need_titles=True):
    """Every circle of a series: a value the database has at its commit;
    the changes and the first and last value all drawn."""
    want = hist.series.get(key)
    if want is None:
        problem("%s: series %r is not in the database" % (where, key))
        return 0
    values = {sha: v for sha, _, v, figures in want if figures}
    changed = {sha for sha, _, _ in History.changes(want)}
    drawn = set()
    for c in circles:
        sha, v = c.get("data-commit"), c.get("data-value")
        if sha not in values:
            problem("%s: %r: point at %s, not a run with figures" %
                    (where, key, sha))
            continue
        if values[sha] is None or str(values[sha]) != v:
            problem("%s: %r at %s: %s, the database has %s" %
                    (where, key, sha[:12], v, values[sha]))
        title = c.get("title") if need_titles else c.get("data-tip", "")
        if title is not None and (sha[:12] not in title
                                  or "{:,}".format(int(v)) not in title):
            problem("%s: %r at %s: title %r lacks the commit or value" %
                    (where, key, sha[:12], title))
        drawn.add(sha)
        if ("change" in c.get("class", "").split()) != (sha in changed):
            problem("%s: %r at %s: marked %r, changed there: %s" % (
                where, key, sha[:12], c.get("class"), sha in changed))
    valued = [sha for sha, _, v, f in want if f and v is not None]
    must = {sha for sha, before, after in History.changes(want)
            if after is not None}
    if valued:
        must |= {valued[0], valued[-1]}
    if must != drawn:
        problem("%s: %r: points at %s, want %s" % (
            where, key, sorted(s[:7] for s in drawn),
            sorted(s[:7] for s in must)))
    return len(circles)


def link_target(page, href):
    return os.path.normpath(os.path.join(os.path.dirname(page),
                                         unquote(urlparse(href).path)))


def check_site(db, folder, url=None):
    hist = History(db)
    pages = read_pages(folder)
    points = 0
    # Each function page: the identity of its series, for the links.
    function_of = {}
    for rel, p in sorted(pages.items()):
        for k in p.external:
            problem("%s: loads something: %s" % (rel, k))
        raw = p.raw
        if url is not None:
            escaped = url.replace("&", "&amp;")
            raw = re.sub(re.escape(escaped).replace(r"\{sha\}", "[0-9a-f]+"),
                         "", raw)
        if re.search(r"url\(|@import|https?://(?!www\.w3\.org/2000/svg\")",
                     raw):
            problem("%s: names an address outside the site" % rel)
        for a in p.links:
            href = a["href"]
            if href.startswith(("http://", "https://")):
                if url is None or "commit-url" not in a.get("class", ""):
                    problem("%s: link out of the site: %s" % (rel, href))
                continue
            if not os.path.isfile(os.path.join(folder,
                                               link_target(rel, href))):
                problem("%s: link to a missing page: %s" % (rel, href))
        for a, circles in p.series:
            points += check_points(hist, rel, series_key(a), circles)
        if rel.startswith("functions/") and p.series:
            function_of[rel] = series_key(p.series[0][0])[3:]
    # Every series and commit has its page.
    have = {series_key(a) for p in pages.values() for a, _ in p.series}
    for key in hist.series:
        if key not in have:
            problem("series %r is drawn nowhere" % (key,))
    for c in hist.path:
        if "commits/%s.html" % c["sha"] not in pages:
            problem("commit %s has no page" % c["sha"][:12])
    if len(pages) != 1 + len(hist.path) + len(function_of) + len(
            {k[0] for k in hist.series}):
        problem("%d pages, want index, %d commits, %d functions and the "
                "benchmarks" % (len(pages), len(hist.path), len(function_of)))
    check_change_tables(hist, pages, function_of)
    check_ratios(hist, pages, function_of)
    if url is not None:
        for c in hist.path:
            p = pages.get("commits/%s.html" % c["sha"])
            want = url.replace("{sha}", c["sha"])
            if p and want not in [a["href"] for a in p.links]:
                problem("commit %s: no link %s" % (c["sha"][:7], want))
    return points


def check_change_tables(hist, pages, function_of):
    """The change list of every function page and what every commit page
    says changed, against the database's changes."""
    for rel, p in sorted(pages.items()):
        if rel.startswith("functions/"):
            ident = function_of.get(rel)
            for a, rows in p.tables:
                if "changes" not in a.get("class", ""):
                    continue
                bench = p.series[0][0]["data-benchmark"]
                key = (bench, a.get("data-arch"), "function") + ident
                want = [(s, b, v) for s, b, v in
                        History.changes(hist.series.get(key, []))][::-1]
                got = [(r.get("data-commit"), count(r.get("data-before")),
                        count(r.get("data-after")))
                       for r, _ in rows if r.get("class") == "change"]
                if got != want:
                    problem("%s: changes on %s %s, want %s" %
                            (rel, a.get("data-arch"), got[:4], want[:4]))
    # The commit pages: per benchmark and architecture, the functions
    # that changed there.
    expected = {}
    for key, pts in hist.series.items():
        if key[2] != "function":
            continue
        for sha, before, after in History.changes(pts):
            expected.setdefault(sha, set()).add(
                (key[0], key[1], key[3:], before, after))
    for c in hist.path:
        p = pages.get("commits/%s.html" % c["sha"])
        if p is None:
            continue
        got = set()
        for a, rows in p.tables:
            if "changes" not in a.get("class", ""):
                continue
            for r, cells in rows:
                if r.get("class") != "change":
                    continue
                got.add((a.get("data-benchmark"), a.get("data-arch"),
                         r.get("data-function"), count(r.get("data-before")),
                         count(r.get("data-after"))))
        # The function's page names it: map its link to its identity.
        got_ident = set()
        for b, arch, page, before, after in got:
            ident = function_of.get(page)
            got_ident.add((b, arch, ident, before, after))
        want = expected.get(c["sha"], set())
        if got_ident != want:
            problem("commit %s: changes %s, want %s" % (
                c["sha"][:7], sorted(map(str, got_ident))[:3],
                sorted(map(str, want))[:3]))


def check_ratios(hist, pages, function_of):
    for rel, p in sorted(pages.items()):
        for a, rows in p.tables:
            if a.get("class") != "ratio":
                continue
            bench = next(s[0]["data-benchmark"] for s in p.series)
            base, other = a["data-base"], a["data-other"]
            tb = dict((s, v) for s, _, v, f in
                      hist.series[(bench, base, "total")] if f)
            to = dict((s, v) for s, _, v, f in
                      hist.series[(bench, other, "total")] if f)
            common = [c["sha"] for c in hist.path
                      if tb.get(c["sha"]) is not None
                      and to.get(c["sha"]) is not None]
            if not common or common[-1] != a["data-commit"]:
                problem("%s: ratio at %s, want %s" % (
                    rel, a["data-commit"][:7], common[-1:]))
                continue
            sha = common[-1]
            for r, cells in rows[1:]:
                page = r.get("data-function")
                if page is None:
                    b, o = tb[sha], to[sha]
                else:
                    ident = function_of.get(page)

                    def at(arch):
                        for s, _, v, f in hist.series.get(
                                (bench, arch, "function") + ident, []):
                            if s == sha:
                                return v
                    b, o = at(base), at(other)
                if (count(cells[1]), count(cells[2])) != (b, o):
                    problem("%s: ratio row %s: %s %s, want %s %s" % (
                        rel, page, cells[1], cells[2], b, o))
                elif b and o and abs(float(cells[3]) - o / b) > 0.0005:
                    problem("%s: ratio %s, want %.4f" % (rel, cells[3], o / b))


# ----------------------------------------------------------- the browser

class Chromium:
    """Headless Chromium driven through its DevTools protocol on a pipe
    (--remote-debugging-pipe: fds 3 and 4, messages ended by NUL)."""

    def __init__(self, exe, profile):
        to_browser = os.pipe()
        from_browser = os.pipe()
        # Out of the way of 3 and 4, which the child's dup2 writes.
        fds = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
               for fd in to_browser + from_browser]
        for fd in to_browser + from_browser:
            os.close(fd)
        self.write_fd, self.read_fd = fds[1], fds[2]

        def child():
            os.dup2(fds[0], 3)
            os.dup2(fds[3], 4)
        self.proc = subprocess.Popen(
            [exe, "--headless", "--no-sandbox", "--disable-gpu",
             "--remote-debugging-pipe", "--no-first-run",
             "--user-data-dir=" + profile, "about:blank"],
            preexec_fn=child, close_fds=False, stdout=subprocess.DEVNULL,
            stderr=open(os.path.join(profile, "..", "browser.log"), "w"))
        os.close(fds[0])
        os.close(fds[3])
        self.buffer = b""
        self.next_id = 0
        self.events = []
        target = self.call("Target.createTarget", url="about:blank")
        self.session = self.call("Target.attachToTarget", flatten=True,
                                 targetId=target["targetId"])["sessionId"]
        for domain in ("Page", "Runtime", "Network", "Log"):
            self.call(domain + ".enable", session=True)
        self.call("Emulation.setDeviceMetricsOverride", session=True,
                  width=1000, height=800, deviceScaleFactor=1, mobile=False)

    def read(self, deadline):
        while b"\0" not in self.buffer:
            if time.time() > deadline:
                raise RuntimeError("Chromium did not answer")
            chunk = os.read(self.read_fd, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium went away")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, session=False, **params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self.write_fd, json.dumps(message).encode() + b"\0")
        deadline = time.time() + 60
        while True:
            m = self.read(deadline)
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise RuntimeError("%s: %s" % (method, m["error"]))
                return m.get("result", {})
            self.events.append(m)

    def wait_event(self, method, seconds=30):
        deadline = time.time() + seconds
        while True:
            for i, m in enumerate(self.events):
                if m.get("method") == method:
                    del self.events[i]
                    return m
            self.events.append(self.read(deadline))

    def evaluate(self, expression):
        r = self.call("Runtime.evaluate", session=True,
                      expression=expression, returnByValue=True)
        if "exceptionDetails" in r:
            raise RuntimeError("evaluate: %s" % r["exceptionDetails"])
        return r["result"].get("value")

    def load(self, url):
        self.events = [m for m in self.events
                       if m.get("method") != "Page.loadEventFired"]
        self.call("Page.navigate", session=True, url=url)
        self.wait_event("Page.loadEventFired")

    def close(self):
        try:
            self.call("Browser.close")
        except (RuntimeError, OSError):
            pass
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


# Every drawn series and its points, as the DOM has them once the page's
# script has run (titles moved into data-tip).
READ_POINTS = """JSON.stringify(Array.from(document.querySelectorAll(
  'g.series')).map(function (g) {
  var a = {};
  for (var i = 0; i < g.attributes.length; i++)
    a[g.attributes[i].name] = g.attributes[i].value;
  return [a, Array.from(g.querySelectorAll('circle.point')).map(
    function (c) { return {'data-commit': c.getAttribute('data-commit'),
      'data-value': c.getAttribute('data-value'),
      'data-tip': c.getAttribute('data-tip'),
      'class': c.getAttribute('class'),
      'title': null}; })];
}))"""


def check_browser(db, folder, exe):
    hist = History(db)
    folder = os.path.abspath(folder)
    profile = os.path.join(os.path.dirname(folder), "profile")
    os.makedirs(profile, exist_ok=True)
    b = Chromium(exe, profile)
    points = 0
    try:
        index = "file://" + folder + "/index.html"
        b.load(index)
        bench_pages = b.evaluate(
            "JSON.stringify(Array.from(document.querySelectorAll("
            "'table.benchmarks a')).map(function (a) { return a.href; }))")
        bench_pages = sorted(set(json.loads(bench_pages)))
        commit_pages = json.loads(b.evaluate(
            "JSON.stringify(Array.from(document.querySelectorAll("
            "'table.commits a')).map(function (a) { return a.href; }))"))
        pages = [index] + bench_pages + commit_pages[:3]
        for url in pages:
            b.load(url)
            if b.evaluate("document.querySelectorAll('circle.point title')"
                          ".length") != 0:
                problem("%s: the script left <title>s" % url)
            for a, circles in json.loads(b.evaluate(READ_POINTS)):
                points += check_points(hist, url, series_key(a), circles,
                                       need_titles=False)
        # Functions: the first of each benchmark page's top ones.
        for url in bench_pages:
            b.load(url)
            f = b.evaluate("document.querySelector('h3 a').href")
            b.load(f)
            for a, circles in json.loads(b.evaluate(READ_POINTS)):
                points += check_points(hist, f, series_key(a), circles,
                                       need_titles=False)
        # Hover and click on a change of the first benchmark's total.
        b.load(bench_pages[0])
        where = json.loads(b.evaluate("""(function () {
  var c = document.querySelector('g.series[data-kind=total] circle.change');
  c.scrollIntoView({block: 'center'});
  var r = c.getBoundingClientRect();
  return JSON.stringify({x: r.x + r.width / 2, y: r.y + r.height / 2,
    commit: c.getAttribute('data-commit'),
    value: c.getAttribute('data-value')});
})()"""))
        if b.evaluate("document.getElementById('tip').hidden") is not True:
            problem("the tooltip shows before any hover")
        b.call("Input.dispatchMouseEvent", session=True, type="mouseMoved",
               x=where["x"], y=where["y"])
        tip = json.loads(b.evaluate(
            "JSON.stringify({hidden: document.getElementById('tip').hidden,"
            " text: document.getElementById('tip').textContent})"))
        want = [where["commit"][:12], "{:,}".format(int(where["value"])),
                "moved:"]
        if tip["hidden"] or any(w not in tip["text"] for w in want):
            problem("hover on %s: tooltip %r, want it shown with %s" %
                    (where["commit"][:7], tip, want))
        b.call("Input.dispatchMouseEvent", session=True, type="mouseMoved",
               x=2, y=2)
        if b.evaluate("document.getElementById('tip').hidden") is not True:
            problem("the tooltip stays after the pointer left")
        b.call("Input.dispatchMouseEvent", session=True, type="mouseMoved",
               x=where["x"], y=where["y"])
        for kind in ("mousePressed", "mouseReleased"):
            b.call("Input.dispatchMouseEvent", session=True, type=kind,
                   x=where["x"], y=where["y"], button="left", clickCount=1)
        b.wait_event("Page.loadEventFired")
        href = b.evaluate("location.href")
        if not href.endswith("/commits/%s.html" % where["commit"]):
            problem("click on %s opened %s" % (where["commit"][:7], href))
        for m in b.events:
            method = m.get("method")
            params = m.get("params", {})
            if method == "Network.requestWillBeSent":
                url = params["request"]["url"]
                if not url.startswith("file://"):
                    problem("a request left the page: %s" % url)
            elif method == "Runtime.exceptionThrown":
                problem("script error: %s" %
                        params["exceptionDetails"].get("text"))
            elif method == "Log.entryAdded" and \
                    params["entry"]["level"] == "error":
                problem("console error: %s" % params["entry"]["text"])
            elif method == "Runtime.consoleAPICalled" and \
                    params.get("type") == "error":
                problem("console.error called")
        requests = [m for m in b.events
                    if m.get("method") == "Network.requestWillBeSent"]
        if len(requests) < len(pages):
            problem("only %d requests seen for %d pages: the network log"
                    " is not read" % (len(requests), len(pages)))
    finally:
        b.close()
    return points


# ------------------------------------------------------------ generators

def arm64(src, dst, function):
    tree = ET.parse(src)
    root = tree.getroot()
    root.find("run/arch").text = "arm64"
    for f in root.iter("function"):
        if f.get("name") == function:
            own = f.find("self")
            extra = int(own.get("Ir"))
            own.set("Ir", str(2 * extra))
            totals = root.find("totals")
            totals.set("Ir", str(int(totals.get("Ir")) + extra))
    tree.write(dst, encoding="UTF-8", xml_declaration=True)


def record(hotgrind, db, gen, first, last):
    """The plan of history_gen.py recorded, arm64 runs among it."""
    arm = ["main-%02d" % k for k in range(first, last + 1)]
    with open(os.path.join(gen, "plan")) as f:
        plan = [line.split() for line in f]
    for sha, parent, branch, when, name in plan:
        runs = [os.path.join(gen, name)]
        if name in arm:
            runs.append(os.path.join(gen, name + "-arm64.xml"))
            arm64(os.path.join(gen, name, "alpha.xml"), runs[-1], "f05")
        for run in runs:
            subprocess.run([hotgrind, "history", "record", "--db", db,
                            "--commit", sha, "--branch", branch, "--time",
                            when, run]
                           + (["--parent", parent] if parent != "-" else []),
                           check=True)


def large(out, commits):
    """COMMITS commits of a suite of 3 benchmarks of 600 functions, one
    function of each changed per commit."""
    benches = ["one", "two", "three"]
    values = {b: [1000 + 7 * i + 100 * n for i in range(600)]
              for n, b in enumerate(benches)}
    plan = []
    parent = "-"
    for k in range(commits):
        name = "c%04d" % k
        path = os.path.join(out, name)
        os.makedirs(path)
        entries = []
        for n, b in enumerate(benches):
            v = values[b]
            if k > 0:
                v[(k * 37 + n) % 600] += 10 + k % 7
            rows = "".join('<function name="fn%03d" object="prog" file="p.c"'
                           ' line="%d"><self Ir="%d"/></function>'
                           % (i, i + 1, v[i]) for i in range(600))
            with open(os.path.join(path, b + ".xml"), "w") as w:
                w.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                        '<hotgrind format="1"><run><tool name="hotgrind"'
                        ' version="0.1.0"/><valgrind version="3.19.0"/>'
                        '<arch>amd64</arch><command><exe>./%s</exe>'
                        '</command><exit how="status" status="0"/></run>'
                        '<totals Ir="%d"/><functions>%s</functions>'
                        '</hotgrind>\n' % (b, sum(v), rows))
            entries.append('<benchmark name="%s" position="%d" status="ok"'
                           ' exit="0" report="%s.xml"/>' % (b, n + 1, b))
        with open(os.path.join(path, "manifest.xml"), "w") as w:
            w.write('<?xml version="1.0" encoding="UTF-8"?>\n<suite-run'
                    ' format="1" suite="s">%s</suite-run>\n'
                    % "".join(entries))
        sha = "%040x" % (0xabc0000 + k)
        plan.append("%s %s main 2026-03-01T00:00:00Z %s" % (sha, parent,
                                                           name))
        parent = sha
    with open(os.path.join(out, "plan"), "w") as w:
        w.write("\n".join(plan) + "\n")


def main(argv):
    what = argv[1]
    if what == "record":
        record(argv[2], argv[3], argv[4], int(argv[5]), int(argv[6]))
        return 0
    if what == "large":
        large(argv[2], int(argv[3]))
        return 0
    if what == "site":
        n = check_site(argv[2], argv[3], argv[4] if len(argv) > 4 else None)
    elif what == "browser":
        n = check_browser(argv[2], argv[3], argv[4])
    else:
        print(__doc__)
        return 2
    if n == 0:
        problem("no point checked")
    print("%d points checked, %d problems" % (n, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
