/* hotgrind regression tests: hand-counted functions for marks, zones
   and the collected region, x86-64.  GPL-2.0-or-later */

/* Like asm_amd64.S (whose ht_loop_n and ht_leaf3 these call), every
   function here executes a number of instructions that follows from the
   code alone; the formulas are derived above each function and restated
   in mark_lib.sh.  System V AMD64 ABI.

   Valgrind's client request is the "special instruction" of valgrind.h:
   four rolq of %rdi (3 + 13 + 61 + 51 = 128 bits: no effect natively)
   then xchgq %rbx,%rbx, with %rax pointing at the request's six words
   (code, then five arguments) and %rdx holding the default result, which
   the request replaces.  VEX decodes the 19 bytes as ONE guest
   instruction (guest_amd64_toIR.c, "Spot the 16-byte preamble": delta
   += 19, then the superblock ends with Ijk_ClientReq), so Cachegrind and
   hotgrind count it as 1 Ir, and the request is served after that
   instruction has executed. */

        .text

#define HT_CLIENT_REQUEST                                       \
        rolq    $3,  %rdi ;                                     \
        rolq    $13, %rdi ;                                     \
        rolq    $61, %rdi ;                                     \
        rolq    $51, %rdi ;                                     \
        xchgq   %rbx, %rbx

/* void mk_request_pair(const unsigned long first[6],
                        const unsigned long second[6], unsigned n), n >= 1

   Makes the client request FIRST, calls ht_loop_n(n), makes the request
   SECOND.  With FIRST = zone begin and SECOND = zone end it is a zone
   around one call of ht_loop_n; with START_INSTRUMENTATION and
   STOP_INSTRUMENTATION it is the only collected region of a run.

   What a zone (or the collected region) covers starts after FIRST's
   request instruction -- the request is served when that instruction
   has executed -- and ends with SECOND's request instruction, which
   executes while the zone is open and is counted in it:

        mov  %r12d,%edi         A                           1
        call ht_loop_n          B                           1
          ht_loop_n(n)          (asm_amd64.S)               2n + 2
        mov  %rbx,%rax          C                           1
        xor  %edx,%edx          D                           1
        <client request>        E (SECOND)                  1

   inside = 2n + 7 Ir, of which mk_request_pair's own (self) are the 5
   of A..E, and ht_loop_n's the other 2n + 2.

   The whole function, for the self Ir it has in a run where everything
   is collected: 3 pushes, 2 movs, mov, xor, request (8), then the 5
   above, then 3 pops and ret (4): self Ir = 17 per call. */
        .globl  mk_request_pair
        .type   mk_request_pair, @function
mk_request_pair:
        push    %rbx                    /* HT_LINE mk_request_pair */
        push    %r12
        push    %rbp                    /* %rsp is 16-byte aligned again */
        mov     %rsi, %rbx
        mov     %edx, %r12d
        mov     %rdi, %rax              /* FIRST */
        xor     %edx, %edx
        HT_CLIENT_REQUEST
        mov     %r12d, %edi             /* A */
        call    ht_loop_n               /* B */
        mov     %rbx, %rax              /* C: SECOND */
        xor     %edx, %edx              /* D */
        HT_CLIENT_REQUEST               /* E */
        pop     %rbp
        pop     %r12
        pop     %rbx
        ret
        .size   mk_request_pair, .-mk_request_pair

/* unsigned mk_tail_leaf3(unsigned a, unsigned b): returns a + b by a
   tail jump to ht_leaf3 (3 instructions, asm_amd64.S).

        jmp  ht_leaf3                                       1
          ht_leaf3: mov, add, ret                           3

   self Ir = 1 per call; each call enters ht_leaf3 once, by the jump to
   its first instruction, and ht_leaf3's ret leaves both: inclusive Ir of
   mk_tail_leaf3 = 4 per call, every call's own inclusive Ir is 4. */
        .globl  mk_tail_leaf3
        .type   mk_tail_leaf3, @function
mk_tail_leaf3:
        jmp     ht_leaf3                /* HT_LINE mk_tail_leaf3 */
        .size   mk_tail_leaf3, .-mk_tail_leaf3

/* unsigned mk_enter_middle(void): returns 7 by jumping past the first
   instruction of mk_skipped_entry into its body.

        jmp  1f                 (in mk_enter_middle)        1
   1:   mov  $7,%eax            (in mk_skipped_entry)       1
        ret                     (in mk_skipped_entry)       1

   mk_enter_middle: self Ir 1 per call, inclusive 3 per call.
   mk_skipped_entry runs (self Ir 2 per call of mk_enter_middle) but
   execution never reaches its first instruction (the nop): it is never
   entered, so a mark on it gives calls = 0. */
        .globl  mk_enter_middle
        .type   mk_enter_middle, @function
mk_enter_middle:
        jmp     .Lmk_skipped_body       /* HT_LINE mk_enter_middle */
        .size   mk_enter_middle, .-mk_enter_middle

        .globl  mk_skipped_entry
        .type   mk_skipped_entry, @function
mk_skipped_entry:
        nop                             /* HT_LINE mk_skipped_entry */
.Lmk_skipped_body:
        mov     $7, %eax
        ret
        .size   mk_skipped_entry, .-mk_skipped_entry

/* void mk_rec(unsigned n): calls itself n deep.

        test %edi,%edi                                      1
        jz   1f                                             1
        dec  %edi                       (n > 0 only)        1
        call mk_rec                     (n > 0 only)        1
   1:   ret                                                 1

   A call with n = 0 costs 3.  A call with n > 0 costs 5 plus its callee:
   I(n) = 5 + I(n-1), so I(n) = 5n + 3, and that is also its self Ir,
   all of it executed by mk_rec.  One call from outside with argument n
   makes n + 1 entries, whose own inclusive Ir are 5k + 3 for
   k = 0 .. n; the function's inclusive Ir, counted once under recursion
   (the outermost activation owns it), is 5n + 3.

   The function has no stack frame, and the return address of the inner
   calls is the ret at 1:, so when an inner activation returns,
   execution reaches its caller's return address too (1:) with the stack
   pointer back at the caller's entry value: on x86-64 that caller has
   not returned (its return address is still on the stack, at SP; its
   own ret pops it and leaves SP 8 above its entry value).  Its ret is
   the last instruction of its activation and is part of its own
   inclusive Ir: 5k + 3 includes it. */
        .globl  mk_rec
        .type   mk_rec, @function
mk_rec:
        test    %edi, %edi              /* HT_LINE mk_rec */
        jz      1f
        dec     %edi
        call    mk_rec
1:      ret
        .size   mk_rec, .-mk_rec

/* void mk_rec_framed(unsigned n): the same recursion with a stack frame
   (a saved register), as compiled code has: after an inner call returns
   the stack pointer is below the caller's entry value until the pop.

        push %rbx                                           1
        test %edi,%edi                                      1
        jz   1f                                             1
        dec  %edi                       (n > 0 only)        1
        call mk_rec_framed              (n > 0 only)        1
   1:   pop  %rbx                                           1
        ret                                                 1

   I(0) = 5, I(n) = 7 + I(n-1): I(n) = 7n + 5, per entry 7k + 5 for
   k = 0 .. n, inclusive (once, outermost) and self Ir 7n + 5. */
        .globl  mk_rec_framed
        .type   mk_rec_framed, @function
mk_rec_framed:
        push    %rbx                    /* HT_LINE mk_rec_framed */
        test    %edi, %edi
        jz      1f
        dec     %edi
        call    mk_rec_framed
1:      pop     %rbx
        ret
        .size   mk_rec_framed, .-mk_rec_framed

        .section .note.GNU-stack,"",@progbits
