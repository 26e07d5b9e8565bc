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

#include <cstdio>
#include <cstdlib>
#include "mark.h"

static unsigned long n_thrower, n_raise, n_guarded, n_guard_dtor,
                     n_after, n_step, sink;

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
   if (depth == max)
      raise_it(depth);
   thrower(depth + 1, max);
   sink += depth;   // never reached
}
// HT_END thrower(unsigned int, unsigned int)

struct Guard {
   unsigned d;
   explicit Guard(unsigned x) : d(x) {}
   HT_NOIPA ~Guard() { n_guard_dtor++; sink += d; }
};

HT_NOIPA void guarded(unsigned depth, unsigned max)
{
   Guard g(depth);
   n_guarded++;
   if (depth == max)
      raise_it(depth);
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
   for (unsigned long i = 0; i < n; i++)
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
         thrower(0, depth);
      } catch (const Boom& b) {
         if (b.depth != depth)
            return 1;
      }
      sum += after(n);
   }
   for (unsigned long r = 0; r < guards; r++) {
      try {
         guarded(0, depth);
      } catch (const Boom& b) {
         if (b.depth != depth)
            return 1;
      }
      sum += after(n);
   }
   std::printf("%lu %lu %lu %lu %lu %lu %lu %lu\n", n_thrower, n_raise,
               n_guarded, n_guard_dtor, n_after, n_step, sum, sink);
   return 0;
}
