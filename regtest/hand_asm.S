/* hotgrind regression tests: picks the hand-counted functions for the
   target architecture.  GPL-2.0-or-later */
/* Architectures without a file assemble to an empty object; their
   drivers then exit 77 and the hand-counted tests are skipped.  To add
   one, write asm_<arch>.S with the same functions and formulas. */
#if defined(__x86_64__)
#  include "asm_amd64.S"
#endif
#if defined(__linux__) && defined(__ELF__)
        .section .note.GNU-stack,"",%progbits
#endif
