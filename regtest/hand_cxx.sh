#!/bin/sh
# hotgrind regression tests: hand-counted functions in a C++ program.
# GPL-2.0-or-later
#
# ht::Counter::tick() is a member function in a namespace, defined in
# asm_amd64.S under its mangled name: the report must give the demangled
# name and 2 instructions per call.  ht::mix(unsigned long) is compiled
# C++; only its name, object, file and line are checked.
. "${srcdir:-.}/lib.sh"
. "$srcdir/hand_lib.sh"

# check_hand_cxx TICKS N: one run of the C++ driver.
check_hand_cxx() {
   r="hand_cxx-$1-$2.xml"
   hg "$r" -- ../hand_cxx "$1" "$2"
   check_asm_fn "$r" "ht::Counter::tick()" hand_cxx "$(tick_ir "$1")"
   check_asm_fn "$r" ht_loop_n hand_cxx "$(loop_n_ir "$2")"
   check_c_fn "$r" "ht::mix(unsigned long)" hand_cxx hand_cxx.cpp
   check_c_fn "$r" main hand_cxx hand_cxx.cpp
}

check_hand_cxx 1000 10
check_hand_cxx 37 251
