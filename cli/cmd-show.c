/* hotgrind show: the top functions of a report by self Ir, then its
   marked functions and zones, heap, threads, mutexes and thread events.
   GPL-2.0-or-later; part of hotgrind. */

/* The table follows cg_annotate's function summary, so that people who
   know Cachegrind read it at once.  The output depends only on the report:
   numbers are formatted by hand (no locale) and rows are sorted here with
   the report's own total order, so hand-edited reports print the same way
   every time too. */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char show_usage[] = "usage: hotgrind show [--limit N] REPORT";

static const char show_help[] =
    "usage: hotgrind show [--limit N] REPORT\n"
    "\n"
    "Prints the command and the total instruction count of REPORT, then its\n"
    "functions by self Ir (instructions executed in the function itself),\n"
    "highest first: Ir, share of the total, function, object, file:line.\n"
    "\n"
    "Then, if the report has any, all its marked functions (--mark) and zones\n"
    "(HOTGRIND_ZONE_BEGIN) by inclusive Ir, highest first: calls, inclusive\n"
    "Ir, and the mean, p50, p95, p99 and max of the inclusive Ir of single\n"
    "calls ('-' with no calls).\n"
    "\n"
    "Then, for the parts the report has: the heap of the whole run\n"
    "(allocations, frees, peak and what was live at exit) and the functions\n"
    "that allocated or freed, by bytes allocated; every thread with its\n"
    "parent, status, Ir, share of the total and allocations; the mutexes, most\n"
    "contended first; and the number of thread events of each kind.  Last, a\n"
    "warning for each mark pattern that matched no function, or whose\n"
    "functions were never entered.\n"
    "\n"
    "  --limit N   show the top N functions, heap functions and mutexes\n"
    "              (default 20; 0 shows all); marked functions, zones and\n"
    "              threads are always all shown\n";

enum { DEFAULT_LIMIT = 20 };

/* Past these widths a long (C++) name overflows its column rather than
   pushing every row to the right. */
enum { FUNCTION_COLUMN_MAX = 50, OBJECT_COLUMN_MAX = 30 };

const char *hg_format_count(uint64_t count, char text[HG_COUNT_TEXT_SIZE])
{
    char digits[24];
    int n = snprintf(digits, sizeof digits, "%" PRIu64, count);
    int i, out = 0;
    for (i = 0; i < n; i++) {
        if (i > 0 && (n - i) % 3 == 0)
            text[out++] = ',';
        text[out++] = digits[i];
    }
    text[out] = '\0';
    return text;
}

static uint64_t hundredths_of_percent(uint64_t part, uint64_t whole)
{
    uint64_t whole_ratio, rest;
    if (whole == 0)
        return 0;
    whole_ratio = part / whole;
    rest = part % whole;
    /* Only an inconsistent report has a part this much over its whole. */
    if (whole_ratio >= UINT64_MAX / 10000 - 1)
        return UINT64_MAX / 10000 * 10000;
    /* rest * 10000 / whole, rounded half up; rest < whole, and for huge
       counts both are scaled down together so the product fits. */
    while (rest > UINT64_MAX / 20000) {
        rest >>= 1;
        whole >>= 1;
    }
    return whole_ratio * 10000 + (rest * 20000 / whole + 1) / 2;
}

const char *hg_format_percent(uint64_t part, uint64_t whole,
                              char text[HG_PERCENT_TEXT_SIZE])
{
    uint64_t hundredths = hundredths_of_percent(part, whole);
    snprintf(text, HG_PERCENT_TEXT_SIZE, "%" PRIu64 ".%02u%%",
             hundredths / 100, (unsigned)(hundredths % 100));
    return text;
}

/* Names come from debug information and may hold anything the tool did
   not already replace: keep the terminal safe. */
static void print_clean(FILE *out, const char *text)
{
    for (; *text; text++) {
        unsigned char c = (unsigned char)*text;
        fputc((c < 0x20 || c == 0x7f) ? '?' : c, out);
    }
}

/* Columns on screen: UTF-8 continuation bytes take none. */
static size_t display_width(const char *text)
{
    size_t width = 0;
    for (; *text; text++)
        if (((unsigned char)*text & 0xC0) != 0x80)
            width++;
    return width;
}

static void print_padded(FILE *out, const char *text, size_t width)
{
    size_t used = display_width(text);
    print_clean(out, text);
    for (; used < width; used++)
        fputc(' ', out);
}

/* An argument as a POSIX shell would need it, so the command line can be
   read back unambiguously. */
static void print_shell_word(FILE *out, const char *word)
{
    static const char plain[] =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        "0123456789_@%+=:,./-";
    bool quoted = false;

    if (word[0] == '\0') {
        fputs("''", out);
        return;
    }
    if (strspn(word, plain) == strlen(word)) {
        print_clean(out, word);
        return;
    }
    /* Quoted runs, with each single quote outside them as \'. */
    for (; *word; word++) {
        if (*word == '\'') {
            if (quoted)
                fputc('\'', out);
            quoted = false;
            fputs("\\'", out);
        } else {
            char one[2] = { *word, '\0' };
            if (!quoted)
                fputc('\'', out);
            quoted = true;
            print_clean(out, one);
        }
    }
    if (quoted)
        fputc('\'', out);
}

/* Name, object, file, line: the identity of a function, in one order. */
static int compare_identity(const struct hg_function *f,
                            const struct hg_function *g)
{
    int c;
    if ((c = strcmp(f->name, g->name)) != 0)
        return c;
    if ((c = strcmp(f->object, g->object)) != 0)
        return c;
    if ((c = strcmp(f->file, g->file)) != 0)
        return c;
    if (f->line != g->line)
        return f->line < g->line ? -1 : 1;
    return 0;
}

/* The report's order: self Ir descending, then name, object, file, line. */
static int compare_report_order(const void *a, const void *b)
{
    const struct hg_function *f = *(const struct hg_function *const *)a;
    const struct hg_function *g = *(const struct hg_function *const *)b;
    if (f->self_ir != g->self_ir)
        return f->self_ir > g->self_ir ? -1 : 1;
    return compare_identity(f, g);
}

const char *hg_format_mean(uint64_t units, unsigned hundredths,
                           char text[HG_MEAN_TEXT_SIZE])
{
    char whole[HG_COUNT_TEXT_SIZE];
    snprintf(text, HG_MEAN_TEXT_SIZE, "%s.%02u",
             hg_format_count(units, whole), hundredths % 100);
    return text;
}

static void print_location(FILE *out, const struct hg_function *function)
{
    if (function->file[0] == '\0') {
        fputs("???", out);
        return;
    }
    print_clean(out, function->file);
    if (function->line != 0)
        fprintf(out, ":%u", function->line);
}

static size_t max_size(size_t a, size_t b)
{
    return a > b ? a : b;
}

static size_t min_size(size_t a, size_t b)
{
    return a < b ? a : b;
}

static void print_header(FILE *out, const struct hg_report *report,
                         size_t shown)
{
    char total[HG_COUNT_TEXT_SIZE];
    size_t i;

    fputs("Command:   ", out);
    print_shell_word(out, report->exe);
    for (i = 0; i < report->arg_count; i++) {
        fputc(' ', out);
        print_shell_word(out, report->args[i]);
    }
    fputs("\nMeasured:  hotgrind ", out);
    print_clean(out, report->tool_version);
    fputs(", Valgrind ", out);
    print_clean(out, report->valgrind_version);
    fputs(", ", out);
    print_clean(out, report->arch);
    fprintf(out, "\nTotal:     %s Ir\n",
            hg_format_count(report->total_ir, total));
    if (shown == report->function_count)
        fprintf(out, "Functions: %zu, all shown, by self Ir\n", shown);
    else
        fprintf(out, "Functions: %zu, top %zu shown, by self Ir\n",
                report->function_count, shown);
}

/* ------------------------------------------- marked functions and zones */

/* One row of the second table: a marked function or a zone. */
struct marked_row {
    const char *name;
    const char *object;        /* ZONE_OBJECT for a zone */
    const char *file;          /* "" for a zone */
    unsigned line;
    bool is_zone;
    uint64_t calls;
    uint64_t inclusive_ir;
    const struct hg_per_call *per_call;   /* NULL when there were no calls */
};

static const char ZONE_OBJECT[] = "(zone)";

enum { MARKED_COLUMNS = 9, NAME_COLUMN = 0, OBJECT_COLUMN = 8 };

static const char *const marked_titles[MARKED_COLUMNS] = {
    "name", "calls", "inclusive Ir", "mean", "p50", "p95", "p99", "max",
    "object",
};

/* Inclusive Ir descending, then name, functions before zones, object,
   file and line: one order whatever the order in the file. */
static int compare_marked_rows(const void *a, const void *b)
{
    const struct marked_row *r = a;
    const struct marked_row *s = b;
    int c;
    if (r->inclusive_ir != s->inclusive_ir)
        return r->inclusive_ir > s->inclusive_ir ? -1 : 1;
    if ((c = strcmp(r->name, s->name)) != 0)
        return c;
    if (r->is_zone != s->is_zone)
        return r->is_zone ? 1 : -1;
    if ((c = strcmp(r->object, s->object)) != 0)
        return c;
    if ((c = strcmp(r->file, s->file)) != 0)
        return c;
    if (r->line != s->line)
        return r->line < s->line ? -1 : 1;
    return 0;
}

/* The numeric cells of ROW, columns 1 to 7. */
static void marked_cells(const struct marked_row *row,
                         char cells[MARKED_COLUMNS][HG_MEAN_TEXT_SIZE])
{
    const struct hg_per_call *p = row->per_call;
    hg_format_count(row->calls, cells[1]);
    hg_format_count(row->inclusive_ir, cells[2]);
    if (p == NULL) {
        int i;
        for (i = 3; i <= 7; i++)
            strcpy(cells[i], "-");
        return;
    }
    hg_format_mean(p->mean_units, p->mean_hundredths, cells[3]);
    hg_format_count(p->p50, cells[4]);
    hg_format_count(p->p95, cells[5]);
    hg_format_count(p->p99, cells[6]);
    hg_format_count(p->max, cells[7]);
}

static const char *plural(uint64_t n)
{
    return n == 1 ? "" : "s";
}

/* Patterns that measured nothing: the report says so, and so do we. */
static void show_mark_warnings(FILE *out, const struct hg_report *report)
{
    bool first = true;
    size_t i;
    for (i = 0; i < report->mark_count; i++) {
        const struct hg_mark *mark = &report->marks[i];
        if (mark->functions != 0 && mark->entered != 0)
            continue;
        if (first)
            fputc('\n', out);
        first = false;
        fputs("warning: mark '", out);
        print_clean(out, mark->pattern);
        if (mark->functions == 0)
            fputs("' matched no function that ran "
                  "(inlined? never called? misspelt?)\n", out);
        else
            fprintf(out, "' matched %" PRIu64 " function%s, never entered\n",
                    mark->functions, plural(mark->functions));
    }
}

static bool show_marked(FILE *out, const struct hg_report *report)
{
    struct marked_row *rows;
    size_t widths[MARKED_COLUMNS];
    size_t n = 0, functions = 0, i, column;

    rows = malloc((report->function_count + report->zone_count + 1)
                  * sizeof *rows);
    if (rows == NULL)
        return false;
    for (i = 0; i < report->function_count; i++) {
        const struct hg_function *f = &report->functions[i];
        if (!f->marked)
            continue;
        rows[n++] = (struct marked_row){
            f->name, f->object, f->file, f->line, false, f->calls,
            f->inclusive_ir, f->has_per_call ? &f->per_call : NULL,
        };
        functions++;
    }
    for (i = 0; i < report->zone_count; i++) {
        const struct hg_zone *z = &report->zones[i];
        rows[n++] = (struct marked_row){
            z->name, ZONE_OBJECT, "", 0, true, z->calls, z->inclusive_ir,
            z->has_per_call ? &z->per_call : NULL,
        };
    }
    if (n == 0) {
        free(rows);
        return true;
    }
    qsort(rows, n, sizeof *rows, compare_marked_rows);

    for (column = 0; column < MARKED_COLUMNS; column++)
        widths[column] = strlen(marked_titles[column]);
    for (i = 0; i < n; i++) {
        char cells[MARKED_COLUMNS][HG_MEAN_TEXT_SIZE];
        marked_cells(&rows[i], cells);
        widths[NAME_COLUMN] = max_size(widths[NAME_COLUMN],
            min_size(FUNCTION_COLUMN_MAX, display_width(rows[i].name)));
        for (column = 1; column < OBJECT_COLUMN; column++)
            widths[column] = max_size(widths[column], strlen(cells[column]));
    }

    fprintf(out, "\nMarked functions and zones: %zu function%s, %zu zone%s, "
            "by inclusive Ir\n\n", functions, plural(functions),
            report->zone_count, plural(report->zone_count));
    print_padded(out, marked_titles[NAME_COLUMN], widths[NAME_COLUMN]);
    for (column = 1; column < OBJECT_COLUMN; column++)
        fprintf(out, "  %*s", (int)widths[column], marked_titles[column]);
    fprintf(out, "  %s\n", marked_titles[OBJECT_COLUMN]);

    for (i = 0; i < n; i++) {
        char cells[MARKED_COLUMNS][HG_MEAN_TEXT_SIZE];
        marked_cells(&rows[i], cells);
        print_padded(out, rows[i].name, widths[NAME_COLUMN]);
        for (column = 1; column < OBJECT_COLUMN; column++)
            fprintf(out, "  %*s", (int)widths[column], cells[column]);
        fputs("  ", out);
        print_clean(out, rows[i].object);
        fputc('\n', out);
    }
    free(rows);
    return true;
}

/* ------------------------------------------------------------- tables */

/* The tables after the marked one are printed by one routine: titles,
   then rows, columns two spaces apart, numbers on the right, text on the
   left; the last column is not padded. */

enum align { ALIGN_LEFT, ALIGN_RIGHT };

struct column {
    const char *title;
    enum align align;
    size_t min_width;    /* at least this wide, whatever the cells */
    size_t max_width;    /* 0: no limit; a longer cell overflows */
};

struct table {
    const struct column *columns;
    size_t column_count;
    size_t row_count;
    char **cells;        /* row by row; NULL prints as "" */
    bool failed;         /* out of memory */
};

static bool table_create(struct table *table, const struct column *columns,
                         size_t column_count, size_t row_count)
{
    table->columns = columns;
    table->column_count = column_count;
    table->row_count = row_count;
    table->cells = calloc(row_count * column_count + 1, sizeof *table->cells);
    table->failed = table->cells == NULL;
    return !table->failed;
}

static void table_free(struct table *table)
{
    size_t i;
    for (i = 0; table->cells && i < table->row_count * table->column_count;
         i++)
        free(table->cells[i]);
    free(table->cells);
}

static void table_set(struct table *table, size_t row, size_t column,
                      const char *text)
{
    char **cell = &table->cells[row * table->column_count + column];
    free(*cell);
    *cell = strdup(text);
    if (*cell == NULL)
        table->failed = true;
}

static void table_set_count(struct table *table, size_t row, size_t column,
                            uint64_t count)
{
    char text[HG_COUNT_TEXT_SIZE];
    table_set(table, row, column, hg_format_count(count, text));
}

/* "(12.34%)": PART of WHOLE, as in the functions table. */
static void table_set_share(struct table *table, size_t row, size_t column,
                            uint64_t part, uint64_t whole)
{
    char percent[HG_PERCENT_TEXT_SIZE];
    char share[HG_PERCENT_TEXT_SIZE + 2];
    hg_format_percent(part, whole, percent);
    snprintf(share, sizeof share, "(%s)", percent);
    table_set(table, row, column, share);
}

static void print_cell(FILE *out, const struct column *column, size_t width,
                       const char *text, bool last)
{
    size_t used = display_width(text);
    if (column->align == ALIGN_RIGHT)
        for (; used < width; used++)
            fputc(' ', out);
    if (column->align == ALIGN_LEFT && !last)
        print_padded(out, text, width);
    else
        print_clean(out, text);
}

/* A blank line, the titles and the rows.  False when out of memory. */
static bool table_print(FILE *out, const struct table *table)
{
    size_t *widths, row, column, n = table->column_count;

    if (table->failed || (widths = calloc(n, sizeof *widths)) == NULL)
        return false;
    for (column = 0; column < n; column++) {
        const struct column *c = &table->columns[column];
        widths[column] = max_size(display_width(c->title), c->min_width);
        for (row = 0; row < table->row_count; row++) {
            const char *cell = table->cells[row * n + column];
            size_t width = display_width(cell ? cell : "");
            if (c->max_width != 0)
                width = min_size(width, c->max_width);
            widths[column] = max_size(widths[column], width);
        }
    }
    fputc('\n', out);
    for (row = 0; row <= table->row_count; row++) {
        for (column = 0; column < n; column++) {
            const char *cell = row == 0 ? table->columns[column].title
                               : table->cells[(row - 1) * n + column];
            if (column > 0)
                fputs("  ", out);
            print_cell(out, &table->columns[column], widths[column],
                       cell ? cell : "", column + 1 == n);
        }
        fputc('\n', out);
    }
    free(widths);
    return true;
}

/* Prints TABLE and frees it; false when out of memory. */
static bool table_finish(FILE *out, struct table *table)
{
    bool printed = table_print(out, table);
    table_free(table);
    return printed;
}

/* "Functions: 4, all shown" or "top 2 shown". */
static void print_shown(FILE *out, size_t count, size_t shown)
{
    if (shown == count)
        fprintf(out, "%zu, all shown", count);
    else
        fprintf(out, "%zu, top %zu shown", count, shown);
}

static size_t within_limit(size_t count, size_t limit)
{
    return (limit == 0 || limit > count) ? count : limit;
}

/* --------------------------------------------------------------- heap */

/* Bytes allocated descending, then allocations descending, then name,
   object, file and line. */
static int compare_heap_order(const void *a, const void *b)
{
    const struct hg_function *f = *(const struct hg_function *const *)a;
    const struct hg_function *g = *(const struct hg_function *const *)b;
    if (f->heap.alloc_bytes != g->heap.alloc_bytes)
        return f->heap.alloc_bytes > g->heap.alloc_bytes ? -1 : 1;
    if (f->heap.allocs != g->heap.allocs)
        return f->heap.allocs > g->heap.allocs ? -1 : 1;
    return compare_identity(f, g);
}

/* "12 allocations" */
static void print_quantity(FILE *out, uint64_t count, const char *unit)
{
    char text[HG_COUNT_TEXT_SIZE];
    fprintf(out, "%s %s%s", hg_format_count(count, text), unit,
            plural(count));
}

static void print_heap_totals(FILE *out, const struct hg_heap_totals *heap)
{
    fputs("\nHeap:      ", out);
    print_quantity(out, heap->traffic.allocs, "allocation");
    fputs(", ", out);
    print_quantity(out, heap->traffic.alloc_bytes, "byte");
    fputs("; ", out);
    print_quantity(out, heap->traffic.frees, "free");
    fputs(", ", out);
    print_quantity(out, heap->traffic.free_bytes, "byte");
    fputs(" freed\n           peak ", out);
    print_quantity(out, heap->peak_bytes, "byte");
    fputs(" in ", out);
    print_quantity(out, heap->peak_blocks, "block");
    fputs("; at exit ", out);
    print_quantity(out, heap->exit_bytes, "byte");
    fputs(" in ", out);
    print_quantity(out, heap->exit_blocks, "block");
    fputc('\n', out);
}

/* "file.c:12", or "???" when the file is unknown. */
static void table_set_location(struct table *table, size_t row,
                               size_t column, const struct hg_function *f)
{
    char *text;
    if (f->file[0] == '\0') {
        table_set(table, row, column, "???");
        return;
    }
    if (f->line == 0) {
        table_set(table, row, column, f->file);
        return;
    }
    text = malloc(strlen(f->file) + 12);
    if (text == NULL) {
        table->failed = true;
        return;
    }
    sprintf(text, "%s:%u", f->file, f->line);
    table_set(table, row, column, text);
    free(text);
}

/* The heap of the run, then the top LIMIT functions by bytes allocated. */
static bool show_heap(FILE *out, const struct hg_report *report,
                      size_t limit)
{
    static const struct column columns[] = {
        { "allocs", ALIGN_RIGHT, 0, 0 },
        { "alloc-bytes", ALIGN_RIGHT, 0, 0 },
        { "frees", ALIGN_RIGHT, 0, 0 },
        { "free-bytes", ALIGN_RIGHT, 0, 0 },
        { "function", ALIGN_LEFT, 0, FUNCTION_COLUMN_MAX },
        { "object", ALIGN_LEFT, 0, OBJECT_COLUMN_MAX },
        { "file:line", ALIGN_LEFT, 0, 0 },
    };
    const struct hg_function **rows;
    struct table table;
    size_t n = 0, shown, i;

    rows = malloc((report->function_count + 1) * sizeof *rows);
    if (rows == NULL)
        return false;
    for (i = 0; i < report->function_count; i++)
        if (report->functions[i].has_heap)
            rows[n++] = &report->functions[i];
    if (!report->has_heap && n == 0) {
        free(rows);
        return true;
    }
    if (report->has_heap)
        print_heap_totals(out, &report->heap);
    else
        fputc('\n', out);
    qsort(rows, n, sizeof *rows, compare_heap_order);
    shown = within_limit(n, limit);
    fputs("Functions with heap traffic: ", out);
    if (n == 0) {
        fputs("none\n", out);
        free(rows);
        return true;
    }
    print_shown(out, n, shown);
    fputs(", by alloc-bytes\n", out);

    if (!table_create(&table, columns, 7, shown)) {
        free(rows);
        return false;
    }
    for (i = 0; i < shown; i++) {
        const struct hg_function *f = rows[i];
        table_set_count(&table, i, 0, f->heap.allocs);
        table_set_count(&table, i, 1, f->heap.alloc_bytes);
        table_set_count(&table, i, 2, f->heap.frees);
        table_set_count(&table, i, 3, f->heap.free_bytes);
        table_set(&table, i, 4, f->name);
        table_set(&table, i, 5, f->object);
        table_set_location(&table, i, 6, f);
    }
    free(rows);
    return table_finish(out, &table);
}

/* ------------------------------------------------------------ threads */

static int compare_thread_ids(const void *a, const void *b)
{
    const struct hg_thread *t = *(const struct hg_thread *const *)a;
    const struct hg_thread *u = *(const struct hg_thread *const *)b;
    return t->id < u->id ? -1 : t->id > u->id;
}

/* An id as written in the report; "-" for none (0). */
static void table_set_id(struct table *table, size_t row, size_t column,
                         unsigned id)
{
    char text[16];
    snprintf(text, sizeof text, "%u", id);
    table_set(table, row, column, id == 0 ? "-" : text);
}

/* Every thread by id; the heap columns only when the report has them. */
static bool show_threads(FILE *out, const struct hg_report *report)
{
    static const struct column columns[] = {
        { "id", ALIGN_RIGHT, 0, 0 },
        { "name", ALIGN_LEFT, 0, FUNCTION_COLUMN_MAX },
        { "parent", ALIGN_RIGHT, 0, 0 },
        { "status", ALIGN_LEFT, 0, 0 },
        { "Ir", ALIGN_RIGHT, 0, 0 },
        { "(%)", ALIGN_RIGHT, sizeof "(100.00%)" - 1, 0 },
        { "allocs", ALIGN_RIGHT, 0, 0 },
        { "alloc-bytes", ALIGN_RIGHT, 0, 0 },
    };
    const struct hg_thread **rows;
    struct table table;
    size_t n = report->thread_count, i;
    bool heap = false;

    if (!report->has_threads)
        return true;
    fprintf(out, "\nThreads: %zu, by id\n", n);
    if (n == 0)
        return true;
    rows = malloc(n * sizeof *rows);
    if (rows == NULL)
        return false;
    for (i = 0; i < n; i++) {
        rows[i] = &report->threads[i];
        heap = heap || rows[i]->has_heap;
    }
    qsort(rows, n, sizeof *rows, compare_thread_ids);

    if (!table_create(&table, columns, heap ? 8 : 6, n)) {
        free(rows);
        return false;
    }
    for (i = 0; i < n; i++) {
        const struct hg_thread *t = rows[i];
        table_set_id(&table, i, 0, t->id);
        table_set(&table, i, 1, t->name ? t->name : "-");
        table_set_id(&table, i, 2, t->parent);
        table_set(&table, i, 3,
                  t->status == HG_THREAD_RUNNING ? "running" : "exited");
        table_set_count(&table, i, 4, t->ir);
        table_set_share(&table, i, 5, t->ir, report->total_ir);
        if (heap && t->has_heap) {
            table_set_count(&table, i, 6, t->heap.allocs);
            table_set_count(&table, i, 7, t->heap.alloc_bytes);
        } else if (heap) {
            table_set(&table, i, 6, "-");
            table_set(&table, i, 7, "-");
        }
    }
    free(rows);
    return table_finish(out, &table);
}

/* ------------------------------------------------- mutexes and events */

/* Most contended first, then most acquired, then by id. */
static int compare_mutex_order(const void *a, const void *b)
{
    const struct hg_mutex *m = *(const struct hg_mutex *const *)a;
    const struct hg_mutex *n = *(const struct hg_mutex *const *)b;
    if (m->contended != n->contended)
        return m->contended > n->contended ? -1 : 1;
    if (m->acquisitions != n->acquisitions)
        return m->acquisitions > n->acquisitions ? -1 : 1;
    return m->id < n->id ? -1 : m->id > n->id;
}

static bool show_mutexes(FILE *out, const struct hg_report *report,
                         size_t limit)
{
    static const struct column columns[] = {
        { "id", ALIGN_RIGHT, 0, 0 },
        { "name", ALIGN_LEFT, 0, FUNCTION_COLUMN_MAX },
        { "acquisitions", ALIGN_RIGHT, 0, 0 },
        { "contended", ALIGN_RIGHT, 0, 0 },
    };
    const struct hg_mutex **rows;
    struct table table;
    size_t n = report->mutex_count, shown = within_limit(n, limit), i;

    if (!report->has_mutexes)
        return true;
    fputs("\nMutexes: ", out);
    print_shown(out, n, shown);
    fputs(", by contended acquisitions\n", out);
    if (n == 0)
        return true;
    rows = malloc(n * sizeof *rows);
    if (rows == NULL)
        return false;
    for (i = 0; i < n; i++)
        rows[i] = &report->mutexes[i];
    qsort(rows, n, sizeof *rows, compare_mutex_order);

    if (!table_create(&table, columns, 4, shown)) {
        free(rows);
        return false;
    }
    for (i = 0; i < shown; i++) {
        table_set_id(&table, i, 0, rows[i]->id);
        table_set(&table, i, 1, rows[i]->name ? rows[i]->name : "-");
        table_set_count(&table, i, 2, rows[i]->acquisitions);
        table_set_count(&table, i, 3, rows[i]->contended);
    }
    free(rows);
    return table_finish(out, &table);
}

/* How many events of each kind, in the order of the format's list. */
static bool show_events(FILE *out, const struct hg_report *report)
{
    static const struct column columns[] = {
        { "events", ALIGN_RIGHT, 0, 0 },
        { "kind", ALIGN_LEFT, 0, 0 },
    };
    struct table table;
    size_t kinds = 0, row = 0, kind;

    if (!report->has_events)
        return true;
    fprintf(out, "\nEvents: %zu, by kind\n", report->event_count);
    for (kind = 0; kind < HG_EVENT_KINDS; kind++)
        kinds += report->events_by_kind[kind] != 0;
    if (kinds == 0)
        return true;
    if (!table_create(&table, columns, 2, kinds))
        return false;
    for (kind = 0; kind < HG_EVENT_KINDS; kind++) {
        if (report->events_by_kind[kind] == 0)
            continue;
        table_set_count(&table, row, 0, report->events_by_kind[kind]);
        table_set(&table, row, 1, hg_event_kind_name(kind));
        row++;
    }
    return table_finish(out, &table);
}

/* ---------------------------------------------------------- the command */

/* The header and the top LIMIT functions by self Ir. */
static bool show_functions(FILE *out, const struct hg_report *report,
                           size_t limit)
{
    static const char percent_title[] = "(%)";
    const size_t percent_width = sizeof "(100.00%)" - 1;
    const struct hg_function **sorted;
    size_t n = report->function_count, shown, i;
    size_t ir_width = strlen("Ir");
    size_t name_width = strlen("function");
    size_t object_width = strlen("object");

    sorted = malloc((n ? n : 1) * sizeof *sorted);
    if (sorted == NULL)
        return false;
    for (i = 0; i < n; i++)
        sorted[i] = &report->functions[i];
    qsort(sorted, n, sizeof *sorted, compare_report_order);
    shown = (limit == 0 || limit > n) ? n : limit;

    print_header(out, report, shown);
    if (shown == 0) {
        fputs("\n(no functions)\n", out);
        free(sorted);
        return true;
    }

    for (i = 0; i < shown; i++) {
        char count[HG_COUNT_TEXT_SIZE];
        hg_format_count(sorted[i]->self_ir, count);
        ir_width = max_size(ir_width, strlen(count));
        name_width = max_size(name_width, min_size(FUNCTION_COLUMN_MAX,
                              display_width(sorted[i]->name)));
        object_width = max_size(object_width, min_size(OBJECT_COLUMN_MAX,
                                display_width(sorted[i]->object)));
    }

    fprintf(out, "\n%*s  %*s  ", (int)ir_width, "Ir",
            (int)percent_width, percent_title);
    print_padded(out, "function", name_width);
    fputs("  ", out);
    print_padded(out, "object", object_width);
    fputs("  file:line\n", out);

    for (i = 0; i < shown; i++) {
        const struct hg_function *function = sorted[i];
        char count[HG_COUNT_TEXT_SIZE];
        char percent[HG_PERCENT_TEXT_SIZE];
        char share[HG_PERCENT_TEXT_SIZE + 2];

        hg_format_percent(function->self_ir, report->total_ir, percent);
        snprintf(share, sizeof share, "(%s)", percent);
        fprintf(out, "%*s  %*s  ", (int)ir_width,
                hg_format_count(function->self_ir, count),
                (int)percent_width, share);
        print_padded(out, function->name, name_width);
        fputs("  ", out);
        print_padded(out, function->object, object_width);
        fputs("  ", out);
        print_location(out, function);
        fputc('\n', out);
    }
    free(sorted);
    return true;
}

bool hg_show_table(FILE *out, const struct hg_report *report, size_t limit)
{
    if (!show_functions(out, report, limit) || !show_marked(out, report)
        || !show_heap(out, report, limit) || !show_threads(out, report)
        || !show_mutexes(out, report, limit))
        return false;
    if (!show_events(out, report))
        return false;
    show_mark_warnings(out, report);
    return true;
}

/* A limit is digits only: "-1" or "5x" is a usage error, not 0 or 5. */
static bool parse_limit(const char *text, size_t *limit)
{
    uint64_t value;
    if (text[0] == '\0' || strspn(text, "0123456789") != strlen(text)
        || !hg_parse_count(text, &value) || value > SIZE_MAX)
        return false;
    *limit = (size_t)value;
    return true;
}

int cmd_show(int argc, char **argv)
{
    const char *path = NULL;
    const char *limit_text = NULL;
    size_t limit = DEFAULT_LIMIT;
    bool options_done = false;
    char problem[HG_PROBLEM_SIZE];
    struct hg_report *report;
    bool printed;
    int i;

    for (i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (options_done || arg[0] != '-' || strcmp(arg, "-") == 0) {
            if (path != NULL)
                return hg_usage_error("show", show_usage,
                                      "one REPORT at a time ('%s' and '%s')",
                                      path, arg);
            path = arg;
        } else if (strcmp(arg, "--") == 0) {
            options_done = true;
        } else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fputs(show_help, stdout);
            return HG_EXIT_OK;
        } else if (strcmp(arg, "--limit") == 0) {
            if (i + 1 >= argc)
                return hg_usage_error("show", show_usage,
                                      "--limit needs a number");
            limit_text = argv[++i];
        } else if (strncmp(arg, "--limit=", 8) == 0) {
            limit_text = arg + 8;
        } else {
            return hg_usage_error("show", show_usage,
                                  "unknown option '%s'", arg);
        }
    }
    if (limit_text != NULL && !parse_limit(limit_text, &limit))
        return hg_usage_error("show", show_usage,
                              "--limit needs a number (0 for all), not '%s'",
                              limit_text);
    if (path == NULL)
        return hg_usage_error("show", show_usage, "no REPORT given");

    report = hg_report_load(path, problem, sizeof problem);
    if (report == NULL) {
        hg_say_problem(path, problem);
        return HG_EXIT_TROUBLE;
    }
    printed = hg_show_table(stdout, report, limit);
    hg_report_free(report);
    if (!printed) {
        hg_say_problem(path, "out of memory");
        return HG_EXIT_TROUBLE;
    }
    return HG_EXIT_OK;
}
