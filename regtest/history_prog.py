#!/usr/bin/env python3
"""The program whose git history history_git.sh records: each commit's
version of prog.c, a small C program of six functions whose loops run a
number of times fixed at each commit, and the plan of that history.

Commits, in the order they are made: main-0 ... main-31 on main, with a
branch feature (feature-1 ... feature-3) forked at main-12 and merged
into main by main-20 (a merge commit; its first parent main-19).  What
changes where is CHANGES and BRANCH_CHANGES: a loop count up, one up and
another down in one commit, the functions moved in the file (nothing
counted changes), a function added.  Every other commit changes only a
comment, so that each commit has a change of its own.

Usage:
  history_prog.py plan          one line per commit, in the order made:
                                "NAME KIND" (KIND main, branch or merge)
  history_prog.py write DIR NAME   DIR/prog.c as at commit NAME
GPL-2.0-or-later; part of hotgrind."""
import sys

MAIN_COUNT = 32
FORK = 12          # feature forks after main-12
MERGE = 20         # main-20 merges feature
BRANCH_COUNT = 3

# The loop counts of main-0; "eps" None: the function is not there yet.
# "order" 1: f_delta moved to the top of the file and f_alpha to the end.
BASE = {"alpha": 1000, "beta": 2000, "gamma": 300, "delta": 500,
        "spin": 5000, "eps": None, "order": 0}

# The changes made by a commit of main (from main-1 on).  main-20 is the
# merge: it brings feature's gamma.
CHANGES = {
    3: {"alpha": 1200},                    # one function up
    5: {"beta": 1500, "delta": 800},       # one down, another up
    7: {"order": 1},                       # functions moved: no count
    9: {"eps": 400},                       # a function added
    11: {"spin": 6000},
    14: {"beta": 1700},
    17: {"delta": 650},                    # what bisect looks for
    20: {"gamma": 420},                    # the merge of feature
    23: {"eps": 600},
    26: {"alpha": 900},
    28: {"spin": 4500},
    29: {"gamma": 380},
    30: {"eps": 450},
}
BRANCH_CHANGES = {1: {"gamma": 350}, 3: {"gamma": 420}}

FUNCTIONS = ["alpha", "beta", "gamma", "delta", "spin", "eps"]


def plan():
    """(name, kind) in the order the commits are made."""
    out = []
    for k in range(MAIN_COUNT):
        out.append(("main-%d" % k, "merge" if k == MERGE else "main"))
        if k == FORK:
            out.extend(("feature-%d" % i, "branch")
                       for i in range(1, BRANCH_COUNT + 1))
    return out


def params(name):
    """The loop counts (and order) at commit NAME."""
    p = dict(BASE)
    branch, number = name.rsplit("-", 1)
    number = int(number)
    upto = number if branch == "main" else FORK
    for k in range(1, upto + 1):
        p.update(CHANGES.get(k, {}))
    if branch == "feature":
        for i in range(1, number + 1):
            p.update(BRANCH_CHANGES.get(i, {}))
    return p


# Each function's loop.  f_spin's is two instructions an iteration (a
# decrement and a conditional branch back) on x86-64 and arm64, so n
# iterations count exactly 2n; the others are C, at -O0 a fixed number
# of instructions an iteration.
BODIES = {
    "alpha": """    uint64_t acc = 1, i;
    for (i = 0; i < n; i++)
        acc = acc * 31 + i;
    return acc;""",
    "beta": """    uint64_t acc = 0, i;
    for (i = 0; i < n; i++)
        acc ^= i << (i & 7);
    return acc;""",
    "gamma": """    uint64_t acc = 0, i;
    for (i = 0; i < n; i++) {
        acc += i * i;
        acc -= i;
    }
    return acc;""",
    "delta": """    uint64_t a = 0, b = 1, t, i;
    for (i = 0; i < n; i++) {
        t = a + b;
        a = b;
        b = t;
    }
    return a;""",
    "spin": """#if defined(__x86_64__)
    __asm__ volatile("1: dec %0\\n\\tjnz 1b" : "+r"(n) : : "cc");
#elif defined(__aarch64__)
    __asm__ volatile("1: subs %0, %0, #1\\n\\tb.ne 1b" : "+r"(n) : : "cc");
#else
    while (--n != 0)
        sink += n;
#endif
    return n;""",
    "eps": """    uint64_t acc = 0, i;
    for (i = 0; i < n; i++)
        acc += i % 7;
    return acc;""",
}


def source(name):
    p = params(name)
    present = [f for f in FUNCTIONS if p[f] is not None]
    if p["order"] == 1:
        present = (["delta"] + [f for f in present
                                if f not in ("delta", "alpha")] + ["alpha"])
    parts = ["/* prog.c at commit %s (history_prog.py). */\n"
             "#include <stdint.h>\n\nvolatile uint64_t sink;\n" % name]
    for f in present:
        parts.append("__attribute__((noinline)) static uint64_t f_%s(uint64_t n)"
                     "\n{\n%s\n}\n" % (f, BODIES[f]))
    calls = "".join("    sink = f_%s(%d);\n" % (f, p[f])
                    for f in FUNCTIONS if p[f] is not None)
    parts.append("int main(void)\n{\n%s    return 0;\n}\n" % calls)
    return "\n".join(parts)


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "plan":
        for name, kind in plan():
            print(name, kind)
    elif len(sys.argv) == 4 and sys.argv[1] == "write":
        with open(sys.argv[2] + "/prog.c", "w") as f:
            f.write(source(sys.argv[3]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
