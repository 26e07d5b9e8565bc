/* hotgrind: check's markdown output, for a pull-request comment: a
   heading with the result, a table of verdicts a section, and for suite
   runs the worst regressions and a folded section a benchmark
   (check-human.c lays out the rest).  GPL-2.0-or-later; part of hotgrind. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/check-render.h"
#include "render/history-link.h"
#include "report/metrics.h"
#include "util/hash.h"
#include "util/index-table.h"
#include "util/number.h"
#include "util/xalloc.h"

/* --history-url: the base's rows by the label a verdict names its row
   with ("parse (bench)", "zone startup"), so that a verdict finds its
   function.  A label two identities share (a name and object in two
   files, a zone named so) finds none: no link rather than a link to
   another function's page. */
struct link_row {
    char *label;
    const struct hg_function *function;   /* NULL: a zone, or shared */
};

struct check_links {
    const char *url, *benchmark;
    struct link_row *rows;
    size_t count, capacity;
    struct index_table table;
};

static size_t label_hash(const char *label)
{
    return (size_t)hg_fnv1a(HG_FNV1A_BASIS, label);
}

static size_t hash_of_row(const void *items, size_t i)
{
    return label_hash(((const struct link_row *)items)[i].label);
}

static bool row_is(const void *items, size_t i, const void *key)
{
    return strcmp(((const struct link_row *)items)[i].label, key) == 0;
}

static void add_row(struct check_links *l, const struct hg_entity *entity)
{
    char *label = hg_entity_label(entity);
    size_t *slot;
    index_table_reserve(&l->table, l->count, hash_of_row, l->rows);
    slot = index_table_find(&l->table, label_hash(label), row_is, l->rows,
                            label);
    if (*slot != INDEX_TABLE_EMPTY) {
        const struct hg_function *had = l->rows[*slot].function;
        const struct hg_function *f = entity->function;
        /* Two rows of one identity (one function's two rows) share its
           page; rows of two identities share no page. */
        if (had == NULL || f == NULL || strcmp(had->name, f->name) != 0
            || strcmp(had->object, f->object) != 0
            || strcmp(had->file, f->file) != 0)
            l->rows[*slot].function = NULL;
        free(label);
        return;
    }
    l->rows = hg_xgrow(l->rows, &l->capacity, l->count + 1, sizeof *l->rows,
                       256);
    *slot = l->count;
    l->rows[l->count].label = label;
    l->rows[l->count++].function = entity->function;
}

static void links_make(struct check_links *l, const char *url,
                       const struct hg_report *base, const char *benchmark)
{
    size_t n = base->function_count, i;
    l->url = url;
    l->benchmark = benchmark != NULL ? benchmark
                                     : hg_history_report_benchmark(base);
    /* The functions, then the zones, whose labels they might share. */
    for (i = 0; i < n + base->zone_count; i++) {
        struct hg_entity entity = { NULL, NULL };
        if (i < n)
            entity.function = &base->functions[i];
        else
            entity.zone = &base->zones[i - n];
        add_row(l, &entity);
    }
}

static void links_free(struct check_links *l)
{
    size_t i;
    for (i = 0; i < l->count; i++)
        free(l->rows[i].label);
    free(l->rows);
    index_table_free(&l->table);
}

/* The base's function V judged, when OUT links and it is one. */
static const struct hg_function *linked_function(const struct check_out *out,
                                                 const struct hg_verdict *v)
{
    const struct check_links *l = out->links;
    const size_t *slot;
    if (l == NULL || v->label == NULL || v->caller != NULL || l->count == 0)
        return NULL;
    slot = index_table_find(&l->table, label_hash(v->label), row_is,
                            l->rows, v->label);
    return *slot != INDEX_TABLE_EMPTY ? l->rows[*slot].function : NULL;
}

/* V's row, with --history-url a link to its function's page. */
static void put_row(const struct check_out *out, const struct hg_verdict *v)
{
    const struct hg_function *f = linked_function(out, v);
    if (f != NULL)
        fputc('[', out->file);
    check_put_row(out, v);
    if (f != NULL)
        hg_history_link_end(out->file, out->links->url,
                            out->links->benchmark, f);
}

/* A judgement of two reports, or of a suite's benchmark: with
   --history-url, the links of the base's functions first. */
static void markdown_judgement(const struct check_out *out,
                               const struct check_subject *c)
{
    struct check_out linked = *out;
    struct check_links links;
    memset(&links, 0, sizeof links);
    if (out->history_url != NULL && c->base != NULL) {
        links_make(&links, out->history_url, c->base, c->benchmark);
        linked.links = &links;
    }
    check_print_judgement(&linked, c);
    links_free(&links);
}

/* The row of the regressions CAUSE explains, under its own. */
static void markdown_fold(const struct check_out *out,
                          const struct hg_verdict *cause)
{
    char text[CHECK_CELL_SIZE], percent[HG_VERDICT_TEXT_SIZE];
    fprintf(out->file, "| **%s** | ", check_status_word(HG_VERDICT_FAIL));
    check_put_line(out, cause->explained_threshold->line);
    fputs(" | ", out->file);
    check_put_explained_rows(out, cause);
    fputs(", explained by ", out->file);
    check_put_row(out, cause);
    fprintf(out->file, " | %s | | | %s | more than +%s%% |\n",
            cause->explained_threshold->metric->name,
            check_explained_text(cause, text),
            hg_policy_percent_text(cause->explained_threshold->regression,
                                   2, percent));
}

/* A change an <ignore> left out: the threshold cell says by which and
   why. */
static void put_ignored_cell(const struct check_out *out,
                             const struct hg_verdict *v)
{
    fputs("ignored by ", out->file);
    check_put_line(out, v->ignore->line);
    fputs(": ", out->file);
    check_put(out, v->ignore->reason);
    fputs(" |", out->file);
}

static void markdown_verdict(const struct check_out *out,
                             const struct hg_verdict *v)
{
    const struct hg_metric *metric = hg_verdict_metric(v);
    char a[CHECK_CELL_SIZE], b[CHECK_CELL_SIZE];

    fprintf(out->file, v->status == HG_VERDICT_FAIL ? "| **%s** | "
            : "| %s | ", check_status_word(v->status));
    check_put_rule(out, v);
    fputs(" | ", out->file);
    if (v->kind == HG_VERDICT_MARK) {
        check_put(out, v->mark->pattern);
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
    case HG_VERDICT_CHANGE:
        fprintf(out->file, "%s | ", check_value_text(metric, v->base, a));
        fprintf(out->file, "%s | ", check_value_text(metric, v->head, a));
        fprintf(out->file, "%s | ", check_change_text(v, a));
        break;
    case HG_VERDICT_ADDED:
        fprintf(out->file, "- | %s | only in head | ",
                check_value_text(metric, v->head, a));
        break;
    case HG_VERDICT_REMOVED:
        fprintf(out->file, "%s | - | only in base | ",
                check_value_text(metric, v->base, a));
        break;
    default:
        check_put_budget_verdict(out, v, " | ");
        fputs(" |\n", out->file);
        return;
    }
    if (v->ignore != NULL)
        put_ignored_cell(out, v);
    else
        fprintf(out->file, "%s |", check_crossed_text(v, b));
    fputc('\n', out->file);
}

/* The regressions in the suite's summary table at most; the rest are in
   the benchmarks' sections. */
enum { WORST_SHOWN = 10 };

static void print_worst(const struct check_out *out,
                        const struct hg_suite_check *s)
{
    size_t n = s->worst_count, i;
    const struct hg_worst *worst = s->worst;
    char a[CHECK_CELL_SIZE], b[CHECK_CELL_SIZE], c[CHECK_CELL_SIZE];
    if (n > 0) {
        fputs("#### Worst regressions\n\n"
              "| benchmark | row | metric | base | head | change |\n"
              "|---|---|---|--:|--:|--:|\n", out->file);
        for (i = 0; i < n && i < WORST_SHOWN; i++) {
            const struct hg_verdict *v = &worst[i].verdict;
            const struct hg_metric *metric = hg_verdict_metric(v);
            fputs("| ", out->file);
            check_put(out, worst[i].bench->pair->name);
            fputs(" | ", out->file);
            check_put_row(out, v);
            fprintf(out->file, " | %s | %s | %s | %s |\n", metric->name,
                    v->kind == HG_VERDICT_ADDED ? "-"
                    : check_value_text(metric, v->base, a),
                    check_value_text(metric, v->head, b),
                    v->kind == HG_VERDICT_ADDED ? "only in head"
                    : check_change_text(v, c));
        }
        if (n > WORST_SHOWN)
            fprintf(out->file, "\n%zu more in the benchmarks below.\n",
                    n - WORST_SHOWN);
        fputc('\n', out->file);
    }
}

static void markdown_title(const struct check_out *out, bool failed,
                           const char *suite)
{
    fprintf(out->file, "### hotgrind check: %s", failed ? "FAIL" : "PASS");
    if (suite != NULL) {
        fputs(" (suite ", out->file);
        check_put(out, suite);
        fputc(')', out->file);
    }
    fputs("\n\n", out->file);
}

/* One sentence: "Policy p.xml, base b.xml (amd64), head h.xml (amd64)." */
static void markdown_source_open(const struct check_out *out,
                                 const char *role, bool first)
{
    fprintf(out->file, "%c%s ", first ? role[0] - 'a' + 'A' : role[0],
            role + 1);
}

static void markdown_source_close(const struct check_out *out, bool last)
{
    fputs(last ? ".\n" : ", ", out->file);
}

static void markdown_bench_list(const struct check_out *out,
                                const struct hg_suite_check *s)
{
    print_worst(out, s);
    fputs("| verdict | benchmark | |\n|---|---|---|\n", out->file);
}

static void markdown_bench_row(const struct check_out *out,
                               const struct hg_bench_check *b,
                               const char *state)
{
    fprintf(out->file, b->failed ? "| **%s** | " : "| %s | ",
            hg_bench_word(b));
    check_put(out, b->pair->name);
    fprintf(out->file, " | %s", state);
    fputs(" |\n", out->file);
}

/* HTML, where markdown's escapes would show: a benchmark's name has none
   of its special characters (hg_suite_name_ok). */
static void markdown_bench_open(const struct check_out *out,
                                const struct hg_bench_check *b)
{
    fprintf(out->file, "<details><summary><code>%s</code>: %s"
            "</summary>\n\n", b->pair->name, hg_bench_word(b));
}

static const struct check_layout markdown_layout = {
    .title = markdown_title,
    .source_open = markdown_source_open,
    .source_close = markdown_source_close,
    .heading_open = "#### ",
    .heading_close = "\n\n",
    .table_heads = {
        [HG_SECTION_BUDGETS] =
            "| verdict | rule | row | metric | value | limit |\n"
            "|---|---|---|---|--:|---|\n",
        [HG_SECTION_MARKS] =
            "| verdict | rule | mark | functions | entered | |\n"
            "|---|---|---|--:|--:|---|\n",
        [HG_SECTION_THRESHOLDS] =
            "| verdict | rule | row | metric | base | head | change "
            "| threshold |\n"
            "|---|---|---|---|--:|--:|--:|---|\n",
    },
    .verdict = markdown_verdict,
    .fold = markdown_fold,
    .remark_format = "- **%s:** ",
    .result_format = "**Result: %s** ",
    .bench_list = markdown_bench_list,
    .bench_row = markdown_bench_row,
    .bench_open = markdown_bench_open,
    .bench_close = "\n</details>\n\n",
};

const struct check_renderer check_markdown_renderer = {
    .name = "markdown",
    .escape = CHECK_ESCAPE_MARKDOWN,
    .judgement = markdown_judgement,
    .suite = check_print_suite,
    .layout = &markdown_layout,
};
