/* hotgrind regression tests: every C allocation function, for the heap
   totals against DHAT (heap_dhat.sh).  GPL-2.0-or-later */

/* Usage: heap_c ROUNDS
   Runs round() ROUNDS times, then prints one line ("heap_c ROUNDS done").

   One round, in order (the numbers are what the spec's counting rules,
   which are DHAT's, give; heap_dhat.sh checks that two runs whose ROUNDS
   differ by D differ by D times these, under DHAT and under hotgrind):

      call                          allocs  bytes   frees  free-bytes
      malloc(100)                      1     100
      realloc(p, 1000)   grows         1    1000      -       -   (no free:
      realloc(p, 50)     shrinks       1      50      -       -    the block
                                                                  keeps its
                                                                  identity)
      realloc(NULL, 200) = malloc      1     200
      realloc(q, 0)      = free(q)     -       -      1      200
      calloc(10, 12)                   1     120
      malloc(0)          1 byte        1       1
      memalign(64, 300)                1     300
      posix_memalign(&a, 128, 400)     1     400
      posix_memalign(&b, 3, 400)       -       -   (EINVAL: nothing)
      aligned_alloc(256, 512)          1     512
      valloc(700)                      1     700
      reallocarray(NULL, 16, 10)       1     160
      reallocarray(r, 32, 10)          1     320   (r keeps its identity)
      reallocarray(r, SIZE_MAX/2, 4)   -       -   (overflow: NULL, nothing)
      calloc(SIZE_MAX/2, 4)            -       -   (overflow: NULL, nothing)
      malloc(SIZE_MAX - 4095)          -       -   (too big: NULL, nothing)
      calloc(0, 10)      1 byte        1       1
      realloc(NULL, 0)   = malloc(0)   1       1
      malloc(40)                       1      40
      realloc(that, SIZE_MAX - 4095)   -       -   (NULL: nothing, the
                                                  40-byte block stays)
      free(NULL)                       -       -      -       -
      peak(): malloc(100000), free;    3  200000      3   200000
              malloc(50000) twice,
              free both
      free the realloc'ed block (50)   -       -      1       50
      free calloc, malloc(0),          -       -      5     1333
        memalign, posix_memalign,                 (120+1+300+400+512)
        aligned_alloc blocks
      free calloc(0, 10)'s,            -       -      3       42
        realloc(NULL, 0)'s and the
        40-byte block (1 + 1 + 40)
      keep: valloc (700) and the reallocarray block (320)

   A round: allocs 15 single ones + 3 in peak() = 18,
            bytes  100+1000+50+200+120+1+300+400+512+700+160+320
                   +1+1+40+200000 = 203905,
            frees  1+3+1+5+3 = 13,
            free bytes 200+200000+50+1333+42 = 201625,
            and 2 blocks of 700 + 320 = 1020 bytes more live at the end.

   peak(): the 100000-byte block, freed, then two 50000-byte blocks live
   together: the same live bytes as before with one block more.  With
   every earlier round's kept blocks live, the last round's peak() is the
   program's highest live-bytes point (the start-up blocks of libc being
   far smaller), and of the two equal maxima the later one, with two
   blocks, is "the" peak (DHAT's rule, the spec's "latest of equal
   peaks"); DHAT says which peak-blocks that is.

   The results are stored in volatile globals so that the compiler can
   neither drop a malloc/free pair nor merge calls. */

#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#if defined(__GNUC__) && !defined(__clang__)
#  define HH_NOIPA __attribute__((noipa))
#else
#  define HH_NOIPA __attribute__((noinline))
#endif

/* Sizes the compiler cannot see (no -Walloc-size-larger-than, no
   folding of the overflow checks). */
static volatile size_t huge_half = SIZE_MAX / 2;
static volatile size_t huge_near = SIZE_MAX - 4095;
static void* volatile keep[2];
static unsigned long  failures;

HH_NOIPA static void check(int ok)
{
   if (!ok)
      failures++;
}

HH_NOIPA static void touch(void* p, size_t n)
{
   size_t i;
   for (i = 0; i < n; i += 64)
      ((volatile char*)p)[i] = (char)i;
}

HH_NOIPA static void* launder(void* p)
{
   return p;
}

HH_NOIPA static void peak(void)
{
   void* big = malloc(100000);
   void *h1, *h2;
   check(big != NULL);
   touch(big, 100000);
   free(big);
   h1 = malloc(50000);
   h2 = malloc(50000);
   check(h1 != NULL && h2 != NULL);
   touch(h1, 50000);
   touch(h2, 50000);
   free(h1);
   free(h2);
}

HH_NOIPA static void round_(void)
{
   void *p, *q, *c, *z, *m, *pa = NULL, *pb = NULL, *aa, *v, *r, *r2;
   void *c0, *r0, *f;

   p = malloc(100);
   check(p != NULL);
   touch(p, 100);
   p = realloc(p, 1000);             /* grows */
   check(p != NULL);
   touch(p, 1000);
   p = realloc(p, 50);               /* shrinks */
   check(p != NULL);
   /* NULL through launder(): gcc would make realloc(NULL, n) a malloc
      call and drop free(NULL) */
   q = realloc(launder(NULL), 200);  /* malloc(200) */
   check(q != NULL);
   touch(q, 200);
   check(realloc(q, 0) == NULL);     /* free(q) (glibc and Valgrind) */
   c = calloc(10, 12);
   check(c != NULL && ((char*)c)[119] == 0);
   z = malloc(0);
   check(z != NULL);
   m = memalign(64, 300);
   check(m != NULL && ((uintptr_t)m & 63) == 0);
   check(posix_memalign(&pa, 128, 400) == 0 && ((uintptr_t)pa & 127) == 0);
   check(posix_memalign(&pb, 3, 400) == EINVAL);
   aa = aligned_alloc(256, 512);
   check(aa != NULL && ((uintptr_t)aa & 255) == 0);
   v = valloc(700);
   check(v != NULL);
   r = reallocarray(NULL, 16, 10);
   check(r != NULL);
   touch(r, 160);
   r = reallocarray(r, 32, 10);
   check(r != NULL);
   /* n * size overflows: NULL, r untouched (passed through launder()
      only because gcc 12 warns of r's use after any reallocarray) */
   r2 = reallocarray(launder(r), huge_half, 4);
   check(r2 == NULL);
   check(calloc(huge_half, 4) == NULL);  /* n * size overflows */
   check(malloc(huge_near) == NULL);     /* more than PTRDIFF_MAX */
   c0 = calloc(0, 10);
   check(c0 != NULL);
   r0 = realloc(launder(NULL), 0);
   check(r0 != NULL);
   f = malloc(40);
   check(f != NULL);
   check(realloc(f, huge_near) == NULL); /* f stays */
   free(launder(NULL));
   peak();
   free(p);
   free(c);
   free(z);
   free(m);
   free(pa);
   free(aa);
   free(c0);
   free(r0);
   free(f);
   keep[0] = v;
   keep[1] = r;
}

int main(int argc, char** argv)
{
   unsigned long rounds, i;

   if (argc != 2) {
      fprintf(stderr, "usage: %s ROUNDS\n", argv[0]);
      return 2;
   }
   rounds = strtoul(argv[1], NULL, 10);
   for (i = 0; i < rounds; i++)
      round_();
   if (failures) {
      printf("heap_c: %lu checks failed\n", failures);
      return 1;
   }
   printf("heap_c %lu done\n", rounds);
   return 0;
}
