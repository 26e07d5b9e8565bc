/* hotgrind regression tests: picks tail_chase's shapes for the target
   architecture (tail_chase.sh).  GPL-2.0-or-later */
/* Elsewhere the object is empty; tail_chase.c then exits 77 and the test
   skips. */
#if defined(__x86_64__)
#  include "tail_chase_amd64.S"
#endif
#if defined(__linux__) && defined(__ELF__)
        .section .note.GNU-stack,"",%progbits
#endif
