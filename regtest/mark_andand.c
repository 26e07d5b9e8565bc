/* hotgrind regression tests: calls ht_andand (mark_andand.S) once for
   each N:BUDGET argument and prints the sum of what it returned.
   GPL-2.0-or-later */
#include <stdio.h>
#include <stdlib.h>

#if defined(__x86_64__)
unsigned long ht_andand(unsigned long n, unsigned long budget);

int main(int argc, char **argv)
{
   unsigned long sum = 0;
   for (int i = 1; i < argc; i++) {
      char *end;
      unsigned long n = strtoul(argv[i], &end, 10), budget;
      if (*end != ':' || n == 0)
         goto usage;
      budget = strtoul(end + 1, &end, 10);
      if (*end != '\0' || budget == 0)
         goto usage;
      sum += ht_andand(n, budget);
   }
   printf("%lu\n", sum);
   return 0;
usage:
   fprintf(stderr, "usage: %s N:BUDGET... (both at least 1)\n", argv[0]);
   return 2;
}
#else
int main(void)
{
   fputs("mark_andand: x86-64 only\n", stderr);
   return 77;
}
#endif
