#!/bin/sh
# hotgrind regression tests: a program whose loads fault and whose SIGSEGV
# handler siglongjmps out of the faulting block, against Cachegrind.
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

same_as_cachegrind oracle_signal ../oracle_signal
expect_eq "oracle_signal's output" "$(cat oracle_signal.xml.stdout)" 3333
