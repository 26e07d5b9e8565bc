/* hotgrind: the pieces of check's verdicts every output format writes
   (check-render.h): values, limits, changes, a verdict's one line.
   GPL-2.0-or-later; part of hotgrind. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/check-render.h"
#include "render/text.h"
#include "util/messages.h"
#include "util/number.h"
#include "util/utf8.h"
#include "util/xalloc.h"

/* Text of ours (words, numbers): XML's characters escaped for JUnit, as
   it is otherwise. */
static void put_words(const struct check_out *out, const char *text)
{
    for (; *text != '\0'; text++) {
        unsigned char c = (unsigned char)*text;
        if (out->renderer->escape != CHECK_ESCAPE_XML)
            fputc(c, out->file);
        else if (c == '<')
            fputs("&lt;", out->file);
        else if (c == '>')
            fputs("&gt;", out->file);
        else if (c == '&')
            fputs("&amp;", out->file);
        else if (c == '"')
            fputs("&quot;", out->file);
        else
            fputc(c, out->file);
    }
}

/* Text from the reports, the policy, a suite or a file name: in
   markdown a code span (hg_markdown_code), the one way it goes into
   markdown; control characters (hg_control_length) as '?' in the
   others; for JUnit, XML's
   characters escaped and a byte that starts no well-formed UTF-8 as
   U+FFFD (a file name may hold any bytes, a JUnit file must be XML). */
void check_put(const struct check_out *out, const char *text)
{
    enum check_escape escape = out->renderer->escape;
    char one[2] = { '\0', '\0' };
    size_t n;
    if (escape == CHECK_ESCAPE_MARKDOWN) {
        hg_markdown_code(out->file, text);
        return;
    }
    for (; *text != '\0'; text += n) {
        if ((n = hg_control_length(text)) > 0) {
            put_words(out, "?");
            continue;
        }
        n = escape == CHECK_ESCAPE_XML ? hg_utf8_length(text) : 1;
        if (n == 0) {
            fputs(HG_UTF8_REPLACEMENT, out->file);
            n = 1;
        } else if (n > 1) {
            fwrite(text, 1, n, out->file);
        } else {
            one[0] = *text;
            put_words(out, one);
        }
    }
}

/* TEXT from the inputs in quotes: 'TEXT', or in markdown a code span,
   which needs none. */
static void put_quoted(const struct check_out *out, const char *text)
{
    bool markdown = out->renderer->escape == CHECK_ESCAPE_MARKDOWN;
    put_words(out, markdown ? "" : "'");
    check_put(out, text);
    put_words(out, markdown ? "" : "'");
}

/* A value in the metric's unit: a count, or the mean's two decimals. */
const char *check_value_text(const struct hg_metric *metric, uint64_t value,
                             char text[CHECK_VALUE_SIZE])
{
    if (metric == &hg_policy_mean)
        return hg_format_mean(value / 100, (unsigned)(value % 100), text);
    return hg_format_count(value, text);
}

const char *check_limit_text(const struct hg_budget *b,
                             char text[CHECK_CELL_SIZE])
{
    char low[CHECK_VALUE_SIZE], high[CHECK_VALUE_SIZE];
    check_value_text(b->metric, b->min, low);
    check_value_text(b->metric, b->max, high);
    if (b->exact)
        snprintf(text, CHECK_CELL_SIZE, "exactly %s", low);
    else if (b->has_min && b->has_max)
        snprintf(text, CHECK_CELL_SIZE, "%s to %s", low, high);
    else if (b->has_max)
        snprintf(text, CHECK_CELL_SIZE, "at most %s", high);
    else
        snprintf(text, CHECK_CELL_SIZE, "at least %s", low);
    return text;
}

const char *check_status_word(enum hg_verdict_status status)
{
    static const char *const words[] = {
        "pass", "FAIL", "skip", "better", "note", "within"
    };
    return words[status];
}

/* "p.xml:12" for LINE of the policy, one piece of text (one code span
   in markdown); "(default)" for 0. */
void check_put_line(const struct check_out *out, long line)
{
    char *rule;
    if (line == 0) {
        put_words(out, "(default)");
        return;
    }
    rule = hg_xasprintf("%s:%ld", out->policy_path, line);
    check_put(out, rule);
    free(rule);
}

void check_put_rule(const struct check_out *out, const struct hg_verdict *v)
{
    check_put_line(out, hg_verdict_line(v));
}

/* The row a verdict is about: its label, or for a budget that judged
   nothing what it looked for. */
/* What a budget's patterns match, as written: "parse", "main -> parse"
   for an edge; NULL for <total>.  Caller frees. */
char *check_budget_patterns(const struct hg_budget *b)
{
    if (b->target == HG_BUDGET_EDGE)
        return hg_xasprintf("%s -> %s", b->pattern, b->callee_pattern);
    return b->pattern ? hg_xstrdup(b->pattern) : NULL;
}

void check_put_row(const struct check_out *out, const struct hg_verdict *v)
{
    static const char *const targets[] = { "function", "zone", "(total)",
                                           "edge", "stack" };
    char *patterns;
    if (v->label != NULL) {
        check_put(out, v->label);
        return;
    }
    put_words(out, targets[v->budget->target]);
    if ((patterns = check_budget_patterns(v->budget)) != NULL) {
        put_words(out, " ");
        put_quoted(out, patterns);
    }
    free(patterns);
}

/* What a budget that judged nothing found. */
static void put_nothing_judged(const struct check_out *out,
                               const struct hg_verdict *v)
{
    static const char *const kinds[] = { "function", "zone", "function",
                                         "edge", "context" };
    const char *kind = kinds[v->budget->target];
    char text[CHECK_CELL_SIZE + 64];
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
    put_words(out, text);
    if (v->budget->optional)
        put_words(out, " (optional)");
}

void check_put_budget_verdict(const struct check_out *out,
                              const struct hg_verdict *v, const char *between)
{
    char text[CHECK_CELL_SIZE];
    if (v->kind == HG_VERDICT_VALUE)
        fputs(check_value_text(hg_verdict_metric(v), v->head, text),
              out->file);
    else
        put_nothing_judged(out, v);
    fprintf(out->file, "%s%s", between, check_limit_text(v->budget, text));
}

/* "+60,000 (+20.00%)", "-5 (-0.50%)", "+12 (from 0)"; the percentage
   with the digits that tell it from the threshold (hg_verdict_percent). */
const char *check_change_text(const struct hg_verdict *v,
                              char text[CHECK_CELL_SIZE])
{
    bool up = v->head >= v->base;
    uint64_t change = up ? v->head - v->base : v->base - v->head;
    char amount[CHECK_VALUE_SIZE], percent[HG_VERDICT_TEXT_SIZE];
    check_value_text(v->threshold->metric, change, amount);
    if (v->base == 0)
        snprintf(text, CHECK_CELL_SIZE, "+%s (from 0)", amount);
    else
        snprintf(text, CHECK_CELL_SIZE, "%c%s (%c%s%%)", up ? '+' : '-',
                 amount, up ? '+' : '-', hg_verdict_percent(v, percent));
    return text;
}

/* The threshold a change crossed. */
const char *check_crossed_text(const struct hg_verdict *v,
                               char text[CHECK_CELL_SIZE])
{
    char percent[HG_VERDICT_TEXT_SIZE];
    if (v->status == HG_VERDICT_FAIL && v->kind == HG_VERDICT_CHANGE)
        snprintf(text, CHECK_CELL_SIZE, "more than +%s%%",
                 hg_policy_percent_text(v->threshold->regression, 2,
                                        percent));
    else if (v->status == HG_VERDICT_BETTER)
        snprintf(text, CHECK_CELL_SIZE, "more than -%s%%",
                 hg_policy_percent_text(v->threshold->improvement, 2,
                                        percent));
    else if (v->status == HG_VERDICT_FAIL)
        snprintf(text, CHECK_CELL_SIZE, "added=\"regression\"");
    else
        text[0] = '\0';
    return text;
}

/* What a mark found: "entered 2 of 3 matched functions", "never entered
   (matched 0 functions that ran)". */
static void put_mark_details(const struct check_out *out,
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
    put_words(out, text);
}

/* What a verdict is about: the rule, then "METRIC of ROW" or
   "mark 'PATTERN'". */
/* What a verdict judged: "Ir of parse (bench)", "mark 'parse'". */
void check_print_verdict_subject(const struct check_out *out,
                                 const struct hg_verdict *v)
{
    if (v->kind == HG_VERDICT_MARK) {
        put_words(out, "mark ");
        put_quoted(out, v->mark->pattern);
        return;
    }
    fprintf(out->file, "%s of ", hg_verdict_metric(v)->name);
    check_put_row(out, v);
}

/* The policy rule that judged, then what it judged. */
static void print_verdict_name(const struct check_out *out,
                               const struct hg_verdict *v)
{
    check_put_rule(out, v);
    put_words(out, "  ");
    check_print_verdict_subject(out, v);
}

/* A change an <ignore> left out: ", ignored by p.xml:9: REASON". */
static void put_ignored(const struct check_out *out,
                        const struct hg_verdict *v)
{
    if (v->ignore == NULL)
        return;
    put_words(out, ", ignored by ");
    check_put_line(out, v->ignore->line);
    put_words(out, ": ");
    check_put(out, v->ignore->reason);
}

const char *check_explained_text(const struct hg_verdict *cause,
                                 char text[CHECK_CELL_SIZE])
{
    const struct hg_metric *metric = cause->explained_threshold->metric;
    char low[CHECK_VALUE_SIZE], high[CHECK_VALUE_SIZE];
    check_value_text(metric, cause->explained_low, low);
    check_value_text(metric, cause->explained_high, high);
    if (cause->explained_low == cause->explained_high)
        snprintf(text, CHECK_CELL_SIZE, "%s+%s",
                 cause->explains == 1 ? "" : "each ", low);
    else
        snprintf(text, CHECK_CELL_SIZE, "+%s to +%s", low, high);
    return text;
}

void check_put_explained_rows(const struct check_out *out,
                              const struct hg_verdict *cause)
{
    char text[3 * HG_COUNT_TEXT_SIZE + 64], a[HG_COUNT_TEXT_SIZE],
         b[HG_COUNT_TEXT_SIZE], c[HG_COUNT_TEXT_SIZE];
    size_t functions = cause->explained_functions,
           edges = cause->explained_edges;
    hg_format_count(cause->explains, a);
    hg_format_count(functions, b);
    hg_format_count(edges, c);
    if (functions > 0 && edges > 0)
        snprintf(text, sizeof text, "%s rows up the chain (%s function%s, "
                 "%s edge%s)", a, b, functions == 1 ? "" : "s", c,
                 edges == 1 ? "" : "s");
    else
        snprintf(text, sizeof text, "%s %s%s up the chain", a,
                 functions > 0 ? "function" : "edge",
                 cause->explains == 1 ? "" : "s");
    put_words(out, text);
}

/* The line of the regressions CAUSE explains, after its status word:
   "p.xml:5  incl-Ir of 14 rows up the chain (5 functions, 9 edges),
   each +168,000,000, explained by luaH_get (lua)". */
void check_print_fold_body(const struct check_out *out,
                           const struct hg_verdict *cause)
{
    char text[CHECK_CELL_SIZE];
    check_put_line(out, cause->explained_threshold->line);
    put_words(out, "  ");
    put_words(out, cause->explained_threshold->metric->name);
    put_words(out, " of ");
    check_put_explained_rows(out, cause);
    put_words(out, ", ");
    put_words(out, check_explained_text(cause, text));
    put_words(out, ", explained by ");
    check_put_row(out, cause);
}

/* A verdict after its status word, on one line: its name, then the
   numbers. */
void check_print_verdict_body(const struct check_out *out,
                              const struct hg_verdict *v)
{
    const struct hg_metric *metric = hg_verdict_metric(v);
    char a[CHECK_CELL_SIZE], b[CHECK_CELL_SIZE], c[CHECK_CELL_SIZE],
         d[CHECK_CELL_SIZE];

    print_verdict_name(out, v);
    fputs(": ", out->file);
    switch (v->kind) {
    case HG_VERDICT_MARK:
        put_mark_details(out, v);
        break;
    case HG_VERDICT_CHANGE:
        fprintf(out->file, "%s -> %s, %s",
                check_value_text(metric, v->base, a),
                check_value_text(metric, v->head, b), check_change_text(v, c));
        if (*check_crossed_text(v, d))
            fprintf(out->file, ", %s", d);
        put_ignored(out, v);
        break;
    case HG_VERDICT_ADDED:
        fprintf(out->file, "only in head: %s",
                check_value_text(metric, v->head, a));
        if (v->status == HG_VERDICT_FAIL) {
            /* added="regression": quotes, which JUnit's XML escapes */
            put_words(out, " (");
            put_words(out, check_crossed_text(v, b));
            put_words(out, ")");
        }
        put_ignored(out, v);
        break;
    case HG_VERDICT_REMOVED:
        fprintf(out->file, "only in base: %s",
                check_value_text(metric, v->base, a));
        put_ignored(out, v);
        break;
    default:
        check_put_budget_verdict(out, v, ", want ");
        break;
    }
}

/* A verdict's one line, as text prints it after the status word, into a
   new string (for JSON, whose writer escapes it). */
char *check_verdict_message(const struct check_out *out,
                            const struct hg_verdict *v)
{
    struct check_out text = *out;
    char *message = NULL;
    size_t size = 0;
    text.renderer = &check_text_renderer;
    if ((text.file = open_memstream(&message, &size)) == NULL)
        hg_out_of_memory();
    check_print_verdict_body(&text, v);
    if (fclose(text.file) != 0 || message == NULL)
        hg_out_of_memory();
    return message;
}
