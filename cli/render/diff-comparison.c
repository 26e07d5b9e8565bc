/* hotgrind: what diff's renderers share (diff-render.h): the comparison
   they write from (the rows shown, their explanations and line
   changes), the cells of each table, the summary lines and warnings.
   GPL-2.0-or-later; part of hotgrind. */

#include <stdlib.h>
#include <string.h>

#include "render/diff-render.h"
#include "render/text.h"
#include "util/messages.h"
#include "util/xalloc.h"

const char *const diff_side_names[2] = { "base", "head" };

const char *diff_status_name(enum hg_diff_status status)
{
    switch (status) {
    case HG_DIFF_ADDED:   return "added";
    case HG_DIFF_REMOVED: return "removed";
    case HG_DIFF_CHANGED: return "changed";
    default:              return "total";
    }
}

/* The row's name and object as the tables show them. */
const char *diff_row_name(const struct hg_diff_row *row)
{
    const struct hg_function *f = hg_diff_row_function(row);
    const struct hg_zone *z = hg_diff_row_zone(row);
    return f ? f->name : z ? z->name : "(total)";
}

static const char *row_object(const struct hg_diff_row *row)
{
    const struct hg_function *f = hg_diff_row_function(row);
    return f ? f->object : hg_diff_row_zone(row) ? "(zone)" : "";
}

/* A function's source file, "???" when unknown, "OLD -> NEW" when the
   row was matched by name and object; "" for zones and the totals. */
static const char *row_file(const struct hg_diff_row *row,
                            char text[DIFF_FILE_TEXT_SIZE])
{
    const struct hg_function *f = hg_diff_row_function(row);
    const char *base;
    if (f == NULL)
        return "";
    if (!row->by_name)
        return f->file[0] ? f->file : "???";
    base = row->base.function->file;
    snprintf(text, DIFF_FILE_TEXT_SIZE, "%s -> %s", base[0] ? base : "???",
             f->file[0] ? f->file : "???");
    return text;
}

/* The Ir of the totals row. */
static const struct hg_diff_value *total_ir(const struct hg_diff *diff)
{
    return &diff->total.values[0];
}

/* A figure, or "-" when the report does not have it. */
const char *diff_figure(bool present, uint64_t value,
                          char text[HG_COUNT_TEXT_SIZE])
{
    return present ? hg_format_count(value, text) : strcpy(text, "-");
}

/* The delta cell: empty when the figure is compared as a ratio. */
static const char *delta_cell(const struct hg_diff *diff,
                              const struct hg_diff_value *v,
                              char text[HG_DIFF_TEXT_SIZE])
{
    return hg_diff_as_ratio(diff, v->metric) ? strcpy(text, "")
                                             : hg_diff_delta(v, text);
}

/* "10,000 -> 10,100 Ir (+100, +1.00%)" or, across architectures,
   "... (1.01x)"; ARROW between the figures. */
void diff_print_total(FILE *out, const struct hg_diff *diff,
                        const char *arrow)
{
    const struct hg_diff_value *ir = total_ir(diff);
    char base[HG_COUNT_TEXT_SIZE], head[HG_COUNT_TEXT_SIZE];
    char delta[HG_DIFF_TEXT_SIZE], change[HG_DIFF_TEXT_SIZE];
    fprintf(out, "%s %s %s Ir (", hg_format_count(ir->base, base), arrow,
            hg_format_count(ir->head, head));
    if (!hg_diff_as_ratio(diff, ir->metric))
        fprintf(out, "%s, ", hg_diff_delta(ir, delta));
    fprintf(out, "%s)", hg_diff_change(diff, ir, change));
}

/* N with thousands separators, then TAIL. */
void diff_print_number(FILE *out, size_t n, const char *tail)
{
    char text[HG_COUNT_TEXT_SIZE];
    fprintf(out, "%s%s", hg_format_count(n, text), tail);
}

/* "3 changed, 2 added, 1 removed" */
void diff_print_counts(FILE *out, const struct hg_diff *diff)
{
    diff_print_number(out, diff->changed, " changed, ");
    diff_print_number(out, diff->added, " added, ");
    diff_print_number(out, diff->removed, " removed");
}

/* "all 6 that differ" or "top 2 of 6 that differ" (WHAT after the
   number) */
void diff_print_shown(FILE *out, const struct diff_comparison *c,
                        const char *all, const char *top, const char *what)
{
    if (c->shown == c->diff->row_count) {
        fputs(all, out);
    } else {
        fputs(top, out);
        diff_print_number(out, c->shown, " of ");
    }
    diff_print_number(out, c->diff->row_count, what);
}

/* The warnings, each on one line: VALUE prints each value and what
   differs (plain, or as Markdown code), ARROW goes from base to head. */

static void print_arch_warning(FILE *out, const struct diff_comparison *c,
                               diff_print_value_fn value, const char *arrow)
{
    fputs("different architectures (", out);
    value(out, c->reports[0]->arch);
    fprintf(out, " %s ", arrow);
    value(out, c->reports[1]->arch);
    fputs("): Ir, cache and per-call figures are compared as ratios "
          "head/base, calls and heap figures exactly", out);
}

static void print_runs_warning(FILE *out, const struct hg_diff *diff,
                               diff_print_value_fn value, const char *arrow)
{
    size_t i;
    fputs("the runs were measured differently, which alone can move counts: ",
          out);
    for (i = 0; i < diff->difference_count; i++) {
        const struct hg_diff_difference *d = &diff->differences[i];
        if (i > 0)
            fputs(", ", out);
        value(out, d->what);
        fputs(" (", out);
        value(out, d->base);
        fprintf(out, " %s ", arrow);
        value(out, d->head);
        fputc(')', out);
    }
}


/* What is known of each difference that has an explanation (the
   Valgrind releases'), one per line between NOTE_LEAD and TAIL. */
static void print_difference_notes(FILE *out, const struct hg_diff *diff,
                                   const char *note_lead, const char *tail,
                                   diff_print_value_fn value)
{
    size_t i;
    for (i = 0; i < diff->difference_count; i++) {
        const struct hg_diff_difference *d = &diff->differences[i];
        if (d->why == NULL)
            continue;
        fputs(note_lead, out);
        value(out, d->what);
        fputs(": ", out);
        /* Ours, but it quotes the reports' versions. */
        value(out, d->why);
        fputs(tail, out);
    }
}

/* Each warning the comparison has, between LEAD and TAIL, and the notes
   that explain them, between NOTE_LEAD and TAIL. */
void diff_print_warnings(FILE *out, const struct diff_comparison *c,
                           const char *lead, const char *note_lead,
                           const char *tail, diff_print_value_fn value,
                           const char *arrow)
{
    if (c->diff->cross_arch) {
        fputs(lead, out);
        print_arch_warning(out, c, value, arrow);
        fputs(tail, out);
    }
    if (c->diff->difference_count != 0) {
        fputs(lead, out);
        print_runs_warning(out, c->diff, value, arrow);
        fputs(tail, out);
        print_difference_notes(out, c->diff, note_lead, tail, value);
    }
}


/* How many callee edges an explanation names; the rest are summed. */
enum { EXPLAINED_EDGES = 5 };

/* The edges an explanation names: the changed ones of most |change|. */
size_t diff_named_edges(const struct hg_diff_why *why)
{
    return why->changed_edges < EXPLAINED_EDGES ? why->changed_edges
                                                : EXPLAINED_EDGES;
}

/* The Ir and calls of the edges not named, summed. */
struct diff_other_edges diff_other_edges(const struct hg_diff_why *why)
{
    struct diff_other_edges o = { 0, 0, 0 };
    size_t i;
    for (i = diff_named_edges(why); i < why->edge_count; i++) {
        o.count++;
        o.base_ir += why->edges[i].base_ir;
        o.head_ir += why->edges[i].head_ir;
    }
    return o;
}

/* Why explanations cannot be given, or NULL: they can, or neither report
   has a call graph (then nobody asked). */
const char *diff_no_explanation(const struct hg_diff *diff)
{
    if (diff->call_graph[0] == diff->call_graph[1])
        return NULL;
    return diff->call_graph[0]
           ? "only the base report has a call graph (--call-graph=yes), "
             "so changes of incl-Ir are not explained"
           : "only the head report has a call graph (--call-graph=yes), "
             "so changes of incl-Ir are not explained";
}

static bool row_explained(const struct hg_diff *diff,
                          const struct hg_diff_row *row)
{
    return diff->head_of_base != NULL && row->status == HG_DIFF_CHANGED
           && hg_diff_row_function(row) != NULL;
}

/* Explains ROW into WHY when it is a changed function of two reports with
   a call graph that has callees or no-symbol Ir: without either, its
   incl-Ir changed as its self Ir did, which its row already shows. */
static bool explain(const struct hg_diff *diff, const struct hg_diff_row *row,
                    struct hg_diff_why *why)
{
    if (!row_explained(diff, row) || !hg_diff_explain(diff, row, why))
        return false;
    if (why->edge_count == 0 && row->base.function->no_symbol_ir == 0
        && row->head.function->no_symbol_ir == 0) {
        hg_diff_why_free(why);
        return false;
    }
    return true;
}

/* Texts a line of an explanation points into. */
struct why_texts {
    char part[DIFF_WHY_PART_SIZE];
    char numbers[3][HG_COUNT_TEXT_SIZE];
    char delta[HG_DIFF_TEXT_SIZE];
    char calls[2 * HG_COUNT_TEXT_SIZE + 8];
};

static void why_figures(const char *cells[DIFF_WHY_COLUMNS],
                        struct why_texts *t,
                        bool in_base, uint64_t base, bool in_head,
                        uint64_t head)
{
    cells[2] = diff_figure(in_base, base, t->numbers[0]);
    cells[3] = diff_figure(in_head, head, t->numbers[1]);
    cells[4] = hg_diff_signed(base, head, t->delta);
}

/* The lines explaining ROW: its incl-Ir, self, no-symbol, the named edges
   and the others. */
static void explain_row(const struct hg_diff_row *row,
                        const struct hg_diff_why *why, diff_why_line_fn line,
                        void *data)
{
    const struct hg_function *f[2] = { row->base.function,
                                       row->head.function };
    const struct diff_other_edges others = diff_other_edges(why);
    const char *cells[DIFF_WHY_COLUMNS];
    struct why_texts t;
    size_t i;

    memset(cells, 0, sizeof cells);
    cells[0] = diff_row_name(row);
    cells[1] = "incl-Ir";
    why_figures(cells, &t, true, f[0]->inclusive_ir, true,
                f[1]->inclusive_ir);
    cells[5] = "";
    if (why->adds_up)
        cells[6] = "= the sum of the parts below";
    else
        cells[6] = strcmp(why->caveat, "recursive") == 0
                   ? "recursive: the parts do not add up to it"
                   : strcmp(why->caveat, "mid-jump") == 0
                   ? "mid-jump: the parts do not add up to it"
                   : "not entered, or on a call cycle: the parts do not "
                     "add up to it";
    line(data, true, false, cells);
    /* Every line has a note, so that no line of text ends in blanks. */
    cells[0] = cells[5] = "";
    cells[1] = "self";
    cells[6] = "its own instructions";
    why_figures(cells, &t, true, f[0]->self_ir, true, f[1]->self_ir);
    line(data, false, false, cells);
    cells[1] = "no-symbol";
    cells[6] = "code without a symbol, run while innermost";
    why_figures(cells, &t, true, f[0]->no_symbol_ir, true,
                f[1]->no_symbol_ir);
    line(data, false, false, cells);
    for (i = 0; i < diff_named_edges(why); i++) {
        const struct hg_diff_edge *e = &why->edges[i];
        char base[HG_COUNT_TEXT_SIZE], head[HG_COUNT_TEXT_SIZE];
        /* The name itself: a copy into t.part would cut it (and maybe a
           character) where no format asked for a cut. */
        cells[1] = e->callee->name;
        why_figures(cells, &t, e->in_base, e->base_ir, e->in_head,
                    e->head_ir);
        snprintf(t.calls, sizeof t.calls, "%s -> %s",
                 diff_figure(e->in_base, e->base_calls, base),
                 diff_figure(e->in_head, e->head_calls, head));
        cells[5] = t.calls;
        cells[6] = !e->in_base ? "callee added"
                   : !e->in_head ? "callee removed" : "callee";
        line(data, false, true, cells);
    }
    if (others.count > 0) {
        char count[HG_COUNT_TEXT_SIZE];
        snprintf(t.part, sizeof t.part, "%s other callee%s",
                 hg_format_count(others.count, count),
                 others.count == 1 ? "" : "s");
        cells[1] = t.part;
        why_figures(cells, &t, true, others.base_ir, true, others.head_ir);
        cells[5] = "";
        cells[6] = "summed";
        line(data, false, false, cells);
    }
}

/* The explanations of the first SHOWN rows of DIFF. */
static struct diff_explanation *explain_rows(const struct hg_diff *diff,
                                        size_t shown)
{
    struct diff_explanation *explanations =
        hg_xcalloc(shown ? shown : 1, sizeof *explanations);
    size_t r;
    for (r = 0; r < shown; r++)
        explanations[r].given =
            explain(diff, &diff->rows[r], &explanations[r].why);
    return explanations;
}

static void free_explanations(struct diff_explanation *explanations,
                              size_t shown)
{
    size_t r;
    for (r = 0; r < shown; r++)
        if (explanations[r].given)
            hg_diff_why_free(&explanations[r].why);
    free(explanations);
}

/* Calls LINE for each line explaining the rows shown. */
void diff_for_each_why_line(const struct diff_comparison *c,
                            diff_why_line_fn line, void *data)
{
    size_t r;
    for (r = 0; r < c->shown; r++)
        if (c->explanations[r].given)
            explain_row(&c->diff->rows[r], &c->explanations[r].why, line,
                        data);
}

static void count_why_line(void *data, bool first, bool callee,
                           const char *cells[DIFF_WHY_COLUMNS])
{
    (void)first, (void)callee, (void)cells;
    (*(size_t *)data)++;
}

static size_t why_lines(const struct diff_comparison *c)
{
    size_t n = 0;
    diff_for_each_why_line(c, count_why_line, &n);
    return n;
}

size_t diff_start_why(FILE *out, const struct diff_comparison *c,
                      const char *none_lead, const char *none_tail,
                      const char *heading)
{
    const char *none = diff_no_explanation(c->diff);
    size_t n;
    if (none != NULL) {
        fprintf(out, "%s%s%s", none_lead, none, none_tail);
        return 0;
    }
    if ((n = why_lines(c)) > 0)
        fputs(heading, out);
    return n;
}

/* The lines of the table: each shown figure of the totals and the shown
   rows. */
size_t diff_table_lines(const struct diff_comparison *c)
{
    size_t lines = 0, r, v;
    for (r = 0; r <= c->shown; r++) {
        const struct hg_diff_row *row =
            r == 0 ? &c->diff->total : &c->diff->rows[r - 1];
        for (v = 0; v < row->value_count; v++)
            lines += hg_diff_value_shown(row, v);
    }
    return lines;
}

/* The texts a line's cells point into. */
struct line_texts {
    char file[DIFF_FILE_TEXT_SIZE];
    char numbers[4][HG_DIFF_TEXT_SIZE];
};

/* The cells of one line of the table: name, object, file and status on
   the first line of a row only. */
static void line_cells(const struct diff_comparison *c,
                       const struct hg_diff_row *row, size_t v, bool first,
                       const char *cells[DIFF_COLUMNS],
                       struct line_texts *texts)
{
    const struct hg_diff_value *value = &row->values[v];
    cells[0] = first ? diff_row_name(row) : "";
    cells[1] = first ? row_object(row) : "";
    cells[2] = first ? row_file(row, texts->file) : "";
    cells[3] = first && row->status != HG_DIFF_TOTAL
               ? diff_status_name(row->status) : "";
    cells[4] = value->metric->name;
    cells[5] = diff_figure(value->in_base, value->base, texts->numbers[0]);
    cells[6] = diff_figure(value->in_head, value->head, texts->numbers[1]);
    cells[7] = delta_cell(c->diff, value, texts->numbers[2]);
    cells[8] = hg_diff_change(c->diff, value, texts->numbers[3]);
}

/* Calls LINE for each line of the table, in order. */
void diff_for_each_line(const struct diff_comparison *c,
                          void (*line)(void *data,
                                       const struct hg_diff_row *row,
                                       const char *cells[DIFF_COLUMNS]),
                          void *data)
{
    size_t r, v;
    for (r = 0; r <= c->shown; r++) {
        const struct hg_diff_row *row =
            r == 0 ? &c->diff->total : &c->diff->rows[r - 1];
        bool first = true;
        for (v = 0; v < row->value_count; v++) {
            const char *cells[DIFF_COLUMNS];
            struct line_texts texts;
            if (!hg_diff_value_shown(row, v))
                continue;
            line_cells(c, row, v, first, cells, &texts);
            line(data, row, cells);
            first = false;
        }
    }
}

/* The texts a line change's cells point into. */
struct line_change_texts {
    char numbers[2][DIFF_LINE_NUMBER_SIZE];
    char figures[4][HG_DIFF_TEXT_SIZE];
};

/* A line number of a change, "-" on the side it is not on. */
static const char *line_number(unsigned line, char text[DIFF_LINE_NUMBER_SIZE])
{
    if (line == 0)
        return strcpy(text, "-");
    snprintf(text, DIFF_LINE_NUMBER_SIZE, "%u", line);
    return text;
}

void diff_for_each_line_change(const struct diff_comparison *c,
                                 diff_line_change_fn emit, void *data)
{
    size_t r, k, v;
    if (c->lines == NULL)
        return;
    for (r = 0; r < c->shown; r++) {
        const struct hg_line_diff *lines = &c->lines[r];
        bool first_of_function = true;
        for (k = 0; k < lines->change_count; k++) {
            const struct hg_line_change *change = &lines->changes[k];
            const struct hg_line_file *file = &lines->files[change->file];
            bool first_of_change = true;
            for (v = 0; v < change->value_count; v++) {
                const struct hg_diff_value *value = &change->values[v];
                const char *cells[DIFF_LINE_COLUMNS];
                struct line_change_texts t;
                if (!hg_diff_value_differs(value))
                    continue;
                cells[0] = first_of_function ? diff_row_name(&c->diff->rows[r])
                                             : "";
                cells[1] = !first_of_change ? ""
                           : file->file[0] ? file->file : "(no line info)";
                cells[2] = first_of_change
                           ? line_number(change->line[0], t.numbers[0]) : "";
                cells[3] = first_of_change
                           ? line_number(change->line[1], t.numbers[1]) : "";
                cells[4] = !first_of_change || file->file[0] == '\0' ? ""
                           : file->by_text ? "text" : "number";
                cells[5] = value->metric->name;
                cells[6] = diff_figure(value->in_base, value->base,
                                       t.figures[0]);
                cells[7] = diff_figure(value->in_head, value->head,
                                       t.figures[1]);
                cells[8] = delta_cell(c->diff, value, t.figures[2]);
                cells[9] = hg_diff_change(c->diff, value, t.figures[3]);
                cells[10] = first_of_change && change->text
                            ? change->text + strspn(change->text, " \t")
                            : "";
                emit(data, first_of_function, first_of_change, cells);
                first_of_function = first_of_change = false;
            }
        }
    }
}

static void count_line_change(void *data, bool first_of_function,
                              bool first_of_change,
                              const char *cells[DIFF_LINE_COLUMNS])
{
    (void)first_of_function, (void)first_of_change, (void)cells;
    ++*(size_t *)data;
}

/* For each file of a function shown that was matched by number and has
   changes, a line saying why ("prog.c in sum: base: source not found:
   looked in ..."), after LEAD; PRINT_NAME prints names, files and the
   reason, which names files. */
void diff_print_by_number_notes(FILE *out, const struct diff_comparison *c,
                                const char *lead,
                                diff_print_value_fn print_name)
{
    size_t r, k;
    for (r = 0; c->lines != NULL && r < c->shown; r++) {
        const struct hg_line_diff *lines = &c->lines[r];
        for (k = 0; k < lines->change_count; k++) {
            const struct hg_line_file *file =
                &lines->files[lines->changes[k].file];
            if (file->why_by_number == NULL
                || (k > 0 && lines->changes[k - 1].file
                             == lines->changes[k].file))
                continue;
            fputs(lead, out);
            print_name(out, file->file);
            fputs(" in ", out);
            print_name(out, diff_row_name(&c->diff->rows[r]));
            fputs(": ", out);
            print_name(out, file->why_by_number);
            fputc('\n', out);
        }
    }
}

/* The runs-differ warning, one line, and its notes, through
   util/messages.c. */
void diff_warn_runs_differ(const struct hg_diff *diff)
{
    char *text = NULL;
    size_t size = 0, i;
    FILE *out;

    if (diff->difference_count == 0)
        return;
    if ((out = open_memstream(&text, &size)) == NULL)
        hg_out_of_memory();
    print_runs_warning(out, diff, hg_print_clean, "->");
    if (fclose(out) != 0)
        hg_out_of_memory();
    hg_warning(NULL, "%s", text);
    free(text);
    for (i = 0; i < diff->difference_count; i++)
        if (diff->differences[i].why != NULL)
            hg_note(NULL, "%s: %s", diff->differences[i].what,
                    diff->differences[i].why);
}

/* The line changes of the first SHOWN rows of DIFF: of each function in
   both reports; none for the others. */
static struct hg_line_diff *diff_lines(const struct hg_diff *diff,
                                       size_t shown,
                                       const struct hg_line_sources *sources)
{
    struct hg_line_diff *lines = hg_xcalloc(shown ? shown : 1,
                                            sizeof *lines);
    size_t r;
    for (r = 0; r < shown; r++) {
        const struct hg_diff_row *row = &diff->rows[r];
        if (row->in_base && row->in_head && row->base.function != NULL)
            hg_line_diff(row->base.function, row->head.function, sources,
                         &lines[r]);
    }
    return lines;
}

static void free_lines(struct hg_line_diff *lines, size_t shown)
{
    size_t r;
    for (r = 0; lines != NULL && r < shown; r++)
        hg_line_diff_free(&lines[r]);
    free(lines);
}

size_t diff_start_lines(FILE *out, const struct diff_comparison *c,
                        const char *none, const char *heading)
{
    size_t n = 0;
    if (c->lines == NULL)
        return 0;
    diff_for_each_line_change(c, count_line_change, &n);
    fputs(n == 0 ? none : heading, out);
    return n;
}

void diff_comparison_make(struct diff_comparison *c, struct hg_diff *diff,
                          const char *const paths[2],
                          struct hg_report *const reports[2], size_t limit,
                          const struct hg_line_sources *sources)
{
    hg_diff_reports(reports[0], reports[1], diff);
    *c = (struct diff_comparison){
        { paths[0], paths[1] }, { reports[0], reports[1] }, diff,
        limit == 0 || limit > diff->row_count ? diff->row_count : limit,
        NULL, NULL,
        limit == 0 || limit > diff->port_count ? diff->port_count : limit,
    };
    if (sources != NULL)
        c->lines = diff_lines(diff, c->shown, sources);
    c->explanations = explain_rows(diff, c->shown);
}

void diff_comparison_free(struct diff_comparison *c, struct hg_diff *diff)
{
    free_explanations(c->explanations, c->shown);
    free_lines(c->lines, c->shown);
    hg_diff_free(diff);
}

void diff_print_suite_run(FILE *out, const char *operand,
                          const struct hg_suite_run *runs,
                          diff_print_value_fn print_text)
{
    print_text(out, operand);
    fputs(" (suite ", out);
    print_text(out, runs->suite);
    fprintf(out, ", %zu benchmark%s)", runs->count,
            runs->count == 1 ? "" : "s");
}

/* How a benchmark that was not compared ran: "head: signal SEGV". */
static void print_not_run(FILE *out, const struct hg_bench_pair *p)
{
    bool base_bad = p->base != NULL && p->base->status != HG_SUITE_OK;
    bool head_bad = p->head->status != HG_SUITE_OK;
    char ended[HG_SUITE_ENDED_SIZE];
    fputs(" (", out);
    if (base_bad)
        fprintf(out, "base: %s", hg_suite_ended(p->base, ended));
    if (head_bad)
        fprintf(out, "%shead: %s", base_bad ? ", " : "",
                hg_suite_ended(p->head, ended));
    fputc(')', out);
}

void diff_list_pairs(FILE *out, const struct hg_bench_pair *pairs,
                     size_t count, enum hg_pair_kind wanted,
                     const char *lead)
{
    size_t i;
    bool any = false;
    for (i = 0; i < count; i++) {
        if (hg_pair_kind(&pairs[i]) != wanted)
            continue;
        fputs(any ? ", " : lead, out);
        any = true;
        hg_print_clean(out, pairs[i].name);
        if (wanted == HG_PAIR_NOT_RUN)
            print_not_run(out, &pairs[i]);
    }
    if (any)
        fputc('\n', out);
}

const struct diff_renderer *diff_renderer_named(const char *name)
{
    static const struct diff_renderer *const all[] = {
        &diff_text_renderer, &diff_markdown_renderer, &diff_json_renderer,
    };
    size_t i;
    for (i = 0; i < sizeof all / sizeof all[0]; i++)
        if (strcmp(name, all[i]->name) == 0)
            return all[i];
    return NULL;
}
