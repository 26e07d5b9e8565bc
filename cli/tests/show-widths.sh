#!/bin/sh
# hotgrind show: names keep their room before wide numbers.  In
# show/wide-marks.xml two marked functions ran a thousand calls of
# billions of instructions: the per-call columns (mean 6,633,348,866.00
# and four more that wide) would leave the names a dozen columns within
# 120.  So they are a table of their own after calls and inclusive Ir,
# and each name is whole in both; every line fits 120 columns; --wide
# keeps one table.  GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` with HOTGRIND and HG_TEST_DATA in the environment.

. "$(dirname "$0")/lib.sh"
wide=$HG_TEST_DATA/show/wide-marks.xml
cd "$scratch" || exit 99

# has_row TEXT WHAT: a line of $out is TEXT, its spaces squeezed.
has_row() {
  checks=$((checks + 1))
  tr -s ' ' <"$out" | grep -qxF -- "$1" || fail "$2: no row '$1'"
}

run 0 show "$wide" && {
  has_row 'name calls inclusive Ir object' "show"
  has_row 'luaH_getshortstr 1,000 6,633,348,866,000 liblua5.4-with-a-long-name.so.0' "show"
  has_row 'Per-call Ir of the same marked functions and zones:' "show"
  has_row 'name mean p50 p95 p99 max object' "show"
  checks=$((checks + 1))
  [ "$(grep -c '^luaH_getshortstr ' "$out")" = 2 ] ||
    fail "show: luaH_getshortstr is not whole in both tables"
  # Display columns: UTF-8 continuation bytes take none.
  checks=$((checks + 1))
  w=$(LC_ALL=C tr -d '\200-\277' <"$out" |
      awk '{ if (length($0) > w) w = length($0) } END { print w + 0 }')
  [ "$w" -le 120 ] || fail "show: a line is $w columns wide"
}
run 0 show --wide "$wide" && {
  has_row 'name calls inclusive Ir mean p50 p95 p99 max object' "show --wide"
  checks=$((checks + 1))
  grep -q '^Per-call' "$out" && fail "show --wide: the per-call table is apart"
}

finish
