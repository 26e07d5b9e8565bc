/* hotgrind regression tests: faults that never return to their block.
   GPL-2.0-or-later

   poke() reads through a null pointer on some calls; the SIGSEGV handler
   siglongjmps out, so the rest of poke()'s superblock never runs.  Counts
   must then still equal Cachegrind's, which means flushing at the same
   places it does (every 16 instructions as well as at exits).  A tool
   that flushed only at exits gave poke() 4060 here against Cachegrind's
   4332. */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>

static sigjmp_buf env;

static void on_segv(int sig)
{
   (void)sig;
   siglongjmp(env, 1);
}

/* A long straight-line loop body, so a superblock holds more than 16
   instructions before the faulting load. */
__attribute__((noinline)) int poke(volatile int* p, int n)
{
   int s = 0;
   for (int i = 0; i < n; i++) {
      s += i * 3; s ^= i; s += i >> 1; s -= i & 7; s += i * i; s ^= s >> 3;
      s += 7; s -= 2; s += i; s ^= 5; s += *p; s += i; s -= 1;
   }
   return s;
}

int main(void)
{
   int ok = 1, total = 0;
   signal(SIGSEGV, on_segv);
   for (int k = 0; k < 50; k++) {
      if (sigsetjmp(env, 1) == 0)
         total += poke(k % 3 ? &ok : (int*)0x10, 5);
   }
   printf("%d\n", total);
   return 0;
}
