/* hotgrind export --format=callgrind: a report as Callgrind's out
   format, for KCachegrind and callgrind_annotate; and the parts of the
   file both it and export-cachegrind.c write (export-callgrind.h).
   GPL-2.0-or-later; part of hotgrind. */

/* docs/export.md specifies the format and how the report maps onto it.
   A report records no call edges, so nothing here invents any: Callgrind
   gets self costs and, for marked functions and zones, one call into
   them from a stand-in caller that carries their calls and inclusive
   costs. */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "render/export.h"
#include "render/export-callgrind.h"
#include "render/text.h"
#include "report/contexts.h"
#include "report/metrics.h"
#include "report/report.h"
#include "util/sort.h"
#include "util/xalloc.h"

/* The events a Callgrind file can carry, in its column order: the
   report's metric of a function's own cost, Callgrind's event name
   (letters and digits only, as the format wants), a long name, and where
   the figure is (INDEX into the cache, branch or heap figures). */
const struct cg_event cg_events[CG_EVENTS] = {
    { "Ir", "Ir", "Instructions executed", CG_IR, 0 },
    { "I1mr", "I1mr", "I1 cache read misses", CG_CACHE, HG_I1MR },
    { "ILmr", "ILmr", "LL cache instruction read misses", CG_CACHE, HG_ILMR },
    { "Dr", "Dr", "Data reads", CG_CACHE, HG_DR },
    { "D1mr", "D1mr", "D1 cache read misses", CG_CACHE, HG_D1MR },
    { "DLmr", "DLmr", "LL cache data read misses", CG_CACHE, HG_DLMR },
    { "Dw", "Dw", "Data writes", CG_CACHE, HG_DW },
    { "D1mw", "D1mw", "D1 cache write misses", CG_CACHE, HG_D1MW },
    { "DLmw", "DLmw", "LL cache data write misses", CG_CACHE, HG_DLMW },
    { "cycles", "cycles", "Estimated cycles (the report's cost model)",
      CG_CACHE, HG_CYCLES },
    { "Bc", "Bc", "Conditional branches executed", CG_BRANCH, HG_BC },
    { "Bcm", "Bcm", "Conditional branches mispredicted", CG_BRANCH, HG_BCM },
    { "Bi", "Bi", "Indirect branches executed", CG_BRANCH, HG_BI },
    { "Bim", "Bim", "Indirect branches mispredicted", CG_BRANCH, HG_BIM },
    { "allocs", "allocs", "Heap blocks allocated", CG_HEAP, 0 },
    { "alloc-bytes", "allocBytes", "Heap bytes allocated", CG_HEAP, 1 },
    { "frees", "frees", "Heap blocks freed", CG_HEAP, 2 },
    { "free-bytes", "freeBytes", "Heap bytes freed", CG_HEAP, 3 },
};

/* A name compression table: every distinct string gets a number the
   first time it is written ("(N) text"), and is "(N)" after that. */
struct cg_names {
    size_t *class_of;     /* per string: the first index of its equals */
    unsigned *id;         /* per class: its number, 0 until written */
    unsigned next_id;
    size_t current;       /* the class last written, or SIZE_MAX */
};

/* Numbers for TEXTS, one string a function. */
static void cg_names_init(struct cg_names *names, const char *const *texts,
                          size_t n)
{
    struct hg_named_index *refs = hg_xmalloc((n + 1) * sizeof *refs);
    size_t i;

    names->class_of = hg_xmalloc((n + 1) * sizeof *names->class_of);
    names->id = hg_xcalloc(n + 1, sizeof *names->id);
    names->next_id = 0;
    names->current = SIZE_MAX;
    for (i = 0; i < n; i++) {
        refs[i].name = texts[i];
        refs[i].index = i;
    }
    qsort(refs, n, sizeof *refs, hg_compare_named_indexes);
    for (i = 0; i < n; i++)
        names->class_of[refs[i].index] =
            i > 0 && strcmp(refs[i].name, refs[i - 1].name) == 0
                ? names->class_of[refs[i - 1].index] : refs[i].index;
    free(refs);
}

static void cg_names_free(struct cg_names *names)
{
    free(names->class_of);
    free(names->id);
}

/* "SPEC=(N) TEXT" the first time TEXT's class is named, "SPEC=(N)"
   after; the current name stays (cob=, cfi=). */
static void cg_name_ref(FILE *out, struct cg_names *names, const char *spec,
                        size_t index, const char *text)
{
    size_t class = names->class_of[index];
    if (names->id[class] != 0) {
        fprintf(out, "%s=(%u)\n", spec, names->id[class]);
        return;
    }
    names->id[class] = ++names->next_id;
    fprintf(out, "%s=(%u) ", spec, names->id[class]);
    hg_print_clean(out, text[0] ? text : "???");
    fputc('\n', out);
}

/* "SPEC=(N) TEXT" the first time, "SPEC=(N)" after, nothing when TEXT is
   the current one already. */
static void cg_switch(FILE *out, struct cg_names *names, const char *spec,
                      size_t index, const char *text)
{
    size_t class = names->class_of[index];
    if (names->current == class)
        return;
    names->current = class;
    cg_name_ref(out, names, spec, index, text);
}

/* The cost columns of ENTITY: self costs (INCLUSIVE false) or those of
   its calls; a figure the report lacks there is 0. */
static void cg_costs(struct cg_writer *w, const struct hg_entity *entity,
                     bool inclusive, bool add_to_sum)
{
    int i;
    for (i = 0; i < CG_EVENTS; i++) {
        const struct hg_metric *m = inclusive ? w->inclusive[i] : w->self[i];
        uint64_t value = 0;
        if (w->self[i] == NULL)
            continue;
        if (m != NULL && !hg_metric_value(m, w->report, entity, &value))
            value = 0;
        fprintf(w->out, " %" PRIu64, value);
        if (add_to_sum) {
            if (w->sum[i] > UINT64_MAX - value)
                w->sum_fits = false;
            w->sum[i] += value;
        }
    }
    fputc('\n', w->out);
}

/* ---- the call graph (call-graph=yes) */

/* Event E (cg_events) of a cost given as Ir, cache and branch figures
   and heap traffic (a NULL one: none); 0 when it has no such figure. */
static uint64_t cg_event_value(int e, uint64_t ir,
                               const struct hg_cache_costs *cache,
                               const struct hg_branch_costs *branch,
                               const struct hg_heap_traffic *heap)
{
    int index = cg_events[e].index;
    switch (cg_events[e].source) {
    case CG_IR:
        return ir;
    case CG_CACHE:
        return cache != NULL && cache->present
               && (index != HG_CYCLES || cache->has_cycles)
               ? cache->value[index] : 0;
    case CG_BRANCH:
        return branch != NULL && branch->present ? branch->value[index] : 0;
    default:
        return heap != NULL ? hg_heap_figure(heap, index) : 0;
    }
}

/* What the call lines of a call graph need: each function's fn= number is
   its index + 1, its name written the first time it is named (by fn= or
   cfn=). */
struct cg_graph {
    struct cg_names *objects, *files;
    char **file_texts;
    char **names;          /* the fn= names */
    bool *named;
    /* Function I's calls, CALLS[FIRST[I]] to CALLS[FIRST[I + 1]], at
       the costs of their outermost entries (hg_outermost_calls). */
    struct hg_call *calls;
    size_t *first;
};

/* fn=(I + 1), or cfn= (CALLEE), with the name the first time. */
static void cg_function_ref(FILE *out, struct cg_graph *g, const char *spec,
                            size_t i)
{
    fprintf(out, "%s=(%zu)", spec, i + 1);
    if (!g->named[i]) {
        fputc(' ', out);
        hg_print_clean(out, g->names[i]);
        g->named[i] = true;
    }
    fputc('\n', out);
}

/* A cost line: LINE, then VALUES (per cg_events) of the events in the
   file; added to the totals of self cost lines when ADD_TO_SUM. */
void cg_value_line(struct cg_writer *w, unsigned line,
                          const uint64_t *values, bool add_to_sum)
{
    int e;
    fprintf(w->out, "%u", line);
    for (e = 0; e < CG_EVENTS; e++) {
        if (w->self[e] == NULL)
            continue;
        fprintf(w->out, " %" PRIu64, values[e]);
        if (add_to_sum) {
            if (w->sum[e] > UINT64_MAX - values[e])
                w->sum_fits = false;
            w->sum[e] += values[e];
        }
    }
    fputc('\n', w->out);
}

/* The cost columns of a call, made from line 0. */
static void cg_call_costs(struct cg_writer *w, const uint64_t *values)
{
    cg_value_line(w, 0, values, false);
}

/* ---- per-line costs (lines=yes), and what both writers share */

/* Whether the report has each function's costs per source line
   (--lines=yes). */
static bool report_has_lines(const struct hg_report *r)
{
    size_t i;
    for (i = 0; i < r->option_count; i++)
        if (strcmp(r->options[i].name, "lines") == 0
            && strcmp(r->options[i].value, "yes") == 0)
            return true;
    for (i = 0; i < r->function_count; i++)
        if (r->functions[i].line_count > 0)
            return true;
    return false;
}

/* W, to write R to OUT in the events of cg_events the report has, of
   those WANTED takes (NULL: all). */
void cg_writer_init(struct cg_writer *w, FILE *out,
                           const struct hg_report *r, bool (*wanted)(int e))
{
    struct hg_entity totals = { NULL, NULL };
    int e;

    memset(w, 0, sizeof *w);
    w->out = out;
    w->report = r;
    w->sum_fits = true;
    w->lines = report_has_lines(r);
    for (e = 0; e < CG_EVENTS; e++) {
        char incl[64];
        uint64_t value;
        const struct hg_metric *m = hg_metric_named(cg_events[e].metric);
        if ((wanted != NULL && !wanted(e)) || m == NULL
            || !hg_metric_value(m, r, &totals, &value))
            continue;
        w->self[e] = m;
        snprintf(incl, sizeof incl, "incl-%s", cg_events[e].metric);
        w->inclusive[e] = hg_metric_named(incl);
    }
}

/* Function F's self cost, per cg_events. */
void cg_self_values(const struct hg_function *f, uint64_t *values)
{
    int e;
    for (e = 0; e < CG_EVENTS; e++)
        values[e] = cg_event_value(e, f->self_ir, &f->self_cache,
                                   &f->self_branch,
                                   f->has_heap ? &f->heap : NULL);
}

/* LINE's cost, per cg_events: a line has no heap figures. */
void cg_line_values(const struct hg_line *line, uint64_t *values)
{
    int e;
    for (e = 0; e < CG_EVENTS; e++)
        values[e] = cg_event_value(e, line->ir, &line->cache, &line->branch,
                                   NULL);
}

/* What of F's self cost none of its lines carries, per cg_events: its
   heap figures (the allocator was called from some line, which the
   report does not say), and whatever a report's lines would leave out
   (nothing in the tool's reports: its lines add up to <self>).  Whether
   any of the events in W's file is not 0. */
bool cg_unlined_values(const struct cg_writer *w,
                              const struct hg_function *f, uint64_t *rest)
{
    uint64_t line[CG_EVENTS];
    bool any = false;
    size_t k;
    int e;

    cg_self_values(f, rest);
    for (k = 0; k < f->line_count; k++) {
        cg_line_values(&f->lines[k], line);
        for (e = 0; e < CG_EVENTS; e++)
            rest[e] = rest[e] > line[e] ? rest[e] - line[e] : 0;
    }
    for (e = 0; e < CG_EVENTS; e++)
        any = any || (w->self[e] != NULL && rest[e] != 0);
    return any;
}

/* Function I's self cost on its source lines (lines=yes): first what no
   line carries, on line 0, when it is not 0 or the function has no line
   (so every function has a cost line); then each line, after fi= when
   its file is another than the one in effect, fe= when that is the
   function's own again.  It ends in the function's file (FILES' class
   of I), where its calls are made and the next fn= is read.  FILES
   numbers function I's file as I, its K-th line's as FIRST_LINE + K. */
static void cg_function_lines(struct cg_writer *w, struct cg_names *files,
                              char **file_texts, size_t i, size_t first_line)
{
    const struct hg_function *f = &w->report->functions[i];
    uint64_t values[CG_EVENTS];
    size_t own = files->class_of[i], in_effect = own, k;

    if (cg_unlined_values(w, f, values) || f->line_count == 0)
        cg_value_line(w, 0, values, true);
    for (k = 0; k < f->line_count; k++) {
        size_t index = first_line + k, class = files->class_of[index];
        if (class != in_effect) {
            cg_name_ref(w->out, files, class == own ? "fe" : "fi", index,
                        file_texts[index]);
            in_effect = class;
        }
        cg_line_values(&f->lines[k], values);
        cg_value_line(w, f->lines[k].line, values, true);
    }
    if (in_effect != own)
        cg_name_ref(w->out, files, "fe", i, file_texts[i]);
}

/* A call to function CALLEE: its object, file and name, calls= from line
   0 (hotgrind has no call sites), and VALUES. */
static void cg_call(struct cg_writer *w, struct cg_graph *g, size_t callee,
                    uint64_t calls, const uint64_t *values)
{
    const struct hg_function *f = &w->report->functions[callee];
    cg_name_ref(w->out, g->objects, "cob", callee, f->object);
    cg_name_ref(w->out, g->files, "cfi", callee, g->file_texts[callee]);
    cg_function_ref(w->out, g, "cfn", callee);
    fprintf(w->out, "calls=%" PRIu64 " 0\n", calls);
    cg_call_costs(w, values);
}

/* The <callees> of function I, each a call with the inclusive costs of
   the calls that entered the callee from outside itself (all of them for
   a callee that is not recursive). */
static void cg_callees(struct cg_writer *w, struct cg_graph *g, size_t i)
{
    uint64_t values[CG_EVENTS];
    size_t c;
    int e;

    for (c = g->first[i]; c < g->first[i + 1]; c++) {
        const struct hg_call *call = &g->calls[c];
        for (e = 0; e < CG_EVENTS; e++)
            values[e] = cg_event_value(e, call->ir, &call->cache, NULL,
                                       call->has_heap ? &call->heap : NULL);
        cg_call(w, g, call->callee, call->calls, values);
    }
}

/* The entries with no known caller of each function that has some: a
   stand-in "(no known caller of NAME)" calls it outside-calls times, at
   its inclusive cost less that of the calls from known callers as
   written (their outermost entries), so that callgrind_annotate's
   inclusive cost of a function, the sum of its incoming calls, is the
   report's. */
static void cg_outside_calls(struct cg_writer *w, struct cg_graph *g)
{
    const struct hg_report *r = w->report;
    size_t n = r->function_count, i, c, roots = 0;
    size_t *slot = hg_xmalloc((n + 1) * sizeof *slot);
    uint64_t *incoming;
    unsigned next = (unsigned)n;
    int e;

    for (i = 0; i < n; i++)
        slot[i] = r->functions[i].outside_calls > 0 ? roots++ : SIZE_MAX;
    if (roots == 0) {
        free(slot);
        return;
    }
    incoming = hg_xcalloc(roots * CG_EVENTS, sizeof *incoming);
    for (i = 0; i < n; i++)
        for (c = g->first[i]; c < g->first[i + 1]; c++) {
            const struct hg_call *call = &g->calls[c];
            uint64_t *sum;
            /* Only callees entered from outside have a row of sums. */
            if (slot[call->callee] == SIZE_MAX)
                continue;
            sum = incoming + slot[call->callee] * CG_EVENTS;
            for (e = 0; e < CG_EVENTS; e++) {
                uint64_t v = cg_event_value(e, call->ir, &call->cache,
                                            NULL, call->has_heap
                                                  ? &call->heap : NULL);
                sum[e] = sum[e] > UINT64_MAX - v ? UINT64_MAX : sum[e] + v;
            }
        }
    for (i = 0; i < n; i++) {
        const struct hg_function *f = &r->functions[i];
        uint64_t values[CG_EVENTS];
        if (slot[i] == SIZE_MAX)
            continue;
        for (e = 0; e < CG_EVENTS; e++) {
            uint64_t all = cg_event_value(e, f->inclusive_ir,
                                          &f->inclusive_cache, NULL,
                                          f->has_inclusive_heap
                                          ? &f->inclusive_heap : NULL);
            uint64_t known = incoming[slot[i] * CG_EVENTS + e];
            values[e] = all > known ? all - known : 0;
        }
        cg_switch(w->out, g->objects, "ob", i, f->object);
        cg_switch(w->out, g->files, "fl", i, g->file_texts[i]);
        fprintf(w->out, "fn=(%u) (no known caller of ", ++next);
        hg_print_clean(w->out, g->names[i]);
        fputs(")\n", w->out);
        cg_call(w, g, i, f->outside_calls, values);
    }
    w->next_fn_id = next;
    free(incoming);
    free(slot);
}

/* A stand-in caller, "(callers of NAME)", calling the function numbered
   CALLEE_ID at LINE CALLS times, at the inclusive cost of ENTITY.  The
   call is made from line 0, the unknown line: no source line of the
   program made it. */
static void cg_calls_into(struct cg_writer *w, const struct hg_entity *entity,
                          const char *name, unsigned callee_id,
                          uint64_t calls, unsigned line)
{
    fprintf(w->out, "fn=(%u) (callers of ", ++w->next_fn_id);
    hg_print_clean(w->out, name);
    fprintf(w->out, ")\ncfn=(%u)\n", callee_id);
    fprintf(w->out, "calls=%" PRIu64 " %u\n0", calls, line);
    cg_costs(w, entity, true, false);
}

/* "cmd: PROGRAM ARGS...", the program's arguments joined by spaces. */
void cg_command(FILE *out, const struct hg_report *r)
{
    size_t i;
    fputs("cmd: ", out);
    hg_print_clean(out, hg_report_program(r));
    for (i = 0; i < r->arg_count; i++) {
        fputc(' ', out);
        hg_print_clean(out, r->args[i]);
    }
    fputc('\n', out);
}

/* The simulated caches (--cache-sim=yes) as Cachegrind's desc: lines
   name them. */
void cg_cache_geometry(FILE *out, const struct hg_report *r)
{
    const char *caches[3] = { r->cache_i1, r->cache_d1, r->cache_ll };
    const char *titles[3] = { "I1", "D1", "LL" };
    int i;

    if (!r->has_cache_geometry)
        return;
    for (i = 0; i < 3; i++) {
        unsigned size, assoc, line;
        if (sscanf(caches[i], "%u,%u,%u", &size, &assoc, &line) != 3)
            continue;
        fprintf(out, "desc: %s cache:         %u B, %u B, "
                "%u-way associative\n", titles[i], size, line, assoc);
    }
}

static void cg_header(struct cg_writer *w)
{
    const struct hg_report *r = w->report;
    struct hg_entity totals = { NULL, NULL };
    size_t i;
    int e;

    fputs("# callgrind format\nversion: 1\ncreator: hotgrind-", w->out);
    hg_print_clean(w->out, r->tool_version);
    fputc('\n', w->out);
    cg_command(w->out, r);
    fputs("\ndesc: Valgrind: ", w->out);
    hg_print_clean(w->out, r->valgrind_version);
    fputs("\ndesc: Architecture: ", w->out);
    hg_print_clean(w->out, r->arch);
    fputc('\n', w->out);
    for (i = 0; i < r->option_count; i++) {
        fputs("desc: Option: --", w->out);
        hg_print_clean(w->out, r->options[i].name);
        fputc('=', w->out);
        hg_print_clean(w->out, r->options[i].value);
        fputc('\n', w->out);
    }
    cg_cache_geometry(w->out, r);
    if (r->has_cost_model) {
        fputs("desc: Cost model: ", w->out);
        hg_print_clean(w->out, r->cost_model_name);
        fprintf(w->out, " version %" PRIu64 ", cycles = Ir + %" PRIu64
                " (I1mr + D1mr + D1mw) + %" PRIu64 " (ILmr + DLmr + DLmw)",
                r->cost_model_version, r->cost_l1_miss, r->cost_ll_miss);
        if (r->has_cost_mispredict)
            fprintf(w->out, " + %" PRIu64 " (Bcm + Bim)", r->cost_mispredict);
        fputc('\n', w->out);
    }
    if (r->exit.how != HG_ENDED_UNKNOWN) {
        char ended[64];
        hg_describe_exit(&r->exit, ended, sizeof ended);
        fprintf(w->out, "desc: Exit: %s\n", ended);
    }
    if (r->merged_reports > 0)
        fprintf(w->out, "desc: Merged: %" PRIu64 " reports\n",
                r->merged_reports);

    if (w->lines) {
        fputs("desc: Lines: yes; each function's self cost is on the source "
              "lines it ran, what no line carries on line 0 (unknown)\n",
              w->out);
        fputs("\n# Per-line data: fi=/fe= name the file of the lines that "
              "are not in their function's file (inlined code).\n"
              "positions: line\n", w->out);
    } else {
        fputs("desc: Lines: none; hotgrind counts each function's cost, not "
              "its lines', so every cost is on line 0 (unknown)\n", w->out);
        fputs("\n# No per-line data: each function's self cost is on line "
              "0.\npositions: line\n", w->out);
    }
    for (e = 0; e < CG_EVENTS; e++)
        if (w->self[e] != NULL)
            fprintf(w->out, "event: %s : %s\n", cg_events[e].event,
                    cg_events[e].long_name);
    fputs("events:", w->out);
    for (e = 0; e < CG_EVENTS; e++)
        if (w->self[e] != NULL)
            fprintf(w->out, " %s", cg_events[e].event);
    fputs("\nsummary:", w->out);
    for (e = 0; e < CG_EVENTS; e++) {
        uint64_t value;
        if (w->self[e] != NULL && hg_metric_value(w->self[e], r, &totals,
                                                  &value))
            fprintf(w->out, " %" PRIu64, value);
    }
    fputs("\n\n", w->out);
}

/* Zones are not functions: each is a function "zone NAME" of object and
   file "(zones)", with no cost of its own, called by its stand-in
   caller. */
static void cg_zones(struct cg_writer *w, unsigned next_object_id,
                     unsigned next_file_id)
{
    const struct hg_report *r = w->report;
    size_t i;

    if (r->zone_count == 0)
        return;
    fprintf(w->out, "ob=(%u) (zones)\nfl=(%u) (zones)\n", next_object_id + 1,
            next_file_id + 1);
    for (i = 0; i < r->zone_count; i++) {
        struct hg_entity entity = { NULL, &r->zones[i] };
        unsigned id;
        char *label;
        if (r->zones[i].calls == 0)
            continue;
        id = ++w->next_fn_id;
        label = hg_entity_label(&entity);
        fprintf(w->out, "fn=(%u) ", id);
        hg_print_clean(w->out, label);
        fputc('\n', w->out);
        cg_calls_into(w, &entity, label, id, r->zones[i].calls, 0);
        free(label);
    }
}

/* The fn= name of function I: its name, and " [OBJECT]" when SHARED
   says so ("??? [libz.so.1]"). */
static char *cg_function_name(const struct hg_report *r, size_t i,
                              const bool *shared)
{
    const struct hg_function *f = &r->functions[i];
    if (shared[i])
        return hg_xasprintf("%s [%s]", f->name, f->object);
    return hg_xstrdup(f->name);
}

/* The fl= name of a source FILE with DIR (NULL: none), as a function or
   one of its lines has them: the file with the directory the debug
   information gives it when the file is relative, so that
   callgrind_annotate finds the source from anywhere; "???" when
   unknown. */
char *cg_file_name(const char *file, const char *dir)
{
    if (file[0] == '\0')
        return hg_xstrdup("???");
    if (dir != NULL && dir[0] != '\0' && file[0] != '/')
        return hg_xasprintf("%s%s%s", dir,
                            dir[strlen(dir) - 1] == '/' ? "" : "/", file);
    return hg_xstrdup(file);
}

/* Which functions get " [OBJECT]" after their name: those named "???",
   and those whose file and name a function of another object also has
   (_init without a file in several libraries; fstatat of ld.so and of
   libc, built from one source file).  callgrind_annotate knows a function
   by file and name only, so these would add up in one row, under the last
   object's name. */
static bool *cg_shared_names(const struct hg_report *r)
{
    size_t n = r->function_count, i, k, start;
    struct hg_named_index *refs = hg_xmalloc((n + 1) * sizeof *refs);
    bool *shared = hg_xcalloc(n + 1, sizeof *shared);

    /* "FILE\nNAME": one text for the pair callgrind_annotate sees. */
    for (i = 0; i < n; i++) {
        refs[i].name = hg_xasprintf("%s\n%s", r->functions[i].file,
                                    r->functions[i].name);
        refs[i].index = i;
    }
    qsort(refs, n, sizeof *refs, hg_compare_named_indexes);
    /* A run of equal pairs shared by two objects or more. */
    for (start = 0; start < n; start = i) {
        bool several = false;
        const char *object = r->functions[refs[start].index].object;
        for (i = start; i < n && strcmp(refs[i].name, refs[start].name) == 0;
             i++)
            several = several || strcmp(r->functions[refs[i].index].object,
                                        object) != 0;
        for (k = start; k < i; k++)
            shared[refs[k].index] =
                several || strcmp(r->functions[refs[k].index].name, "???") == 0;
    }
    for (i = 0; i < n; i++)
        free((char *)refs[i].name);
    free(refs);
    return shared;
}

void hg_export_callgrind(FILE *out, const struct hg_report *r)
{
    struct cg_writer w;
    struct cg_names objects, files;
    struct cg_graph graph;
    size_t n = r->function_count, i, k, texts = n, first_line = n;
    const char **object_texts = hg_xmalloc((n + 1) * sizeof *object_texts);
    char **file_texts;
    bool *shared = cg_shared_names(r);
    int e;

    cg_writer_init(&w, out, r, NULL);
    /* The files of the functions, then those of their lines (after fl=,
       fi= and fe= share one name compression). */
    for (i = 0; i < n; i++)
        texts += r->functions[i].line_count;
    file_texts = hg_xmalloc((texts + 1) * sizeof *file_texts);
    for (i = 0; i < n; i++) {
        const struct hg_function *f = &r->functions[i];
        object_texts[i] = f->object;
        file_texts[i] = cg_file_name(f->file, f->dir);
        for (k = 0; k < f->line_count; k++)
            file_texts[first_line++] = cg_file_name(f->lines[k].file,
                                                    f->lines[k].dir);
    }
    cg_names_init(&objects, object_texts, n);
    cg_names_init(&files, (const char *const *)file_texts, texts);
    graph.objects = &objects;
    graph.files = &files;
    graph.file_texts = file_texts;
    graph.names = hg_xcalloc(n + 1, sizeof *graph.names);
    graph.named = hg_xcalloc(n + 1, sizeof *graph.named);
    for (i = 0; i < n; i++)
        graph.names[i] = cg_function_name(r, i, shared);
    graph.first = NULL;
    graph.calls = r->has_call_graph ? hg_outermost_calls(r, &graph.first)
                  : NULL;

    cg_header(&w);
    first_line = n;
    for (i = 0; i < n; i++) {
        const struct hg_function *f = &r->functions[i];
        struct hg_entity entity = { f, NULL };
        unsigned id = ++w.next_fn_id;

        cg_switch(out, &objects, "ob", i, f->object);
        cg_switch(out, &files, "fl", i, file_texts[i]);
        if (r->has_call_graph) {
            /* Callees may come first (cfn=): fn= names the function once. */
            cg_function_ref(out, &graph, "fn", i);
        } else {
            fprintf(out, "fn=(%u) ", id);
            hg_print_clean(out, graph.names[i]);
            fputc('\n', out);
        }
        if (w.lines) {
            cg_function_lines(&w, &files, file_texts, i, first_line);
            first_line += f->line_count;
        } else {
            /* Line 0, the unknown line: the report has the function's
               cost, not its lines' (the header says so).  Not even a zero
               on its first line: that would say the line cost nothing. */
            fputc('0', out);
            cg_costs(&w, &entity, false, true);
        }
        if (r->has_call_graph)
            cg_callees(&w, &graph, i);
        else if (f->marked && f->calls > 0)
            cg_calls_into(&w, &entity, graph.names[i], id, f->calls,
                          f->line);
    }
    if (r->has_call_graph)
        cg_outside_calls(&w, &graph);
    cg_zones(&w, objects.next_id, files.next_id);
    if (w.sum_fits) {
        fputs("\ntotals:", out);
        for (e = 0; e < CG_EVENTS; e++)
            if (w.self[e] != NULL)
                fprintf(out, " %" PRIu64, w.sum[e]);
        fputc('\n', out);
    }
    cg_names_free(&objects);
    cg_names_free(&files);
    for (i = 0; i < texts; i++)
        free(file_texts[i]);
    for (i = 0; i < n; i++)
        free(graph.names[i]);
    free(graph.names);
    free(graph.named);
    free(graph.calls);
    free(graph.first);
    free(file_texts);
    free(object_texts);
    free(shared);
}
