/* hotgrind regression tests: hand-counted functions, x86-64.  GPL-2.0-or-later */

/* Each function below is written so that the number of instructions it
   executes (its self Ir) follows from the code alone, whatever compiler
   built the driver.  The formula is derived in the comment above each
   function and the test scripts compute their expectations from the
   same formulas (see hand_lib.sh).  Functions use the System V AMD64
   ABI: first argument in %edi/%rdi, second in %esi, result in %eax.

   The "HT_LINE" comments mark each function's first instruction: the
   tests look the marker up to know which line the report must give. */

        .text

/* void ht_loop_n(unsigned n), n >= 1
   Counts n down to zero.

        mov  %edi,%ecx      executed once                   1
   1:   dec  %ecx           once per iteration              n
        jnz  1b             once per iteration (taken n-1   n
                            times, falls through once)
        ret                 once                            1

   self Ir = 1 + 2n + 1 = 2n + 2

   The loop's exit is a side exit in the middle of a superblock: Valgrind
   3.19's VEX copies a loop that branches back to its own start into one
   superblock several times (dec, jnz, dec, jnz, ...), and the last jnz
   falls through from one of the copies, not necessarily the last one.
   A tool that counted a whole superblock when entering it gets more than
   2n + 2 here for most n (checked with such a broken tool: n = 7 gave 20,
   n = 1000 gave 2004).  The tests use values of n of several residues
   mod 4 so that more than one copy is the one left. */
        .globl  ht_loop_n
        .type   ht_loop_n, @function
ht_loop_n:
        mov     %edi, %ecx              /* HT_LINE ht_loop_n */
1:      dec     %ecx
        jnz     1b
        ret
        .size   ht_loop_n, .-ht_loop_n

/* unsigned ht_leaf3(unsigned a, unsigned b): returns a + b.
   Three straight-line instructions, so each call costs exactly 3 and
   K calls cost 3K, however the caller loops. */
        .globl  ht_leaf3
        .type   ht_leaf3, @function
ht_leaf3:
        mov     %edi, %eax              /* HT_LINE ht_leaf3 */
        add     %esi, %eax
        ret
        .size   ht_leaf3, .-ht_leaf3

/* unsigned ht_scan(unsigned n, unsigned k), n >= 1
   Walks i = 0, 1, ... n-1 and leaves the loop early, through a
   conditional branch in the middle of the loop body, when i == k.
   Returns where it stopped (k if k < n, else n).

        xor  %eax,%eax      i = 0, once                     1
   1:   cmp  %esi,%eax      i == k ?                        per visit
        je   2f             early exit (the side exit)      per visit
        inc  %eax                                           per full iter
        cmp  %edi,%eax                                      per full iter
        jb   1b                                             per full iter
   2:   ret                                                 1

   k >= n (no early exit): n full iterations of 5
        self Ir = 1 + 5n + 1          = 5n + 2
   k <  n: k full iterations, then cmp and a taken je
        self Ir = 1 + 5k + 2 + 1      = 5k + 4
   The loop is left early by a conditional branch, and the count must
   stop there.  (With Valgrind 3.19 VEX ends a superblock at this forward
   je, so this exit is at the end of one; the mid-superblock side exit is
   the one in ht_loop_n.) */
        .globl  ht_scan
        .type   ht_scan, @function
ht_scan:
        xor     %eax, %eax              /* HT_LINE ht_scan */
1:      cmp     %esi, %eax
        je      2f
        inc     %eax
        cmp     %edi, %eax
        jb      1b
2:      ret
        .size   ht_scan, .-ht_scan

/* void ht::Counter::tick() -- a C++ member function, written here under
   its mangled name _ZN2ht7Counter4tickEv so its cost is known: 'this'
   arrives in %rdi, the counter is the object's first member.

        addq $1,(%rdi)                                      1
        ret                                                 1

   self Ir = 2 per call.  The report must show the demangled name
   "ht::Counter::tick()". */
        .globl  _ZN2ht7Counter4tickEv
        .type   _ZN2ht7Counter4tickEv, @function
_ZN2ht7Counter4tickEv:
        addq    $1, (%rdi)              /* HT_LINE ht::Counter::tick() */
        ret
        .size   _ZN2ht7Counter4tickEv, .-_ZN2ht7Counter4tickEv

        .section .note.GNU-stack,"",@progbits

