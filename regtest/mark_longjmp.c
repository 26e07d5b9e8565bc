/* hotgrind regression tests: longjmp out of a deep stack of marked
   activations.  GPL-2.0-or-later */

/* Usage: mark_longjmp ROUNDS N -- ROUNDS times: setjmp, then dive(0),
   which calls itself down to dive(50); dive(50) calls jumper(), which
   longjmps back to main.  After each longjmp main calls after(N), which
   calls step() N times.  Prints the calls counted here and a checksum.

   Entries, by the code: dive 51 per round (depths 0 .. 50), jumper 1,
   after 1, step N.  None of dive's or jumper's activations returns:
   they end when the longjmp puts the stack pointer back above them, so
   a tool that kept them on its shadow stack would go on counting main's
   and after's instructions into their inclusive Ir.  What holds when the
   tool unwinds them at the longjmp (mark_longjmp.sh):
   - dive's inclusive Ir is its self Ir plus jumper's inclusive Ir:
     everything under dive is dive's own code or under jumper, and the
     longjmp ends all of them at the same instruction;
   - after and step are right: after's inclusive Ir is its self Ir plus
     step's self Ir (step is a leaf called only from after), and equals
     Callgrind's;
   - jumper's inclusive Ir (its code, longjmp's) is far below after's.

   Its calls per caller (edge_count.h), counted next to each call:
   main -> dive ROUNDS, dive -> dive 50 ROUNDS, dive -> jumper ROUNDS,
   main -> after ROUNDS, after -> step N ROUNDS. */

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include "edge_count.h"
#include "mark.h"

#define DEPTH 50

static jmp_buf       env;
static unsigned long n_dive, n_jumper, n_after, n_step, sink;

enum { MAIN_DIVE, DIVE_DIVE, DIVE_JUMPER, MAIN_AFTER, AFTER_STEP, N_EDGES };
static struct ht_edge edges[N_EDGES] = {
   [MAIN_DIVE] = { "main", "dive", 0 },
   [DIVE_DIVE] = { "dive", "dive", 0 },
   [DIVE_JUMPER] = { "dive", "jumper", 0 },
   [MAIN_AFTER] = { "main", "after", 0 },
   [AFTER_STEP] = { "after", "step", 0 },
};

HT_NOIPA void jumper(unsigned depth)
{
   n_jumper++;
   longjmp(env, (int)depth);
}

/* HT_BEGIN dive */
HT_NOIPA void dive(unsigned depth)
{
   n_dive++;
   if (depth == DEPTH) {
      edges[DIVE_JUMPER].calls++;
      jumper(depth);
   }
   edges[DIVE_DIVE].calls++;
   dive(depth + 1);
   sink += depth;   /* never reached: keeps the call above a call */
}
/* HT_END dive */

HT_NOIPA unsigned long step(unsigned long x)
{
   n_step++;
   return x * 7 + 3;
}

HT_NOIPA unsigned long after(unsigned long n)
{
   unsigned long i, acc = 0;
   n_after++;
   for (i = 0; i < n; i++, edges[AFTER_STEP].calls++)
      acc = step(acc + i);
   return acc;
}

int main(int argc, char** argv)
{
   unsigned long        rounds, n, sum = 0;
   volatile unsigned long r;

   if (argc != 3) {
      fprintf(stderr, "usage: %s ROUNDS N\n", argv[0]);
      return 2;
   }
   rounds = strtoul(argv[1], NULL, 10);
   n = strtoul(argv[2], NULL, 10);
   for (r = 0; r < rounds; r = r + 1) {
      int depth = setjmp(env);
      if (depth == 0) {
         edges[MAIN_DIVE].calls++;
         dive(0);
      }
      if (depth != DEPTH)
         return 1;
      edges[MAIN_AFTER].calls++;
      sum += after(n);
   }
   printf("%lu %lu %lu %lu %lu %lu\n", n_dive, n_jumper, n_after, n_step,
          sum, sink);
   ht_edges_write(edges, N_EDGES);
   return 0;
}
