/* hotgrind regression test program: recursion through a library call,
   for export --format=callgrind and --root (export_recursion.sh,
   show_roots.sh).  GPL-2.0-or-later

   recur_qsort D R
      main calls sort_level(D) R times.  sort_level(d) sorts eight ints
      with libc's qsort and cmp; cmp, at its first call of each sort
      with d > 0, calls sort_level(d - 1): sort_level, qsort's code and
      cmp are on a cycle that runs through libc, D + 1 sorts deep.  main
      also calls count(D) R times, which calls itself down to 0 (direct
      recursion). */
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))

static volatile long sink;
static int level;            /* of the sort under way */
static int first_cmp;        /* cmp has not yet run in this sort */
static long sorts;

NOINLINE static void sort_level(int d);

NOINLINE static int cmp(const void *a, const void *b)
{
   int x = *(const int *)a, y = *(const int *)b;
   if (first_cmp && level > 0) {
      int saved = level;
      first_cmp = 0;
      sort_level(saved - 1);
      level = saved;
      first_cmp = 0;
   }
   return (x > y) - (x < y);
}

NOINLINE static void sort_level(int d)
{
   int v[8], i;
   for (i = 0; i < 8; i++)
      v[i] = (i * 5 + d) % 8;
   level = d;
   first_cmp = 1;
   sorts++;
   qsort(v, 8, sizeof v[0], cmp);
   sink += v[0];
}

NOINLINE static long count(int n)
{
   return n == 0 ? 0 : count(n - 1) + 1;
}

int main(int argc, char **argv)
{
   int d, r, i;
   if (argc != 3)
      return 2;
   d = atoi(argv[1]);
   r = atoi(argv[2]);
   for (i = 0; i < r; i++) {
      sort_level(d);
      sink += count(d);
   }
   printf("%ld sorts\n", sorts);
   return 0;
}
