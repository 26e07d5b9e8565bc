#!/bin/sh
# hotgrind regression tests: a C++ program (-O2: std::map, std::string,
# std::sort, templates, virtual calls, exceptions) against Cachegrind.
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

same_as_cachegrind oracle_cxx ../oracle_cxx 1500
