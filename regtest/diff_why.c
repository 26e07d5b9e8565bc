/* hotgrind regression tests: a function whose callee does more work when
   asked to, for `hotgrind diff`'s explanations (diff_why.sh).
   GPL-2.0-or-later */

/* Usage: diff_why N -- main calls work(N) once; work calls crunch(N),
   which loops N times, and light() once, which does the same whatever N.
   Two runs with different N differ in work's incl-Ir by crunch's edge
   only (and main's by work's).  Then main calls parse(N), which calls
   lex(N), which calls the hand-counted ht_loop_n(N) (2N + 2 Ir): a leaf
   that grows by exactly 2 Ir per unit of N under a chain whose own code
   does the same whatever N, so diff must show lex, parse and main as
   rows for their incl-Ir alone. */

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

/* Written after each call, so that the calls are not tail jumps and lex
   and parse run the same instructions whatever N. */
static volatile unsigned tokens;

HT_NOIPA void lex(unsigned n)
{
   ht_loop_n(n);
   tokens++;
}

HT_NOIPA void parse(unsigned n)
{
   lex(n);
   tokens++;
}

int main(int argc, char** argv)
{
   unsigned long n;
   if (argc != 2) {
      fprintf(stderr, "usage: %s N\n", argv[0]);
      return 2;
   }
   n = strtoul(argv[1], NULL, 10);
   printf("%lu\n", work(n));
   parse((unsigned)n);
   return 0;
}
