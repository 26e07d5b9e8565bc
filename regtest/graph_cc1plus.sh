#!/bin/sh
# hotgrind regression tests: Debian's C++ compiler (cc1plus, -O2 on a
# fourteen-line file with no headers: a class hierarchy with virtual
# functions, templates, a lambda passed to a template that sorts two
# elements, new, delete and a throw; 108 million instructions in 5,201
# functions and 15,939 edges, where a sixteen-line insertion sort of 64
# elements took 142 million in 5,751 and 19,069, and the same with
# <algorithm> and <vector> 1.06 billion in 6,301, mostly parsing the
# headers) as an oracle workload for the call graph.  Like cc1
# (graph_cc1.sh) it tail-jumps everywhere; its report once failed its own
# validation after VEX chased such jumps (issue 34).  --call-graph=yes
# validates and its identities hold; self Ir equal Cachegrind's; every
# edge's calls equal Callgrind's (fall-throughs proven from the binary)
# and equal those of the same run with --vex-guest-chase=no
# (graph_lib.sh's compiler_graph).  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

if test "$HT_ARCH" != amd64; then
   skip "Callgrind gets calls and returns wrong on $HT_ARCH (docs/arm64.md)"
fi
. "$srcdir/graph_lib.sh"

cc1plus=$(g++ -print-prog-name=cc1plus 2>/dev/null || :)
test -x "$cc1plus" ||
   hard_error "g++'s cc1plus not found (tools/install-deps.sh installs g++)"
cat >prog.cpp <<'CPP'
struct shape { virtual ~shape() {} virtual long area() const = 0; };
struct rect : shape {
  long w, h;
  rect(long a, long b) : w(a), h(b) {}
  long area() const override { return w * h; } };
template <typename T> struct acc { T sum{}; void add(T x) { sum += x; } };
template <typename T, typename C> void sort2(T *v, C less) {
  if (less(v[1], v[0])) { T t = v[0]; v[0] = v[1]; v[1] = t; } }
long f(int n) {
  if (n < 0) throw n;
  shape *v[2] = { new rect(n, 2), new rect(3, n) }; acc<long> a;
  sort2(v, [](const shape *x, const shape *y) { return x->area() < y->area(); });
  a.add(v[0]->area()); delete v[0]; delete v[1];
  return a.sum; }
CPP
g++ -E prog.cpp -o prog.ii || hard_error "cannot preprocess prog.cpp"
# cgr_edges.py inclusive walks Callgrind's caller contexts of every
# function: on cc1plus's thousands of functions that took minutes of CPU
# and gigabytes when it was tried, so the inclusive Ir are compared on
# cc1 (graph_cc1.sh), and here the report's own identities hold.
NO_INCLUSIVE="cgr_edges.py inclusive takes minutes and gigabytes on cc1plus (graph_cc1.sh compares cc1's)"
# Nor does Callgrind record caller chains, which only that comparison reads.
CGR_SEPARATE_CALLERS=0
compiler_graph cc1plus "$cc1plus" prog.ii
