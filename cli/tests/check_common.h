/* hotgrind: what the unit tests (check_report.c, check_policy.c) share.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_CHECK_COMMON_H
#define HOTGRIND_CHECK_COMMON_H

#include <check.h>
#include <stddef.h>
#include <stdio.h>

#include "report/report.h"

/* Runs every test of SUITE, then frees what the XML reader keeps; the
   exit status for main: EXIT_SUCCESS if none failed. */
int hg_run_suite(Suite *suite);

/* The file PATH holds exactly the SIZE bytes at BYTES (a built-in schema
   and the file it is made from). */
void hg_assert_file_holds(const char *path, const char *bytes, size_t size);

/* The path of the fixture NAME in tests/data/FOLDER (FOLDER "": in
   tests/data), in a buffer the next call reuses. */
const char *hg_fixture(const char *folder, const char *name);

/* The report fixture NAME of FOLDER, loaded; the test fails with NAME and
   the problem if it cannot be. */
struct hg_report *hg_fixture_report(const char *folder, const char *name);

/* A new scratch file, named from TEMPLATE ("/tmp/NAME-XXXXXX": mkstemp
   replaces the X's), open for writing. */
FILE *hg_scratch_file(char *template);

#endif
