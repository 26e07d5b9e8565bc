/* hotgrind: unit tests of the suite file and manifest readers (suite.h),
   which `hotgrind suite` and the readers of suite runs in diff and check
   call.  GPL-2.0-or-later; part of hotgrind. */

/* The fixtures in tests/data/suite are hand-written; what must come out
   of them is written here, read off the fixtures by hand. */

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_common.h"
#include "suite/suite.h"
#include "util/xalloc.h"
#include "xml/embedded-schema.h"

#ifndef HG_SUITE_SCHEMA_FILE
#define HG_SUITE_SCHEMA_FILE "../docs/suite.xsd"
#endif
#ifndef HG_SUITE_RUN_SCHEMA_FILE
#define HG_SUITE_RUN_SCHEMA_FILE "../docs/suite-run.xsd"
#endif

static char *fixture(const char *name)
{
    return strdup(hg_fixture("suite", name));
}

START_TEST(embedded_schemas_are_the_docs)
{
    hg_assert_file_holds(HG_SUITE_SCHEMA_FILE, hg_embedded_suite_schema,
                         hg_embedded_suite_schema_size);
    hg_assert_file_holds(HG_SUITE_RUN_SCHEMA_FILE,
                         hg_embedded_suite_run_schema,
                         hg_embedded_suite_run_schema_size);
}
END_TEST

START_TEST(names_are_plain_file_names)
{
    ck_assert(hg_suite_name_ok("words-small"));
    ck_assert(hg_suite_name_ok("eta.2"));
    ck_assert(hg_suite_name_ok("A_9"));
    ck_assert(!hg_suite_name_ok(""));
    ck_assert(!hg_suite_name_ok(".hidden"));
    ck_assert(!hg_suite_name_ok("../up"));
    ck_assert(!hg_suite_name_ok("a b"));
    ck_assert(!hg_suite_name_ok("a/b"));
}
END_TEST

/* The longest name: NAME.xml fits NAME_MAX; one more character does
   not; the schema says the same limit. */
START_TEST(names_fit_a_file_name)
{
    char name[HG_SUITE_NAME_MAX + 2], facet[64];
    memset(name, 'n', sizeof name - 1);
    name[HG_SUITE_NAME_MAX] = '\0';
    ck_assert(hg_suite_name_ok(name));
    ck_assert_uint_eq(strlen(name) + strlen(".xml"), 255);
    name[HG_SUITE_NAME_MAX] = 'n';
    name[HG_SUITE_NAME_MAX + 1] = '\0';
    ck_assert(!hg_suite_name_ok(name));
    snprintf(facet, sizeof facet, "<xs:maxLength value=\"%d\"/>",
             HG_SUITE_NAME_MAX);
    ck_assert_ptr_nonnull(strstr(hg_embedded_suite_schema, facet));
}
END_TEST

/* six.xml: defaults -q and mark main and a timeout of 60, applied to
   each benchmark in file order; alpha's <benchmark> is on line 9. */
START_TEST(reads_a_suite_with_its_defaults)
{
    char problem[HG_PROBLEM_SIZE] = "", *path = fixture("six.xml");
    struct hg_suite *suite = hg_suite_load(path, problem, sizeof problem);
    const struct hg_suite_benchmark *b;

    ck_assert_msg(suite != NULL, "six.xml: %s", problem);
    ck_assert_str_eq(suite->name, "six");
    ck_assert_uint_eq(suite->count, 6);
    ck_assert_str_eq(suite->benchmarks[0].name, "zeta");
    ck_assert_str_eq(suite->benchmarks[5].name, "gamma-x");
    b = &suite->benchmarks[1];
    ck_assert_str_eq(b->name, "alpha");
    ck_assert_int_eq(b->line, 9);
    ck_assert_str_eq(b->command, "/bin/true");
    ck_assert_uint_eq(b->arg_count, 0);
    ck_assert_uint_eq(b->option_count, 2);
    ck_assert_str_eq(b->options[0], "-q");
    ck_assert_str_eq(b->options[1], "--mark=main");
    ck_assert_uint_eq(b->timeout, 60);
    ck_assert_ptr_null(b->dir);
    /* Relative paths are the suite file's directory's. */
    ck_assert_int_eq(strncmp(suite->base, path, strlen(suite->base)), 0);
    ck_assert_str_eq(path + strlen(suite->base), "/six.xml");
    hg_suite_free(suite);
    free(path);
}
END_TEST

/* missing-input.xml: b's inputs at lines 5 and 6; the second is not
   there. */
START_TEST(checks_files_against_the_suite_directory)
{
    char problem[HG_PROBLEM_SIZE] = "", *path = fixture("missing-input.xml");
    struct hg_suite *suite = hg_suite_load(path, problem, sizeof problem);

    ck_assert_msg(suite != NULL, "missing-input.xml: %s", problem);
    ck_assert_uint_eq(suite->benchmarks[1].input_count, 2);
    ck_assert_int_eq(suite->benchmarks[1].input_lines[0], 5);
    ck_assert_int_eq(suite->benchmarks[1].input_lines[1], 6);
    ck_assert(hg_suite_check_files(suite, &suite->benchmarks[0], problem,
                                   sizeof problem));
    ck_assert(!hg_suite_check_files(suite, &suite->benchmarks[1], problem,
                                    sizeof problem));
    ck_assert_msg(strncmp(problem, "line 6: benchmark 'b': input ", 29) == 0
                  && strstr(problem, "/no-such-input.txt: No such file")
                     != NULL, "%s", problem);
    hg_suite_free(suite);
    free(path);
}
END_TEST

/* prev-whole/manifest.xml, read by its directory: every field, the
   report's path joined to the directory. */
START_TEST(reads_a_manifest)
{
    char problem[HG_PROBLEM_SIZE] = "", *dir = fixture("prev-whole");
    char *report = NULL;
    struct hg_suite_run *run = hg_suite_run_load(dir, problem,
                                                 sizeof problem);
    const struct hg_suite_result *r;

    ck_assert_msg(run != NULL, "prev-whole: %s", problem);
    ck_assert_str_eq(run->suite, "six");
    ck_assert_uint_eq(run->count, 5);
    ck_assert_uint_eq(run->shard_count, 0);
    ck_assert_ptr_null(run->only);
    ck_assert_uint_eq(run->manifest_count, 1);
    r = hg_suite_run_find(run, "alpha");
    ck_assert_ptr_nonnull(r);
    ck_assert_uint_eq(r->position, 2);
    ck_assert_int_eq(r->line, 4);
    ck_assert_int_eq(r->status, HG_SUITE_OK);
    ck_assert(r->has_exit);
    ck_assert_uint_eq(r->exit_status, 0);
    ck_assert(r->has_ir);
    ck_assert_uint_eq(r->ir, 90000);
    ck_assert_str_eq(r->report, "alpha.xml");
    report = hg_xasprintf("%s/alpha.xml", dir);
    ck_assert_str_eq(r->report_path, report);
    ck_assert_ptr_eq(r->manifest, run->manifests[0]);
    r = hg_suite_run_find(run, "beta");
    ck_assert_int_eq(r->status, HG_SUITE_CRASHED);
    ck_assert(!r->has_exit);
    ck_assert_str_eq(r->signal, "SEGV");
    ck_assert_ptr_null(r->report);
    ck_assert_ptr_null(r->report_path);
    ck_assert(!r->has_ir);
    r = hg_suite_run_find(run, "eta.2");
    ck_assert_int_eq(r->status, HG_SUITE_FAILED);
    ck_assert_uint_eq(r->exit_status, 1);
    ck_assert_ptr_null(hg_suite_run_find(run, "gamma-x"));
    ck_assert_str_eq(hg_suite_status_name(HG_SUITE_TIMEOUT), "timeout");
    hg_suite_run_free(run);
    free(report);
    free(dir);
}
END_TEST

/* prev-2 then prev-1: gathered into one run in suite order. */
START_TEST(gathers_the_shards_of_a_run)
{
    char problem[HG_PROBLEM_SIZE] = "", *file = NULL;
    char *paths[2] = { fixture("prev-2"), fixture("prev-1/manifest.xml") };
    struct hg_suite_run *run;
    static const char *const order[] = {
        "zeta", "alpha", "eta.2", "beta", "delta_1",
    };
    size_t i;

    run = hg_suite_run_load_many((const char *const *)paths, 2, &file,
                                 problem, sizeof problem);
    ck_assert_msg(run != NULL, "%s: %s", file ? file : "?", problem);
    ck_assert_uint_eq(run->count, 5);
    for (i = 0; i < 5; i++) {
        ck_assert_str_eq(run->results[i].name, order[i]);
        ck_assert_uint_eq(run->results[i].position, i + 1);
    }
    ck_assert_uint_eq(run->shard_count, 0);
    ck_assert_uint_eq(run->manifest_count, 2);
    /* Each result keeps the manifest it came from. */
    ck_assert_ptr_eq(hg_suite_run_find(run, "beta")->manifest,
                     run->manifests[0]);
    ck_assert_ptr_eq(hg_suite_run_find(run, "zeta")->manifest,
                     run->manifests[1]);
    hg_suite_run_free(run);
    /* One shard is not the run: the missing one is named. */
    run = hg_suite_run_load_many((const char *const *)paths, 1, &file,
                                 problem, sizeof problem);
    ck_assert_ptr_null(run);
    ck_assert_str_eq(problem, "shard 1 of 2 of this run is not among the "
                     "1 given");
    ck_assert_ptr_nonnull(strstr(file, "prev-2/manifest.xml"));
    free(file);
    for (i = 0; i < 2; i++)
        free(paths[i]);
}
END_TEST

/* A manifest naming a report of another benchmark, or the same name
   twice, is refused with its line. */
START_TEST(refuses_broken_manifests_with_their_line)
{
    static const struct { const char *name, *problem; } cases[] = {
        { "manifest-dup.xml", "line 3: benchmark 'zeta' has the name of "
          "benchmark 'zeta' (line 2)" },
        { "manifest-report.xml", "line 2: benchmark 'zeta': its report is "
          "zeta.xml, not alpha.xml" },
        { "manifest-crash-exit.xml", "line 2: benchmark 'zeta': crashed "
          "takes a signal and no exit" },
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char problem[HG_PROBLEM_SIZE] = "", *path = fixture(cases[i].name);
        ck_assert_ptr_null(hg_suite_run_load(path, problem, sizeof problem));
        ck_assert_str_eq(problem, cases[i].problem);
        free(path);
    }
}
END_TEST

/* Numbers the schemas accept with XML white space around them (libxml2
   collapses it for xs:unsignedInt and xs:positiveInteger, though not for
   the restricted seconds type) are read as those numbers: a suite's
   format " 1 " is format 1, and a manifest's position " 2 " is position
   2, not a refused manifest. */
static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    ck_assert_int_eq(fclose(f), 0);
}

START_TEST(reads_numbers_with_white_space_around)
{
    /* A suite file and a manifest, in one folder. */
    static const char *const files[][2] = {
        { "spaced.xml",
          "<suite format=\" 1\t\" name=\"spaced\">\n"
          "  <defaults timeout=\"7\"/>\n"
          "  <benchmark name=\"a\" timeout=\"9\">"
          "<command>/bin/true</command></benchmark>\n"
          "  <benchmark name=\"b\"><command>/bin/true</command></benchmark>\n"
          "</suite>\n" },
        { "manifest.xml",
          "<suite-run format=\"1\" suite=\"spaced\">\n"
          "  <shard index=\" 1 \" count=\" 2\"/>\n"
          "  <benchmark name=\"b\" position=\" 2 \" status=\"ok\" exit=\"0\""
          " report=\"b.xml\" ir=\"300\"/>\n"
          "</suite-run>\n" },
    };
    char dir[] = "/tmp/hg-suite-space.XXXXXX", path[2][64];
    char problem[HG_PROBLEM_SIZE] = "";
    struct hg_suite *suite;
    struct hg_suite_run *run;
    size_t i;

    ck_assert_ptr_nonnull(mkdtemp(dir));
    for (i = 0; i < 2; i++) {
        snprintf(path[i], sizeof path[i], "%s/%s", dir, files[i][0]);
        write_text(path[i], files[i][1]);
    }
    suite = hg_suite_load(path[0], problem, sizeof problem);
    ck_assert_msg(suite != NULL, "spaced.xml: %s", problem);
    ck_assert_uint_eq(suite->benchmarks[0].timeout, 9);
    ck_assert_uint_eq(suite->benchmarks[1].timeout, 7);
    hg_suite_free(suite);
    ck_assert_int_eq(remove(path[0]), 0);
    run = hg_suite_run_load(dir, problem, sizeof problem);
    ck_assert_msg(run != NULL, "spaced manifest: %s", problem);
    ck_assert_uint_eq(run->shard_index, 1);
    ck_assert_uint_eq(run->shard_count, 2);
    ck_assert_uint_eq(run->results[0].position, 2);
    ck_assert_uint_eq(run->results[0].exit_status, 0);
    ck_assert_uint_eq(run->results[0].ir, 300);
    hg_suite_run_free(run);
    ck_assert_int_eq(remove(path[1]), 0);
    ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

Suite *hg_unit_suite(void)
{
    Suite *suite = suite_create("suite");
    TCase *reader = hg_tcase(suite, "reader", 0);

    tcase_add_test(reader, embedded_schemas_are_the_docs);
    tcase_add_test(reader, names_are_plain_file_names);
    tcase_add_test(reader, names_fit_a_file_name);
    tcase_add_test(reader, reads_a_suite_with_its_defaults);
    tcase_add_test(reader, checks_files_against_the_suite_directory);
    tcase_add_test(reader, reads_a_manifest);
    tcase_add_test(reader, gathers_the_shards_of_a_run);
    tcase_add_test(reader, refuses_broken_manifests_with_their_line);
    tcase_add_test(reader, reads_numbers_with_white_space_around);
    return suite;
}
