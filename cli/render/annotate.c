/* hotgrind annotate's output: a report's functions line by line, in
   their source when it can be found.  GPL-2.0-or-later; part of hotgrind. */

/* The layout is cg_annotate's "Auto-annotated source" view, so that
   Cachegrind's users read it at once: counts beside each source line, '.'
   where a line has none, the lines with a count shown with --context lines
   around them, and "-- line N ----" where lines are skipped (the first and
   the last line of each run shown).  Unlike cg_annotate it goes function
   by function and gives each line's share of the function's self Ir.
   The rows stream between source lines and skip marks, each function's
   columns as wide as its own widest count, so it is written row by row
   here rather than through render/text.h's whole-table printer.  The
   output depends only on the report, the options and the source files. */

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "compare/source.h"
#include "render/annotate.h"
#include "render/text.h"
#include "report/metrics.h"
#include "report/report.h"
#include "util/number.h"
#include "util/xalloc.h"

/* The rule between functions, as wide as cg_annotate's. */
static const char rule[] =
    "--------------------------------------------------------------------"
    "------------";

/* The marker of a skip, cg_annotate's. */
static const char skip_dashes[] = "----------------------------------------";

/* ------------------------------------------------------------ events */

/* Room for Ir, the cache figures and cycles, and the branch figures. */
#define EVENTS_MAX (1 + HG_CACHE_METRICS + HG_BRANCH_METRICS)

/* The events a report has per line: Ir first, then the cache and branch
   figures when its lines have them, in the metric table's order. */
struct events {
    const struct hg_metric *list[EVENTS_MAX];
    size_t count;
};

static void report_events(const struct hg_report *report,
                          struct events *events)
{
    const struct hg_line *probe = NULL;
    const struct hg_metric *metrics;
    size_t metric_count, m, i;
    uint64_t value;

    for (i = 0; i < report->function_count && probe == NULL; i++)
        if (report->functions[i].line_count > 0)
            probe = &report->functions[i].lines[0];
    metrics = hg_metrics(&metric_count);
    events->count = 0;
    for (m = 0; m < metric_count && probe != NULL; m++)
        if (events->count < EVENTS_MAX
            && hg_line_metric_value(&metrics[m], probe, &value))
            events->list[events->count++] = &metrics[m];
}

static bool is_ir(const struct hg_metric *event)
{
    return strcmp(event->name, "Ir") == 0;
}

/* EVENT's count on LINE (0 when the line lacks it). */
static uint64_t event_value(const struct hg_metric *event,
                            const struct hg_line *line)
{
    uint64_t value = 0;
    hg_line_metric_value(event, line, &value);
    return value;
}

/* ----------------------------------------------------------- columns */

/* Width of the share after the Ir count: "( 4.49%)"; 100% overflows it,
   as in cg_annotate. */
enum { SHARE_WIDTH = 6 };

/* How one function's counts are laid out: each event's column as wide as
   its widest count or its name. */
struct layout {
    const struct events *events;
    size_t width[EVENTS_MAX];
    uint64_t self_ir;
};

static void layout_function(struct layout *layout,
                            const struct events *events,
                            const struct hg_function *f)
{
    char text[HG_COUNT_TEXT_SIZE];
    size_t e, i;
    layout->events = events;
    layout->self_ir = f->self_ir;
    for (e = 0; e < events->count; e++) {
        layout->width[e] = strlen(events->list[e]->name);
        for (i = 0; i < f->line_count; i++) {
            size_t n = strlen(hg_format_count(
                event_value(events->list[e], &f->lines[i]), text));
            if (n > layout->width[e])
                layout->width[e] = n;
        }
    }
}

/* Room for the counts of a row: every event's count and the share. */
#define COUNTS_SIZE (EVENTS_MAX * (HG_COUNT_TEXT_SIZE + 1) \
                     + HG_PERCENT_TEXT_SIZE + 4)

/* Appends to ROW (USED bytes of COUNTS_SIZE) like printf. */
static size_t append(char *row, size_t used, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

static size_t append(char *row, size_t used, const char *format, ...)
{
    va_list args;
    int n;
    va_start(args, format);
    n = vsnprintf(row + used, COUNTS_SIZE - used, format, args);
    va_end(args);
    used += n > 0 ? (size_t)n : 0;
    return used < COUNTS_SIZE ? used : COUNTS_SIZE - 1;
}

/* The counts of LINE (NULL: '.' in each column) into ROW. */
static void format_counts(char row[COUNTS_SIZE], const struct layout *layout,
                          const struct hg_line *line)
{
    char count[HG_COUNT_TEXT_SIZE], share[HG_PERCENT_TEXT_SIZE];
    size_t e, used = 0;
    row[0] = '\0';
    for (e = 0; e < layout->events->count; e++) {
        const struct hg_metric *event = layout->events->list[e];
        used = append(row, used, "%s%*s", e > 0 ? " " : "",
                      (int)layout->width[e],
                      line ? hg_format_count(event_value(event, line), count)
                           : ".");
        if (!is_ir(event))
            continue;
        if (line != NULL)
            used = append(row, used, " (%*s)", SHARE_WIDTH,
                          hg_format_percent(line->ir, layout->self_ir,
                                            share));
        else
            used = append(row, used, " %*s", SHARE_WIDTH + 2, "");
    }
}

/* LINE's counts, then TEXT. */
static void print_row(FILE *out, const struct layout *layout,
                      const struct hg_line *line, const char *text)
{
    char row[COUNTS_SIZE];
    format_counts(row, layout, line);
    hg_print_annotated(out, row, text);
}

/* The events' names over their columns. */
static void print_titles(FILE *out, const struct layout *layout)
{
    char row[COUNTS_SIZE];
    size_t e, used = 0;
    row[0] = '\0';
    for (e = 0; e < layout->events->count; e++) {
        size_t width = layout->width[e];
        if (is_ir(layout->events->list[e]))
            width += 1 + SHARE_WIDTH + 2;
        used = append(row, used, "%s%-*s", e > 0 ? " " : "", (int)width,
                      layout->events->list[e]->name);
    }
    hg_print_annotated(out, row, "");
}

/* ------------------------------------------------------ one function */

/* The lines of one source file (and dir) of a function, by line. */
struct file_lines {
    const struct hg_line *const *lines;
    size_t count;
};

/* A count row without the source text: "line N" (or "no line"). */
static void print_numbered(FILE *out, const struct layout *layout,
                           const struct hg_line *line)
{
    char text[sizeof "line 4294967295"];
    if (line->line == 0)
        snprintf(text, sizeof text, "(no line)");
    else
        snprintf(text, sizeof text, "line %u", line->line);
    print_row(out, layout, line, text);
}

static void print_skip(FILE *out, size_t line)
{
    fprintf(out, "-- line %zu %s\n", line, skip_dashes);
}

/* FILE's lines in SOURCE: each run of lines within CONTEXT of a line with
   a count, the skips marked; a line numbered past the end of the file
   after them, by number. */
static void print_in_source(FILE *out, const struct layout *layout,
                            const struct file_lines *file,
                            const struct hg_source *source, size_t context)
{
    size_t i = 0;

    /* Lines the debug info could not place print first, by number. */
    while (i < file->count && file->lines[i]->line == 0)
        print_numbered(out, layout, file->lines[i++]);
    while (i < file->count && file->lines[i]->line <= source->count) {
        size_t first = file->lines[i]->line, last, n, j = i;
        first = first > context ? first - context : 1;
        /* The run goes on while the next counted line's context touches
           it. */
        last = file->lines[j]->line + context;
        while (j + 1 < file->count && file->lines[j + 1]->line <= source->count
               && file->lines[j + 1]->line <= last + context + 1)
            last = file->lines[++j]->line + context;
        if (last > source->count)
            last = source->count;
        if (first > 1)
            print_skip(out, first);
        for (n = first; n <= last; n++) {
            const struct hg_line *line = NULL;
            if (i <= j && file->lines[i]->line == n)
                line = file->lines[i++];
            print_row(out, layout, line, hg_source_line(source, n));
        }
        if (last < source->count)
            print_skip(out, last);
    }
    if (i < file->count) {
        fprintf(out, "-- past the end of ");
        hg_print_clean(out, source->path);
        fprintf(out, " (%zu lines): the file is not the one that ran\n",
                source->count);
        for (; i < file->count; i++)
            print_numbered(out, layout, file->lines[i]);
    }
}

/* One file's lines of a function: in its source when found, else by
   number after where it was looked for. */
static void print_file(FILE *out, const struct layout *layout,
                       const struct file_lines *file,
                       const struct hg_annotate_view *o)
{
    const struct hg_line *first = file->lines[0];
    char problem[HG_SOURCE_PROBLEM_SIZE];
    struct hg_source source;
    size_t i;

    fputc('\n', out);
    if (first->file[0] == '\0') {
        fputs("-- No line information\n", out);
    } else if (hg_source_find(first->file, first->dir, o->source_dirs,
                              o->source_dir_count, true, &source, problem,
                              sizeof problem)) {
        fputs("-- Auto-annotated source: ", out);
        hg_print_clean(out, source.path);
        fputs("\n", out);
        print_titles(out, layout);
        fputc('\n', out);
        print_in_source(out, layout, file, &source, o->context);
        hg_source_free(&source);
        return;
    } else {
        fputs("-- ", out);
        hg_print_clean(out, first->file);
        fputs(": ", out);
        hg_print_clean(out, problem);
        fputc('\n', out);
    }
    print_titles(out, layout);
    fputc('\n', out);
    for (i = 0; i < file->count; i++)
        print_numbered(out, layout, file->lines[i]);
}

static int compare_strings(const char *a, const char *b)
{
    if (a == NULL || b == NULL)
        return (a != NULL) - (b != NULL);
    return strcmp(a, b);
}

/* File, then dir (none first), then line. */
static int compare_line_place(const void *a, const void *b)
{
    const struct hg_line *x = *(const struct hg_line *const *)a;
    const struct hg_line *y = *(const struct hg_line *const *)b;
    int c = strcmp(x->file, y->file);
    if (c == 0)
        c = compare_strings(x->dir, y->dir);
    if (c == 0)
        c = (x->line > y->line) - (x->line < y->line);
    return c;
}

static bool same_file(const struct hg_line *x, const struct hg_line *y)
{
    return strcmp(x->file, y->file) == 0
           && compare_strings(x->dir, y->dir) == 0;
}

static void print_function(FILE *out, const struct hg_report *report,
                           const struct events *events,
                           const struct hg_function *f,
                           const struct hg_annotate_view *o)
{
    char count[HG_COUNT_TEXT_SIZE], share[HG_PERCENT_TEXT_SIZE];
    const struct hg_line **sorted;
    struct layout layout;
    size_t i, start;

    fprintf(out, "\n%s\n-- ", rule);
    hg_print_clean(out, f->name);
    fputs(" (", out);
    hg_print_clean(out, f->object);
    fputc(')', out);
    if (f->file[0] != '\0') {
        fputc(' ', out);
        hg_print_clean(out, f->file);
        fprintf(out, ":%u", f->line);
    }
    fprintf(out, ": self %s Ir, %s of the total\n%s\n",
            hg_format_count(f->self_ir, count),
            hg_format_percent(f->self_ir, report->total_ir, share), rule);

    layout_function(&layout, events, f);
    sorted = hg_xmalloc(f->line_count * sizeof *sorted);
    for (i = 0; i < f->line_count; i++)
        sorted[i] = &f->lines[i];
    qsort(sorted, f->line_count, sizeof *sorted, compare_line_place);
    for (start = 0; start < f->line_count; start = i) {
        struct file_lines file;
        for (i = start + 1; i < f->line_count
                            && same_file(sorted[i], sorted[start]); i++)
            ;
        file = (struct file_lines){ sorted + start, i - start };
        print_file(out, &layout, &file, o);
    }
    free(sorted);
}

/* ------------------------------------------------------- the output */

void hg_render_annotate(FILE *out, const char *path,
                        const struct hg_report *report,
                        const struct hg_function *const *chosen,
                        size_t shown, size_t n, bool filtered,
                        const struct hg_annotate_view *view)
{
    char count[HG_COUNT_TEXT_SIZE];
    struct events events;
    size_t i;

    report_events(report, &events);
    fputs("Report:    ", out);
    hg_print_clean(out, path);
    fputs(": ", out);
    hg_print_command(out, report);
    fputs(" (", out);
    hg_print_measured_by(out, report);
    printf(")\nTotal:     %s Ir\n", hg_format_count(report->total_ir, count));
    printf("Functions: %zu of %zu with lines%s, by self Ir%s\n", shown, n,
           filtered ? " that --function matches" : "",
           shown < n ? " (--limit 0 shows all)" : "");
    printf("Context:   %zu line%s\n", view->context, view->context == 1 ? "" : "s");
    for (i = 0; i < shown; i++)
        print_function(out, report, &events, chosen[i], view);
}
