/* hotgrind regression tests: heap figures worked out by hand, per
   function, for a marked function, a zone, and custom allocators
   (heap_hand.sh).  GPL-2.0-or-later */

/* Usage: heap_hand [throw]
   C written as C++ only so that a function can call operator new; every
   function is extern "C", so the report names it plainly.  Built at -O0
   (and noipa): each function below really calls the allocator, with a
   call whose return address is in that function (no inlining, no tail
   jump), so the spec's self attribution ("the function that called the
   outermost allocator") is the function named here.

   Counted per call of each function (allocs, alloc-bytes, frees,
   free-bytes), by the spec's rules:

   f_malloc_calloc   malloc(10), malloc(20), calloc(3, 10), free of the
                     20-byte one:                      3   60   1  20
   f_new             new char[40] (operator new[], which calls malloc:
                     one allocation, for f_new), new long (8), delete of
                     the long (operator delete(p, 8), which calls free:
                     one free, for f_new):             2   48   1   8
   f_realloc         malloc(16); realloc to 64 (grows: one allocation, no
                     free); realloc to 8 (shrinks: the same); realloc(NULL,
                     24) (= malloc(24)); realloc(q, 0) (returns NULL: =
                     free(q), 24 bytes); free(p) (its size is 8 now);
                     free(NULL) (nothing):
                     16 + 64 + 8 + 24 = 112            4  112   2  32
   f_aligned         posix_memalign(64, 100), memalign(32, 50),
                     aligned_alloc(16, 32), valloc(10), all freed;
                     posix_memalign(3, 10) fails (EINVAL, nothing):
                     100 + 50 + 32 + 10 = 192          4  192   4 192
   f_free_other      free of f_malloc_calloc's 10-byte block: 0 0 1 10
   helper_a          malloc(100), malloc(200), free of the first; the
                     200-byte block is kept:           2  300   1 100
   helper_b          calloc(5, 8) (kept), new char[60], delete[] of it:
                                                       2  100   1  60
   parent            malloc(1000), helper_a(), helper_b(), free of its
                     1000 bytes:                       1 1000   1 1000
   rec(n)            malloc(8), rec(n - 1) when n > 0, free of its 8
                     bytes: rec(3) is 4 activations, each 1 8 1 8
   main              in the zone "heapzone": malloc(7), helper_a(),
                     free of the 7 bytes (main's own: 1 7 1 7)

   main calls f_malloc_calloc, f_new, f_realloc, f_aligned, f_free_other
   once, parent twice, rec(3) twice, the zone once, then use_pool and
   use_wrapped once.
   So the self figures of the whole run are:
      f_malloc_calloc 3 60 1 20     f_new 2 48 1 8      f_realloc 4 112 2 32
      f_aligned 4 192 4 192         f_free_other 0 0 1 10
      helper_a (3 calls: 2 in parent, 1 in the zone) 6 900 3 300
      helper_b (2 calls) 4 200 2 120                parent 2 2000 2 2000
      rec (2 x 4 activations) 8 64 8 64             main 1 7 1 7
   Inclusive, --mark=parent: 2 calls, each 1+2+2 = 5 allocations of
   1000 + 300 + 100 = 1400 bytes and 3 frees of 1000 + 100 + 60 = 1160
   bytes: 10 2800 6 2320.  --mark=helper_a, a leaf among these: its
   inclusive figures are its self figures, 6 900 3 300.  --mark=rec,
   recursive: what the outermost activations hold, each inner one counted
   once, not again for each activation around it: its self figures,
   8 64 8 64, in 8 calls.
   The zone "heapzone": main's 1 7 1 7 and one helper_a 2 300 1 100:
   3 307 2 107.

   Custom allocators:
   pool_alloc(n)     carves n bytes (rounded up to 16) from a static
                     4096-byte array, NULL when it has no room; no malloc.
   pool_free(p)      does nothing.
   wrapped_alloc(n)  malloc(n + 16), returns the block + 16.
   wrapped_free(p)   free(p - 16).
   use_pool          pool_alloc(100), pool_alloc(50), pool_free of the
                     first, pool_free of it again (no longer a live block:
                     nothing), pool_free(NULL) (nothing),
                     pool_alloc(5000) (NULL: nothing).
   use_wrapped       wrapped_alloc(84), wrapped_alloc(20), wrapped_free of
                     the first.
   With --alloc-fn=pool_alloc --free-fn=pool_free --alloc-fn=wrapped_alloc
   --free-fn=wrapped_free:
      use_pool 2 150 1 100; use_wrapped 2 104 1 84 (the mallocs and the
      free inside wrapped_* are nested: not counted); pool_*, wrapped_*:
      nothing.
   Without those options, pool_* are ordinary functions and the mallocs
   and free inside wrapped_* are what is counted, for wrapped_*:
      wrapped_alloc 2 (84+16)+(20+16) = 136 0 0; wrapped_free 0 0 1 100;
      use_pool and use_wrapped nothing.
   So the options change the run's totals by: allocs +2 (the pool's),
   alloc-bytes +150 - 32 = +118, frees +1, free-bytes +100 - 16 = +84,
   and at the end one block more (the pool's 50) and 16 bytes less for
   the kept wrapped block: exit-blocks +1, exit-bytes +50 - 16 = +34.

   With the argument "wrap", main last calls f_wrap_kept and f_free_kept
   too:
   f_wrap_kept       malloc(24), then reallocarray of that block with
                     2^(bits-1) elements of 2 bytes: the product wraps to
                     0, reallocarray fails (NULL, ENOMEM) and the block
                     stays; it is returned:            1   24   0   0
   f_free_kept       frees that block:                 0    0   1  24

   With the argument "throw", main last calls f_throw too:
   f_throw           new char[SIZE_MAX - 4095], which throws bad_alloc,
                     caught in f_throw: nothing counted.  libstdc++ makes
                     the exception object with malloc inside operator
                     new[] (nested: not counted), and frees it when the
                     handler ends, which counts nothing either (no counted
                     allocation made that block).  operator new[] never
                     returns: the exception ends it.  Then malloc(10) and
                     its free:                         1   10   1  10
   So that run's totals are the plain run's with allocs, alloc-bytes,
   frees and free-bytes 1, 10, 1, 10 more, and the same peak (these 10
   bytes are live when far less is live than at the peak, which holds
   parent's 1000-byte block) and exit figures.  (DHAT cannot run this:
   Valgrind's own operator new ends the program when it cannot allocate,
   as it cannot throw.)

   Prints "heap_hand ok" (or what went wrong). */

#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <new>
#include "hotgrind.h"

#if defined(__GNUC__) && !defined(__clang__)
#  define HH_NOIPA __attribute__((noipa))
#else
#  define HH_NOIPA __attribute__((noinline))
#endif

static void* volatile hold[16];
/* NULL, unknown to gcc, which makes realloc(NULL, n) a malloc call and
   drops free(NULL) even at -O0 */
static void* volatile null_ptr;
static unsigned long  failures;
static volatile size_t huge = SIZE_MAX - 4095;
static volatile size_t half_of_range = SIZE_MAX / 2 + 1;
static char           pool[4096];
static size_t         pool_used;

extern "C" {

HH_NOIPA void check(int ok)
{
   if (!ok)
      failures++;
}

HH_NOIPA void f_malloc_calloc(void)
{
   void* a = malloc(10);
   void* b = malloc(20);
   void* c = calloc(3, 10);
   check(a && b && c);
   free(b);
   hold[0] = a;
   hold[1] = c;
}

HH_NOIPA void f_new(void)
{
   char* s = new char[40];
   long* l = new long(3);
   check(*l == 3);
   delete l;
   hold[2] = s;
}

HH_NOIPA void f_realloc(void)
{
   void *p, *q;
   p = malloc(16);
   check(p != NULL);
   p = realloc(p, 64);
   check(p != NULL);
   p = realloc(p, 8);
   check(p != NULL);
   q = realloc(null_ptr, 24);
   check(q != NULL);
   check(realloc(q, 0) == NULL);
   free(p);
   free(null_ptr);
}

HH_NOIPA void f_aligned(void)
{
   void *p = NULL, *bad = NULL, *m, *a, *v;
   check(posix_memalign(&p, 64, 100) == 0);
   check(posix_memalign(&bad, 3, 10) == EINVAL);
   m = memalign(32, 50);
   a = aligned_alloc(16, 32);
   v = valloc(10);
   check(p && m && a && v);
   free(p);
   free(m);
   free(a);
   free(v);
}

HH_NOIPA void f_free_other(void)
{
   free(hold[0]);
   hold[0] = NULL;
}

HH_NOIPA void helper_a(void)
{
   void* x = malloc(100);
   void* y = malloc(200);
   check(x && y);
   free(x);
   hold[3] = y;
}

HH_NOIPA void helper_b(void)
{
   void* c = calloc(5, 8);
   char* s = new char[60];
   check(c != NULL);
   s[0] = 1;
   delete[] s;
   hold[4] = c;
}

HH_NOIPA void parent(void)
{
   void* p = malloc(1000);
   check(p != NULL);
   helper_a();
   helper_b();
   free(p);
}

HH_NOIPA void rec(unsigned n)
{
   void* p = malloc(8);
   check(p != NULL);
   if (n > 0)
      rec(n - 1);
   free(p);
}

HH_NOIPA void* pool_alloc(size_t n)
{
   void* p;
   if (n > sizeof pool - pool_used)
      return NULL;
   p = pool + pool_used;
   pool_used += (n + 15) & ~(size_t)15;
   return p;
}

HH_NOIPA void pool_free(void* p)
{
   (void)p;
}

HH_NOIPA void* wrapped_alloc(size_t n)
{
   char* p = (char*)malloc(n + 16);
   return p ? p + 16 : NULL;
}

HH_NOIPA void wrapped_free(void* p)
{
   if (p)
      free((char*)p - 16);
}

HH_NOIPA void use_pool(void)
{
   void* a = pool_alloc(100);
   void* b = pool_alloc(50);
   check(a && b);
   pool_free(a);
   pool_free(a);                    /* not live any more */
   pool_free(NULL);
   check(pool_alloc(5000) == NULL); /* no room */
   hold[5] = b;
}

HH_NOIPA void use_wrapped(void)
{
   void* a = wrapped_alloc(84);
   void* b = wrapped_alloc(20);
   check(a && b);
   wrapped_free(a);
   hold[6] = b;
}

HH_NOIPA void* f_wrap_kept(void)
{
   void* p = malloc(24);
   check(p != NULL);
   /* count * size = 2^bits, 0 once wrapped */
   check(reallocarray(p, half_of_range, 2) == NULL && errno == ENOMEM);
   return p;
}

HH_NOIPA void f_free_kept(void* p)
{
   free(p);
}

HH_NOIPA void f_throw(void)
{
   void* q;
   try {
      char* p = new char[huge];
      hold[7] = p;
      check(0);
   } catch (const std::bad_alloc&) {
      hold[7] = NULL;
   }
   q = malloc(10);
   check(q != NULL);
   free(q);
}

} /* extern "C" */

int main(int argc, char** argv)
{
   void* z;

   f_malloc_calloc();
   f_new();
   f_realloc();
   f_aligned();
   f_free_other();
   parent();
   parent();
   rec(3);
   rec(3);
   HOTGRIND_ZONE_BEGIN("heapzone");
   z = malloc(7);
   check(z != NULL);
   helper_a();
   free(z);
   HOTGRIND_ZONE_END();
   use_pool();
   use_wrapped();
   if (argc > 1 && strcmp(argv[1], "throw") == 0)
      f_throw();
   if (argc > 1 && strcmp(argv[1], "wrap") == 0)
      f_free_kept(f_wrap_kept());
   if (failures) {
      printf("heap_hand: %lu checks failed\n", failures);
      return 1;
   }
   printf("heap_hand ok\n");
   return 0;
}
