/* hotgrind check: applies a policy (docs/policy.md) to a report, or to
   the change between two, for CI.  GPL-2.0-or-later; part of hotgrind. */

/* The verdicts come from policy-judge.c; this file reads the command
   line and the files, and writes every verdict as text, as markdown for
   a pull-request comment, as JSON (docs/check.schema.json) or as JUnit
   XML for CI test reports.  Exit status: 0 pass, 1 a budget broken, a
   regression or a mark never entered (HG_EXIT_JUDGED), 2 a file or the
   command line unusable. */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin/builtin.h"
#include "policy/policy.h"
#include "render/json.h"
#include "report/load.h"
#include "report/report.h"
#include "suite/suite-operand.h"
#include "util/messages.h"
#include "util/number.h"
#include "util/parse-options.h"
#include "util/xalloc.h"

static const char check_usage[] =
    "usage: hotgrind check --policy FILE "
    "[--format=text|markdown|json|junit] [--allow-exit=LIST] [BASE] HEAD";

static const char check_help[] =
    "usage: hotgrind check --policy FILE "
    "[--format=text|markdown|json|junit] [--allow-exit=LIST] [BASE] HEAD\n"
    "\n"
    "BASE and HEAD are two reports, or two suite runs: a directory of\n"
    "`hotgrind suite run` (or its manifest.xml), or the shard directories\n"
    "of one run separated by commas (DIR1,DIR2), gathered into one suite.\n"
    "The benchmarks of suite runs are matched by name and each judged as a\n"
    "report; a benchmark whose run failed, crashed or timed out in HEAD,\n"
    "or (unless the policy's <suite removed=\"note\"/>) one in BASE only,\n"
    "fails; one verdict for the whole suite (docs/ci.md).\n"
    "\n"
    "Applies the policy FILE (XML, docs/policy.md; validated against the\n"
    "schema built into this command) to the report HEAD: its budgets,\n"
    "absolute limits per function, zone, call-graph edge (caller ->\n"
    "callee, --call-graph=yes), calling context (a stack such as\n"
    "**;main;parse, summed) or the whole run, on HEAD; and with a\n"
    "BASE report, its thresholds on the change from BASE to HEAD, metric\n"
    "by metric, past a noise floor, on rows and, when both reports have\n"
    "a call graph, on edges.  A --mark pattern of HEAD that\n"
    "never entered a function fails, unless the policy's <marks> says it\n"
    "is optional.  Between reports of different\n"
    "architectures, thresholds on Ir, cache and per-call figures are not\n"
    "applied; calls and heap figures are.  Differences in how the two\n"
    "runs were made (Valgrind, platform, libc, environment, options, the\n"
    "settings of hotgrind run) are warned about.\n"
    "\n"
    "Every verdict is printed: the rule and its line in FILE, the row,\n"
    "the numbers.  --format=markdown writes the same for a pull-request\n"
    "comment; json writes every verdict and judged row with its numbers\n"
    "(docs/check.schema.json), junit one test case per budget, mark and\n"
    "judged row for CI test reports (docs/ci.md).\n"
    "\n"
    "  --policy FILE       the policy (required, once)\n"
    "  --format=FORMAT     text (default), markdown, json or junit\n"
    "  --allow-exit=LIST   judge reports whose program ended so: nonzero\n"
    "                      (an exit status other than 0), signal, exec,\n"
    "                      comma-separated, or any; without it such a\n"
    "                      report is refused (status 2), as a killed run's\n"
    "                      figures stop early and would pass (a report that\n"
    "                      does not say how its program ended is judged)\n"
    "\n"
    "Exit status: 0 pass, 1 a budget broken or a regression, 2 a file that\n"
    "cannot be used or a wrong command line (one line on stderr says\n"
    "which file, which line and why).\n"
    "\n"
    "Metrics:\n";

enum format { FORMAT_TEXT, FORMAT_MARKDOWN, FORMAT_JSON, FORMAT_JUNIT };

static const char *const format_names[] = { "text", "markdown", "json",
                                            "junit" };

static void print_help(void)
{
    size_t n, i;
    const struct hg_metric *all = hg_metrics(&n);
    fputs(check_help, stdout);
    for (i = 0; i <= n; i++) {
        const struct hg_metric *m = i < n ? &all[i] : &hg_policy_mean;
        printf("  %-17s %s\n", m->name, m->meaning);
    }
}

/* ------------------------------------------------------------ output */

struct out {
    FILE *file;
    enum format format;
    const char *policy_path;
    bool in_suite;        /* a benchmark's section of a suite's output:
                             no title, no policy line of its own */
};

/* TEXT as it may appear: control characters as '?'; for markdown, the
   characters that would make markup escaped; for JUnit, those of XML. */
static bool escapes_xml(const struct out *out)
{
    return out->format == FORMAT_MARKDOWN || out->format == FORMAT_JUNIT;
}

static void put(const struct out *out, const char *text)
{
    for (; *text != '\0'; text++) {
        unsigned char c = (unsigned char)*text;
        if (c < 0x20 || c == 0x7f)
            fputc('?', out->file);
        else if (escapes_xml(out) && c == '<')
            fputs("&lt;", out->file);
        else if (escapes_xml(out) && c == '>')
            fputs("&gt;", out->file);
        else if (escapes_xml(out) && c == '&')
            fputs("&amp;", out->file);
        else if (out->format == FORMAT_JUNIT && c == '"')
            fputs("&quot;", out->file);
        else if (out->format == FORMAT_MARKDOWN && strchr("\\`*_[]|~#", c))
            fprintf(out->file, "\\%c", c);
        else
            fputc(c, out->file);
    }
}

/* Room for a value (a count or a mean) and for a cell built of values. */
enum { VALUE_SIZE = HG_MEAN_TEXT_SIZE, CELL_SIZE = 128 };

/* A value in the metric's unit: a count, or the mean's two decimals. */
static const char *value_text(const struct hg_metric *metric, uint64_t value,
                              char text[VALUE_SIZE])
{
    if (metric == &hg_policy_mean)
        return hg_format_mean(value / 100, (unsigned)(value % 100), text);
    return hg_format_count(value, text);
}

static const char *limit_text(const struct hg_budget *b, char text[CELL_SIZE])
{
    char low[VALUE_SIZE], high[VALUE_SIZE];
    value_text(b->metric, b->min, low);
    value_text(b->metric, b->max, high);
    if (b->exact)
        snprintf(text, CELL_SIZE, "exactly %s", low);
    else if (b->has_min && b->has_max)
        snprintf(text, CELL_SIZE, "%s to %s", low, high);
    else if (b->has_max)
        snprintf(text, CELL_SIZE, "at most %s", high);
    else
        snprintf(text, CELL_SIZE, "at least %s", low);
    return text;
}

static const char *status_word(enum hg_verdict_status status)
{
    static const char *const words[] = {
        "pass", "FAIL", "skip", "better", "note", "within"
    };
    return words[status];
}

static void put_rule(const struct out *out, const struct hg_verdict *v)
{
    char line[32];
    if (hg_verdict_line(v) == 0) {
        put(out, "(default)");
        return;
    }
    put(out, out->policy_path);
    snprintf(line, sizeof line, ":%ld", hg_verdict_line(v));
    put(out, line);
}

/* The row a verdict is about: its label, or for a budget that judged
   nothing what it looked for. */
/* What a budget's patterns match, as written: "parse", "main -> parse"
   for an edge; NULL for <total>.  Caller frees. */
static char *budget_patterns(const struct hg_budget *b)
{
    if (b->target == HG_BUDGET_EDGE)
        return hg_xasprintf("%s -> %s", b->pattern, b->callee_pattern);
    return b->pattern ? hg_xstrdup(b->pattern) : NULL;
}

static void put_row(const struct out *out, const struct hg_verdict *v)
{
    static const char *const targets[] = { "function", "zone", "(total)",
                                           "edge", "stack" };
    char *patterns;
    if (v->label != NULL) {
        put(out, v->label);
        return;
    }
    put(out, targets[v->budget->target]);
    if ((patterns = budget_patterns(v->budget)) != NULL) {
        put(out, " '");
        put(out, patterns);
        put(out, "'");
    }
    free(patterns);
}

/* What a budget that judged nothing found. */
static void put_nothing_judged(const struct out *out,
                               const struct hg_verdict *v)
{
    static const char *const kinds[] = { "function", "zone", "function",
                                         "edge", "context" };
    const char *kind = kinds[v->budget->target];
    char text[CELL_SIZE + 64];
    if (v->kind == HG_VERDICT_UNMATCHED)
        snprintf(text, sizeof text, "matched no %s", kind);
    else if (v->kind == HG_VERDICT_NO_GRAPH)
        snprintf(text, sizeof text, "the report has no call graph "
                 "(--call-graph=yes)");
    else if (v->kind == HG_VERDICT_NO_CONTEXTS)
        snprintf(text, sizeof text, "the report has no calling contexts "
                 "(--call-graph=yes, --max-contexts not 0)");
    else if (v->kind == HG_VERDICT_NO_FIGURE)
        snprintf(text, sizeof text, "the report has no %s figure",
                 v->budget->metric->name);
    else
        snprintf(text, sizeof text, "matched %zu %s%s, none with a %s "
                 "figure", v->matched, kind, v->matched == 1 ? "" : "s",
                 v->budget->metric->name);
    put(out, text);
    if (v->budget->optional)
        put(out, " (optional)");
}

/* "+60,000 (+20.00%)", "-5 (-0.50%)", "+12 (from 0)"; the percentage
   with the digits that tell it from the threshold (hg_verdict_percent). */
static const char *change_text(const struct hg_verdict *v,
                               char text[CELL_SIZE])
{
    bool up = v->head >= v->base;
    uint64_t change = up ? v->head - v->base : v->base - v->head;
    char amount[VALUE_SIZE], percent[HG_VERDICT_TEXT_SIZE];
    value_text(v->threshold->metric, change, amount);
    if (v->base == 0)
        snprintf(text, CELL_SIZE, "+%s (from 0)", amount);
    else
        snprintf(text, CELL_SIZE, "%c%s (%c%s%%)", up ? '+' : '-', amount,
                 up ? '+' : '-', hg_verdict_percent(v, percent));
    return text;
}

/* The threshold a change crossed. */
static const char *crossed_text(const struct hg_verdict *v,
                                char text[CELL_SIZE])
{
    char percent[HG_VERDICT_TEXT_SIZE];
    if (v->status == HG_VERDICT_FAIL && v->kind == HG_VERDICT_CHANGE)
        snprintf(text, CELL_SIZE, "more than +%s%%",
                 hg_policy_percent_text(v->threshold->regression, 2,
                                        percent));
    else if (v->status == HG_VERDICT_BETTER)
        snprintf(text, CELL_SIZE, "more than -%s%%",
                 hg_policy_percent_text(v->threshold->improvement, 2,
                                        percent));
    else if (v->status == HG_VERDICT_FAIL)
        snprintf(text, CELL_SIZE, "added=\"regression\"");
    else
        text[0] = '\0';
    return text;
}

/* What a mark found: "entered 2 of 3 matched functions", "never entered
   (matched 0 functions that ran)". */
static void put_mark_details(const struct out *out,
                             const struct hg_verdict *v)
{
    char text[2 * HG_COUNT_TEXT_SIZE + 64], a[HG_COUNT_TEXT_SIZE],
         b[HG_COUNT_TEXT_SIZE];
    if (v->mark->entered > 0)
        snprintf(text, sizeof text, "entered %s of %s matched function%s",
                 hg_format_count(v->mark->entered, a),
                 hg_format_count(v->mark->functions, b),
                 v->mark->functions == 1 ? "" : "s");
    else
        snprintf(text, sizeof text, "never entered (matched %s function%s "
                 "that ran)%s", hg_format_count(v->mark->functions, a),
                 v->mark->functions == 1 ? "" : "s",
                 v->status == HG_VERDICT_SKIP ? " (optional)" : "");
    put(out, text);
}

/* What a verdict is about: the rule, then "METRIC of ROW" or
   "mark 'PATTERN'". */
/* What a verdict judged: "Ir of parse (bench)", "mark 'parse'". */
static void print_verdict_subject(const struct out *out,
                                  const struct hg_verdict *v)
{
    if (v->kind == HG_VERDICT_MARK) {
        put(out, "mark '");
        put(out, v->mark->pattern);
        put(out, "'");
        return;
    }
    fprintf(out->file, "%s of ", hg_verdict_metric(v)->name);
    put_row(out, v);
}

/* The policy rule that judged, then what it judged. */
static void print_verdict_name(const struct out *out,
                               const struct hg_verdict *v)
{
    put_rule(out, v);
    put(out, "  ");
    print_verdict_subject(out, v);
}

/* A verdict after its status word, on one line: its name, then the
   numbers. */
static void print_verdict_body(const struct out *out,
                               const struct hg_verdict *v)
{
    const struct hg_metric *metric = hg_verdict_metric(v);
    char a[CELL_SIZE], b[CELL_SIZE], c[CELL_SIZE], d[CELL_SIZE];

    print_verdict_name(out, v);
    fputs(": ", out->file);
    switch (v->kind) {
    case HG_VERDICT_MARK:
        put_mark_details(out, v);
        break;
    case HG_VERDICT_VALUE:
        fprintf(out->file, "%s, want %s", value_text(metric, v->head, a),
                limit_text(v->budget, b));
        break;
    case HG_VERDICT_UNMATCHED:
    case HG_VERDICT_NO_VALUE:
    case HG_VERDICT_NO_FIGURE:
    case HG_VERDICT_NO_GRAPH:
    case HG_VERDICT_NO_CONTEXTS:
        put_nothing_judged(out, v);
        fprintf(out->file, ", want %s", limit_text(v->budget, b));
        break;
    case HG_VERDICT_CHANGE:
        fprintf(out->file, "%s -> %s, %s", value_text(metric, v->base, a),
                value_text(metric, v->head, b), change_text(v, c));
        if (*crossed_text(v, d))
            fprintf(out->file, ", %s", d);
        break;
    case HG_VERDICT_ADDED:
        fprintf(out->file, "only in head: %s", value_text(metric, v->head, a));
        if (v->status == HG_VERDICT_FAIL) {
            /* added="regression": quotes, which JUnit's XML escapes */
            put(out, " (");
            put(out, crossed_text(v, b));
            put(out, ")");
        }
        break;
    default:
        fprintf(out->file, "only in base: %s", value_text(metric, v->base, a));
        break;
    }
}

static void print_text_verdict(const struct out *out,
                               const struct hg_verdict *v)
{
    fprintf(out->file, "%-6s  ", status_word(v->status));
    print_verdict_body(out, v);
    fputc('\n', out->file);
}

static void print_markdown_verdict(const struct out *out,
                                   const struct hg_verdict *v)
{
    const struct hg_metric *metric = hg_verdict_metric(v);
    char a[CELL_SIZE], b[CELL_SIZE];

    fprintf(out->file, v->status == HG_VERDICT_FAIL ? "| **%s** | "
            : "| %s | ", status_word(v->status));
    put_rule(out, v);
    fputs(" | ", out->file);
    if (v->kind == HG_VERDICT_MARK) {
        put(out, v->mark->pattern);
        fprintf(out->file, " | %s | %s | %s |\n",
                hg_format_count(v->mark->functions, a),
                hg_format_count(v->mark->entered, b),
                v->mark->entered > 0 ? "entered"
                : v->status == HG_VERDICT_SKIP ? "never entered (optional)"
                : "never entered");
        return;
    }
    put_row(out, v);
    fprintf(out->file, " | %s | ", metric->name);
    switch (v->kind) {
    case HG_VERDICT_VALUE:
        fprintf(out->file, "%s | %s |", value_text(metric, v->head, a),
                limit_text(v->budget, b));
        break;
    case HG_VERDICT_UNMATCHED:
    case HG_VERDICT_NO_VALUE:
    case HG_VERDICT_NO_FIGURE:
    case HG_VERDICT_NO_GRAPH:
    case HG_VERDICT_NO_CONTEXTS:
        put_nothing_judged(out, v);
        fprintf(out->file, " | %s |", limit_text(v->budget, b));
        break;
    case HG_VERDICT_CHANGE:
        fprintf(out->file, "%s | ", value_text(metric, v->base, a));
        fprintf(out->file, "%s | ", value_text(metric, v->head, a));
        fprintf(out->file, "%s | %s |", change_text(v, a),
                crossed_text(v, b));
        break;
    case HG_VERDICT_ADDED:
        fprintf(out->file, "- | %s | only in head | %s |",
                value_text(metric, v->head, a), crossed_text(v, b));
        break;
    default:
        fprintf(out->file, "%s | - | only in base | %s |",
                value_text(metric, v->base, a), crossed_text(v, b));
        break;
    }
    fputc('\n', out->file);
}

/* The three kinds of verdicts, each printed in a section of its own. */
enum section { SECTION_BUDGETS, SECTION_MARKS, SECTION_THRESHOLDS };

static enum section section_of(const struct hg_verdict *v)
{
    return v->kind == HG_VERDICT_MARK ? SECTION_MARKS
           : v->budget != NULL ? SECTION_BUDGETS : SECTION_THRESHOLDS;
}

/* The verdicts of SECTION; those within the thresholds and the marks
   entered are only counted in text and markdown. */
static void print_verdicts(const struct out *out,
                           const struct hg_judgement *j,
                           enum section section, const char *table_head)
{
    size_t i;
    bool any = false;
    for (i = 0; i < j->verdict_count; i++) {
        const struct hg_verdict *v = &j->verdicts[i];
        if (section_of(v) != section || v->status == HG_VERDICT_WITHIN
            || (section == SECTION_MARKS && v->status == HG_VERDICT_PASS))
            continue;
        if (!any && out->format == FORMAT_MARKDOWN)
            fputs(table_head, out->file);
        any = true;
        if (out->format == FORMAT_MARKDOWN)
            print_markdown_verdict(out, v);
        else
            print_text_verdict(out, v);
    }
    if (!any)
        fputs("No regression, improvement or row only in one report.\n",
              out->file);
}

/* "warning: " or "note: ", as a list item in markdown. */
static void start_remark(const struct out *out, const char *kind)
{
    fprintf(out->file, out->format == FORMAT_MARKDOWN ? "- **%s:** "
            : "%s: ", kind);
}

static void print_remarks(const struct out *out, const struct hg_judgement *j,
                          const struct hg_report *base,
                          const struct hg_report *head)
{
    size_t i;

    for (i = 0; i < j->difference_count; i++) {
        const struct hg_diff_difference *d = &j->differences[i];
        start_remark(out, "warning");
        put(out, "runs differ in ");
        put(out, d->what);
        put(out, ": base ");
        put(out, d->base);
        put(out, ", head ");
        put(out, d->head);
        fputc('\n', out->file);
        if (d->why != NULL) {
            start_remark(out, "note");
            put(out, d->why);
            fputc('\n', out->file);
        }
    }
    if (j->cross_arch) {
        start_remark(out, "note");
        put(out, "base is ");
        put(out, base->arch);
        put(out, ", head is ");
        put(out, head->arch);
        put(out, ": thresholds on Ir, cache and per-call figures are not "
            "applied across architectures; calls and heap figures are");
        fputc('\n', out->file);
    }
    for (i = 0; i < j->unjudged_count; i++) {
        const struct hg_unjudged *u = &j->unjudged[i];
        start_remark(out, "note");
        fprintf(out->file, "thresholds on %s not applied: ",
                u->threshold->metric->name);
        if (strcmp(u->missing_in, "both") == 0)
            fputs("neither report has these figures\n", out->file);
        else
            fprintf(out->file, "the %s report does not have these "
                    "figures\n", u->missing_in);
    }
    if (j->edges_missing_in != NULL) {
        start_remark(out, "note");
        fprintf(out->file, "thresholds on edges not applied: the %s report "
                "has no call graph (--call-graph=yes)\n",
                j->edges_missing_in);
    }
    if (j->difference_count || j->cross_arch || j->unjudged_count
        || j->edges_missing_in)
        fputc('\n', out->file);
}

static void print_summary(const struct out *out, const struct hg_judgement *j)
{
    bool failed = hg_judgement_failed(j);
    fprintf(out->file, out->format == FORMAT_MARKDOWN
            ? "**Result: %s** (budgets: %zu kept, %zu broken, %zu skipped; "
            : "Result: %s (budgets: %zu kept, %zu broken, %zu skipped; ",
            failed ? "FAIL" : "PASS", j->budgets_passed, j->budgets_failed,
            j->budgets_skipped);
    if (j->marks_entered + j->marks_dead + j->marks_optional > 0)
        fprintf(out->file, "marks: %zu entered, %zu never entered, %zu "
                "optional; ", j->marks_entered, j->marks_dead,
                j->marks_optional);
    if (j->has_base)
        fprintf(out->file, "thresholds: %zu regressed, %zu improved, "
                "%zu noted, %zu within, %zu under the floor; %zu rows "
                "unchanged)\n", j->regressions, j->improvements, j->notes,
                j->within, j->under_floor, j->unchanged);
    else
        fputs("thresholds: not applied without BASE)\n", out->file);
}

/* "Head:   head.xml (amd64)" on its own line, or in markdown one
   sentence: "Policy p.xml, base b.xml (amd64), head h.xml (amd64)." */
static void print_source(const struct out *out, const char *role, bool first,
                         const char *path, const struct hg_report *report)
{
    bool md = out->format == FORMAT_MARKDOWN;
    bool last = strcmp(role, "head") == 0;
    if (md)
        fprintf(out->file, "%c%s ", first ? role[0] - 'a' + 'A' : role[0],
                role + 1);
    else
        fprintf(out->file, "%c%s:%*s", role[0] - 'a' + 'A', role + 1,
                (int)(7 - strlen(role)), "");
    put(out, path);
    if (report != NULL) {
        put(out, " (");
        put(out, report->arch);
        put(out, ")");
    }
    fputs(!md ? "\n" : last ? ".\n" : ", ", out->file);
}

static const char budgets_table[] =
    "| verdict | rule | row | metric | value | limit |\n"
    "|---|---|---|---|--:|---|\n";
static const char marks_table[] =
    "| verdict | rule | mark | functions | entered | |\n"
    "|---|---|---|--:|--:|---|\n";
static const char thresholds_table[] =
    "| verdict | rule | row | metric | base | head | change | threshold |\n"
    "|---|---|---|---|--:|--:|--:|---|\n";

static void print_judgement(const struct out *out,
                            const struct hg_judgement *j,
                            const char *base_path,
                            const struct hg_report *base,
                            const char *head_path,
                            const struct hg_report *head)
{
    bool md = out->format == FORMAT_MARKDOWN;

    if (md && !out->in_suite)
        fprintf(out->file, "### hotgrind check: %s\n\n",
                hg_judgement_failed(j) ? "FAIL" : "PASS");
    if (!out->in_suite)
        print_source(out, "policy", true, out->policy_path, NULL);
    if (base != NULL)
        print_source(out, "base", out->in_suite, base_path, base);
    print_source(out, "head", out->in_suite && base == NULL, head_path,
                 head);
    fputc('\n', out->file);
    print_remarks(out, j, base, head);

    if (j->budgets_passed + j->budgets_failed + j->budgets_skipped > 0) {
        fputs(md ? "#### Budgets on " : "Budgets on ", out->file);
        put(out, head_path);
        fputs(md ? "\n\n" : ":\n", out->file);
        print_verdicts(out, j, SECTION_BUDGETS, budgets_table);
        fputc('\n', out->file);
    }
    if (j->marks_dead + j->marks_optional > 0) {
        fputs(md ? "#### Marks never entered in "
              : "Marks never entered in ", out->file);
        put(out, head_path);
        fputs(md ? "\n\n" : ":\n", out->file);
        print_verdicts(out, j, SECTION_MARKS, marks_table);
        fputc('\n', out->file);
    }
    if (base != NULL) {
        fputs(md ? "#### Thresholds from " : "Thresholds from ", out->file);
        put(out, base_path);
        fputs(" to ", out->file);
        put(out, head_path);
        fputs(md ? "\n\n" : ":\n", out->file);
        print_verdicts(out, j, SECTION_THRESHOLDS, thresholds_table);
        fputc('\n', out->file);
    }
    print_summary(out, j);
}

/* ------------------------------------------------------------- json */

/* A verdict's one line, as text prints it after the status word, into a
   new string (for JSON, whose writer escapes it). */
static char *verdict_message(const struct out *out,
                             const struct hg_verdict *v)
{
    struct out text = *out;
    char *message = NULL;
    size_t size = 0;
    text.format = FORMAT_TEXT;
    if ((text.file = open_memstream(&message, &size)) == NULL)
        hg_out_of_memory();
    print_verdict_body(&text, v);
    if (fclose(text.file) != 0 || message == NULL)
        hg_out_of_memory();
    return message;
}

/* A value in its metric's unit as a JSON number: a count, or the mean
   with its two decimals; null when ABSENT. */
/* A value in its metric's unit as a JSON number, '-' before it when
   NEGATIVE: a count, or the mean with its two decimals; null when not
   PRESENT. */
static void json_signed_value(struct hg_json *w, const char *key,
                              const struct hg_metric *metric, bool present,
                              bool negative, uint64_t value)
{
    hg_json_key(w, key);
    if (!present)
        fputs("null", w->out);
    else if (metric == &hg_policy_mean)
        fprintf(w->out, "%s%" PRIu64 ".%02u", negative ? "-" : "",
                value / 100, (unsigned)(value % 100));
    else
        fprintf(w->out, "%s%" PRIu64, negative ? "-" : "", value);
}

static void json_metric_value(struct hg_json *w, const char *key,
                              const struct hg_metric *metric, bool present,
                              uint64_t value)
{
    json_signed_value(w, key, metric, present, false, value);
}

/* A percentage (text without sign) as a JSON number, SIGN before it. */
static void json_percent(struct hg_json *w, const char *key, bool present,
                         bool negative, const char *digits)
{
    hg_json_key(w, key);
    if (present)
        fprintf(w->out, "%s%s", negative ? "-" : "", digits);
    else
        fputs("null", w->out);
}

static void json_line(struct hg_json *w, const struct hg_verdict *v)
{
    long line = hg_verdict_line(v);
    if (line > 0)
        hg_json_count(w, "line", (uint64_t)line);
    else
        hg_json_null(w, "line");
}

static const char *json_status(enum hg_verdict_status status)
{
    static const char *const words[] = {
        "pass", "fail", "skip", "better", "note", "within"
    };
    return words[status];
}

static void json_budget(struct hg_json *w, const struct hg_verdict *v)
{
    static const char *const targets[] = { "function", "zone", "total",
                                           "edge", "context" };
    static const char *const problems[] = {
        [HG_VERDICT_UNMATCHED] = "unmatched",
        [HG_VERDICT_NO_VALUE] = "no-value",
        [HG_VERDICT_NO_FIGURE] = "no-figure",
        [HG_VERDICT_NO_GRAPH] = "no-call-graph",
        [HG_VERDICT_NO_CONTEXTS] = "no-contexts",
    };
    const struct hg_budget *b = v->budget;
    char *patterns = budget_patterns(b);
    hg_json_text(w, "target", targets[b->target]);
    hg_json_text(w, "pattern", patterns);
    free(patterns);
    if (b->benchmark != NULL)
        hg_json_text(w, "benchmark", b->benchmark);
    if (b->target == HG_BUDGET_EDGE) {
        hg_json_text(w, "caller", b->pattern);
        hg_json_text(w, "callee", b->callee_pattern);
    }
    hg_json_text(w, "row", v->label);
    json_metric_value(w, "value", b->metric, v->kind == HG_VERDICT_VALUE,
                      v->head);
    json_metric_value(w, "min", b->metric, b->has_min, b->min);
    json_metric_value(w, "max", b->metric, b->has_max, b->max);
    hg_json_bool(w, "optional", b->optional);
    hg_json_text(w, "problem", v->kind == HG_VERDICT_VALUE ? NULL
                                                          : problems[v->kind]);
    if (v->kind == HG_VERDICT_NO_VALUE)
        hg_json_count(w, "matched", v->matched);
    if (b->target == HG_BUDGET_CONTEXT && v->kind == HG_VERDICT_VALUE)
        hg_json_count(w, "contexts", v->matched);
}

static void json_mark(struct hg_json *w, const struct hg_verdict *v)
{
    hg_json_text(w, "pattern", v->mark->pattern);
    hg_json_count(w, "functions", v->mark->functions);
    hg_json_count(w, "entered", v->mark->entered);
    hg_json_bool(w, "optional", v->policy_mark && v->policy_mark->optional);
}

static void json_threshold(struct hg_json *w, const struct hg_verdict *v)
{
    static const char *const changes[] = {
        [HG_VERDICT_CHANGE] = "change",
        [HG_VERDICT_ADDED] = "added",
        [HG_VERDICT_REMOVED] = "removed",
    };
    const struct hg_metric *metric = v->threshold->metric;
    bool change = v->kind == HG_VERDICT_CHANGE, up = v->head >= v->base;
    bool percent = change && v->base != 0;
    bool threshold = change && (up || v->threshold->reports_improvement);
    char text[HG_VERDICT_TEXT_SIZE];

    hg_json_text(w, "row", v->label);
    if (v->caller != NULL) {
        hg_json_text(w, "caller", v->caller);
        hg_json_text(w, "callee", v->callee);
    }
    hg_json_text(w, "change", changes[v->kind]);
    json_metric_value(w, "base", metric, v->kind != HG_VERDICT_ADDED,
                      v->base);
    json_metric_value(w, "head", metric, v->kind != HG_VERDICT_REMOVED,
                      v->head);
    /* Head minus base, a missing figure counting as 0. */
    json_signed_value(w, "delta", metric, true, !up,
                      up ? v->head - v->base : v->base - v->head);
    json_percent(w, "percent", percent, !up,
                 percent ? hg_verdict_percent(v, text) : "");
    json_percent(w, "threshold", threshold, !up && threshold,
                 threshold ? hg_policy_percent_text(hg_verdict_threshold(v),
                                                    2, text) : "");
}

static void json_verdicts(struct hg_json *w, const struct out *out,
                          const struct hg_judgement *j, enum section section,
                          const char *key)
{
    size_t i;
    hg_json_open(w, key, '[', false);
    for (i = 0; i < j->verdict_count; i++) {
        const struct hg_verdict *v = &j->verdicts[i];
        char *message;
        if (section_of(v) != section)
            continue;
        hg_json_open(w, NULL, '{', true);
        hg_json_text(w, "status", json_status(v->status));
        json_line(w, v);
        if (section != SECTION_MARKS)
            hg_json_text(w, "metric", hg_verdict_metric(v)->name);
        if (section == SECTION_BUDGETS)
            json_budget(w, v);
        else if (section == SECTION_MARKS)
            json_mark(w, v);
        else
            json_threshold(w, v);
        message = verdict_message(out, v);
        hg_json_text(w, "message", message);
        free(message);
        hg_json_close(w);
    }
    hg_json_close(w);
}

static void json_report(struct hg_json *w, const char *key, const char *path,
                        const struct hg_report *report)
{
    if (report == NULL) {
        hg_json_null(w, key);
        return;
    }
    hg_json_open(w, key, '{', true);
    hg_json_text(w, "file", path);
    hg_json_text(w, "arch", report->arch);
    hg_json_close(w);
}

static void json_remarks(struct hg_json *w, const struct hg_judgement *j)
{
    size_t i;
    hg_json_differences(w, j->differences, j->difference_count);
    hg_json_bool(w, "cross-arch", j->cross_arch);
    hg_json_open(w, "not-applied", '[', false);
    for (i = 0; i < j->unjudged_count; i++) {
        hg_json_open(w, NULL, '{', true);
        hg_json_text(w, "metric", j->unjudged[i].threshold->metric->name);
        hg_json_text(w, "missing-in", j->unjudged[i].missing_in);
        hg_json_close(w);
    }
    hg_json_close(w);
    /* Only when one report has a call graph, so that the output is as it
       was for reports without. */
    if (j->edges_missing_in != NULL)
        hg_json_text(w, "edges-not-applied", j->edges_missing_in);
}

static void json_summary(struct hg_json *w, const struct hg_judgement *j)
{
    const struct { const char *key; size_t count; } counts[] = {
        { "budgets-kept", j->budgets_passed },
        { "budgets-broken", j->budgets_failed },
        { "budgets-skipped", j->budgets_skipped },
        { "marks-entered", j->marks_entered },
        { "marks-never-entered", j->marks_dead },
        { "marks-optional", j->marks_optional },
        { "regressions", j->regressions },
        { "improvements", j->improvements },
        { "notes", j->notes },
        { "within", j->within },
        { "under-floor", j->under_floor },
        { "unchanged", j->unchanged },
    };
    size_t i;
    hg_json_open(w, "summary", '{', true);
    for (i = 0; i < sizeof counts / sizeof counts[0]; i++)
        hg_json_count(w, counts[i].key, counts[i].count);
    hg_json_close(w);
}

/* The version of the JSON output of check (docs/check.schema.json). */
enum { CHECK_JSON_FORMAT = 1 };

/* The document of docs/check.schema.json, as an element of W (the
   whole output, or a benchmark's "check" in a suite's). */
static void json_check(struct hg_json *w, const char *key,
                       const struct out *out, const struct hg_judgement *j,
                       const char *base_path, const struct hg_report *base,
                       const char *head_path, const struct hg_report *head)
{
    bool failed = hg_judgement_failed(j);

    hg_json_open(w, key, '{', false);
    hg_json_count(w, "format", CHECK_JSON_FORMAT);
    hg_json_text(w, "result", failed ? "fail" : "pass");
    hg_json_count(w, "exit-status", failed ? HG_EXIT_JUDGED : HG_EXIT_OK);
    hg_json_text(w, "policy", out->policy_path);
    json_report(w, "base", base_path, base);
    json_report(w, "head", head_path, head);
    json_remarks(w, j);
    hg_json_bool(w, "thresholds-applied", j->has_base);
    json_summary(w, j);
    json_verdicts(w, out, j, SECTION_BUDGETS, "budgets");
    json_verdicts(w, out, j, SECTION_MARKS, "marks");
    json_verdicts(w, out, j, SECTION_THRESHOLDS, "thresholds");
    hg_json_close(w);
}

static void write_json(const struct out *out, const struct hg_judgement *j,
                       const char *base_path, const struct hg_report *base,
                       const char *head_path, const struct hg_report *head)
{
    struct hg_json w = { .out = out->file };
    json_check(&w, NULL, out, j, base_path, base, head_path, head);
}

/* ------------------------------------------------------------ junit */

/* The test cases of SECTION and how they went. */
struct suite_counts {
    size_t tests, failures, skipped;
};

static void junit_counts(const struct out *out, struct suite_counts c);

/* The XML declaration and <testsuites> with the counts of ALL. */
static void junit_open(const struct out *out, struct suite_counts all)
{
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          "<testsuites name=\"hotgrind check\"", out->file);
    junit_counts(out, all);
    fputs(">\n", out->file);
}

static struct suite_counts count_suite(const struct hg_judgement *j,
                                       enum section section)
{
    struct suite_counts c = { 0, 0, 0 };
    size_t i;
    for (i = 0; i < j->verdict_count; i++) {
        const struct hg_verdict *v = &j->verdicts[i];
        if (section_of(v) != section)
            continue;
        c.tests++;
        c.failures += v->status == HG_VERDICT_FAIL;
        c.skipped += v->status == HG_VERDICT_SKIP
                     || v->status == HG_VERDICT_NOTE;
    }
    return c;
}

/* C with the test cases of every section of J added. */
static struct suite_counts count_judgement(const struct hg_judgement *j,
                                           struct suite_counts c)
{
    enum section s;
    for (s = SECTION_BUDGETS; s <= SECTION_THRESHOLDS; s++) {
        struct suite_counts more = count_suite(j, s);
        c.tests += more.tests;
        c.failures += more.failures;
        c.skipped += more.skipped;
    }
    return c;
}

static void junit_counts(const struct out *out, struct suite_counts c)
{
    fprintf(out->file, " tests=\"%zu\" failures=\"%zu\" errors=\"0\" "
            "skipped=\"%zu\"", c.tests, c.failures, c.skipped);
}

/* One test case a verdict, named by what it judged alone, so that a CI
   system's history of the test survives edits that move the policy's
   lines (the rule is in the message): a failure carries the verdict line, a skipped
   budget or mark and a note (a row in one report only, not judged) are
   skipped, the rest passed. */
static void junit_case(const struct out *out, const struct hg_verdict *v,
                       const char *classname)
{
    static const char *const types[] = {
        [SECTION_BUDGETS] = "budget", [SECTION_MARKS] = "mark",
        [SECTION_THRESHOLDS] = "regression",
    };
    bool failed = v->status == HG_VERDICT_FAIL;
    bool skipped = v->status == HG_VERDICT_SKIP
                   || v->status == HG_VERDICT_NOTE;

    fprintf(out->file, "    <testcase classname=\"%s\" name=\"", classname);
    print_verdict_subject(out, v);
    fputc('"', out->file);
    if (!failed && !skipped) {
        fputs("/>\n", out->file);
        return;
    }
    fprintf(out->file, ">\n      <%s message=\"", failed ? "failure"
                                                         : "skipped");
    print_verdict_body(out, v);
    if (skipped) {
        fputs("\"/>\n", out->file);
    } else {
        fprintf(out->file, "\" type=\"%s\">%-6s  ", types[section_of(v)],
                status_word(v->status));
        print_verdict_body(out, v);
        fputs("</failure>\n", out->file);
    }
    fputs("    </testcase>\n", out->file);
}

static const char *const junit_classnames[] = {
    [SECTION_BUDGETS] = "hotgrind.check.budgets",
    [SECTION_MARKS] = "hotgrind.check.marks",
    [SECTION_THRESHOLDS] = "hotgrind.check.thresholds",
};

static void junit_suite(const struct out *out, const struct hg_judgement *j,
                        enum section section, const char *what,
                        const char *path)
{
    size_t i;
    fprintf(out->file, "  <testsuite name=\"%s ", what);
    put(out, path);
    fputc('"', out->file);
    junit_counts(out, count_suite(j, section));
    fputs(">\n", out->file);
    for (i = 0; i < j->verdict_count; i++)
        if (section_of(&j->verdicts[i]) == section)
            junit_case(out, &j->verdicts[i], junit_classnames[section]);
    fputs("  </testsuite>\n", out->file);
}

/* JUnit XML as Jenkins, GitLab and Ant read it: a suite for the budgets,
   one for the marks when HEAD has any, one for the thresholds with a
   BASE. */
static void write_junit(const struct out *out, const struct hg_judgement *j,
                        const char *base_path, const char *head_path)
{
    struct suite_counts none = { 0, 0, 0 };
    char *thresholds_of = NULL;

    junit_open(out, count_judgement(j, none));
    junit_suite(out, j, SECTION_BUDGETS, "budgets on", head_path);
    if (j->marks_entered + j->marks_dead + j->marks_optional > 0)
        junit_suite(out, j, SECTION_MARKS, "marks of", head_path);
    if (base_path != NULL) {
        thresholds_of = hg_xasprintf("%s to %s", base_path, head_path);
        junit_suite(out, j, SECTION_THRESHOLDS, "thresholds from",
                    thresholds_of);
        free(thresholds_of);
    }
    fputs("</testsuites>\n", out->file);
}

/* ------------------------------------------------------------ suites */

/* What became of one benchmark of suite runs. */
enum bench_fate {
    BENCH_JUDGED,        /* HEAD's report judged (with BASE's when
                            there is one that ran) */
    BENCH_NOT_RUN,       /* HEAD's run failed, crashed or timed out */
    BENCH_REMOVED        /* in BASE only */
};

/* What a benchmark's judgement comes to; the judgement itself and the
   reports are freed once this is taken, and made again to be printed
   (judge_bench), so that one benchmark's reports at a time are in
   memory, however large the suite. */
struct bench_check {
    const struct hg_bench_pair *pair;
    enum bench_fate fate;
    bool failed;
    size_t budgets_failed, regressions, marks_dead;   /* BENCH_JUDGED */
    struct suite_counts cases;   /* its check's JUnit test cases */
};

/* A regression of some benchmark, for the table of the worst: a copy of
   its verdict, the label its own. */
struct worst {
    const struct bench_check *bench;
    struct hg_verdict verdict;
};

struct suite_check {
    const struct hg_policy *policy;
    unsigned allowed_exits;
    const struct hg_suite_run *base, *head;     /* base may be NULL */
    const char *base_operand, *head_operand;    /* as given */
    struct hg_bench_pair *pairs;
    struct bench_check *benches;
    size_t count;
    size_t passed, failed, added, removed, not_run;
    struct worst *worst;                        /* worst first */
    size_t worst_count;
};

/* A judged benchmark's reports and judgement. */
struct judged {
    struct hg_report *base, *head;
    struct hg_judgement *j;
};

static void judged_free(struct judged *d)
{
    hg_judgement_free(d->j);
    hg_report_free(d->base);
    hg_report_free(d->head);
    memset(d, 0, sizeof *d);
}

/* Loads the reports of benchmark B (BENCH_JUDGED) and judges them; false
   after one line on stderr when a report cannot be used. */
static bool judge_bench(const struct suite_check *s,
                        const struct bench_check *b, struct judged *d)
{
    const struct hg_suite_result *base = b->pair->base, *head = b->pair->head;
    memset(d, 0, sizeof *d);
    if (base != NULL && base->status == HG_SUITE_OK
        && ((d->base = hg_load_report(base->report_path)) == NULL
            || !hg_exit_allowed(base->report_path, d->base,
                                s->allowed_exits)))
        goto refused;
    if ((d->head = hg_load_report(head->report_path)) == NULL
        || !hg_exit_allowed(head->report_path, d->head, s->allowed_exits))
        goto refused;
    d->j = hg_policy_judge_benchmark(s->policy, b->pair->name, d->base,
                                     d->head);
    return true;
refused:
    judged_free(d);
    return false;
}

static bool suite_failed(const struct suite_check *s)
{
    return s->failed > 0;
}

/* What failed a benchmark's judgement, "1 budget broken, 2
   regressions", the counts that are not 0; "" when nothing did. */
static void failures_text(const struct bench_check *b, char *text,
                          size_t size)
{
    const struct { size_t count; const char *one, *more; } parts[] = {
        { b->budgets_failed, "budget broken", "budgets broken" },
        { b->regressions, "regression", "regressions" },
        { b->marks_dead, "mark never entered", "marks never entered" },
    };
    size_t i, at = 0;
    text[0] = '\0';
    for (i = 0; i < 3; i++)
        if (parts[i].count > 0 && at < size)
            at += (size_t)snprintf(text + at, size - at, "%s%zu %s",
                                   at ? ", " : "", parts[i].count,
                                   parts[i].count == 1 ? parts[i].one
                                                       : parts[i].more);
}

/* A benchmark's state in words, after its verdict word: "the run crashed
   (signal SEGV), no report", "only in base: removed from the suite"; ""
   when there is nothing to say. */
static const char *bench_state(const struct suite_check *s,
                               const struct bench_check *b,
                               char text[HG_PROBLEM_SIZE])
{
    const struct hg_suite_result *base = b->pair->base, *head = b->pair->head;
    char ended[HG_SUITE_ENDED_SIZE];
    text[0] = '\0';
    if (b->fate == BENCH_NOT_RUN && head->status == HG_SUITE_TIMEOUT)
        snprintf(text, HG_PROBLEM_SIZE, "the run timed out, no report");
    else if (b->fate == BENCH_NOT_RUN)
        snprintf(text, HG_PROBLEM_SIZE, "the run %s (%s), no report",
                 head->status == HG_SUITE_CRASHED ? "crashed" : "failed",
                 hg_suite_ended(head, ended));
    else if (b->fate == BENCH_REMOVED)
        snprintf(text, HG_PROBLEM_SIZE, "only in base: removed from the "
                 "suite");
    else if (s->base != NULL && base == NULL)
        snprintf(text, HG_PROBLEM_SIZE, "only in head: added to the suite, "
                 "budgets only");
    else if (s->base != NULL && base->status != HG_SUITE_OK)
        snprintf(text, HG_PROBLEM_SIZE, "its base run did not end well "
                 "(%s): budgets only", hg_suite_ended(base, ended));
    else
        failures_text(b, text, HG_PROBLEM_SIZE);
    return text;
}

static const char *bench_word(const struct bench_check *b)
{
    return b->failed ? "FAIL" : b->fate == BENCH_REMOVED ? "note" : "pass";
}

/* Larger relative change first (a row only in head before all), then
   by benchmark and the judgement's own order. */
static int compare_worst(const void *pa, const void *pb)
{
    const struct worst *a = pa, *b = pb;
    const struct hg_verdict *va = &a->verdict, *vb = &b->verdict;
    bool inf_a = va->kind == HG_VERDICT_ADDED || va->base == 0;
    bool inf_b = vb->kind == HG_VERDICT_ADDED || vb->base == 0;
    int names;
    if (inf_a != inf_b)
        return inf_a ? -1 : 1;
    if (!inf_a) {
        /* (head-base)/base compared without division: 128 bits hold the
           products of two 64-bit counts. */
        unsigned __int128 left = (unsigned __int128)(va->head - va->base)
                                 * vb->base;
        unsigned __int128 right = (unsigned __int128)(vb->head - vb->base)
                                  * va->base;
        if (left != right)
            return left > right ? -1 : 1;
    }
    names = strcmp(a->bench->pair->name, b->bench->pair->name);
    if (names != 0)
        return names;
    return va->order < vb->order ? -1 : va->order > vb->order;
}

/* Takes what S keeps of benchmark B's judgement J: its counts, and a
   copy of each regression for the table of the worst. */
static void keep_judgement(struct suite_check *s, struct bench_check *b,
                           const struct hg_judgement *j)
{
    size_t k;
    b->failed = hg_judgement_failed(j);
    b->budgets_failed = j->budgets_failed;
    b->regressions = j->regressions;
    b->marks_dead = j->marks_dead;
    b->cases = count_judgement(j, b->cases);
    for (k = 0; k < j->verdict_count; k++) {
        struct worst *w;
        if (section_of(&j->verdicts[k]) != SECTION_THRESHOLDS
            || j->verdicts[k].status != HG_VERDICT_FAIL)
            continue;
        s->worst = hg_xrealloc(s->worst, s->worst_count + 1,
                               sizeof *s->worst);
        w = &s->worst[s->worst_count++];
        w->bench = b;
        w->verdict = j->verdicts[k];
        w->verdict.label = hg_xstrdup(j->verdicts[k].label);
        w->verdict.caller = w->verdict.callee = NULL;
        w->verdict.mark = NULL;
    }
}

/* Judges every benchmark; false (after one line on stderr) when a report
   cannot be used. */
static bool judge_suite(struct suite_check *s)
{
    size_t i;
    s->pairs = hg_suite_pairs(s->base, s->head, &s->count);
    s->benches = hg_xcalloc(s->count ? s->count : 1, sizeof *s->benches);
    for (i = 0; i < s->count; i++) {
        struct bench_check *b = &s->benches[i];
        const struct hg_suite_result *base = s->pairs[i].base,
                                    *head = s->pairs[i].head;
        struct judged d;
        b->pair = &s->pairs[i];
        if (head == NULL) {
            b->fate = BENCH_REMOVED;
            b->failed = !s->policy->removed_is_note;
            s->removed++;
        } else if (head->status != HG_SUITE_OK) {
            b->fate = BENCH_NOT_RUN;
            b->failed = true;
            s->not_run++;
        } else {
            b->fate = BENCH_JUDGED;
            s->added += s->base != NULL && base == NULL;
            if (!judge_bench(s, b, &d))
                return false;
            keep_judgement(s, b, d.j);
            judged_free(&d);
        }
        if (b->failed)
            s->failed++;
        else if (b->fate != BENCH_REMOVED)
            s->passed++;
    }
    if (s->worst_count > 0)
        qsort(s->worst, s->worst_count, sizeof *s->worst, compare_worst);
    return true;
}

static void free_suite_check(struct suite_check *s)
{
    size_t i;
    for (i = 0; i < s->worst_count; i++)
        free(s->worst[i].verdict.label);
    free(s->worst);
    free(s->benches);
    free(s->pairs);
}

/* The regressions in the suite's summary table at most; the rest are in
   the benchmarks' sections. */
enum { WORST_SHOWN = 10 };

static void print_worst(const struct out *out, const struct suite_check *s)
{
    size_t n = s->worst_count, i;
    const struct worst *worst = s->worst;
    char a[CELL_SIZE], b[CELL_SIZE], c[CELL_SIZE];
    if (n > 0) {
        fputs("#### Worst regressions\n\n"
              "| benchmark | row | metric | base | head | change |\n"
              "|---|---|---|--:|--:|--:|\n", out->file);
        for (i = 0; i < n && i < WORST_SHOWN; i++) {
            const struct hg_verdict *v = &worst[i].verdict;
            const struct hg_metric *metric = hg_verdict_metric(v);
            fputs("| ", out->file);
            put(out, worst[i].bench->pair->name);
            fputs(" | ", out->file);
            put_row(out, v);
            fprintf(out->file, " | %s | %s | %s | %s |\n", metric->name,
                    v->kind == HG_VERDICT_ADDED ? "-"
                    : value_text(metric, v->base, a),
                    value_text(metric, v->head, b),
                    v->kind == HG_VERDICT_ADDED ? "only in head"
                    : change_text(v, c));
        }
        if (n > WORST_SHOWN)
            fprintf(out->file, "\n%zu more in the benchmarks below.\n",
                    n - WORST_SHOWN);
        fputc('\n', out->file);
    }
}

/* "base (suite words, 3 benchmarks)". */
static void print_suite_source(const struct out *out, const char *role,
                               const char *operand,
                               const struct hg_suite_run *runs)
{
    char text[64];
    bool md = out->format == FORMAT_MARKDOWN;
    if (md)
        fprintf(out->file, "%s ", role);
    else
        fprintf(out->file, "%c%s:%*s", role[0] - 'a' + 'A', role + 1,
                (int)(7 - strlen(role)), "");
    put(out, operand);
    put(out, " (suite ");
    put(out, runs->suite);
    snprintf(text, sizeof text, ", %zu benchmark%s)", runs->count,
             runs->count == 1 ? "" : "s");
    put(out, text);
    fputs(!md ? "\n" : strcmp(role, "head") == 0 ? ".\n" : ", ", out->file);
}

static void print_suite_summary(const struct out *out,
                                const struct suite_check *s)
{
    fprintf(out->file, out->format == FORMAT_MARKDOWN
            ? "**Result: %s** " : "Result: %s ",
            suite_failed(s) ? "FAIL" : "PASS");
    fprintf(out->file, "(benchmarks: %zu passed, %zu failed; %zu added, "
            "%zu removed, %zu did not run)\n", s->passed, s->failed,
            s->added, s->removed, s->not_run);
}

static bool print_suite(const struct out *out, const struct suite_check *s)
{
    bool md = out->format == FORMAT_MARKDOWN;
    struct out section = *out;
    size_t i;

    section.in_suite = true;
    if (md) {
        fprintf(out->file, "### hotgrind check: %s (suite ",
                suite_failed(s) ? "FAIL" : "PASS");
        put(out, s->head->suite);
        fputs(")\n\nPolicy ", out->file);
        put(out, out->policy_path);
        fputs(", ", out->file);
    } else {
        print_source(out, "policy", true, out->policy_path, NULL);
    }
    if (s->base != NULL)
        print_suite_source(out, "base", s->base_operand, s->base);
    print_suite_source(out, "head", s->head_operand, s->head);
    fputc('\n', out->file);
    if (md) {
        print_worst(out, s);
        fputs("| verdict | benchmark | |\n|---|---|---|\n", out->file);
    } else {
        fputs("Benchmarks:\n", out->file);
    }
    for (i = 0; i < s->count; i++) {
        const struct bench_check *b = &s->benches[i];
        char text[HG_PROBLEM_SIZE];
        const char *state = bench_state(s, b, text);
        fprintf(out->file, md ? (b->failed ? "| **%s** | " : "| %s | ")
                : "%-6s  ", bench_word(b));
        put(out, b->pair->name);
        fputs(md ? " | " : state[0] != '\0' ? ": " : "", out->file);
        put(out, state);
        fputs(md ? " |\n" : "\n", out->file);
    }
    fputc('\n', out->file);
    for (i = 0; i < s->count; i++) {
        const struct bench_check *b = &s->benches[i];
        struct judged d;
        if (b->fate != BENCH_JUDGED)
            continue;
        if (!judge_bench(s, b, &d))
            return false;
        if (md) {
            /* HTML, where markdown's escapes would show: a benchmark's
               name has none of its special characters
               (hg_suite_name_ok). */
            fprintf(out->file, "<details><summary><code>%s</code>: %s"
                    "</summary>\n\n", b->pair->name, bench_word(b));
        } else {
            fputs("== ", out->file);
            put(out, b->pair->name);
            fprintf(out->file, ": %s ==\n", bench_word(b));
        }
        print_judgement(&section, d.j,
                        d.base ? b->pair->base->report_path : NULL, d.base,
                        b->pair->head->report_path, d.head);
        fputs(md ? "\n</details>\n\n" : "\n", out->file);
        judged_free(&d);
    }
    print_suite_summary(out, s);
    return true;
}

/* The version of the JSON output of check over suite runs
   (docs/check-suite.schema.json). */
enum { CHECK_SUITE_JSON_FORMAT = 1 };

static bool write_suite_json(const struct out *out,
                             const struct suite_check *s)
{
    struct hg_json w = { .out = out->file };
    size_t i;

    hg_json_open(&w, NULL, '{', false);
    hg_json_count(&w, "format", CHECK_SUITE_JSON_FORMAT);
    hg_json_text(&w, "result", suite_failed(s) ? "fail" : "pass");
    hg_json_count(&w, "exit-status", suite_failed(s) ? HG_EXIT_JUDGED
                                                     : HG_EXIT_OK);
    hg_json_text(&w, "policy", out->policy_path);
    hg_json_text(&w, "suite", s->head->suite);
    hg_json_text(&w, "base", s->base_operand);
    hg_json_text(&w, "head", s->head_operand);
    hg_json_open(&w, "summary", '{', true);
    hg_json_count(&w, "benchmarks", s->count);
    hg_json_count(&w, "passed", s->passed);
    hg_json_count(&w, "failed", s->failed);
    hg_json_count(&w, "added", s->added);
    hg_json_count(&w, "removed", s->removed);
    hg_json_count(&w, "not-run", s->not_run);
    hg_json_close(&w);
    hg_json_open(&w, "benchmarks", '[', false);
    for (i = 0; i < s->count; i++) {
        const struct bench_check *b = &s->benches[i];
        const struct hg_suite_result *base = b->pair->base,
                                    *head = b->pair->head;
        char text[HG_PROBLEM_SIZE];
        const char *state = bench_state(s, b, text);
        struct judged d;
        if (b->fate == BENCH_JUDGED && !judge_bench(s, b, &d))
            return false;
        hg_json_open(&w, NULL, '{', false);
        hg_json_text(&w, "name", b->pair->name);
        hg_json_text(&w, "result", b->failed ? "fail"
                     : b->fate == BENCH_REMOVED ? "note" : "pass");
        hg_json_text(&w, "base-run",
                     base ? hg_suite_status_name(base->status) : NULL);
        hg_json_text(&w, "head-run",
                     head ? hg_suite_status_name(head->status) : NULL);
        hg_json_text(&w, "state", state[0] ? state : NULL);
        if (b->fate == BENCH_JUDGED) {
            json_check(&w, "check", out, d.j,
                       d.base ? base->report_path : NULL, d.base,
                       head->report_path, d.head);
            judged_free(&d);
        } else {
            hg_json_null(&w, "check");
        }
        hg_json_close(&w);
    }
    hg_json_close(&w);
    hg_json_close(&w);
    return true;
}

/* C with the test cases of benchmark B added: its "run", then its
   check's. */
static struct suite_counts bench_counts(const struct bench_check *b,
                                        struct suite_counts c)
{
    c.tests++;
    c.failures += b->fate != BENCH_JUDGED && b->failed;
    c.skipped += b->fate == BENCH_REMOVED && !b->failed;
    c.tests += b->cases.tests;
    c.failures += b->cases.failures;
    c.skipped += b->cases.skipped;
    return c;
}

/* JUnit: one test suite per benchmark, named by it: a test case "run"
   (failed when the benchmark did not run or was removed and that fails),
   then the verdicts as for one report. */
static bool write_suite_junit(const struct out *out,
                              const struct suite_check *s)
{
    struct suite_counts all = { 0, 0, 0 };
    enum section section;
    size_t i, k;

    for (i = 0; i < s->count; i++)
        all = bench_counts(&s->benches[i], all);
    junit_open(out, all);
    for (i = 0; i < s->count; i++) {
        const struct bench_check *b = &s->benches[i];
        struct suite_counts none = { 0, 0, 0 },
                            c = bench_counts(b, none);
        char text[HG_PROBLEM_SIZE];
        struct judged d = { NULL, NULL, NULL };
        if (b->fate == BENCH_JUDGED && !judge_bench(s, b, &d))
            return false;
        fputs("  <testsuite name=\"", out->file);
        put(out, b->pair->name);
        fputc('"', out->file);
        junit_counts(out, c);
        fputs(">\n    <testcase classname=\"hotgrind.check.benchmark\" "
              "name=\"run\"", out->file);
        if (b->fate == BENCH_JUDGED) {
            fputs("/>\n", out->file);
        } else {
            fprintf(out->file, ">\n      <%s message=\"", b->failed
                    ? "failure" : "skipped");
            put(out, bench_state(s, b, text));
            fputs(b->failed ? "\" type=\"benchmark\"/>\n" : "\"/>\n",
                  out->file);
            fputs("    </testcase>\n", out->file);
        }
        for (section = SECTION_BUDGETS; d.j && section <= SECTION_THRESHOLDS;
             section++)
            for (k = 0; k < d.j->verdict_count; k++)
                if (section_of(&d.j->verdicts[k]) == section)
                    junit_case(out, &d.j->verdicts[k],
                               junit_classnames[section]);
        fputs("  </testsuite>\n", out->file);
        judged_free(&d);
    }
    fputs("</testsuites>\n", out->file);
    return true;
}

/* Writes S in OUT's format into a buffer, then, when every benchmark's
   reports could be read again, to OUT's file: never part of an output. */
static bool write_suite(const struct out *out, const struct suite_check *s)
{
    struct out buffered = *out;
    char *text = NULL;
    size_t size = 0;
    bool written;

    if ((buffered.file = open_memstream(&text, &size)) == NULL)
        hg_out_of_memory();
    if (out->format == FORMAT_JSON)
        written = write_suite_json(&buffered, s);
    else if (out->format == FORMAT_JUNIT)
        written = write_suite_junit(&buffered, s);
    else
        written = print_suite(&buffered, s);
    if (fclose(buffered.file) != 0 || text == NULL)
        hg_out_of_memory();
    if (written)
        fwrite(text, 1, size, out->file);
    free(text);
    return written;
}

/* check over suite runs: BASE_OPERAND (or NULL) and HEAD_OPERAND, each
   one directory, manifest or comma-separated shard list. */
static int check_suites(const struct out *out, const struct hg_policy *policy,
                        const char *base_operand, const char *head_operand,
                        unsigned allowed_exits)
{
    struct suite_check s;
    char problem[HG_PROBLEM_SIZE];
    int status = HG_EXIT_TROUBLE;

    memset(&s, 0, sizeof s);
    s.policy = policy;
    s.allowed_exits = allowed_exits;
    s.base_operand = base_operand;
    s.head_operand = head_operand;
    if ((base_operand != NULL
         && (s.base = hg_suite_gather(base_operand)) == NULL)
        || (s.head = hg_suite_gather(head_operand)) == NULL) {
        hg_suite_run_free((struct hg_suite_run *)s.base);
        return status;
    }
    if (s.base != NULL && strcmp(s.base->suite, s.head->suite) != 0) {
        snprintf(problem, sizeof problem, "is a run of suite '%s', but the "
                 "base is one of suite '%s': compare runs of one suite",
                 s.head->suite, s.base->suite);
        hg_say_problem(head_operand, problem);
    } else if (judge_suite(&s) && write_suite(out, &s)) {
        status = suite_failed(&s) ? HG_EXIT_JUDGED : HG_EXIT_OK;
    }
    free_suite_check(&s);
    hg_suite_run_free((struct hg_suite_run *)s.base);
    hg_suite_run_free((struct hg_suite_run *)s.head);
    return status;
}

/* ----------------------------------------------------- command line */

int cmd_check(int argc, char **argv)
{
    const char *policy_path = NULL, *format_name = "text", *exits = NULL;
    unsigned allowed_exits = 0;
    const char *base_path = NULL, *head_path;
    const struct hg_command_line line = {
        .command = "check", .usage = check_usage, .print_help = print_help,
        .options = {
            { .name = "--policy", .value = &policy_path, .once = true },
            { .name = "--format", .value = &format_name },
            { .name = "--allow-exit", .value = &exits },
        },
    };
    struct hg_policy *policy = NULL;
    struct hg_report *base = NULL, *head = NULL;
    struct hg_judgement *judgement = NULL;
    char problem[HG_PROBLEM_SIZE];
    struct out out;
    enum format format;
    int path_count, status;
    bool suites;

    status = hg_parse_options(&line, argc, argv, &path_count);
    if (status != -1)
        return status;
    status = HG_EXIT_TROUBLE;
    if (path_count > 2)
        return hg_usage_error("check", check_usage,
                              "more than two reports given");
    if (policy_path == NULL)
        return hg_usage_error("check", check_usage, "no --policy given");
    for (format = FORMAT_TEXT; format <= FORMAT_JUNIT; format++)
        if (strcmp(format_name, format_names[format]) == 0)
            break;
    if (format > FORMAT_JUNIT)
        return hg_usage_error("check", check_usage, "unknown format '%s' "
                              "(text, markdown, json or junit)",
                              format_name);
    if (exits != NULL && !hg_parse_allowed_exits(exits, &allowed_exits))
        return hg_usage_error("check", check_usage, "--allow-exit takes "
                              HG_ALLOW_EXIT_WORDS ", not '%s'", exits);
    if (path_count == 0)
        return hg_usage_error("check", check_usage, "no HEAD report given");
    if (path_count == 2)
        base_path = argv[0];
    head_path = argv[path_count - 1];
    suites = hg_is_suite_operand(head_path);
    if (base_path != NULL && hg_is_suite_operand(base_path) != suites)
        return hg_usage_error("check", check_usage, "BASE and HEAD are "
                              "both reports or both suite runs ('%s' is %s)",
                              head_path, suites ? "suite runs" : "a report");
    out.file = stdout;
    out.format = format;
    out.policy_path = policy_path;
    out.in_suite = false;

    /* The policy first: its mistakes come before the reports'. */
    if ((policy = hg_policy_load(policy_path, problem, sizeof problem))
        == NULL)
        hg_say_problem(policy_path, problem);
    else if (suites)
        status = check_suites(&out, policy, base_path, head_path,
                              allowed_exits);
    else if ((base_path == NULL || (base = hg_load_report(base_path)) != NULL)
             && (head = hg_load_report(head_path)) != NULL
             && (base == NULL
                 || hg_exit_allowed(base_path, base, allowed_exits))
             && hg_exit_allowed(head_path, head, allowed_exits)) {
        judgement = hg_policy_judge(policy, base, head);
        if (format == FORMAT_JSON)
            write_json(&out, judgement, base_path, base, head_path, head);
        else if (format == FORMAT_JUNIT)
            write_junit(&out, judgement, base_path, head_path);
        else
            print_judgement(&out, judgement, base_path, base, head_path,
                            head);
        status = hg_judgement_failed(judgement) ? HG_EXIT_JUDGED
                                                : HG_EXIT_OK;
    }
    hg_judgement_free(judgement);
    hg_report_free(head);
    hg_report_free(base);
    hg_policy_free(policy);
    return status;
}
