#!/bin/sh
# hotgrind regression tests: symbol names with markup characters and with
# bytes XML 1.0 cannot carry (a surrogate, a control character, U+FFFE).
# The report must still validate, the markup must be escaped and read back
# as the original characters, each bad byte must read back as \xHH, and the
# counts are hand-derived (2 instructions per call, see asm_amd64.S).
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

# Zone names are keys (one <zone> a name), so the writer's escapes must
# keep distinct names distinct: a\001 and a\002 once both became "a?",
# and "a<TAB>b" and "a b" were equal once an XML reader had normalised
# the attribute, so the tool wrote reports that fail its own schema.
# oddzones makes one zone of each argument; zones.py runs it with names
# that differ only in such bytes, and checks that the report's names,
# decoded by the rules of docs/report-format.md ("Text: encoding and
# escaping"), are exactly the names given, in bytes.  A name of 300
# bytes whose byte 255 falls inside a UTF-8 character is cut before it.
cat >oddzones.c <<'C'
#include "hotgrind.h"
int main(int argc, char** argv)
{
   int i;
   for (i = 1; i < argc; i++) {
      HOTGRIND_ZONE_BEGIN(argv[i]);
      HOTGRIND_ZONE_END();
   }
   return 0;
}
C
vginc=$(sed -n 's/^VG_INCLUDEDIR = //p' "$BUILDDIR/Makefile")
cc -O1 -I"$top_srcdir/hotgrind" -I"${vginc:-/usr/include/valgrind}" -o oddzones oddzones.c ||
   hard_error "cannot build oddzones.c"
cat >zones.py <<'PY'
import os, re, subprocess, sys, xml.etree.ElementTree as ET
vg, mode = sys.argv[1], sys.argv[2]
names = [b"a\x01", b"a\x02", b"a\tb", b"a b", b"a\nb", b"a\rb", b"a\r\nb",
         b"d\\x01", b"d\x01", b"e\\\x01", b"f\\", b"g\\\\", b"h\\y",
         b"bad\xff\xc3(", b"sur\xed\xa0\x80", b"\xef\xbf\xbe", b"caf\xc3\xa9 \xe2\x82\xac",
         b"z" * 254 + "\u00e9".encode() + b"y" * 44]
if mode == "run":
    subprocess.run(["env", "-i", "PATH=/usr/bin:/bin", "LC_ALL=C", vg,
                    "--tool=hotgrind", "--hotgrind-out-file=oddzones.xml",
                    "./oddzones"] + names,
                   stdout=open("oddzones.xml.stdout", "wb"),
                   stderr=open("oddzones.xml.stderr", "wb"), check=True)
    sys.exit(0)
def decode(s):
    out, i = bytearray(), 0
    while i < len(s):
        if s.startswith("\\\\", i):
            out += b"\\"; i += 2
        elif s.startswith("\\x", i) and re.fullmatch("[0-9A-F]{2}", s[i + 2:i + 4]):
            out.append(int(s[i + 2:i + 4], 16)); i += 4
        else:
            out += s[i].encode(); i += 1
    return bytes(out)
# The last name's byte 255 is the first of the two of U+00E9: cut before.
want = names[:-1] + [b"z" * 254]
got = sorted(decode(z.get("name")) for z in
             ET.parse("oddzones.xml").getroot().find("zones"))
if got != sorted(want):
    print("zone names differ:\n got  %r\n want %r" % (got, sorted(want)))
    sys.exit(1)
print("%d zone names read back byte for byte" % len(got))
PY
"$PYTHON3" zones.py "$VG_IN_PLACE" run || fail "oddzones failed under hotgrind: $(tail -3 oddzones.xml.stderr)"
check_report oddzones.xml oddzones.xml.stderr
# ... and the host command, whose validate checks what the schema cannot.
if test -x "$top_builddir/cli/hotgrind"; then
   "$top_builddir/cli/hotgrind" validate oddzones.xml >validate.out 2>&1 ||
      fail "hotgrind validate refuses oddzones.xml: $(cat validate.out)"
fi
"$PYTHON3" zones.py "$VG_IN_PLACE" check >zones.out 2>&1 || fail "$(cat zones.out)"
pass "$(cat zones.out)"
grep -q 'name="a&#9;b"' oddzones.xml || fail "a<TAB>b is not written a&#9;b"
grep -q 'name="a\\x01"' oddzones.xml || fail "a<01> is not written a\\x01"
pass "TAB and control bytes written as &#9; and \\xHH"

calls=25
st=0; ../names 0 >/dev/null || st=$?
test "$st" != 77 || skip "no hand-counted asm for $HT_ARCH"

hg names.xml -- ../names "$calls"

# XPath 1.0 has no escapes: the name odd<&"'>name is built with concat().
odd_name="concat('odd<&', '\"', \"'>name\")"
odd_ir=$(xpath names.xml "string(/hotgrind/functions/function[@name=$odd_name]/self/@Ir)")
expect_eq "self Ir of odd<&\"'>name" "$odd_ir" $((2 * calls))
# ED A0 80 (a surrogate), 01, EF BF BE (U+FFFE): one \xHH a byte.
sur_ir=$(xpath names.xml 'string(/hotgrind/functions/function[@name="sur\xED\xA0\x80rogate\x01\xEF\xBF\xBEend"]/self/@Ir)')
expect_eq "self Ir of the surrogate function" "$sur_ir" $((2 * calls))
grep -q 'name="odd&lt;&amp;&quot;&apos;&gt;name"' names.xml ||
   fail "markup in a name is not escaped as expected"
pass "names with markup and bytes XML cannot carry"
