/* hotgrind regression tests: a signal handler that calls a marked
   function.  GPL-2.0-or-later */

/* Usage: mark_signal N K -- raises SIGUSR1 N times; the handler calls
   in_handler(K), which calls tick() K times.  Prints the calls counted
   here and a checksum.

   Entries, by the code: on_usr1 (the handler, entered by the signal
   delivery, not by a call) N, in_handler N, tick N K.  The handler
   returns to the signal trampoline (sa_restorer), whose address is the
   return address at its entry.  in_handler's inclusive Ir is its self Ir
   plus tick's self Ir (tick is a leaf called only from there); the
   handler's inclusive Ir is its self Ir plus in_handler's inclusive Ir:
   it calls nothing else. */

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include "mark.h"

static volatile unsigned long n_handler, n_in_handler, n_tick, sum;
static unsigned long k;

HT_NOIPA unsigned long tick(unsigned long x)
{
   n_tick++;
   return x * 5 + 1;
}

HT_NOIPA unsigned long in_handler(unsigned long kk)
{
   unsigned long i, acc = 0;
   n_in_handler++;
   for (i = 0; i < kk; i++)
      acc = tick(acc + i);
   return acc;
}

HT_NOIPA void on_usr1(int sig)
{
   n_handler++;
   sum += in_handler(k) + (unsigned long)sig;
}

int main(int argc, char** argv)
{
   unsigned long    n, i, raised = 0;
   struct sigaction sa;

   if (argc != 3) {
      fprintf(stderr, "usage: %s N K\n", argv[0]);
      return 2;
   }
   n = strtoul(argv[1], NULL, 10);
   k = strtoul(argv[2], NULL, 10);
   sa.sa_handler = on_usr1;
   sigemptyset(&sa.sa_mask);
   sa.sa_flags = 0;
   if (sigaction(SIGUSR1, &sa, NULL) != 0)
      return 1;
   for (i = 0; i < n; i++, raised++)
      raise(SIGUSR1);
   printf("%lu %lu %lu %lu %lu\n", raised, n_handler, n_in_handler, n_tick,
          sum);
   return 0;
}
