/* hotgrind: a report's calling contexts as a tree of frames in one
   figure, and each function's frame name (report/contexts.h).
   GPL-2.0-or-later; part of hotgrind. */

/* docs/export.md says what the frames are.  Children are ordered by
   name, byte by byte, so that the same stacks are drawn in the same place
   in two reports (the differential graph compares them side by side in
   time).  Everything is computed in integers: the same report always
   gives the same tree. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/contexts.h"
#include "report/metrics.h"
#include "report/report.h"
#include "util/hash.h"
#include "util/index-table.h"
#include "util/sort.h"
#include "util/xalloc.h"

/* ------------------------------------------------------------- metrics */

bool hg_flame_metric_named(const char *name, struct hg_flame_metric *metric)
{
    const struct hg_metric *m = hg_metric_named(name);
    if (m == NULL)
        return false;
    metric->name = m->name;
    metric->source = hg_metric_context_figure(m, &metric->index);
    return metric->source != HG_CONTEXT_NONE;
}

char *hg_flame_metric_names(void)
{
    size_t count, i;
    const struct hg_metric *all = hg_metrics(&count);
    char *names = hg_xstrdup("");
    for (i = 0; i < count; i++) {
        struct hg_flame_metric metric;
        char *longer;
        if (!hg_flame_metric_named(all[i].name, &metric))
            continue;
        longer = hg_xasprintf("%s%s%s", names, names[0] ? ", " : "",
                              metric.name);
        free(names);
        names = longer;
    }
    return names;
}

bool hg_flame_metric_in(const struct hg_report *report,
                        const struct hg_flame_metric *metric, char *problem,
                        size_t problem_size)
{
    const struct hg_cache_costs *cache = report->has_contexts
                                         ? &report->outside_cache
                                         : &report->total_cache;
    if (metric->source == HG_CONTEXT_CACHE && !cache->present)
        snprintf(problem, problem_size, "the report has no %s figures (it "
                 "was made without --cache-sim=yes)", metric->name);
    else if (metric->source == HG_CONTEXT_CACHE && metric->index == HG_CYCLES
             && !cache->has_cycles)
        snprintf(problem, problem_size, "the report has no cycles figures "
                 "(it was made before the cost model)");
    else if (metric->source == HG_CONTEXT_HEAP && !report->has_heap)
        snprintf(problem, problem_size, "the report has no %s figures (it "
                 "was made without --heap=yes)", metric->name);
    else
        return true;
    return false;
}

uint64_t hg_flame_figure(const struct hg_flame_metric *metric, uint64_t ir,
                         const struct hg_cache_costs *cache,
                         const struct hg_heap_traffic *heap)
{
    switch (metric->source) {
    case HG_CONTEXT_CACHE: return cache->value[metric->index];
    case HG_CONTEXT_HEAP: return hg_heap_figure(heap, metric->index);
    default: return ir;
    }
}

uint64_t hg_flame_run_total(const struct hg_report *report,
                            const struct hg_flame_metric *metric)
{
    uint64_t total = hg_flame_figure(metric, report->outside_ir,
                                     &report->outside_cache,
                                     &report->outside_heap);
    size_t i;
    for (i = 0; i < report->context_count; i++) {
        const struct hg_context *c = &report->contexts[i];
        total += hg_flame_figure(metric, c->self_ir, &c->self_cache,
                                 &c->self_heap);
    }
    return total;
}

/* --------------------------------------------------------- frame names */

struct name_ref {
    const char *name, *object;
    size_t index;
};

static int compare_name_refs(const void *a, const void *b)
{
    const struct name_ref *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    if (c == 0)
        c = strcmp(x->object, y->object);
    return c != 0 ? c : (x->index > y->index) - (x->index < y->index);
}

char **hg_frame_names(const struct hg_report *report)
{
    size_t n = report->function_count, i, k, start;
    struct name_ref *refs = hg_xcalloc(n + 1, sizeof *refs);
    char **names = hg_xcalloc(n + 1, sizeof *names);

    for (i = 0; i < n; i++) {
        refs[i].name = report->functions[i].name;
        refs[i].object = report->functions[i].object;
        refs[i].index = i;
    }
    qsort(refs, n, sizeof *refs, compare_name_refs);
    /* A run of one name: in several objects, each frame says which. */
    for (start = 0; start < n; start = i) {
        bool several = false;
        for (i = start; i < n && strcmp(refs[i].name, refs[start].name) == 0;
             i++)
            several = several
                      || strcmp(refs[i].object, refs[start].object) != 0;
        for (k = start; k < i; k++)
            names[refs[k].index] =
                several || strcmp(refs[k].name, "???") == 0
                ? hg_xasprintf("%s [%s]", refs[k].name, refs[k].object)
                : hg_xstrdup(refs[k].name);
    }
    free(refs);
    return names;
}

void hg_frame_names_free(char **names, size_t count)
{
    size_t i;
    if (names == NULL)
        return;
    for (i = 0; i < count; i++)
        free(names[i]);
    free(names);
}

/* ---------------------------------------------------------- the tree */

static size_t frame_hash(size_t parent, const char *name)
{
    uint64_t h = hg_fnv1a(HG_FNV1A_BASIS ^ (uint64_t)parent, name);
    return (size_t)(h ^ (h >> 29));
}

static size_t hash_of_frame(const void *items, size_t i)
{
    const struct hg_frame *f = &((const struct hg_frame *)items)[i];
    return frame_hash(f->parent, f->name);
}

/* A frame's key: its parent and name. */
struct frame_key {
    size_t parent;
    const char *name;
};

static bool frame_is(const void *items, size_t i, const void *key)
{
    const struct hg_frame *f = &((const struct hg_frame *)items)[i];
    const struct frame_key *k = key;
    return f->parent == k->parent && strcmp(f->name, k->name) == 0;
}

/* The slot of the frame (PARENT, NAME), or the empty one it would take;
   NULL when T has none. */
static size_t *frame_slot(const struct hg_frame_tree *t, size_t parent,
                          const char *name)
{
    struct frame_key key = { parent, name };
    return index_table_find(&t->table, frame_hash(parent, name), frame_is,
                            t->frames, &key);
}

/* The child NAME of PARENT (HG_NO_FRAME: the root), made if new. */
static size_t child_frame(struct hg_frame_tree *t, size_t parent,
                          const char *name)
{
    size_t *slot;
    struct hg_frame *f;

    index_table_reserve(&t->table, t->count, hash_of_frame, t->frames);
    slot = frame_slot(t, parent, name);
    if (*slot != INDEX_TABLE_EMPTY)
        return *slot;
    t->frames = hg_xgrow(t->frames, &t->capacity, t->count + 1,
                         sizeof *t->frames, 64);
    f = &t->frames[t->count];
    memset(f, 0, sizeof *f);
    f->name = name;
    f->parent = parent;
    f->depth = parent == HG_NO_FRAME ? 0 : t->frames[parent].depth + 1;
    f->other = HG_NO_FRAME;
    *slot = t->count;
    return t->count++;
}

/* The frame (PARENT, NAME) if there is one. */
size_t hg_frame_tree_lookup(const struct hg_frame_tree *t, size_t parent,
                            const char *name)
{
    const size_t *slot = frame_slot(t, parent, name);
    return slot == NULL || *slot == INDEX_TABLE_EMPTY ? HG_NO_FRAME : *slot;
}

/* Totals from the leaves up, children by name, then offsets from the root
   out.  A frame's parent comes before it in the array. */
static void lay_out(struct hg_frame_tree *t)
{
    size_t n = t->count, i, k;
    size_t *next = hg_xcalloc(n + 1, sizeof *next);
    struct hg_named_index *kids = hg_xcalloc(n + 1, sizeof *kids);

    for (i = 0; i < n; i++)
        t->frames[i].total = t->frames[i].self;
    for (i = n; i-- > 1;)
        t->frames[t->frames[i].parent].total += t->frames[i].total;
    t->first_child = hg_xcalloc(n + 1, sizeof *t->first_child);
    t->children = hg_xcalloc(n + 1, sizeof *t->children);
    for (i = 1; i < n; i++)
        t->first_child[t->frames[i].parent + 1]++;
    for (i = 0; i < n; i++)
        t->first_child[i + 1] += t->first_child[i];
    for (i = 0; i < n; i++)
        next[i] = t->first_child[i];
    for (i = 1; i < n; i++)
        t->children[next[t->frames[i].parent]++] = i;
    for (i = 0; i < n; i++) {
        size_t from = t->first_child[i], to = t->first_child[i + 1];
        uint64_t offset = t->frames[i].offset;
        for (k = from; k < to; k++) {
            kids[k - from].name = t->frames[t->children[k]].name;
            kids[k - from].index = t->children[k];
        }
        qsort(kids, to - from, sizeof *kids, hg_compare_named_indexes);
        for (k = from; k < to; k++) {
            t->children[k] = kids[k - from].index;
            t->frames[kids[k - from].index].offset = offset;
            offset += t->frames[kids[k - from].index].total;
        }
    }
    free(kids);
    free(next);
}

/* The tree of REPORT's contexts in METRIC: "all", then "[outside]" when
   not 0, "[truncated]" above the truncated roots, one frame per stack. */
void hg_frame_tree_build(struct hg_frame_tree *t, const struct hg_report *r,
                         const struct hg_flame_metric *metric)
{
    size_t *frame_of = hg_xcalloc(r->context_count + 1, sizeof *frame_of);
    size_t root, truncated = HG_NO_FRAME, i;
    uint64_t outside = hg_flame_figure(metric, r->outside_ir,
                                       &r->outside_cache, &r->outside_heap);

    memset(t, 0, sizeof *t);
    t->names = hg_frame_names(r);
    t->name_count = r->function_count;
    root = child_frame(t, HG_NO_FRAME, "all");
    if (outside != 0)
        t->frames[child_frame(t, root, "[outside]")].self = outside;
    for (i = 0; i < r->context_count; i++) {
        const struct hg_context *c = &r->contexts[i];
        size_t parent = c->parent != HG_NO_PARENT ? frame_of[c->parent]
                        : root;
        struct hg_frame *f;
        if (c->parent == HG_NO_PARENT && c->truncated) {
            if (truncated == HG_NO_FRAME)
                truncated = child_frame(t, root, "[truncated]");
            parent = truncated;
        }
        frame_of[i] = child_frame(t, parent, t->names[c->function]);
        f = &t->frames[frame_of[i]];
        f->from_context = true;
        f->self += hg_flame_figure(metric, c->self_ir, &c->self_cache,
                                   &c->self_heap);
        f->inclusive += hg_flame_figure(metric, c->inclusive_ir,
                                        &c->inclusive_cache,
                                        &c->inclusive_heap);
        f->calls += c->calls;
    }
    free(frame_of);
    lay_out(t);
}

void hg_frame_tree_free(struct hg_frame_tree *t)
{
    hg_frame_names_free(t->names, t->name_count);
    free(t->frames);
    index_table_free(&t->table);
    free(t->children);
    free(t->first_child);
}

/* ---------------------------------------------- outermost calls */

/* A call's costs as one vector, to be added and compared figure by
   figure: Ir, the cache figures, the heap traffic. */
enum { HEAP_AT = 1 + HG_CACHE_METRICS, COST_FIGURES = HEAP_AT + 4 };

static void costs_of(uint64_t *v, uint64_t ir,
                     const struct hg_cache_costs *cache,
                     const struct hg_heap_traffic *heap)
{
    int i;
    v[0] = ir;
    for (i = 0; i < HG_CACHE_METRICS; i++)
        v[1 + i] = cache->value[i];
    v[HEAP_AT] = heap->allocs;
    v[HEAP_AT + 1] = heap->alloc_bytes;
    v[HEAP_AT + 2] = heap->frees;
    v[HEAP_AT + 3] = heap->free_bytes;
}

static void set_costs(struct hg_call *call, const uint64_t *v)
{
    int i;
    call->ir = v[0];
    for (i = 0; i < HG_CACHE_METRICS; i++)
        call->cache.value[i] = v[1 + i];
    call->heap.allocs = v[HEAP_AT];
    call->heap.alloc_bytes = v[HEAP_AT + 1];
    call->heap.frees = v[HEAP_AT + 2];
    call->heap.free_bytes = v[HEAP_AT + 3];
}

/* The call of function CALLER to CALLEE in CALLS (its callees are
   sorted by callee), or NULL. */
static struct hg_call *call_to(struct hg_call *calls, const size_t *first,
                               size_t caller, size_t callee)
{
    size_t low = first[caller], high = first[caller + 1];
    while (low < high) {
        size_t mid = low + (high - low) / 2;
        if (calls[mid].callee == callee)
            return &calls[mid];
        if (calls[mid].callee < callee)
            low = mid + 1;
        else
            high = mid;
    }
    return NULL;
}

/* From the contexts: each call to a recursive function is the sum of its
   contexts under the caller's that have no activation of it above
   them.  The contexts come in pre-order, so the open path is a stack,
   and OPEN counts each function's contexts on it. */
static void outermost_from_contexts(const struct hg_report *r,
                                    struct hg_call *calls,
                                    const size_t *first)
{
    size_t n = r->context_count, depth = 0, i;
    size_t *path = hg_xcalloc(n + 1, sizeof *path);
    size_t *open = hg_xcalloc(r->function_count + 1, sizeof *open);
    uint64_t sum[COST_FIGURES], add[COST_FIGURES];
    int k;

    for (i = 0; i < n; i++) {
        const struct hg_context *c = &r->contexts[i];
        const struct hg_function *f = &r->functions[c->function];
        while (depth > 0 && path[depth - 1] != c->parent)
            open[r->contexts[path[--depth]].function]--;
        if (f->recursive && c->parent != HG_NO_PARENT
            && open[c->function] == 0) {
            struct hg_call *call =
                call_to(calls, first, r->contexts[c->parent].function,
                        c->function);
            if (call != NULL) {
                costs_of(sum, call->ir, &call->cache, &call->heap);
                costs_of(add, c->inclusive_ir, &c->inclusive_cache,
                         &c->inclusive_heap);
                for (k = 0; k < COST_FIGURES; k++)
                    sum[k] += add[k];
                set_costs(call, sum);
            }
        }
        path[depth++] = i;
        open[c->function]++;
    }
    free(open);
    free(path);
}

/* Each function's strongly connected component of the call graph
   (Tarjan's, without recursion: a cycle of the call graph can be as
   long as the program). */
static size_t *components(const struct hg_report *r)
{
    size_t n = r->function_count, next = 1, count = 0, top = 0, depth = 0;
    size_t *order = hg_xcalloc(n + 1, sizeof *order);   /* 0: unseen */
    size_t *low = hg_xcalloc(n + 1, sizeof *low);
    size_t *component = hg_xcalloc(n + 1, sizeof *component);
    size_t *stack = hg_xcalloc(n + 1, sizeof *stack);
    bool *on_stack = hg_xcalloc(n + 1, sizeof *on_stack);
    size_t *walk = hg_xcalloc(n + 1, sizeof *walk);     /* functions */
    size_t *edge = hg_xcalloc(n + 1, sizeof *edge);     /* next callee */
    size_t start;

    for (start = 0; start < n; start++) {
        if (order[start] != 0)
            continue;
        walk[depth] = start;
        edge[depth++] = 0;
        order[start] = low[start] = next++;
        stack[top++] = start;
        on_stack[start] = true;
        while (depth > 0) {
            size_t v = walk[depth - 1];
            const struct hg_function *f = &r->functions[v];
            if (edge[depth - 1] < f->callee_count) {
                size_t w = f->callees[edge[depth - 1]++].callee;
                if (order[w] == 0) {
                    order[w] = low[w] = next++;
                    stack[top++] = w;
                    on_stack[w] = true;
                    walk[depth] = w;
                    edge[depth++] = 0;
                } else if (on_stack[w] && order[w] < low[v])
                    low[v] = order[w];
                continue;
            }
            if (low[v] == order[v]) {
                size_t w;
                do {
                    w = stack[--top];
                    on_stack[w] = false;
                    component[w] = count;
                } while (w != v);
                count++;
            }
            if (--depth > 0 && low[v] < low[walk[depth - 1]])
                low[walk[depth - 1]] = low[v];
        }
    }
    free(edge);
    free(walk);
    free(on_stack);
    free(stack);
    free(low);
    free(order);
    return component;
}

/* Without contexts: each recursive function's inclusive costs, less
   those of its calls from outside its component, go to the calls from
   inside it in the report's order, each at most its own costs. */
static void outermost_from_cycles(const struct hg_report *r,
                                  struct hg_call *calls, const size_t *first)
{
    size_t n = r->function_count, i, c;
    size_t *component = components(r);
    uint64_t *rest = hg_xcalloc((n + 1) * COST_FIGURES, sizeof *rest);
    uint64_t v[COST_FIGURES];
    int k;

    for (i = 0; i < n; i++) {
        const struct hg_function *f = &r->functions[i];
        costs_of(rest + i * COST_FIGURES, f->inclusive_ir,
                 &f->inclusive_cache, &f->inclusive_heap);
    }
    for (i = 0; i < n; i++)
        for (c = first[i]; c < first[i + 1]; c++) {
            size_t callee = calls[c].callee;
            uint64_t *left = rest + callee * COST_FIGURES;
            if (!r->functions[callee].recursive
                || component[callee] == component[i])
                continue;
            costs_of(v, calls[c].ir, &calls[c].cache, &calls[c].heap);
            for (k = 0; k < COST_FIGURES; k++)
                left[k] = left[k] > v[k] ? left[k] - v[k] : 0;
        }
    for (i = 0; i < n; i++)
        for (c = first[i]; c < first[i + 1]; c++) {
            size_t callee = calls[c].callee;
            uint64_t *left = rest + callee * COST_FIGURES;
            if (!r->functions[callee].recursive
                || component[callee] != component[i])
                continue;
            costs_of(v, calls[c].ir, &calls[c].cache, &calls[c].heap);
            for (k = 0; k < COST_FIGURES; k++) {
                v[k] = v[k] < left[k] ? v[k] : left[k];
                left[k] -= v[k];
            }
            set_costs(&calls[c], v);
        }
    free(rest);
    free(component);
}

struct hg_call *hg_outermost_calls(const struct hg_report *r, size_t **first)
{
    size_t n = r->function_count, i, c;
    size_t *at = hg_xcalloc(n + 1, sizeof *at);
    struct hg_call *calls;

    for (i = 0; i < n; i++)
        at[i + 1] = at[i] + r->functions[i].callee_count;
    calls = hg_xcalloc(at[n] + 1, sizeof *calls);
    for (i = 0; i < n; i++)
        for (c = 0; c < r->functions[i].callee_count; c++) {
            struct hg_call *call = &calls[at[i] + c];
            *call = r->functions[i].callees[c];
            /* Recursive callees' calls are summed again below. */
            if (r->functions[call->callee].recursive
                && r->has_contexts && !r->contexts_truncated) {
                uint64_t zero[COST_FIGURES] = { 0 };
                set_costs(call, zero);
                call->has_heap = r->functions[call->callee].has_inclusive_heap;
            }
        }
    if (r->has_contexts && !r->contexts_truncated)
        outermost_from_contexts(r, calls, at);
    else
        outermost_from_cycles(r, calls, at);
    *first = at;
    return calls;
}
