/* hotgrind regression tests: zones made with hotgrind.h's macros, in C.
   GPL-2.0-or-later */

/* Usage: mark_zone ROUNDS ITEMS K
   ROUNDS times:
      zone "round" {
         ITEMS times: zone "item" { work(K) }
         zone "empty" { }
      }
   then "unbalanced": one HOTGRIND_ZONE_END with no zone open (the tool
   warns), and a zone "open" begun and never ended.
   work(K) calls unit() K times.  Prints a checksum.

   Entries, by the code: round ROUNDS, item ROUNDS * ITEMS, empty ROUNDS,
   open 1.  What an "item" zone executes besides work(K) is the same few
   instructions of main every time, whatever K (the client request after
   BEGIN, putting K in place, the call, and END's request), so between
   two runs whose K differ by D every item's inclusive Ir differs by
   exactly D times what one more iteration of work costs:
   (self(work) + self(unit)) of run 2 minus that of run 1, over
   ROUNDS * ITEMS.  mark_zone.sh checks that, and that zones contain
   what they enclose.  (mark_hand.sh has zones whose every instruction is
   hand-counted, in asm.) */

#include <stdio.h>
#include <stdlib.h>
#include "hotgrind.h"
#include "mark.h"
#include "usage.h"

HT_NOIPA unsigned long unit(unsigned long x)
{
   return x * 3 + 1;
}

HT_NOIPA unsigned long work(unsigned long k)
{
   unsigned long i, acc = 0;
   for (i = 0; i < k; i++)
      acc = unit(acc ^ i);
   return acc;
}

int main(int argc, char** argv)
{
   unsigned long rounds, items, k, r, i, sum = 0;

   HT_USAGE_UNLESS_ARGS(argc, argv, 3, "ROUNDS ITEMS K");
   rounds = strtoul(argv[1], NULL, 10);
   items = strtoul(argv[2], NULL, 10);
   k = strtoul(argv[3], NULL, 10);
   for (r = 0; r < rounds; r++) {
      HOTGRIND_ZONE_BEGIN("round");
      for (i = 0; i < items; i++) {
         HOTGRIND_ZONE_BEGIN("item");
         sum += work(k);
         HOTGRIND_ZONE_END();
      }
      HOTGRIND_ZONE_BEGIN("empty");
      HOTGRIND_ZONE_END();
      HOTGRIND_ZONE_END();
   }
   HOTGRIND_ZONE_END();          /* no zone open */
   HOTGRIND_ZONE_BEGIN("open");  /* never ended */
   printf("%lu\n", sum);
   return 0;
}
