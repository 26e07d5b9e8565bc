# hotgrind regression test (virtual_time.sh): the time stamp counter
# under --det-sched=yes --virtual-time=yes ticks once per guest
# instruction.  GPL-2.0-or-later
#
# Reads rdtsc, runs a loop of LOOPS iterations, reads rdtsc again and
# prints the difference.  Each read sees the instructions completed
# before it plus itself, so the difference counts, by hand from the
# code below, the instructions after the first rdtsc up to and
# including the second:
#     shl, or, mov (combine and keep the first read)     3
#     mov $LOOPS, %ecx                                   1
#     dec, jnz: 2 per iteration                          2 * LOOPS
#     the second rdtsc                                   1
#   = 2 * LOOPS + 5 = 2005 for LOOPS = 1000.
# Then the same with rdtscp, whose TSC_AUX (ecx) must read 0:
#     shl, or, mov                                       3
#     mov $LOOPS, %esi                                   1
#     dec, jnz                                           2 * LOOPS
#     the second rdtscp                                  1
#   = 2005 again.

#define LOOPS 1000

        .text
        .globl  main
        .type   main, @function
main:
        push    %rbx
        push    %r12

        rdtsc
        shl     $32, %rdx
        or      %rdx, %rax
        mov     %rax, %rbx
        mov     $LOOPS, %ecx
1:      dec     %ecx
        jnz     1b
        rdtsc
        shl     $32, %rdx
        or      %rdx, %rax
        sub     %rbx, %rax
        mov     %rax, %r12              # the rdtsc difference

        rdtscp
        shl     $32, %rdx
        or      %rdx, %rax
        mov     %rax, %rbx
        mov     $LOOPS, %esi
2:      dec     %esi
        jnz     2b
        rdtscp
        shl     $32, %rdx
        or      %rdx, %rax
        sub     %rbx, %rax

        lea     format(%rip), %rdi
        mov     %r12, %rsi
        mov     %rax, %rdx
        # %ecx: the second rdtscp's TSC_AUX
        xor     %eax, %eax
        call    printf@PLT

        xor     %eax, %eax
        pop     %r12
        pop     %rbx
        ret
        .size   main, .-main

        .section .rodata
format: .string "rdtsc %lu rdtscp %lu aux %u\n"
        .section .note.GNU-stack,"",@progbits
