/* hotgrind regression tests: calls libnosym.so's nosym_outer (nosym.sh).
   GPL-2.0-or-later */
#include <stdio.h>
#include <stdlib.h>

unsigned long nosym_outer(unsigned long n);

int main(int argc, char **argv)
{
   unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000;
   printf("%lu\n", nosym_outer(n));
   return 0;
}
