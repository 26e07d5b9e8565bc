// hotgrind regression test program: C++ calls that are not plain calls
// to a named function: virtual calls through a vtable, a lambda called
// through std::function, and std::sort with a lambda comparator, whose
// call graph graph_callgrind.sh compares with Callgrind's.  main's first
// loop calls area() once per shape: N shapes, shape i a Sq when i % 3 is
// not 0 (2N/3 of them for N a multiple of 3), else a Tri (N/3); then
// apply() N times.
//
// Its calls per caller (edge_count.h): area() counts its calls by its
// argument, which says who called (1 main, 0 the sort's comparator);
// main counts its calls of apply; each lambda counts its own calls,
// made from the library's code (std::function's, std::sort's).  The
// lambdas and area() are kept out of line and uncloned (HT_NOIPA), so
// that they are functions of these names at -O2 too.
// GPL-2.0-or-later
#include "edge_count.h"
#include "mark.h"
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <vector>

enum {
   MAIN_SQ, MAIN_TRI, CMP_SQ, CMP_TRI, MAIN_APPLY, TO_ADD, TO_CMP, N_EDGES
};
#define HT_CMP_LAMBDA "main::{lambda(std::unique_ptr<Shape, " \
   "std::default_delete<Shape> > const&, std::unique_ptr<Shape, " \
   "std::default_delete<Shape> > const&)#2}::operator()(std::unique_ptr<" \
   "Shape, std::default_delete<Shape> > const&, std::unique_ptr<Shape, " \
   "std::default_delete<Shape> > const&) const"
static struct ht_edge edges[N_EDGES] = {
   { "main", "Sq::area(long) const", 0 },
   { "main", "Tri::area(long) const", 0 },
   { HT_CMP_LAMBDA, "Sq::area(long) const", 0 },
   { HT_CMP_LAMBDA, "Tri::area(long) const", 0 },
   { "main", "apply(std::function<long (long)> const&, long)", 0 },
   { "*", "main::{lambda(long)#1}::operator()(long) const", 0 },
   { "*", HT_CMP_LAMBDA, 0 },
};
// area()'s argument k: 1 from main, 0 from the comparator.
static const int from_caller[2] = { CMP_SQ - MAIN_SQ, 0 };

struct Shape {
    virtual ~Shape() {}
    virtual long area(long k) const = 0;
};
struct Sq : Shape {
    long s;
    explicit Sq(long v) : s(v) {}
    HT_NOIPA long area(long k) const override
    {
        edges[MAIN_SQ + from_caller[k]].calls++;
        return s * s + k;
    }
};
struct Tri : Shape {
    long b;
    explicit Tri(long v) : b(v) {}
    HT_NOIPA long area(long k) const override
    {
        edges[MAIN_TRI + from_caller[k]].calls++;
        return b * b / 2 + k;
    }
};

// Not static and not inlined, so that each call is an edge main -> apply
// at every level.
__attribute__((noinline)) long apply(const std::function<long(long)> &f,
                                     long x)
{
    return f(x);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 300;
    std::vector<std::unique_ptr<Shape>> shapes;
    for (int i = 0; i < n; i++) {
        if (i % 3)
            shapes.emplace_back(new Sq(i));
        else
            shapes.emplace_back(new Tri(i));
    }
    long total = 0;
    for (auto &s : shapes)
        total += s->area(1);
    auto add = [&total](long x) HT_NOIPA {
        edges[TO_ADD].calls++;
        total += x;
        return total;
    };
    for (int i = 0; i < n; i++, edges[MAIN_APPLY].calls++)
        apply(add, i);
    std::sort(shapes.begin(), shapes.end(),
              [](const std::unique_ptr<Shape> &a,
                 const std::unique_ptr<Shape> &b) HT_NOIPA {
                  edges[TO_CMP].calls++;
                  return a->area(0) < b->area(0);
              });
    printf("%ld\n", total);
    ht_edges_write(edges, N_EDGES);
    return 0;
}
