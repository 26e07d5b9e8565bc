/* hotgrind check: applies a policy (docs/policy.md) to a report, or to
   the change between two, for CI.  GPL-2.0-or-later; part of hotgrind. */

/* The verdicts come from policy-judge.c; this file reads the command
   line and the files, and writes every verdict as text or as markdown for
   a pull-request comment.  Exit status: 0 pass, 1 a budget broken or a
   regression (HG_EXIT_JUDGED), 2 a file or the command line unusable. */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "policy.h"

static const char check_usage[] =
    "usage: hotgrind check --policy FILE [--format=text|markdown] "
    "[--allow-exit=LIST] [BASE] HEAD";

static const char check_help[] =
    "usage: hotgrind check --policy FILE [--format=text|markdown] "
    "[--allow-exit=LIST] [BASE] HEAD\n"
    "\n"
    "Applies the policy FILE (XML, docs/policy.md; validated against the\n"
    "schema built into this command) to the report HEAD: its budgets,\n"
    "absolute limits per function, zone or the whole run, on HEAD; and\n"
    "with a BASE report, its thresholds on the change from BASE to HEAD,\n"
    "metric by metric, past a noise floor.  Between reports of different\n"
    "architectures, thresholds on Ir, cache and per-call figures are not\n"
    "applied; calls and heap figures are.  Differences in how the two\n"
    "runs were made (Valgrind, platform, libc, environment, options, the\n"
    "settings of hotgrind run) are warned about.\n"
    "\n"
    "Every verdict is printed: the rule and its line in FILE, the row,\n"
    "the numbers.  --format=markdown writes the same for a pull-request\n"
    "comment.\n"
    "\n"
    "  --policy FILE       the policy (required, once)\n"
    "  --format=FORMAT     text (default) or markdown\n"
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

enum format { FORMAT_TEXT, FORMAT_MARKDOWN };

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
};

/* TEXT as it may appear: control characters as '?'; for markdown, the
   characters that would make markup escaped. */
static void put(const struct out *out, const char *text)
{
    for (; *text != '\0'; text++) {
        unsigned char c = (unsigned char)*text;
        if (c < 0x20 || c == 0x7f)
            fputc('?', out->file);
        else if (out->format == FORMAT_MARKDOWN && c == '<')
            fputs("&lt;", out->file);
        else if (out->format == FORMAT_MARKDOWN && c == '>')
            fputs("&gt;", out->file);
        else if (out->format == FORMAT_MARKDOWN && c == '&')
            fputs("&amp;", out->file);
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

/* A percentage of the policy (HG_PERCENT_UNIT): two decimals at least,
   four at most, "5.00%", "0.005%". */
static const char *percent_text(uint64_t units, char text[CELL_SIZE])
{
    unsigned fraction = (unsigned)(units % HG_PERCENT_UNIT);
    int decimals = fraction % 100 ? (fraction % 10 ? 4 : 3) : 2;
    unsigned shown = fraction;
    int i;
    for (i = 4; i > decimals; i--)
        shown /= 10;
    snprintf(text, CELL_SIZE, "%" PRIu64 ".%0*u%%", units / HG_PERCENT_UNIT,
             decimals, shown);
    return text;
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
        "pass", "FAIL", "skip", "better", "note"
    };
    return words[status];
}

static long rule_line(const struct hg_verdict *v)
{
    return v->budget ? v->budget->line : v->threshold->line;
}

static void put_rule(const struct out *out, const struct hg_verdict *v)
{
    char line[32];
    if (rule_line(v) == 0) {
        put(out, "(default)");
        return;
    }
    put(out, out->policy_path);
    snprintf(line, sizeof line, ":%ld", rule_line(v));
    put(out, line);
}

/* The row a verdict is about: its label, or for a budget that judged
   nothing what it looked for. */
static void put_row(const struct out *out, const struct hg_verdict *v)
{
    static const char *const targets[] = { "function", "zone", "(total)" };
    if (v->label != NULL) {
        put(out, v->label);
        return;
    }
    put(out, targets[v->budget->target]);
    if (v->budget->target != HG_BUDGET_TOTAL) {
        put(out, " '");
        put(out, v->budget->pattern);
        put(out, "'");
    }
}

/* What a budget that judged nothing found. */
static void put_nothing_judged(const struct out *out,
                               const struct hg_verdict *v)
{
    const char *kind = v->budget->target == HG_BUDGET_ZONE ? "zone"
                                                           : "function";
    char text[CELL_SIZE + 64];
    if (v->kind == HG_VERDICT_UNMATCHED)
        snprintf(text, sizeof text, "matched no %s", kind);
    else if (v->budget->target == HG_BUDGET_TOTAL)
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

/* "+60,000 (+20.00%)", "-5 (-0.50%)", "+12 (from 0)". */
static const char *change_text(const struct hg_verdict *v,
                               char text[CELL_SIZE])
{
    bool up = v->head >= v->base;
    uint64_t change = up ? v->head - v->base : v->base - v->head;
    char amount[VALUE_SIZE], percent[HG_PERCENT_TEXT_SIZE];
    value_text(v->threshold->metric, change, amount);
    if (v->base == 0)
        snprintf(text, CELL_SIZE, "+%s (from 0)", amount);
    else
        snprintf(text, CELL_SIZE, "%c%s (%c%s)", up ? '+' : '-', amount,
                 up ? '+' : '-', hg_format_percent(change, v->base, percent));
    return text;
}

/* The threshold a change crossed. */
static const char *crossed_text(const struct hg_verdict *v,
                                char text[CELL_SIZE])
{
    char percent[CELL_SIZE];
    if (v->status == HG_VERDICT_FAIL && v->kind == HG_VERDICT_CHANGE)
        snprintf(text, CELL_SIZE, "more than +%s",
                 percent_text(v->threshold->regression, percent));
    else if (v->status == HG_VERDICT_BETTER)
        snprintf(text, CELL_SIZE, "more than -%s",
                 percent_text(v->threshold->improvement, percent));
    else if (v->status == HG_VERDICT_FAIL)
        snprintf(text, CELL_SIZE, "added=\"regression\"");
    else
        text[0] = '\0';
    return text;
}

static void print_text_verdict(const struct out *out,
                               const struct hg_verdict *v)
{
    const struct hg_metric *metric = v->budget ? v->budget->metric
                                               : v->threshold->metric;
    char a[CELL_SIZE], b[CELL_SIZE], c[CELL_SIZE], d[CELL_SIZE];

    fprintf(out->file, "%-6s  ", status_word(v->status));
    put_rule(out, v);
    fprintf(out->file, "  %s of ", metric->name);
    put_row(out, v);
    fputs(": ", out->file);
    switch (v->kind) {
    case HG_VERDICT_VALUE:
        fprintf(out->file, "%s, want %s", value_text(metric, v->head, a),
                limit_text(v->budget, b));
        break;
    case HG_VERDICT_UNMATCHED:
    case HG_VERDICT_NO_VALUE:
        put_nothing_judged(out, v);
        fprintf(out->file, ", want %s", limit_text(v->budget, b));
        break;
    case HG_VERDICT_CHANGE:
        fprintf(out->file, "%s -> %s, %s, %s", value_text(metric, v->base, a),
                value_text(metric, v->head, b), change_text(v, c),
                crossed_text(v, d));
        break;
    case HG_VERDICT_ADDED:
        fprintf(out->file, "only in head: %s", value_text(metric, v->head, a));
        if (v->status == HG_VERDICT_FAIL)
            fprintf(out->file, " (%s)", crossed_text(v, b));
        break;
    case HG_VERDICT_REMOVED:
        fprintf(out->file, "only in base: %s", value_text(metric, v->base, a));
        break;
    }
    fputc('\n', out->file);
}

static void print_markdown_verdict(const struct out *out,
                                   const struct hg_verdict *v)
{
    const struct hg_metric *metric = v->budget ? v->budget->metric
                                               : v->threshold->metric;
    char a[CELL_SIZE], b[CELL_SIZE];

    fprintf(out->file, v->status == HG_VERDICT_FAIL ? "| **%s** | "
            : "| %s | ", status_word(v->status));
    put_rule(out, v);
    fputs(" | ", out->file);
    put_row(out, v);
    fprintf(out->file, " | %s | ", metric->name);
    switch (v->kind) {
    case HG_VERDICT_VALUE:
        fprintf(out->file, "%s | %s |", value_text(metric, v->head, a),
                limit_text(v->budget, b));
        break;
    case HG_VERDICT_UNMATCHED:
    case HG_VERDICT_NO_VALUE:
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
    case HG_VERDICT_REMOVED:
        fprintf(out->file, "%s | - | only in base | %s |",
                value_text(metric, v->base, a), crossed_text(v, b));
        break;
    }
    fputc('\n', out->file);
}

static void print_verdicts(const struct out *out,
                           const struct hg_judgement *j, bool budgets,
                           const char *table_head)
{
    size_t i;
    bool any = false;
    for (i = 0; i < j->verdict_count; i++) {
        const struct hg_verdict *v = &j->verdicts[i];
        if ((v->budget != NULL) != budgets)
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
    if (j->difference_count || j->cross_arch || j->unjudged_count)
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
static void print_source(const struct out *out, const char *role,
                         const char *path, const struct hg_report *report)
{
    bool md = out->format == FORMAT_MARKDOWN;
    bool first = strcmp(role, "policy") == 0, last = strcmp(role, "head") == 0;
    if (md)
        fprintf(out->file, "%s%s ", first ? "P" : "", role + first);
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

    if (md)
        fprintf(out->file, "### hotgrind check: %s\n\n",
                hg_judgement_failed(j) ? "FAIL" : "PASS");
    print_source(out, "policy", out->policy_path, NULL);
    if (base != NULL)
        print_source(out, "base", base_path, base);
    print_source(out, "head", head_path, head);
    fputc('\n', out->file);
    print_remarks(out, j, base, head);

    if (j->budgets_passed + j->budgets_failed + j->budgets_skipped > 0) {
        fputs(md ? "#### Budgets on " : "Budgets on ", out->file);
        put(out, head_path);
        fputs(md ? "\n\n" : ":\n", out->file);
        print_verdicts(out, j, true, budgets_table);
        fputc('\n', out->file);
    }
    if (base != NULL) {
        fputs(md ? "#### Thresholds from " : "Thresholds from ", out->file);
        put(out, base_path);
        fputs(" to ", out->file);
        put(out, head_path);
        fputs(md ? "\n\n" : ":\n", out->file);
        print_verdicts(out, j, false, thresholds_table);
        fputc('\n', out->file);
    }
    print_summary(out, j);
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
    int path_count, status;

    status = hg_parse_options(&line, argc, argv, &path_count);
    if (status != -1)
        return status;
    status = HG_EXIT_TROUBLE;
    if (path_count > 2)
        return hg_usage_error("check", check_usage,
                              "more than two reports given");
    if (policy_path == NULL)
        return hg_usage_error("check", check_usage, "no --policy given");
    if (strcmp(format_name, "text") != 0
        && strcmp(format_name, "markdown") != 0)
        return hg_usage_error("check", check_usage, "unknown format '%s' "
                              "(text or markdown)", format_name);
    if (exits != NULL && !hg_parse_allowed_exits(exits, &allowed_exits))
        return hg_usage_error("check", check_usage, "--allow-exit takes "
                              HG_ALLOW_EXIT_WORDS ", not '%s'", exits);
    if (path_count == 0)
        return hg_usage_error("check", check_usage, "no HEAD report given");
    if (path_count == 2)
        base_path = argv[0];
    head_path = argv[path_count - 1];

    /* The policy first: its mistakes come before the reports'. */
    if ((policy = hg_policy_load(policy_path, problem, sizeof problem))
        == NULL)
        hg_say_problem(policy_path, problem);
    else if ((base_path == NULL || (base = hg_load_report(base_path)) != NULL)
             && (head = hg_load_report(head_path)) != NULL
             && (base == NULL
                 || hg_exit_allowed(base_path, base, allowed_exits))
             && hg_exit_allowed(head_path, head, allowed_exits)) {
        judgement = hg_policy_judge(policy, base, head);
        out.file = stdout;
        out.format = strcmp(format_name, "markdown") == 0 ? FORMAT_MARKDOWN
                                                          : FORMAT_TEXT;
        out.policy_path = policy_path;
        print_judgement(&out, judgement, base_path, base, head_path, head);
        status = hg_judgement_failed(judgement) ? HG_EXIT_JUDGED
                                                : HG_EXIT_OK;
    }
    hg_judgement_free(judgement);
    hg_report_free(head);
    hg_report_free(base);
    hg_policy_free(policy);
    return status;
}
