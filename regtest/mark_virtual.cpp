// hotgrind regression test program: C++ calls that are not plain calls
// to a named function: virtual calls through a vtable, a lambda called
// through std::function, and std::sort with a lambda comparator, whose
// call graph graph_callgrind.sh compares with Callgrind's.  main's first
// loop calls area() once per shape: N shapes, shape i a Sq when i % 3 is
// not 0 (2N/3 of them for N a multiple of 3), else a Tri (N/3); then
// apply() N times.
// GPL-2.0-or-later
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <vector>

struct Shape {
    virtual ~Shape() {}
    virtual long area(long k) const = 0;
};
struct Sq : Shape {
    long s;
    explicit Sq(long v) : s(v) {}
    long area(long k) const override { return s * s + k; }
};
struct Tri : Shape {
    long b;
    explicit Tri(long v) : b(v) {}
    long area(long k) const override { return b * b / 2 + k; }
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
    auto add = [&total](long x) { total += x; return total; };
    for (int i = 0; i < n; i++)
        apply(add, i);
    std::sort(shapes.begin(), shapes.end(),
              [](const std::unique_ptr<Shape> &a,
                 const std::unique_ptr<Shape> &b) {
                  return a->area(0) < b->area(0);
              });
    printf("%ld\n", total);
    return 0;
}
