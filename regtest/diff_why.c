/* hotgrind regression tests: a function whose callee does more work when
   asked to, for `hotgrind diff`'s explanations (diff_why.sh).
   GPL-2.0-or-later */

/* Usage: diff_why N -- main calls work(N) once; work calls crunch(N),
   which loops N times, and light() once, which does the same whatever N.
   Two runs with different N differ in work's incl-Ir by crunch's edge
   only (and main's by work's). */

#include <stdio.h>
#include <stdlib.h>
#include "mark.h"

HT_NOIPA unsigned long crunch(unsigned long n)
{
   unsigned long i, x = 1;
   /* A product the compiler cannot sum in closed form: n iterations. */
   for (i = 0; i < n; i++)
      x = x * 2654435761UL + i;
   return x;
}

HT_NOIPA unsigned long light(unsigned long x)
{
   return x ^ (x >> 7);
}

HT_NOIPA unsigned long work(unsigned long n)
{
   return light(crunch(n));
}

int main(int argc, char** argv)
{
   if (argc != 2) {
      fprintf(stderr, "usage: %s N\n", argv[0]);
      return 2;
   }
   printf("%lu\n", work(strtoul(argv[1], NULL, 10)));
   return 0;
}
