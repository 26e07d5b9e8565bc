/* hotgrind: what the unit test programs (check_report.c, check_policy.c,
   check_suite.c, check_util.c) share, with their main.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_CHECK_COMMON_H
#define HOTGRIND_CHECK_COMMON_H

#include <check.h>
#include <stddef.h>
#include <stdio.h>

#include "report/report.h"

/* The suite of the program, every tcase with its tests: each check_*.c
   defines it; the main of check_common.c runs it. */
Suite *hg_unit_suite(void);

/* A new tcase NAME of SUITE, its tests allowed TIMEOUT seconds each (0:
   check's default); add its tests before the next one. */
TCase *hg_tcase(Suite *suite, const char *name, double timeout);

/* The string GOT is WANT, or NULL where WANT is NULL (check's own
   ck_assert_pstr_eq is 0.11's; configure takes 0.10).  A macro, so that
   check names the line and the expressions of a failure. */
#define hg_assert_str_or_null(got, want)                                   \
    do {                                                                   \
        if ((want) == NULL)                                                \
            ck_assert_ptr_null(got);                                       \
        else                                                               \
            ck_assert_str_eq(got, want);                                   \
    } while (0)

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
