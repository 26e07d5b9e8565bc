#!/bin/sh
# hotgrind regression tests: Debian's bzip2 compressing a generated 200 KB
# file, against Cachegrind.  A program nobody here wrote, without debug
# info, and dominated by a few hot loops.
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

test -x /usr/bin/bzip2 || skip "/usr/bin/bzip2 is not installed"
../gen_input text 200000 >input.txt
same_as_cachegrind bzip2 /usr/bin/bzip2 -c -9 input.txt
