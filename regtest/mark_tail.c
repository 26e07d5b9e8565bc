/* hotgrind regression tests: a marked function entered by tail calls.
   GPL-2.0-or-later */

/* Usage: mark_tail DIRECT TAIL -- calls target() DIRECT times from main
   and via_tail() TAIL times; via_tail's call of target is in tail
   position, and at -O2 gcc makes it "jmp <target>" (mark_tail.sh checks
   the disassembly and skips, saying why, when it is not).  Prints the
   number of calls main made of each, and a checksum.

   target is entered DIRECT + TAIL times: DIRECT by calls, TAIL by the
   jump to its first instruction.  target is a leaf whose every call
   executes the same instructions (no branch), c = self(target) /
   (DIRECT + TAIL) each, so via_tail's inclusive Ir is its self Ir plus
   TAIL * c: each via_tail activation lasts until target's ret returns
   to via_tail's caller.

   The program counts its calls per caller (edge_count.h): main ->
   target DIRECT, main -> via_tail TAIL, via_tail -> target TAIL (the
   jump's caller is via_tail, the function that jumped). */

#include <stdio.h>
#include <stdlib.h>
#include "edge_count.h"
#include "mark.h"

enum { MAIN_TARGET, MAIN_VIA, VIA_TARGET, N_EDGES };
static struct ht_edge edges[N_EDGES] = {
   [MAIN_TARGET] = { "main", "target", 0 },
   [MAIN_VIA] = { "main", "via_tail", 0 },
   [VIA_TARGET] = { "via_tail", "target", 0 },
};

/* HT_BEGIN target */
HT_NOIPA unsigned long target(unsigned long x)
{
   return x * 3 + 1;
}
/* HT_END target */

/* HT_BEGIN via_tail */
HT_NOIPA unsigned long via_tail(unsigned long x)
{
   edges[VIA_TARGET].calls++;
   return target(x + 7);
}
/* HT_END via_tail */

int main(int argc, char** argv)
{
   unsigned long direct, tail, i, sum = 0, ndirect = 0, ntail = 0;

   if (argc != 3) {
      fprintf(stderr, "usage: %s DIRECT TAIL\n", argv[0]);
      return 2;
   }
   direct = strtoul(argv[1], NULL, 10);
   tail = strtoul(argv[2], NULL, 10);
   for (i = 0; i < direct; i++, ndirect++)
      sum += target(i);
   for (i = 0; i < tail; i++, ntail++)
      sum += via_tail(i);
   printf("%lu %lu %lu\n", ndirect, ntail, sum);
   edges[MAIN_TARGET].calls = ndirect;
   edges[MAIN_VIA].calls = ntail;
   ht_edges_write(edges, N_EDGES);
   return 0;
}
