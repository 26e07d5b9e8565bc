/* hotgrind: diff's text output: the two runs, the totals, a table of the
   rows that differ, why incl-Ir changed and (--lines) the lines that
   changed, cut to 120 columns.  GPL-2.0-or-later; part of hotgrind. */

#include <string.h>

#include "render/diff-render.h"
#include "render/text.h"

/* "Base:      FILE: COMMAND (hotgrind ...)" as a line. */
static void print_side(FILE *out, const struct diff_comparison *c, int s)
{
    fprintf(out, "%s:      ", s == 0 ? "Base" : "Head");
    hg_print_clean(out, c->paths[s]);
    fputs(": ", out);
    hg_print_command(out, c->reports[s]);
    fputs(" (", out);
    hg_print_measured_by(out, c->reports[s]);
    fputs(")\n", out);
}

struct text_table {
    struct hg_table table;
    size_t row;
};

/* The next row of T: its N CELLS. */
static void table_row(struct text_table *t, const char *const *cells,
                      size_t n)
{
    size_t column;
    for (column = 0; column < n; column++)
        hg_table_set(&t->table, t->row, column, cells[column]);
    t->row++;
}

static void text_line(void *data, const struct hg_diff_row *row,
                      const char *cells[DIFF_COLUMNS])
{
    (void)row;
    table_row(data, cells, DIFF_COLUMNS);
}

static const struct hg_column text_columns[DIFF_COLUMNS] = {
    { "name", HG_ALIGN_LEFT, 0, DIFF_FUNCTION_COLUMN_MAX },
    { "object", HG_ALIGN_LEFT, 0, DIFF_OBJECT_COLUMN_MAX },
    { "file", HG_ALIGN_LEFT, 0, DIFF_OBJECT_COLUMN_MAX },
    { "status", HG_ALIGN_LEFT, 0, 0 },
    { "metric", HG_ALIGN_LEFT, 0, 0 },
    { "base", HG_ALIGN_RIGHT, 0, 0 },
    { "head", HG_ALIGN_RIGHT, 0, 0 },
    { "delta", HG_ALIGN_RIGHT, 0, 0 },
    { "change", HG_ALIGN_RIGHT, 0, 0 },
};

static const struct hg_column why_columns[DIFF_WHY_COLUMNS] = {
    { "function", HG_ALIGN_LEFT, 0, DIFF_FUNCTION_COLUMN_MAX },
    { "part", HG_ALIGN_LEFT, 0, DIFF_FUNCTION_COLUMN_MAX },
    { "base Ir", HG_ALIGN_RIGHT, 0, 0 },
    { "head Ir", HG_ALIGN_RIGHT, 0, 0 },
    { "delta", HG_ALIGN_RIGHT, 0, 0 },
    { "calls", HG_ALIGN_LEFT, 0, 0 },
    { "note", HG_ALIGN_LEFT, 0, 0 },
};

/* Text lines are at most this wide (as show's by default); names, objects
   and files are cut to fit. */
enum { TEXT_WIDTH = 120 };

/* The width the tables are cut to: none with --wide. */
static size_t text_width(const struct diff_out *o)
{
    return o->wide ? 0 : TEXT_WIDTH;
}

/* The N lines FILL puts into a table of COLUMN_COUNT COLUMNS, printed
   within WIDTH; nothing when N is 0. */
typedef void (*text_fill_fn)(const struct diff_comparison *c,
                             struct text_table *t);
static void print_table(FILE *out, const struct diff_comparison *c,
                        const struct hg_column *columns, size_t column_count,
                        size_t n, size_t width, text_fill_fn fill)
{
    struct text_table t = { .row = 0 };
    if (n == 0)
        return;
    hg_table_create(&t.table, columns, column_count, n);
    fill(c, &t);
    hg_table_finish_within(out, &t.table, width, NULL);
}

static void why_text_line(void *data, bool first, bool callee,
                          const char *cells[DIFF_WHY_COLUMNS])
{
    (void)first, (void)callee;
    table_row(data, cells, DIFF_WHY_COLUMNS);
}

/* The explanations as a table after the rows, or the line saying why
   there are none. */
static void fill_why(const struct diff_comparison *c, struct text_table *t)
{
    diff_for_each_why_line(c, why_text_line, t);
}

static void write_text_why(FILE *out, const struct diff_comparison *c,
                           size_t width)
{
    size_t n = diff_start_why(out, c, "\nWhy:       ", "\n",
                              "\nWhy incl-Ir changed: self, no-symbol and "
                              "callee Ir (the callees of most change):\n");
    print_table(out, c, why_columns, DIFF_WHY_COLUMNS, n, width, fill_why);
}

static const struct hg_column line_columns[DIFF_LINE_COLUMNS] = {
    { "name", HG_ALIGN_LEFT, 0, DIFF_FUNCTION_COLUMN_MAX },
    { "file", HG_ALIGN_LEFT, 0, DIFF_OBJECT_COLUMN_MAX },
    { "base line", HG_ALIGN_RIGHT, 0, 0 },
    { "head line", HG_ALIGN_RIGHT, 0, 0 },
    { "matched", HG_ALIGN_LEFT, 0, 0 },
    { "metric", HG_ALIGN_LEFT, 0, 0 },
    { "base", HG_ALIGN_RIGHT, 0, 0 },
    { "head", HG_ALIGN_RIGHT, 0, 0 },
    { "delta", HG_ALIGN_RIGHT, 0, 0 },
    { "change", HG_ALIGN_RIGHT, 0, 0 },
    { "source", HG_ALIGN_LEFT, 0, 0 },
};


static void line_change_text(void *data, bool first_of_function,
                             bool first_of_change,
                             const char *cells[DIFF_LINE_COLUMNS])
{
    (void)first_of_function, (void)first_of_change;
    table_row(data, cells, DIFF_LINE_COLUMNS);
}

static void fill_lines(const struct diff_comparison *c, struct text_table *t)
{
    diff_for_each_line_change(c, line_change_text, t);
}

static void write_text_lines(FILE *out, const struct diff_comparison *c,
                             size_t width)
{
    size_t n = diff_start_lines(out, c, "\nLines:     none of the functions "
                                "shown has a line whose figures changed\n",
                                "\nLines that changed in the functions shown "
                                "(matched by source text, or by number):\n");
    print_table(out, c, line_columns, DIFF_LINE_COLUMNS, n, width,
                fill_lines);
    if (n != 0)
        diff_print_by_number_notes(out, c, "By number: ", hg_print_clean);
}

/* The per-call view's columns: its titles, aligned to the right but for
   the names and the word "equal" or "differ". */
static const char *const port_titles[DIFF_PORT_COLUMNS] = {
    "name", "object", "base calls", "head calls", "calls", "base Ir/call",
    "head Ir/call", "head/base", "vs run",
};

static void port_text_line(void *data, const struct hg_diff_port *p,
                           const char *cells[DIFF_PORT_COLUMNS])
{
    (void)p;
    table_row(data, cells, DIFF_PORT_COLUMNS);
}

static void fill_ports(const struct diff_comparison *c, struct text_table *t)
{
    diff_for_each_port(c, port_text_line, t);
}

/* Across architectures: the view of Ir per call. */
static void write_text_ports(FILE *out, const struct diff_comparison *c,
                             size_t width)
{
    struct hg_column columns[DIFF_PORT_COLUMNS];
    size_t i, n = diff_start_ports(out, c, "\nPer call:  ", "\n", "",
                                   hg_print_clean, "->");
    for (i = 0; i < DIFF_PORT_COLUMNS; i++)
        columns[i] = (struct hg_column){
            port_titles[i], i <= 1 || i == 4 ? HG_ALIGN_LEFT : HG_ALIGN_RIGHT,
            0, i == 0 ? DIFF_FUNCTION_COLUMN_MAX
               : i == 1 ? DIFF_OBJECT_COLUMN_MAX : 0 };
    print_table(out, c, columns, DIFF_PORT_COLUMNS, n, width, fill_ports);
}

static void write_text(FILE *out, const struct diff_comparison *c,
                       size_t width)
{
    const struct hg_diff *diff = c->diff;
    struct text_table t = { .row = 0 };

    print_side(out, c, 0);
    print_side(out, c, 1);
    fputs("Total:     ", out);
    diff_print_total(out, diff, "->");
    fputs("\nCompared:  ", out);
    diff_print_number(out, diff->compared, diff->compared == 1
                 ? " function or zone: " : " functions and zones: ");
    diff_print_counts(out, diff);
    fputs(", ", out);
    diff_print_number(out, diff->unchanged, " unchanged (not shown)\n");
    if (diff->row_count == 0)
        fputs("Shown:     none differ\n", out);
    else
        diff_print_shown(out, c, "Shown:     all ", "Shown:     top ",
                    " that differ, by impact\n");
    diff_print_warnings(out, c, "Warning:   ", "Note:      ", "\n",
                   hg_print_clean, "->");
    diff_print_arch_matching(out, diff, "Matched:   ", "\n", hg_print_clean,
                             "->");
    hg_table_create(&t.table, text_columns, DIFF_COLUMNS, diff_table_lines(c));
    diff_for_each_line(c, text_line, &t);
    hg_table_finish_within(out, &t.table, width, NULL);
    if (diff->cross_arch)
        write_text_ports(out, c, width);
    write_text_why(out, c, width);
    write_text_lines(out, c, width);
}

static void text_comparison(struct diff_out *out,
                            const struct diff_comparison *c)
{
    write_text(out->file, c, text_width(out));
}

static void text_suite_open(struct diff_out *out, const struct diff_suite *s)
{
    FILE *file = out->file;
    fputs("Base:      ", file);
    diff_print_suite_run(file, s->paths[0], s->runs[0], hg_print_clean);
    fputs("\nHead:      ", file);
    diff_print_suite_run(file, s->paths[1], s->runs[1], hg_print_clean);
    fprintf(file, "\nBenchmarks: %zu compared, %zu added, %zu removed, "
            "%zu not run\n", s->counts[0], s->counts[1], s->counts[2],
            s->counts[3]);
    diff_list_pairs(file, s->pairs, s->count, HG_PAIR_ADDED, "Added:     ");
    diff_list_pairs(file, s->pairs, s->count, HG_PAIR_REMOVED,
                    "Removed:   ");
    diff_list_pairs(file, s->pairs, s->count, HG_PAIR_NOT_RUN,
                    "Not run:   ");
}

static void text_bench_open(struct diff_out *out,
                            const struct hg_bench_pair *p,
                            enum hg_pair_kind kind)
{
    if (kind != HG_PAIR_COMPARED)
        return;
    fputs("\n== ", out->file);
    hg_print_clean(out->file, p->name);
    fputs(" ==\n", out->file);
}

const struct diff_renderer diff_text_renderer = {
    .name = "text",
    .comparison = text_comparison,
    .suite_open = text_suite_open,
    .bench_open = text_bench_open,
};
