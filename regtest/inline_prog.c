/* hotgrind regression test program for --inline=yes (inline.sh).
   Built with -O2 -g: the static functions below are inlined (always_inline
   makes sure of it), so at run time only main, run_a, run_b and leaf exist
   as functions.  Each inlined function counts its own calls in a volatile
   counter, which the program prints at the end: the oracle for the calls
   hotgrind counts.  The per-instruction costs are checked against
   Callgrind and addr2line (inline.sh), not against these counters.
   GPL-2.0-or-later */
#include <stdio.h>
#include <stdlib.h>

#define INLINE static inline __attribute__((always_inline))
/* Keeps an inlined body's code together: without it gcc schedules the
   body's instructions among its caller's, and each return to the body
   would be an entry of its own (what --inline=yes counts as a call is
   an entry into the inlined code from outside it). */
#define FENCE(x) __asm__ volatile("" : "+r"(x) : : "memory")

static volatile unsigned long mix_calls, scale_calls, outer_calls;
/* Read in mix's body each time: a constant there would be hoisted out
   of the caller's loop, into an instruction of mix's that runs once. */
static volatile unsigned long mix_k = 0x9E3779B97F4A7C15ul;

/* A real function, called from inside an inlined one: its return into
   the inlined code is not a new call of it. */
__attribute__((noinline)) unsigned long leaf(unsigned long x)
{
   __asm__ volatile("" : "+r"(x));
   return x * 7 + 1;
}

INLINE unsigned long mix(unsigned long x)
{
   FENCE(x);
   mix_calls++;
   x ^= x >> 13;
   x *= mix_k;
   x ^= x >> 29;
   FENCE(x);
   return x;
}

INLINE unsigned long scale(unsigned long x, unsigned long k)
{
   FENCE(x);
   scale_calls++;
   x = x * k + (x >> 3);
   FENCE(x);
   return x;
}

/* Inlined, with inlined calls of its own (mix twice) and a real call. */
INLINE unsigned long outer(unsigned long x)
{
   FENCE(x);
   outer_calls++;
   x = mix(x);
   x = leaf(x);
   x = mix(x + 1);
   FENCE(x);
   return x;
}

/* Two real functions with scale inlined in each: two rows, one per
   function it is inlined into. */
__attribute__((noinline)) unsigned long run_a(unsigned long n, unsigned long x)
{
   unsigned long i;
   for (i = 0; i < n; i++) {
      x = scale(x, 3);
      __asm__ volatile("" : "+r"(x));
   }
   return x;
}

__attribute__((noinline)) unsigned long run_b(unsigned long n, unsigned long x)
{
   unsigned long i;
   for (i = 0; i < n; i++) {
      x = outer(x);
      __asm__ volatile("" : "+r"(x));
      x = scale(x, 5);
      __asm__ volatile("" : "+r"(x));
   }
   /* Without this, gcc's line info puts the final ret in mix. */
   __asm__ volatile("" : "+r"(x));
   return x ^ n;
}

int main(int argc, char** argv)
{
   unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000;
   unsigned long x = run_a(n, 12345);
   x = run_b(n / 2, x);
   printf("result %lu\n", x);
   printf("calls mix %lu\n", mix_calls);
   printf("calls scale %lu\n", scale_calls);
   printf("calls outer %lu\n", outer_calls);
   return 0;
}
