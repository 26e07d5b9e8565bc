/* hotgrind show: everything a report holds, for people: the run and what
   it was given, the top functions by self Ir, its marked functions and
   zones, heap, threads, mutexes and thread events.
   GPL-2.0-or-later; part of hotgrind. */

/* This file reads the options, loads the report and picks the view:
   the table (render/show.c) or a call graph view (render/show-graph.c). */

#include <stdbool.h>
#include <stdio.h>

#include "builtin/builtin.h"
#include "policy/policy.h"
#include "render/show.h"
#include "report/load.h"
#include "report/report.h"
#include "report/subtree.h"
#include "util/messages.h"
#include "util/parse-options.h"

static const char show_usage[] =
    "usage: hotgrind show [--limit N] [--width N | --wide] "
    "[--callers F | --callees F | --tree [--depth N] [--root F]] REPORT";

static const char show_help[] =
    "usage: hotgrind show [--limit N] [--width N | --wide]\n"
    "                     [--callers F | --callees F |\n"
    "                      --tree [--depth N] [--root F]] REPORT\n"
    "\n"
    "Prints the command of REPORT (with the program a launcher such as\n"
    "hotgrind run names, and the path it ran by) and what measured it; the\n"
    "run details the report records (platform, C library, options,\n"
    "environment, the launcher's settings, cache geometry, cost model,\n"
    "how the program ended: exit status, signal or exec; host); the total\n"
    "instruction count and cache figures; then its functions by self Ir\n"
    "(instructions executed in the function itself), highest first: Ir,\n"
    "share of the total, the cache figures when the cache was simulated\n"
    "(I1mr ... DLmw, cycles), function, object, file:line.\n"
    "\n"
    "Then, if the report has any, all its marked functions (--mark) and zones\n"
    "(HOTGRIND_ZONE_BEGIN) by inclusive Ir, highest first: calls, inclusive\n"
    "Ir and cache figures, the mean, p50, p95, p99 and max of the inclusive\n"
    "Ir of single calls ('-' with no calls), and the heap traffic inside\n"
    "their calls.\n"
    "\n"
    "Then, for the parts the report has: the heap of the whole run\n"
    "(allocations, frees, peak and what was live at exit) and the functions\n"
    "that allocated or freed, by bytes allocated; every thread with its\n"
    "parent, status, Ir, share of the total and allocations; the mutexes, most\n"
    "contended first; the number of thread events of each kind; and the\n"
    "inputs the program read from outside (OS randomness, clocks, the\n"
    "number of CPUs: calls, bytes, how, whether pinned, from which\n"
    "function).  Last, a\n"
    "warning for each mark pattern that matched no function, or whose\n"
    "functions were never entered.\n"
    "\n"
    "  --limit N   show the top N functions, heap functions and mutexes\n"
    "              (default 20; 0 shows all); marked functions, zones and\n"
    "              threads are always all shown\n"
    "  --width N   fit N display columns (default 120; 0: no limit): the\n"
    "              header's lines wrap and values past 40 columns are cut\n"
    "              with '…'; a table too wide shows its cache figures, and\n"
    "              the heap traffic of marked functions, as tables of their\n"
    "              own (and their per-call columns, when the names would\n"
    "              not fit beside them), and names and paths are cut with\n"
    "              '…' to fit\n"
    "  --wide      every column in one table, every value whole, nothing\n"
    "              wrapped (--width 0)\n"
    "\n"
    "With a report made with --call-graph=yes, instead of all that:\n"
    "  --callers F  for each function F matches (a glob over the name, or\n"
    "               OBJ:GLOB as in policies), its self, no-symbol and\n"
    "               inclusive Ir, calls and outside-calls, then its callers\n"
    "               by the inclusive Ir of their calls to it, highest first:\n"
    "               calls, Ir and share of F's inclusive Ir; the entries\n"
    "               with no known caller last\n"
    "  --callees F  the same with the functions F called\n"
    "  --tree       the calling-context tree: every call path from a root,\n"
    "               largest first, with its inclusive Ir, share of the total\n"
    "               and calls; a path with callees below --depth is marked\n"
    "               [...].  A report made with --max-contexts=0 has no\n"
    "               contexts: the tree is then built from the edges (each\n"
    "               call's Ir and calls summed over all paths), a call back\n"
    "               into a function on the path marked [cycle]\n"
    "  --depth N    levels of callees under each root (default 8, at most\n"
    "               1000); the tree stops after 10,000 rows, saying so\n"
    "  --root F     with contexts: the tree under the outermost calls of the\n"
    "               functions F matches (a pattern as for --callers), each\n"
    "               function's calls merged into one root and their callees\n"
    "               by call path, after a line per root: its inclusive Ir,\n"
    "               share of the run and how many contexts it merges\n"
    "  (--limit N then limits the callers or callees of each function.)\n";

enum { DEFAULT_LIMIT = 20 };

/* Levels of callees `show --tree` shows under each root, by default and
   at most (the tree is walked by recursion, one level a call). */
enum { DEFAULT_DEPTH = 8, DEPTH_MAX = 1000 };

/* The width `show` fits by default, whatever the terminal: the output
   depends only on the report and the options. */
enum { DEFAULT_WIDTH = 120 };

/* Which view of the report `show` prints. */
enum graph_view { VIEW_NONE, VIEW_CALLERS, VIEW_CALLEES, VIEW_TREE };

/* `show --tree --root PATTERN`: HG_EXIT_TROUBLE, after one line naming
   PATH, when the report has no contexts or none of a function PATTERN
   matches. */
static int show_root_tree(const char *path, const struct hg_report *report,
                          const char *pattern, size_t depth, size_t limit,
                          size_t width)
{
    struct hg_subtree subtree;
    char problem[HG_PROBLEM_SIZE];
    int status = HG_EXIT_OK;

    if (hg_subtree_build(&subtree, report, pattern,
                         hg_function_pattern_matches, problem,
                         sizeof problem))
        hg_show_root_tree(stdout, report, &subtree, pattern, depth, limit,
                          width);
    else {
        hg_say_problem(path, problem);
        status = HG_EXIT_TROUBLE;
    }
    hg_subtree_free(&subtree);
    return status;
}

int cmd_show(int argc, char **argv)
{
    const char *path, *limit_text = NULL, *width_text = NULL;
    const char *callers = NULL, *callees = NULL, *depth_text = NULL;
    const char *root = NULL;
    bool wide = false, tree = false;
    const struct hg_command_line line = {
        .command = "show", .usage = show_usage, .help = show_help,
        .options = {
            { .name = "--limit", .value = &limit_text },
            { .name = "--width", .value = &width_text },
            { .name = "--wide", .flag = &wide },
            { .name = "--callers", .value = &callers },
            { .name = "--callees", .value = &callees },
            { .name = "--tree", .flag = &tree },
            { .name = "--depth", .value = &depth_text },
            { .name = "--root", .value = &root },
        },
    };
    size_t limit = DEFAULT_LIMIT, width = DEFAULT_WIDTH, depth = DEFAULT_DEPTH;
    enum graph_view view;
    struct hg_report *report;
    int status;

    status = hg_parse_one_report(&line, argc, argv, &path);
    if (status != -1)
        return status;
    if (limit_text != NULL && !hg_parse_limit(limit_text, &limit))
        return hg_usage_error("show", show_usage,
                              "--limit needs a number (0 for all), not '%s'",
                              limit_text);
    if (width_text != NULL && wide)
        return hg_usage_error("show", show_usage, "--width and --wide "
                              "together; give one (--wide is --width 0)");
    if (width_text != NULL && !hg_parse_limit(width_text, &width))
        return hg_usage_error("show", show_usage,
                              "--width needs a number of columns (0 for no "
                              "limit), not '%s'", width_text);
    if (wide)
        width = 0;
    if ((callers != NULL) + (callees != NULL) + tree > 1)
        return hg_usage_error("show", show_usage, "--callers, --callees and "
                              "--tree together; give one");
    view = callers ? VIEW_CALLERS : callees ? VIEW_CALLEES
           : tree ? VIEW_TREE : VIEW_NONE;
    if (depth_text != NULL && !tree)
        return hg_usage_error("show", show_usage, "--depth goes with "
                              "--tree");
    if (root != NULL && !tree)
        return hg_usage_error("show", show_usage, "--root goes with --tree");
    if (depth_text != NULL
        && (!hg_parse_limit(depth_text, &depth) || depth > DEPTH_MAX))
        return hg_usage_error("show", show_usage, "--depth needs a number "
                              "of levels from 0 to %d, not '%s'", DEPTH_MAX,
                              depth_text);
    if (path == NULL)
        return hg_usage_error("show", show_usage, "no REPORT given");

    if ((report = hg_load_report(path)) == NULL)
        return HG_EXIT_TROUBLE;
    status = HG_EXIT_OK;
    if (view != VIEW_NONE && !report->has_call_graph) {
        hg_say_problem(path, "has no call graph (it was not made with "
                       "--call-graph=yes), so it has no callers, callees "
                       "or tree to show");
        status = HG_EXIT_TROUBLE;
    } else if (view == VIEW_TREE && root != NULL) {
        status = show_root_tree(path, report, root, depth, limit, width);
    } else if (view == VIEW_TREE && report->has_contexts) {
        hg_show_context_tree(stdout, report, depth, limit, width);
    } else if (view == VIEW_TREE) {
        hg_show_tree(stdout, report, depth, limit, width);
    } else if (view != VIEW_NONE) {
        if (!hg_show_neighbours(stdout, path, report, callers ? callers : callees,
                             view == VIEW_CALLERS, limit, width))
            status = HG_EXIT_TROUBLE;
    } else
        hg_show_table_within(stdout, report, limit, width);
    hg_report_free(report);
    return status;
}

