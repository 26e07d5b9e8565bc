#!/bin/sh
# hotgrind regression tests: symbol names with markup characters and with
# bytes XML 1.0 cannot carry (a surrogate, a control character, U+FFFE).
# The report must still validate, the markup must be escaped and read back
# as the original characters, each bad byte must read back as '?', and the
# counts are hand-derived (2 instructions per call, see asm_amd64.S).
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

calls=25
st=0; ../names 0 >/dev/null || st=$?
test "$st" != 77 || skip "no hand-counted asm for $HT_ARCH"

hg names.xml -- ../names "$calls"

# XPath 1.0 has no escapes: the name odd<&"'>name is built with concat().
odd_name="concat('odd<&', '\"', \"'>name\")"
odd_ir=$(xpath names.xml "string(/hotgrind/functions/function[@name=$odd_name]/self/@Ir)")
expect_eq "self Ir of odd<&\"'>name" "$odd_ir" $((2 * calls))
sur_ir=$(xpath names.xml 'string(/hotgrind/functions/function[@name="sur???rogate????end"]/self/@Ir)')
expect_eq "self Ir of the surrogate function" "$sur_ir" $((2 * calls))
grep -q 'name="odd&lt;&amp;&quot;&apos;&gt;name"' names.xml ||
   fail "markup in a name is not escaped as expected"
pass "names with markup and bytes XML cannot carry"
