/* hotgrind regression tests: the same data walked in order and at random.
   GPL-2.0-or-later

   Usage: cache_walk N_KB ROUNDS
   walk_sequential() and walk_random() read the same array of N_KB
   kilobytes the same number of times, one in address order, one in a
   fixed pseudo-random order: nearly the same instructions, very different
   D1 and LL misses.  scatter_writes() stores at random, for D1mw/DLmw. */
#include <stdio.h>
#include <stdlib.h>

static unsigned next(unsigned* s)
{
   *s = *s * 1103515245u + 12345u;
   return *s >> 8;
}

__attribute__((noinline)) static long walk_sequential(const int* a, unsigned n)
{
   long sum = 0;
   for (unsigned i = 0; i < n; i++) sum += a[i];
   return sum;
}

__attribute__((noinline)) static long walk_random(const int* a, unsigned n)
{
   long sum = 0;
   unsigned s = 7;
   for (unsigned i = 0; i < n; i++) sum += a[next(&s) % n];
   return sum;
}

__attribute__((noinline)) static void scatter_writes(int* a, unsigned n)
{
   unsigned s = 11;
   for (unsigned i = 0; i < n; i++) a[next(&s) % n] = (int)i;
}

int main(int argc, char** argv)
{
   unsigned kb = argc > 1 ? (unsigned)atoi(argv[1]) : 256;
   unsigned rounds = argc > 2 ? (unsigned)atoi(argv[2]) : 2;
   unsigned n = kb * 1024 / sizeof(int);
   int* a = malloc(n * sizeof *a);
   long total = 0;
   for (unsigned i = 0; i < n; i++) a[i] = (int)(i * 3);
   for (unsigned r = 0; r < rounds; r++) {
      total += walk_sequential(a, n);
      total += walk_random(a, n);
      scatter_writes(a, n);
   }
   printf("%ld\n", total);
   free(a);
   return 0;
}
