#!/bin/sh
# hotgrind regression tests: Debian's xz (liblzma) compressing a generated
# 200 KB file at -1, single-threaded, against Cachegrind.
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

test -x /usr/bin/xz || skip "/usr/bin/xz is not installed"
../gen_input text 200000 >input.txt
# -T1: one thread, so the order of work cannot vary between the runs.
same_as_cachegrind xz /usr/bin/xz -1 -T1 -c input.txt
