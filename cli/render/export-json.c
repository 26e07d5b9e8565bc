/* hotgrind export --format=json: the whole report as JSON, keys in the
   report's order, counts as integers (docs/export.md).
   GPL-2.0-or-later; part of hotgrind. */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "render/export.h"
#include "render/json.h"
#include "report/report.h"
#include "report/write.h"

static void json_attribute_text(void *w, const char *name, const char *value)
{
    hg_json_text(w, name, value);
}

static void json_attribute_count(void *w, const char *name, uint64_t value)
{
    hg_json_count(w, name, value);
}

static void json_attribute_flag(void *w, const char *name, bool value)
{
    hg_json_bool(w, name, value);
}

/* The report's attributes of an element as members of W's objects. */
static struct hg_attributes json_attributes(struct hg_json *w)
{
    struct hg_attributes a = { json_attribute_text, json_attribute_count,
                               json_attribute_flag, w };
    return a;
}

/* KEY: {the ATTRIBUTES of ITEM}. */
static void json_element(struct hg_json *w, const char *key,
                         hg_item_attributes *attributes, const void *item)
{
    struct hg_attributes a = json_attributes(w);
    hg_json_open(w, key, '{', false);
    attributes(&a, item);
    hg_json_close(w);
}

/* hg_run_element_fn: NAME: {its attributes}. */
static void json_run_element(void *w, const char *name,
                             hg_report_attributes *attributes,
                             const struct hg_report *r)
{
    struct hg_attributes a = json_attributes(w);
    hg_json_open(w, name, '{', false);
    attributes(&a, r);
    hg_json_close(w);
}

/* KEY: [an object of ATTRIBUTES for each of the COUNT items of SIZE
   bytes at ITEMS]. */
static void json_list(struct hg_json *w, const char *key, const void *items,
                      size_t count, size_t size,
                      hg_item_attributes *attributes)
{
    size_t i;
    hg_json_open(w, key, '[', false);
    for (i = 0; i < count; i++)
        json_element(w, NULL, attributes, (const char *)items + i * size);
    hg_json_close(w);
}

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
    hg_for_each_run_element(r, json_run_element, w);
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
    struct hg_attributes a = json_attributes(w);
    hg_json_open(w, NULL, '{', false);
    hg_function_place_attributes(&a, f->name, f->object, f->file, f->line,
                                 f->dir, f->marked);
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
    struct hg_attributes a = json_attributes(w);
    size_t i;
    if (!r->has_threads)
        return;
    hg_json_open(w, "threads", '[', false);
    for (i = 0; i < r->thread_count; i++) {
        const struct hg_thread *t = &r->threads[i];
        hg_json_open(w, NULL, '{', false);
        hg_thread_attributes(&a, t);
        if (t->has_sync_ir)
            hg_json_count(w, "sync-Ir", t->sync_ir);
        if (t->has_heap)
            json_heap_traffic(w, &t->heap);
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
    /* <objects>: each object's name, and its soname and build-id when
       known. */
    if (r->object_count > 0)
        json_list(&w, "objects", r->objects, r->object_count,
                  sizeof *r->objects, hg_object_attributes);
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
    if (r->mark_count > 0)
        json_list(&w, "marks", r->marks, r->mark_count, sizeof *r->marks,
                  hg_mark_attributes);
    json_threads(&w, r);
    if (r->has_mutexes)
        json_list(&w, "mutexes", r->mutexes, r->mutex_count,
                  sizeof *r->mutexes, hg_mutex_attributes);
    if (r->has_events)
        json_list(&w, "events", r->events, r->event_count, sizeof *r->events,
                  hg_event_attributes);
    hg_json_close(&w);
}
