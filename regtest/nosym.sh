#!/bin/sh
# hotgrind regression tests: code without symbols.  A library of our own
# (nosym_lib.c), stripped as Debian strips its libraries, keeps only its
# exported function's name; its static function's code is '???'.  With
# the debug file objcopy split off, found through the .gnu_debuglink
# name under --extra-debuginfo-path (docs/manual.md, "Code without
# symbols"), the function has its name, file and line, and no count
# changes.  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

for _tool in objcopy strip nm; do
   command -v "$_tool" >/dev/null 2>&1 || skip "$_tool (binutils) is needed"
done

# lib/libnosym.so: stripped, with a .gnu_debuglink to libnosym.so.debug,
# which sits where --extra-debuginfo-path=$WORK/extra looks:
# extra/<the library's directory>/<the debuglink name>.
mkdir lib
cp ../libnosym.so lib/libnosym.so
objcopy --only-keep-debug lib/libnosym.so libnosym.so.debug
strip --strip-debug --strip-unneeded lib/libnosym.so
objcopy --add-gnu-debuglink=libnosym.so.debug lib/libnosym.so
mkdir -p "extra$WORK/lib"
mv libnosym.so.debug "extra$WORK/lib/"

# The oracle for the names: nm.  nosym_inner is a local symbol of the
# library as built, and no symbol at all once stripped.
nm ../libnosym.so | grep -q ' t nosym_inner$' ||
   hard_error "libnosym.so as built has no local symbol nosym_inner"
nm lib/libnosym.so 2>/dev/null | grep -q nosym_inner &&
   hard_error "the stripped libnosym.so still names nosym_inner"
nm -D lib/libnosym.so | grep -q ' T nosym_outer$' ||
   hard_error "the stripped libnosym.so does not export nosym_outer"

# fn_count REPORT NAME OBJECT: how many functions NAME in OBJECT.
fn_count() {
   xpath "$1" "count(/hotgrind/functions/function[@name=\"$2\"][@object=\"$3\"])"
}

CLIENT_ENV="LD_LIBRARY_PATH=$WORK/lib"
hg bare.xml --mark=nosym_outer -- ../nosym 100000
cachegrind_agrees bare ../nosym 100000
expect_eq "bare: nosym_inner functions" "$(fn_count bare.xml nosym_inner libnosym.so)" 0
expect_eq "bare: ??? in libnosym.so" "$(fn_count bare.xml '???' libnosym.so)" 1
expect_eq "bare: nosym_outer file" "$(fn_attr_or_empty bare.xml nosym_outer @file)" ""

hg named.xml --extra-debuginfo-path="$WORK/extra" --mark=nosym_outer -- ../nosym 100000
cg named.cg --extra-debuginfo-path="$WORK/extra" ../nosym 100000
oracle named.xml named.cg
expect_eq "named: nosym_inner file" "$(fn_attr named.xml nosym_inner @file)" nosym_lib.c
expect_eq "named: nosym_outer file" "$(fn_attr named.xml nosym_outer @file)" nosym_lib.c

# The library as built, from raw/ (a name as long as lib/, so the
# environment is as long): what the debug file names is what it names,
# and the little that stays '???' (the compiler's start-up and exit code
# around the library) is '???' there too.
mkdir raw
cp ../libnosym.so raw/libnosym.so
CLIENT_ENV="LD_LIBRARY_PATH=$WORK/raw"
hg raw.xml --mark=nosym_outer -- ../nosym 100000
CLIENT_ENV="LD_LIBRARY_PATH=$WORK/lib"
for _f in nosym_inner nosym_outer '???'; do
   expect_eq "named: $_f self Ir as with the library as built" \
      "$(xpath named.xml "string(//function[@name=\"$_f\"][@object=\"libnosym.so\"]/self/@Ir)")" \
      "$(xpath raw.xml "string(//function[@name=\"$_f\"][@object=\"libnosym.so\"]/self/@Ir)")"
done
expect_eq "bare: ??? in libnosym.so, named in the other run" \
   "$(xpath bare.xml 'string(//function[@name="???"][@object="libnosym.so"]/self/@Ir)')" \
   $(($(fn_self_ir named.xml nosym_inner) + \
      $(xpath named.xml 'string(//function[@name="???"][@object="libnosym.so"]/self/@Ir)')))

# Names change no count: the same total and the same inclusive Ir of the
# exported function, which both runs name.
expect_eq "total Ir with the debug file" "$(total_ir named.xml)" "$(total_ir bare.xml)"
expect_eq "total Ir with the library as built" "$(total_ir raw.xml)" "$(total_ir bare.xml)"
expect_eq "nosym_outer inclusive Ir with the debug file" \
   "$(fn_incl_ir named.xml nosym_outer)" "$(fn_incl_ir bare.xml nosym_outer)"

hg named2.xml --extra-debuginfo-path="$WORK/extra" --mark=nosym_outer -- ../nosym 100000
cmp named.xml named2.xml || fail "two runs gave different reports"
pass "a second run gave a byte-identical report"
