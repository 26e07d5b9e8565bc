/* hotgrind annotate: the costs of a report's functions line by line, in
   their source when it can be found (reports made with --lines=yes).
   GPL-2.0-or-later; part of hotgrind. */

/* The options and the choice of functions; render/annotate.c writes them
   out. */

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "builtin/builtin.h"
#include "compare/source.h"
#include "policy/policy.h"
#include "render/annotate.h"
#include "report/load.h"
#include "report/metrics.h"
#include "report/report.h"
#include "util/messages.h"
#include "util/number.h"
#include "util/parse-options.h"
#include "util/xalloc.h"

static const char annotate_usage[] =
    "usage: hotgrind annotate [--function PATTERN]... [--limit N] "
    "[--source-dir DIR]... [--context N] REPORT";

static const char annotate_help[] =
    "usage: hotgrind annotate [--function PATTERN]... [--limit N]\n"
    "                         [--source-dir DIR]... [--context N] REPORT\n"
    "\n"
    "Prints the self costs of REPORT's functions line by line (a report\n"
    "made with --lines=yes), highest self Ir first: for each function, its\n"
    "lines' Ir and share of the function's self Ir, and every other event\n"
    "the report has per line (cache and branch figures), in the source\n"
    "file when it is found: the lines with a count and --context lines\n"
    "around them, '.' for a line without one, and \"-- line N ----\" where\n"
    "lines are skipped, as cg_annotate does.  When the file is not found,\n"
    "the counts by line number, after the places looked in.\n"
    "\n"
    "  --function PATTERN  only the functions PATTERN matches (a glob over\n"
    "                      the name, or OBJ:GLOB as in policies); may be\n"
    "                      given more than once\n"
    "  --limit N           at most N functions (default 20; 0: all)\n"
    "  --source-dir DIR    look for a source file in DIR first; may be\n"
    "                      given more than once, searched in order.  Then\n"
    "                      the directory the debug info records, then the\n"
    "                      current directory (an absolute file name is\n"
    "                      looked for only where it says)\n"
    "  --context N         lines shown before and after each line with a\n"
    "                      count (default 8, at most 1000)\n"
    "\n"
    "Exit status: 0; 2 when the report cannot be read, has no lines (not\n"
    "made with --lines=yes), no function matches a PATTERN, or the command\n"
    "line is wrong.\n";

enum { DEFAULT_LIMIT = 20, DEFAULT_CONTEXT = 8, CONTEXT_MAX = 1000 };

/* The strings of a repeatable option, in command-line order. */
struct string_list {
    const char **items;
    size_t count;
};

struct annotate_options {
    struct string_list patterns, source_dirs;
    size_t limit, context;
};

static void list_add(struct string_list *list, const char *item)
{
    list->items = hg_xrealloc(list->items, list->count + 1,
                              sizeof *list->items);
    list->items[list->count++] = item;
}

static int take_pattern(const struct hg_command_line *line, const char *value)
{
    list_add(&((struct annotate_options *)line->data)->patterns, value);
    return -1;
}

static int take_source_dir(const struct hg_command_line *line,
                           const char *value)
{
    list_add(&((struct annotate_options *)line->data)->source_dirs, value);
    return -1;
}

/* ------------------------------------------------------- the command */

/* Whether F is one the options ask for: any PATTERN matches it, or there
   is none. */
static bool selected(const struct hg_report *report,
                     const struct annotate_options *o,
                     const struct hg_function *f)
{
    size_t i;
    if (o->patterns.count == 0)
        return true;
    for (i = 0; i < o->patterns.count; i++)
        if (hg_function_pattern_matches(report, o->patterns.items[i], f))
            return true;
    return false;
}

/* The pattern of O that matches no function with lines, or NULL. */
static const char *unmatched_pattern(const struct hg_report *report,
                                     const struct annotate_options *o)
{
    size_t p, i;
    for (p = 0; p < o->patterns.count; p++) {
        for (i = 0; i < report->function_count; i++)
            if (report->functions[i].line_count > 0
                && hg_function_pattern_matches(report, o->patterns.items[p],
                                               &report->functions[i]))
                break;
        if (i == report->function_count)
            return o->patterns.items[p];
    }
    return NULL;
}

static int annotate(const char *path, const struct hg_report *report,
                    const struct annotate_options *o)
{
    const struct hg_function **chosen;
    char problem[HG_PROBLEM_SIZE], quoted[64];
    const char *unmatched;
    struct hg_annotate_view view;
    size_t n = 0, shown, i;

    if (!hg_report_has_lines(report)) {
        hg_say_problem(path, "has no per-line costs (it was not made with "
                       "--lines=yes), so there is nothing to annotate");
        return HG_EXIT_TROUBLE;
    }
    if ((unmatched = unmatched_pattern(report, o)) != NULL) {
        hg_quote_for_message(quoted, sizeof quoted, unmatched);
        snprintf(problem, sizeof problem, "no function with lines matches "
                 "'%s'", quoted);
        hg_say_problem(path, problem);
        return HG_EXIT_TROUBLE;
    }
    chosen = hg_xmalloc((report->function_count + 1) * sizeof *chosen);
    for (i = 0; i < report->function_count; i++)
        if (report->functions[i].line_count > 0
            && selected(report, o, &report->functions[i]))
            chosen[n++] = &report->functions[i];
    qsort(chosen, n, sizeof *chosen, hg_compare_report_order);
    shown = o->limit == 0 || o->limit > n ? n : o->limit;

    view.source_dirs = o->source_dirs.items;
    view.source_dir_count = o->source_dirs.count;
    view.context = o->context;
    hg_render_annotate(stdout, path, report, chosen, shown, n,
                       o->patterns.count > 0, &view);
    free(chosen);
    return HG_EXIT_OK;
}

int cmd_annotate(int argc, char **argv)
{
    struct annotate_options o = {
        .limit = DEFAULT_LIMIT, .context = DEFAULT_CONTEXT,
    };
    const char *path, *limit_text = NULL, *context_text = NULL;
    const struct hg_command_line line = {
        .command = "annotate", .usage = annotate_usage,
        .help = annotate_help,
        .options = {
            { .name = "--function", .take = take_pattern },
            { .name = "--limit", .value = &limit_text },
            { .name = "--source-dir", .take = take_source_dir },
            { .name = "--context", .value = &context_text },
        },
        .data = &o,
    };
    struct hg_report *report;
    int status;

    status = hg_parse_one_report(&line, argc, argv, &path);
    if (status == -1 && limit_text != NULL
        && !hg_parse_limit(limit_text, &o.limit))
        status = hg_usage_error("annotate", annotate_usage, "--limit needs "
                                "a number (0 for all), not '%s'",
                                limit_text);
    if (status == -1 && context_text != NULL
        && (!hg_parse_limit(context_text, &o.context)
            || o.context > CONTEXT_MAX))
        status = hg_usage_error("annotate", annotate_usage, "--context "
                                "needs a number of lines from 0 to %d, not "
                                "'%s'", CONTEXT_MAX, context_text);
    if (status == -1 && path == NULL)
        status = hg_usage_error("annotate", annotate_usage,
                                "no REPORT given");
    if (status == -1) {
        if ((report = hg_load_report(path)) == NULL)
            status = HG_EXIT_TROUBLE;
        else {
            status = annotate(path, report, &o);
            hg_report_free(report);
        }
    }
    free(o.patterns.items);
    free(o.source_dirs.items);
    return status;
}
