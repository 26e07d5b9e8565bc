/* hotgrind suite: runs the benchmarks of a suite file (docs/suite.md),
   each exactly as `hotgrind run` runs a program, and writes one report per
   benchmark and a manifest of what ran (suite/runner.c); or lists those
   it would run.  Here: the options, the choice, the runner's exit status.
   GPL-2.0-or-later; part of hotgrind. */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin/builtin.h"
#include "policy/policy.h"
#include "report/report.h"
#include "suite/runner.h"
#include "suite/suite.h"
#include "util/messages.h"
#include "util/parse-options.h"
#include "util/xalloc.h"

static const char suite_usage[] =
    "usage: hotgrind suite run SUITE -o DIR [-j N] [--shard I/N] "
    "[--previous RUN]... [--only PATTERN] [--force] [--valgrind=PATH]\n"
    "       hotgrind suite list SUITE [--shard I/N] [--previous RUN]... "
    "[--only PATTERN]";

static const char suite_help[] =
    "usage: hotgrind suite run SUITE -o DIR [OPTIONS]\n"
    "       hotgrind suite list SUITE [--shard I/N] [--previous RUN]...\n"
    "                                 [--only PATTERN]\n"
    "\n"
    "run: runs each benchmark of the suite file SUITE (docs/suite.md) as\n"
    "`hotgrind run` would, writing its report DIR/NAME.xml, its program's\n"
    "and Valgrind's output DIR/NAME.log, and DIR/manifest.xml: every\n"
    "benchmark selected, in suite order, with its status (ok, failed,\n"
    "crashed, timeout), exit status or signal, and total Ir.  A benchmark\n"
    "that fails does not stop the others.\n"
    "list: prints the names of the benchmarks run would run, one a line.\n"
    "\n"
    "  -o DIR          the run's directory (run; made if missing, its parent\n"
    "                  must exist); one that holds a manifest is refused\n"
    "  --force         replace the run in DIR: its manifest, and the\n"
    "                  report and log of each benchmark run now\n"
    "  -j N            run N benchmarks at a time (default 1); each report\n"
    "                  is the same bytes whatever N\n"
    "  --shard I/N     only the I-th of N shares of the benchmarks: by name\n"
    "                  (sorted names dealt in turn), or with --previous\n"
    "                  balanced by the previous run's Ir (longest first,\n"
    "                  each to the least loaded share)\n"
    "  --previous RUN  a previous run's directory or manifest (repeatable:\n"
    "                  the shards of one run), for --shard\n"
    "  --only PATTERN  only the benchmarks whose name PATTERN matches (*\n"
    "                  any run of bytes, ? exactly one); matching none is\n"
    "                  an error\n"
    "  --valgrind=PATH the Valgrind to run, as hotgrind run --valgrind\n"
    "\n"
    "Progress goes to stderr: on a terminal one line that follows the\n"
    "running benchmark (\"[3/12] name 4.2s\"), otherwise one line per\n"
    "finished benchmark (\"[3/12] name ok 4.2s\").\n"
    "\n"
    "Exit status: 0 when every benchmark ran is ok; 1 when one failed,\n"
    "crashed or timed out (each named on stderr, the others still run and\n"
    "the manifest written); 2, with one line on stderr, when the suite\n"
    "file, an option or DIR cannot be used (nothing is run).\n";

/* At most this many benchmarks at a time: far more than any machine's
   cores, since each Valgrind run keeps one busy. */
#define MAX_JOBS 256
static int take_previous(const struct hg_command_line *line,
                         const char *value)
{
    struct suite_options *o = line->data;
    o->previous = hg_xrealloc(o->previous, o->previous_count + 1,
                              sizeof *o->previous);
    o->previous[o->previous_count++] = value;
    return -1;
}

/* TEXT as a whole number from 1 to MAX into *VALUE. */
static bool parse_positive(const char *text, size_t length, unsigned max,
                           unsigned *value)
{
    unsigned long v = 0;
    size_t i;
    if (length == 0 || length > 9)
        return false;
    for (i = 0; i < length; i++) {
        if (text[i] < '0' || text[i] > '9')
            return false;
        v = v * 10 + (unsigned long)(text[i] - '0');
    }
    if (v < 1 || v > max)
        return false;
    *value = (unsigned)v;
    return true;
}

/* The options after the action's name; the SUITE operand into *SUITE.
   -1 to go on, else the exit status. */
static int parse(const char *command, bool running, int argc, char **argv,
                 struct suite_options *o, const char **suite)
{
    struct hg_command_line line = {
        .command = command, .usage = suite_usage, .help = suite_help,
        .options = {
            /* list's, then run's own: list ends the table at -o. */
            { .name = "--shard", .value = &o->shard_text, .once = true },
            { .name = "--previous", .take = take_previous },
            { .name = "--only", .value = &o->only, .once = true },
            { .name = "-o", .value = &o->out, .once = true },
            { .name = "-j", .value = &o->jobs_text, .once = true },
            { .name = "--valgrind", .value = &o->valgrind },
            { .name = "--force", .flag = &o->force },
        },
        .data = o,
    };
    const char *slash;
    int status, operands;

    if (!running)
        line.options[3].name = NULL;
    status = hg_parse_options(&line, argc, argv, &operands);
    if (status != -1)
        return status;
    if (operands != 1)
        return hg_usage_error(command, suite_usage, operands == 0
                              ? "no SUITE given"
                              : "one SUITE at a time ('%s' and '%s')",
                              argv[0], argv[1]);
    *suite = argv[0];
    if (running && o->out == NULL)
        return hg_usage_error(command, suite_usage, "no -o DIR given");
    o->jobs = 1;
    if (o->jobs_text != NULL
        && !parse_positive(o->jobs_text, strlen(o->jobs_text), MAX_JOBS,
                           &o->jobs))
        return hg_usage_error(command, suite_usage, "-j '%s': give a number "
                              "of benchmarks from 1 to %d", o->jobs_text,
                              MAX_JOBS);
    if (o->shard_text != NULL) {
        slash = strchr(o->shard_text, '/');
        if (slash == NULL
            || !parse_positive(o->shard_text, (size_t)(slash - o->shard_text),
                               UINT_MAX / 2, &o->shard_index)
            || !parse_positive(slash + 1, strlen(slash + 1), 100000,
                               &o->shard_count)
            || o->shard_index > o->shard_count)
            return hg_usage_error(command, suite_usage, "--shard '%s': give "
                                  "I/N, shard I of N with 1 <= I <= N "
                                  "(\"2/4\")", o->shard_text);
    }
    if (o->previous_count > 0 && o->shard_text == NULL)
        return hg_usage_error(command, suite_usage, "--previous balances "
                              "--shard; give both");
    return -1;
}

/* The suite at PATH and what O chooses of it, or NULL after one line. */
static struct hg_suite *load_and_choose(const char *path,
                                        const struct suite_options *o,
                                        bool **chosen)
{
    char problem[HG_PROBLEM_SIZE];
    struct hg_suite *suite = hg_suite_load(path, problem, sizeof problem);
    if (suite == NULL) {
        hg_say_problem(path, problem);
        return NULL;
    }
    *chosen = hg_xcalloc(suite->count, sizeof **chosen);
    if (!suite_choose(suite, o, *chosen)) {
        free(*chosen);
        hg_suite_free(suite);
        return NULL;
    }
    return suite;
}

static int suite_list(int argc, char **argv)
{
    struct suite_options o;
    struct hg_suite *suite;
    const char *path;
    bool *chosen;
    size_t i;
    int status;

    memset(&o, 0, sizeof o);
    status = parse("suite list", false, argc, argv, &o, &path);
    if (status == -1) {
        status = HG_EXIT_TROUBLE;
        suite = load_and_choose(path, &o, &chosen);
        if (suite != NULL) {
            for (i = 0; i < suite->count; i++)
                if (chosen[i])
                    printf("%s\n", suite->benchmarks[i].name);
            free(chosen);
            hg_suite_free(suite);
            status = HG_EXIT_OK;
        }
    }
    free(o.previous);
    return status;
}

static int suite_run(int argc, char **argv)
{
    struct suite_options o;
    struct hg_suite *suite;
    const char *path;
    bool *chosen = NULL;
    int status;

    memset(&o, 0, sizeof o);
    status = parse("suite run", true, argc, argv, &o, &path);
    if (status != -1) {
        free(o.previous);
        return status;
    }
    status = HG_EXIT_TROUBLE;
    suite = load_and_choose(path, &o, &chosen);
    if (suite == NULL) {
        free(o.previous);
        return status;
    }
    status = suite_run_chosen(suite, chosen, &o);
    free(chosen);
    free(o.previous);
    hg_suite_free(suite);
    return status;
}


/* ---------------------------------------------------------- the command */

int cmd_suite(int argc, char **argv)
{
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0
                      || strcmp(argv[1], "-h") == 0)) {
        fputs(suite_help, stdout);
        return HG_EXIT_OK;
    }
    if (argc < 2)
        return hg_usage_error("suite", suite_usage, "no action given (run "
                              "or list)");
    if (strcmp(argv[1], "run") == 0)
        return suite_run(argc - 1, argv + 1);
    if (strcmp(argv[1], "list") == 0)
        return suite_list(argc - 1, argv + 1);
    return hg_usage_error("suite", suite_usage, "'%s' is not an action of "
                          "suite (run or list)", argv[1]);
}
