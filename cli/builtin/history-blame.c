/* hotgrind history blame (docs/history.md): every commit along a
   branch where a function's figure changed, explained from the call
   graph when both runs have one.  Here: the options, the database opened
   for reading (a version-1 file is read as it is, never migrated), the
   library (history/blame.c) called, its output rendered.
   GPL-2.0-or-later; part of hotgrind. */

#include <stdio.h>
#include <string.h>

#include "builtin/builtin.h"
#include "history/blame.h"
#include "render/history-blame.h"
#include "report/metrics.h"
#include "util/messages.h"
#include "util/parse-options.h"

static const char blame_usage[] =
    "usage: hotgrind history blame --db FILE [--benchmark GLOB] [--metric M]"
    " [--arch A] [--branch NAME] [--format=text|json] FUNCTION-PATTERN";

static const char blame_help[] =
    "usage: hotgrind history blame --db FILE [OPTIONS] FUNCTION-PATTERN\n"
    "\n"
    "Every recorded commit where the figure of a function FUNCTION-PATTERN\n"
    "matches ([OBJ:]GLOB, as log's --function) changed, newest first along\n"
    "the first parents of the branch's last recorded commit, for each\n"
    "benchmark and architecture: the commit, its time, the value before and\n"
    "after, the change (new and gone when the function appears or goes\n"
    "away).  A run that failed is skipped over.  When both runs of a change\n"
    "have a call graph (--call-graph=yes), the parts of the function's\n"
    "incl-Ir follow, as hotgrind diff explains them: self, no-symbol and\n"
    "each callee whose edge moved, largest change first.  Exact: every\n"
    "change is listed.\n"
    "  --db FILE         the history database\n"
    "  --benchmark GLOB  only the benchmarks GLOB matches (* and ?)\n"
    "  --metric M        the figure (default Ir; hotgrind help check lists\n"
    "                    them)\n"
    "  --arch A          only runs of architecture A\n"
    "  --branch NAME     the branch (default: that of the first commit\n"
    "                    recorded)\n"
    "  --format F        text (default) or json\n"
    "\n"
    "Exit status: 0 when done; 2, with one line on stderr, for a bad option,\n"
    "a database that cannot be read, or a pattern, metric, benchmark or\n"
    "branch that matches nothing recorded.\n";

struct blame_options {
    const char *db, *benchmark, *metric, *arch, *branch, *format;
};

/* What hg_history_read_or_say passes on to the library. */
struct blame_job {
    struct hg_history_log_query query;
    struct hg_history_blame blame;
};

static bool read_blame(struct hg_history_db *h, void *data, char *problem,
                       size_t problem_size)
{
    struct blame_job *job = data;
    return hg_history_blame(h, &job->query, &job->blame, problem,
                            problem_size);
}

static int usage(const char *format, const char *value)
{
    return hg_usage_error("history blame", blame_usage, format, value);
}

int cmd_history_blame(int argc, char **argv)
{
    struct blame_options o = { 0 };
    struct hg_command_line line = {
        .command = "history blame", .usage = blame_usage, .help = blame_help,
        .options = {
            { .name = "--db", .value = &o.db, .once = true },
            { .name = "--benchmark", .value = &o.benchmark },
            { .name = "--metric", .value = &o.metric },
            { .name = "--arch", .value = &o.arch },
            { .name = "--branch", .value = &o.branch },
            { .name = "--format", .value = &o.format },
        },
    };
    struct blame_job job;
    int status;

    status = hg_history_parse_one(&line, argc, argv, &o.db, "FUNCTION-PATTERN");
    if (status != -1)
        return status;
    if ((status = hg_history_text_or_json(&line, &o.format)) != -1)
        return status;
    if (o.metric != NULL && hg_metric_named(o.metric) == NULL)
        return usage("unknown --metric: %s", o.metric);
    job.query = (struct hg_history_log_query) {
        .benchmark = o.benchmark, .function = argv[0], .metric = o.metric,
        .arch = o.arch, .branch = o.branch,
    };
    if (!hg_history_read_or_say(o.db, read_blame, &job))
        return HG_EXIT_TROUBLE;
    if (strcmp(o.format, "json") == 0)
        hg_render_history_blame_json(stdout, &job.blame);
    else
        hg_render_history_blame_text(stdout, &job.blame);
    hg_history_blame_free(&job.blame);
    return HG_EXIT_OK;
}
