#!/bin/sh
# hotgrind regression tests: marked functions in shared objects, called
# through the PLT with lazy binding: libhtlib.so (ours) and libc.so.6
# (mark_plt.c derives the counts).  Marks with OBJ:PATTERN.
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

if test "$HT_ARCH" = amd64; then
   need_objdump
   disasm ../mark_plt main >main.dis
   for f in htlib_add htlib_twice; do
      grep -E -q "\scall\s.*<$f@plt>" main.dis ||
         { cat main.dis >&2; skip "mark_plt's main does not call $f through the PLT"; }
   done
   disasm ../libhtlib.so htlib_twice >twice.dis
   test "$(grep -E -c '\scall\s.*<htlib_add@plt>' twice.dis)" = 2 ||
      { cat twice.dis >&2; skip "htlib_twice does not call htlib_add through the PLT twice"; }
   pass "calls go through the PLT (main's and libhtlib.so's)"
fi

# check_plt ADDS TWICES STRTOLS
check_plt() {
   r="plt-$1-$2-$3.xml"
   hg "$r" --mark=libhtlib.so:htlib_add --mark='libhtlib.so:htlib_t*' \
      --mark='libc.so.6:strto?' --mark='libc.so.6:strtou*' \
      -- ../mark_plt "$1" "$2" "$3"
   expect_eq "counted by the program" "$(cut -d' ' -f1-3 "$r.stdout")" "$1 $2 $3"
   expect_calls "$r" htlib_add $(($1 + 2 * $2))
   expect_calls "$r" htlib_twice "$2"
   expect_eq "htlib_add object" "$(fn_attr "$r" htlib_add @object)" libhtlib.so
   # strtol: the program's calls; strtoul: main's 3 (its arguments).
   test "$3" = 0 || expect_calls "$r" strtol "$3"
   expect_calls "$r" strtoul 3
   # htlib_add is a leaf without branches.
   expect_incl "$r" htlib_add "$(fn_self_ir "$r" htlib_add)"
   echo "$(( $(fn_self_ir "$r" htlib_add) / ($1 + 2 * $2) )) $(($1 + 2 * $2))" >"$r.spec"
   expect_per_call "$r" function htlib_add "$r.spec"
}
check_plt 50 20 7
check_plt 1 1 0
# strto? is strtol (one character after "strto"), not strtoul; with no
# call of strtol, it matches no function that ran.
expect_eq "mark libc.so.6:strto? functions" \
   "$(mark_attr plt-50-20-7.xml 'libc.so.6:strto?' @functions)" 1
expect_eq "mark libc.so.6:strto? functions (strtol not called)" \
   "$(mark_attr plt-1-1-0.xml 'libc.so.6:strto?' @functions)" 0
expect_eq "mark libc.so.6:strtou* functions" \
   "$(mark_attr plt-1-1-0.xml 'libc.so.6:strtou*' @functions)" 1

# Non-recursive marked functions, lazy binding included: Callgrind's
# inclusive Ir and calls.  htlib_twice's activations hold the PLT stub
# and, on its first call, the dynamic linker's resolver.  (Not strtol
# and strtoul: Callgrind 3.19 counts fewer instructions than Cachegrind
# in glibc 2.36's ____strtol_l_internal, for these 7 calls 36 fewer, at
# two "cmp; jae" that skip two instructions, strtol_l.c lines 433 and
# 466, whose lines ____strtoul_l_internal shares; cgr_inclusive.py
# would say so.  Their calls are checked above, against the program's.)
callgrind_runs plt ../mark_plt 50 20 7
same_as_callgrind plt-50-20-7.xml plt htlib_add htlib_twice

# The object part must match: the same names in another object, none.
hg wrongobj.xml --mark=libc.so.6:htlib_add -- ../mark_plt 5 5 5
expect_eq "mark libc.so.6:htlib_add functions" \
   "$(mark_attr wrongobj.xml libc.so.6:htlib_add @functions)" 0
test "$(xpath wrongobj.xml 'count(//function[@marked="yes"])')" = 0 ||
   fail "libc.so.6:htlib_add marked a function"
pass "libc.so.6:htlib_add marks nothing"
