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
   activation spans the chain) is the self Ir of both.

   The program counts its calls per caller (edge_count.h), next to each
   call: main -> is_even ROUNDS, is_even -> is_odd ROUNDS ceil(N/2),
   is_odd -> is_even ROUNDS floor(N/2); at -O2 the tail jumps, whose
   caller is the function that jumped. */

#include <stdio.h>
#include <stdlib.h>
#include "edge_count.h"
#include "mark.h"
#include "usage.h"

int is_odd(unsigned n);

enum { MAIN_EVEN, EVEN_ODD, ODD_EVEN, N_EDGES };
static struct ht_edge edges[N_EDGES] = {
   [MAIN_EVEN] = { "main", "is_even", 0 },
   [EVEN_ODD] = { "is_even", "is_odd", 0 },
   [ODD_EVEN] = { "is_odd", "is_even", 0 },
};

/* HT_BEGIN is_even */
HT_NOIPA int is_even(unsigned n)
{
   if (n == 0)
      return 1;
   edges[EVEN_ODD].calls++;
   return is_odd(n - 1);
}
/* HT_END is_even */

/* HT_BEGIN is_odd */
HT_NOIPA int is_odd(unsigned n)
{
   if (n == 0)
      return 0;
   edges[ODD_EVEN].calls++;
   return is_even(n - 1);
}
/* HT_END is_odd */

int main(int argc, char** argv)
{
   unsigned n, rounds, r, ones = 0;

   HT_USAGE_UNLESS_ARGS(argc, argv, 2, "N ROUNDS");
   n = (unsigned)strtoul(argv[1], NULL, 10);
   rounds = (unsigned)strtoul(argv[2], NULL, 10);
   for (r = 0; r < rounds; r++, edges[MAIN_EVEN].calls++)
      ones += (unsigned)is_even(n);
   printf("%u\n", ones);
   ht_edges_write(edges, N_EDGES);
   return 0;
}
