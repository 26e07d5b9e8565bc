/* hotgrind regression tests: a marked function called in two threads.
   GPL-2.0-or-later */

/* Usage: mark_threads A B K -- main starts a thread, then calls work(K)
   A times; the thread calls other(K) and work(K) B times, alternately.
   work(K) calls unit() K times, other(K) calls spin() K times.  Prints
   the calls each thread made of work, and a checksum.

   work is entered A + B times (the sum over both threads), unit
   (A + B) K times.  Each work(K) is long (K calls of unit), so Valgrind
   switches threads while work is active in one thread and the other
   runs other(), which is not marked: work's inclusive Ir must still be
   its self Ir plus unit's self Ir (unit is a leaf called only from
   work), since inclusive Ir counts per thread what that thread
   executes.

   Its calls per caller (edge_count.h), counted next to each call: main
   -> work A, thread_main -> other B, thread_main -> work B, work ->
   unit (A + B) K, other -> spin B K.  work runs in both threads, so its
   count of unit's calls is per thread (thread-local), added up once the
   thread has been joined. */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "edge_count.h"
#include "mark.h"

static unsigned long k, b_calls;
static __thread unsigned long work_unit_calls, other_spin_calls;

HT_NOIPA unsigned long unit(unsigned long x)
{
   return x * 3 + 1;
}

HT_NOIPA unsigned long spin(unsigned long x)
{
   return x * 5 + 7;
}

HT_NOIPA unsigned long work(unsigned long kk)
{
   unsigned long i, acc = 0;
   for (i = 0; i < kk; i++, work_unit_calls++)
      acc = unit(acc ^ i);
   return acc;
}

HT_NOIPA unsigned long other(unsigned long kk)
{
   unsigned long i, acc = 0;
   for (i = 0; i < kk; i++, other_spin_calls++)
      acc = spin(acc ^ i);
   return acc;
}

struct job {
   unsigned long calls, made, sum, work_unit, other_spin;
};

static void* thread_main(void* p)
{
   struct job*   j = p;
   unsigned long i;
   for (i = 0; i < j->calls; i++, j->made++)
      j->sum += other(k) + work(k);
   j->work_unit = work_unit_calls;
   j->other_spin = other_spin_calls;
   return NULL;
}

int main(int argc, char** argv)
{
   unsigned long a, i, made = 0, sum = 0;
   struct job    j = { 0, 0, 0, 0, 0 };
   pthread_t     t;

   if (argc != 4) {
      fprintf(stderr, "usage: %s A B K\n", argv[0]);
      return 2;
   }
   a = strtoul(argv[1], NULL, 10);
   j.calls = strtoul(argv[2], NULL, 10);
   k = strtoul(argv[3], NULL, 10);
   if (pthread_create(&t, NULL, thread_main, &j) != 0)
      return 1;
   for (i = 0; i < a; i++, made++)
      sum += work(k);
   if (pthread_join(t, NULL) != 0)
      return 1;
   b_calls = j.made;
   printf("%lu %lu %lu\n", made, b_calls, sum + j.sum);
   {
      const struct ht_edge edges[] = {
         { "main", "work", made },
         { "thread_main", "other", j.made },
         { "thread_main", "work", j.made },
         { "work", "unit", work_unit_calls + j.work_unit },
         { "other", "spin", other_spin_calls + j.other_spin },
      };
      ht_edges_write(edges, sizeof edges / sizeof edges[0]);
   }
   return 0;
}
