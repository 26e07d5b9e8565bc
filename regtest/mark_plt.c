/* hotgrind regression tests: marked functions in shared libraries,
   called through the PLT.  GPL-2.0-or-later */

/* Usage: mark_plt ADDS TWICES STRTOLS -- calls htlib_add (libhtlib.so)
   ADDS times, htlib_twice (libhtlib.so, which calls htlib_add twice)
   TWICES times and libc's strtol STRTOLS times, each through the PLT, the
   first call of each with lazy binding (the dynamic linker's resolver
   runs, then jumps to the function).  Prints the calls it made of each,
   counted here, and a checksum.

   htlib_add is entered ADDS + 2 TWICES times, htlib_twice TWICES times,
   strtol STRTOLS times, and strtoul 3 times (for the arguments): nothing
   else in the process calls these.  (Not atoi: glibc's stdlib.h inlines
   it into a call of strtol when optimising.)

   Its calls per caller (edge_count.h): main -> htlib_add ADDS, main ->
   htlib_twice TWICES, main -> strtol STRTOLS, counted here, and
   htlib_twice -> htlib_add 2 TWICES, counted in libhtlib.so. */

#include <stdio.h>
#include <stdlib.h>
#include "edge_count.h"
#include "usage.h"

unsigned long htlib_add(unsigned long a, unsigned long b);
unsigned long htlib_twice(unsigned long a);
extern unsigned long htlib_twice_add_calls;

int main(int argc, char** argv)
{
   unsigned long adds, twices, strtols, i, sum = 0;
   unsigned long n_add = 0, n_twice = 0, n_strtol = 0;
   static const char* const numbers[4] = { "12", "-7", "300", "0" };

   HT_USAGE_UNLESS_ARGS(argc, argv, 3, "ADDS TWICES STRTOLS");
   adds = strtoul(argv[1], NULL, 10);
   twices = strtoul(argv[2], NULL, 10);
   strtols = strtoul(argv[3], NULL, 10);
   for (i = 0; i < adds; i++, n_add++)
      sum = htlib_add(sum, i);
   for (i = 0; i < twices; i++, n_twice++)
      sum += htlib_twice(i);
   for (i = 0; i < strtols; i++, n_strtol++)
      sum += (unsigned long)strtol(numbers[i % 4], NULL, 10);
   printf("%lu %lu %lu %lu\n", n_add, n_twice, n_strtol, sum);
   {
      const struct ht_edge edges[] = {
         { "main", "htlib_add", n_add },
         { "main", "htlib_twice", n_twice },
         { "main", "strtol", n_strtol },
         { "htlib_twice", "htlib_add", htlib_twice_add_calls },
      };
      ht_edges_write(edges, sizeof edges / sizeof edges[0]);
   }
   return 0;
}
