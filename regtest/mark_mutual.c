/* hotgrind regression tests: marked mutually recursive functions.
   GPL-2.0-or-later */

/* Usage: mark_mutual N ROUNDS -- calls is_even(N) ROUNDS times and
   prints how many results were 1.

   is_even(n) = n == 0 ? 1 : is_odd(n - 1)
   is_odd(n)  = n == 0 ? 0 : is_even(n - 1)

   One call is_even(N) walks N, N-1, ..., 0, alternating: is_even is
   entered for N, N-2, ..., that is floor(N/2) + 1 times, and is_odd for
   N-1, N-3, ..., ceil(N/2) times; N + 1 entries in all.

   mark_mutual_O0 (-O0) makes these entries with calls.  mark_mutual_O2
   (-O2) keeps both functions out of inlining (HT_NOIPA) and gcc turns
   each call, which is in tail position, into a jump to the other
   function's first instruction (mark_mutual.sh checks the disassembly):
   the same entries, made by tail jumps, and one return for the whole
   chain.  Either way main calls only is_even, and the two functions
   call nothing else, so is_even's inclusive Ir (its outermost
   activation spans the chain) is the self Ir of both. */

#include <stdio.h>
#include <stdlib.h>
#include "mark.h"

int is_odd(unsigned n);

/* HT_BEGIN is_even */
HT_NOIPA int is_even(unsigned n)
{
   return n == 0 ? 1 : is_odd(n - 1);
}
/* HT_END is_even */

/* HT_BEGIN is_odd */
HT_NOIPA int is_odd(unsigned n)
{
   return n == 0 ? 0 : is_even(n - 1);
}
/* HT_END is_odd */

int main(int argc, char** argv)
{
   unsigned n, rounds, r, ones = 0;

   if (argc != 3) {
      fprintf(stderr, "usage: %s N ROUNDS\n", argv[0]);
      return 2;
   }
   n = (unsigned)strtoul(argv[1], NULL, 10);
   rounds = (unsigned)strtoul(argv[2], NULL, 10);
   for (r = 0; r < rounds; r++)
      ones += (unsigned)is_even(n);
   printf("%u\n", ones);
   return 0;
}
