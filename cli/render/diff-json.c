/* hotgrind: diff's JSON output: both runs and every figure of every row
   shown, with the explanations and line changes
   (docs/diff.schema.json); for suite runs one document holding each
   benchmark's (docs/diff-suite.schema.json).
   GPL-2.0-or-later; part of hotgrind. */

#include <inttypes.h>
#include <string.h>

#include "render/diff-render.h"

static void json_side(struct hg_json *w, const struct diff_comparison *c,
                      int s)
{
    const struct hg_report *r = c->reports[s];
    size_t i;
    hg_json_open(w, diff_side_names[s], '{', true);
    hg_json_text(w, "file", c->paths[s]);
    hg_json_open(w, "command", '[', true);
    hg_json_text(w, NULL, hg_report_program(r));
    for (i = 0; i < r->arg_count; i++)
        hg_json_text(w, NULL, r->args[i]);
    hg_json_close(w);
    hg_json_text(w, "hotgrind", r->tool_version);
    hg_json_text(w, "valgrind", r->valgrind_version);
    hg_json_text(w, "arch", r->arch);
    hg_json_close(w);
}

/* How one figure moved: "unchanged", "changed", "new" (from 0 or
   missing), "gone" (to 0 or missing). */
static const char *value_status(const struct hg_diff_value *v)
{
    if (!hg_diff_value_differs(v))
        return "unchanged";
    return v->base == 0 ? "new" : v->head == 0 ? "gone" : "changed";
}

/* A fraction "N.NN" (hg_format_percent, hg_format_ratio) as a JSON number,
   '-' before it when NEGATIVE; null when not PRESENT. */
static void json_fraction(struct hg_json *w, const char *key, bool present,
                          bool negative, const char *digits)
{
    hg_json_key(w, key);
    if (present)
        fprintf(w->out, "%s%.*s", negative ? "-" : "",
                (int)strspn(digits, "0123456789."), digits);
    else
        fputs("null", w->out);
}

static void json_value(struct hg_json *w, const struct hg_diff *diff,
                       const struct hg_diff_value *v)
{
    char text[HG_PERCENT_TEXT_SIZE];
    bool ratio = hg_diff_as_ratio(diff, v->metric);
    bool down = v->head < v->base;
    bool from_or_to_zero = (v->base == 0) != (v->head == 0);
    uint64_t magnitude = down ? v->base - v->head : v->head - v->base;

    hg_json_open(w, NULL, '{', true);
    hg_json_text(w, "metric", v->metric->name);
    hg_json_text(w, "status", value_status(v));
    hg_json_count_or_null(w, "base", v->in_base, v->base);
    hg_json_count_or_null(w, "head", v->in_head, v->head);
    hg_json_key(w, "delta");
    if (ratio)
        fputs("null", w->out);
    else
        fprintf(w->out, "%s%" PRIu64, down ? "-" : "", magnitude);
    json_fraction(w, "percent", !ratio && !from_or_to_zero, down,
                  hg_format_percent(magnitude, v->base, text));
    json_fraction(w, "ratio", ratio && v->base != 0 && v->head != 0, false,
                  hg_format_ratio(v->head, v->base, text));
    hg_json_close(w);
}

/* "base-file", "head-file", "base-line", "head-line" of a function row. */
static void json_function_place(struct hg_json *w,
                                const struct hg_diff_row *row)
{
    const struct hg_function *f[2] = {
        row->in_base ? row->base.function : NULL,
        row->in_head ? row->head.function : NULL,
    };
    char key[16];
    int s;
    for (s = 0; s < 2; s++) {
        snprintf(key, sizeof key, "%s-file", diff_side_names[s]);
        hg_json_text(w, key, f[s] ? f[s]->file : NULL);
    }
    for (s = 0; s < 2; s++) {
        snprintf(key, sizeof key, "%s-line", diff_side_names[s]);
        hg_json_count_or_null(w, key, f[s] != NULL, f[s] ? f[s]->line : 0);
    }
    hg_json_bool(w, "matched-by-name", row->by_name);
}

/* Member KEY: head minus base as a signed JSON number. */
static void json_delta(struct hg_json *w, const char *key, uint64_t base,
                       uint64_t head)
{
    hg_json_key(w, key);
    if (head >= base)
        fprintf(w->out, "%" PRIu64, head - base);
    else
        fprintf(w->out, "-%" PRIu64, base - head);
}

/* {"base": B, "head": H, "delta": D} on one line, a figure null where its
   report does not have it. */
static void json_part(struct hg_json *w, const char *key, bool in_base,
                      uint64_t base, bool in_head, uint64_t head)
{
    hg_json_open(w, key, '{', true);
    hg_json_count_or_null(w, "base", in_base, base);
    hg_json_count_or_null(w, "head", in_head, head);
    json_delta(w, "delta", base, head);
    hg_json_close(w);
}

/* Member "explained-by" of a changed function row: the parts of the change
   of its incl-Ir. */
static void json_why(struct hg_json *w, const struct hg_diff_row *row,
                     const struct hg_diff_why *why)
{
    const struct hg_function *f[2] = { row->base.function,
                                       row->head.function };
    const struct diff_other_edges others = diff_other_edges(why);
    size_t i;

    hg_json_open(w, "explained-by", '{', false);
    hg_json_bool(w, "adds-up", why->adds_up);
    hg_json_text(w, "caveat", why->caveat);
    json_part(w, "incl-Ir", true, f[0]->inclusive_ir, true,
              f[1]->inclusive_ir);
    json_part(w, "self", true, f[0]->self_ir, true, f[1]->self_ir);
    json_part(w, "no-symbol", true, f[0]->no_symbol_ir, true,
              f[1]->no_symbol_ir);
    hg_json_open(w, "callees", '[', false);
    for (i = 0; i < diff_named_edges(why); i++) {
        const struct hg_diff_edge *e = &why->edges[i];
        hg_json_open(w, NULL, '{', true);
        hg_json_text(w, "name", e->callee->name);
        hg_json_text(w, "object", e->callee->object);
        hg_json_text(w, "file", e->callee->file);
        hg_json_text(w, "status", !e->in_base ? "added"
                                  : !e->in_head ? "removed" : "changed");
        hg_json_count_or_null(w, "base-calls", e->in_base, e->base_calls);
        hg_json_count_or_null(w, "head-calls", e->in_head, e->head_calls);
        hg_json_count_or_null(w, "base", e->in_base, e->base_ir);
        hg_json_count_or_null(w, "head", e->in_head, e->head_ir);
        json_delta(w, "delta", e->base_ir, e->head_ir);
        hg_json_close(w);
    }
    hg_json_close(w);
    hg_json_open(w, "other-callees", '{', true);
    hg_json_count(w, "count", others.count);
    hg_json_count(w, "base", others.base_ir);
    hg_json_count(w, "head", others.head_ir);
    json_delta(w, "delta", others.base_ir, others.head_ir);
    hg_json_close(w);
    hg_json_close(w);
}

/* "lines" of a function row (--lines): each line change, every figure
   either line has. */
static void json_lines(struct hg_json *w, const struct hg_diff *diff,
                       const struct hg_line_diff *lines)
{
    size_t k, v;
    hg_json_open(w, "lines", '[', false);
    for (k = 0; k < lines->change_count; k++) {
        const struct hg_line_change *change = &lines->changes[k];
        const struct hg_line_file *file = &lines->files[change->file];
        hg_json_open(w, NULL, '{', true);
        hg_json_text(w, "file", file->file);
        hg_json_count_or_null(w, "base-line", change->line[0] != 0,
                              change->line[0]);
        hg_json_count_or_null(w, "head-line", change->line[1] != 0,
                              change->line[1]);
        hg_json_text(w, "matched", file->by_text ? "text" : "number");
        if (file->why_by_number != NULL)
            hg_json_text(w, "why-by-number", file->why_by_number);
        else
            hg_json_null(w, "why-by-number");
        if (change->text != NULL)
            hg_json_text(w, "source", change->text);
        else
            hg_json_null(w, "source");
        hg_json_open(w, "metrics", '[', false);
        for (v = 0; v < change->value_count; v++)
            json_value(w, diff, &change->values[v]);
        hg_json_close(w);
        hg_json_close(w);
    }
    hg_json_close(w);
}

/* ROW with its line changes LINES and its explanation WHY, each NULL when
   it has none. */
static void json_row(struct hg_json *w, const struct hg_diff *diff,
                     const struct hg_diff_row *row,
                     const struct hg_line_diff *lines,
                     const struct hg_diff_why *why)
{
    const struct hg_function *f = hg_diff_row_function(row);
    const struct hg_zone *z = hg_diff_row_zone(row);
    size_t v;

    hg_json_open(w, NULL, '{', true);
    hg_json_text(w, "kind", f ? "function" : z ? "zone" : "total");
    hg_json_text(w, "status", diff_status_name(row->status));
    if (f || z)
        hg_json_text(w, "name", diff_row_name(row));
    if (f) {
        hg_json_text(w, "object", f->object);
        json_function_place(w, row);
    }
    hg_json_open(w, "metrics", '[', false);
    for (v = 0; v < row->value_count; v++)
        json_value(w, diff, &row->values[v]);
    hg_json_close(w);
    if (why != NULL)
        json_why(w, row, why);
    if (lines != NULL && f != NULL)
        json_lines(w, diff, lines);
    hg_json_close(w);
}

/* The version of the JSON output (docs/diff.schema.json): 2 since the
   percentages are numbers, with a status per figure; the output before,
   without "format", was 1. */
enum { DIFF_JSON_FORMAT = 2 };

/* The version of the JSON output for suite runs
   (docs/diff-suite.schema.json). */
enum { DIFF_SUITE_JSON_FORMAT = 1 };

/* Across architectures: "arch-matching", the pairs each rule made (with
   the first pair's objects or names), and "per-call", the view of self
   Ir per call. */
static void json_arch_matching(struct hg_json *w, const struct hg_diff *diff)
{
    static const char *const rules[HG_ARCH_RULES] = { "program", "loader",
                                                      "version" };
    const struct hg_arch_matching *m = &diff->arch_matching;
    int r;
    hg_json_open(w, "arch-matching", '{', false);
    for (r = 0; r < HG_ARCH_RULES; r++) {
        hg_json_open(w, rules[r], '{', true);
        hg_json_count(w, "count", m->count[r]);
        hg_json_text(w, "base", m->example[r][0]);
        hg_json_text(w, "head", m->example[r][1]);
        hg_json_close(w);
    }
    hg_json_close(w);
}

static void json_port_side(struct hg_json *w, const struct hg_diff_port *p,
                           int s)
{
    const struct hg_function *f = p->function[s];
    hg_json_open(w, diff_side_names[s], '{', true);
    hg_json_text(w, "name", f->name);
    hg_json_text(w, "object", f->object);
    hg_json_text(w, "file", f->file);
    hg_json_count(w, "line", f->line);
    hg_json_count(w, "calls", p->calls[s]);
    hg_json_count(w, "Ir", p->ir[s]);
    hg_json_close(w);
}

static void json_ports(struct hg_json *w, const struct diff_comparison *c)
{
    const struct hg_diff *diff = c->diff;
    char text[HG_DIFF_TEXT_SIZE];
    size_t i;

    hg_json_open(w, "per-call", '{', false);
    json_fraction(w, "run-ratio", c->reports[0]->total_ir != 0, false,
                  hg_format_fraction(c->reports[1]->total_ir,
                                     c->reports[0]->total_ir, 0, 6, text,
                                     sizeof text));
    hg_json_count(w, "functions", diff->port_count);
    hg_json_count(w, "calls-differ", diff->ports_calls_differ);
    hg_json_count(w, "shown", c->ports_shown);
    hg_json_open(w, "rows", '[', false);
    for (i = 0; i < c->ports_shown; i++) {
        const struct hg_diff_port *p = &diff->ports[i];
        hg_json_open(w, NULL, '{', false);
        json_port_side(w, p, 0);
        json_port_side(w, p, 1);
        hg_json_bool(w, "calls-equal", p->calls[0] == p->calls[1]);
        json_fraction(w, "ratio", p->has_ratio, false,
                      hg_port_ratio(p, 6, text));
        json_fraction(w, "relative", p->has_ratio, false,
                      hg_port_relative(diff, p, 6, text));
        hg_json_close(w);
    }
    hg_json_close(w);
    hg_json_close(w);
}

/* The document of docs/diff.schema.json as member KEY of W (NULL: the
   whole output, or an element). */
static void json_comparison(struct hg_json *w, const char *key,
                            const struct diff_comparison *c)
{
    static const char *const count_names[] = {
        "compared", "changed", "added", "removed", "unchanged", "shown",
    };
    const struct hg_diff *diff = c->diff;
    const size_t counts[] = {
        diff->compared, diff->changed, diff->added, diff->removed,
        diff->unchanged, c->shown,
    };
    size_t i;

    hg_json_open(w, key, '{', false);
    hg_json_count(w, "format", DIFF_JSON_FORMAT);
    json_side(w, c, 0);
    json_side(w, c, 1);
    hg_json_bool(w, "cross-arch", diff->cross_arch);
    if (diff->cross_arch)
        json_arch_matching(w, diff);
    hg_json_differences(w, diff->differences, diff->difference_count);
    /* Only when one report has a call graph, so that the output of
       reports without any is what it was. */
    if (diff_no_explanation(diff) != NULL)
        hg_json_text(w, "no-explanation", diff_no_explanation(diff));
    /* The counts on one line. */
    for (i = 0; i < 6; i++) {
        if (i > 0)
            hg_json_same_line(w);
        hg_json_count(w, count_names[i], counts[i]);
    }
    hg_json_open(w, "rows", '[', false);
    json_row(w, diff, &diff->total, NULL, NULL);
    for (i = 0; i < c->shown; i++)
        json_row(w, diff, &diff->rows[i], c->lines ? &c->lines[i] : NULL,
                 c->explanations[i].given ? &c->explanations[i].why : NULL);
    hg_json_close(w);
    if (diff->cross_arch)
        json_ports(w, c);
    hg_json_close(w);
}

/* Alone, or as member "diff" of a benchmark of the suite's document. */
static void json_write_comparison(struct diff_out *out,
                                  const struct diff_comparison *c)
{
    struct hg_json w = { .out = out->file };
    json_comparison(out->in_suite ? &out->json : &w,
                    out->in_suite ? "diff" : NULL, c);
}

/* What became of each benchmark, by enum hg_pair_kind. */
static const char *const pair_kinds[] = { "compared", "added", "removed",
                                          "not-run" };

static void json_suite_open(struct diff_out *out, const struct diff_suite *s)
{
    struct hg_json *w = &out->json;
    enum hg_pair_kind k;

    hg_json_open(w, NULL, '{', false);
    hg_json_count(w, "format", DIFF_SUITE_JSON_FORMAT);
    hg_json_text(w, "suite", s->runs[1]->suite);
    hg_json_text(w, "base", s->paths[0]);
    hg_json_text(w, "head", s->paths[1]);
    hg_json_open(w, "counts", '{', true);
    for (k = HG_PAIR_COMPARED; k <= HG_PAIR_NOT_RUN; k++)
        hg_json_count(w, pair_kinds[k], s->counts[k]);
    hg_json_close(w);
    hg_json_open(w, "benchmarks", '[', false);
}

static void json_bench_open(struct diff_out *out,
                            const struct hg_bench_pair *p,
                            enum hg_pair_kind kind)
{
    hg_json_open(&out->json, NULL, '{', false);
    hg_json_text(&out->json, "name", p->name);
    hg_json_text(&out->json, "status", pair_kinds[kind]);
}

static void json_bench_close(struct diff_out *out,
                             const struct hg_bench_pair *p,
                             enum hg_pair_kind kind)
{
    (void)p;
    if (kind != HG_PAIR_COMPARED)
        hg_json_null(&out->json, "diff");
    hg_json_close(&out->json);
}

static void json_suite_close(struct diff_out *out)
{
    hg_json_close(&out->json);
    hg_json_close(&out->json);
}

const struct diff_renderer diff_json_renderer = {
    .name = "json",
    .comparison = json_write_comparison,
    .suite_open = json_suite_open,
    .bench_open = json_bench_open,
    .bench_close = json_bench_close,
    .suite_close = json_suite_close,
};
