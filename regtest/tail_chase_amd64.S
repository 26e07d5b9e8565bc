/* hotgrind regression tests: tail jumps that VEX chases into the same
   superblock, x86-64 (tail_chase.sh).  GPL-2.0-or-later

   Each shape k is a function tc_mK that calls tc_fK (through a register,
   so that a superblock starts at tc_fK: VEX chases at most two jumps a
   block, and the tail jump must be one); tc_fK undoes its
   own use of the stack (pops, or add $n,%rsp, or nothing) and tail-jumps
   to tc_gK, which starts by moving SP (sub, push, lea, a frame, or not
   at all), undoes it and tail-jumps to the leaf tc_h (directly, or
   through a pointer), which counts its calls in tc_hits.  Between the
   writes of SP there is no memory access: VEX's first optimisation pass
   then drops the PUT of SP before tc_gK's first instruction (issue 34),
   which the entry helper must not see.  Every call of tc_mK gives the
   edges tc_mK -> tc_fK -> tc_gK -> tc_h once each, and tc_gK's activation
   holds tc_h's.

   tc_even and tc_odd tail-jump to each other with the same stack moves
   (mutual tail recursion): tc_even(n) makes ceil(n/2) jumps to tc_odd and
   tc_odd floor(n/2) to tc_even. */

        .text

        .globl  tc_h
        .type   tc_h, @function
tc_h:   incq    tc_hits(%rip)
        ret
        .size   tc_h, .-tc_h

/* The three functions of shape k, each its own macro so that FORWARD
   and BACKWARD lay out the same code in different orders. */
.macro  TC_M k
        .globl  tc_m\k
        .type   tc_m\k, @function
tc_m\k: lea     tc_f\k(%rip), %r11
        call    *%r11
        ret
        .size   tc_m\k, .-tc_m\k
.endm

.macro  TC_F k, fpro, fepi
        .type   tc_f\k, @function
tc_f\k: \fpro
        mov     %rdi, %rax
        \fepi
        jmp     tc_g\k
        .size   tc_f\k, .-tc_f\k
.endm

.macro  TC_G k, gpro, gepi, gtail
        .type   tc_g\k, @function
tc_g\k: \gpro
        add     $1, %rax
        \gepi
        \gtail
        .size   tc_g\k, .-tc_g\k
.endm

/* F then G, G after F (a forward jump). */
.macro  FORWARD k, fpro, fepi, gpro, gepi, gtail
        TC_M    \k
        TC_F    \k, "\fpro", "\fepi"
        TC_G    \k, "\gpro", "\gepi", "\gtail"
.endm

/* G before F (a backward jump), FILL bytes of int3 between. */
.macro  BACKWARD k, fpro, fepi, gpro, gepi, gtail, fill
        TC_G    \k, "\gpro", "\gepi", "\gtail"
        .if     \fill
        .skip   \fill, 0xcc
        .endif
        TC_M    \k
        TC_F    \k, "\fpro", "\fepi"
.endm

/* After pops, into each kind of start. */
FORWARD 1, "push %rbx; push %rbp", "pop %rbp; pop %rbx", "sub $8,%rsp", "add $8,%rsp", "jmp tc_h"
FORWARD 2, "push %rbx; push %rbp", "pop %rbp; pop %rbx", "push %rbx", "pop %rbx", "jmp tc_h"
FORWARD 3, "push %rbx; push %rbp", "pop %rbp; pop %rbx", "lea -8(%rsp),%rsp", "lea 8(%rsp),%rsp", "jmp tc_h"
FORWARD 4, "push %rbx; push %rbp", "pop %rbp; pop %rbx", "", "", "jmp tc_h"
FORWARD 5, "push %rbx; push %rbp", "pop %rbp; pop %rbx", "push %rbp; mov %rsp,%rbp; sub $16,%rsp", "leave", "jmp tc_h"
/* After add $n,%rsp. */
FORWARD 6, "sub $24,%rsp", "add $24,%rsp", "sub $8,%rsp", "add $8,%rsp", "jmp tc_h"
FORWARD 7, "sub $24,%rsp", "add $24,%rsp", "push %rbx", "pop %rbx", "jmp tc_h"
FORWARD 8, "sub $24,%rsp", "add $24,%rsp", "sub $16,%rsp; push %rbx", "pop %rbx; add $16,%rsp", "jmp tc_h"
/* F that does not touch the stack. */
FORWARD 9, "", "", "sub $8,%rsp", "add $8,%rsp", "jmp tc_h"
/* Indirect tail jumps out of G (VEX does not chase those). */
FORWARD 10, "push %rbx; push %rbp", "pop %rbp; pop %rbx", "sub $8,%rsp", "add $8,%rsp", "jmp *tc_hptr(%rip)"
FORWARD 11, "sub $24,%rsp", "add $24,%rsp", "sub $16,%rsp", "add $16,%rsp", "jmp *tc_hptr(%rip)"
/* Backward, adjacent and 64 KB away. */
BACKWARD 12, "push %rbx; push %rbp", "pop %rbp; pop %rbx", "sub $8,%rsp", "add $8,%rsp", "jmp tc_h", 0
BACKWARD 13, "sub $24,%rsp", "add $24,%rsp", "lea -24(%rsp),%rsp", "lea 24(%rsp),%rsp", "jmp *tc_hptr(%rip)", 0
BACKWARD 14, "push %rbx; push %rbp", "pop %rbp; pop %rbx", "push %rbp; mov %rsp,%rbp; sub $32,%rsp", "leave", "jmp tc_h", 65536
/* Forward and 64 KB away. */
        .skip   65536, 0xcc
FORWARD 15, "push %r12; push %r13; push %r14", "pop %r14; pop %r13; pop %r12", "sub $8,%rsp", "add $8,%rsp", "jmp tc_h"

/* unsigned long tc_even(unsigned long n) / tc_odd: 0 when n is 0, else
   the other with n - 1; each moves SP first and last. */
.macro  TC_PARITY name, other
        .type   \name, @function
\name:
        sub     $8, %rsp
        mov     %rdi, %rax
        add     $8, %rsp
        test    %rax, %rax
        jz      1f
        lea     -1(%rdi), %rdi
        push    %rbx
        pop     %rbx
        jmp     \other
1:      ret
        .size   \name, .-\name
.endm
        .globl  tc_even
TC_PARITY tc_even, tc_odd
TC_PARITY tc_odd, tc_even

        .data
        .globl  tc_hits
        .align  8
tc_hits:
        .quad   0
tc_hptr:
        .quad   tc_h

        .section .note.GNU-stack,"",@progbits
