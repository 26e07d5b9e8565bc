/* hotgrind history show (docs/history.md): what was recorded for one
   commit, and every figure that changed there against each run's base
   run.  Here: the options, the database opened for reading (a version-1
   file is read as it is, never migrated), the library (history/show.c)
   called, its output rendered.  GPL-2.0-or-later; part of hotgrind. */

#include <stdio.h>
#include <string.h>

#include "builtin/builtin.h"
#include "history/history.h"
#include "history/show.h"
#include "report/rules-figures.h"
#include "render/history-show.h"
#include "util/messages.h"
#include "util/parse-options.h"

static const char show_usage[] =
    "usage: hotgrind history show --db FILE [--benchmark GLOB] [--arch A]"
    " [--format=text|json] COMMIT";

static const char show_help[] =
    "usage: hotgrind history show --db FILE [OPTIONS] COMMIT\n"
    "\n"
    "What was recorded for COMMIT (its full sha, or a prefix of 7 or more\n"
    "hex digits that only it starts with): the commit's branch, time and\n"
    "parents; for each benchmark and architecture its status, how it ended,\n"
    "its program, versions, settings and totals; and every figure (of the\n"
    "totals, a function, a call-graph edge, a zone or a mark pattern) that\n"
    "differs from the run's base run, the previous run of the same\n"
    "benchmark, architecture and branch: before -> after and the change,\n"
    "largest first.\n"
    "  --db FILE         the history database\n"
    "  --benchmark GLOB  only the benchmarks GLOB matches (* and ?)\n"
    "  --arch A          only runs of architecture A\n"
    "  --format F        text (default) or json\n"
    "\n"
    "Exit status: 0 when done; 2, with one line on stderr, for a bad option,\n"
    "a database that cannot be read, a commit not recorded or a prefix of\n"
    "several, or no run of the benchmarks and architectures asked.\n";

struct show_options {
    const char *db, *benchmark, *arch, *format;
};

/* What hg_history_read_or_say passes on to the library. */
struct show_job {
    struct hg_history_show_query query;
    struct hg_history_show show;
};

static bool read_show(struct hg_history_db *h, void *data, char *problem,
                      size_t problem_size)
{
    struct show_job *job = data;
    return hg_history_show(h, &job->query, &job->show, problem,
                           problem_size);
}

static int usage(const char *format, const char *value)
{
    return hg_usage_error("history show", show_usage, format, value);
}

int cmd_history_show(int argc, char **argv)
{
    struct show_options o = { 0 };
    struct hg_command_line line = {
        .command = "history show", .usage = show_usage, .help = show_help,
        .options = {
            { .name = "--db", .value = &o.db, .once = true },
            { .name = "--benchmark", .value = &o.benchmark },
            { .name = "--arch", .value = &o.arch },
            { .name = "--format", .value = &o.format },
        },
    };
    struct show_job job;
    int status;

    status = hg_history_parse_one(&line, argc, argv, &o.db, "COMMIT");
    if (status != -1)
        return status;
    if (!hg_history_sha_ok(argv[0]))
        return usage("not a commit (7 to 40 hex digits): %s", argv[0]);
    if ((status = hg_history_text_or_json(&line, &o.format)) != -1)
        return status;
    job.query = (struct hg_history_show_query) {
        .commit = argv[0], .benchmark = o.benchmark, .arch = o.arch,
    };
    if (!hg_history_read_or_say(o.db, read_show, &job))
        return HG_EXIT_TROUBLE;
    if (strcmp(o.format, "json") == 0)
        hg_render_history_show_json(stdout, &job.show);
    else
        hg_render_history_show_text(stdout, &job.show);
    hg_history_show_free(&job.show);
    return HG_EXIT_OK;
}
