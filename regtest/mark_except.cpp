// hotgrind regression tests: a C++ exception thrown through marked
// frames.  GPL-2.0-or-later

// Usage: mark_except PLAIN GUARDED DEPTH N
//   PLAIN times: main calls thrower(0), which calls itself down to
//   thrower(DEPTH); that one calls raise_it(), which throws; main catches
//   and calls after(N), which calls step() N times.
//   Then GUARDED times the same with guarded() instead of thrower():
//   guarded has a Guard object in every frame, whose destructor the
//   unwinder runs in each frame on the way out.
// Prints the calls counted here and a checksum.
//
// Entries, by the code: thrower PLAIN (DEPTH + 1), guarded and
// Guard::~Guard() GUARDED (DEPTH + 1) each, raise_it and after
// PLAIN + GUARDED, step N (PLAIN + GUARDED).
//
// thrower's frames have nothing to clean up, so the unwinder (which runs
// under raise_it, deeper in the stack) goes straight to main's handler:
// every thrower and raise_it activation ends at the same instruction,
// when the stack pointer is put back into main's frame.  So, in a run
// with GUARDED = 0, thrower's inclusive Ir is its self Ir plus raise_it's
// inclusive Ir.  after's inclusive Ir is its self Ir plus step's self Ir
// (step is a leaf called only from after), and equals Callgrind's: the
// activations the exception skipped must be gone from the shadow stack,
// or they would count after into their inclusive Ir.
//
// Its calls per caller (edge_count.h), counted next to each call, with
// one exception: Guard's destructor counts its own calls, all made by
// guarded (the only function with Guard objects) as the unwinder runs
// each frame's clean-up code.

#include <cstdio>
#include <cstdlib>
#include "edge_count.h"
#include "mark.h"

static unsigned long n_thrower, n_raise, n_guarded, n_guard_dtor,
                     n_after, n_step, sink;

enum {
   MAIN_THROWER, THROWER_THROWER, THROWER_RAISE, MAIN_GUARDED,
   GUARDED_GUARDED, GUARDED_RAISE, GUARDED_DTOR, MAIN_AFTER, AFTER_STEP,
   N_EDGES
};
static struct ht_edge edges[N_EDGES] = {
   { "main", "thrower(unsigned int, unsigned int)", 0 },
   { "thrower(unsigned int, unsigned int)",
     "thrower(unsigned int, unsigned int)", 0 },
   { "thrower(unsigned int, unsigned int)", "raise_it(unsigned int)", 0 },
   { "main", "guarded(unsigned int, unsigned int)", 0 },
   { "guarded(unsigned int, unsigned int)",
     "guarded(unsigned int, unsigned int)", 0 },
   { "guarded(unsigned int, unsigned int)", "raise_it(unsigned int)", 0 },
   { "guarded(unsigned int, unsigned int)", "Guard::~Guard()", 0 },
   { "main", "after(unsigned long)", 0 },
   { "after(unsigned long)", "step(unsigned long)", 0 },
};

struct Boom {
   unsigned depth;
};

HT_NOIPA void raise_it(unsigned depth)
{
   n_raise++;
   throw Boom{depth};
}

// HT_BEGIN thrower(unsigned int, unsigned int)
HT_NOIPA void thrower(unsigned depth, unsigned max)
{
   n_thrower++;
   if (depth == max) {
      edges[THROWER_RAISE].calls++;
      raise_it(depth);
   }
   edges[THROWER_THROWER].calls++;
   thrower(depth + 1, max);
   sink += depth;   // never reached
}
// HT_END thrower(unsigned int, unsigned int)

struct Guard {
   unsigned d;
   explicit Guard(unsigned x) : d(x) {}
   HT_NOIPA ~Guard()
   {
      n_guard_dtor++;
      edges[GUARDED_DTOR].calls++;
      sink += d;
   }
};

HT_NOIPA void guarded(unsigned depth, unsigned max)
{
   Guard g(depth);
   n_guarded++;
   if (depth == max) {
      edges[GUARDED_RAISE].calls++;
      raise_it(depth);
   }
   edges[GUARDED_GUARDED].calls++;
   guarded(depth + 1, max);
}

HT_NOIPA unsigned long step(unsigned long x)
{
   n_step++;
   return x * 7 + 3;
}

HT_NOIPA unsigned long after(unsigned long n)
{
   unsigned long acc = 0;
   n_after++;
   for (unsigned long i = 0; i < n; i++, edges[AFTER_STEP].calls++)
      acc = step(acc + i);
   return acc;
}

int main(int argc, char** argv)
{
   if (argc != 5) {
      std::fprintf(stderr, "usage: %s PLAIN GUARDED DEPTH N\n", argv[0]);
      return 2;
   }
   unsigned long plain = std::strtoul(argv[1], nullptr, 10);
   unsigned long guards = std::strtoul(argv[2], nullptr, 10);
   unsigned      depth = (unsigned)std::strtoul(argv[3], nullptr, 10);
   unsigned long n = std::strtoul(argv[4], nullptr, 10);
   unsigned long sum = 0;

   for (unsigned long r = 0; r < plain; r++) {
      try {
         edges[MAIN_THROWER].calls++;
         thrower(0, depth);
      } catch (const Boom& b) {
         if (b.depth != depth)
            return 1;
      }
      edges[MAIN_AFTER].calls++;
      sum += after(n);
   }
   for (unsigned long r = 0; r < guards; r++) {
      try {
         edges[MAIN_GUARDED].calls++;
         guarded(0, depth);
      } catch (const Boom& b) {
         if (b.depth != depth)
            return 1;
      }
      edges[MAIN_AFTER].calls++;
      sum += after(n);
   }
   std::printf("%lu %lu %lu %lu %lu %lu %lu %lu\n", n_thrower, n_raise,
               n_guarded, n_guard_dtor, n_after, n_step, sum, sink);
   ht_edges_write(edges, N_EDGES);
   return 0;
}
