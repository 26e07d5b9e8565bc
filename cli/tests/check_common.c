/* hotgrind: what the unit test programs (check_report.c, check_policy.c,
   check_suite.c, check_util.c) share, with their main.
   GPL-2.0-or-later; part of hotgrind. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_common.h"
#include "xml/xml-safe.h"

#ifndef HG_TEST_DATA
#define HG_TEST_DATA "tests/data"
#endif

/* Runs every test of the program's suite, then frees what the XML reader
   keeps; EXIT_SUCCESS if none failed. */
int main(void)
{
    SRunner *runner = srunner_create(hg_unit_suite());
    int failed;
    srunner_run_all(runner, CK_NORMAL);
    failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    hg_xml_cleanup();
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

TCase *hg_tcase(Suite *suite, const char *name, double timeout)
{
    TCase *tcase = tcase_create(name);
    if (timeout > 0)
        tcase_set_timeout(tcase, timeout);
    suite_add_tcase(suite, tcase);
    return tcase;
}

void hg_assert_file_holds(const char *path, const char *bytes, size_t size)
{
    FILE *file = fopen(path, "rb");
    char *text = malloc(size + 2);
    size_t got;
    ck_assert_msg(file != NULL, "%s: cannot open", path);
    ck_assert_ptr_nonnull(text);
    /* Asks for more than SIZE: a longer file reads more. */
    got = fread(text, 1, size + 2, file);
    fclose(file);
    ck_assert_uint_eq(got, size);
    ck_assert(memcmp(text, bytes, size) == 0);
    free(text);
}

const char *hg_fixture(const char *folder, const char *name)
{
    static char path[4096];
    snprintf(path, sizeof path, "%s/%s%s%s", HG_TEST_DATA, folder,
             folder[0] != '\0' ? "/" : "", name);
    return path;
}

struct hg_report *hg_fixture_report(const char *folder, const char *name)
{
    char problem[HG_PROBLEM_SIZE] = "";
    struct hg_report *report = hg_report_load(hg_fixture(folder, name),
                                              problem, sizeof problem);
    ck_assert_msg(report != NULL, "%s: %s", name, problem);
    return report;
}

FILE *hg_scratch_file(char *template)
{
    int fd = mkstemp(template);
    FILE *file;
    ck_assert_int_ge(fd, 0);
    file = fdopen(fd, "w");
    ck_assert_ptr_nonnull(file);
    return file;
}
