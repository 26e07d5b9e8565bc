/* hotgrind diff: what changed between two reports, function by function
   and metric by metric, as a table, a pull-request comment or JSON.
   GPL-2.0-or-later; part of hotgrind. */

/* diff does not judge: it exits 0 whatever changed (`hotgrind check`
   judges), and 2 only when a report cannot be read or the command line is
   wrong.  The comparison itself is in diff.c; this file reads the command
   line, loads the reports and hands the comparison to a renderer
   (render/diff-*.c: text, markdown, JSON), or to the flame graph of
   flamegraph.c for --format=svg. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin/builtin.h"
#include "compare/diff.h"
#include "compare/line-diff.h"
#include "policy/policy.h"
#include "render/diff-render.h"
#include "render/flamegraph.h"
#include "render/history-link.h"
#include "report/load.h"
#include "report/report.h"
#include "report/subtree.h"
#include "suite/suite-operand.h"
#include "util/messages.h"
#include "util/number.h"
#include "util/output.h"
#include "util/parse-options.h"
#include "util/xalloc.h"

static const char diff_usage[] =
    "usage: hotgrind diff [--format=text|markdown|json|svg] [--limit N] "
    "[--allow-exit=LIST] [--lines [--base-source DIR] [--head-source DIR]] "
    "[--wide] [--history-url URL] [--metric M] [--root F] [--title T] "
    "[--width PX] [-o OUT] BASE HEAD";

static const char diff_help[] =
    "usage: hotgrind diff [--format=text|markdown|json|svg] [--limit N]\n"
    "                     [--allow-exit=LIST]\n"
    "                     [--lines [--base-source DIR] [--head-source DIR]]\n"
    "                     [--wide] [--history-url URL]\n"
    "                     [--metric M] [--root F] [--title T] [--width PX]\n"
    "                     [-o OUT] BASE HEAD\n"
    "\n"
    "Compares the report HEAD with the report BASE: the whole run, then each\n"
    "function and zone, matched by name, object and file (by name and object\n"
    "when only the file changed).  For each figure either report has (Ir,\n"
    "cache figures, heap traffic, calls, inclusive figures, per-call\n"
    "percentiles, peak and exit heap): base, head, delta and the change in\n"
    "percent of the base ('new' from 0, 'gone' to 0).  Functions and zones in\n"
    "one report only are shown as added or removed; those that did not\n"
    "change are counted, not shown.\n"
    "\n"
    "Rows are sorted by impact: the largest |change| of Ir first (self Ir\n"
    "of a function, inclusive Ir of a zone), then of each other figure in\n"
    "the order of the metric table; ties by name, object and file, then\n"
    "line.  Reports of two architectures compare calls and heap figures as\n"
    "usual and Ir, cache and per-call figures as a ratio head/base, and\n"
    "rank by the former; they also pair the program, the dynamic loader\n"
    "and versioned symbols by role and by name without the version (a line\n"
    "says which did), and show each function's self Ir per call head/base,\n"
    "farthest from the whole run's ratio first.  When the runs were measured\n"
    "differently (Valgrind, platform, C library, environment, options, the\n"
    "settings of hotgrind run, cache model) a warning lists how, on stderr\n"
    "and in the output.\n"
    "\n"
    "  --format=text       an aligned table (the default)\n"
    "  --format=markdown   a GitHub table with a summary line, for a\n"
    "                      pull-request comment\n"
    "  --format=json       one JSON object: both runs and every figure of\n"
    "                      the rows shown, numbers as numbers (format 2,\n"
    "                      docs/diff.schema.json)\n"
    "  --format=svg        a differential flame graph of the calling\n"
    "                      contexts (both reports made with\n"
    "                      --call-graph=yes): HEAD's frames, red where a\n"
    "                      frame's self figure grew, blue where it shrank;\n"
    "                      --metric (Ir), --title, --width and -o OUT as for\n"
    "                      `hotgrind export --format=svg` (docs/export.md)\n"
    "  --root F            svg: only the contexts under the outermost calls\n"
    "                      of the functions F matches, in both reports\n"
    "  --limit N           show the N rows of most impact (default 20; 0\n"
    "                      shows all); the totals are always shown\n"
    "  --allow-exit=LIST   compare reports whose program ended so: nonzero\n"
    "                      (an exit status other than 0), signal, exec,\n"
    "                      comma-separated, or any; without it such a\n"
    "                      report is refused, as it may not hold a whole\n"
    "                      run (a report that does not say how its program\n"
    "                      ended is compared)\n"
    "  --lines             then, inside each changed function shown, the\n"
    "                      lines whose figures changed (both reports made\n"
    "                      with --lines=yes): base and head line, base,\n"
    "                      head, delta and change, and the source text.\n"
    "                      Lines are matched by their text when both\n"
    "                      versions of the file are found (a line moved\n"
    "                      by code above it is the same line), by number\n"
    "                      otherwise; the table says which and why\n"
    "  --base-source DIR   with --lines: look for the base's sources in\n"
    "                      DIR first, then where its debug info says\n"
    "  --head-source DIR   the same for the head's, then the current\n"
    "                      directory too\n"
    "  --wide              with --format=text: print every cell whole (the\n"
    "                      tables are otherwise cut to 120 columns)\n"
    "  --history-url URL   with --format=markdown: each function of the\n"
    "                      base is a link to its page of the history site\n"
    "                      at URL (http:// or https://; `hotgrind history\n"
    "                      html`), of the benchmark that history record\n"
    "                      files the run under (docs/ci.md)\n"
    "\n"
    "The text and markdown tables show the figures that changed; JSON shows\n"
    "every figure of each row.  When both reports have a call graph\n"
    "(--call-graph=yes), every function has calls and inclusive figures,\n"
    "so a caller whose callees changed is a row too (the tables leave out\n"
    "an unmarked function's incl- figure that moved as its self figure),\n"
    "and each changed function shown with callees is explained: the\n"
    "change of its incl-Ir by its self Ir, no-symbol Ir and the five\n"
    "callee edges of most change, which add up to it unless the function\n"
    "is recursive or mid-jump.\n"
    "\n"
    "BASE and HEAD may both be suite runs: a directory of `hotgrind suite\n"
    "run` (or its manifest.xml), or the shard directories of one run\n"
    "joined by commas (DIR1,DIR2).  Their benchmarks are matched by name;\n"
    "each one in both that ran is compared as two reports are, in name\n"
    "order (markdown: each folded; JSON: docs/diff-suite.schema.json), and\n"
    "those added, removed or not run are listed.  Exit status: 0 whatever\n"
    "changed;\n"
    "2 when a report cannot be read or is refused, or the command line is\n"
    "wrong.\n";

enum { DEFAULT_LIMIT = 20 };

struct options {
    const char **paths;
    const struct diff_renderer *renderer;
    bool svg;                    /* --format=svg: a flame graph instead */
    size_t limit;
    unsigned allowed_exits;      /* HG_ALLOW_ */
    bool lines;                  /* --lines */
    bool wide;                   /* --wide */
    struct hg_line_sources sources;
    const char *history_url;     /* --history-url, markdown only */
    /* --format=svg (flamegraph.c) */
    const char *out_path;
    const char *root;            /* --root */
    struct hg_flame_metric metric;
    struct hg_flame_style style;
};

/* Reads the command line into OPTIONS; returns -1 when it is fine, else
   the exit status. */
static int parse_options(int argc, char **argv, struct options *o)
{
    const char *format_text = NULL, *limit_text = NULL, *exits_text = NULL;
    const char *metric_text = NULL, *title = NULL, *width_text = NULL;
    const struct hg_command_line line = {
        .command = "diff", .usage = diff_usage, .help = diff_help,
        .options = {
            { .name = "--format", .value = &format_text },
            { .name = "--limit", .value = &limit_text },
            { .name = "--allow-exit", .value = &exits_text },
            { .name = "--metric", .value = &metric_text },
            { .name = "--title", .value = &title },
            { .name = "--width", .value = &width_text },
            { .name = "-o", .value = &o->out_path },
            { .name = "--root", .value = &o->root },
            { .name = "--lines", .flag = &o->lines },
            { .name = "--wide", .flag = &o->wide },
            { .name = "--base-source", .value = &o->sources.dirs[0] },
            { .name = "--head-source", .value = &o->sources.dirs[1] },
            { .name = "--history-url", .value = &o->history_url },
        },
    };
    char *why;
    int status, operands;

    status = hg_parse_options(&line, argc, argv, &operands);
    if (status != -1)
        return status;
    if (operands > 2)
        return hg_usage_error("diff", diff_usage,
                              "two reports, BASE and HEAD, not more ('%s')",
                              argv[2]);
    o->svg = format_text != NULL && strcmp(format_text, "svg") == 0;
    if (format_text != NULL && !o->svg
        && (o->renderer = diff_renderer_named(format_text)) == NULL)
        return hg_usage_error("diff", diff_usage, "--format is text, "
                              "markdown, json or svg, not '%s'", format_text);
    if (!o->svg
        && (metric_text || title || width_text || o->out_path || o->root))
        return hg_usage_error("diff", diff_usage, "--metric, --root, "
                              "--title, --width and -o are for "
                              "--format=svg");
    if (o->svg && o->lines)
        return hg_usage_error("diff", diff_usage, "--lines is not for "
                              "--format=svg");
    if (!o->lines && (o->sources.dirs[0] || o->sources.dirs[1]))
        return hg_usage_error("diff", diff_usage, "--base-source and "
                              "--head-source go with --lines");
    if (o->svg && limit_text != NULL)
        return hg_usage_error("diff", diff_usage, "--limit is not for "
                              "--format=svg: the flame graph draws every "
                              "context");
    if (o->svg
        && (why = hg_flame_settings(metric_text, title, width_text,
                                    &o->metric, &o->style)) != NULL) {
        status = hg_usage_error("diff", diff_usage, "%s", why);
        free(why);
        return status;
    }
    if (o->wide && (o->svg || o->renderer != &diff_text_renderer))
        return hg_usage_error("diff", diff_usage, "--wide is for "
                              "--format=text");
    if (o->history_url != NULL && o->renderer != &diff_markdown_renderer)
        return hg_usage_error("diff", diff_usage, "--history-url is for "
                              "--format=markdown");
    if (o->history_url != NULL && !hg_history_url_ok(o->history_url))
        return hg_usage_error("diff", diff_usage, "--history-url takes an "
                              "http:// or https:// URL of plain characters "
                              "(no spaces, quotes, parentheses, '?' or '#'), "
                              "not '%s'", o->history_url);
    if (limit_text != NULL && !hg_parse_limit(limit_text, &o->limit))
        return hg_usage_error("diff", diff_usage,
                              "--limit needs a number (0 for all), not '%s'",
                              limit_text);
    if (exits_text != NULL
        && !hg_parse_allowed_exits(exits_text, &o->allowed_exits))
        return hg_usage_error("diff", diff_usage, "--allow-exit takes "
                              HG_ALLOW_EXIT_WORDS ", not '%s'", exits_text);
    if (operands != 2)
        return hg_usage_error("diff", diff_usage,
                              "two reports needed, BASE and HEAD");
    o->paths = (const char **)argv;
    return -1;
}

/* The two reports at PATHS, or false after one line on stderr: not
   readable, or refused by --allow-exit, or without lines for --lines. */
static bool load_pair(const struct options *o, const char *paths[2],
                      struct hg_report *reports[2])
{
    int s;
    reports[0] = reports[1] = NULL;
    for (s = 0; s < 2; s++)
        if ((reports[s] = hg_load_report(paths[s])) == NULL)
            goto refused;
    for (s = 0; s < 2; s++)
        if (!hg_exit_allowed(paths[s], reports[s], o->allowed_exits))
            goto refused;
    for (s = 0; s < 2 && o->lines; s++)
        if (!hg_report_has_lines(reports[s])) {
            hg_say_problem(paths[s], "has no per-line costs (it was not "
                           "made with --lines=yes), so diff --lines has no "
                           "lines to compare");
            goto refused;
        }
    return true;
refused:
    hg_report_free(reports[0]);
    hg_report_free(reports[1]);
    return false;
}

/* The comparison of REPORTS, PATHS[0] to PATHS[1], with O's renderer on
   OUT. */
static void compare_reports(struct diff_out *out, const struct options *o,
                            const char *const paths[2],
                            struct hg_report *const reports[2])
{
    struct diff_comparison c;
    struct hg_diff diff;

    diff_comparison_make(&c, &diff, paths, reports, o->limit,
                         o->lines ? &o->sources : NULL);
    diff_warn_runs_differ(&diff);
    o->renderer->comparison(out, &c);
    diff_comparison_free(&c, &diff);
}

/* The comparison of two suite runs: the benchmarks in both that ran
   compared as two reports are, the others listed.  Buffered, and written
   once every report was read: never part of an output. */
static int diff_suites(const struct options *o)
{
    struct hg_suite_run *runs[2];
    struct hg_bench_pair *pairs = NULL;
    char *text = NULL;
    size_t size = 0;
    struct diff_out out = { .in_suite = true, .wide = o->wide,
                            .history_url = o->history_url };
    struct diff_suite s = { .paths = o->paths };
    size_t i;
    int status = HG_EXIT_TROUBLE;

    if ((out.file = open_memstream(&text, &size)) == NULL)
        hg_out_of_memory();
    out.json.out = out.file;
    runs[1] = NULL;
    if ((runs[0] = hg_suite_gather(o->paths[0])) == NULL
        || (runs[1] = hg_suite_gather(o->paths[1])) == NULL)
        goto done;
    if (strcmp(runs[0]->suite, runs[1]->suite) != 0) {
        char problem[HG_PROBLEM_SIZE];
        snprintf(problem, sizeof problem, "is a run of suite '%s', but the "
                 "base is one of suite '%s': compare runs of one suite",
                 runs[1]->suite, runs[0]->suite);
        hg_say_problem(o->paths[1], problem);
        goto done;
    }
    pairs = hg_suite_pairs(runs[0], runs[1], &s.count);
    s.runs[0] = runs[0];
    s.runs[1] = runs[1];
    s.pairs = pairs;
    for (i = 0; i < s.count; i++)
        s.counts[hg_pair_kind(&pairs[i])]++;
    o->renderer->suite_open(&out, &s);
    for (i = 0; i < s.count; i++) {
        const struct hg_bench_pair *p = &pairs[i];
        enum hg_pair_kind kind = hg_pair_kind(p);
        struct hg_report *reports[2];
        const char *paths[2];
        o->renderer->bench_open(&out, p, kind);
        out.benchmark = p->name;
        if (kind == HG_PAIR_COMPARED) {
            paths[0] = p->base->report_path;
            paths[1] = p->head->report_path;
            if (!load_pair(o, paths, reports))
                goto done;
            compare_reports(&out, o, paths, reports);
            hg_report_free(reports[0]);
            hg_report_free(reports[1]);
        }
        if (o->renderer->bench_close != NULL)
            o->renderer->bench_close(&out, p, kind);
    }
    if (o->renderer->suite_close != NULL)
        o->renderer->suite_close(&out);
    status = HG_EXIT_OK;
done:
    if (fclose(out.file) != 0 || text == NULL)
        hg_out_of_memory();
    if (status == HG_EXIT_OK)
        fwrite(text, 1, size, stdout);
    free(text);
    free(pairs);
    hg_suite_run_free(runs[0]);
    hg_suite_run_free(runs[1]);
    return status;
}

/* --format=svg: the differential flame graph of REPORTS to -o OUT
   (stdout without); the exit status, after one line on stderr when a
   report has no contexts or no such figures, or the output cannot be
   written. */
static int diff_svg(const struct options *o,
                    const struct hg_report *const reports[2])
{
    char problem[HG_PROBLEM_SIZE], problems[2][HG_PROBLEM_SIZE];
    struct hg_flame_style style = o->style;
    struct hg_subtree subtrees[2];
    const struct hg_report *shown[2] = { reports[0], reports[1] };
    struct hg_output output;
    int s, built = 0, status = HG_EXIT_TROUBLE;

    memset(subtrees, 0, sizeof subtrees);
    for (s = 0; s < 2; s++) {
        if (!reports[s]->has_contexts) {
            hg_say_problem(o->paths[s], "the report has no calling contexts "
                           "(it was made without --call-graph=yes, or with "
                           "--max-contexts=0), which --format=svg compares");
            return HG_EXIT_TROUBLE;
        }
        if (!hg_flame_metric_in(reports[s], &o->metric, problem,
                                sizeof problem)) {
            hg_say_problem(o->paths[s], problem);
            return HG_EXIT_TROUBLE;
        }
    }
    /* --root: each side's subtree; a side where no matching function ran
       is drawn empty (the function is new, or gone), both is an error. */
    if (o->root != NULL) {
        for (s = 0; s < 2; s++) {
            built += hg_subtree_build(&subtrees[s], reports[s], o->root,
                                      hg_function_pattern_matches,
                                      problems[s], sizeof problems[s]);
            shown[s] = &subtrees[s].view;
        }
        if (built == 0) {
            hg_say_problem(o->paths[1], problems[1]);
            goto out;
        }
        style.root = o->root;
    }
    if (!hg_output_open(&output, o->out_path, problem, sizeof problem)) {
        hg_problem(NULL, "%s", problem);
        goto out;
    }
    hg_write_flame_diff_svg(output.file, shown[0], shown[1], &o->metric,
                            &style);
    if (!hg_output_commit(&output, problem, sizeof problem)) {
        hg_problem(NULL, "%s", problem);
        goto out;
    }
    status = HG_EXIT_OK;
out:
    if (o->root != NULL)
        for (s = 0; s < 2; s++)
            hg_subtree_free(&subtrees[s]);
    return status;
}

int cmd_diff(int argc, char **argv)
{
    struct options o = { .renderer = &diff_text_renderer,
                         .limit = DEFAULT_LIMIT };
    struct hg_report *reports[2] = { NULL, NULL };
    bool suites[2];
    int status = parse_options(argc, argv, &o), s;

    if (status >= 0)
        return status;
    for (s = 0; s < 2; s++)
        suites[s] = hg_is_suite_operand(o.paths[s]);
    if (suites[0] != suites[1])
        return hg_usage_error("diff", diff_usage, "BASE and HEAD are both "
                              "reports or both suite runs ('%s' is %s)",
                              o.paths[1], suites[1] ? "suite runs"
                                                    : "a report");
    if (suites[0] && o.svg)
        return hg_usage_error("diff", diff_usage, "--format=svg compares "
                              "two reports, not suite runs");
    if (suites[0])
        return diff_suites(&o);
    if (!load_pair(&o, o.paths, reports))
        return HG_EXIT_TROUBLE;
    if (o.svg) {
        status = diff_svg(&o, (const struct hg_report *const *)reports);
    } else {
        struct diff_out out = { .file = stdout, .wide = o.wide,
                                .history_url = o.history_url };
        compare_reports(&out, &o, o.paths, reports);
        status = HG_EXIT_OK;
    }
    hg_report_free(reports[0]);
    hg_report_free(reports[1]);
    return status;
}
