#!/usr/bin/env python3
"""Programs for the call graph's bookkeeping (callgen.sh, issue 34), and
the comparisons callgen.sh makes of their reports.

A seed gives one program, the same on every machine (random.Random(SEED)
and nothing else): C (or, for a seed of 2 mod 3, C++) functions
f0..fN-1 in the executable and l0..lM-1 in a shared library of its own,
and on x86-64 chains of assembly functions.  Every function takes
(unsigned long x, unsigned d), returns at d == 0, and passes d - 1 to
everything it calls, so every run ends.  What they do, drawn per
function:
  - direct calls, and tail calls (`return g(x, d - 1)`: a jump at -O2
    and -O3), to functions placed before or after them in the file (the
    order of definitions is shuffled), near or far;
  - calls and tail calls through a table of pointers (volatile, so the
    compiler cannot see the target): cg_ptr;
  - calls and tail calls into the library, through the PLT; the
    library's functions call each other through its own PLT, and the
    executable's only through cg_ptr;
  - mutual tail recursion (a pair that tail-calls each other);
  - frames of every kind: optimize("O0") (a frame pointer), O1, O3,
    (no-)omit-frame-pointer, arrays on the stack (sub $N,%rsp), values
    live across calls (pushes of callee-saved registers), leaves with
    no stack use;
  - C: setjmp in a catcher, longjmp from a jumper deeper down (only
    while a catcher is open); C++: try/catch and throw, and Guard
    objects whose destructor the unwinder runs;
  - x86-64 assembly (cga*): M calls F through a register, so a
    superblock starts at F; F undoes its stack use (pops, add $n,%rsp,
    nothing) and tail-jumps to G (forwards or backwards, adjacent or
    behind a fill), which starts by moving SP (sub, push, lea, a frame,
    nothing), undoes it and tail-jumps to a C function, directly or
    through cg_ptr: the shapes of issue 34, whose tail jump VEX chases
    into one superblock.  And a mutual tail recursion even/odd.
No function calls itself directly (gcc turns that into a loop, and the
program's count would be of calls never made); through cg_ptr it may.

Each program counts its own calls per (caller, callee), in the caller
next to the call (or in asm after the callee's prologue: a memory
access before it would hide the shape), and prints at exit one
"CALLER<TAB>CALLEE<TAB>CALLS" line per edge, the format of
edge_count.h that prog_edges.py counts reads.

Usage:
  callgen.py gen SEED DIR [--no-asm]
      writes DIR/prog.c or prog.cpp, DIR/lib.c or lib.cpp, DIR/asm.S
      (empty with --no-asm) and DIR/meta.sh: LANG_EXT (c or cpp),
      MARKS (function names to mark), ARGS (the program's arguments).
  callgen.py same CHASE.xml NOCHASE.xml
      --call-graph=yes reports of one program, with and without
      --vex-guest-chase=no: every edge's calls equal; every edge's
      inclusive Ir equal where nothing under the callee counts Ir
      differently (below), else within that difference.
  callgen.py marks CHASE.xml NOCHASE.xml GRAPH.xml GRAPH-NOCHASE.xml NAME...
      the same for the marked functions NAME of two --mark runs: calls
      equal; inclusive Ir and the per-call figures equal (or inclusive
      Ir within the difference, below, read from the two --call-graph=yes
      reports of the same program).
Under chasing VEX merges an `a && b` test split over two blocks and
counts the second block's instructions also when they did not run
(docs/performance.md "Why counts move"; Callgrind forces chasing off).  So
a function's self or no-symbol Ir can be higher with chasing, by what
the two runs' reports show.  An edge or a marked function under which
(in either run's graph) no function's self or no-symbol Ir differs must
have the same inclusive Ir to the instruction; else its inclusive Ir
with chasing must lie between the chase-off run's and that plus the
sum of those functions' differences.  Both are printed, with counts."""
import os
import random
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict

# --- generation ----------------------------------------------------------

# (prologue, epilogue) of the function that tail-jumps (F) ...
F_FRAMES = [
    ("push %rbx; push %rbp", "pop %rbp; pop %rbx"),
    ("push %r12; push %r13; push %r14", "pop %r14; pop %r13; pop %r12"),
    ("sub $24,%rsp", "add $24,%rsp"),
    ("sub $8,%rsp; push %rbx", "pop %rbx; add $8,%rsp"),
    ("", ""),
]
# ... and of the one it jumps into (G), with the .cfi offset it leaves.
G_FRAMES = [
    ("sub $8,%rsp", "add $8,%rsp"),
    ("push %rbx", "pop %rbx"),
    ("lea -8(%rsp),%rsp", "lea 8(%rsp),%rsp"),
    ("lea -24(%rsp),%rsp", "lea 24(%rsp),%rsp"),
    ("sub $16,%rsp; push %rbx", "pop %rbx; add $16,%rsp"),
    ("push %rbp; mov %rsp,%rbp; sub $16,%rsp", "leave"),
    ("", ""),
]
FILLS = [0, 0, 0, 256, 65536]
OPTIMIZE = [None, None, None, None, '"no-omit-frame-pointer"',
            '"omit-frame-pointer"', '"O0"', '"O1"', '"O3"']


class Fn:
    def __init__(self, name, obj, kind):
        self.name = name        # as the report names it
        self.obj = obj          # "exe" or "lib"
        self.kind = kind        # "c", "asm_m", "asm_even"
        self.lines = []


class Program:
    def __init__(self, seed, asm=True):
        self.rng = rng = random.Random(seed)
        self.cxx = seed % 3 == 2
        self.edges = {}                     # (caller, callee) -> index
        self.features = set()               # what the program has, for the log
        nexe, nlib = rng.randint(5, 10), rng.randint(1, 4)
        self.exe = [Fn(f"f{i}", "exe", "c") for i in range(nexe)]
        self.lib = [Fn(f"l{i}", "lib", "c") for i in range(nlib)]
        self.c_fns = self.exe + self.lib    # cg_ptr's order
        self.asm_m, self.asm_even = [], []
        if asm:
            self.gen_asm(rng.randint(1, 4), rng.random() < 0.6)
        # A pair of C functions tail-calling each other.
        self.mutual = (rng.sample(self.exe, 2) if rng.random() < 0.7
                       else None)
        if self.mutual:
            self.features.add("mutual")
        for f in self.c_fns:
            self.gen_c(f)
        self.depth = rng.randint(4, 6)
        self.rounds = rng.randint(5, 15)
        roots = [f for f in self.exe if rng.random() < 0.6] or self.exe[:1]
        roots += [f for f in self.lib if rng.random() < 0.5]
        roots += self.asm_m + self.asm_even
        self.roots = roots
        self.marks = [f.name for f in rng.sample(
            self.c_fns + self.asm_m, min(3, len(self.c_fns)))]

    def edge(self, caller, callee):
        return self.edges.setdefault((caller, callee), len(self.edges))

    def count(self, caller, callee):
        return f"cg_edges[{self.edge(caller, callee)}]++;"

    # An expression calling 'callee' from 'caller' with x-expression xe.
    def call(self, caller, callee, xe, tail=False):
        rng = self.rng
        c = self.count(caller.name, callee.name)
        how = "tail" if tail else "call"
        if callee.kind == "asm_even":
            expr = f"{callee.name}(({xe}) & 15, 0)"
            self.features.add(f"{how}-asm")
        elif callee.kind == "asm_m":
            expr = f"{callee.name}({xe}, d - 1)"
            self.features.add(f"{how}-asm")
        elif caller.obj == "lib" and callee.obj == "exe" or \
                rng.random() < 0.3:
            expr = f"cg_ptr[{self.c_fns.index(callee)}]({xe}, d - 1)"
            self.features.add(f"{how}-ptr")
        else:
            expr = f"{callee.name}({xe}, d - 1)"
            self.features.add(f"{how}-plt" if callee.obj == "lib"
                              else f"{how}-direct")
        return c, expr

    def targets(self, f):
        """What f may call: not itself directly; the library reaches the
        executable's C functions through cg_ptr only, and not its asm."""
        out = [g for g in self.c_fns if g is not f]
        if f.obj == "exe":
            out += self.asm_m + self.asm_even
        return out

    def gen_c(self, f):
        rng = self.rng
        lines = f.lines
        attr = "CG_NOIPA"
        opt = rng.choice(OPTIMIZE)
        if opt:
            attr += f" __attribute__((optimize({opt})))"
            self.features.add("optimize(" + opt.strip('"') + ")")
        lines.append(f"{attr} unsigned long {f.name}(unsigned long x, "
                     "unsigned d)")
        lines.append("{")
        arr = rng.choice([0, 0, 0, 2, 5, 40])
        keep = rng.randint(0, 3)        # values live across calls
        guard = self.cxx and f.obj == "exe" and rng.random() < 0.3
        if arr:
            lines.append(f"   volatile unsigned long buf[{arr}];")
        for k in range(keep):
            lines.append(f"   unsigned long k{k} = x * {rng.randint(3, 99)}"
                         f" + {rng.randint(1, 999)};")
        a, b = rng.randint(3, 31), rng.randint(1, 1000)
        lines.append(f"   x = x * {a} + {b};")
        lines.append("   if (d == 0)")
        lines.append(f"      return x ^ {rng.randint(0, 255)};")
        if guard:
            self.features.add("guard")
            lines.append(f"   Guard g(&cg_edges[{self.edge(f.name, 'Guard::~Guard()')}], x);")
        if arr:
            lines.append(f"   buf[x % {arr}] = x;")
            lines.append(f"   x += buf[x % {arr}] & 7;")
        if rng.random() < 0.2:
            self.features.add("throw" if self.cxx else "longjmp")
            if self.cxx:
                lines.append(f"   if (cg_catching && x % 7 == {rng.randint(0, 6)})")
                lines.append("      throw (unsigned long)x;")
            else:
                lines.append(f"   if (cg_catching && x % 7 == {rng.randint(0, 6)}) {{")
                lines.append("      cg_thrown = x;")
                lines.append("      longjmp(cg_env, 1);")
                lines.append("   }")
        targets = self.targets(f)
        if self.mutual and f in self.mutual:
            other = self.mutual[1] if f is self.mutual[0] else self.mutual[0]
            c, expr = self.call(f, other, "x + 1", tail=True)
            lines.append(f"   {c}")
            if guard:
                lines.append(f"   {{ unsigned long r = {expr}; return r; }}")
            else:
                lines.append(f"   return {expr};")
            lines.append("}")
            return
        catcher = rng.random() < 0.2
        for i in range(rng.randint(0, 2)):
            g = rng.choice(targets)
            c, expr = self.call(f, g, f"x + {i}")
            cond = rng.random() < 0.3
            ind = "   "
            if cond:
                lines.append(f"   if (x & {rng.choice([1, 2, 4, 8])}) {{")
                ind = "      "
            if catcher and i == 0:
                self.catch_block(lines, ind, c, expr)
            else:
                lines.append(f"{ind}{c}")
                lines.append(f"{ind}x {rng.choice(['+', '^', '-'])}= {expr};")
            if cond:
                lines.append("   }")
        for k in range(keep):
            lines.append(f"   x += k{k};")
        if rng.random() < 0.6 and targets:
            g = rng.choice(targets)
            c, expr = self.call(f, g, "x", tail=True)
            lines.append(f"   {c}")
            lines.append(f"   return {expr};")
        else:
            lines.append(f"   return x ^ {rng.randint(0, 255)};")
        lines.append("}")

    def catch_block(self, lines, ind, c, expr):
        self.features.add("catch" if self.cxx else "setjmp")
        if self.cxx:
            lines += [f"{ind}cg_catching++;",
                      f"{ind}try {{",
                      f"{ind}   {c}",
                      f"{ind}   x += {expr};",
                      f"{ind}}} catch (unsigned long v) {{",
                      f"{ind}   cg_unwound++;",
                      f"{ind}   x += v + 1;",
                      f"{ind}}}",
                      f"{ind}cg_catching--;"]
        else:
            lines += [f"{ind}{{",
                      f"{ind}   jmp_buf saved;",
                      f"{ind}   volatile unsigned long r = x;",
                      f"{ind}   memcpy(saved, cg_env, sizeof saved);",
                      f"{ind}   cg_catching++;",
                      f"{ind}   if (setjmp(cg_env) == 0) {{",
                      f"{ind}      {c}",
                      f"{ind}      r += {expr};",
                      f"{ind}   }} else {{",
                      f"{ind}      cg_unwound++;",
                      f"{ind}      r += cg_thrown + 1;",
                      f"{ind}   }}",
                      f"{ind}   cg_catching--;",
                      f"{ind}   memcpy(cg_env, saved, sizeof saved);",
                      f"{ind}   x = r;",
                      f"{ind}}}"]

    def gen_asm(self, nchains, mutual):
        """The asm functions C may call; their text is drawn later
        (asm_source), once the C functions exist."""
        for k in range(nchains):
            self.asm_m.append(Fn(f"cga{k}_m", "exe", "asm_m"))
        if mutual:
            self.asm_even.append(Fn("cga_even", "exe", "asm_even"))

    def asm_source(self):
        """The chains' text, drawn after the C functions (the H of each
        chain is a C function of the executable)."""
        rng = self.rng
        t = ["/* callgen.py: x86-64 tail-jump shapes (issue 34). */",
             "        .text"]

        def cnt(a, b):
            return f"        incq    cg_edges+{8 * self.edge(a, b)}(%rip)"

        def fn(name, body, glob=False):
            out = []
            if glob:
                out.append(f"        .globl  {name}")
            out += [f"        .type   {name}, @function",
                    f"{name}:", "        .cfi_startproc"]
            out += body
            out += ["        .cfi_endproc", f"        .size   {name}, .-{name}"]
            return out

        for k in range(len(self.asm_m)):
            m, f, g = f"cga{k}_m", f"cga{k}_f", f"cga{k}_g"
            h = rng.choice(self.exe)
            fpro, fepi = rng.choice(F_FRAMES)
            gpro, gepi = rng.choice(G_FRAMES)
            direct = rng.random() < 0.6
            mbody = ["        sub     $8, %rsp",
                     "        .cfi_adjust_cfa_offset 8",
                     cnt(m, f),
                     f"        lea     {f}(%rip), %r11",
                     "        call    *%r11",
                     "        add     $8, %rsp",
                     "        .cfi_adjust_cfa_offset -8",
                     "        ret"]
            fbody = [f"        {fpro}" if fpro else "        nop",
                     cnt(f, g),
                     "        mov     %rdi, %rax",
                     f"        {fepi}" if fepi else "        nop",
                     f"        jmp     {g}"]
            if direct:
                tail = f"        jmp     {h.name}"
            else:
                tail = (f"        jmp     *cg_ptr+{8 * self.c_fns.index(h)}"
                        "(%rip)")
            gbody = [f"        {gpro}" if gpro else "        nop",
                     cnt(g, h.name),
                     "        add     $1, %rax",
                     f"        {gepi}" if gepi else "        nop",
                     tail]
            fill = rng.choice(FILLS)
            F = fn(f, fbody) + [""]
            G = fn(g, gbody) + [""]
            M = fn(m, mbody, glob=True) + [""]
            pad = [f"        .skip   {fill}, 0xcc"] if fill else []
            order = rng.choice(["MFG", "GMF", "MGF", "GFM", "FG M"])
            self.features.add("asm-" + ("forward" if order.index("F") <
                                        order.index("G") else "backward")
                              + (f"-{fill}" if fill else ""))
            self.features.add("asm-ptr" if not direct else "asm-direct")
            parts = {"M": M, "F": F, "G": G}
            first = True
            for ch in order:
                if ch == " ":
                    continue
                if not first and ch in "FG" and pad:
                    t += pad
                t += parts[ch]
                first = False
        if self.asm_even:
            self.features.add("asm-mutual")
            e, o = "cga_even", "cga_odd"
            for name, other, glob in ((e, o, True), (o, e, False)):
                t += fn(name, [
                    "        sub     $8, %rsp",
                    "        mov     %rdi, %rax",
                    "        add     $8, %rsp",
                    "        test    %rax, %rax",
                    "        jz      1f",
                    cnt(name, other),
                    "        lea     -1(%rdi), %rdi",
                    "        push    %rbx",
                    "        pop     %rbx",
                    f"        jmp     {other}",
                    "1:      ret"], glob) + [""]
        t.append('        .section .note.GNU-stack,"",@progbits')
        return "\n".join(t) + "\n"

    def header(self, lib):
        h = ["/* Generated by callgen.py: do not edit. */",
             "#include <stdio.h>", "#include <stdlib.h>",
             "#include <string.h>"]
        if not self.cxx:
            h.append("#include <setjmp.h>")
        h += ["#if defined(__GNUC__) && !defined(__clang__)",
              "#  define CG_NOIPA __attribute__((noipa))",
              "#else",
              "#  define CG_NOIPA __attribute__((noinline))",
              "#endif"]
        if self.cxx:
            h += ['extern "C" {']
        h += ["typedef unsigned long cg_fn(unsigned long, unsigned);",
              f"extern cg_fn *volatile cg_ptr[{len(self.c_fns)}];",
              f"extern unsigned long cg_edges[];",
              "extern volatile unsigned cg_catching;",
              "extern volatile unsigned long cg_sink, cg_unwound;"]
        if not self.cxx:
            h += ["extern jmp_buf cg_env;",
                  "extern volatile unsigned long cg_thrown;"]
        for f in self.c_fns:
            h.append(f"cg_fn {f.name};")
        if not lib:
            for f in self.asm_m + self.asm_even:
                h.append(f"unsigned long {f.name}(unsigned long, unsigned);")
        if self.cxx:
            h += ["}"]
        if self.cxx and not lib:
            h += ["struct Guard {",
                  "   unsigned long* c;",
                  "   unsigned long v;",
                  "   Guard(unsigned long* c_, unsigned long v_) : c(c_), v(v_) {}",
                  "   CG_NOIPA ~Guard();",
                  "};",
                  "CG_NOIPA Guard::~Guard() { ++*c; cg_sink += v; }"]
        return h

    def write(self, d):
        ext = "cpp" if self.cxx else "c"
        order = self.exe[:]
        self.rng.shuffle(order)
        asm = self.asm_source() if self.asm_m or self.asm_even else \
            '        .section .note.GNU-stack,"",@progbits\n'
        # main, drawn after the asm (whose counts fill self.edges too).
        main = ["int main(int argc, char** argv)", "{",
                "   unsigned long x = argc > 1 ? strtoul(argv[1], 0, 10) : 1;",
                "   unsigned long acc = 0;",
                "   unsigned r;",
                f"   for (r = 0; r < {self.rounds}; r++) {{"]
        for f in self.roots:
            c = self.count("main", f.name)
            dd = self.depth
            if self.mutual and f in self.mutual:
                dd = self.depth + 20
            if f.kind == "asm_even":
                main.append(f"      {c} acc += {f.name}((x + r) & 15, 0);")
            else:
                main.append(f"      {c} acc += {f.name}(x + r, {dd});")
        main += ["   }",
                 "   for (r = 0; r < CG_EDGES; r++)",
                 '      printf("%s\\t%s\\t%lu\\n", cg_names[r][0], '
                 "cg_names[r][1], cg_edges[r]);",
                 '   fprintf(stderr, "callgen: %lu unwinds\\n", cg_unwound);',
                 "   cg_sink += acc;",
                 "   return 0;",
                 "}"]
        src = self.header(False)
        src.insert(1, f"/* seed program: {len(self.exe)} exe, "
                   f"{len(self.lib)} lib functions */")
        pre = []
        if self.cxx:
            pre.append('extern "C" {')
        pre += [f"unsigned long cg_edges[CG_EDGES];",
                "volatile unsigned cg_catching;",
                "volatile unsigned long cg_sink, cg_unwound;"]
        if not self.cxx:
            pre += ["jmp_buf cg_env;", "volatile unsigned long cg_thrown;"]
        pre.append(f"cg_fn *volatile cg_ptr[{len(self.c_fns)}] = {{ "
                   + ", ".join(f.name for f in self.c_fns) + " };")
        if self.cxx:
            pre.append("}")
        names = ["static const char* const cg_names[CG_EDGES][2] = {"]
        for (a, b), i in sorted(self.edges.items(), key=lambda kv: kv[1]):
            names.append(f'   {{ "{a}", "{b}" }},')
        names.append("};")
        n = len(self.edges)
        src = [src[0], f"#define CG_EDGES {n}"] + src[1:] + pre + names
        # The definitions keep the C linkage of the declarations above.
        body = []
        for f in order:
            body += [""] + f.lines
        prog = src + body + [""] + main
        lib = self.header(True)
        for f in self.lib:
            lib += [""] + f.lines
        with open(os.path.join(d, f"prog.{ext}"), "w") as fh:
            fh.write("\n".join(prog) + "\n")
        with open(os.path.join(d, f"lib.{ext}"), "w") as fh:
            fh.write("\n".join(lib) + "\n")
        with open(os.path.join(d, "asm.S"), "w") as fh:
            fh.write(asm)
        with open(os.path.join(d, "meta.sh"), "w") as fh:
            fh.write(f"LANG_EXT={ext}\nMARKS='{' '.join(self.marks)}'\n"
                     f"ARGS=1\nFEATURES='{' '.join(sorted(self.features))}'\n")


# --- comparisons ---------------------------------------------------------

class Report:
    """A --call-graph=yes or marks report, by (object, name): functions
    of one name and object (static functions in two files) are summed,
    as cgr_edges.py does, and so are their edges."""

    def __init__(self, path):
        root = ET.parse(path).getroot()
        fns = root.find("functions").findall("function")
        key = {f.get("id"): (f.get("object"), f.get("name")) for f in fns}
        self.fn = defaultdict(list)             # key -> its <function>s
        self.edges = defaultdict(lambda: [0, 0])
        self.succ = defaultdict(set)
        for f in fns:
            a = (f.get("object"), f.get("name"))
            self.fn[a].append(f)
            callees = f.find("callees")
            for c in callees.findall("call") if callees is not None else []:
                b = key[c.get("callee")]
                e = self.edges[(a, b)]
                e[0] += int(c.get("calls"))
                e[1] += int(c.get("Ir"))
                self.succ[a].add(b)

    def own(self, k):
        """Self and no-symbol Ir."""
        s = n = 0
        for f in self.fn.get(k, ()):
            ns = f.find("no-symbol")
            s += int(f.find("self").get("Ir"))
            n += int(ns.get("Ir")) if ns is not None else 0
        return (s, n)


def below(succ, start):
    seen, todo = {start}, [start]
    while todo:
        v = todo.pop()
        for w in succ.get(v, ()):
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return seen


class Pair:
    """Two reports, chase and chase-off, and what may differ between
    them: moved[k] = the chase run's self + no-symbol Ir of k above the
    chase-off run's (negative: a failure by itself)."""

    def __init__(self, chase, nochase):
        self.a, self.b = Report(chase), Report(nochase)
        self.moved = {}
        self.problems = []
        for k in set(self.a.fn) | set(self.b.fn):
            sa, sb = self.a.own(k), self.b.own(k)
            d = (sa[0] + sa[1]) - (sb[0] + sb[1])
            if sa != sb:
                self.moved[k] = d
                if sa[0] < sb[0] or sa[1] < sb[1]:
                    self.problems.append(
                        f"{k[1]} ({k[0]}): self/no-symbol Ir {sa} with "
                        f"chasing, below {sb} without")
        self.succ = defaultdict(set)
        for r in (self.a, self.b):
            for k, v in r.succ.items():
                self.succ[k] |= v

    def slack(self, callee):
        """How much more the chase run may count under callee."""
        return sum(self.moved.get(k, 0) for k in below(self.succ, callee))

    def check_ir(self, what, callee, ia, ib, counts):
        s = self.slack(callee)
        if s == 0:
            counts["exact"] += 1
            if ia != ib:
                self.problems.append(f"{what}: inclusive Ir {ia} with "
                                     f"chasing, {ib} without")
            return True
        counts["bounded"] += 1
        if not ib <= ia <= ib + s:
            self.problems.append(f"{what}: inclusive Ir {ia} with chasing, "
                                 f"{ib} without, the difference not within "
                                 f"0..{s} (what chasing may count more "
                                 "under it)")
        return False

    def verdict(self, matched):
        """The exit status: 1 after printing the problems and MISMATCH,
        or 0 after printing "match: MATCHED" when there are none."""
        for x in self.problems:
            print(x)
        if self.problems:
            print(f"MISMATCH: {len(self.problems)} differences")
            return 1
        print(f"match: {matched}")
        return 0


def name(k):
    return f"{k[1]} ({k[0]})"


def same(chase, nochase):
    p = Pair(chase, nochase)
    counts = defaultdict(int)
    for e in sorted(set(p.a.edges) | set(p.b.edges), key=str):
        ca, ia = p.a.edges.get(e, (0, 0))
        cb, ib = p.b.edges.get(e, (0, 0))
        what = f"{name(e[0])} -> {name(e[1])}"
        if ca != cb:
            p.problems.append(f"{what}: {ca} calls with chasing, {cb} "
                              "without")
        p.check_ir(what, e[1], ia, ib, counts)
    return p.verdict(
        f"{counts['exact'] + counts['bounded']} edges have the "
        f"chase-off run's calls; {counts['exact']} its inclusive Ir, "
        f"{counts['bounded']} within what chasing counts more under the "
        f"callee ({len(p.moved)} functions count more with chasing)")


def marks(chase, nochase, graph, graph_nochase, names):
    """The marks reports have no graph: what chasing may count more under
    a marked function is read from the --call-graph=yes reports."""
    p = Pair(graph, graph_nochase)
    p.a, p.b = Report(chase), Report(nochase)
    counts = defaultdict(int)
    for n in names:
        fa = [k for k in p.a.fn if k[1] == n]
        fb = [k for k in p.b.fn if k[1] == n]
        if not fa and not fb:
            counts["not run"] += 1
            continue
        if len(fa) != 1 or fa != fb or len(p.a.fn[fa[0]]) != 1 or \
                len(p.b.fn[fa[0]]) != 1:
            p.problems.append(f"{n}: {len(fa)} and {len(fb)} functions of "
                              "that name")
            continue
        k = fa[0]
        x, y = p.a.fn[k][0], p.b.fn[k][0]
        if x.get("calls") != y.get("calls"):
            p.problems.append(f"{n}: {x.get('calls')} calls with chasing, "
                              f"{y.get('calls')} without")
        ia, ib = x.find("inclusive"), y.find("inclusive")
        if ia is None or ib is None:
            if ia is not None or ib is not None:
                p.problems.append(f"{n}: inclusive in one run only")
            continue
        exact = p.check_ir(n, k, int(ia.get("Ir")), int(ib.get("Ir")),
                           counts)
        pa, pb = x.find("per-call"), y.find("per-call")
        pa = dict(pa.attrib) if pa is not None else {}
        pb = dict(pb.attrib) if pb is not None else {}
        if exact and pa != pb:
            p.problems.append(f"{n}: per-call {sorted(pa.items())} with "
                              f"chasing, {sorted(pb.items())} without")
    return p.verdict(
        f"{len(names)} marked functions have the chase-off run's "
        f"calls; {counts['exact']} its inclusive Ir and per-call "
        f"figures, {counts['bounded']} inclusive Ir within what chasing "
        f"counts more under them; {counts['not run']} never run")


def main(argv):
    if len(argv) in (4, 5) and argv[1] == "gen":
        if len(argv) == 5 and argv[4] != "--no-asm":
            sys.exit(__doc__)
        os.makedirs(argv[3], exist_ok=True)
        Program(int(argv[2]), asm=len(argv) == 4).write(argv[3])
        return 0
    if len(argv) == 4 and argv[1] == "same":
        return same(argv[2], argv[3])
    if len(argv) >= 7 and argv[1] == "marks":
        return marks(argv[2], argv[3], argv[4], argv[5], argv[6:])
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
