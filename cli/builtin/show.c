/* hotgrind show: everything a report holds, for people: the run and what
   it was given, the top functions by self Ir, its marked functions and
   zones, heap, threads, mutexes and thread events.
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

#include "builtin/builtin.h"
#include "policy/policy.h"
#include "render/show.h"
#include "render/text.h"
#include "report/load.h"
#include "report/report.h"
#include "util/messages.h"
#include "util/number.h"
#include "util/parse-options.h"
#include "util/xalloc.h"

static const char show_usage[] =
    "usage: hotgrind show [--limit N] [--width N | --wide] "
    "[--callers F | --callees F | --tree [--depth N]] REPORT";

static const char show_help[] =
    "usage: hotgrind show [--limit N] [--width N | --wide]\n"
    "                     [--callers F | --callees F | --tree [--depth N]] "
    "REPORT\n"
    "\n"
    "Prints the command of REPORT (with the program a launcher such as\n"
    "hotgrind run names, and the path it ran by) and what measured it; the\n"
    "run details the report records (platform, C library, options,\n"
    "environment, the launcher's settings, cache geometry, cost model,\n"
    "how the program ended: exit status, signal or exec; host); the total\n"
    "instruction count and cache figures; then its functions by self Ir\n"
    "(instructions executed in the function itself), highest first: Ir,\n"
    "share of the total, the cache figures when the cache was simulated\n"
    "(I1mr ... DLmw, cycles), function, object, file:line.\n"
    "\n"
    "Then, if the report has any, all its marked functions (--mark) and zones\n"
    "(HOTGRIND_ZONE_BEGIN) by inclusive Ir, highest first: calls, inclusive\n"
    "Ir and cache figures, the mean, p50, p95, p99 and max of the inclusive\n"
    "Ir of single calls ('-' with no calls), and the heap traffic inside\n"
    "their calls.\n"
    "\n"
    "Then, for the parts the report has: the heap of the whole run\n"
    "(allocations, frees, peak and what was live at exit) and the functions\n"
    "that allocated or freed, by bytes allocated; every thread with its\n"
    "parent, status, Ir, share of the total and allocations; the mutexes, most\n"
    "contended first; the number of thread events of each kind; and the\n"
    "inputs the program read from outside (OS randomness, clocks, the\n"
    "number of CPUs: calls, bytes, how, whether pinned, from which\n"
    "function).  Last, a\n"
    "warning for each mark pattern that matched no function, or whose\n"
    "functions were never entered.\n"
    "\n"
    "  --limit N   show the top N functions, heap functions and mutexes\n"
    "              (default 20; 0 shows all); marked functions, zones and\n"
    "              threads are always all shown\n"
    "  --width N   fit N display columns (default 120; 0: no limit): the\n"
    "              header's lines wrap and values past 40 columns are cut\n"
    "              with '…'; a table too wide shows its cache figures, and\n"
    "              the heap traffic of marked functions, as tables of their\n"
    "              own, and names and paths are cut with '…' to fit\n"
    "  --wide      every column in one table, every value whole, nothing\n"
    "              wrapped (--width 0)\n"
    "\n"
    "With a report made with --call-graph=yes, instead of all that:\n"
    "  --callers F  for each function F matches (a glob over the name, or\n"
    "               OBJ:GLOB as in policies), its self, no-symbol and\n"
    "               inclusive Ir, calls and outside-calls, then its callers\n"
    "               by the inclusive Ir of their calls to it, highest first:\n"
    "               calls, Ir and share of F's inclusive Ir; the entries\n"
    "               with no known caller last\n"
    "  --callees F  the same with the functions F called\n"
    "  --tree       the calling-context tree: every call path from a root,\n"
    "               largest first, with its inclusive Ir, share of the total\n"
    "               and calls; a path with callees below --depth is marked\n"
    "               [...].  A report made with --max-contexts=0 has no\n"
    "               contexts: the tree is then built from the edges (each\n"
    "               call's Ir and calls summed over all paths), a call back\n"
    "               into a function on the path marked [cycle]\n"
    "  --depth N    levels of callees under each root (default 8, at most\n"
    "               1000); the tree stops after 10,000 rows, saying so\n"
    "  (--limit N then limits the callers or callees of each function.)\n";

enum { DEFAULT_LIMIT = 20 };

/* Levels of callees `show --tree` shows under each root, by default and
   at most (the tree is walked by recursion, one level a call). */
enum { DEFAULT_DEPTH = 8, DEPTH_MAX = 1000 };

/* Rows of `show --tree` past which it stops: a function repeats under
   each of its callers, so a tree can grow exponentially with its
   depth. */
enum { TREE_ROWS_MAX = 10000 };

/* The width `show` fits by default, whatever the terminal: the output
   depends only on the report and the options. */
enum { DEFAULT_WIDTH = 120 };

/* Past these widths a long (C++) name overflows its column rather than
   pushing every row to the right. */
enum { FUNCTION_COLUMN_MAX = 50, OBJECT_COLUMN_MAX = 30 };

static const char *plural(uint64_t n)
{
    return n == 1 ? "" : "s";
}

/* ------------------------------------------------------------- header */

/* The header's lines wrapped to fit a width: each is a label ("Env:"),
   then words; a word that would pass the width starts a new line under
   the first word.  With width 0 nothing is wrapped or cut. */
enum { LABEL_WIDTH = sizeof "Launcher:  " - 1 };

/* Past this width a value in the header ("GLIBC_TUNABLES=...") is cut
   with "…", unless the width is 0 (--wide). */
enum { VALUE_MAX = 40 };

struct header_line {
    FILE *out;
    size_t width;        /* 0: no limit */
    size_t used;         /* display columns of the current line */
    bool cut;            /* a value of this line was cut */
};

static void line_begin(struct header_line *line, FILE *out, size_t width,
                       const char *label)
{
    *line = (struct header_line){ out, width, LABEL_WIDTH, false };
    hg_print_padded(out, label, LABEL_WIDTH);
}

/* WORD after a space, or on a new line when it would pass the width
   (the first word of a line never moves). */
static void line_word(struct header_line *line, const char *word)
{
    size_t width = hg_display_width(word);
    if (line->used > LABEL_WIDTH) {
        if (line->width != 0 && line->used + 1 + width > line->width) {
            fprintf(line->out, "\n%*s", LABEL_WIDTH, "");
            line->used = LABEL_WIDTH;
        } else {
            fputc(' ', line->out);
            line->used++;
        }
    }
    hg_print_clean(line->out, word);
    line->used += width;
}

/* The words of TEXT, split at its spaces, each as line_word. */
static void line_words(struct header_line *line, const char *text)
{
    char *copy = hg_xstrdup(text), *word = copy, *space;
    for (;;) {
        if ((space = strchr(word, ' ')) != NULL)
            *space = '\0';
        if (word[0] != '\0')
            line_word(line, word);
        if (space == NULL)
            break;
        word = space + 1;
    }
    free(copy);
}

/* WORD as a shell word would print it (hg_print_shell_word). */
static char *shell_word_text(const char *word)
{
    char *text = NULL;
    size_t size = 0;
    FILE *memory = open_memstream(&text, &size);
    if (memory == NULL)
        hg_out_of_memory();
    hg_print_shell_word(memory, word);
    if (fclose(memory) != 0)
        hg_out_of_memory();
    return text;
}

/* "PREFIXNAME=VALUE" as one shell word, its value cut past VALUE_MAX
   when the line has a width ("…" after the word, outside its quotes). */
static void line_assignment(struct header_line *line, const char *prefix,
                            const char *name, const char *value)
{
    char *shown = line->width != 0 ? hg_cut_to_width(value, VALUE_MAX, false)
                                   : hg_xstrdup(value);
    bool cut = strcmp(shown, value) != 0;
    char *word, *quoted, *text;
    if (cut)     /* the "…" hg_cut_to_width ended it with goes outside */
        shown[strlen(shown) - strlen("…")] = '\0';
    word = hg_xasprintf("%s%s=%s", prefix, name, shown);
    quoted = shell_word_text(word);
    text = hg_xasprintf("%s%s", quoted, cut ? "…" : "");
    line->cut = line->cut || cut;
    line_word(line, text);
    free(text);
    free(quoted);
    free(word);
    free(shown);
}

/* Ends the line; after a cut value, a line saying how to see it. */
static void line_end(struct header_line *line)
{
    fputc('\n', line->out);
    if (line->cut)
        fprintf(line->out, "%*s(values cut with \"…\": hotgrind show --wide "
                "shows them whole)\n", LABEL_WIDTH, "");
}

/* The assignments of LIST (options, environment, settings), PREFIX
   before each name. */
static void line_assignments(struct header_line *line, const char *prefix,
                             const struct hg_option *list, size_t count)
{
    size_t i;
    for (i = 0; i < count; i++)
        line_assignment(line, prefix, list[i].name, list[i].value);
}

/* What the run was given and the machine it saw, each line only when the
   report records it. */
static void print_run_details(FILE *out, const struct hg_report *report,
                              size_t width)
{
    char count[HG_COUNT_TEXT_SIZE];
    struct header_line line;
    size_t i;

    if (report->platform_hwcaps != NULL) {
        fputs("Platform:  ", out);
        hg_print_clean(out, report->platform_hwcaps);
        fputc('\n', out);
    }
    if (report->libc_version != NULL) {
        fputs("Libc:      ", out);
        hg_print_clean(out, report->libc_name ? report->libc_name : "?");
        fputc(' ', out);
        hg_print_clean(out, report->libc_version);
        fputc('\n', out);
    }
    if (report->option_count != 0) {
        line_begin(&line, out, width, "Options:");
        line_assignments(&line, "--", report->options, report->option_count);
        line_end(&line);
    }
    if (report->has_environment) {
        char *sizes = hg_xasprintf("%s variable%s,",
                                   hg_format_count(
                                       report->environment_variables, count),
                                   plural(report->environment_variables));
        line_begin(&line, out, width, "Env:");
        line_word(&line, sizes);
        free(sizes);
        sizes = hg_xasprintf("%s byte%s%s",
                             hg_format_count(report->environment_bytes,
                                             count),
                             plural(report->environment_bytes),
                             report->environment_count ? ";" : "");
        line_word(&line, sizes);
        free(sizes);
        for (i = 0; i < report->environment_count; i++)
            line_assignment(&line, "", report->environment[i].name,
                            report->environment[i].value);
        line_end(&line);
    }
    if (report->launcher != NULL) {
        char *name = hg_xasprintf("%s%s", report->launcher,
                                  report->setting_count ? ";" : "");
        line_begin(&line, out, width, "Launcher:");
        line_word(&line, name);
        free(name);
        line_assignments(&line, "", report->settings, report->setting_count);
        line_end(&line);
    }
    if (report->has_cache_geometry) {
        char *text = hg_xasprintf("I1 %s, D1 %s, LL %s (size,assoc,line%s%s)",
                                  report->cache_i1, report->cache_d1,
                                  report->cache_ll,
                                  report->cache_source ? "; " : "",
                                  report->cache_source ? report->cache_source
                                                       : "");
        line_begin(&line, out, width, "Cache:");
        line_words(&line, text);
        line_end(&line);
        free(text);
    }
    if (report->has_cost_model) {
        char l1[HG_COUNT_TEXT_SIZE], mispredict[HG_COUNT_TEXT_SIZE + 20] = "";
        char *text;
        if (report->has_cost_mispredict) {
            char price[HG_COUNT_TEXT_SIZE];
            snprintf(mispredict, sizeof mispredict, " + %s x (Bcm + Bim)",
                     hg_format_count(report->cost_mispredict, price));
        }
        text = hg_xasprintf("cost model %s version %" PRIu64 ": Ir + %s x "
                            "(I1mr + D1mr + D1mw) + %s x (ILmr + DLmr + "
                            "DLmw)%s", report->cost_model_name,
                            report->cost_model_version,
                            hg_format_count(report->cost_l1_miss, l1),
                            hg_format_count(report->cost_ll_miss, count),
                            mispredict);
        line_begin(&line, out, width, "Cycles:");
        line_words(&line, text);
        line_end(&line);
        free(text);
    }
    if (report->exit.how != HG_ENDED_UNKNOWN) {
        char ended[64];
        hg_describe_exit(&report->exit, ended, sizeof ended);
        fprintf(out, "Exit:      %s\n", ended);
    }
    if (report->merged_reports != 0)
        fprintf(out, "Merged:    the sum of %s runs (hotgrind merge)\n",
                hg_format_count(report->merged_reports, count));
    if (report->has_host) {
        char *ids = hg_xasprintf("pid %u, parent %u, in", report->host_pid,
                                 report->host_ppid);
        char *cwd = shell_word_text(report->host_cwd);
        line_begin(&line, out, width, "Host:");
        line_words(&line, ids);
        /* A path too long for a line of its own keeps its end. */
        if (width > LABEL_WIDTH + HG_CUT_FLOOR
            && LABEL_WIDTH + hg_display_width(cwd) > width) {
            char *end = hg_cut_to_width(cwd, width - LABEL_WIDTH, true);
            free(cwd);
            cwd = end;
            line.cut = true;
        }
        line_word(&line, cwd);
        line_end(&line);
        free(cwd);
        free(ids);
    }
}

/* How many cache columns the report's tables get: the eight counters and
   cycles when the run simulated the cache. */
static size_t cache_columns(const struct hg_report *report)
{
    if (!report->total_cache.present)
        return 0;
    return report->total_cache.has_cycles ? HG_CACHE_METRICS : HG_CYCLES;
}

/* "NAME1 1, NAME2 2, ...": a line of the run's figures under Total. */
static void print_total_figures(FILE *out, size_t width,
                                const char *const *names,
                                const uint64_t *values, size_t n)
{
    char count[HG_COUNT_TEXT_SIZE];
    struct header_line line;
    size_t i;
    if (n == 0)
        return;
    line_begin(&line, out, width, "");
    for (i = 0; i < n; i++) {
        char *figure = hg_xasprintf("%s %s%s", names[i],
                                    hg_format_count(values[i], count),
                                    i + 1 < n ? "," : "");
        line_word(&line, figure);
        free(figure);
    }
    line_end(&line);
}

/* "I1mr 1, ILmr 2, ..., cycles 9", then "Bc 1, Bcm 2, Bi 3, Bim 4": the
   run's cache and branch figures, when simulated. */
static void print_simulated_totals(FILE *out, const struct hg_report *report,
                                   size_t width)
{
    print_total_figures(out, width, hg_cache_metric_names,
                        report->total_cache.value, cache_columns(report));
    print_total_figures(out, width, hg_branch_metric_names,
                        report->total_branch.value,
                        report->total_branch.present ? HG_BRANCH_METRICS : 0);
}

/* The program and its arguments as shell words, then where a launcher
   ran it from. */
static void print_command(FILE *out, const struct hg_report *report,
                          size_t width)
{
    struct header_line line;
    char *word;
    size_t i;

    line_begin(&line, out, width, "Command:");
    word = shell_word_text(hg_report_program(report));
    line_word(&line, word);
    free(word);
    for (i = 0; i < report->arg_count; i++) {
        word = shell_word_text(report->args[i]);
        line_word(&line, word);
        free(word);
    }
    /* The launcher's program was run by another path (/proc/self/fd/3). */
    if (strcmp(hg_report_program(report), report->exe) != 0) {
        char *exe = shell_word_text(report->exe);
        line_word(&line, "(run as");
        word = hg_xasprintf("%s)", exe);
        line_word(&line, word);
        free(word);
        free(exe);
    }
    line_end(&line);
}

static void print_header(FILE *out, const struct hg_report *report,
                         size_t shown, size_t width)
{
    char total[HG_COUNT_TEXT_SIZE];

    print_command(out, report, width);
    fputs("Measured:  ", out);
    hg_print_measured_by(out, report);
    fputc('\n', out);
    print_run_details(out, report, width);
    fprintf(out, "Total:     %s Ir\n",
            hg_format_count(report->total_ir, total));
    print_simulated_totals(out, report, width);
    if (shown == report->function_count)
        fprintf(out, "Functions: %zu, all shown, by self Ir\n", shown);
    else
        fprintf(out, "Functions: %zu, top %zu shown, by self Ir\n",
                report->function_count, shown);
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

static const char PERCENT_TITLE[] = "(%)";
enum { PERCENT_WIDTH = sizeof "(100.00%)" - 1 };

/* "(12.34%)": PART of WHOLE, as in the functions table. */
static void table_set_share(struct hg_table *table, size_t row,
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
static void table_set_location(struct hg_table *table, size_t row,
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
                    mark->functions, plural(mark->functions));
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

/* name, calls, inclusive Ir, its cache figures, the per-call columns, the
   heap traffic inside the calls, object. */
static void show_marked(FILE *out, const struct hg_report *report,
                        size_t width)
{
    static const char *const part_titles[HG_TABLE_PARTS] = {
        NULL, "Cache figures of the same marked functions and zones:",
        "Heap traffic inside their calls:", NULL,
    };
    static const char *const per_call_titles[] = {
        "mean", "p50", "p95", "p99", "max",
    };
    struct columns columns = { .count = 0 };
    struct marked_row *rows;
    struct hg_table table;
    size_t n = 0, functions, cache = cache_columns(report), i;

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
    for (i = 0; i < 5; i++)
        add_column(&columns, per_call_titles[i], HG_ALIGN_RIGHT, 0);
    if (report->has_heap)
        add_heap_columns(&columns);
    add_column(&columns, "object", HG_ALIGN_LEFT, 0)->names_row = true;

    fprintf(out, "\nMarked functions and zones: %zu function%s, %zu zone%s, "
            "by inclusive Ir\n", functions, plural(functions),
            report->zone_count, plural(report->zone_count));
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
    hg_table_finish_within(out, &table, width, part_titles);
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
    return hg_compare_identity(f, g);
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
    shown = within_limit(n, limit);
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
        table_set_location(&table, i, 6, f);
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
        table_set_share(&table, i, 5, t->ir, report->total_ir);
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
    size_t n = report->mutex_count, shown = within_limit(n, limit), i;

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

/* ---------------------------------------------------------- call graph */

/* `show --callers F`, `--callees F` and `--tree` read the call graph of a
   report made with --call-graph=yes (docs/manual.md, "The call graph").
   Rows are sorted by a total order (edge Ir, then calls, descending, then
   the identity), so that the output depends only on the report. */

enum graph_view { VIEW_NONE, VIEW_CALLERS, VIEW_CALLEES, VIEW_TREE };

/* One row of a callers or callees table, or one child in the tree. */
struct edge_row {
    const struct hg_function *function;   /* the caller or the callee */
    const struct hg_call *call;
};

static int compare_edge_rows(const void *a, const void *b)
{
    const struct edge_row *x = a, *y = b;
    if (x->call->ir != y->call->ir)
        return x->call->ir > y->call->ir ? -1 : 1;
    if (x->call->calls != y->call->calls)
        return x->call->calls > y->call->calls ? -1 : 1;
    return hg_compare_identity(x->function, y->function);
}

/* The callers of every function: for function i, the calls naming it are
   callers[first[i]] .. callers[first[i + 1]) (counting sort by callee, so
   linear in functions and calls). */
struct caller_index {
    size_t *first;
    struct edge_row *callers;
};

static void index_callers(const struct hg_report *report,
                          struct caller_index *index)
{
    size_t n = report->function_count, total = 0, i, j;
    size_t *next;

    index->first = hg_xcalloc(n + 1, sizeof *index->first);
    for (i = 0; i < n; i++)
        for (j = 0; j < report->functions[i].callee_count; j++)
            index->first[report->functions[i].callees[j].callee + 1]++;
    for (i = 0; i < n; i++)
        index->first[i + 1] += index->first[i];
    total = index->first[n];
    index->callers = hg_xcalloc(total ? total : 1, sizeof *index->callers);
    next = hg_xmalloc((n ? n : 1) * sizeof *next);
    memcpy(next, index->first, n * sizeof *next);
    for (i = 0; i < n; i++)
        for (j = 0; j < report->functions[i].callee_count; j++) {
            const struct hg_call *call = &report->functions[i].callees[j];
            struct edge_row *row = &index->callers[next[call->callee]++];
            row->function = &report->functions[i];
            row->call = call;
        }
    free(next);
}

/* The function's own line: self, no-symbol and inclusive Ir, its share of
   the total, calls and outside-calls. */
static void show_function_line(FILE *out, const struct hg_report *report,
                               const struct hg_function *f, size_t width)
{
    static const struct hg_column columns[] = {
        { "self Ir", HG_ALIGN_RIGHT, 0, 0 },
        { "no-symbol Ir", HG_ALIGN_RIGHT, 0, 0 },
        { "inclusive Ir", HG_ALIGN_RIGHT, 0, 0 },
        { PERCENT_TITLE, HG_ALIGN_RIGHT, PERCENT_WIDTH, 0 },
        { "calls", HG_ALIGN_RIGHT, 0, 0 },
        { "outside-calls", HG_ALIGN_RIGHT, 0, 0 },
        { "function", HG_ALIGN_LEFT, 0, FUNCTION_COLUMN_MAX },
        { "object", HG_ALIGN_LEFT, 0, OBJECT_COLUMN_MAX },
        { "file:line", HG_ALIGN_LEFT, 0, 0 },
    };
    static const struct hg_column_fit fit[] = {
        { 0, false, false }, { 0, false, false }, { 0, false, false },
        { 0, false, false }, { 0, false, false }, { 0, false, false },
        { 0, true, false }, { 0, true, false }, { 0, false, true },
    };
    struct hg_table table;

    hg_table_create(&table, columns, 9, 1);
    table.fit = fit;
    hg_table_set_count(&table, 0, 0, f->self_ir);
    hg_table_set_count(&table, 0, 1, f->no_symbol_ir);
    hg_table_set_count(&table, 0, 2, f->inclusive_ir);
    table_set_share(&table, 0, 3, f->inclusive_ir, report->total_ir);
    hg_table_set_count(&table, 0, 4, f->calls);
    hg_table_set_count(&table, 0, 5, f->outside_calls);
    hg_table_set(&table, 0, 6, f->name);
    if (f->recursive) {
        char *name = hg_xmalloc(strlen(f->name) + sizeof " (recursive)");
        sprintf(name, "%s (recursive)", f->name);
        hg_table_set(&table, 0, 6, name);
        free(name);
    }
    hg_table_set(&table, 0, 7, f->object);
    table_set_location(&table, 0, 8, f);
    hg_table_finish_within(out, &table, width, NULL);
}

/* The callers (or callees) of F as a table: calls, the edge's inclusive
   Ir and its share of F's inclusive Ir, the other function; for callers,
   a last row for the entries with no known caller.  At most LIMIT rows
   (0: all), then how many more. */
static void show_edges(FILE *out, const struct hg_report *report,
                       const struct caller_index *index,
                       const struct hg_function *f, bool callers,
                       size_t limit, size_t width)
{
    static const struct hg_column columns[] = {
        { "calls", HG_ALIGN_RIGHT, 0, 0 },
        { "Ir", HG_ALIGN_RIGHT, 0, 0 },
        { PERCENT_TITLE, HG_ALIGN_RIGHT, PERCENT_WIDTH, 0 },
        { NULL, HG_ALIGN_LEFT, 0, FUNCTION_COLUMN_MAX },
        { "object", HG_ALIGN_LEFT, 0, OBJECT_COLUMN_MAX },
        { "file:line", HG_ALIGN_LEFT, 0, 0 },
    };
    static const struct hg_column_fit fit[] = {
        { 0, false, false }, { 0, false, false }, { 0, false, false },
        { 0, true, false }, { 0, true, false }, { 0, false, true },
    };
    struct hg_column titled[6];
    size_t i = (size_t)(f - report->functions), count, shown, row;
    struct edge_row *rows;
    bool outside = callers && f->outside_calls > 0;
    struct hg_table table;

    if (callers) {
        count = index->first[i + 1] - index->first[i];
        rows = hg_xmalloc((count ? count : 1) * sizeof *rows);
        memcpy(rows, index->callers + index->first[i], count * sizeof *rows);
    } else {
        count = f->callee_count;
        rows = hg_xmalloc((count ? count : 1) * sizeof *rows);
        for (row = 0; row < count; row++) {
            rows[row].function = &report->functions[f->callees[row].callee];
            rows[row].call = &f->callees[row];
        }
    }
    qsort(rows, count, sizeof *rows, compare_edge_rows);
    shown = within_limit(count, limit);
    fprintf(out, "\n%s of ", callers ? "Callers" : "Callees");
    hg_print_clean(out, f->name);   /* debug information: anything */
    fputc(':', out);
    if (count == 0 && !outside) {
        fprintf(out, " none\n");
        free(rows);
        return;
    }
    fputc('\n', out);
    memcpy(titled, columns, sizeof titled);
    titled[3].title = callers ? "caller" : "callee";
    hg_table_create(&table, titled, 6, shown + outside);
    table.fit = fit;
    for (row = 0; row < shown; row++) {
        hg_table_set_count(&table, row, 0, rows[row].call->calls);
        hg_table_set_count(&table, row, 1, rows[row].call->ir);
        table_set_share(&table, row, 2, rows[row].call->ir, f->inclusive_ir);
        hg_table_set(&table, row, 3, rows[row].function->name);
        hg_table_set(&table, row, 4, rows[row].function->object);
        table_set_location(&table, row, 5, rows[row].function);
    }
    if (outside) {
        hg_table_set_count(&table, shown, 0, f->outside_calls);
        hg_table_set(&table, shown, 1, "-");
        hg_table_set(&table, shown, 3, "(no known caller)");
    }
    hg_table_finish_within(out, &table, width, NULL);
    if (shown < count)
        fprintf(out, "(%zu more %s not shown: --limit 0 shows all)\n",
                count - shown, callers ? "callers" : "callees");
    free(rows);
}

/* Every function PATTERN matches, in the report's order: its own line,
   then its callers or callees.  False (after one line on stderr) when
   PATTERN matches none. */
static bool show_neighbours(FILE *out, const char *path,
                            const struct hg_report *report,
                            const char *pattern, bool callers, size_t limit,
                            size_t width)
{
    struct caller_index index = { NULL, NULL };
    const struct hg_function **sorted;
    size_t n = report->function_count, i, matched = 0;
    char shown[64], problem[HG_PROBLEM_SIZE];

    sorted = hg_xmalloc((n ? n : 1) * sizeof *sorted);
    for (i = 0; i < n; i++)
        if (hg_function_pattern_matches(report, pattern, &report->functions[i]))
            sorted[matched++] = &report->functions[i];
    if (matched == 0) {
        hg_quote_for_message(shown, sizeof shown, pattern);
        snprintf(problem, sizeof problem, "no function matches '%s'", shown);
        hg_say_problem(path, problem);
        free(sorted);
        return false;
    }
    qsort(sorted, matched, sizeof *sorted, hg_compare_report_order);
    if (callers)
        index_callers(report, &index);
    for (i = 0; i < matched; i++) {
        if (i > 0)
            fputc('\n', out);
        show_function_line(out, report, sorted[i], width);
        show_edges(out, report, &index, sorted[i], callers, limit, width);
    }
    free(index.first);
    free(index.callers);
    free(sorted);
    return true;
}

/* The tree: one row per node, indented by its depth. */
struct tree {
    const struct hg_report *report;
    struct hg_table table;
    size_t rows, capacity;
    size_t depth_max, limit;
    const struct hg_function **path;   /* the node's ancestors */
    bool cut;                          /* TREE_ROWS_MAX reached */
};

static const struct hg_column tree_columns[] = {
    { "Ir", HG_ALIGN_RIGHT, 0, 0 },
    { PERCENT_TITLE, HG_ALIGN_RIGHT, PERCENT_WIDTH, 0 },
    { "calls", HG_ALIGN_RIGHT, 0, 0 },
    { "function", HG_ALIGN_LEFT, 0, 0 },
};
static const struct hg_column_fit tree_fit[] = {
    { 0, false, false }, { 0, false, false }, { 0, false, false },
    { 0, true, false },
};

/* A row: IR, its share of the total, CALLS, and the function's name and
   object after two spaces per DEPTH and PREFIX, then MARK. */
static void tree_row_prefixed(struct tree *tree, size_t depth, uint64_t ir,
                              uint64_t calls, const char *prefix,
                              const struct hg_function *f, const char *mark)
{
    size_t row = tree->rows;
    char *text;

    if (row == TREE_ROWS_MAX) {
        tree->cut = true;
        return;
    }
    tree->rows++;
    if (tree->rows > tree->capacity) {
        size_t cells = tree->table.column_count;
        tree->capacity *= 2;
        tree->table.cells = hg_xrealloc(tree->table.cells,
                                        tree->capacity * cells,
                                        sizeof *tree->table.cells);
        memset(tree->table.cells + row * cells, 0,
               (tree->capacity - row) * cells * sizeof *tree->table.cells);
        tree->table.row_count = tree->capacity;
    }
    hg_table_set_count(&tree->table, row, 0, ir);
    table_set_share(&tree->table, row, 1, ir, tree->report->total_ir);
    hg_table_set_count(&tree->table, row, 2, calls);
    text = hg_xmalloc(2 * depth + strlen(prefix) + strlen(f->name)
                      + strlen(f->object) + strlen(mark) + 8);
    sprintf(text, "%*s%s%s (%s)%s", (int)(2 * depth), "", prefix, f->name,
            f->object, mark);
    hg_table_set(&tree->table, row, 3, text);
    free(text);
}

static void tree_row(struct tree *tree, size_t depth, uint64_t ir,
                     uint64_t calls, const struct hg_function *f,
                     const char *mark)
{
    tree_row_prefixed(tree, depth, ir, calls, "", f, mark);
}

/* The callees of F at DEPTH (F is path[DEPTH - 1]), largest edge first;
   a callee on the path is a cycle, shown and not followed. */
static void tree_children(struct tree *tree, const struct hg_function *f,
                          size_t depth)
{
    const struct hg_report *report = tree->report;
    size_t count = f->callee_count, shown, i, a;
    struct edge_row *rows;

    if (count == 0)
        return;
    rows = hg_xmalloc(count * sizeof *rows);
    for (i = 0; i < count; i++) {
        rows[i].function = &report->functions[f->callees[i].callee];
        rows[i].call = &f->callees[i];
    }
    qsort(rows, count, sizeof *rows, compare_edge_rows);
    shown = within_limit(count, tree->limit);
    for (i = 0; i < shown && !tree->cut; i++) {
        const struct hg_function *g = rows[i].function;
        bool cycle = false;
        for (a = 0; a < depth && !cycle; a++)
            cycle = tree->path[a] == g;
        tree_row(tree, depth, rows[i].call->ir, rows[i].call->calls, g,
                 cycle ? "  [cycle]"
                 : depth == tree->depth_max && g->callee_count > 0
                 ? "  [...]" : "");
        if (!cycle && depth < tree->depth_max) {
            tree->path[depth] = g;
            tree_children(tree, g, depth + 1);
        }
    }
    if (shown < count && !tree->cut) {
        /* The rest in one row: their calls and Ir summed. */
        uint64_t ir = 0, calls = 0;
        char more[64];
        size_t row;
        for (i = shown; i < count; i++) {
            ir += rows[i].call->ir;
            calls += rows[i].call->calls;
        }
        tree_row(tree, depth, ir, calls, rows[shown].function, "");
        row = tree->rows - 1;
        snprintf(more, sizeof more, "%*s(%zu more)", (int)(2 * depth), "",
                 count - shown);
        if (!tree->cut)
            hg_table_set(&tree->table, row, 3, more);
    }
    free(rows);
}

static int compare_roots(const void *a, const void *b)
{
    const struct hg_function *f = *(const struct hg_function *const *)a;
    const struct hg_function *g = *(const struct hg_function *const *)b;
    if (f->inclusive_ir != g->inclusive_ir)
        return f->inclusive_ir > g->inclusive_ir ? -1 : 1;
    return hg_compare_identity(f, g);
}

/* The functions entered from outside any known caller, by inclusive Ir,
   each with its callees down to DEPTH_MAX levels. */
static void show_tree(FILE *out, const struct hg_report *report,
                      size_t depth_max, size_t limit, size_t width)
{
    struct tree tree;
    const struct hg_function **roots;
    size_t n = report->function_count, count = 0, i;

    roots = hg_xmalloc((n ? n : 1) * sizeof *roots);
    for (i = 0; i < n; i++)
        if (report->functions[i].outside_calls > 0)
            roots[count++] = &report->functions[i];
    qsort(roots, count, sizeof *roots, compare_roots);
    fprintf(out, "Call tree from the functions entered with no known caller "
            "(depth %zu; Ir and calls of each call, share of the total "
            "Ir):\n", depth_max);
    if (count == 0) {
        fputs("\n(no function was entered with no known caller)\n", out);
        free(roots);
        return;
    }
    memset(&tree, 0, sizeof tree);
    tree.report = report;
    tree.depth_max = depth_max;
    tree.limit = limit;
    tree.capacity = 64;
    tree.path = hg_xmalloc((depth_max + 1) * sizeof *tree.path);
    hg_table_create(&tree.table, tree_columns, 4, tree.capacity);
    tree.table.fit = tree_fit;
    for (i = 0; i < count && !tree.cut; i++) {
        tree_row(&tree, 0, roots[i]->inclusive_ir, roots[i]->outside_calls,
                 roots[i], depth_max == 0 && roots[i]->callee_count > 0
                 ? "  [...]" : "");
        tree.path[0] = roots[i];
        if (depth_max > 0)
            tree_children(&tree, roots[i], 1);
    }
    tree.table.row_count = tree.rows;
    hg_table_finish_within(out, &tree.table, width, NULL);
    if (tree.cut)
        fprintf(out, "(cut at %d rows: a smaller --depth or --limit shows "
                "the whole tree)\n", TREE_ROWS_MAX);
    free(tree.path);
    free(roots);
}

/* With contexts the tree is the calling-context tree itself: each row is
   one call path, with the inclusive Ir and calls of exactly that path,
   so a function shows under each caller only what it cost there (the
   edge tree above can only repeat a function's callees under every
   path). */
struct context_tree {
    struct tree tree;
    size_t *first_child;     /* per context: its children in child[] */
    size_t *child_count;
    size_t *child;           /* every context's index, grouped by parent */
};

/* Largest inclusive Ir first; the report's order between equals. */
static const struct hg_report *sort_contexts_report;
static int compare_context_rows(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    const struct hg_context *cx = &sort_contexts_report->contexts[x];
    const struct hg_context *cy = &sort_contexts_report->contexts[y];
    if (cx->inclusive_ir != cy->inclusive_ir)
        return cx->inclusive_ir > cy->inclusive_ir ? -1 : 1;
    return x < y ? -1 : x > y;
}

static void context_tree_row(struct context_tree *ct, size_t depth,
                             size_t index)
{
    const struct hg_report *report = ct->tree.report;
    const struct hg_context *c = &report->contexts[index];
    const char *mark = depth == ct->tree.depth_max && ct->child_count[index]
                       ? "  [...]" : "";
    /* A truncated root's path above it is unknown. */
    tree_row_prefixed(&ct->tree, depth, c->inclusive_ir, c->calls,
                      c->truncated ? "[truncated] " : "",
                      &report->functions[c->function], mark);
}

/* The COUNT contexts in LIST (siblings, at DEPTH), largest first, each
   followed by its own children. */
static void context_tree_level(struct context_tree *ct, size_t *list,
                               size_t count, size_t depth)
{
    const struct hg_report *report = ct->tree.report;
    size_t shown = within_limit(count, ct->tree.limit), i;

    sort_contexts_report = report;
    qsort(list, count, sizeof *list, compare_context_rows);
    for (i = 0; i < shown && !ct->tree.cut; i++) {
        context_tree_row(ct, depth, list[i]);
        if (depth < ct->tree.depth_max)
            context_tree_level(ct, ct->child + ct->first_child[list[i]],
                               ct->child_count[list[i]], depth + 1);
    }
    if (shown < count && !ct->tree.cut) {
        uint64_t ir = 0, calls = 0;
        char more[64];
        for (i = shown; i < count; i++) {
            ir += report->contexts[list[i]].inclusive_ir;
            calls += report->contexts[list[i]].calls;
        }
        tree_row(&ct->tree, depth, ir, calls,
                 &report->functions[report->contexts[list[shown]].function],
                 "");
        snprintf(more, sizeof more, "%*s(%zu more)", (int)(2 * depth), "",
                 count - shown);
        if (!ct->tree.cut)
            hg_table_set(&ct->tree.table, ct->tree.rows - 1, 3, more);
    }
}

static void show_context_tree(FILE *out, const struct hg_report *report,
                              size_t depth_max, size_t limit, size_t width)
{
    struct context_tree ct;
    size_t n = report->context_count, i, roots = 0, *next;

    memset(&ct, 0, sizeof ct);
    ct.first_child = hg_xcalloc(n + 1, sizeof *ct.first_child);
    ct.child_count = hg_xcalloc(n + 1, sizeof *ct.child_count);
    ct.child = hg_xmalloc((n ? n : 1) * sizeof *ct.child);
    next = hg_xcalloc(n + 1, sizeof *next);
    /* Slot n holds the roots. */
    for (i = 0; i < n; i++) {
        size_t p = report->contexts[i].parent;
        ct.child_count[p == HG_NO_PARENT ? n : p]++;
    }
    for (i = 1; i <= n; i++)
        ct.first_child[i] = ct.first_child[i - 1] + ct.child_count[i - 1];
    for (i = 0; i < n; i++) {
        size_t p = report->contexts[i].parent, slot = p == HG_NO_PARENT ? n : p;
        ct.child[ct.first_child[slot] + next[slot]++] = i;
    }
    roots = ct.child_count[n];

    fprintf(out, "Calling-context tree (depth %zu; inclusive Ir and calls of "
            "each call path, share of the total Ir):\n", depth_max);
    if (report->outside_ir > 0)
        fprintf(out, "(%" PRIu64 " Ir ran with no function entered on its "
                "thread: [outside])\n", report->outside_ir);
    if (report->contexts_truncated)
        fprintf(out, "(the tree was cut at --max-contexts=%" PRIu64 ": calls "
                "that needed a new context are under [truncated] roots)\n",
                report->context_max);
    ct.tree.report = report;
    ct.tree.depth_max = depth_max;
    ct.tree.limit = limit;
    ct.tree.capacity = 64;
    hg_table_create(&ct.tree.table, tree_columns, 4, ct.tree.capacity);
    ct.tree.table.fit = tree_fit;
    if (roots > 0)
        context_tree_level(&ct, ct.child + ct.first_child[n], roots, 0);
    ct.tree.table.row_count = ct.tree.rows;
    hg_table_finish_within(out, &ct.tree.table, width, NULL);
    if (ct.tree.cut)
        fprintf(out, "(cut at %d rows: a smaller --depth or --limit shows "
                "the whole tree)\n", TREE_ROWS_MAX);
    free(next);
    free(ct.child);
    free(ct.child_count);
    free(ct.first_child);
}

/* ---------------------------------------------------------- the command */

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
    size_t n = report->function_count, cache = cache_columns(report);
    size_t shown, i;

    sorted = hg_xmalloc(n * sizeof *sorted);
    for (i = 0; i < n; i++)
        sorted[i] = &report->functions[i];
    qsort(sorted, n, sizeof *sorted, hg_compare_report_order);
    shown = within_limit(n, limit);

    print_header(out, report, shown, width);
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
        table_set_share(&table, i, 1, f->self_ir, report->total_ir);
        column = set_cache_cells(&table, i, 2, &f->self_cache, cache);
        table_set_function_name(&table, i, column, f->name,
                                f->inlined ? f->inlined_into : NULL);
        hg_table_set(&table, i, column + 1, f->object);
        table_set_location(&table, i, column + 2, f);
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

int cmd_show(int argc, char **argv)
{
    const char *path, *limit_text = NULL, *width_text = NULL;
    const char *callers = NULL, *callees = NULL, *depth_text = NULL;
    bool wide = false, tree = false;
    const struct hg_command_line line = {
        .command = "show", .usage = show_usage, .help = show_help,
        .options = {
            { .name = "--limit", .value = &limit_text },
            { .name = "--width", .value = &width_text },
            { .name = "--wide", .flag = &wide },
            { .name = "--callers", .value = &callers },
            { .name = "--callees", .value = &callees },
            { .name = "--tree", .flag = &tree },
            { .name = "--depth", .value = &depth_text },
        },
    };
    size_t limit = DEFAULT_LIMIT, width = DEFAULT_WIDTH, depth = DEFAULT_DEPTH;
    enum graph_view view;
    struct hg_report *report;
    int status;

    status = hg_parse_one_report(&line, argc, argv, &path);
    if (status != -1)
        return status;
    if (limit_text != NULL && !hg_parse_limit(limit_text, &limit))
        return hg_usage_error("show", show_usage,
                              "--limit needs a number (0 for all), not '%s'",
                              limit_text);
    if (width_text != NULL && wide)
        return hg_usage_error("show", show_usage, "--width and --wide "
                              "together; give one (--wide is --width 0)");
    if (width_text != NULL && !hg_parse_limit(width_text, &width))
        return hg_usage_error("show", show_usage,
                              "--width needs a number of columns (0 for no "
                              "limit), not '%s'", width_text);
    if (wide)
        width = 0;
    if ((callers != NULL) + (callees != NULL) + tree > 1)
        return hg_usage_error("show", show_usage, "--callers, --callees and "
                              "--tree together; give one");
    view = callers ? VIEW_CALLERS : callees ? VIEW_CALLEES
           : tree ? VIEW_TREE : VIEW_NONE;
    if (depth_text != NULL && !tree)
        return hg_usage_error("show", show_usage, "--depth goes with "
                              "--tree");
    if (depth_text != NULL
        && (!hg_parse_limit(depth_text, &depth) || depth > DEPTH_MAX))
        return hg_usage_error("show", show_usage, "--depth needs a number "
                              "of levels from 0 to %d, not '%s'", DEPTH_MAX,
                              depth_text);
    if (path == NULL)
        return hg_usage_error("show", show_usage, "no REPORT given");

    if ((report = hg_load_report(path)) == NULL)
        return HG_EXIT_TROUBLE;
    status = HG_EXIT_OK;
    if (view != VIEW_NONE && !report->has_call_graph) {
        hg_say_problem(path, "has no call graph (it was not made with "
                       "--call-graph=yes), so it has no callers, callees "
                       "or tree to show");
        status = HG_EXIT_TROUBLE;
    } else if (view == VIEW_TREE && report->has_contexts) {
        show_context_tree(stdout, report, depth, limit, width);
    } else if (view == VIEW_TREE) {
        show_tree(stdout, report, depth, limit, width);
    } else if (view != VIEW_NONE) {
        if (!show_neighbours(stdout, path, report, callers ? callers : callees,
                             view == VIEW_CALLERS, limit, width))
            status = HG_EXIT_TROUBLE;
    } else
        hg_show_table_within(stdout, report, limit, width);
    hg_report_free(report);
    return status;
}
