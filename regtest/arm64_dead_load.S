// hotgrind regression test (arm64_branch.sh): loads whose register is
// overwritten before it is read, each followed by a `bl` that VEX chases
// into the callee within one superblock.  GPL-2.0-or-later
//
// dead_loads runs its loop 1,000 times: `ldr x9` from `word`, then `bl
// clobber`, whose `mov x9, #0` overwrites x9 before anything reads it.
// VEX's optimiser drops such a load under Cachegrind's register-update
// policy (SP exact at memory accesses), so Cachegrind counts none of the
// 1,000; with every register exact at each instruction it keeps them.
// hotgrind's figures must be Cachegrind's, whose Dr of dead_loads is
// far under 1,000: its `ldp`'s two, and a load VEX keeps where it does
// not chase.
        .text
        .globl  dead_loads
        .type   dead_loads, %function
dead_loads:                     // x0: iterations, x1: an address to load
        stp     x29, x30, [sp, #-16]!
        mov     x29, sp
1:      ldr     x9, [x1]        // dead: clobber overwrites x9
        bl      clobber
        subs    x0, x0, #1
        b.ne    1b
        ldp     x29, x30, [sp], #16
        ret
        .size   dead_loads, .-dead_loads

        .globl  clobber
        .type   clobber, %function
clobber:
        mov     x9, #0
        ret
        .size   clobber, .-clobber

        .globl  main
        .type   main, %function
main:
        stp     x29, x30, [sp, #-16]!
        mov     x29, sp
        mov     x0, #1000
        adrp    x1, word
        add     x1, x1, :lo12:word
        bl      dead_loads
        mov     w0, #0
        ldp     x29, x30, [sp], #16
        ret
        .size   main, .-main

        .data
        .balign 8
word:   .quad   0

        .section .note.GNU-stack,"",%progbits
