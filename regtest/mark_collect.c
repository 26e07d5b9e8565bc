/* hotgrind regression tests: START/STOP_INSTRUMENTATION from hotgrind.h,
   with --collect-atstart=no.  GPL-2.0-or-later */

/* Usage: mark_collect K -- before(K), then START, measured(K), STOP,
   then after(K); each calls its own leaf K times (before_leaf,
   measured_leaf, after_leaf).  Prints a checksum.
   mark_collect K span -- starter(K), which calls before(K), then
   START, then measured(K); then after(K), then STOP.

   With --collect-atstart=no only what runs between START and STOP is
   counted: measured and measured_leaf completely, so their self Ir are
   Cachegrind's (which counts the whole run); main in part; before,
   after, their leaves, the start-up and exit code not at all.  With
   --mark=measured, measured's inclusive Ir is its self Ir plus
   measured_leaf's.

   In the span run with --collect-atstart=no, starter is entered while
   collection is off and returns after START: that call is not counted,
   nor its cost (docs/report-format.md, "calls"), though its
   instructions after START are in its self Ir; measured, entered after
   START, is counted whole; after too. */

#include <stdio.h>
#include <stdlib.h>
#include "hotgrind.h"
#include "mark.h"

#define LEAF(name)                                                       \
   HT_NOIPA unsigned long name##_leaf(unsigned long x)                   \
   {                                                                     \
      return x * 3 + 1;                                                  \
   }                                                                     \
   HT_NOIPA unsigned long name(unsigned long k)                          \
   {                                                                     \
      unsigned long i, acc = 0;                                          \
      for (i = 0; i < k; i++)                                            \
         acc = name##_leaf(acc ^ i);                                     \
      return acc;                                                        \
   }

LEAF(before)
LEAF(measured)
LEAF(after)

HT_NOIPA unsigned long starter(unsigned long k)
{
   unsigned long acc = before(k);
   HOTGRIND_START_INSTRUMENTATION;
   acc += measured(k);
   return acc;
}

int main(int argc, char** argv)
{
   unsigned long k, sum;

   if (argc != 2 && !(argc == 3 && argv[2][0] == 's')) {
      fprintf(stderr, "usage: %s K [span]\n", argv[0]);
      return 2;
   }
   k = strtoul(argv[1], NULL, 10);
   if (argc == 3) {
      sum = starter(k);
      sum += after(k);
      HOTGRIND_STOP_INSTRUMENTATION;
      printf("%lu\n", sum);
      return 0;
   }
   sum = before(k);
   HOTGRIND_START_INSTRUMENTATION;
   sum += measured(k);
   HOTGRIND_STOP_INSTRUMENTATION;
   sum += after(k);
   printf("%lu\n", sum);
   return 0;
}
