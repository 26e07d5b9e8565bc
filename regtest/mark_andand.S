/* hotgrind regression tests: a leaf whose loop VEX translates with its
   "&&-idiom" recovery, x86-64 (mark_andand.sh).  GPL-2.0-or-later

   unsigned long ht_andand(unsigned long n, unsigned long budget),
   n >= 1, budget >= 1: counts i = 1, 2, ... and stops when i reaches n
   or when budget, decremented once per i below n, reaches 0.  Returns
   the last i.

   Instructions executed per call (what Callgrind counts):

        push x3, xor, test, jnz .Lloop    entry        6
      .Lloop:
        add, cmp, jae .Ldone              A            3 per i
        sub, je .Ldone                    B            2 per i < n
        test, jnz .Lloop                  C            2 per i not last
      .Ldone:
        pop x3, ret                       exit         4

   budget >= n: the loop leaves at A when i = n, after n - 1 full rounds:
   6 + 7(n - 1) + 3 + 4 = 7n + 6.
   budget < n: it leaves at B when i = budget:
   6 + 7(budget - 1) + 5 + 4 = 7 budget + 8.

   What Cachegrind and hotgrind count with Valgrind's default
   --vex-guest-chase=yes: 2 more when the loop leaves at A, so
   7 min(n, budget) + 8 either way.  VEX's front end (bb_to_IR in
   VEX/priv/guest_generic_bb_to_IR.c) looks at the first 3 instructions
   of both successors of the conditional branch that ends a superblock's
   first block.  A's jae goes to .Ldone (the pops: after 3 instructions,
   an unconditional continuation) or falls through to B, whose je goes to
   .Ldone too: an "A && B" condition split over two blocks.  VEX appends
   B to A's superblock with every statement guarded by "jae not taken"
   and merges the two exits into one, but copies B's instruction marks
   (IMarks) unguarded; a tool that counts IMarks counts sub and je each
   time the superblock passes them, also when jae left the loop and they
   did not run.

   The superblock starts at A because .Lloop is reached only by
   conditional jumps (entry's and C's jnz), which end a block; neither
   of A's targets is the other successor of those jnz (a jmp), so VEX
   merges neither C nor the entry with A.  After
   an unconditional jump or call VEX stops extending a superblock, so a
   jmp .Lloop would put A behind it and A would not be merged with B.

   Callgrind forces --vex-guest-chase=no (callgrind/main.c: one superblock
   per basic block): VEX merges nothing and Callgrind counts what ran, as
   Cachegrind and hotgrind do with --vex-guest-chase=no. */

#if defined(__x86_64__)
        .text
        .globl  ht_andand
        .type   ht_andand, @function
ht_andand:
        push    %rbx                    /* HT_LINE ht_andand */
        push    %rbp
        push    %r12
        xor     %eax, %eax
        test    %rdi, %rdi
        jnz     .Lloop
        jmp     .Ldone                  /* n = 0, never in the tests */
.Lloop:
        add     $1, %rax                /* A */
        cmp     %rdi, %rax
        jae     .Ldone
        sub     $1, %rsi                /* B */
        je      .Ldone
        test    %rax, %rax              /* C: %rax >= 1, always taken */
        jnz     .Lloop
        jmp     .Ldone
.Ldone:
        pop     %r12
        pop     %rbp
        pop     %rbx
        ret
        .size   ht_andand, .-ht_andand
#endif
#if defined(__linux__) && defined(__ELF__)
        .section .note.GNU-stack,"",%progbits
#endif
