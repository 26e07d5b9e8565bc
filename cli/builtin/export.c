/* hotgrind export: a report as Callgrind's out format, JSON, Bencher's
   metric format (BMF), folded stacks or an SVG flame graph.
   GPL-2.0-or-later; part of hotgrind. */

/* docs/export.md specifies each format and how the report maps onto it.
   The output depends only on the report: numbers are written by hand, in
   the report's order, so the same report always exports to the same
   bytes.  A report records no call edges, so nothing here invents any:
   Callgrind gets self costs and, for marked functions and zones, one
   call into them from a stand-in caller that carries their calls and
   inclusive costs; folded stacks and flame graphs come from the calling
   contexts (flamegraph.c), or without them are object;function with self
   costs. */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "builtin/builtin.h"
#include "render/flamegraph.h"
#include "render/json.h"
#include "render/text.h"
#include "report/load.h"
#include "report/metrics.h"
#include "report/report.h"
#include "util/messages.h"
#include "util/output.h"
#include "util/parse-options.h"
#include "util/xalloc.h"

static const char export_usage[] =
    "usage: hotgrind export --format=callgrind|cachegrind|json|bmf|folded|svg "
    "[--metric M] [--title T] [--width PX] [-o OUT] REPORT";

static const char export_help[] =
    "usage: hotgrind export --format=callgrind|cachegrind|json|bmf|folded|svg "
    "[--metric M] [--title T] [--width PX] [-o OUT] REPORT\n"
    "\n"
    "Writes REPORT in another format, on stdout or, with -o, to OUT (through\n"
    "OUT.tmp.XXXXXX and a rename, so OUT is never a partial file):\n"
    "\n"
    "  callgrind  Callgrind's out format, for KCachegrind and\n"
    "             callgrind_annotate: the self cost of every function in every\n"
    "             event the report has (Ir, cache figures, cycles, branch\n"
    "             figures, heap), on its source lines with --lines=yes;\n"
    "             marked functions and zones also get their calls and\n"
    "             inclusive costs, as a call from a stand-in caller named\n"
    "             '(callers of NAME)'.\n"
    "  cachegrind Cachegrind's out format, for cg_annotate: the self cost of\n"
    "             every function in Ir and the cache and branch events, on\n"
    "             its source lines with --lines=yes, on line 0 without.\n"
    "  json       the whole report as JSON, keys in the report's order,\n"
    "             counts as integers.\n"
    "  bmf        Bencher Metric Format: the totals, every marked function and\n"
    "             every zone as benchmarks, with measures such as\n"
    "             instructions, allocations and calls.\n"
    "  folded     folded stacks for flame graphs (flamegraph.pl, speedscope):\n"
    "             with calling contexts (--call-graph=yes), one line per\n"
    "             context with its self cost, 'main;parse;lex 1234', and\n"
    "             '[outside] N'; without, 'OBJECT;FUNCTION SELF' per function.\n"
    "  svg        a flame graph of the calling contexts as one SVG file, with\n"
    "             tooltips, search and click-to-zoom, nothing fetched.\n"
    "\n"
    "  --metric M  the figure of folded and svg: Ir (the default), I1mr,\n"
    "              ILmr, Dr, D1mr, DLmr, Dw, D1mw, DLmw, cycles\n"
    "              (--cache-sim=yes), allocs, alloc-bytes, frees, free-bytes\n"
    "              (--heap=yes)\n"
    "  --title T   svg: the title (default 'Flame graph: PROGRAM')\n"
    "  --width PX  svg: the width in pixels, 200 to 100000 (default 1200)\n"
    "\n"
    "docs/export.md describes each format exactly.\n";

enum format { FORMAT_NONE, FORMAT_CALLGRIND, FORMAT_CACHEGRIND, FORMAT_JSON,
              FORMAT_BMF, FORMAT_FOLDED, FORMAT_SVG };

static const char *const format_names[] = {
    "", "callgrind", "cachegrind", "json", "bmf", "folded", "svg",
};


/* ------------------------------------------------------------ JSON */

/* {"name": NAME, "value": VALUE}: an option or an environment value. */
static void json_name_value(struct hg_json *w, const char *name,
                            const char *value)
{
    hg_json_open(w, NULL, '{', false);
    hg_json_text(w, "name", name);
    hg_json_text(w, "value", value);
    hg_json_close(w);
}

/* KEY: [{"name": ..., "value": ...}...]: options or launcher settings. */
static void json_pairs(struct hg_json *w, const char *key,
                       const struct hg_option *pairs, size_t count)
{
    size_t i;
    hg_json_open(w, key, '[', false);
    for (i = 0; i < count; i++)
        json_name_value(w, pairs[i].name, pairs[i].value);
    hg_json_close(w);
}

static void json_heap_traffic(struct hg_json *w,
                              const struct hg_heap_traffic *heap)
{
    hg_json_count(w, "allocs", heap->allocs);
    hg_json_count(w, "alloc-bytes", heap->alloc_bytes);
    hg_json_count(w, "frees", heap->frees);
    hg_json_count(w, "free-bytes", heap->free_bytes);
}

/* The members of a <self>, <inclusive> or <totals>: Ir, then the cache
   figures and cycles when the report has them. */
static void json_costs(struct hg_json *w, uint64_t ir,
                       const struct hg_cache_costs *cache)
{
    int i;
    hg_json_count(w, "Ir", ir);
    for (i = 0; cache->present && i < HG_CACHE_METRICS; i++)
        if (i != HG_CYCLES || cache->has_cycles)
            hg_json_count(w, hg_cache_metric_names[i], cache->value[i]);
}

/* The branch figures of a <self> or <totals>, after the cache figures,
   when the run simulated branches. */
static void json_branches(struct hg_json *w,
                          const struct hg_branch_costs *branch)
{
    int i;
    for (i = 0; branch->present && i < HG_BRANCH_METRICS; i++)
        hg_json_count(w, hg_branch_metric_names[i], branch->value[i]);
}

static void json_inclusive(struct hg_json *w, uint64_t ir,
                           const struct hg_cache_costs *cache, bool has_heap,
                           const struct hg_heap_traffic *heap)
{
    hg_json_open(w, "inclusive", '{', false);
    json_costs(w, ir, cache);
    if (has_heap)
        json_heap_traffic(w, heap);
    hg_json_close(w);
}

/* A <per-call> mean as the report writes it: "103.56". */
enum { MEAN_TEXT_SIZE = 32 };
static const char *mean_text(const struct hg_per_call *pc,
                             char text[MEAN_TEXT_SIZE])
{
    snprintf(text, MEAN_TEXT_SIZE, "%" PRIu64 ".%02u", pc->mean_units,
             pc->mean_hundredths % 100);
    return text;
}

/* The mean as written in the report: a string, so that its two decimals
   stay exact. */
static void json_per_call(struct hg_json *w, bool has_per_call,
                          const struct hg_per_call *pc)
{
    char mean[MEAN_TEXT_SIZE];
    if (!has_per_call)
        return;
    mean_text(pc, mean);
    hg_json_open(w, "per-call", '{', false);
    hg_json_count(w, "min", pc->min);
    hg_json_count(w, "max", pc->max);
    hg_json_text(w, "mean", mean);
    hg_json_count(w, "p50", pc->p50);
    hg_json_count(w, "p95", pc->p95);
    hg_json_count(w, "p99", pc->p99);
    hg_json_close(w);
}

static void json_run(struct hg_json *w, const struct hg_report *r)
{
    size_t i;

    hg_json_open(w, "run", '{', false);
    hg_json_open(w, "tool", '{', false);
    hg_json_text(w, "name", "hotgrind");
    hg_json_text(w, "version", r->tool_version);
    hg_json_close(w);
    hg_json_open(w, "valgrind", '{', false);
    hg_json_text(w, "version", r->valgrind_version);
    hg_json_close(w);
    hg_json_text(w, "arch", r->arch);
    if (r->platform_hwcaps != NULL) {
        hg_json_open(w, "platform", '{', false);
        hg_json_text(w, "hwcaps", r->platform_hwcaps);
        hg_json_close(w);
    }
    if (r->libc_name != NULL && r->libc_version != NULL) {
        hg_json_open(w, "libc", '{', false);
        hg_json_text(w, "name", r->libc_name);
        hg_json_text(w, "version", r->libc_version);
        hg_json_close(w);
    }
    hg_json_open(w, "command", '{', false);
    hg_json_text(w, "exe", r->exe);
    hg_json_open(w, "args", '[', false);
    for (i = 0; i < r->arg_count; i++)
        hg_json_text(w, NULL, r->args[i]);
    hg_json_close(w);
    hg_json_close(w);
    if (r->option_count > 0)
        json_pairs(w, "options", r->options, r->option_count);
    if (r->has_environment) {
        hg_json_open(w, "environment", '{', false);
        hg_json_count(w, "variables", r->environment_variables);
        hg_json_count(w, "bytes", r->environment_bytes);
        hg_json_open(w, "vars", '[', false);
        for (i = 0; i < r->environment_count; i++)
            json_name_value(w, r->environment[i].name,
                            r->environment[i].value);
        hg_json_close(w);
        hg_json_close(w);
    }
    if (r->launcher != NULL) {
        hg_json_open(w, "launcher", '{', false);
        hg_json_text(w, "name", r->launcher);
        json_pairs(w, "settings", r->settings, r->setting_count);
        hg_json_close(w);
    }
    if (r->has_cost_model) {
        hg_json_open(w, "cost-model", '{', false);
        hg_json_text(w, "name", r->cost_model_name);
        hg_json_count(w, "version", r->cost_model_version);
        hg_json_count(w, "l1-miss", r->cost_l1_miss);
        hg_json_count(w, "ll-miss", r->cost_ll_miss);
        if (r->has_cost_mispredict)
            hg_json_count(w, "mispredict", r->cost_mispredict);
        hg_json_close(w);
    }
    if (r->has_cache_geometry) {
        hg_json_open(w, "cache", '{', false);
        hg_json_text(w, "I1", r->cache_i1);
        hg_json_text(w, "D1", r->cache_d1);
        hg_json_text(w, "LL", r->cache_ll);
        if (r->cache_source != NULL)
            hg_json_text(w, "source", r->cache_source);
        hg_json_close(w);
    }
    if (r->exit.how != HG_ENDED_UNKNOWN) {
        static const char *const hows[] = { "", "status", "signal", "exec" };
        hg_json_open(w, "exit", '{', false);
        hg_json_text(w, "how", hows[r->exit.how]);
        if (r->exit.how == HG_ENDED_BY_STATUS)
            hg_json_count(w, "status", r->exit.status);
        if (r->exit.how == HG_ENDED_BY_SIGNAL && r->exit.signal != 0)
            hg_json_count(w, "signal", r->exit.signal);
        hg_json_close(w);
    }
    if (r->merged_reports > 0) {
        hg_json_open(w, "merge", '{', false);
        hg_json_count(w, "reports", r->merged_reports);
        hg_json_close(w);
    }
    hg_json_close(w);
}

/* A function's "no-symbol" and "callees" (docs/export.md): every member
   is there whatever its value, so that a reader needs no defaults. */
static void json_call_graph(struct hg_json *w, const struct hg_function *f)
{
    size_t i;

    hg_json_open(w, "no-symbol", '{', false);
    json_costs(w, f->no_symbol_ir, &f->no_symbol_cache);
    hg_json_close(w);
    hg_json_open(w, "callees", '[', false);
    for (i = 0; i < f->callee_count; i++) {
        const struct hg_call *call = &f->callees[i];
        hg_json_open(w, NULL, '{', true);
        /* The callee's id, as in the report: its index + 1. */
        hg_json_count(w, "callee", call->callee + 1);
        hg_json_count(w, "calls", call->calls);
        json_costs(w, call->ir, &call->cache);
        if (call->has_heap)
            json_heap_traffic(w, &call->heap);
        hg_json_close(w);
    }
    hg_json_close(w);
}

/* <lines> (lines=yes): one object a line, with the events of its
   <self>. */
static void json_lines(struct hg_json *w, const struct hg_function *f)
{
    size_t i;

    if (f->lines == NULL)
        return;
    hg_json_open(w, "lines", '[', false);
    for (i = 0; i < f->line_count; i++) {
        const struct hg_line *line = &f->lines[i];
        hg_json_open(w, NULL, '{', false);
        hg_json_text(w, "file", line->file);
        if (line->dir != NULL)
            hg_json_text(w, "dir", line->dir);
        hg_json_count(w, "line", line->line);
        json_costs(w, line->ir, &line->cache);
        json_branches(w, &line->branch);
        hg_json_close(w);
    }
    hg_json_close(w);
}

static void json_function(struct hg_json *w, const struct hg_function *f)
{
    hg_json_open(w, NULL, '{', false);
    hg_json_text(w, "name", f->name);
    hg_json_text(w, "object", f->object);
    hg_json_text(w, "file", f->file);
    hg_json_count(w, "line", f->line);
    if (f->dir != NULL)
        hg_json_text(w, "dir", f->dir);
    if (f->marked)
        hg_json_bool(w, "marked", true);
    if (f->marked || f->has_call_graph)
        hg_json_count(w, "calls", f->calls);
    if (f->has_call_graph) {
        hg_json_count(w, "id", f->id);
        hg_json_count(w, "outside-calls", f->outside_calls);
        hg_json_bool(w, "recursive", f->recursive);
        hg_json_bool(w, "mid-jump", f->mid_jump);
    }
    hg_json_open(w, "self", '{', false);
    json_costs(w, f->self_ir, &f->self_cache);
    json_branches(w, &f->self_branch);
    hg_json_close(w);
    json_lines(w, f);
    if (f->has_heap) {
        hg_json_open(w, "heap", '{', false);
        json_heap_traffic(w, &f->heap);
        hg_json_close(w);
    }
    if (f->marked || f->has_call_graph)
        json_inclusive(w, f->inclusive_ir, &f->inclusive_cache,
                       f->has_inclusive_heap, &f->inclusive_heap);
    json_per_call(w, f->has_per_call, &f->per_call);
    if (f->has_call_graph)
        json_call_graph(w, f);
    hg_json_close(w);
}

static void json_threads(struct hg_json *w, const struct hg_report *r)
{
    size_t i;
    if (!r->has_threads)
        return;
    hg_json_open(w, "threads", '[', false);
    for (i = 0; i < r->thread_count; i++) {
        const struct hg_thread *t = &r->threads[i];
        hg_json_open(w, NULL, '{', false);
        hg_json_count(w, "id", t->id);
        if (t->name != NULL)
            hg_json_text(w, "name", t->name);
        if (t->parent != 0)
            hg_json_count(w, "parent", t->parent);
        hg_json_text(w, "status",
                  t->status == HG_THREAD_RUNNING ? "running" : "exited");
        hg_json_count(w, "Ir", t->ir);
        if (t->has_sync_ir)
            hg_json_count(w, "sync-Ir", t->sync_ir);
        if (t->has_heap)
            json_heap_traffic(w, &t->heap);
        hg_json_close(w);
    }
    hg_json_close(w);
}

/* <mutexes> and <events>. */
static void json_synchronisation(struct hg_json *w,
                                 const struct hg_report *r)
{
    size_t i;
    if (r->has_mutexes) {
        hg_json_open(w, "mutexes", '[', false);
        for (i = 0; i < r->mutex_count; i++) {
            const struct hg_mutex *m = &r->mutexes[i];
            hg_json_open(w, NULL, '{', false);
            hg_json_count(w, "id", m->id);
            if (m->name != NULL)
                hg_json_text(w, "name", m->name);
            hg_json_count(w, "acquisitions", m->acquisitions);
            hg_json_count(w, "contended", m->contended);
            hg_json_close(w);
        }
        hg_json_close(w);
    }
    if (!r->has_events)
        return;
    hg_json_open(w, "events", '[', false);
    for (i = 0; i < r->event_count; i++) {
        const struct hg_event *e = &r->events[i];
        hg_json_open(w, NULL, '{', false);
        hg_json_count(w, "Ir", e->ir);
        hg_json_count(w, "thread", e->thread);
        hg_json_text(w, "kind", hg_event_kind_name(e->kind));
        if (e->child != 0)
            hg_json_count(w, "child", e->child);
        if (e->cond != 0)
            hg_json_count(w, "cond", e->cond);
        if (e->mutex != 0)
            hg_json_count(w, "mutex", e->mutex);
        if (e->kind == HG_EVENT_LOCK)
            hg_json_bool(w, "waited", e->waited);
        hg_json_close(w);
    }
    hg_json_close(w);
}

/* <objects>: each object's name, and its soname and build-id when
   known. */
static void json_objects(struct hg_json *w, const struct hg_report *r)
{
    size_t i;
    if (r->object_count == 0)
        return;
    hg_json_open(w, "objects", '[', false);
    for (i = 0; i < r->object_count; i++) {
        const struct hg_object *o = &r->objects[i];
        hg_json_open(w, NULL, '{', false);
        hg_json_text(w, "name", o->name);
        if (o->soname != NULL)
            hg_json_text(w, "soname", o->soname);
        if (o->build_id != NULL)
            hg_json_text(w, "build-id", o->build_id);
        hg_json_close(w);
    }
    hg_json_close(w);
}

/* "KEY": {costs[, heap]} on one line. */
static void json_context_costs(struct hg_json *w, const char *key,
                               uint64_t ir, const struct hg_cache_costs *cache,
                               bool has_heap,
                               const struct hg_heap_traffic *heap)
{
    hg_json_open(w, key, '{', true);
    json_costs(w, ir, cache);
    if (has_heap)
        json_heap_traffic(w, heap);
    hg_json_close(w);
}

/* <contexts>: each context's ids as in the report (its index + 1, its
   function's id). */
static void json_contexts(struct hg_json *w, const struct hg_report *r)
{
    size_t i;
    if (!r->has_contexts)
        return;
    hg_json_open(w, "contexts", '{', false);
    hg_json_count(w, "max", r->context_max);
    hg_json_count(w, "count", r->context_count);
    hg_json_bool(w, "truncated", r->contexts_truncated);
    json_context_costs(w, "outside", r->outside_ir, &r->outside_cache,
                       r->has_heap, &r->outside_heap);
    hg_json_open(w, "contexts", '[', false);
    for (i = 0; i < r->context_count; i++) {
        const struct hg_context *c = &r->contexts[i];
        hg_json_open(w, NULL, '{', false);
        hg_json_count(w, "id", i + 1);
        if (c->parent != HG_NO_PARENT)
            hg_json_count(w, "parent", c->parent + 1);
        hg_json_count(w, "function", c->function + 1);
        hg_json_count(w, "calls", c->calls);
        hg_json_bool(w, "truncated", c->truncated);
        json_context_costs(w, "self", c->self_ir, &c->self_cache,
                           r->has_heap, &c->self_heap);
        json_context_costs(w, "inclusive", c->inclusive_ir,
                           &c->inclusive_cache, r->has_heap,
                           &c->inclusive_heap);
        json_context_costs(w, "no-symbol", c->no_symbol_ir,
                           &c->no_symbol_cache, false, NULL);
        hg_json_close(w);
    }
    hg_json_close(w);
    hg_json_close(w);
}

static void export_json(FILE *out, const struct hg_report *r)
{
    struct hg_json w = { .out = out };
    size_t i;

    hg_json_open(&w, NULL, '{', false);
    hg_json_count(&w, "format", r->format);
    json_run(&w, r);
    if (r->has_host) {
        hg_json_open(&w, "host", '{', false);
        hg_json_count(&w, "pid", r->host_pid);
        hg_json_count(&w, "ppid", r->host_ppid);
        hg_json_text(&w, "cwd", r->host_cwd);
        hg_json_close(&w);
    }
    hg_json_open(&w, "totals", '{', false);
    json_costs(&w, r->total_ir, &r->total_cache);
    json_branches(&w, &r->total_branch);
    if (r->has_heap) {
        hg_json_open(&w, "heap", '{', false);
        json_heap_traffic(&w, &r->heap.traffic);
        hg_json_count(&w, "peak-bytes", r->heap.peak_bytes);
        hg_json_count(&w, "peak-blocks", r->heap.peak_blocks);
        hg_json_count(&w, "exit-bytes", r->heap.exit_bytes);
        hg_json_count(&w, "exit-blocks", r->heap.exit_blocks);
        hg_json_close(&w);
    }
    hg_json_close(&w);
    hg_json_open(&w, "functions", '[', false);
    for (i = 0; i < r->function_count; i++)
        json_function(&w, &r->functions[i]);
    hg_json_close(&w);
    json_objects(&w, r);
    json_contexts(&w, r);
    if (r->zone_count > 0) {
        hg_json_open(&w, "zones", '[', false);
        for (i = 0; i < r->zone_count; i++) {
            const struct hg_zone *z = &r->zones[i];
            hg_json_open(&w, NULL, '{', false);
            hg_json_text(&w, "name", z->name);
            hg_json_count(&w, "calls", z->calls);
            json_inclusive(&w, z->inclusive_ir, &z->inclusive_cache,
                           z->has_inclusive_heap, &z->inclusive_heap);
            json_per_call(&w, z->has_per_call, &z->per_call);
            hg_json_close(&w);
        }
        hg_json_close(&w);
    }
    if (r->mark_count > 0) {
        hg_json_open(&w, "marks", '[', false);
        for (i = 0; i < r->mark_count; i++) {
            hg_json_open(&w, NULL, '{', false);
            hg_json_text(&w, "pattern", r->marks[i].pattern);
            hg_json_count(&w, "functions", r->marks[i].functions);
            hg_json_count(&w, "entered", r->marks[i].entered);
            hg_json_close(&w);
        }
        hg_json_close(&w);
    }
    json_threads(&w, r);
    json_synchronisation(&w, r);
    hg_json_close(&w);
}

/* ------------------------------------------------------------- BMF */

/* Bencher's measure for each metric of metrics.h; a metric missing here
   (added later) is exported under its own name.  min and max are not
   measures of their own: they bound "instructions-per-call", whose value
   is the mean.  Inclusive metrics ("incl-Ir") take the measure of the
   metric they include ("instructions"). */
static const struct {
    const char *metric;
    const char *measure;
} bmf_measures[] = {
    { "Ir", "instructions" },
    { "I1mr", "i1-read-misses" },
    { "ILmr", "ll-instruction-read-misses" },
    { "Dr", "data-reads" },
    { "D1mr", "d1-read-misses" },
    { "DLmr", "ll-data-read-misses" },
    { "Dw", "data-writes" },
    { "D1mw", "d1-write-misses" },
    { "DLmw", "ll-data-write-misses" },
    { "cycles", "estimated-cycles" },
    { "Bc", "conditional-branches" },
    { "Bcm", "conditional-branch-mispredictions" },
    { "Bi", "indirect-branches" },
    { "Bim", "indirect-branch-mispredictions" },
    { "allocs", "allocations" },
    { "alloc-bytes", "allocated-bytes" },
    { "frees", "frees" },
    { "free-bytes", "freed-bytes" },
    { "calls", "calls" },
    { "p50", "instructions-per-call-p50" },
    { "p95", "instructions-per-call-p95" },
    { "p99", "instructions-per-call-p99" },
    { "peak-bytes", "heap-peak-bytes" },
    { "peak-blocks", "heap-peak-blocks" },
    { "exit-bytes", "heap-exit-bytes" },
    { "exit-blocks", "heap-exit-blocks" },
};

static const char *bmf_measure(const char *metric)
{
    size_t i;
    if (strncmp(metric, "incl-", 5) == 0)
        metric += 5;
    for (i = 0; i < sizeof bmf_measures / sizeof bmf_measures[0]; i++)
        if (strcmp(bmf_measures[i].metric, metric) == 0)
            return bmf_measures[i].measure;
    return metric;
}

/* "PROGRAM ARG...: " before every benchmark name: the program without its
   directory (under `hotgrind run`, the launcher's `program` setting, not
   the fixed /proc/self/fd/3), then its arguments.  Caller frees. */
static char *bmf_prefix(const struct hg_report *r)
{
    const char *exe = hg_report_program(r);
    const char *slash = strrchr(exe, '/');
    const char *program = slash && slash[1] ? slash + 1 : exe;
    size_t n, i;
    char *prefix;

    if (program[0] == '\0')
        program = "program";
    n = strlen(program) + 3;
    for (i = 0; i < r->arg_count; i++)
        n += strlen(r->args[i]) + 1;
    prefix = hg_xmalloc(n);
    strcpy(prefix, program);
    for (i = 0; i < r->arg_count; i++) {
        strcat(prefix, " ");
        strcat(prefix, r->args[i]);
    }
    strcat(prefix, ": ");
    return prefix;
}

/* Marked functions sorted by name and object, to find those whose labels
   "NAME (OBJECT)" would be one benchmark name. */
static int compare_labels(const void *a, const void *b)
{
    const struct hg_function *f = *(const struct hg_function *const *)a;
    const struct hg_function *g = *(const struct hg_function *const *)b;
    int c = strcmp(f->name, g->name);
    return c != 0 ? c : strcmp(f->object, g->object);
}

/* Per function of R: true when another marked function has its name and
   object. */
static bool *bmf_shared_labels(const struct hg_report *r)
{
    size_t n = r->function_count, marked = 0, i;
    bool *shared = hg_xcalloc(n, sizeof *shared);
    const struct hg_function **sorted = hg_xmalloc(n * sizeof *sorted);

    for (i = 0; i < n; i++)
        if (r->functions[i].marked)
            sorted[marked++] = &r->functions[i];
    qsort(sorted, marked, sizeof *sorted, compare_labels);
    for (i = 1; i < marked; i++)
        if (compare_labels(&sorted[i - 1], &sorted[i]) == 0)
            shared[sorted[i - 1] - r->functions] =
                shared[sorted[i] - r->functions] = true;
    free(sorted);
    return shared;
}

static void bmf_value(struct hg_json *w, const char *measure,
                      uint64_t value)
{
    hg_json_open(w, measure, '{', false);
    hg_json_count(w, "value", value);
    hg_json_close(w);
}

/* "instructions-per-call": the mean, between the cheapest and the most
   expensive call. */
static void bmf_per_call(struct hg_json *w, const struct hg_per_call *pc)
{
    char mean[MEAN_TEXT_SIZE];
    hg_json_open(w, "instructions-per-call", '{', false);
    hg_json_key(w, "value");
    fputs(mean_text(pc, mean), w->out);
    hg_json_count(w, "lower_value", pc->min);
    hg_json_count(w, "upper_value", pc->max);
    hg_json_close(w);
}

/* One benchmark: ENTITY's metrics of the scopes it has.  SHARED: its
   label is another marked function's too, so the file is added. */
static void bmf_benchmark(struct hg_json *w, const struct hg_report *r,
                          const char *prefix, const struct hg_entity *entity,
                          bool shared)
{
    const struct hg_per_call *pc = NULL;
    size_t n, i;
    const struct hg_metric *metrics = hg_metrics(&n);
    char *label = hg_entity_label(entity);
    char *name;
    bool totals = entity->function == NULL && entity->zone == NULL;

    if (shared)   /* "NAME (OBJECT)" -> "NAME (OBJECT, FILE)" */
        name = hg_xasprintf("%s%.*s, %s)", prefix, (int)strlen(label) - 1,
                            label, entity->function->file);
    else
        name = hg_xasprintf("%s%s", prefix, label);
    free(label);

    if (entity->function != NULL && entity->function->has_per_call)
        pc = &entity->function->per_call;
    else if (entity->zone != NULL && entity->zone->has_per_call)
        pc = &entity->zone->per_call;
    hg_json_open(w, name, '{', false);
    free(name);
    for (i = 0; i < n; i++) {
        const struct hg_metric *m = &metrics[i];
        uint64_t value;
        bool ours = totals ? m->scope != HG_SCOPE_MARKED
                           : m->scope == HG_SCOPE_MARKED;
        if (!ours)
            continue;
        if (strcmp(m->name, "min") == 0 && pc != NULL)
            bmf_per_call(w, pc);
        if (strcmp(m->name, "min") == 0 || strcmp(m->name, "max") == 0)
            continue;
        if (hg_metric_value(m, r, entity, &value))
            bmf_value(w, bmf_measure(m->name), value);
    }
    hg_json_close(w);
}

static void export_bmf(FILE *out, const struct hg_report *r)
{
    struct hg_json w = { .out = out };
    struct hg_entity entity = { NULL, NULL };
    char *prefix = bmf_prefix(r);
    bool *shared = bmf_shared_labels(r);
    size_t i;

    hg_json_open(&w, NULL, '{', false);
    bmf_benchmark(&w, r, prefix, &entity, false);
    for (i = 0; i < r->function_count; i++) {
        entity.function = &r->functions[i];
        if (entity.function->marked)
            bmf_benchmark(&w, r, prefix, &entity, shared[i]);
    }
    entity.function = NULL;
    for (i = 0; i < r->zone_count; i++) {
        entity.zone = &r->zones[i];
        bmf_benchmark(&w, r, prefix, &entity, false);
    }
    free(prefix);
    free(shared);
    hg_json_close(&w);
}

/* -------------------------------------------------------- Callgrind */

/* Where an event's figure is in a report's cost. */
enum cg_source { CG_IR, CG_CACHE, CG_BRANCH, CG_HEAP };

/* The events a Callgrind file can carry, in its column order: the
   report's metric of a function's own cost, Callgrind's event name
   (letters and digits only, as the format wants), a long name, and where
   the figure is (INDEX into the cache, branch or heap figures). */
static const struct {
    const char *metric;
    const char *event;
    const char *long_name;
    enum cg_source source;
    int index;
} cg_events[] = {
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

enum { CG_EVENTS = sizeof cg_events / sizeof cg_events[0] };

/* Indexes into strings that equal strings share, for name compression. */
struct string_ref {
    const char *text;
    size_t index;
};

static int compare_string_refs(const void *a, const void *b)
{
    const struct string_ref *x = a, *y = b;
    int c = strcmp(x->text, y->text);
    if (c != 0)
        return c;
    return x->index < y->index ? -1 : x->index > y->index;
}

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
    struct string_ref *refs = hg_xmalloc((n + 1) * sizeof *refs);
    size_t i;

    names->class_of = hg_xmalloc((n + 1) * sizeof *names->class_of);
    names->id = hg_xcalloc(n + 1, sizeof *names->id);
    names->next_id = 0;
    names->current = SIZE_MAX;
    for (i = 0; i < n; i++) {
        refs[i].text = texts[i];
        refs[i].index = i;
    }
    qsort(refs, n, sizeof *refs, compare_string_refs);
    for (i = 0; i < n; i++)
        names->class_of[refs[i].index] =
            i > 0 && strcmp(refs[i].text, refs[i - 1].text) == 0
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

struct cg_writer {
    FILE *out;
    const struct hg_report *report;
    const struct hg_metric *self[CG_EVENTS];   /* NULL: not in the file */
    const struct hg_metric *inclusive[CG_EVENTS];
    uint64_t sum[CG_EVENTS];      /* of the self cost lines */
    bool sum_fits;
    unsigned next_fn_id;
    bool lines;                   /* the report has per-line costs */
};

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
static void cg_value_line(struct cg_writer *w, unsigned line,
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
static void cg_writer_init(struct cg_writer *w, FILE *out,
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
static void cg_self_values(const struct hg_function *f, uint64_t *values)
{
    int e;
    for (e = 0; e < CG_EVENTS; e++)
        values[e] = cg_event_value(e, f->self_ir, &f->self_cache,
                                   &f->self_branch,
                                   f->has_heap ? &f->heap : NULL);
}

/* LINE's cost, per cg_events: a line has no heap figures. */
static void cg_line_values(const struct hg_line *line, uint64_t *values)
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
static bool cg_unlined_values(const struct cg_writer *w,
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

/* The <callees> of function I, each a call with the edge's inclusive
   costs. */
static void cg_callees(struct cg_writer *w, struct cg_graph *g, size_t i)
{
    const struct hg_function *f = &w->report->functions[i];
    uint64_t values[CG_EVENTS];
    size_t c;
    int e;

    for (c = 0; c < f->callee_count; c++) {
        const struct hg_call *call = &f->callees[c];
        for (e = 0; e < CG_EVENTS; e++)
            values[e] = cg_event_value(e, call->ir, &call->cache, NULL,
                                       call->has_heap ? &call->heap : NULL);
        cg_call(w, g, call->callee, call->calls, values);
    }
}

/* The entries with no known caller of each function that has some: a
   stand-in "(no known caller of NAME)" calls it outside-calls times, at
   its inclusive cost less that of the calls from known callers (0 if
   recursion makes those more), so that callgrind_annotate's inclusive
   cost of a function, the sum of its incoming calls, is the report's for
   every function that is not recursive. */
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
        for (c = 0; c < r->functions[i].callee_count; c++) {
            const struct hg_call *call = &r->functions[i].callees[c];
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
static void cg_command(FILE *out, const struct hg_report *r)
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
static void cg_cache_geometry(FILE *out, const struct hg_report *r)
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
static char *cg_file_name(const char *file, const char *dir)
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
    struct string_ref *refs = hg_xmalloc((n + 1) * sizeof *refs);
    bool *shared = hg_xcalloc(n + 1, sizeof *shared);

    /* "FILE\nNAME": one text for the pair callgrind_annotate sees. */
    for (i = 0; i < n; i++) {
        refs[i].text = hg_xasprintf("%s\n%s", r->functions[i].file,
                                    r->functions[i].name);
        refs[i].index = i;
    }
    qsort(refs, n, sizeof *refs, compare_string_refs);
    /* A run of equal pairs shared by two objects or more. */
    for (start = 0; start < n; start = i) {
        bool several = false;
        const char *object = r->functions[refs[start].index].object;
        for (i = start; i < n && strcmp(refs[i].text, refs[start].text) == 0;
             i++)
            several = several || strcmp(r->functions[refs[i].index].object,
                                        object) != 0;
        for (k = start; k < i; k++)
            shared[refs[k].index] =
                several || strcmp(r->functions[refs[k].index].name, "???") == 0;
    }
    for (i = 0; i < n; i++)
        free((char *)refs[i].text);
    free(refs);
    return shared;
}

static void export_callgrind(FILE *out, const struct hg_report *r)
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
    free(file_texts);
    free(object_texts);
    free(shared);
}

/* ------------------------------------------------------- Cachegrind */

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
static void export_cachegrind(FILE *out, const struct hg_report *r)
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

/* ----------------------------------------------------------- folded */

/* Without contexts: "OBJECT;FUNCTION SELF", one line per function whose
   figure is not 0, in the report's order: the only nesting that is true
   is that of functions in objects.  Marked functions and zones add
   nothing: their inclusive costs are other functions' self costs, already
   counted.  With contexts, flamegraph.c writes the stacks. */
static void export_folded(FILE *out, const struct hg_report *r,
                          const struct hg_flame_metric *metric)
{
    size_t i;
    if (r->has_contexts) {
        hg_write_folded_contexts(out, r, metric);
        return;
    }
    for (i = 0; i < r->function_count; i++) {
        const struct hg_function *f = &r->functions[i];
        uint64_t value = hg_flame_function_self(metric, f);
        if (value == 0)
            continue;
        hg_folded_frame(out, f->object);
        fputc(';', out);
        hg_folded_frame(out, f->name);
        fprintf(out, " %" PRIu64 "\n", value);
    }
}

/* ---------------------------------------------------------- command */

static enum format parse_format(const char *name)
{
    int i;
    for (i = FORMAT_CALLGRIND; i <= FORMAT_SVG; i++)
        if (strcmp(name, format_names[i]) == 0)
            return (enum format)i;
    return FORMAT_NONE;
}

/* --metric, --title and --width: only for the formats that use them. */
static int check_flame_options(enum format format, const char *metric_text,
                               const char *title, const char *width_text,
                               struct hg_flame_metric *metric,
                               struct hg_flame_style *style)
{
    if (metric_text != NULL && format != FORMAT_FOLDED && format != FORMAT_SVG)
        return hg_usage_error("export", export_usage, "--metric is for "
                              "--format=folded and --format=svg");
    if ((title != NULL || width_text != NULL) && format != FORMAT_SVG)
        return hg_usage_error("export", export_usage, "--%s is for "
                              "--format=svg", title != NULL ? "title"
                              : "width");
    return hg_flame_options("export", export_usage, metric_text, title,
                            width_text, metric, style);
}

int cmd_export(int argc, char **argv)
{
    const char *path, *out_path = NULL, *format_text = NULL;
    const char *metric_text = NULL, *title = NULL, *width_text = NULL;
    const struct hg_command_line line = {
        .command = "export", .usage = export_usage, .help = export_help,
        .options = {
            { .name = "--format", .value = &format_text },
            { .name = "--metric", .value = &metric_text },
            { .name = "--title", .value = &title },
            { .name = "--width", .value = &width_text },
            { .name = "-o", .value = &out_path },
        },
    };
    char problem[HG_PROBLEM_SIZE];
    struct hg_output output;
    struct hg_report *report;
    struct hg_flame_metric metric;
    struct hg_flame_style style;
    enum format format;
    int status;

    status = hg_parse_one_report(&line, argc, argv, &path);
    if (status != -1)
        return status;
    if (format_text == NULL)
        return hg_usage_error("export", export_usage, "no --format given");
    format = parse_format(format_text);
    if (format == FORMAT_NONE)
        return hg_usage_error("export", export_usage, "unknown format '%s' "
                              "(callgrind, cachegrind, json, bmf, folded or svg)",
                              format_text);
    status = check_flame_options(format, metric_text, title, width_text,
                                 &metric, &style);
    if (status != -1)
        return status;
    if (path == NULL)
        return hg_usage_error("export", export_usage, "no REPORT given");

    if ((report = hg_load_report(path)) == NULL)
        return HG_EXIT_TROUBLE;
    if (format == FORMAT_SVG && !report->has_contexts) {
        hg_say_problem(path, "the report has no calling contexts (it was "
                       "made without --call-graph=yes, or with "
                       "--max-contexts=0), which --format=svg draws");
        hg_report_free(report);
        return HG_EXIT_TROUBLE;
    }
    if ((format == FORMAT_FOLDED || format == FORMAT_SVG)
        && !hg_flame_metric_in(report, &metric, problem, sizeof problem)) {
        hg_say_problem(path, problem);
        hg_report_free(report);
        return HG_EXIT_TROUBLE;
    }
    if (!hg_output_open(&output, out_path, problem, sizeof problem)) {
        fprintf(stderr, "hotgrind export: %s\n", problem);
        hg_report_free(report);
        return HG_EXIT_TROUBLE;
    }
    switch (format) {
    case FORMAT_CALLGRIND: export_callgrind(output.file, report); break;
    case FORMAT_CACHEGRIND: export_cachegrind(output.file, report); break;
    case FORMAT_JSON:      export_json(output.file, report); break;
    case FORMAT_BMF:       export_bmf(output.file, report); break;
    case FORMAT_SVG:
        hg_write_flame_svg(output.file, report, &metric, &style);
        break;
    default:               export_folded(output.file, report, &metric); break;
    }
    hg_report_free(report);
    if (!hg_output_commit(&output, problem, sizeof problem)) {
        fprintf(stderr, "hotgrind export: %s\n", problem);
        return HG_EXIT_TROUBLE;
    }
    return HG_EXIT_OK;
}
