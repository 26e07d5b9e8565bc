// hotgrind regression test (arm64_det.sh): arm64's virtual counter
// CNTVCT_EL0 under --det-sched=yes --virtual-time=yes ticks once per
// guest instruction.  GPL-2.0-or-later
//
// Reads CNTVCT_EL0, runs a loop of LOOPS iterations, reads it again and
// prints the difference.  Each read sees the instructions completed
// before it plus itself, so the difference counts, by hand from the code
// below, the instructions after the first mrs up to and including the
// second:
//     mov w20, #LOOPS                     1
//     subs, b.ne: 2 per iteration         2 * LOOPS
//     the second mrs                      1
//   = 2 * LOOPS + 2 = 2002 for LOOPS = 1000.

#define LOOPS 1000

        .text
        .globl  main
        .type   main, %function
main:
        stp     x29, x30, [sp, #-32]!
        mov     x29, sp
        stp     x19, x20, [sp, #16]

        mrs     x19, cntvct_el0
        mov     w20, #LOOPS
1:      subs    w20, w20, #1
        b.ne    1b
        mrs     x1, cntvct_el0
        sub     x1, x1, x19

        adrp    x0, format
        add     x0, x0, :lo12:format
        bl      printf

        mov     w0, #0
        ldp     x19, x20, [sp, #16]
        ldp     x29, x30, [sp], #32
        ret
        .size   main, .-main

        .section .rodata
format: .string "cntvct %lu\n"
        .section .note.GNU-stack,"",%progbits
