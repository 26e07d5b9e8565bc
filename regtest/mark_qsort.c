/* hotgrind regression tests: a marked callback called from libc.
   GPL-2.0-or-later */

/* Usage: mark_qsort N ROUNDS -- sorts ROUNDS arrays of N pseudo-random
   ints with qsort and cmp_int, which counts its own calls; prints that
   count and a checksum.  The count is the oracle for cmp_int's entries:
   it comes from the program, not from a model of glibc's qsort.
   cmp_int is a leaf, so its inclusive Ir is its self Ir.

   Its calls per caller (edge_count.h): main -> qsort ROUNDS, counted
   next to the call; cmp_int's calls from qsort's code, whichever of
   libc's functions that is, are cmp_int's count. */

#include <stdio.h>
#include <stdlib.h>
#include "edge_count.h"
#include "mark.h"
#include "xorshift.h"

static unsigned long cmp_calls;

/* HT_BEGIN cmp_int */
HT_NOIPA int cmp_int(const void* a, const void* b)
{
   int x = *(const int*)a, y = *(const int*)b;
   cmp_calls++;
   return (x > y) - (x < y);
}
/* HT_END cmp_int */

int main(int argc, char** argv)
{
   unsigned      n, rounds, r, i, seed = 2463534242u;
   unsigned long check = 0, n_qsort = 0;
   int*          a;

   if (argc != 3) {
      fprintf(stderr, "usage: %s N ROUNDS\n", argv[0]);
      return 2;
   }
   n = (unsigned)strtoul(argv[1], NULL, 10);
   rounds = (unsigned)strtoul(argv[2], NULL, 10);
   a = malloc((n ? n : 1) * sizeof *a);
   if (!a)
      return 1;
   for (r = 0; r < rounds; r++) {
      for (i = 0; i < n; i++)
         a[i] = (int)(next_rand(&seed) % 1000);
      n_qsort++;
      qsort(a, n, sizeof *a, cmp_int);
      for (i = 1; i < n; i++)
         if (a[i - 1] > a[i])
            return 1;
      check += n ? (unsigned long)a[n / 2] : 0;
   }
   free(a);
   printf("%lu %lu\n", cmp_calls, check);
   {
      const struct ht_edge edges[] = {
         { "main", "qsort", n_qsort },
         { "*", "cmp_int", cmp_calls },
      };
      ht_edges_write(edges, sizeof edges / sizeof edges[0]);
   }
   return 0;
}
