/* hotgrind regression test program: calling contexts whose calls are
   worked out from this source (graph_contexts.sh).  GPL-2.0-or-later

   ctx_paths paths N M
      main calls a N times and b 2N times; a calls c twice, b once: the
      contexts main;a;c and main;b;c get 2N calls each, main;a N and
      main;b 2N.  main calls rec(3) M times; rec(d) calls rec(d - 1) while
      d > 0: main;rec, main;rec;rec, ... four deep, M calls each.
   ctx_paths tree D
      main calls walk(D, bits) for every bits < 2^D; walk(d, bits), d > 0,
      calls left or right by bit d - 1 of bits, which call walk(d - 1,
      bits): every path of D choices is taken.  Under main;walk the
      contexts after k choices are 2^k of walk, each with 2^(D - k) calls
      (k = 0..D), and 2^k of left or right (k = 1..D), each with
      2^(D - k) calls: 2^(D + 2) - 3 contexts, many distinct paths for a
      small --max-contexts.  walk is entered (D + 1) 2^D times.
   ctx_paths toggle T
      main calls outer T times; outer stops collection and calls inner,
      which starts it again and calls c: inner's activation does not
      count (it began while collection was off), so main;outer;inner is
      a context with no calls but with what inner ran after the start,
      main;outer;inner;c has T calls, and main;outer T. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hotgrind.h"

#define NOINLINE __attribute__((noinline))

static volatile long sink;

NOINLINE static long c(long x) { return x * 3 + 1; }
NOINLINE static long a(long x) { return c(x) + c(x + 1); }
NOINLINE static long b(long x) { return c(x) - 1; }

NOINLINE static long rec(int d)
{
   if (d == 0) return 1;
   return rec(d - 1) + 1;
}

NOINLINE static long walk(int d, unsigned bits);
NOINLINE static long left(int d, unsigned bits) { return walk(d, bits) + 1; }
NOINLINE static long right(int d, unsigned bits) { return walk(d, bits) + 2; }

NOINLINE static long inner(long x)
{
   HOTGRIND_START_INSTRUMENTATION;
   return c(x) + 1;
}

NOINLINE static long outer(long x)
{
   HOTGRIND_STOP_INSTRUMENTATION;
   return inner(x) + 1;
}

NOINLINE static long walk(int d, unsigned bits)
{
   if (d == 0) return 0;
   if (bits >> (d - 1) & 1) return left(d - 1, bits);
   return right(d - 1, bits);
}

int main(int argc, char** argv)
{
   long s = 0;
   if (argc == 4 && strcmp(argv[1], "paths") == 0) {
      long n = atol(argv[2]), m = atol(argv[3]), i;
      for (i = 0; i < n; i++) s += a(i);
      for (i = 0; i < 2 * n; i++) s += b(i);
      for (i = 0; i < m; i++) s += rec(3);
   } else if (argc == 3 && strcmp(argv[1], "tree") == 0) {
      int      d = atoi(argv[2]);
      unsigned bits;
      for (bits = 0; bits < 1u << d; bits++) s += walk(d, bits);
   } else if (argc == 3 && strcmp(argv[1], "toggle") == 0) {
      long t = atol(argv[2]), i;
      for (i = 0; i < t; i++) s += outer(i);
   } else {
      fprintf(stderr, "usage: ctx_paths paths N M | tree D | toggle T\n");
      return 2;
   }
   sink = s;
   printf("%ld\n", s);
   return 0;
}
