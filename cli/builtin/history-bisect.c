/* hotgrind history bisect (docs/history.md): the options, the history
   opened, the library (history/bisect.c) called, each step rendered as
   it is taken.  GPL-2.0-or-later; part of hotgrind. */

#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "builtin/builtin.h"
#include "history/bisect.h"
#include "history/history.h"
#include "render/history-bisect.h"
#include "report/metrics.h"
#include "util/messages.h"
#include "util/parse-options.h"

static const char bisect_usage[] =
    "usage: hotgrind history bisect --db FILE --build CMD --suite FILE"
    " [--benchmark B] [--metric M] [--repo DIR] FUNCTION GOOD BAD";

static const char bisect_help[] =
    "usage: hotgrind history bisect --db FILE --build CMD --suite FILE"
    " [OPTIONS]\n"
    "                               FUNCTION GOOD BAD\n"
    "\n"
    "Finds the first commit after GOOD, along BAD's first parents, where\n"
    "FUNCTION's figure differs from GOOD's.  GOOD and BAD must be recorded\n"
    "in the history FILE with different figures.  Each commit looked at\n"
    "that is not recorded is checked out in a temporary git worktree\n"
    "(removed afterwards), built with sh -c CMD there, its benchmark run\n"
    "with hotgrind suite run, and recorded in FILE (its parents, the\n"
    "branch BAD was recorded on, its committer time).  Counts are exact:\n"
    "each commit is run once, about log2 of the commits between are.\n"
    "\n"
    "  FUNCTION        [OBJ:]GLOB naming one function of the benchmark\n"
    "  --build CMD     the build command, run with sh -c in the worktree\n"
    "  --suite FILE    the suite file, relative to the repository\n"
    "                  directory: each commit's own\n"
    "  --benchmark B   the benchmark (default: the one recorded at GOOD)\n"
    "  --metric M      the figure (default Ir; hotgrind help check lists\n"
    "                  them)\n"
    "  --repo DIR      the git repository (default: the current directory)\n"
    "\n"
    "Each step is printed as it is taken; the build's and the suite's\n"
    "output go to stderr.\n"
    "\n"
    "Exit status: 0 when the commit is found; 2, with one line on stderr,\n"
    "when an option, FILE, GOOD or BAD cannot be used, or when building,\n"
    "running or recording a commit fails (the line names the commit; what\n"
    "was recorded before stays).\n";

struct bisect_options {
    const char *db, *build, *suite, *benchmark, *metric, *repo;
};

static int usage(const char *format, const char *value)
{
    return hg_usage_error("history bisect", bisect_usage, format, value);
}

static void print_plan(void *data, const struct hg_bisect_plan *plan)
{
    hg_render_history_bisect_plan(data, plan);
    fflush(data);
}

static void print_step(void *data, const struct hg_bisect_plan *plan,
                       const struct hg_bisect_step *step)
{
    hg_render_history_bisect_step(data, plan, step);
    fflush(data);
}

static int bisect(const struct bisect_options *o, char **operands)
{
    struct hg_bisect_options options = {
        .function = operands[0], .good = operands[1], .bad = operands[2],
        .build = o->build, .suite = o->suite, .benchmark = o->benchmark,
        .metric = o->metric, .repo = o->repo,
    };
    struct hg_bisect_listener listener = {
        .planned = print_plan, .stepped = print_step, .data = stdout,
    };
    struct hg_bisect_result result;
    char problem[HG_PROBLEM_SIZE];
    const char *file = NULL;
    struct hg_history_db h;
    int signal_number;
    bool ok;

    if (!hg_history_open_or_say(&h, o->db, HG_HISTORY_READ))
        return HG_EXIT_TROUBLE;
    ok = hg_bisect(&h, &options, &listener, &result, &file, problem,
                   sizeof problem);
    hg_history_close(&h);
    if (ok)
        hg_render_history_bisect_found(stdout, &result);
    else
        hg_say_problem(file, problem);
    signal_number = result.signal;
    hg_bisect_result_free(&result);
    /* Stopped by a signal: end by it, as the shell expects. */
    if (signal_number != 0) {
        fflush(stdout);
        signal(signal_number, SIG_DFL);
        raise(signal_number);
    }
    return ok ? HG_EXIT_OK : HG_EXIT_TROUBLE;
}

int cmd_history_bisect(int argc, char **argv)
{
    struct bisect_options o = { 0 };
    struct hg_command_line line = {
        .command = "history bisect", .usage = bisect_usage,
        .help = bisect_help, .data = &o,
        .options = {
            { .name = "--db", .value = &o.db, .once = true },
            { .name = "--build", .value = &o.build, .once = true },
            { .name = "--suite", .value = &o.suite, .once = true },
            { .name = "--benchmark", .value = &o.benchmark, .once = true },
            { .name = "--metric", .value = &o.metric, .once = true },
            { .name = "--repo", .value = &o.repo, .once = true },
        },
    };
    int status, operands;

    status = hg_history_parse(&line, argc, argv, &operands, &o.db);
    if (status != -1)
        return status;
    if (o.build == NULL)
        return usage("no --build %s given", "CMD");
    if (o.suite == NULL)
        return usage("no --suite %s given", "FILE");
    if (o.metric != NULL && hg_metric_named(o.metric) == NULL)
        return usage("unknown --metric: %s", o.metric);
    if (operands != 3)
        return usage("give %s", "FUNCTION GOOD BAD");
    return bisect(&o, argv);
}
