/* hotgrind regression tests: a function that falls through into the next
   one, with no jump.  GPL-2.0-or-later

   Usage: fall_through F D -- calls fall_into() F times and fall_target()
   D times from main, and prints the sum of their results.

   fall_into is two instructions that end where fall_target's symbol
   starts: each call of fall_into runs them and then fall_target's three
   instructions, whose ret returns to main.  So, by hand:
     - hotgrind (reaching a function's first instruction is an entry):
       main -> fall_into F calls, main -> fall_target D,
       fall_into -> fall_target F; self Ir fall_into 2 F,
       fall_target 3 (F + D), as Cachegrind charges them;
     - Callgrind starts a function only at a block's start, and fall_into's
       block runs on into fall_target's code: no call fall_into ->
       fall_target, calls into fall_target D, self Ir fall_into 5 F
       (its two and fall_target's three), fall_target 3 D.
   x86-64 only (graph_callgrind.sh runs it there); elsewhere it exits 77. */

#include <stdio.h>
#include <stdlib.h>

#if defined(__x86_64__)
long fall_into(long x);
long fall_target(long x);

/* No alignment between the two: fall_into's code ends at fall_target. */
__asm__(".text\n"
        ".globl fall_into\n"
        ".type fall_into, @function\n"
        "fall_into:\n"
        "   mov %rdi, %rax\n"
        "   add $5, %rdi\n"
        ".size fall_into, .-fall_into\n"
        ".globl fall_target\n"
        ".type fall_target, @function\n"
        "fall_target:\n"
        "   lea (%rdi,%rdi,1), %rax\n"
        "   add $1, %rax\n"
        "   ret\n"
        ".size fall_target, .-fall_target\n");

int main(int argc, char **argv)
{
   if (argc != 3) {
      fprintf(stderr, "usage: fall_through F D\n");
      return 2;
   }
   long f = atol(argv[1]), d = atol(argv[2]), sum = 0;
   for (long i = 0; i < f; i++)
      sum += fall_into(i);
   for (long i = 0; i < d; i++)
      sum += fall_target(i);
   printf("%ld\n", sum);
   return 0;
}
#else
int main(void)
{
   return 77;
}
#endif
