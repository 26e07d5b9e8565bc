/* hotgrind export: a report as Callgrind's out format, JSON, Bencher's
   metric format (BMF), folded stacks or an SVG flame graph.
   GPL-2.0-or-later; part of hotgrind. */

/* This file reads the options, loads the report and hands it to the
   format's writer (render/export-*.c, render/flamegraph.c for svg), into
   an output file that is renamed into place only when complete. */

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "builtin/builtin.h"
#include "policy/policy.h"
#include "render/export.h"
#include "render/flamegraph.h"
#include "report/load.h"
#include "report/report.h"
#include "report/subtree.h"
#include "util/messages.h"
#include "util/output.h"
#include "util/parse-options.h"

/* --max-output-bytes by default: far above the folded stacks of a real
   program's contexts (100,000 contexts 50 deep of 30-byte names are
   150 MB), far below those of a recursion as deep as the cap on contexts
   (100,000 deep: hundreds of GB). */
#define DEFAULT_MAX_OUTPUT_BYTES ((size_t)1 << 30)

static const char export_usage[] =
    "usage: hotgrind export --format=callgrind|cachegrind|json|bmf|folded|svg "
    "[--metric M] [--root F] [--title T] [--width PX] [--max-output-bytes N] "
    "[-o OUT] REPORT";

static const char export_help[] =
    "usage: hotgrind export --format=callgrind|cachegrind|json|bmf|folded|svg "
    "[--metric M] [--root F] [--title T] [--width PX] [--max-output-bytes N] "
    "[-o OUT] REPORT\n"
    "\n"
    "Writes REPORT in another format, on stdout or, with -o, to OUT (through\n"
    "OUT.tmp.XXXXXX and a rename, so OUT is never a partial file):\n"
    "\n"
    "  callgrind  Callgrind's out format, for KCachegrind and\n"
    "             callgrind_annotate: the self cost of every function in every\n"
    "             event the report has (Ir, cache figures, cycles, branch\n"
    "             figures, heap), on its source lines with --lines=yes;\n"
    "             marked functions and zones also get their calls and\n"
    "             inclusive costs, as a call from a stand-in caller named\n"
    "             '(callers of NAME)'.\n"
    "  cachegrind Cachegrind's out format, for cg_annotate: the self cost of\n"
    "             every function in Ir and the cache and branch events, on\n"
    "             its source lines with --lines=yes, on line 0 without.\n"
    "  json       the whole report as JSON, keys in the report's order,\n"
    "             counts as integers.\n"
    "  bmf        Bencher Metric Format: the totals, every marked function and\n"
    "             every zone as benchmarks, with measures such as\n"
    "             instructions, allocations and calls.\n"
    "  folded     folded stacks for flame graphs (flamegraph.pl, speedscope):\n"
    "             with calling contexts (--call-graph=yes), one line per\n"
    "             context with its self cost, 'main;parse;lex 1234', and\n"
    "             '[outside] N'; without, 'OBJECT;FUNCTION SELF' per function.\n"
    "  svg        a flame graph of the calling contexts as one SVG file, with\n"
    "             tooltips, search and click-to-zoom, nothing fetched.\n"
    "\n"
    "  --metric M  the figure of folded and svg: Ir (the default), I1mr,\n"
    "              ILmr, Dr, D1mr, DLmr, Dw, D1mw, DLmw, cycles\n"
    "              (--cache-sim=yes), allocs, alloc-bytes, frees, free-bytes\n"
    "              (--heap=yes)\n"
    "  --root F    folded and svg: only the calling contexts under the\n"
    "              outermost calls of the functions F matches (a glob over\n"
    "              the name, or OBJ:GLOB as in policies), merged by call path\n"
    "              below each such function, which starts every stack; the\n"
    "              svg's subtitle gives their share of the run\n"
    "  --title T   svg: the title (default 'Flame graph: PROGRAM')\n"
    "  --width PX  svg: the width in pixels, 200 to 100000 (default 1200)\n"
    "  --max-output-bytes N\n"
    "              folded: refuse, before writing any, an output over N bytes\n"
    "              (default 1073741824, 1 GiB; 0 for no bound): each line\n"
    "              holds its context's whole stack, so deep recursion makes\n"
    "              the output grow with the square of the report\n"
    "\n"
    "docs/export.md describes each format exactly.\n";

enum format { FORMAT_NONE, FORMAT_CALLGRIND, FORMAT_CACHEGRIND, FORMAT_JSON,
              FORMAT_BMF, FORMAT_FOLDED, FORMAT_SVG };

static const char *const format_names[] = {
    "", "callgrind", "cachegrind", "json", "bmf", "folded", "svg",
};

static enum format parse_format(const char *name)
{
    int i;
    for (i = FORMAT_CALLGRIND; i <= FORMAT_SVG; i++)
        if (strcmp(name, format_names[i]) == 0)
            return (enum format)i;
    return FORMAT_NONE;
}

/* --metric, --title and --width: only for the formats that use them. */
static int check_flame_options(enum format format, const char *metric_text,
                               const char *title, const char *width_text,
                               struct hg_flame_metric *metric,
                               struct hg_flame_style *style)
{
    char *why;
    int status;

    if (metric_text != NULL && format != FORMAT_FOLDED && format != FORMAT_SVG)
        return hg_usage_error("export", export_usage, "--metric is for "
                              "--format=folded and --format=svg");
    if ((title != NULL || width_text != NULL) && format != FORMAT_SVG)
        return hg_usage_error("export", export_usage, "--%s is for "
                              "--format=svg", title != NULL ? "title"
                              : "width");
    why = hg_flame_settings(metric_text, title, width_text, metric, style);
    if (why == NULL)
        return -1;
    status = hg_usage_error("export", export_usage, "%s", why);
    free(why);
    return status;
}

/* Whether REPORT's folded stacks would be over MAX_BYTES; if so, says so
   (nothing is written). */
static bool too_large(const char *path, const struct hg_report *report,
                      const struct hg_flame_metric *metric, size_t max_bytes)
{
    uint64_t bytes = hg_folded_bytes(report, metric);
    if (bytes <= max_bytes)
        return false;
    hg_problem(path, "the folded stacks would be %" PRIu64 " bytes, over "
               "the bound of %zu (each line holds its context's whole "
               "stack: deep recursion); --max-output-bytes N raises it, 0 "
               "removes it", bytes, max_bytes);
    return true;
}

/* Frees REPORT and SUBTREE; returns STATUS. */
static int finish(struct hg_report *report, struct hg_subtree *subtree,
                  int status)
{
    hg_subtree_free(subtree);
    hg_report_free(report);
    return status;
}

int cmd_export(int argc, char **argv)
{
    const char *path, *out_path = NULL, *format_text = NULL;
    const char *metric_text = NULL, *title = NULL, *width_text = NULL;
    const char *max_bytes_text = NULL, *root = NULL;
    const struct hg_command_line line = {
        .command = "export", .usage = export_usage, .help = export_help,
        .options = {
            { .name = "--format", .value = &format_text },
            { .name = "--metric", .value = &metric_text },
            { .name = "--root", .value = &root },
            { .name = "--title", .value = &title },
            { .name = "--width", .value = &width_text },
            { .name = "--max-output-bytes", .value = &max_bytes_text },
            { .name = "-o", .value = &out_path },
        },
    };
    char problem[HG_PROBLEM_SIZE];
    struct hg_output output;
    struct hg_report *report;
    const struct hg_report *shown;
    struct hg_subtree subtree;
    struct hg_flame_metric metric;
    struct hg_flame_style style;
    enum format format;
    size_t max_bytes = DEFAULT_MAX_OUTPUT_BYTES;
    int status;

    status = hg_parse_one_report(&line, argc, argv, &path);
    if (status != -1)
        return status;
    if (format_text == NULL)
        return hg_usage_error("export", export_usage, "no --format given");
    format = parse_format(format_text);
    if (format == FORMAT_NONE)
        return hg_usage_error("export", export_usage, "unknown format '%s' "
                              "(callgrind, cachegrind, json, bmf, folded or svg)",
                              format_text);
    status = check_flame_options(format, metric_text, title, width_text,
                                 &metric, &style);
    if (status != -1)
        return status;
    if (root != NULL && format != FORMAT_FOLDED && format != FORMAT_SVG)
        return hg_usage_error("export", export_usage, "--root is for "
                              "--format=folded and --format=svg");
    if (max_bytes_text != NULL && format != FORMAT_FOLDED)
        return hg_usage_error("export", export_usage, "--max-output-bytes is "
                              "for --format=folded");
    if (max_bytes_text != NULL && !hg_parse_limit(max_bytes_text, &max_bytes))
        return hg_usage_error("export", export_usage, "--max-output-bytes "
                              "needs a number of bytes (0 for no bound), "
                              "not '%s'", max_bytes_text);
    if (path == NULL)
        return hg_usage_error("export", export_usage, "no REPORT given");

    if ((report = hg_load_report(path)) == NULL)
        return HG_EXIT_TROUBLE;
    if (format == FORMAT_SVG && !report->has_contexts) {
        hg_say_problem(path, "the report has no calling contexts (it was "
                       "made without --call-graph=yes, or with "
                       "--max-contexts=0), which --format=svg draws");
        hg_report_free(report);
        return HG_EXIT_TROUBLE;
    }
    if ((format == FORMAT_FOLDED || format == FORMAT_SVG)
        && !hg_flame_metric_in(report, &metric, problem, sizeof problem)) {
        hg_say_problem(path, problem);
        hg_report_free(report);
        return HG_EXIT_TROUBLE;
    }
    /* With --root, the formats draw the subtree's contexts only. */
    memset(&subtree, 0, sizeof subtree);
    shown = report;
    if (root != NULL) {
        if (!hg_subtree_build(&subtree, report, root,
                              hg_function_pattern_matches, problem,
                              sizeof problem)) {
            hg_say_problem(path, problem);
            return finish(report, &subtree, HG_EXIT_TROUBLE);
        }
        shown = &subtree.view;
        style.root = root;
        style.run_total = hg_flame_run_total(report, &metric);
    }
    if (format == FORMAT_FOLDED && max_bytes != 0
        && too_large(path, shown, &metric, max_bytes))
        return finish(report, &subtree, HG_EXIT_TROUBLE);
    if (!hg_output_open(&output, out_path, problem, sizeof problem)) {
        hg_problem(NULL, "%s", problem);
        return finish(report, &subtree, HG_EXIT_TROUBLE);
    }
    switch (format) {
    case FORMAT_CALLGRIND: hg_export_callgrind(output.file, report); break;
    case FORMAT_CACHEGRIND: hg_export_cachegrind(output.file, report); break;
    case FORMAT_JSON:      hg_export_json(output.file, report); break;
    case FORMAT_BMF:       hg_export_bmf(output.file, report); break;
    case FORMAT_SVG:
        hg_write_flame_svg(output.file, shown, &metric, &style);
        break;
    default:               hg_export_folded(output.file, shown, &metric); break;
    }
    finish(report, &subtree, HG_EXIT_OK);
    if (!hg_output_commit(&output, problem, sizeof problem)) {
        hg_problem(NULL, "%s", problem);
        return HG_EXIT_TROUBLE;
    }
    return HG_EXIT_OK;
}

