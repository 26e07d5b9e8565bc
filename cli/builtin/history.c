/* hotgrind history: every recorded run kept in one SQLite file
   (docs/history.md): record, log and check here, the other actions in
   builtin/history-ACTION.c.  Here: the options, the
   database opened, the library (history/) called, its output rendered.
   GPL-2.0-or-later; part of hotgrind. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin/builtin.h"
#include "history/history.h"
#include "render/history-log.h"
#include "report/metrics.h"
#include "util/messages.h"
#include "util/parse-options.h"
#include "util/xalloc.h"

static const char history_usage[] =
    "usage: hotgrind history record --db FILE --commit SHA [--parent SHA]..."
    " [--branch NAME] [--time ISO-8601] [--replace] RUN...\n"
    "       hotgrind history log --db FILE [--benchmark GLOB] [--function"
    " PATTERN | --zone GLOB | --mark GLOB] [--metric M] [--arch A]"
    " [--branch NAME] [--format=text|json|csv]\n"
    "       hotgrind history check --db FILE\n"
    "       hotgrind history blame --db FILE [OPTIONS] FUNCTION-PATTERN\n"
    "       hotgrind history show --db FILE [OPTIONS] COMMIT\n"
    "       hotgrind history bisect --db FILE --build CMD --suite FILE"
    " [OPTIONS] FUNCTION GOOD BAD\n"
    "       hotgrind history html --db FILE -o DIR [OPTIONS]";

static const char history_help[] =
    "usage: hotgrind history record --db FILE --commit SHA [OPTIONS] RUN...\n"
    "       hotgrind history log --db FILE [OPTIONS]\n"
    "       hotgrind history check --db FILE\n"
    "       hotgrind history blame|show|bisect|html ... (each --help)\n"
    "\n"
    "Keeps every recorded run in the SQLite database FILE (docs/history.md).\n"
    "\n"
    "record: stores each RUN (a report, a suite run's directory or manifest,\n"
    "or a suite run's shards joined by commas) as made at commit SHA, all in\n"
    "one transaction.  A report's benchmark is its program's file name; a\n"
    "suite run gives one benchmark per <benchmark>, a failed one with its\n"
    "status and no figures.  Only figures that differ from the previous run\n"
    "of the same benchmark, architecture and branch are stored.  FILE is\n"
    "made when missing.\n"
    "  --commit SHA      the commit, 7 to 40 hex digits\n"
    "  --parent SHA      a parent commit (repeatable, first parent first)\n"
    "  --branch NAME     the branch the commit was recorded on\n"
    "  --time ISO-8601   the commit's time (YYYY-MM-DD[THH:MM[:SS]][Z|+HH:MM])\n"
    "  --replace         replace a benchmark already recorded for the commit\n"
    "                    and architecture with other settings or figures\n"
    "\n"
    "log: the series of a figure, newest first along the first parents of\n"
    "the branch's last recorded commit; '*' marks each commit where the\n"
    "value changed.\n"
    "  --benchmark GLOB  only the benchmarks GLOB matches (* and ?)\n"
    "  --function PAT    each function [OBJ:]GLOB matches, instead of the\n"
    "                    run's totals\n"
    "  --zone GLOB       each zone GLOB matches, instead (default metric\n"
    "                    incl-Ir)\n"
    "  --mark GLOB       each --mark pattern GLOB matches, instead: its\n"
    "                    metrics are entered (the default) and functions\n"
    "  --metric M        the figure (default Ir; hotgrind help check lists\n"
    "                    them)\n"
    "  --arch A          only runs of architecture A\n"
    "  --branch NAME     the branch (default: that of the first commit\n"
    "                    recorded)\n"
    "  --format F        text (default), json or csv\n"
    "\n"
    "check: SQLite's integrity check and the schema's version and tables.\n"
    "\n"
    "Exit status: 0 when done; 2, with one line on stderr, when an option,\n"
    "a RUN or FILE cannot be used (not SQLite, not a history, a newer\n"
    "schema, corrupt): nothing is written then.\n";

struct history_options {
    const char *db, *commit, *branch, *time, *format;
    const char *benchmark, *function, *zone, *mark, *metric, *arch;
    const char **parents;
    size_t parent_count;
    bool replace;
};

static int take_parent(const struct hg_command_line *line, const char *value)
{
    struct history_options *o = line->data;
    o->parents = hg_xrealloc(o->parents, o->parent_count + 1,
                             sizeof *o->parents);
    o->parents[o->parent_count++] = value;
    return -1;
}

static int usage(const char *format, const char *value)
{
    return hg_usage_error("history", history_usage, format, value);
}

bool hg_history_open_or_say(struct hg_history_db *h, const char *path,
                            enum hg_history_open_mode mode)
{
    char problem[HG_PROBLEM_SIZE];
    if (hg_history_open(h, path, mode, problem, sizeof problem))
        return true;
    hg_say_problem(path, problem);
    return false;
}

static int history_record(struct history_options *o, char **runs, int count)
{
    struct hg_history_commit commit = {
        .sha = o->commit, .parents = o->parents,
        .parent_count = o->parent_count, .branch = o->branch,
        .time = o->time,
    };
    char problem[HG_PROBLEM_SIZE];
    const char *file = NULL;
    struct hg_history_runs *read;
    struct hg_history_db h;
    size_t i;
    bool ok;

    if (o->commit == NULL)
        return usage("record: no --commit %s given", "SHA");
    if (!hg_history_sha_ok(o->commit))
        return usage("not a commit (7 to 40 hex digits): %s", o->commit);
    for (i = 0; i < o->parent_count; i++)
        if (!hg_history_sha_ok(o->parents[i]))
            return usage("not a commit (7 to 40 hex digits): %s",
                         o->parents[i]);
    if (o->time != NULL && !hg_history_time_ok(o->time))
        return usage("not an ISO-8601 date or time: %s", o->time);
    if (count == 0)
        return usage("record: give a %s to record", "RUN");
    read = hg_history_read_runs(runs, (size_t)count, &file, problem,
                                sizeof problem);
    if (read == NULL) {
        hg_say_problem(file, problem);
        return HG_EXIT_TROUBLE;
    }
    if (!hg_history_open_or_say(&h, o->db, HG_HISTORY_WRITE)) {
        hg_history_runs_free(read);
        return HG_EXIT_TROUBLE;
    }
    ok = hg_history_record(&h, &commit, o->replace, read, &file, problem,
                           sizeof problem);
    if (!ok)
        hg_say_problem(file != NULL ? file : o->db, problem);
    hg_history_close(&h);
    hg_history_runs_free(read);
    return ok ? HG_EXIT_OK : HG_EXIT_TROUBLE;
}

static int history_log(struct history_options *o)
{
    struct hg_history_log_query query = {
        .benchmark = o->benchmark, .function = o->function,
        .zone = o->zone, .mark = o->mark, .metric = o->metric,
        .arch = o->arch, .branch = o->branch,
    };
    const char *format = o->format != NULL ? o->format : "text";
    char problem[HG_PROBLEM_SIZE];
    struct hg_history_log log;
    struct hg_history_db h;
    bool ok;

    if (strcmp(format, "text") != 0 && strcmp(format, "json") != 0
        && strcmp(format, "csv") != 0)
        return usage("unknown --format (text, json or csv): %s", format);
    if ((o->function != NULL) + (o->zone != NULL) + (o->mark != NULL) > 1)
        return usage("%s: give one of --function, --zone and --mark", "log");
    if (o->mark != NULL && o->metric != NULL
        && strcmp(o->metric, "entered") != 0
        && strcmp(o->metric, "functions") != 0)
        return usage("a mark's --metric is entered or functions, not %s",
                     o->metric);
    if (o->mark == NULL && o->metric != NULL
        && hg_metric_named(o->metric) == NULL)
        return usage("unknown --metric: %s", o->metric);
    if (!hg_history_open_or_say(&h, o->db, HG_HISTORY_READ))
        return HG_EXIT_TROUBLE;
    ok = hg_history_log(&h, &query, &log, problem, sizeof problem);
    hg_history_close(&h);
    if (!ok) {
        hg_say_problem(o->db, problem);
        return HG_EXIT_TROUBLE;
    }
    if (strcmp(format, "json") == 0)
        hg_render_history_log_json(stdout, &log);
    else if (strcmp(format, "csv") == 0)
        hg_render_history_log_csv(stdout, &log);
    else
        hg_render_history_log_text(stdout, &log);
    hg_history_log_free(&log);
    return HG_EXIT_OK;
}

static int history_check(struct history_options *o)
{
    char problem[HG_PROBLEM_SIZE];
    struct hg_history_db h;
    bool ok;
    int version;
    if (!hg_history_open_or_say(&h, o->db, HG_HISTORY_READ))
        return HG_EXIT_TROUBLE;
    ok = hg_history_check(&h, problem, sizeof problem);
    version = h.version;
    hg_history_close(&h);
    if (!ok) {
        hg_say_problem(o->db, problem);
        return HG_EXIT_TROUBLE;
    }
    printf("ok (schema version %d)\n", version);
    return HG_EXIT_OK;
}

int hg_history_parse(struct hg_command_line *line, int argc, char **argv,
                     int *operands, const char *const *db)
{
    int status = hg_parse_options(line, argc, argv, operands);
    if (status == -1 && *db == NULL)
        status = hg_usage_error(line->command, line->usage,
                                "no --db %s given", "FILE");
    return status;
}

int hg_history_parse_one(struct hg_command_line *line, int argc, char **argv,
                         const char *const *db, const char *operand)
{
    int operands, status = hg_history_parse(line, argc, argv, &operands, db);
    if (status == -1 && operands != 1)
        status = hg_usage_error(line->command, line->usage, "give one %s",
                                operand);
    return status;
}

bool hg_history_read_or_say(const char *path,
                            bool (*read)(struct hg_history_db *h, void *data,
                                         char *problem, size_t problem_size),
                            void *data)
{
    char problem[HG_PROBLEM_SIZE];
    if (hg_history_read(path, read, data, problem, sizeof problem))
        return true;
    hg_say_problem(path, problem);
    return false;
}

int hg_history_text_or_json(const struct hg_command_line *line,
                            const char **format)
{
    if (*format == NULL)
        *format = "text";
    if (strcmp(*format, "text") != 0 && strcmp(*format, "json") != 0)
        return hg_usage_error(line->command, line->usage,
                              "unknown --format (text or json): %s",
                              *format);
    return -1;
}

int cmd_history(int argc, char **argv)
{
    struct history_options o = { 0 };
    struct hg_command_line line = {
        .command = "history", .usage = history_usage, .help = history_help,
        .data = &o,
        .options = {
            { .name = "--db", .value = &o.db, .once = true },
            { .name = "--commit", .value = &o.commit, .once = true },
            { .name = "--parent", .take = take_parent },
            { .name = "--branch", .value = &o.branch, .once = true },
            { .name = "--time", .value = &o.time, .once = true },
            { .name = "--replace", .flag = &o.replace },
            { .name = "--benchmark", .value = &o.benchmark },
            { .name = "--function", .value = &o.function },
            { .name = "--zone", .value = &o.zone },
            { .name = "--mark", .value = &o.mark },
            { .name = "--metric", .value = &o.metric },
            { .name = "--arch", .value = &o.arch },
            { .name = "--format", .value = &o.format },
        },
    };
    /* The actions with files of their own. */
    static const struct {
        const char *name;
        int (*run)(int argc, char **argv);
    } actions[] = {
        { "blame", cmd_history_blame },
        { "show", cmd_history_show },
        { "bisect", cmd_history_bisect },
        { "html", cmd_history_html },
    };
    const char *action;
    int status, operands;
    size_t i;

    if (argc >= 2 && (strcmp(argv[1], "--help") == 0
                      || strcmp(argv[1], "-h") == 0)) {
        fputs(history_help, stdout);
        return HG_EXIT_OK;
    }
    if (argc < 2)
        return usage("give an action: %s",
                     "record, log, check, blame, show, bisect or html");
    action = argv[1];
    for (i = 0; i < sizeof actions / sizeof actions[0]; i++)
        if (strcmp(action, actions[i].name) == 0)
            return actions[i].run(argc - 1, argv + 1);
    status = hg_parse_options(&line, argc - 1, argv + 1, &operands);
    if (status == -1 && o.db == NULL)
        status = usage("no --db %s given", "FILE");
    if (status == -1 && strcmp(action, "record") == 0
        && (o.benchmark != NULL || o.function != NULL || o.zone != NULL
            || o.mark != NULL || o.metric != NULL || o.arch != NULL
            || o.format != NULL))
        status = usage("--benchmark, --function, --zone, --mark, --metric, "
                       "--arch and --format are options of %s", "log");
    else if (status == -1 && strcmp(action, "record") == 0)
        status = history_record(&o, argv + 1, operands);
    else if (status == -1 && (o.commit != NULL || o.parent_count > 0
                              || o.time != NULL || o.replace))
        status = usage("--commit, --parent, --time and --replace are "
                       "options of %s", "record");
    else if (status == -1 && strcmp(action, "log") == 0 && operands == 0)
        status = history_log(&o);
    else if (status == -1 && strcmp(action, "check") == 0 && operands == 0
             && o.branch == NULL && o.benchmark == NULL && o.function == NULL
             && o.zone == NULL && o.mark == NULL
             && o.metric == NULL && o.arch == NULL && o.format == NULL)
        status = history_check(&o);
    else if (status == -1 && strcmp(action, "log") != 0
             && strcmp(action, "check") != 0)
        status = usage("unknown action (record, log, check, blame, show, bisect or html): %s", action);
    else if (status == -1)
        status = usage("%s takes no such option or operand", action);
    free(o.parents);
    return status;
}
