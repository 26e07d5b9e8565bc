/* hotgrind regression tests: arm64 functions whose branches are counted
   by hand, for --branch-sim=yes (arm64_branch.sh).  GPL-2.0-or-later

   Usage: arm64_branches N (N >= 1).  Each function below runs its loop
   N times; the counts of conditional branches (Bc) and indirect ones
   (Bi) executed in it are:

     a64_cbz_count(n)     cbz at the loop's top, n times not taken and
                          once taken:                  Bc = n + 1, Bi = 0
     a64_tbz_bcond(n)     one tbz and one b.ne a round: Bc = 2n,   Bi = 0
     a64_indirect(n, f)   one blr to f, one br through a table and one
                          b.ne a round:                Bc = n,    Bi = 2n
     a64_leaf             no branch but its ret (returns are not
                          counted):                    Bc = 0,    Bi = 0

   The br's target is loaded from memory, and the blr's comes in as an
   argument, so that neither becomes a constant in VEX's IR: a jump to a
   known address is not an indirect branch to either tool.  main is
   compiled C, not counted by hand. */

#include <stdio.h>
#include <stdlib.h>

unsigned long a64_cbz_count(unsigned long n);
unsigned long a64_tbz_bcond(unsigned long n);
unsigned long a64_indirect(unsigned long n, unsigned long (*f)(unsigned long));
unsigned long a64_leaf(unsigned long x);

#if defined(__aarch64__)
__asm__(
   "        .text\n"
   "        .globl  a64_cbz_count\n"
   "        .type   a64_cbz_count, %function\n"
   "a64_cbz_count:\n"
   "1:      cbz     x0, 2f\n"
   "        sub     x0, x0, #1\n"
   "        b       1b\n"
   "2:      ret\n"
   "        .size   a64_cbz_count, .-a64_cbz_count\n"

   /* Returns how many of n, n-1, ..., 1 are odd. */
   "        .globl  a64_tbz_bcond\n"
   "        .type   a64_tbz_bcond, %function\n"
   "a64_tbz_bcond:\n"
   "        mov     x2, #0\n"
   "1:      tbz     x0, #0, 2f\n"
   "        add     x2, x2, #1\n"
   "2:      subs    x0, x0, #1\n"
   "        b.ne    1b\n"
   "        mov     x0, x2\n"
   "        ret\n"
   "        .size   a64_tbz_bcond, .-a64_tbz_bcond\n"

   /* Returns f applied n times to 0. */
   "        .globl  a64_indirect\n"
   "        .type   a64_indirect, %function\n"
   "a64_indirect:\n"
   "        stp     x29, x30, [sp, #-48]!\n"
   "        mov     x29, sp\n"
   "        stp     x19, x20, [sp, #16]\n"
   "        str     x21, [sp, #32]\n"
   "        mov     x19, x0\n"
   "        mov     x20, x1\n"
   "        mov     x21, #0\n"
   "1:      mov     x0, x21\n"
   "        blr     x20\n"
   "        mov     x21, x0\n"
   "        adrp    x3, a64_next_round\n"
   "        ldr     x3, [x3, :lo12:a64_next_round]\n"
   "        br      x3\n"
   "a64_round_end:\n"
   "        subs    x19, x19, #1\n"
   "        b.ne    1b\n"
   "        mov     x0, x21\n"
   "        ldr     x21, [sp, #32]\n"
   "        ldp     x19, x20, [sp, #16]\n"
   "        ldp     x29, x30, [sp], #48\n"
   "        ret\n"
   "        .size   a64_indirect, .-a64_indirect\n"

   "        .globl  a64_leaf\n"
   "        .type   a64_leaf, %function\n"
   "a64_leaf:\n"
   "        add     x0, x0, #3\n"
   "        ret\n"
   "        .size   a64_leaf, .-a64_leaf\n"

   "        .section .data.rel.ro, \"aw\"\n"
   "        .balign 8\n"
   "a64_next_round:\n"
   "        .quad   a64_round_end\n"
   "        .text\n");

int main(int argc, char** argv)
{
   unsigned long n = argc == 2 ? strtoul(argv[1], NULL, 10) : 0;
   if (n < 1) {
      fprintf(stderr, "usage: %s N (N >= 1)\n", argv[0]);
      return 2;
   }
   printf("%lu %lu %lu\n", a64_cbz_count(n), a64_tbz_bcond(n),
          a64_indirect(n, a64_leaf));
   return 0;
}
#else
int main(void)
{
   fputs("arm64_branches: built for aarch64 only\n", stderr);
   return 77;
}
#endif
