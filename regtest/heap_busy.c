/* hotgrind regression tests: threads allocating at the same time
   (heap_hand.sh).  GPL-2.0-or-later */

/* Usage: heap_busy K
   main starts 4 threads, then all 5 threads (main too) run worker(): K
   times, free a slot of 64 (free(NULL) while the slot is still empty)
   and put malloc(1 + x % 200) there, x from xorshift32 (xorshift.h) with
   a seed of the thread's own; at the end the 64 slots are freed.  main
   joins the 4 threads and prints, for thread 1 (main) to 5 in creation
   order, the bytes it allocated (the sum of its requests).

   Valgrind runs one thread at a time, switching between them at the end
   of a time slice or when one blocks, so with long runs of mallocs a
   switch falls inside malloc or free again and again: the spec's
   "outermost allocator call of a thread" must be per thread.  By hand,
   for every worker thread (2 to 5): allocs K, frees K (K - 64 of full
   slots in the loop, plus the 64 at the end), free-bytes = alloc-bytes
   = what the program prints for it; worker's self figures: 5K
   allocations and 5K frees, and the bytes of all five; marked, worker's
   inclusive figures are the same (each thread's activation holds what
   that thread did, and nothing else runs inside worker), in 5 calls.  Thread 1's own
   figures also hold libc's (start-up, pthread_create, stdio), so it is
   checked as at least K.  The totals' allocs and alloc-bytes are DHAT's,
   and nothing of the workers' is live at the end; the peak depends on
   how the threads interleave, which differs from one tool to another,
   so it is not compared. */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "xorshift.h"

#if defined(__GNUC__) && !defined(__clang__)
#  define HH_NOIPA __attribute__((noipa))
#else
#  define HH_NOIPA __attribute__((noinline))
#endif

#define THREADS 5
#define SLOTS   64

static unsigned long k, bytes[THREADS], failures[THREADS];

HH_NOIPA void* worker(void* arg)
{
   unsigned long id = (unsigned long)arg, i;
   unsigned      seed = 2463534242u + 7919u * (unsigned)id;
   void*         slot[SLOTS] = { 0 };

   for (i = 0; i < k; i++) {
      unsigned x = next_rand(&seed);
      size_t   n = 1 + (x >> 6) % 200;
      unsigned s = x % SLOTS;
      free(slot[s]);
      slot[s] = malloc(n);
      if (!slot[s])
         failures[id]++;
      else
         ((volatile char*)slot[s])[0] = 1;
      bytes[id] += n;
   }
   for (i = 0; i < SLOTS; i++)
      free(slot[i]);
   return NULL;
}

int main(int argc, char** argv)
{
   pthread_t     t[THREADS];
   unsigned long i, bad = 0;

   if (argc != 2) {
      fprintf(stderr, "usage: %s K\n", argv[0]);
      return 2;
   }
   k = strtoul(argv[1], NULL, 10);
   for (i = 1; i < THREADS; i++)
      if (pthread_create(&t[i], NULL, worker, (void*)i) != 0) {
         printf("heap_busy: pthread_create failed\n");
         return 1;
      }
   worker((void*)0);
   for (i = 1; i < THREADS; i++)
      pthread_join(t[i], NULL);
   for (i = 0; i < THREADS; i++)
      bad += failures[i];
   if (bad) {
      printf("heap_busy: %lu allocations failed\n", bad);
      return 1;
   }
   for (i = 0; i < THREADS; i++)
      printf("%lu%c", bytes[i], i + 1 < THREADS ? ' ' : '\n');
   return 0;
}
