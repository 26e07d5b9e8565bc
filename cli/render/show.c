/* hotgrind show: the `show` table (render/show.h): the header, the top
   functions by self Ir, the marked functions and zones, heap, threads,
   mutexes, thread events and inputs.
   GPL-2.0-or-later; part of hotgrind. */

/* The table follows cg_annotate's function summary, so that people who
   know Cachegrind read it at once.  The output depends only on the report:
   numbers are formatted by hand (no locale) and rows are sorted here with
   the report's own total order, so hand-edited reports print the same way
   every time too.  A part the report does not have prints nothing, so a
   report from an older release shows as it always did. */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "policy/policy.h"
#include "render/show.h"
#include "render/show-table.h"
#include "render/text.h"
#include "report/report.h"
#include "util/number.h"
#include "util/xalloc.h"

const char *hg_show_plural(uint64_t n)
{
    return n == 1 ? "" : "s";
}

/* How many cache columns the report's tables get: the eight counters and
   cycles when the run simulated the cache. */
size_t hg_show_cache_columns(const struct hg_report *report)
{
    if (!report->total_cache.present)
        return 0;
    return report->total_cache.has_cycles ? HG_CACHE_METRICS : HG_CYCLES;
}

/* ----------------------------------------------------- table helpers */

/* The columns of a table whose optional groups (cache, heap) depend on
   the report. */
enum { COLUMNS_MAX = 24 };
struct columns {
    struct hg_column list[COLUMNS_MAX];
    struct hg_column_fit fit[COLUMNS_MAX];
    size_t count;
};

/* How the column added fits a width, to set its part and cut. */
static struct hg_column_fit *add_column(struct columns *columns,
                                        const char *title,
                                        enum hg_align align, size_t max_width)
{
    columns->list[columns->count] =
        (struct hg_column){ title, align, 0, max_width };
    columns->fit[columns->count] = (struct hg_column_fit){ 0, false, false };
    return &columns->fit[columns->count++];
}

/* The parts of a table too wide for the width (hg_table_finish_within):
   the main one, the cache figures and the heap traffic. */
enum { PART_MAIN, PART_CACHE, PART_HEAP };

/* "(12.34%)": PART of WHOLE, as in the functions table. */
void hg_show_set_share(struct hg_table *table, size_t row,
                            size_t column, uint64_t part, uint64_t whole)
{
    char percent[HG_PERCENT_TEXT_SIZE];
    char share[HG_PERCENT_TEXT_SIZE + 2];
    hg_format_percent(part, whole, percent);
    snprintf(share, sizeof share, "(%s)", percent);
    hg_table_set(table, row, column, share);
}

static void add_cache_columns(struct columns *columns, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        add_column(columns, hg_cache_metric_names[i], HG_ALIGN_RIGHT, 0)
            ->part = PART_CACHE;
}

/* N cache cells from COLUMN on; '-' for a figure the row lacks.  Returns
   the next column. */
static size_t set_cache_cells(struct hg_table *table, size_t row,
                              size_t column, const struct hg_cache_costs *cache,
                              size_t n)
{
    size_t i;
    for (i = 0; i < n; i++, column++) {
        if (cache->present && (i != HG_CYCLES || cache->has_cycles))
            hg_table_set_count(table, row, column, cache->value[i]);
        else
            hg_table_set(table, row, column, "-");
    }
    return column;
}

static const char *const heap_titles[] = {
    "allocs", "alloc-bytes", "frees", "free-bytes",
};
enum { HEAP_COLUMNS = sizeof heap_titles / sizeof heap_titles[0] };

static void add_heap_columns(struct columns *columns)
{
    size_t i;
    for (i = 0; i < HEAP_COLUMNS; i++)
        add_column(columns, heap_titles[i], HG_ALIGN_RIGHT, 0)->part =
            PART_HEAP;
}

/* The four heap cells from COLUMN on, '-' each without HEAP.  Returns the
   next column. */
static size_t set_heap_cells(struct hg_table *table, size_t row,
                             size_t column,
                             const struct hg_heap_traffic *heap)
{
    uint64_t values[HEAP_COLUMNS];
    size_t i;
    if (heap != NULL) {
        values[0] = heap->allocs;
        values[1] = heap->alloc_bytes;
        values[2] = heap->frees;
        values[3] = heap->free_bytes;
    }
    for (i = 0; i < HEAP_COLUMNS; i++, column++) {
        if (heap != NULL)
            hg_table_set_count(table, row, column, values[i]);
        else
            hg_table_set(table, row, column, "-");
    }
    return column;
}

/* "file.c:12", or "???" when the file is unknown. */
void hg_show_set_location(struct hg_table *table, size_t row,
                               size_t column, const struct hg_function *f)
{
    char *text;
    if (f->file[0] == '\0') {
        hg_table_set(table, row, column, "???");
        return;
    }
    if (f->line == 0) {
        hg_table_set(table, row, column, f->file);
        return;
    }
    text = hg_xmalloc(strlen(f->file) + 12);
    sprintf(text, "%s:%u", f->file, f->line);
    hg_table_set(table, row, column, text);
    free(text);
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
    const struct hg_cache_costs *cache;
    const struct hg_per_call *per_call;   /* NULL when there were no calls */
    const struct hg_heap_traffic *heap;   /* NULL without heap figures */
    const char *inlined_into;  /* an inlined function's host, else NULL */
};

static const char ZONE_OBJECT[] = "(zone)";

/* A function's name as the tables show it: an inlined function's row
   (--inline=yes) says which function it was inlined into, since its
   file and line are that function's. */
static void table_set_function_name(struct hg_table *table, size_t row,
                                    size_t column, const char *name,
                                    const char *inlined_into)
{
    static const char between[] = " (inlined into ";
    char *text;
    if (inlined_into == NULL) {
        hg_table_set(table, row, column, name);
        return;
    }
    text = hg_xmalloc(strlen(name) + sizeof between + strlen(inlined_into) + 1);
    sprintf(text, "%s%s%s)", name, between, inlined_into);
    hg_table_set(table, row, column, text);
    free(text);
}

/* Object, then file, then line: how rows of the same name are ordered. */
static int compare_place(const char *object_a, const char *file_a,
                         unsigned line_a, const char *object_b,
                         const char *file_b, unsigned line_b)
{
    int c;
    if ((c = strcmp(object_a, object_b)) != 0
        || (c = strcmp(file_a, file_b)) != 0)
        return c;
    return line_a < line_b ? -1 : line_a > line_b;
}

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
    return compare_place(r->object, r->file, r->line, s->object, s->file,
                         s->line);
}

/* The mean, p50, p95, p99 and max cells from COLUMN on ('-' each without
   calls).  Returns the next column. */
static size_t set_per_call_cells(struct hg_table *table, size_t row,
                                 size_t column, const struct hg_per_call *p)
{
    char mean[HG_MEAN_TEXT_SIZE];
    size_t i;
    if (p == NULL) {
        for (i = 0; i < 5; i++)
            hg_table_set(table, row, column + i, "-");
        return column + 5;
    }
    hg_table_set(table, row, column, hg_format_mean(p->mean_units,
                                                    p->mean_hundredths, mean));
    hg_table_set_count(table, row, column + 1, p->p50);
    hg_table_set_count(table, row, column + 2, p->p95);
    hg_table_set_count(table, row, column + 3, p->p99);
    hg_table_set_count(table, row, column + 4, p->max);
    return column + 5;
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
        hg_print_clean(out, mark->pattern);
        if (mark->functions == 0)
            fputs("' matched no function that ran "
                  "(inlined? never called? misspelt?)\n", out);
        else
            fprintf(out, "' matched %" PRIu64 " function%s, never entered\n",
                    mark->functions, hg_show_plural(mark->functions));
    }
}

/* Every marked function and zone of REPORT, into ROWS; returns how many
   are functions. */
static size_t collect_marked_rows(const struct hg_report *report,
                                  struct marked_row *rows, size_t *n)
{
    size_t functions = 0, i;
    for (i = 0; i < report->function_count; i++) {
        const struct hg_function *f = &report->functions[i];
        if (!f->marked)
            continue;
        rows[(*n)++] = (struct marked_row){
            f->name, f->object, f->file, f->line, false, f->calls,
            f->inclusive_ir, &f->inclusive_cache,
            f->has_per_call ? &f->per_call : NULL,
            f->has_inclusive_heap ? &f->inclusive_heap : NULL,
            f->inlined ? f->inlined_into : NULL,
        };
        functions++;
    }
    for (i = 0; i < report->zone_count; i++) {
        const struct hg_zone *z = &report->zones[i];
        rows[(*n)++] = (struct marked_row){
            z->name, ZONE_OBJECT, "", 0, true, z->calls, z->inclusive_ir,
            &z->inclusive_cache, z->has_per_call ? &z->per_call : NULL,
            z->has_inclusive_heap ? &z->inclusive_heap : NULL, NULL,
        };
    }
    return functions;
}

/* COLUMN's width in TABLE before any is narrowed, as render/text.c
   measures it: its title or its widest cell, within its max_width. */
static size_t full_width(const struct hg_table *table, size_t column)
{
    const struct hg_column *c = &table->columns[column];
    size_t width = hg_display_width(c->title), row;
    for (row = 0; row < table->row_count; row++) {
        const char *cell = table->cells[row * table->column_count + column];
        size_t w = hg_display_width(cell ? cell : "");
        if (c->max_width != 0 && w > c->max_width)
            w = c->max_width;
        if (w > width)
            width = w;
    }
    return width;
}

/* Whether hg_table_finish_within, within WIDTH, would cut the names in
   column NAME of TABLE, whose main part (always printed, other parts
   only beside it when they fit whole) has one other text column,
   OBJECT, after it: text columns narrow the widest first, the later of
   equals first, down to HG_CUT_FLOOR; numbers never. */
static bool names_cut(const struct hg_table *table, size_t name,
                      size_t object, size_t width)
{
    size_t line = 0, columns = 0, column;
    size_t n = full_width(table, name), o = full_width(table, object);

    if (width == 0 || n <= HG_CUT_FLOOR)
        return false;
    for (column = 0; column < table->column_count; column++)
        if (table->fit[column].part == 0)
            line += full_width(table, column) + (columns++ > 0 ? 2 : 0);
    /* A wider object narrows until it is one column less than the
       name, before the name gives any. */
    if (o >= n)
        line -= o - (n - 1 > HG_CUT_FLOOR ? n - 1 : HG_CUT_FLOOR);
    return line > width;
}

/* name, calls, inclusive Ir, its cache figures, the per-call columns, the
   heap traffic inside the calls, object.  When the per-call columns, as
   wide as the inclusive Ir, would leave the names too little room (they
   would be cut), they are a table of their own after the main one; the
   cache figures and heap traffic follow as before. */
static void show_marked(FILE *out, const struct hg_report *report,
                        size_t width)
{
    static const char *const part_titles[HG_TABLE_PARTS] = {
        NULL, "Cache figures of the same marked functions and zones:",
        "Heap traffic inside their calls:", NULL,
    };
    static const char *const split_titles[HG_TABLE_PARTS] = {
        NULL, "Per-call Ir of the same marked functions and zones:",
        "Cache figures of the same marked functions and zones:",
        "Heap traffic inside their calls:",
    };
    static const char *const per_call_titles[] = {
        "mean", "p50", "p95", "p99", "max",
    };
    struct columns columns = { .count = 0 };
    struct marked_row *rows;
    struct hg_table table;
    size_t n = 0, functions, cache = hg_show_cache_columns(report), i;
    size_t per_call;
    bool split;

    rows = hg_xmalloc((report->function_count + report->zone_count + 1)
                      * sizeof *rows);
    functions = collect_marked_rows(report, rows, &n);
    if (n == 0) {
        free(rows);
        return;
    }
    qsort(rows, n, sizeof *rows, compare_marked_rows);

    add_column(&columns, "name", HG_ALIGN_LEFT, FUNCTION_COLUMN_MAX)
        ->names_row = true;
    add_column(&columns, "calls", HG_ALIGN_RIGHT, 0);
    add_column(&columns, "inclusive Ir", HG_ALIGN_RIGHT, 0);
    add_cache_columns(&columns, cache);
    per_call = columns.count;
    for (i = 0; i < 5; i++)
        add_column(&columns, per_call_titles[i], HG_ALIGN_RIGHT, 0);
    if (report->has_heap)
        add_heap_columns(&columns);
    add_column(&columns, "object", HG_ALIGN_LEFT, 0)->names_row = true;

    fprintf(out, "\nMarked functions and zones: %zu function%s, %zu zone%s, "
            "by inclusive Ir\n", functions, hg_show_plural(functions),
            report->zone_count, hg_show_plural(report->zone_count));
    hg_table_create(&table, columns.list, columns.count, n);
    table.fit = columns.fit;
    for (i = 0; i < n; i++) {
        size_t column = 3;
        table_set_function_name(&table, i, 0, rows[i].name,
                                rows[i].inlined_into);
        hg_table_set_count(&table, i, 1, rows[i].calls);
        hg_table_set_count(&table, i, 2, rows[i].inclusive_ir);
        column = set_cache_cells(&table, i, column, rows[i].cache, cache);
        column = set_per_call_cells(&table, i, column, rows[i].per_call);
        if (report->has_heap)
            column = set_heap_cells(&table, i, column, rows[i].heap);
        hg_table_set(&table, i, column, rows[i].object);
    }
    free(rows);
    split = names_cut(&table, 0, columns.count - 1, width);
    for (i = 0; split && i < columns.count; i++)
        if (i >= per_call && i < per_call + 5)
            columns.fit[i].part = 1;
        else if (columns.fit[i].part != PART_MAIN)
            columns.fit[i].part++;
    hg_table_finish_within(out, &table, width,
                           split ? split_titles : part_titles);
}

/* ------------------------------------------------------------- tables */

/* "Functions: 4, all shown" or "top 2 shown". */
static void print_shown(FILE *out, size_t count, size_t shown)
{
    if (shown == count)
        fprintf(out, "%zu, all shown", count);
    else
        fprintf(out, "%zu, top %zu shown", count, shown);
}

size_t hg_show_within_limit(size_t count, size_t limit)
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
    return hg_compare_identity(f, g);
}

/* "12 allocations" */
static void print_quantity(FILE *out, uint64_t count, const char *unit)
{
    char text[HG_COUNT_TEXT_SIZE];
    fprintf(out, "%s %s%s", hg_format_count(count, text), unit,
            hg_show_plural(count));
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

/* The heap of the run, then the top LIMIT functions by bytes allocated. */
static void show_heap(FILE *out, const struct hg_report *report,
                      size_t limit, size_t width)
{
    static const struct hg_column columns[] = {
        { "allocs", HG_ALIGN_RIGHT, 0, 0 },
        { "alloc-bytes", HG_ALIGN_RIGHT, 0, 0 },
        { "frees", HG_ALIGN_RIGHT, 0, 0 },
        { "free-bytes", HG_ALIGN_RIGHT, 0, 0 },
        { "function", HG_ALIGN_LEFT, 0, FUNCTION_COLUMN_MAX },
        { "object", HG_ALIGN_LEFT, 0, OBJECT_COLUMN_MAX },
        { "file:line", HG_ALIGN_LEFT, 0, 0 },
    };
    const struct hg_function **rows;
    struct hg_table table;
    size_t n = 0, shown, i;

    rows = hg_xmalloc((report->function_count + 1) * sizeof *rows);
    for (i = 0; i < report->function_count; i++)
        if (report->functions[i].has_heap)
            rows[n++] = &report->functions[i];
    if (!report->has_heap && n == 0) {
        free(rows);
        return;
    }
    if (report->has_heap)
        print_heap_totals(out, &report->heap);
    else
        fputc('\n', out);
    qsort(rows, n, sizeof *rows, compare_heap_order);
    shown = hg_show_within_limit(n, limit);
    fputs("Functions with heap traffic: ", out);
    if (n == 0) {
        fputs("none\n", out);
        free(rows);
        return;
    }
    print_shown(out, n, shown);
    fputs(", by alloc-bytes\n", out);

    /* The end of a path names the file. */
    static const struct hg_column_fit fit[] = {
        { 0, false, false }, { 0, false, false }, { 0, false, false },
        { 0, false, false }, { 0, false, false }, { 0, false, false },
        { 0, false, true },
    };
    hg_table_create(&table, columns, 7, shown);
    table.fit = fit;
    for (i = 0; i < shown; i++) {
        const struct hg_function *f = rows[i];
        hg_table_set_count(&table, i, 0, f->heap.allocs);
        hg_table_set_count(&table, i, 1, f->heap.alloc_bytes);
        hg_table_set_count(&table, i, 2, f->heap.frees);
        hg_table_set_count(&table, i, 3, f->heap.free_bytes);
        table_set_function_name(&table, i, 4, f->name,
                                f->inlined ? f->inlined_into : NULL);
        hg_table_set(&table, i, 5, f->object);
        hg_show_set_location(&table, i, 6, f);
    }
    free(rows);
    hg_table_finish_within(out, &table, width, NULL);
}

/* ------------------------------------------------------------ threads */

static int compare_thread_ids(const void *a, const void *b)
{
    const struct hg_thread *t = *(const struct hg_thread *const *)a;
    const struct hg_thread *u = *(const struct hg_thread *const *)b;
    return t->id < u->id ? -1 : t->id > u->id;
}

/* An id as written in the report; "-" for none (0). */
static void table_set_id(struct hg_table *table, size_t row, size_t column,
                         unsigned id)
{
    char text[16];
    snprintf(text, sizeof text, "%u", id);
    hg_table_set(table, row, column, id == 0 ? "-" : text);
}

/* Every thread by id; the heap columns, and the Ir inside
   synchronisation calls, only when the report has them. */
static void show_threads(FILE *out, const struct hg_report *report,
                         size_t width)
{
    static const struct hg_column base_columns[] = {
        { "id", HG_ALIGN_RIGHT, 0, 0 },
        { "name", HG_ALIGN_LEFT, 0, FUNCTION_COLUMN_MAX },
        { "parent", HG_ALIGN_RIGHT, 0, 0 },
        { "status", HG_ALIGN_LEFT, 0, 0 },
        { "Ir", HG_ALIGN_RIGHT, 0, 0 },
        { PERCENT_TITLE, HG_ALIGN_RIGHT, PERCENT_WIDTH, 0 },
    };
    static const struct hg_column heap_columns[] = {
        { "allocs", HG_ALIGN_RIGHT, 0, 0 },
        { "alloc-bytes", HG_ALIGN_RIGHT, 0, 0 },
    };
    static const struct hg_column sync_column = {
        "sync-Ir", HG_ALIGN_RIGHT, 0, 0
    };
    struct hg_column columns[9];
    const struct hg_thread **rows;
    struct hg_table table;
    size_t n = report->thread_count, i, ncols = 6, heap_at = 0, sync_at = 0;
    bool heap = false, sync = false;

    if (!report->has_threads)
        return;
    fprintf(out, "\nThreads: %zu, by id\n", n);
    if (n == 0)
        return;
    rows = hg_xmalloc(n * sizeof *rows);
    for (i = 0; i < n; i++) {
        rows[i] = &report->threads[i];
        heap = heap || rows[i]->has_heap;
        sync = sync || rows[i]->has_sync_ir;
    }
    qsort(rows, n, sizeof *rows, compare_thread_ids);

    memcpy(columns, base_columns, sizeof base_columns);
    if (heap) {
        heap_at = ncols;
        memcpy(columns + ncols, heap_columns, sizeof heap_columns);
        ncols += 2;
    }
    if (sync) {
        sync_at = ncols;
        columns[ncols++] = sync_column;
    }
    hg_table_create(&table, columns, ncols, n);
    for (i = 0; i < n; i++) {
        const struct hg_thread *t = rows[i];
        table_set_id(&table, i, 0, t->id);
        hg_table_set(&table, i, 1, t->name ? t->name : "-");
        table_set_id(&table, i, 2, t->parent);
        hg_table_set(&table, i, 3,
                  t->status == HG_THREAD_RUNNING ? "running" : "exited");
        hg_table_set_count(&table, i, 4, t->ir);
        hg_show_set_share(&table, i, 5, t->ir, report->total_ir);
        if (heap && t->has_heap) {
            hg_table_set_count(&table, i, heap_at, t->heap.allocs);
            hg_table_set_count(&table, i, heap_at + 1, t->heap.alloc_bytes);
        } else if (heap) {
            hg_table_set(&table, i, heap_at, "-");
            hg_table_set(&table, i, heap_at + 1, "-");
        }
        if (sync && t->has_sync_ir)
            hg_table_set_count(&table, i, sync_at, t->sync_ir);
        else if (sync)
            hg_table_set(&table, i, sync_at, "-");
    }
    free(rows);
    hg_table_finish_within(out, &table, width, NULL);
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

static void show_mutexes(FILE *out, const struct hg_report *report,
                         size_t limit, size_t width)
{
    static const struct hg_column columns[] = {
        { "id", HG_ALIGN_RIGHT, 0, 0 },
        { "name", HG_ALIGN_LEFT, 0, FUNCTION_COLUMN_MAX },
        { "acquisitions", HG_ALIGN_RIGHT, 0, 0 },
        { "contended", HG_ALIGN_RIGHT, 0, 0 },
    };
    const struct hg_mutex **rows;
    struct hg_table table;
    size_t n = report->mutex_count, shown = hg_show_within_limit(n, limit), i;

    if (!report->has_mutexes)
        return;
    fputs("\nMutexes: ", out);
    print_shown(out, n, shown);
    fputs(", by contended acquisitions\n", out);
    if (n == 0)
        return;
    rows = hg_xmalloc(n * sizeof *rows);
    for (i = 0; i < n; i++)
        rows[i] = &report->mutexes[i];
    qsort(rows, n, sizeof *rows, compare_mutex_order);

    hg_table_create(&table, columns, 4, shown);
    for (i = 0; i < shown; i++) {
        table_set_id(&table, i, 0, rows[i]->id);
        hg_table_set(&table, i, 1, rows[i]->name ? rows[i]->name : "-");
        hg_table_set_count(&table, i, 2, rows[i]->acquisitions);
        hg_table_set_count(&table, i, 3, rows[i]->contended);
    }
    free(rows);
    hg_table_finish_within(out, &table, width, NULL);
}

/* How many events of each kind, in the order of the format's list. */
static void show_events(FILE *out, const struct hg_report *report,
                        size_t width)
{
    static const struct hg_column columns[] = {
        { "events", HG_ALIGN_RIGHT, 0, 0 },
        { "kind", HG_ALIGN_LEFT, 0, 0 },
    };
    struct hg_table table;
    size_t kinds = 0, row = 0, kind;

    if (!report->has_events)
        return;
    fprintf(out, "\nEvents: %zu, by kind\n", report->event_count);
    for (kind = 0; kind < HG_EVENT_KINDS; kind++)
        kinds += report->events_by_kind[kind] != 0;
    if (kinds == 0)
        return;
    hg_table_create(&table, columns, 2, kinds);
    for (kind = 0; kind < HG_EVENT_KINDS; kind++) {
        if (report->events_by_kind[kind] == 0)
            continue;
        hg_table_set_count(&table, row, 0, report->events_by_kind[kind]);
        hg_table_set(&table, row, 1, hg_event_kind_name(kind));
        row++;
    }
    hg_table_finish_within(out, &table, width, NULL);
}

/* What the program read from outside (<run><inputs>), in the report's
   order: OS randomness, clocks, the CPU count, and whether each was
   pinned. */
static void show_inputs(FILE *out, const struct hg_report *report,
                        size_t width)
{
    static const struct hg_column columns[] = {
        { "calls", HG_ALIGN_RIGHT, 0, 0 },
        { "bytes", HG_ALIGN_RIGHT, 0, 0 },
        { "kind", HG_ALIGN_LEFT, 0, 0 },
        { "source", HG_ALIGN_LEFT, 0, 0 },
        { "pinned", HG_ALIGN_LEFT, 0, 0 },
        { "function", HG_ALIGN_LEFT, 0, FUNCTION_COLUMN_MAX },
        { "object", HG_ALIGN_LEFT, 0, 0 },
    };
    struct hg_table table;
    size_t i;

    if (report->input_count == 0)
        return;
    fprintf(out, "\nInputs the program read: %zu\n", report->input_count);
    hg_table_create(&table, columns, sizeof columns / sizeof columns[0],
                    report->input_count);
    for (i = 0; i < report->input_count; i++) {
        const struct hg_input *input = &report->inputs[i];
        hg_table_set_count(&table, i, 0, input->calls);
        if (input->has_bytes)
            hg_table_set_count(&table, i, 1, input->bytes);
        else
            hg_table_set(&table, i, 1, "-");
        hg_table_set(&table, i, 2, hg_input_kind_name(input->kind));
        hg_table_set(&table, i, 3, input->source);
        hg_table_set(&table, i, 4, input->pinned ? "pinned" : "not pinned");
        hg_table_set(&table, i, 5, input->function);
        hg_table_set(&table, i, 6, input->object);
    }
    hg_table_finish_within(out, &table, width, NULL);
}

/* ------------------------------------------------------ the whole table */

/* The header and the top LIMIT functions by self Ir: Ir, share, the
   cache figures when the run simulated the cache, function, object,
   file:line. */
static void show_functions(FILE *out, const struct hg_report *report,
                           size_t limit, size_t width)
{
    static const char *const part_titles[HG_TABLE_PARTS] = {
        NULL, "Cache figures of the same functions:", NULL, NULL,
    };
    struct columns columns = { .count = 0 };
    const struct hg_function **sorted;
    struct hg_table table;
    size_t n = report->function_count, cache = hg_show_cache_columns(report);
    size_t shown, i;

    sorted = hg_xmalloc(n * sizeof *sorted);
    for (i = 0; i < n; i++)
        sorted[i] = &report->functions[i];
    qsort(sorted, n, sizeof *sorted, hg_compare_report_order);
    shown = hg_show_within_limit(n, limit);

    hg_show_header(out, report, shown, width);
    if (shown == 0) {
        fputs("\n(no functions)\n", out);
        free(sorted);
        return;
    }

    add_column(&columns, "Ir", HG_ALIGN_RIGHT, 0);
    add_column(&columns, PERCENT_TITLE, HG_ALIGN_RIGHT, 0);
    columns.list[columns.count - 1].min_width = PERCENT_WIDTH;
    add_cache_columns(&columns, cache);
    add_column(&columns, "function", HG_ALIGN_LEFT, FUNCTION_COLUMN_MAX)
        ->names_row = true;
    add_column(&columns, "object", HG_ALIGN_LEFT, OBJECT_COLUMN_MAX)
        ->names_row = true;
    add_column(&columns, "file:line", HG_ALIGN_LEFT, 0)->keep_end = true;
    hg_table_create(&table, columns.list, columns.count, shown);
    table.fit = columns.fit;
    for (i = 0; i < shown; i++) {
        const struct hg_function *f = sorted[i];
        size_t column;
        hg_table_set_count(&table, i, 0, f->self_ir);
        hg_show_set_share(&table, i, 1, f->self_ir, report->total_ir);
        column = set_cache_cells(&table, i, 2, &f->self_cache, cache);
        table_set_function_name(&table, i, column, f->name,
                                f->inlined ? f->inlined_into : NULL);
        hg_table_set(&table, i, column + 1, f->object);
        hg_show_set_location(&table, i, column + 2, f);
    }
    free(sorted);
    hg_table_finish_within(out, &table, width, part_titles);
}

void hg_show_table_within(FILE *out, const struct hg_report *report,
                          size_t limit, size_t width)
{
    show_functions(out, report, limit, width);
    show_marked(out, report, width);
    show_heap(out, report, limit, width);
    show_threads(out, report, width);
    show_mutexes(out, report, limit, width);
    show_events(out, report, width);
    show_inputs(out, report, width);
    show_mark_warnings(out, report);
}

void hg_show_table(FILE *out, const struct hg_report *report, size_t limit)
{
    hg_show_table_within(out, report, limit, 0);
}

