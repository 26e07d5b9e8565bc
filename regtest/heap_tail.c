/* hotgrind regression tests: allocator calls made by tail jumps
   (heap_tail.sh).  GPL-2.0-or-later

   Built at -O2, where each wrapper below is one tail jump into the
   allocator (x86-64 `jmp`, arm64 `b`; the test checks with objdump), so
   at the allocator's entry the wrapper's frame is gone and the return
   address is in churn.  `heap_tail N` runs churn(N); for i = 1..N:
     zeroed(i)         calloc(i, 8)     1 allocation of 8i bytes
     raw(i)            malloc(i)        1 allocation of i bytes
     grow(q, 2i)       realloc(q, 2i)   1 allocation of 2i bytes (the
                                        block raw made, resized: no free)
     release(p)        free(p)          1 free of zeroed's 8i bytes
     free(q)           (churn itself)   1 free of grow's 2i bytes
   With S = N(N+1)/2, the functions that called the allocators, as the
   call graph has it (the function that jumped is the caller), get:
     zeroed   N allocations, 8S bytes
     raw      N allocations,  S bytes
     grow     N allocations, 2S bytes
     release  N frees, 8S bytes
     churn    N frees, 2S bytes
   N = 199: S = 19900; 8S = 159200, 2S = 39800.  Nothing is live after
   churn.  DHAT's stacks, read from return addresses, have churn under
   calloc, malloc and realloc: 3N blocks of 11S bytes. */
#include <stdio.h>
#include <stdlib.h>

/* noinline and noclone: each wrapper stays one function of its own name,
   called from churn. */
#define WRAPPER __attribute__((noinline, noclone))

WRAPPER void* zeroed(size_t n) { return calloc(n, 8); }
WRAPPER void* raw(size_t n) { return malloc(n); }
WRAPPER void* grow(void* p, size_t n) { return realloc(p, n); }
WRAPPER void release(void* p) { free(p); }

WRAPPER int churn(size_t rounds)
{
   size_t i;
   for (i = 1; i <= rounds; i++) {
      char* p = zeroed(i);
      char* q = raw(i);
      if (p == NULL || q == NULL || p[8 * i - 1] != 0)
         return 1;
      q[i - 1] = 1;
      q = grow(q, 2 * i);
      if (q == NULL || q[i - 1] != 1)
         return 1;
      release(p);
      free(q);
   }
   return 0;
}

int main(int argc, char** argv)
{
   size_t rounds = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 0;
   if (churn(rounds) != 0)
      return 1;
   puts("heap_tail ok");
   return 0;
}
