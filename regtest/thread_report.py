#!/usr/bin/env python3
"""Reads the threads, mutexes and events of a hotgrind report.

Usage:
  thread_report.py invariants REPORT
      What holds for every report (docs/report-format.md, "Threads and
      events"), beyond the schema:
      - <threads> is present; ids are 1..n in order; thread 1 has no
        parent, every other thread a parent with a smaller id; status is
        exited or running;
      - the threads' Ir add up to <totals Ir>; with heap figures, their
        allocs, alloc-bytes, frees and free-bytes add up to the totals';
      - <mutexes> ids are 1..n in order; contended <= acquisitions;
        acquisitions = the mutex's lock events, contended = those with
        waited="yes";
      - events: Ir never decreases and is at most <totals Ir>; thread,
        child and mutex refer to listed ones; each thread other than 1
        is created exactly once, by its parent, in id order, before any
        event of its own; nothing happens in a thread after its exit
        event; a thread has at most one exit event, and none when its
        status is running; a join comes after the joined thread's exit;
        a thread that was created and has an exit event executed no more
        instructions than the clock advanced between the two (all of
        them ran in between), and, when joined, no more than between
        its create and the join;
      - mutex ids are numbered in order of first use: their first
        appearance in lock, unlock and cond-wait events is 1, 2, 3...;
      - with thread-events="no": no <mutexes>, no <events>.
  thread_report.py threads REPORT
      One line per thread: ID name=NAME parent=P status=S (name=- and
      parent=- when absent).  No Ir: what a test can derive by hand.
  thread_report.py events REPORT [PREFIX]
      One line per event, in order, without Ir: "T create C", "T exit",
      "T join C", "T lock NAME waited", "T unlock NAME",
      "T cond-wait K NAME", "T cond-signal K", "T cond-broadcast K",
      where NAME is the mutex's name (#ID when it has none).  With
      PREFIX, only the program's own mutexes are shown: those whose
      name starts with PREFIX, and those without a name (on the heap or
      a stack), shown as "-" (their id depends on how many mutexes of
      glibc's were used before); lock and unlock events of the others
      (glibc's, named _rtld_local+N and the like) are left out.
  thread_report.py mutexes REPORT [PREFIX]
      One line per mutex, by id: NAME acquisitions contended (#ID when
      unnamed); PREFIX as for events.
  thread_report.py thread-ir REPORT ID
      The Ir of thread ID.
  thread_report.py event-ir REPORT N
      The Ir of the N-th event (from 1).
Exit status 0 when everything holds, 1 otherwise (each problem printed).
"""
import sys
import xml.etree.ElementTree as ET

HEAP = ("allocs", "alloc-bytes", "frees", "free-bytes")


def load(path):
    root = ET.parse(path).getroot()
    threads = root.find("threads")
    mutexes = root.find("mutexes")
    events = root.find("events")
    return (root,
            threads.findall("thread") if threads is not None else None,
            mutexes.findall("mutex") if mutexes is not None else None,
            events.findall("event") if events is not None else None)


def option(root, name):
    for o in root.iter("option"):
        if o.get("name") == name:
            return o.get("value")
    return None


def invariants(path):
    root, threads, mutexes, events = load(path)
    problems = []
    p = problems.append
    totals = root.find("totals")
    total_ir = int(totals.get("Ir"))
    if threads is None:
        print(f"{path}: no <threads>")
        return 1
    ids = [int(t.get("id")) for t in threads]
    if ids != list(range(1, len(ids) + 1)):
        p(f"thread ids are {ids}, not 1..{len(ids)} in order")
    status = {}
    parent = {}
    for t in threads:
        i = int(t.get("id"))
        status[i] = t.get("status")
        if status[i] not in ("exited", "running"):
            p(f"thread {i}: status '{status[i]}'")
        par = t.get("parent")
        if i == 1:
            if par is not None:
                p(f"thread 1 has parent {par}")
        elif par is None or not 1 <= int(par) < i:
            p(f"thread {i}: parent '{par}' is not an earlier thread")
        else:
            parent[i] = int(par)
        if t.get("name") is not None and len(t.get("name").encode()) > 15:
            p(f"thread {i}: name '{t.get('name')}' longer than 15 bytes")
    s = sum(int(t.get("Ir")) for t in threads)
    if s != total_ir:
        p(f"threads' Ir add up to {s}, totals Ir is {total_ir}")
    heap = totals.find("heap")
    if heap is not None:
        for a in HEAP:
            got = [t.get(a) for t in threads]
            if None in got:
                p(f"heap figures in <totals> but a <thread> has no {a}")
                continue
            s = sum(int(v) for v in got)
            if s != int(heap.get(a)):
                p(f"threads' {a} add up to {s}, totals say {heap.get(a)}")
    thread_ir = {int(t.get("id")): int(t.get("Ir")) for t in threads}

    te = option(root, "thread-events")
    if te == "no" and (mutexes is not None or events is not None):
        p("thread-events=no but <mutexes> or <events> present")
    if te == "yes" and events is None:
        p("thread-events=yes but no <events>")

    acq = {}
    cont = {}
    if mutexes is not None:
        mids = [int(m.get("id")) for m in mutexes]
        if mids != list(range(1, len(mids) + 1)):
            p(f"mutex ids are {mids}, not 1..{len(mids)} in order")
        for m in mutexes:
            i = int(m.get("id"))
            acq[i] = int(m.get("acquisitions"))
            cont[i] = int(m.get("contended"))
            if cont[i] > acq[i]:
                p(f"mutex {i}: contended {cont[i]} > acquisitions {acq[i]}")
            if m.get("name") == "":
                p(f"mutex {i}: empty name")

    if events is not None:
        last = 0
        created = {}
        exited = {}
        n_lock = {}
        n_wait = {}
        first_use = []
        for n, e in enumerate(events, 1):
            ir = int(e.get("Ir"))
            th = int(e.get("thread"))
            kind = e.get("kind")
            where = f"event {n} ({th} {kind})"
            if ir < last:
                p(f"{where}: Ir {ir} < previous {last}")
            if ir > total_ir:
                p(f"{where}: Ir {ir} > totals Ir {total_ir}")
            last = ir
            if th not in status:
                p(f"{where}: unknown thread")
                continue
            if th in exited:
                p(f"{where}: after thread {th}'s exit (event {exited[th][0]})")
            if th != 1 and th not in created:
                p(f"{where}: before thread {th} was created")
            if kind == "create":
                c = int(e.get("child"))
                if c in created:
                    p(f"{where}: thread {c} created twice")
                if c != len(created) + 2:
                    p(f"{where}: creates thread {c}, expected "
                      f"{len(created) + 2} (creation order)")
                if parent.get(c) != th:
                    p(f"{where}: thread {c}'s parent is {parent.get(c)}")
                created[c] = (n, ir)
            elif kind == "exit":
                exited[th] = (n, ir)
                if status[th] != "exited":
                    p(f"{where}: exit event of a thread whose status is "
                      f"{status[th]}")
                if th in created and thread_ir[th] > ir - created[th][1]:
                    p(f"{where}: thread {th} executed {thread_ir[th]} Ir "
                      f"but the clock advanced {ir - created[th][1]} "
                      f"between its create and its exit")
            elif kind == "join":
                c = int(e.get("child"))
                if c not in exited:
                    p(f"{where}: joins thread {c}, which has not exited")
                if c in created and thread_ir.get(c, 0) > ir - created[c][1]:
                    p(f"{where}: thread {c} executed {thread_ir[c]} Ir but "
                      f"the clock advanced {ir - created[c][1]} between "
                      f"its create and its join")
            elif kind in ("lock", "unlock", "cond-wait"):
                m = int(e.get("mutex"))
                if m not in acq:
                    p(f"{where}: mutex {m} is not listed")
                if m not in first_use:
                    first_use.append(m)
                if kind == "lock":
                    n_lock[m] = n_lock.get(m, 0) + 1
                    if e.get("waited") == "yes":
                        n_wait[m] = n_wait.get(m, 0) + 1
                    elif e.get("waited") != "no":
                        p(f"{where}: waited '{e.get('waited')}'")
        missing = [c for c in status if c != 1 and c not in created]
        if missing:
            p(f"threads never created in <events>: {missing}")
        if first_use != list(range(1, len(first_use) + 1)):
            p(f"mutexes first used in the order {first_use}, not by id")
        for m in acq:
            if acq[m] != n_lock.get(m, 0):
                p(f"mutex {m}: acquisitions {acq[m]}, lock events "
                  f"{n_lock.get(m, 0)}")
            if cont[m] != n_wait.get(m, 0):
                p(f"mutex {m}: contended {cont[m]}, lock events with "
                  f"waited=yes {n_wait.get(m, 0)}")
    for msg in problems:
        print(f"{path}: {msg}")
    return 1 if problems else 0


def mutex_names(mutexes, prefix=None):
    """id -> the name to print, or None for a mutex PREFIX leaves out."""
    names = {}
    for m in mutexes or []:
        name = m.get("name")
        if prefix is None:
            names[int(m.get("id"))] = name or f"#{m.get('id')}"
        elif name is None:
            names[int(m.get("id"))] = "-"
        else:
            names[int(m.get("id"))] = name if name.startswith(prefix) else None
    return names


def cmd_threads(path):
    _, threads, _, _ = load(path)
    for t in threads or []:
        print(f"{t.get('id')} name={t.get('name', '-')} "
              f"parent={t.get('parent', '-')} status={t.get('status')}")
    return 0


def cmd_events(path, prefix=None):
    _, _, mutexes, events = load(path)
    names = mutex_names(mutexes, prefix)
    for e in events or []:
        th, kind = e.get("thread"), e.get("kind")
        if kind in ("create", "join"):
            print(f"{th} {kind} {e.get('child')}")
        elif kind == "exit":
            print(f"{th} exit")
        elif kind in ("lock", "unlock", "cond-wait"):
            m = int(e.get("mutex"))
            name = names.get(m, f"?{m}")
            if name is None:
                continue
            if kind == "lock":
                print(f"{th} lock {name} {e.get('waited')}")
            elif kind == "unlock":
                print(f"{th} unlock {name}")
            else:
                print(f"{th} cond-wait {e.get('cond')} {name}")
        else:
            print(f"{th} {kind} {e.get('cond')}")
    return 0


def cmd_mutexes(path, prefix=None):
    _, _, mutexes, _ = load(path)
    names = mutex_names(mutexes, prefix)
    for m in mutexes or []:
        name = names[int(m.get("id"))]
        if name is not None:
            print(f"{name} {m.get('acquisitions')} {m.get('contended')}")
    return 0


def cmd_thread_ir(path, tid):
    _, threads, _, _ = load(path)
    got = [t.get("Ir") for t in threads or [] if t.get("id") == tid]
    if len(got) != 1:
        print(f"{path}: {len(got)} threads with id {tid}", file=sys.stderr)
        return 1
    print(got[0])
    return 0


def cmd_event_ir(path, n):
    _, _, _, events = load(path)
    n = int(n)
    if not events or not 1 <= n <= len(events):
        print(f"{path}: no event {n}", file=sys.stderr)
        return 1
    print(events[n - 1].get("Ir"))
    return 0


def main(argv):
    cmds = {"invariants": (invariants, 1, 1), "threads": (cmd_threads, 1, 1),
            "events": (cmd_events, 1, 2), "mutexes": (cmd_mutexes, 1, 2),
            "thread-ir": (cmd_thread_ir, 2, 2),
            "event-ir": (cmd_event_ir, 2, 2)}
    if len(argv) < 2 or argv[1] not in cmds:
        print(__doc__, file=sys.stderr)
        return 2
    fn, lo, hi = cmds[argv[1]]
    if not lo <= len(argv) - 2 <= hi:
        print(__doc__, file=sys.stderr)
        return 2
    return fn(*argv[2:])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
