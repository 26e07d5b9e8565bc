/* hotgrind regression tests: a marked recursive function.
   GPL-2.0-or-later */

/* Usage: mark_fib N ROUNDS -- prints fib(N) ROUNDS times the sum.
   fib(0) = 0, fib(1) = 1, fib(n) = fib(n-1) + fib(n-2) for n >= 2.

   Built three ways (Makefile.am); mark_fib.sh derives the number of
   entries of fib for each:

   mark_fib_O0   -O0: fib calls itself twice for n >= 2.  E(n), the
                 entries of one call fib(n) from outside, is
                 E(0) = E(1) = 1, E(n) = 1 + E(n-1) + E(n-2), so
                 E(n) + 1 = (E(n-1) + 1) + (E(n-2) + 1) with
                 E(0) + 1 = E(1) + 1 = 2 = 2 F(1) = 2 F(2):
                 E(n) = 2 F(n+1) - 1 (F the Fibonacci numbers, F(1) =
                 F(2) = 1).
   mark_fib_O2   -O2 with fib noinline (-DHT_FIB_NOINLINE): gcc keeps
                 the first call and turns the second into a loop that
                 accumulates (tail recursion with an accumulator):
                    acc = 0; while (n > 1) { acc += fib(n - 1); n -= 2; }
                    return acc + n;
                 gcc 12.2 on x86-64 emits exactly that: one
                 "call <fib>" inside a loop ("sub $0x2" on the argument,
                 "ja" back), no other call.  E(n) = 1 + sum of E(m - 1)
                 for m = n, n-2, ... while m > 1.  mark_fib.sh checks
                 the disassembly and simulates this; it also equals
                 F(n+1) for n >= 1 (E(n) - E(n-2) = E(n-1)).
   mark_fib_O2i  -O2 as gcc likes it (fib may be inlined into itself a
                 few levels): entries compared with Callgrind's call
                 count on x86-64 only.

   Whatever the build, fib calls nothing but itself, so its inclusive Ir
   is exactly its self Ir (the outermost activation owns the recursion,
   and everything executed under it is fib's own code).

   The program counts the calls of its source per caller (edge_count.h):
   main -> fib ROUNDS, fib -> fib two for each fib(n), n >= 2.  Those are
   the calls made at -O0; the -O2 builds make fewer (above). */

#include <stdio.h>
#include <stdlib.h>
#include "edge_count.h"
#include "usage.h"

#ifdef HT_FIB_NOINLINE
#  define FIB_ATTR __attribute__((noinline))
#else
#  define FIB_ATTR
#endif

enum { MAIN_FIB, FIB_FIB, N_EDGES };
static struct ht_edge edges[N_EDGES] = {
   [MAIN_FIB] = { "main", "fib", 0 },
   [FIB_FIB] = { "fib", "fib", 0 },
};

/* HT_BEGIN fib */
FIB_ATTR unsigned long fib(unsigned n)
{
   if (n < 2)
      return n;
   edges[FIB_FIB].calls += 2;
   return fib(n - 1) + fib(n - 2);
}
/* HT_END fib */

int main(int argc, char** argv)
{
   unsigned      n, rounds, r;
   unsigned long sum = 0;

   HT_USAGE_UNLESS_ARGS(argc, argv, 2, "N ROUNDS");
   n = (unsigned)strtoul(argv[1], NULL, 10);
   rounds = (unsigned)strtoul(argv[2], NULL, 10);
   for (r = 0; r < rounds; r++, edges[MAIN_FIB].calls++)
      sum += fib(n);
   printf("%lu\n", sum);
   ht_edges_write(edges, N_EDGES);
   return 0;
}
