/* hotgrind: diff's markdown output, for a pull-request comment: the
   totals in a sentence, a table of the rows that differ, why incl-Ir
   changed and (--lines) the lines that changed; names as code spans.
   GPL-2.0-or-later; part of hotgrind. */

#include <string.h>

#include "render/diff-render.h"
#include "render/history-link.h"
#include "render/text.h"

/* "Base `FILE` (hotgrind `0.1.0`, Valgrind `3.19.0`, `amd64`)": the
   versions and the architecture are a report's text, code as any. */
static void print_side(FILE *out, const struct diff_comparison *c, int s)
{
    fprintf(out, "%s ", s == 0 ? "Base" : "head");
    hg_markdown_code(out, c->paths[s]);
    fputs(" (", out);
    hg_print_measured_by_as(out, c->reports[s], hg_markdown_code);
    fputs(")", out);
}

/* The rows table's stream, and with --history-url where a function
   with a history links to. */
struct md_rows {
    FILE *file;
    const char *url;             /* NULL: no links */
    const char *benchmark;
};

static void md_line(void *data, const struct hg_diff_row *row,
                    const char *cells[DIFF_COLUMNS])
{
    const struct md_rows *rows = data;
    FILE *out = rows->file;
    bool function = hg_diff_row_function(row) != NULL;
    bool zone = hg_diff_row_zone(row) != NULL;
    /* A function of the base has a history (the base's branch is what
       history record keeps); one only in HEAD has none yet. */
    bool link = rows->url != NULL && function && row->in_base;
    int column;
    for (column = 0; column < DIFF_COLUMNS; column++) {
        fputs(column == 0 ? "| " : " | ", out);
        /* Names, objects and files are code, so that Markdown leaves them
           be; the other cells are numbers and words of ours. */
        if (cells[column][0] != '\0'
            && ((column == 0 && (function || zone))
                || (column <= 2 && function))) {
            if (column == 0 && link)
                fputc('[', out);
            hg_markdown_code(out, cells[column]);
            if (column == 0 && link)
                hg_history_link_end(out, rows->url, rows->benchmark,
                                    row->base.function);
        } else {
            fputs(cells[column], out);
        }
    }
    fputs(" |\n", out);
}

/* A table row of COUNT CELLS, those whose bit is set in CODE (and not
   empty) as code spans: the names, objects, files and source text, so
   that Markdown leaves them be; the other cells are numbers and words of
   ours. */
static void md_cells(FILE *out, const char *const *cells, int count,
                     unsigned code)
{
    int column;
    for (column = 0; column < count; column++) {
        fputs(column == 0 ? "| " : " | ", out);
        if ((code >> column & 1) && cells[column][0] != '\0')
            hg_markdown_code(out, cells[column]);
        else
            fputs(cells[column], out);
    }
    fputs(" |\n", out);
}

static void why_md_line(void *data, bool first, bool callee,
                        const char *cells[DIFF_WHY_COLUMNS])
{
    /* Function and callee names. */
    md_cells(data, cells, DIFF_WHY_COLUMNS,
             (first ? 1u : 0) | (callee ? 2u : 0));
}

static void write_markdown_why(FILE *out, const struct diff_comparison *c)
{
    if (diff_start_why(out, c, "\n**Why:** ", ".\n",
                       "\n**Why incl-Ir changed**: self, no-symbol and "
                       "callee Ir (the callees of most change)\n\n"
                       "| function | part | base Ir | head Ir | delta | calls "
                       "| note |\n|:--|:--|--:|--:|--:|:--|:--|\n") > 0)
        diff_for_each_why_line(c, why_md_line, out);
}

static void line_change_md(void *data, bool first_of_function,
                           bool first_of_change,
                           const char *cells[DIFF_LINE_COLUMNS])
{
    /* The name, and the file and source. */
    md_cells(data, cells, DIFF_LINE_COLUMNS,
             (first_of_function ? 1u : 0)
             | (first_of_change ? 1u << 1 | 1u << 10 : 0));
}

static void write_markdown_lines(FILE *out, const struct diff_comparison *c)
{
    if (diff_start_lines(out, c, "\n**Lines:** none of the functions shown "
                         "has a line whose figures changed.\n",
                         "\n**Lines that changed** in the functions shown "
                         "(matched by source text, or by number)\n\n"
                         "| name | file | base line | head line | matched "
                         "| metric | base | head | delta | change | source "
                         "|\n|:--|:--|--:|--:|:--|:--|--:|--:|--:|--:|:--|\n")
        == 0)
        return;
    diff_for_each_line_change(c, line_change_md, out);
    diff_print_by_number_notes(out, c, "\nBy number: ", hg_markdown_code);
}

static void port_md_line(void *data, const struct hg_diff_port *p,
                         const char *cells[DIFF_PORT_COLUMNS])
{
    (void)p;
    md_cells(data, cells, DIFF_PORT_COLUMNS, 3u);     /* name, object */
}

/* Across architectures: the view of Ir per call. */
static void write_markdown_ports(FILE *out, const struct diff_comparison *c)
{
    if (diff_start_ports(out, c, "\n**Per call:** ", ".\n",
                         "\n| name | object | base calls | head calls "
                         "| calls | base Ir/call | head Ir/call | head/base "
                         "| vs run |\n"
                         "|:--|:--|--:|--:|:--|--:|--:|--:|--:|\n",
                         hg_markdown_code, "\xe2\x86\x92") > 0)
        diff_for_each_port(c, port_md_line, out);
}

static void write_markdown(const struct diff_out *o,
                           const struct diff_comparison *c)
{
    FILE *out = o->file;
    const struct hg_diff *diff = c->diff;
    struct md_rows rows = { out, o->history_url, o->benchmark };

    fputs("**hotgrind diff**: total ", out);
    diff_print_total(out, diff, "\xe2\x86\x92");
    fputs("; functions and zones: ", out);
    diff_print_counts(out, diff);
    fputs(", ", out);
    diff_print_number(out, diff->unchanged, " unchanged.\n");
    diff_print_warnings(out, c, "\n**Warning:** ", "\n**Note:** ", ".\n",
                        hg_markdown_code, "\xe2\x86\x92");
    diff_print_arch_matching(out, diff, "\n**Matched:** ", ".\n",
                             hg_markdown_code, "\xe2\x86\x92");
    fputs("\n| name | object | file | status | metric | base | head | delta "
          "| change |\n"
          "|:--|:--|:--|:--|:--|--:|--:|--:|--:|\n", out);
    if (rows.url != NULL && rows.benchmark == NULL)
        rows.benchmark = hg_history_report_benchmark(c->reports[0]);
    diff_for_each_line(c, md_line, &rows);
    fputc('\n', out);
    print_side(out, c, 0);
    fputs("; ", out);
    print_side(out, c, 1);
    if (diff->row_count == 0)
        fputs(".\n", out);
    else
        diff_print_shown(out, c, ". All ", ". Top ",
                    " rows that differ shown, by impact.\n");
    if (diff->cross_arch)
        write_markdown_ports(out, c);
    write_markdown_why(out, c);
    write_markdown_lines(out, c);
}

static void markdown_comparison(struct diff_out *out,
                                const struct diff_comparison *c)
{
    write_markdown(out, c);
}

static void markdown_suite_open(struct diff_out *out,
                                const struct diff_suite *s)
{
    FILE *file = out->file;
    fputs("**hotgrind diff** of suite ", file);
    hg_markdown_code(file, s->runs[1]->suite);
    fputs(": base ", file);
    diff_print_suite_run(file, s->paths[0], s->runs[0], hg_markdown_code);
    fputs("; head ", file);
    diff_print_suite_run(file, s->paths[1], s->runs[1], hg_markdown_code);
    fprintf(file, ".\n\n**Benchmarks:** %zu compared, %zu added, %zu "
            "removed, %zu not run\n", s->counts[0], s->counts[1],
            s->counts[2], s->counts[3]);
    diff_list_pairs(file, s->pairs, s->count, HG_PAIR_ADDED,
                    "\n**Added:** ");
    diff_list_pairs(file, s->pairs, s->count, HG_PAIR_REMOVED,
                    "\n**Removed:** ");
    diff_list_pairs(file, s->pairs, s->count, HG_PAIR_NOT_RUN,
                    "\n**Not run:** ");
}

/* HTML, where markdown's code spans would not be read: a benchmark's
   name needs no escaping (hg_suite_name_ok). */
static void markdown_bench_open(struct diff_out *out,
                                const struct hg_bench_pair *p,
                                enum hg_pair_kind kind)
{
    if (kind == HG_PAIR_COMPARED)
        fprintf(out->file, "\n<details><summary><code>%s</code>"
                "</summary>\n\n", p->name);
}

static void markdown_bench_close(struct diff_out *out,
                                 const struct hg_bench_pair *p,
                                 enum hg_pair_kind kind)
{
    (void)p;
    if (kind == HG_PAIR_COMPARED)
        fputs("\n</details>\n", out->file);
}

const struct diff_renderer diff_markdown_renderer = {
    .name = "markdown",
    .comparison = markdown_comparison,
    .suite_open = markdown_suite_open,
    .bench_open = markdown_bench_open,
    .bench_close = markdown_bench_close,
};
