/* hotgrind regression tests: C driver for the hand-counted functions.
   GPL-2.0-or-later */

/* Usage: hand_c N CALLS SCAN_N SCAN_K
   Calls ht_loop_n(N) once, ht_leaf3 CALLS times from a loop, and
   ht_scan(SCAN_N, SCAN_K) once.  The counts of those functions are the
   formulas in asm_amd64.S; this driver's own code is not hand-counted,
   only its name, file and line are checked.  Built twice: as a PIE
   (hand_c) and with -no-pie (hand_nopie). */

#include <stdio.h>
#include <stdlib.h>
#include "hand.h"

#ifdef HT_HAVE_HAND_ASM

static unsigned arg(const char* s)
{
   return (unsigned)strtoul(s, NULL, 10);
}

int main(int argc, char** argv)                 /* HT_BEGIN main */
{
   unsigned n, calls, scan_n, scan_k, i, acc = 0, stop;

   if (argc != 5) {
      fprintf(stderr, "usage: %s N CALLS SCAN_N SCAN_K\n", argv[0]);
      return 2;
   }
   n = arg(argv[1]); calls = arg(argv[2]);
   scan_n = arg(argv[3]); scan_k = arg(argv[4]);
   if (n == 0 || scan_n == 0) {
      fprintf(stderr, "N and SCAN_N must be at least 1\n");
      return 2;
   }

   ht_loop_n(n);
   for (i = 0; i < calls; i++)
      acc = ht_leaf3(acc, i);
   stop = ht_scan(scan_n, scan_k);

   /* Check the functions did what their comments say, so a broken
      asm file cannot pass by executing something else. */
   if (acc != (unsigned)((unsigned long long)calls * (calls - 1) / 2)
       || stop != (scan_k < scan_n ? scan_k : scan_n)) {
      fprintf(stderr, "hand_c: wrong results %u %u\n", acc, stop);
      return 1;
   }
   return 0;
}                                               /* HT_END main */

#else

int main(void)
{
   return 77;   /* no hand-counted functions for this architecture */
}

#endif
