#!/bin/sh
# hotgrind regression tests: Debian's sqlite3 running a generated SQL
# script (inserts, an index, joins, aggregates, update, delete) on an
# in-memory database, against Cachegrind.  Many functions, a shared
# library, a large interpreter loop.
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

test -x /usr/bin/sqlite3 || skip "/usr/bin/sqlite3 is not installed"
../gen_input sql 3000 >script.sql
# -batch and no HOME: no ~/.sqliterc, no history, no interactive mode.
same_as_cachegrind sqlite /usr/bin/sqlite3 -batch :memory: ".read script.sql"
