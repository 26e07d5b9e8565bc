/* hotgrind export --format=cachegrind: a report as Cachegrind's out
   format, for cg_annotate (docs/export.md).
   GPL-2.0-or-later; part of hotgrind. */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "render/export.h"
#include "render/export-callgrind.h"
#include "render/text.h"
#include "report/report.h"
#include "util/xalloc.h"

/* Whether event E (cg_events) is one Cachegrind counts: Ir, its cache
   and branch events; not cycles (hotgrind's estimate) or heap figures. */
static bool cachegrind_event(int e)
{
    switch (cg_events[e].source) {
    case CG_IR:
    case CG_BRANCH:
        return true;
    case CG_CACHE:
        return cg_events[e].index != HG_CYCLES;
    default:
        return false;
    }
}

/* Where the Cachegrind writer is: the fl= and fn= of the cost lines. */
struct cachegrind_group {
    char *file;                   /* NULL before the first fl= */
    const struct hg_function *function;
};

/* A cost line of F in FILE, after fl= and fn= when either is another
   than GROUP's.  Cachegrind writes no line of zeros: neither does this. */
static void cachegrind_line(struct cg_writer *w, struct cachegrind_group *group,
                            const struct hg_function *f, const char *file,
                            unsigned line, const uint64_t *values)
{
    bool any = false;
    int e;

    for (e = 0; e < CG_EVENTS; e++)
        any = any || (w->self[e] != NULL && values[e] != 0);
    if (!any)
        return;
    if (group->file == NULL || strcmp(group->file, file) != 0) {
        fputs("fl=", w->out);
        hg_print_clean(w->out, file);
        fputc('\n', w->out);
        free(group->file);
        group->file = hg_xstrdup(file);
        group->function = NULL;
    }
    if (group->function != f) {
        /* cg_annotate takes every fl= to be followed by fn=. */
        fputs("fn=", w->out);
        hg_print_clean(w->out, f->name);
        fputc('\n', w->out);
        group->function = f;
    }
    cg_value_line(w, line, values, true);
}

/* "desc: Not exported: ...": what of the report Cachegrind's format has
   no place for, when it has any (docs/export.md). */
static void cachegrind_dropped(FILE *out, const struct hg_report *r)
{
    const char *dropped[3];
    size_t n = 0, i;

    if (r->total_cache.present && r->total_cache.has_cycles)
        dropped[n++] = "cycles";
    if (r->has_heap)
        dropped[n++] = "heap figures";
    if (r->has_call_graph || r->mark_count > 0 || r->zone_count > 0)
        dropped[n++] = "calls and inclusive costs";
    if (n == 0)
        return;
    fputs("desc: Not exported:", out);
    for (i = 0; i < n; i++)
        fprintf(out, "%s %s", i == 0 ? "" : ",", dropped[i]);
    fputs(" (--format=callgrind has them)\n", out);
}

static void cachegrind_header(struct cg_writer *w)
{
    const struct hg_report *r = w->report;
    int e;

    cg_cache_geometry(w->out, r);
    fputs("desc: Written by: hotgrind export, from a report of hotgrind-",
          w->out);
    hg_print_clean(w->out, r->tool_version);
    fputs(" (Valgrind ", w->out);
    hg_print_clean(w->out, r->valgrind_version);
    fputs(", ", w->out);
    hg_print_clean(w->out, r->arch);
    fputs(")\n", w->out);
    if (w->lines)
        fputs("desc: Lines: yes; what no line carries is on line 0 "
              "(unknown)\n", w->out);
    else
        fputs("desc: Lines: none; the report has each function's cost, not "
              "its lines', so every cost is on line 0 (unknown)\n", w->out);
    cachegrind_dropped(w->out, r);
    /* cg_annotate 3.19 wants cmd: and events: right after the desc:
       lines, in that order. */
    cg_command(w->out, r);
    fputs("events:", w->out);
    for (e = 0; e < CG_EVENTS; e++)
        if (w->self[e] != NULL)
            fprintf(w->out, " %s", cg_events[e].event);
    fputc('\n', w->out);
}

/* The report as Cachegrind's out file: per function, its cost lines
   grouped by file (fl=) and function (fn=), its self cost on its source
   lines (lines=yes) or on line 0; summary: the sum of the cost lines,
   which is the report's <totals> (Σ <self>). */
void hg_export_cachegrind(FILE *out, const struct hg_report *r)
{
    struct cg_writer w;
    struct cachegrind_group group = { NULL, NULL };
    uint64_t values[CG_EVENTS];
    size_t i, k;
    int e;

    cg_writer_init(&w, out, r, cachegrind_event);
    cachegrind_header(&w);
    for (i = 0; i < r->function_count; i++) {
        const struct hg_function *f = &r->functions[i];
        char *own = cg_file_name(f->file, f->dir);
        if (!w.lines)
            cg_self_values(f, values);
        else
            cg_unlined_values(&w, f, values);
        cachegrind_line(&w, &group, f, own, 0, values);
        for (k = 0; k < f->line_count; k++) {
            const struct hg_line *line = &f->lines[k];
            char *file = cg_file_name(line->file, line->dir);
            cg_line_values(line, values);
            cachegrind_line(&w, &group, f, file, line->line, values);
            free(file);
        }
        free(own);
    }
    fputs("summary:", out);
    for (e = 0; e < CG_EVENTS; e++)
        if (w.self[e] != NULL)
            fprintf(out, " %" PRIu64, w.sum[e]);
    fputc('\n', out);
    free(group.file);
}
