/* hotgrind export --format=json: the whole report as JSON, keys in the
   report's order, counts as integers (docs/export.md).
   GPL-2.0-or-later; part of hotgrind. */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "render/export.h"
#include "render/json.h"
#include "report/report.h"

/* {"name": NAME, "value": VALUE}: an option or an environment value. */
static void json_name_value(struct hg_json *w, const char *name,
                            const char *value)
{
    hg_json_open(w, NULL, '{', false);
    hg_json_text(w, "name", name);
    hg_json_text(w, "value", value);
    hg_json_close(w);
}

/* KEY: [{"name": ..., "value": ...}...]: options, launcher settings or
   environment values. */
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

const char *hg_export_mean_text(const struct hg_per_call *pc,
                                char text[HG_MEAN_TEXT_SIZE])
{
    snprintf(text, HG_MEAN_TEXT_SIZE, "%" PRIu64 ".%02u", pc->mean_units,
             pc->mean_hundredths % 100);
    return text;
}

/* The mean as written in the report: a string, so that its two decimals
   stay exact. */
static void json_per_call(struct hg_json *w, bool has_per_call,
                          const struct hg_per_call *pc)
{
    char mean[HG_MEAN_TEXT_SIZE];
    if (!has_per_call)
        return;
    hg_export_mean_text(pc, mean);
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
        json_pairs(w, "vars", r->environment, r->environment_count);
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

void hg_export_json(FILE *out, const struct hg_report *r)
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
