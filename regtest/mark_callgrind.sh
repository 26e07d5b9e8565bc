#!/bin/sh
# hotgrind regression tests: inclusive Ir and calls of non-recursive
# marked functions equal Callgrind's, for an -O2 C program (mark_cg.c)
# and C++ functions (mark_cgxx.cpp), on x86-64.  How the comparison is
# made, and why only where Callgrind counts like Cachegrind:
# cgr_inclusive.py.  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

test "$HT_ARCH" = amd64 ||
   skip "Callgrind's calls and returns are wrong on $HT_ARCH (docs/arm64.md section 4)"

# Every cg_* function of mark_cg is marked (OBJ:PATTERN) and compared.
hg cg.xml --mark='mark_cg:cg_*' -- ../mark_cg 200
callgrind_runs cg ../mark_cg 200
cmp -s cg.xml.stdout cg.cgr.stdout || fail "mark_cg printed different output under Callgrind"
same_as_callgrind cg.xml cg cg_sort cg_cmp cg_hash cg_tail cg_strings \
   cg_square cg_apply cg_find
# The marks change no count: the same run unmarked has the same total
# and self Ir (and, like every run, Cachegrind's; oracle_c.sh).
hg cg-plain.xml -- ../mark_cg 200
expect_eq "total Ir with and without marks" "$(total_ir cg.xml)" "$(total_ir cg-plain.xml)"
oracle cg.xml cg.cg >/dev/null

# C++: member functions, a template instance, a lambda through
# std::function; patterns with '::', '*' and OBJ:.
hg cgxx.xml '--mark=mark_cgxx:cgx::Inventory::*' '--mark=*cgx::sum_all<*' \
   '--mark=mark_cgxx:std::_Function_handler<*lambda*>::_M_invoke*' -- ../mark_cgxx 200
callgrind_runs cgxx ../mark_cgxx 200
expect_eq "mark cgx::Inventory::* functions" \
   "$(mark_attr cgxx.xml 'mark_cgxx:cgx::Inventory::*' @functions)" 3
same_as_callgrind cgxx.xml cgxx \
   "cgx::Inventory::add(unsigned int)" \
   "cgx::Inventory::sort_names()" \
   "cgx::Inventory::total_length() const" \
   "unsigned long cgx::sum_all<unsigned long>(std::vector<unsigned long, std::allocator<unsigned long> > const&)" \
   "std::_Function_handler<unsigned long (unsigned long), main::{lambda(unsigned long)#1}>::_M_invoke(std::_Any_data const&, unsigned long&&)"
