/* hotgrind regression tests: picks the hand-counted functions for marks
   and zones for the target architecture (see hand_asm.S).
   GPL-2.0-or-later */
#if defined(__x86_64__)
#  include "mark_asm_amd64.S"
#endif
#if defined(__linux__) && defined(__ELF__)
        .section .note.GNU-stack,"",%progbits
#endif
