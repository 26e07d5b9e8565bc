/* hotgrind regression tests: non-recursive marked functions whose
   inclusive Ir and calls are compared with Callgrind's.
   GPL-2.0-or-later */

/* Built with -O2 -g.  Usage: mark_cg N (N <= 256) -- calls each cg_*
   function a few times; output depends only on N.

   Callgrind counts what a call costs (its inclusive Ir) from the call to
   the return, and on x86-64 its call tracking is right for functions
   that are not recursive: that is the oracle (mark_callgrind.sh).  The
   functions go through a callback from libc (qsort's comparator), calls
   through a function pointer, a tail call (cg_tail jumps to cg_hash), a
   loop that leaves early, libc string functions through the PLT.

   Callgrind 3.19 itself counts fewer instructions than Cachegrind and
   Lackey (which agree) in some of glibc 2.36 and ld.so: in _int_free
   (so in every free), ____strtol_l_internal, the IFUNC resolvers, the
   lazy-binding lookup (check_match), _int_malloc, the stdio internals
   under printf.  cgr_inclusive.py finds such code and does not compare
   a function under which it ran; the functions here are written not to
   reach it: nothing marked allocates or frees memory or prints; the PLT
   slots of the libc functions used (and the IFUNC resolvers behind
   them) are bound by warm_up() before the marked calls (warm_up is not
   marked); qsort's arrays are at most 1024 bytes, which glibc sorts
   without malloc. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mark.h"
#include "xorshift.h"

HT_NOIPA int cg_cmp(const void* a, const void* b)
{
   int x = *(const int*)a, y = *(const int*)b;
   return (x > y) - (x < y);
}

static int numbers[256];

HT_NOIPA unsigned long cg_sort(unsigned n, unsigned seed)
{
   unsigned      i;
   unsigned long s = 0;
   for (i = 0; i < n; i++)
      numbers[i] = (int)(next_rand(&seed) % 10000);
   qsort(numbers, n, sizeof numbers[0], cg_cmp);
   for (i = 0; i < n; i += 7)
      s += (unsigned long)numbers[i] * i;
   return s;
}

HT_NOIPA unsigned long cg_hash(const char* s, size_t len)
{
   unsigned long h = 1469598103934665603ul;
   size_t        i;
   for (i = 0; i < len; i++)
      h = (h ^ (unsigned char)s[i]) * 1099511628211ul;
   return h;
}

HT_NOIPA unsigned long cg_tail(const char* s)
{
   return cg_hash(s, 5);   /* a jmp at -O2 */
}

HT_NOIPA unsigned long cg_strings(unsigned n)
{
   char          a[256], b[256];
   unsigned      i;
   unsigned long h = 0;
   for (i = 0; i < n; i++) {
      memset(a, 'a' + (int)(i % 26), sizeof a - 1);
      a[sizeof a - 1] = '\0';
      a[100 + i % 100] = '\0';
      memcpy(b, a, strlen(a) + 1);
      h += cg_hash(b, strlen(b)) + cg_tail(b) + (unsigned long)memcmp(a, b, 50)
           + (strchr(b, 'q') != NULL);
   }
   return h;
}

typedef unsigned long (*cg_op)(unsigned long);

HT_NOIPA unsigned long cg_square(unsigned long x)
{
   return x * x;
}

HT_NOIPA unsigned long cg_apply(cg_op f, unsigned n)
{
   unsigned long s = 0, i;
   for (i = 0; i < n; i++)
      s += f(i);
   return s;
}

HT_NOIPA size_t cg_find(const int* a, size_t n, int v)
{
   size_t i;
   for (i = 0; i < n; i++)
      if (a[i] >= v)
         break;
   return i;
}

/* Binds the PLT slots and makes the first allocation. */
static void warm_up(void)
{
   char                     a[64], b[64];
   int                      w[4] = { 3, 1, 2, 0 };
   static volatile size_t   sixty = 60;
   memset(a, 'x', sixty);
   a[sixty] = '\0';
   memcpy(b, a, strlen(a) + 1);
   b[3] = 'y';
   if (memcmp(a, b, sixty) >= 0 || strchr(b, 'y') != b + 3)
      abort();
   qsort(w, 4, sizeof w[0], cg_cmp);
}

static cg_op volatile op = cg_square;

int main(int argc, char** argv)
{
   unsigned      n = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 200;
   unsigned long s = 0;
   int           table[100];
   unsigned      i;

   if (n > 256)
      n = 256;
   warm_up();
   for (i = 0; i < 100; i++)
      table[i] = (int)i * 3;
   for (i = 0; i < 3; i++) {
      s += cg_sort(n, 2463534242u + i);
      s += cg_strings(n / 10 + i);
      s += cg_apply(op, n);
      s += cg_find(table, 100, 120 + (int)i * 50);
   }
   printf("%lu\n", s);
   return 0;
}
