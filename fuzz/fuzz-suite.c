/* hotgrind fuzzing: everything a bad suite file or suite run manifest
   reaches.  GPL-2.0-or-later; part of hotgrind.

   The input is read both as a suite file and as a manifest: by the
   readers (hg_suite_load, hg_suite_run_load), `hotgrind suite list` on it
   (with shards), and `suite list` of a fixed suite balanced by it as
   --previous (alone, and gathered with itself).  `suite run` is left out:
   it runs programs.  Besides the sanitizers, it checks:
   - a failing reader says why, on one line;
   - a loaded suite is consistent: at least one benchmark, unique names a
     report can be named after, a command, options that are options;
   - a loaded manifest is consistent: unique names and positions in
     order, a signal exactly for crashed, an exit for ok and failed (0 for
     ok), a report only NAME.xml, joined to a path; gathered with itself,
     it is refused;
   - the commands exit 0 or 2, and print no "(null)". */

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "builtin/builtin.h"
#include "fuzz-common.h"
#include "report/report.h"
#include "suite/suite.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#ifndef FUZZ_SUITE
#error "FUZZ_SUITE: a suite file to balance by the input (fuzz.mk)"
#endif

static void check_suite(const struct hg_suite *suite)
{
    size_t i, k;
    if (suite->count == 0)
        fuzz_fail("a suite with no benchmark");
    for (i = 0; i < suite->count; i++) {
        const struct hg_suite_benchmark *b = &suite->benchmarks[i];
        if (!hg_suite_name_ok(b->name))
            fuzz_fail("benchmark %zu: name '%s' is no file name", i,
                      b->name);
        if (b->command == NULL || b->command[0] == '\0')
            fuzz_fail("benchmark '%s': no command", b->name);
        for (k = 0; k < b->option_count; k++)
            if (b->options[k][0] != '-')
                fuzz_fail("benchmark '%s': option '%s'", b->name,
                          b->options[k]);
        for (k = 0; k < i; k++)
            if (strcmp(suite->benchmarks[k].name, b->name) == 0)
                fuzz_fail("benchmark '%s' twice", b->name);
    }
}

static void check_run(const struct hg_suite_run *run)
{
    size_t i;
    for (i = 0; i < run->count; i++) {
        const struct hg_suite_result *r = &run->results[i];
        if (!hg_suite_name_ok(r->name))
            fuzz_fail("result %zu: name '%s' is no file name", i, r->name);
        if (i > 0 && run->results[i - 1].position >= r->position)
            fuzz_fail("result '%s': position %u not after %u", r->name,
                      r->position, run->results[i - 1].position);
        if ((r->status == HG_SUITE_CRASHED) != (r->signal != NULL)
            || (r->status == HG_SUITE_CRASHED && r->has_exit)
            || ((r->status == HG_SUITE_OK || r->status == HG_SUITE_FAILED)
                && !r->has_exit)
            || (r->status == HG_SUITE_OK && r->exit_status != 0))
            fuzz_fail("result '%s': status %s with exit %d/%u, signal %s",
                      r->name, hg_suite_status_name(r->status), r->has_exit,
                      r->exit_status, r->signal ? r->signal : "none");
        if ((r->report == NULL) != (r->report_path == NULL)
            || (r->report != NULL
                && (strncmp(r->report, r->name, strlen(r->name)) != 0
                    || strcmp(r->report + strlen(r->name), ".xml") != 0)))
            fuzz_fail("result '%s': report %s", r->name,
                      r->report ? r->report : "none");
        if (hg_suite_run_find(run, r->name) != r)
            fuzz_fail("result '%s': not found by its name", r->name);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct fuzz_file input;
    char problem[HG_PROBLEM_SIZE] = "", *file = NULL;
    struct hg_suite *suite;
    struct hg_suite_run *run;
    const char *twice[2];

    fuzz_file_set(&input, data, size);
    fuzz_input_is(data, size);
    suite = hg_suite_load(input.path, problem, sizeof problem);
    if (suite == NULL) {
        fuzz_check_problem("hg_suite_load", problem, sizeof problem);
    } else {
        check_suite(suite);
        hg_suite_free(suite);
        fuzz_run(cmd_suite, 0, "suite", "list", input.path, NULL);
        fuzz_run(cmd_suite, 0, "suite", "list", input.path, "--shard",
                 "2/3", "--only", "*a*", NULL);
    }
    run = hg_suite_run_load(input.path, problem, sizeof problem);
    if (run == NULL) {
        fuzz_check_problem("hg_suite_run_load", problem, sizeof problem);
        return 0;
    }
    check_run(run);
    hg_suite_run_free(run);
    twice[0] = twice[1] = input.path;
    run = hg_suite_run_load_many(twice, 2, &file, problem, sizeof problem);
    /* The same manifest twice is never one run: the same shard twice,
       or two whole runs. */
    if (run != NULL)
        fuzz_fail("a manifest of %zu benchmarks gathered with itself",
                  run->count);
    fuzz_check_problem("hg_suite_run_load_many", problem, sizeof problem);
    free(file);
    fuzz_run(cmd_suite, 0, "suite", "list", FUZZ_SUITE, "--shard", "1/2",
             "--previous", input.path, NULL);
    return 0;
}
