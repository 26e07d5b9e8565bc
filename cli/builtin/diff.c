/* hotgrind diff: what changed between two reports, function by function
   and metric by metric, as a table, a pull-request comment or JSON.
   GPL-2.0-or-later; part of hotgrind. */

/* diff does not judge: it exits 0 whatever changed (`hotgrind check`
   judges), and 2 only when a report cannot be read or the command line is
   wrong.  The comparison itself is in diff.c; this file reads the command
   line and writes the three formats. */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "builtin/builtin.h"
#include "compare/diff.h"
#include "compare/line-diff.h"
#include "render/flamegraph.h"
#include "render/json.h"
#include "render/text.h"
#include "report/load.h"
#include "report/report.h"
#include "suite/suite-operand.h"
#include "util/messages.h"
#include "util/number.h"
#include "util/parse-options.h"
#include "util/xalloc.h"

static const char diff_usage[] =
    "usage: hotgrind diff [--format=text|markdown|json|svg] [--limit N] "
    "[--allow-exit=LIST] [--lines [--base-source DIR] [--head-source DIR]] "
    "[--metric M] [--title T] [--width PX] [-o OUT] BASE HEAD";

static const char diff_help[] =
    "usage: hotgrind diff [--format=text|markdown|json|svg] [--limit N]\n"
    "                     [--allow-exit=LIST]\n"
    "                     [--lines [--base-source DIR] [--head-source DIR]]\n"
    "                     [--metric M] [--title T] [--width PX] [-o OUT] "
    "BASE HEAD\n"
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
    "rank by the former.  When the runs were measured\n"
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
enum { FUNCTION_COLUMN_MAX = 50, OBJECT_COLUMN_MAX = 30 };
enum { COLUMNS = 9, HG_FILE_TEXT_SIZE = 512 };

enum format { FORMAT_TEXT, FORMAT_MARKDOWN, FORMAT_JSON, FORMAT_SVG };

/* Why a row's incl-Ir changed, when it is explained (explain()). */
struct explanation {
    bool given;
    struct hg_diff_why why;
};

/* What every format writes from. */
struct comparison {
    const char *paths[2];
    const struct hg_report *reports[2];
    const struct hg_diff *diff;
    size_t shown;                /* rows shown besides the totals */
    /* --lines: the line changes of each row shown (rows[i] for
       lines[i]), none for a row that is not a function in both; NULL
       without --lines. */
    struct hg_line_diff *lines;
    /* The explanation of each row shown (rows[i] for explanations[i]),
       made once so that the tables count their lines and print them from
       the same one. */
    struct explanation *explanations;
};

static const char *const side_names[2] = { "base", "head" };

static const char *status_name(enum hg_diff_status status)
{
    switch (status) {
    case HG_DIFF_ADDED:   return "added";
    case HG_DIFF_REMOVED: return "removed";
    case HG_DIFF_CHANGED: return "changed";
    default:              return "total";
    }
}

/* The row's name and object as the tables show them. */
static const char *row_name(const struct hg_diff_row *row)
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
                            char text[HG_FILE_TEXT_SIZE])
{
    const struct hg_function *f = hg_diff_row_function(row);
    const char *base;
    if (f == NULL)
        return "";
    if (!row->by_name)
        return f->file[0] ? f->file : "???";
    base = row->base.function->file;
    snprintf(text, HG_FILE_TEXT_SIZE, "%s -> %s", base[0] ? base : "???",
             f->file[0] ? f->file : "???");
    return text;
}

/* The Ir of the totals row. */
static const struct hg_diff_value *total_ir(const struct hg_diff *diff)
{
    return &diff->total.values[0];
}

/* A figure, or "-" when the report does not have it. */
static const char *figure(bool present, uint64_t value,
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
static void print_total(FILE *out, const struct hg_diff *diff,
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
static void print_number(FILE *out, size_t n, const char *tail)
{
    char text[HG_COUNT_TEXT_SIZE];
    fprintf(out, "%s%s", hg_format_count(n, text), tail);
}

/* "3 changed, 2 added, 1 removed" */
static void print_counts(FILE *out, const struct hg_diff *diff)
{
    print_number(out, diff->changed, " changed, ");
    print_number(out, diff->added, " added, ");
    print_number(out, diff->removed, " removed");
}

/* "all 6 that differ" or "top 2 of 6 that differ" (WHAT after the
   number) */
static void print_shown(FILE *out, const struct comparison *c,
                        const char *all, const char *top, const char *what)
{
    if (c->shown == c->diff->row_count) {
        fputs(all, out);
    } else {
        fputs(top, out);
        print_number(out, c->shown, " of ");
    }
    print_number(out, c->diff->row_count, what);
}

/* The warnings, each on one line: VALUE prints each value (plain, or as
   Markdown code), ARROW goes from base to head. */
typedef void (*print_value_fn)(FILE *out, const char *value);

static void print_arch_warning(FILE *out, const struct comparison *c,
                               print_value_fn value, const char *arrow)
{
    fputs("different architectures (", out);
    value(out, c->reports[0]->arch);
    fprintf(out, " %s ", arrow);
    value(out, c->reports[1]->arch);
    fputs("): Ir, cache and per-call figures are compared as ratios "
          "head/base, calls and heap figures exactly", out);
}

static void print_runs_warning(FILE *out, const struct hg_diff *diff,
                               print_value_fn value, const char *arrow)
{
    size_t i;
    fputs("the runs were measured differently, which alone can move counts: ",
          out);
    for (i = 0; i < diff->difference_count; i++) {
        const struct hg_diff_difference *d = &diff->differences[i];
        if (i > 0)
            fputs(", ", out);
        hg_print_clean(out, d->what);
        fputs(" (", out);
        value(out, d->base);
        fprintf(out, " %s ", arrow);
        value(out, d->head);
        fputc(')', out);
    }
}

/* TEXT as a GitHub code span: a fence one backtick longer than any run of
   backticks inside, a space inside the fence when TEXT starts or ends
   with a backtick, '|' escaped (GitHub splits table cells on it even in
   code spans), control characters as '?'. */
static void md_code(FILE *out, const char *text)
{
    size_t longest = 0, run = 0, i;
    const char *p;
    bool pad;

    for (p = text; *p; p++) {
        run = *p == '`' ? run + 1 : 0;
        if (run > longest)
            longest = run;
    }
    pad = text[0] == '`' || (*text && text[strlen(text) - 1] == '`');
    for (i = 0; i <= longest; i++)
        fputc('`', out);
    if (pad)
        fputc(' ', out);
    for (p = text; *p; p++) {
        unsigned char ch = (unsigned char)*p;
        if (ch == '|')
            fputs("\\|", out);
        else
            fputc((ch < 0x20 || ch == 0x7f) ? '?' : ch, out);
    }
    if (pad)
        fputc(' ', out);
    for (i = 0; i <= longest; i++)
        fputc('`', out);
}

/* What is known of each difference that has an explanation (the
   Valgrind releases'), one per line between NOTE_LEAD and TAIL. */
static void print_difference_notes(FILE *out, const struct hg_diff *diff,
                                   const char *note_lead, const char *tail)
{
    size_t i;
    for (i = 0; i < diff->difference_count; i++) {
        const struct hg_diff_difference *d = &diff->differences[i];
        if (d->why == NULL)
            continue;
        fputs(note_lead, out);
        hg_print_clean(out, d->what);
        fputs(": ", out);
        hg_print_clean(out, d->why);
        fputs(tail, out);
    }
}

/* Each warning the comparison has, between LEAD and TAIL, and the notes
   that explain them, between NOTE_LEAD and TAIL. */
static void print_warnings(FILE *out, const struct comparison *c,
                           const char *lead, const char *note_lead,
                           const char *tail, print_value_fn value,
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
        print_difference_notes(out, c->diff, note_lead, tail);
    }
}

/* ----------------------------------------------------- explanations */

/* How many callee edges an explanation names; the rest are summed. */
enum { EXPLAINED_EDGES = 5 };
enum { WHY_COLUMNS = 7, WHY_PART_SIZE = 64 };

/* The edges an explanation names: the changed ones of most |change|. */
static size_t named_edges(const struct hg_diff_why *why)
{
    return why->changed_edges < EXPLAINED_EDGES ? why->changed_edges
                                                : EXPLAINED_EDGES;
}

/* The Ir and calls of the edges not named, summed. */
struct other_edges {
    size_t count;
    uint64_t base_ir, head_ir;
};

static struct other_edges other_edges(const struct hg_diff_why *why)
{
    struct other_edges o = { 0, 0, 0 };
    size_t i;
    for (i = named_edges(why); i < why->edge_count; i++) {
        o.count++;
        o.base_ir += why->edges[i].base_ir;
        o.head_ir += why->edges[i].head_ir;
    }
    return o;
}

/* Why explanations cannot be given, or NULL: they can, or neither report
   has a call graph (then nobody asked). */
static const char *no_explanation(const struct hg_diff *diff)
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
    char part[WHY_PART_SIZE];
    char numbers[3][HG_COUNT_TEXT_SIZE];
    char delta[HG_DIFF_TEXT_SIZE];
    char calls[2 * HG_COUNT_TEXT_SIZE + 8];
};

/* A line's cells: function, part, base Ir, head Ir, delta, calls, note. */
typedef void (*why_line_fn)(void *data, bool first, bool callee,
                            const char *cells[WHY_COLUMNS]);

static void why_figures(const char *cells[WHY_COLUMNS], struct why_texts *t,
                        bool in_base, uint64_t base, bool in_head,
                        uint64_t head)
{
    cells[2] = figure(in_base, base, t->numbers[0]);
    cells[3] = figure(in_head, head, t->numbers[1]);
    cells[4] = hg_diff_signed(base, head, t->delta);
}

/* The lines explaining ROW: its incl-Ir, self, no-symbol, the named edges
   and the others. */
static void explain_row(const struct hg_diff_row *row,
                        const struct hg_diff_why *why, why_line_fn line,
                        void *data)
{
    const struct hg_function *f[2] = { row->base.function,
                                       row->head.function };
    const struct other_edges others = other_edges(why);
    const char *cells[WHY_COLUMNS];
    struct why_texts t;
    size_t i;

    memset(cells, 0, sizeof cells);
    cells[0] = row_name(row);
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
    for (i = 0; i < named_edges(why); i++) {
        const struct hg_diff_edge *e = &why->edges[i];
        char base[HG_COUNT_TEXT_SIZE], head[HG_COUNT_TEXT_SIZE];
        snprintf(t.part, sizeof t.part, "%s", e->callee->name);
        cells[1] = t.part;
        why_figures(cells, &t, e->in_base, e->base_ir, e->in_head,
                    e->head_ir);
        snprintf(t.calls, sizeof t.calls, "%s -> %s",
                 figure(e->in_base, e->base_calls, base),
                 figure(e->in_head, e->head_calls, head));
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
static struct explanation *explain_rows(const struct hg_diff *diff,
                                        size_t shown)
{
    struct explanation *explanations =
        hg_xcalloc(shown ? shown : 1, sizeof *explanations);
    size_t r;
    for (r = 0; r < shown; r++)
        explanations[r].given =
            explain(diff, &diff->rows[r], &explanations[r].why);
    return explanations;
}

static void free_explanations(struct explanation *explanations,
                              size_t shown)
{
    size_t r;
    for (r = 0; r < shown; r++)
        if (explanations[r].given)
            hg_diff_why_free(&explanations[r].why);
    free(explanations);
}

/* Calls LINE for each line explaining the rows shown. */
static void for_each_why_line(const struct comparison *c, why_line_fn line,
                              void *data)
{
    size_t r;
    for (r = 0; r < c->shown; r++)
        if (c->explanations[r].given)
            explain_row(&c->diff->rows[r], &c->explanations[r].why, line,
                        data);
}

static void count_why_line(void *data, bool first, bool callee,
                           const char *cells[WHY_COLUMNS])
{
    (void)first, (void)callee, (void)cells;
    (*(size_t *)data)++;
}

static size_t why_lines(const struct comparison *c)
{
    size_t n = 0;
    for_each_why_line(c, count_why_line, &n);
    return n;
}

/* ------------------------------------------------------------- text */

/* "Base:      FILE: COMMAND (hotgrind ...)" as a line of text, or
   "Base `FILE` (hotgrind ...)" in Markdown. */
static void print_side(FILE *out, const struct comparison *c, int s,
                       bool markdown)
{
    if (markdown) {
        fprintf(out, "%s ", s == 0 ? "Base" : "head");
        md_code(out, c->paths[s]);
    } else {
        fprintf(out, "%s:      ", s == 0 ? "Base" : "Head");
        hg_print_clean(out, c->paths[s]);
        fputs(": ", out);
        hg_print_command(out, c->reports[s]);
    }
    fputs(" (", out);
    hg_print_measured_by(out, c->reports[s]);
    fputs(markdown ? ")" : ")\n", out);
}

/* The lines of the table: each shown figure of the totals and the shown
   rows. */
static size_t table_lines(const struct comparison *c)
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
    char file[HG_FILE_TEXT_SIZE];
    char numbers[4][HG_DIFF_TEXT_SIZE];
};

/* The cells of one line of the table: name, object, file and status on
   the first line of a row only. */
static void line_cells(const struct comparison *c,
                       const struct hg_diff_row *row, size_t v, bool first,
                       const char *cells[COLUMNS], struct line_texts *texts)
{
    const struct hg_diff_value *value = &row->values[v];
    cells[0] = first ? row_name(row) : "";
    cells[1] = first ? row_object(row) : "";
    cells[2] = first ? row_file(row, texts->file) : "";
    cells[3] = first && row->status != HG_DIFF_TOTAL
               ? status_name(row->status) : "";
    cells[4] = value->metric->name;
    cells[5] = figure(value->in_base, value->base, texts->numbers[0]);
    cells[6] = figure(value->in_head, value->head, texts->numbers[1]);
    cells[7] = delta_cell(c->diff, value, texts->numbers[2]);
    cells[8] = hg_diff_change(c->diff, value, texts->numbers[3]);
}

/* Calls LINE for each line of the table, in order. */
static void for_each_line(const struct comparison *c,
                          void (*line)(void *data,
                                       const struct hg_diff_row *row,
                                       const char *cells[COLUMNS]),
                          void *data)
{
    size_t r, v;
    for (r = 0; r <= c->shown; r++) {
        const struct hg_diff_row *row =
            r == 0 ? &c->diff->total : &c->diff->rows[r - 1];
        bool first = true;
        for (v = 0; v < row->value_count; v++) {
            const char *cells[COLUMNS];
            struct line_texts texts;
            if (!hg_diff_value_shown(row, v))
                continue;
            line_cells(c, row, v, first, cells, &texts);
            line(data, row, cells);
            first = false;
        }
    }
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
                      const char *cells[COLUMNS])
{
    (void)row;
    table_row(data, cells, COLUMNS);
}

static const struct hg_column text_columns[COLUMNS] = {
    { "name", HG_ALIGN_LEFT, 0, FUNCTION_COLUMN_MAX },
    { "object", HG_ALIGN_LEFT, 0, OBJECT_COLUMN_MAX },
    { "file", HG_ALIGN_LEFT, 0, OBJECT_COLUMN_MAX },
    { "status", HG_ALIGN_LEFT, 0, 0 },
    { "metric", HG_ALIGN_LEFT, 0, 0 },
    { "base", HG_ALIGN_RIGHT, 0, 0 },
    { "head", HG_ALIGN_RIGHT, 0, 0 },
    { "delta", HG_ALIGN_RIGHT, 0, 0 },
    { "change", HG_ALIGN_RIGHT, 0, 0 },
};

static const struct hg_column why_columns[WHY_COLUMNS] = {
    { "function", HG_ALIGN_LEFT, 0, FUNCTION_COLUMN_MAX },
    { "part", HG_ALIGN_LEFT, 0, FUNCTION_COLUMN_MAX },
    { "base Ir", HG_ALIGN_RIGHT, 0, 0 },
    { "head Ir", HG_ALIGN_RIGHT, 0, 0 },
    { "delta", HG_ALIGN_RIGHT, 0, 0 },
    { "calls", HG_ALIGN_LEFT, 0, 0 },
    { "note", HG_ALIGN_LEFT, 0, 0 },
};

/* Text lines are at most this wide (as show's by default); names, objects
   and files are cut to fit. */
enum { TEXT_WIDTH = 120 };

static void why_text_line(void *data, bool first, bool callee,
                          const char *cells[WHY_COLUMNS])
{
    (void)first, (void)callee;
    table_row(data, cells, WHY_COLUMNS);
}

/* The explanations as a table after the rows, or the line saying why
   there are none. */
static void write_text_why(FILE *out, const struct comparison *c)
{
    const char *none = no_explanation(c->diff);
    struct text_table t = { .row = 0 };
    size_t n;
    if (none != NULL) {
        fprintf(out, "\nWhy:       %s\n", none);
        return;
    }
    if ((n = why_lines(c)) == 0)
        return;
    fputs("\nWhy incl-Ir changed: self, no-symbol and callee Ir "
          "(the callees of most change):\n", out);
    hg_table_create(&t.table, why_columns, WHY_COLUMNS, n);
    for_each_why_line(c, why_text_line, &t);
    hg_table_finish_within(out, &t.table, TEXT_WIDTH, NULL);
}

/* ------------------------------------------------------------ lines */

enum { LINE_COLUMNS = 11, LINE_NUMBER_SIZE = 16 };

static const struct hg_column line_columns[LINE_COLUMNS] = {
    { "name", HG_ALIGN_LEFT, 0, FUNCTION_COLUMN_MAX },
    { "file", HG_ALIGN_LEFT, 0, OBJECT_COLUMN_MAX },
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

/* The texts a line change's cells point into. */
struct line_change_texts {
    char numbers[2][LINE_NUMBER_SIZE];
    char figures[4][HG_DIFF_TEXT_SIZE];
};

/* A line number of a change, "-" on the side it is not on. */
static const char *line_number(unsigned line, char text[LINE_NUMBER_SIZE])
{
    if (line == 0)
        return strcpy(text, "-");
    snprintf(text, LINE_NUMBER_SIZE, "%u", line);
    return text;
}

/* Calls EMIT for each line of the table of line changes: one per changed
   figure, the function named on its first, the file, lines, matching and
   source on each change's first.  FIRST_OF_FUNCTION and FIRST_OF_CHANGE
   say which cells are set. */
typedef void (*line_change_fn)(void *data, bool first_of_function,
                               bool first_of_change,
                               const char *cells[LINE_COLUMNS]);

static void for_each_line_change(const struct comparison *c,
                                 line_change_fn emit, void *data)
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
                const char *cells[LINE_COLUMNS];
                struct line_change_texts t;
                if (!hg_diff_value_differs(value))
                    continue;
                cells[0] = first_of_function ? row_name(&c->diff->rows[r])
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
                cells[6] = figure(value->in_base, value->base, t.figures[0]);
                cells[7] = figure(value->in_head, value->head, t.figures[1]);
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
                              const char *cells[LINE_COLUMNS])
{
    (void)first_of_function, (void)first_of_change, (void)cells;
    ++*(size_t *)data;
}

/* For each file of a function shown that was matched by number and has
   changes, a line saying why ("prog.c in sum: base: source not found:
   looked in ..."), after LEAD; PRINT_NAME prints names and files. */
static void print_by_number_notes(FILE *out, const struct comparison *c,
                                  const char *lead, print_value_fn print_name)
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
            print_name(out, row_name(&c->diff->rows[r]));
            fputs(": ", out);
            hg_print_clean(out, file->why_by_number);
            fputc('\n', out);
        }
    }
}

static void line_change_text(void *data, bool first_of_function,
                             bool first_of_change,
                             const char *cells[LINE_COLUMNS])
{
    (void)first_of_function, (void)first_of_change;
    table_row(data, cells, LINE_COLUMNS);
}

static void write_text_lines(FILE *out, const struct comparison *c)
{
    struct text_table t = { .row = 0 };
    size_t n = 0;
    if (c->lines == NULL)
        return;
    for_each_line_change(c, count_line_change, &n);
    if (n == 0) {
        fputs("\nLines:     none of the functions shown has a line whose "
              "figures changed\n", out);
        return;
    }
    fputs("\nLines that changed in the functions shown (matched by source "
          "text, or by number):\n", out);
    hg_table_create(&t.table, line_columns, LINE_COLUMNS, n);
    for_each_line_change(c, line_change_text, &t);
    hg_table_finish_within(out, &t.table, TEXT_WIDTH, NULL);
    print_by_number_notes(out, c, "By number: ", hg_print_clean);
}

static void write_text(FILE *out, const struct comparison *c)
{
    const struct hg_diff *diff = c->diff;
    struct text_table t = { .row = 0 };

    print_side(out, c, 0, false);
    print_side(out, c, 1, false);
    fputs("Total:     ", out);
    print_total(out, diff, "->");
    fputs("\nCompared:  ", out);
    print_number(out, diff->compared, diff->compared == 1
                 ? " function or zone: " : " functions and zones: ");
    print_counts(out, diff);
    fputs(", ", out);
    print_number(out, diff->unchanged, " unchanged (not shown)\n");
    if (diff->row_count == 0)
        fputs("Shown:     none differ\n", out);
    else
        print_shown(out, c, "Shown:     all ", "Shown:     top ",
                    " that differ, by impact\n");
    print_warnings(out, c, "Warning:   ", "Note:      ", "\n",
                   hg_print_clean, "->");
    hg_table_create(&t.table, text_columns, COLUMNS, table_lines(c));
    for_each_line(c, text_line, &t);
    hg_table_finish_within(out, &t.table, TEXT_WIDTH, NULL);
    write_text_why(out, c);
    write_text_lines(out, c);
}

/* --------------------------------------------------------- markdown */

static void md_line(void *data, const struct hg_diff_row *row,
                    const char *cells[COLUMNS])
{
    FILE *out = data;
    bool function = hg_diff_row_function(row) != NULL;
    bool zone = hg_diff_row_zone(row) != NULL;
    int column;
    for (column = 0; column < COLUMNS; column++) {
        fputs(column == 0 ? "| " : " | ", out);
        /* Names, objects and files are code, so that Markdown leaves them
           be; the other cells are numbers and words of ours. */
        if (cells[column][0] != '\0'
            && ((column == 0 && (function || zone))
                || (column <= 2 && function)))
            md_code(out, cells[column]);
        else
            fputs(cells[column], out);
    }
    fputs(" |\n", out);
}

static void why_md_line(void *data, bool first, bool callee,
                        const char *cells[WHY_COLUMNS])
{
    FILE *out = data;
    int column;
    for (column = 0; column < WHY_COLUMNS; column++) {
        fputs(column == 0 ? "| " : " | ", out);
        /* Function and callee names are code, as in the table above. */
        if ((column == 0 && first) || (column == 1 && callee))
            md_code(out, cells[column]);
        else
            fputs(cells[column], out);
    }
    fputs(" |\n", out);
}

static void write_markdown_why(FILE *out, const struct comparison *c)
{
    const char *none = no_explanation(c->diff);
    if (none != NULL) {
        fprintf(out, "\n**Why:** %s.\n", none);
        return;
    }
    if (why_lines(c) == 0)
        return;
    fputs("\n**Why incl-Ir changed**: self, no-symbol and callee Ir (the "
          "callees of most change)\n\n"
          "| function | part | base Ir | head Ir | delta | calls | note |\n"
          "|:--|:--|--:|--:|--:|:--|:--|\n", out);
    for_each_why_line(c, why_md_line, out);
}

static void line_change_md(void *data, bool first_of_function,
                           bool first_of_change,
                           const char *cells[LINE_COLUMNS])
{
    FILE *out = data;
    int column;
    for (column = 0; column < LINE_COLUMNS; column++) {
        fputs(column == 0 ? "| " : " | ", out);
        /* The name, file and source are code, as in the table above. */
        if (cells[column][0] != '\0'
            && ((column == 0 && first_of_function)
                || ((column == 1 || column == 10) && first_of_change)))
            md_code(out, cells[column]);
        else
            fputs(cells[column], out);
    }
    fputs(" |\n", out);
}

static void write_markdown_lines(FILE *out, const struct comparison *c)
{
    size_t n = 0;
    if (c->lines == NULL)
        return;
    for_each_line_change(c, count_line_change, &n);
    if (n == 0) {
        fputs("\n**Lines:** none of the functions shown has a line whose "
              "figures changed.\n", out);
        return;
    }
    fputs("\n**Lines that changed** in the functions shown (matched by "
          "source text, or by number)\n\n"
          "| name | file | base line | head line | matched | metric | base "
          "| head | delta | change | source |\n"
          "|:--|:--|--:|--:|:--|:--|--:|--:|--:|--:|:--|\n", out);
    for_each_line_change(c, line_change_md, out);
    print_by_number_notes(out, c, "\nBy number: ", md_code);
}

static void write_markdown(FILE *out, const struct comparison *c)
{
    const struct hg_diff *diff = c->diff;

    fputs("**hotgrind diff**: total ", out);
    print_total(out, diff, "\xe2\x86\x92");
    fputs("; functions and zones: ", out);
    print_counts(out, diff);
    fputs(", ", out);
    print_number(out, diff->unchanged, " unchanged.\n");
    print_warnings(out, c, "\n**Warning:** ", "\n**Note:** ", ".\n", md_code,
                   "\xe2\x86\x92");
    fputs("\n| name | object | file | status | metric | base | head | delta "
          "| change |\n"
          "|:--|:--|:--|:--|:--|--:|--:|--:|--:|\n", out);
    for_each_line(c, md_line, out);
    fputc('\n', out);
    print_side(out, c, 0, true);
    fputs("; ", out);
    print_side(out, c, 1, true);
    if (diff->row_count == 0)
        fputs(".\n", out);
    else
        print_shown(out, c, ". All ", ". Top ",
                    " rows that differ shown, by impact.\n");
    write_markdown_why(out, c);
    write_markdown_lines(out, c);
}

/* ------------------------------------------------------------- json */

static void json_count_or_null(struct hg_json *w, const char *key,
                               bool present, uint64_t value)
{
    if (present)
        hg_json_count(w, key, value);
    else
        hg_json_null(w, key);
}

static void json_side(struct hg_json *w, const struct comparison *c, int s)
{
    const struct hg_report *r = c->reports[s];
    size_t i;
    hg_json_open(w, side_names[s], '{', true);
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
    json_count_or_null(w, "base", v->in_base, v->base);
    json_count_or_null(w, "head", v->in_head, v->head);
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
        snprintf(key, sizeof key, "%s-file", side_names[s]);
        hg_json_text(w, key, f[s] ? f[s]->file : NULL);
    }
    for (s = 0; s < 2; s++) {
        snprintf(key, sizeof key, "%s-line", side_names[s]);
        json_count_or_null(w, key, f[s] != NULL, f[s] ? f[s]->line : 0);
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
    json_count_or_null(w, "base", in_base, base);
    json_count_or_null(w, "head", in_head, head);
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
    const struct other_edges others = other_edges(why);
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
    for (i = 0; i < named_edges(why); i++) {
        const struct hg_diff_edge *e = &why->edges[i];
        hg_json_open(w, NULL, '{', true);
        hg_json_text(w, "name", e->callee->name);
        hg_json_text(w, "object", e->callee->object);
        hg_json_text(w, "file", e->callee->file);
        hg_json_text(w, "status", !e->in_base ? "added"
                                  : !e->in_head ? "removed" : "changed");
        json_count_or_null(w, "base-calls", e->in_base, e->base_calls);
        json_count_or_null(w, "head-calls", e->in_head, e->head_calls);
        json_count_or_null(w, "base", e->in_base, e->base_ir);
        json_count_or_null(w, "head", e->in_head, e->head_ir);
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
        json_count_or_null(w, "base-line", change->line[0] != 0,
                           change->line[0]);
        json_count_or_null(w, "head-line", change->line[1] != 0,
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
    hg_json_text(w, "status", status_name(row->status));
    if (f || z)
        hg_json_text(w, "name", row_name(row));
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

static void json_comparison(struct hg_json *w, const char *key,
                            const struct comparison *c);

static void write_json(FILE *out, const struct comparison *c)
{
    struct hg_json w = { .out = out };
    json_comparison(&w, NULL, c);
}

/* The document of docs/diff.schema.json as member KEY of W (NULL: the
   whole output, or an element). */
static void json_comparison(struct hg_json *w, const char *key,
                            const struct comparison *c)
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
    hg_json_differences(w, diff->differences, diff->difference_count);
    /* Only when one report has a call graph, so that the output of
       reports without any is what it was. */
    if (no_explanation(diff) != NULL)
        hg_json_text(w, "no-explanation", no_explanation(diff));
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
    hg_json_close(w);
}

/* ----------------------------------------------------- the command */

/* The runs-differ warning on stderr, one line. */
static void warn_runs_differ(const struct hg_diff *diff)
{
    if (diff->difference_count == 0)
        return;
    fputs("hotgrind diff: warning: ", stderr);
    print_runs_warning(stderr, diff, hg_print_clean, "->");
    fputc('\n', stderr);
    print_difference_notes(stderr, diff, "hotgrind diff: note: ", "\n");
}

static bool parse_format(const char *text, enum format *format)
{
    static const char *const names[] = { "text", "markdown", "json", "svg" };
    int i;
    for (i = 0; i < 4; i++)
        if (strcmp(text, names[i]) == 0) {
            *format = (enum format)i;
            return true;
        }
    return false;
}

struct options {
    const char **paths;
    enum format format;
    size_t limit;
    unsigned allowed_exits;      /* HG_ALLOW_ */
    bool lines;                  /* --lines */
    struct hg_line_sources sources;
    /* --format=svg (flamegraph.c) */
    const char *out_path;
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
            { .name = "--lines", .flag = &o->lines },
            { .name = "--base-source", .value = &o->sources.dirs[0] },
            { .name = "--head-source", .value = &o->sources.dirs[1] },
        },
    };
    int status, operands;

    status = hg_parse_options(&line, argc, argv, &operands);
    if (status != -1)
        return status;
    if (operands > 2)
        return hg_usage_error("diff", diff_usage,
                              "two reports, BASE and HEAD, not more ('%s')",
                              argv[2]);
    if (format_text != NULL && !parse_format(format_text, &o->format))
        return hg_usage_error("diff", diff_usage, "--format is text, "
                              "markdown, json or svg, not '%s'", format_text);
    if (o->format != FORMAT_SVG
        && (metric_text || title || width_text || o->out_path))
        return hg_usage_error("diff", diff_usage, "--metric, --title, "
                              "--width and -o are for --format=svg");
    if (o->format == FORMAT_SVG && o->lines)
        return hg_usage_error("diff", diff_usage, "--lines is not for "
                              "--format=svg");
    if (!o->lines && (o->sources.dirs[0] || o->sources.dirs[1]))
        return hg_usage_error("diff", diff_usage, "--base-source and "
                              "--head-source go with --lines");
    if (o->format == FORMAT_SVG && limit_text != NULL)
        return hg_usage_error("diff", diff_usage, "--limit is not for "
                              "--format=svg: the flame graph draws every "
                              "context");
    if (o->format == FORMAT_SVG
        && (status = hg_flame_options("diff", diff_usage, metric_text, title,
                                      width_text, &o->metric,
                                      &o->style)) != -1)
        return status;
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

/* The comparison of REPORTS, PATHS[0] to PATHS[1], in O's format on
   OUT, or with W as a JSON element. */
static void compare_reports(FILE *out, const struct options *o,
                            const char *paths[2], struct hg_report *reports[2],
                            struct hg_json *w)
{
    struct comparison c;
    struct hg_diff diff;

    hg_diff_reports(reports[0], reports[1], &diff);
    c = (struct comparison){
        { paths[0], paths[1] }, { reports[0], reports[1] }, &diff,
        o->limit == 0 || o->limit > diff.row_count ? diff.row_count
                                                   : o->limit,
        NULL, NULL,
    };
    if (o->lines)
        c.lines = diff_lines(&diff, c.shown, &o->sources);
    c.explanations = explain_rows(&diff, c.shown);
    warn_runs_differ(&diff);
    switch (o->format) {
    case FORMAT_MARKDOWN: write_markdown(out, &c); break;
    case FORMAT_JSON:
        if (w != NULL)
            json_comparison(w, "diff", &c);
        else
            write_json(out, &c);
        break;
    default:              write_text(out, &c); break;
    }
    free_explanations(c.explanations, c.shown);
    free_lines(c.lines, c.shown);
    hg_diff_free(&diff);
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

/* ----------------------------------------------------------- suites */

/* "base (suite count, 4 benchmarks)". */
static void print_suite_side(FILE *out, const char *role,
                             const char *operand,
                             const struct hg_suite_run *runs, bool md)
{
    if (md)
        fprintf(out, "%s ", role);
    else
        fprintf(out, "%c%s:%*s", role[0] - 'a' + 'A', role + 1,
                (int)(10 - strlen(role)), "");
    hg_print_clean(out, operand);
    fputs(" (suite ", out);
    hg_print_clean(out, runs->suite);
    fprintf(out, ", %zu benchmark%s)", runs->count,
            runs->count == 1 ? "" : "s");
}

/* The names of PAIRS whose KIND is WANTED, after LABEL; nothing when
   there is none. */
enum pair_kind { PAIR_COMPARED, PAIR_ADDED, PAIR_REMOVED, PAIR_NOT_RUN };

static enum pair_kind pair_kind(const struct hg_bench_pair *p)
{
    if (p->head == NULL)
        return PAIR_REMOVED;
    if (p->head->status != HG_SUITE_OK
        || (p->base != NULL && p->base->status != HG_SUITE_OK))
        return PAIR_NOT_RUN;
    return p->base == NULL ? PAIR_ADDED : PAIR_COMPARED;
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

static void list_pairs(FILE *out, const struct hg_bench_pair *pairs,
                       size_t count, enum pair_kind wanted,
                       const char *label, bool md)
{
    size_t i;
    bool any = false;
    for (i = 0; i < count; i++) {
        if (pair_kind(&pairs[i]) != wanted)
            continue;
        fputs(any ? ", " : md ? "\n**" : "", out);
        if (!any)
            fprintf(out, md ? "%s** " : "%-11s", label);
        any = true;
        hg_print_clean(out, pairs[i].name);
        if (wanted == PAIR_NOT_RUN)
            print_not_run(out, &pairs[i]);
    }
    if (any)
        fputc('\n', out);
}

/* The comparison of two suite runs: the benchmarks in both that ran
   compared as two reports are, the others listed.  In JSON, one object
   (docs/diff-suite.schema.json) holding the diff of each benchmark. */
static int diff_suites(const struct options *o)
{
    static const char *const kinds[] = { "compared", "added", "removed",
                                         "not-run" };
    struct hg_suite_run *runs[2];
    struct hg_bench_pair *pairs = NULL;
    char *text = NULL;
    size_t size = 0;
    /* Buffered, and written once every report was read: never part of
       an output. */
    FILE *out = open_memstream(&text, &size);
    struct hg_json w = { .out = out };
    bool md = o->format == FORMAT_MARKDOWN, json = o->format == FORMAT_JSON;
    size_t count = 0, i, counts[4] = { 0, 0, 0, 0 };
    int status = HG_EXIT_TROUBLE;
    enum pair_kind k;

    if (out == NULL)
        hg_out_of_memory();
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
    pairs = hg_suite_pairs(runs[0], runs[1], &count);
    for (i = 0; i < count; i++)
        counts[pair_kind(&pairs[i])]++;
    if (json) {
        hg_json_open(&w, NULL, '{', false);
        hg_json_count(&w, "format", DIFF_SUITE_JSON_FORMAT);
        hg_json_text(&w, "suite", runs[1]->suite);
        hg_json_text(&w, "base", o->paths[0]);
        hg_json_text(&w, "head", o->paths[1]);
        hg_json_open(&w, "counts", '{', true);
        for (k = PAIR_COMPARED; k <= PAIR_NOT_RUN; k++)
            hg_json_count(&w, kinds[k], counts[k]);
        hg_json_close(&w);
        hg_json_open(&w, "benchmarks", '[', false);
    } else {
        if (md) {
            fputs("**hotgrind diff** of suite ", out);
            hg_print_clean(out, runs[1]->suite);
            fputs(": ", out);
        }
        print_suite_side(out, "base", o->paths[0], runs[0], md);
        fputs(md ? "; " : "\n", out);
        print_suite_side(out, "head", o->paths[1], runs[1], md);
        fprintf(out, md ? ".\n\n**Benchmarks:** %zu compared, %zu "
                "added, %zu removed, %zu not run\n"
                : "\nBenchmarks: %zu compared, %zu added, %zu removed, "
                "%zu not run\n", counts[0], counts[1], counts[2], counts[3]);
        list_pairs(out, pairs, count, PAIR_ADDED, "Added:", md);
        list_pairs(out, pairs, count, PAIR_REMOVED, "Removed:", md);
        list_pairs(out, pairs, count, PAIR_NOT_RUN, "Not run:", md);
    }
    for (i = 0; i < count; i++) {
        const struct hg_bench_pair *p = &pairs[i];
        struct hg_report *reports[2];
        const char *paths[2];
        k = pair_kind(p);
        if (json) {
            hg_json_open(&w, NULL, '{', false);
            hg_json_text(&w, "name", p->name);
            hg_json_text(&w, "status", kinds[k]);
        }
        if (k == PAIR_COMPARED) {
            paths[0] = p->base->report_path;
            paths[1] = p->head->report_path;
            if (!load_pair(o, paths, reports))
                goto done;
            if (md) {
                /* HTML, where markdown's code spans would not be read:
                   a benchmark's name needs no escaping
                   (hg_suite_name_ok). */
                fprintf(out, "\n<details><summary><code>%s</code>"
                        "</summary>\n\n", p->name);
            } else if (!json) {
                fputs("\n== ", out);
                hg_print_clean(out, p->name);
                fputs(" ==\n", out);
            }
            compare_reports(out, o, paths, reports, json ? &w : NULL);
            if (md)
                fputs("\n</details>\n", out);
            hg_report_free(reports[0]);
            hg_report_free(reports[1]);
        } else if (json) {
            hg_json_null(&w, "diff");
        }
        if (json)
            hg_json_close(&w);
    }
    if (json) {
        hg_json_close(&w);
        hg_json_close(&w);
    }
    status = HG_EXIT_OK;
done:
    if (fclose(out) != 0 || text == NULL)
        hg_out_of_memory();
    if (status == HG_EXIT_OK)
        fwrite(text, 1, size, stdout);
    free(text);
    free(pairs);
    hg_suite_run_free(runs[0]);
    hg_suite_run_free(runs[1]);
    return status;
}

int cmd_diff(int argc, char **argv)
{
    struct options o = { .format = FORMAT_TEXT, .limit = DEFAULT_LIMIT };
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
    if (suites[0] && o.format == FORMAT_SVG)
        return hg_usage_error("diff", diff_usage, "--format=svg compares "
                              "two reports, not suite runs");
    if (suites[0])
        return diff_suites(&o);
    if (!load_pair(&o, o.paths, reports))
        return HG_EXIT_TROUBLE;
    if (o.format == FORMAT_SVG) {
        status = hg_flame_diff_command(o.paths,
                                       (const struct hg_report *const *)
                                       reports, &o.metric, &o.style,
                                       o.out_path);
    } else {
        compare_reports(stdout, &o, o.paths, reports, NULL);
        status = HG_EXIT_OK;
    }
    hg_report_free(reports[0]);
    hg_report_free(reports[1]);
    return status;
}
