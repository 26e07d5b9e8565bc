/* hotgrind regression tests: heap figures per thread (heap_hand.sh), and
   heap totals of a threaded program against DHAT.  GPL-2.0-or-later */

/* Usage: heap_threads
   main (thread 1), in main_before: from_main = malloc(64) and three
   malloc(16) kept: 4 allocations, 64 + 3 * 16 = 112 bytes.
   Then it creates thread 2 and at once joins it, so the two threads'
   heap calls never interleave: the run's order of allocations and frees
   is fixed, whatever the scheduler does.
   Thread 2, in t2_work: five malloc(32), free of two of them, free of
   from_main (a block main made: the free is thread 2's), and from_t2 =
   malloc(48):
      allocs 5 + 1 = 6, alloc-bytes 5 * 32 + 48 = 208,
      frees 2 + 1 = 3, free-bytes 2 * 32 + 64 = 128.
   Nothing else thread 2 runs (glibc's thread start and exit) calls an
   observed allocator with a live block: its arena and tcache come from
   mmap and _int_malloc, and the tcache's free at thread exit is of a
   block no observed allocator returned, which counts nothing.
   Then main, in main_after: free of from_t2 (48, made by thread 2) and
   of one 16-byte block: 2 frees, 64 bytes.
   Thread 1's figures also hold libc's start-up, pthread_create's (the
   new thread's TLS vector) and stdio's allocations, which are not
   counted here: heap_hand.sh checks thread 2's figures exactly, t2_work,
   main_before and main_after's self figures exactly, and thread 1's as
   the totals less thread 2's.  The totals are DHAT's.
   The pthread_join is in a zone, "join": thread 2 runs while that zone
   is open in thread 1, but a zone holds what its own thread does, and
   pthread_join allocates nothing: its allocs and alloc-bytes are 0 (not
   thread 2's 6 and 208). */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "hotgrind.h"

#if defined(__GNUC__) && !defined(__clang__)
#  define HH_NOIPA __attribute__((noipa))
#else
#  define HH_NOIPA __attribute__((noinline))
#endif

static void* volatile from_main;
static void* volatile from_t2;
static void* volatile kept[8];
static unsigned long  failures;

HH_NOIPA static void check(int ok)
{
   if (!ok)
      failures++;
}

HH_NOIPA void t2_work(void)
{
   void* a[5];
   int   i;
   for (i = 0; i < 5; i++) {
      a[i] = malloc(32);
      check(a[i] != NULL);
   }
   free(a[0]);
   free(a[1]);
   for (i = 2; i < 5; i++)
      kept[i + 1] = a[i];
   free(from_main);
   from_main = NULL;
   from_t2 = malloc(48);
   check(from_t2 != NULL);
}

static void* t2_main(void* arg)
{
   (void)arg;
   t2_work();
   return NULL;
}

HH_NOIPA void main_before(void)
{
   int i;
   from_main = malloc(64);
   check(from_main != NULL);
   for (i = 0; i < 3; i++) {
      kept[i] = malloc(16);
      check(kept[i] != NULL);
   }
}

HH_NOIPA void main_after(void)
{
   free(from_t2);
   from_t2 = NULL;
   free(kept[0]);
   kept[0] = NULL;
}

int main(void)
{
   pthread_t t;

   main_before();
   if (pthread_create(&t, NULL, t2_main, NULL) != 0) {
      printf("heap_threads: pthread_create failed\n");
      return 1;
   }
   HOTGRIND_ZONE_BEGIN("join");
   if (pthread_join(t, NULL) != 0) {
      printf("heap_threads: pthread_join failed\n");
      return 1;
   }
   HOTGRIND_ZONE_END();
   main_after();
   if (failures) {
      printf("heap_threads: %lu checks failed\n", failures);
      return 1;
   }
   printf("heap_threads ok\n");
   return 0;
}
