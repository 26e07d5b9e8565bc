#!/bin/sh
# hotgrind regression tests: writes odd_names.s for names.sh (x86-64).
# GPL-2.0-or-later
#
# Two functions whose symbol names hold bytes XML must not carry as they
# are: markup characters, which the report escapes, and a surrogate
# (ED A0 80), a control character (01) and U+FFFE (EF BF BE), which it
# writes as one '?' per byte.  The assembler takes such names only as raw
# bytes, which this script makes with printf rather than keeping them in a
# source file.  Each function is 2 instructions: self Ir = 2 per call.
# C calls them through ht_odd_names[], since it cannot spell their names.
set -eu
odd='"odd<&\"'"'"'>name"'
sur=$(printf '"sur\355\240\200rogate\001\357\277\276end"')
# asm_function NAME DISP SCALE: a global function NAME of 2 instructions,
# leal DISP(%rdi,%rdi,SCALE), %eax and ret.
asm_function() {
   cat <<EOS
        .globl  $1
        .type   $1, @function
$1:
        leal    $2(%rdi,%rdi,$3), %eax
        ret
        .size   $1, .-$1

EOS
}
echo '        .text'
asm_function "$odd" 1 2
asm_function "$sur" 2 4
cat <<EOS
        .section .data.rel.ro,"aw"
        .balign 8
        .globl  ht_odd_names
ht_odd_names:
        .quad   $odd
        .quad   $sur
        .section .note.GNU-stack,"",@progbits
EOS
