/* The call graph and calling contexts of merge: calls summed by (caller,
   callee) and contexts by stack, as merged functions.
   GPL-2.0-or-later; part of hotgrind. */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "merge/merge.h"
#include "merge/sums.h"
#include "util/hash.h"
#include "util/index-table.h"
#include "util/xalloc.h"

/* The call graph of F, summed into SUM: what it adds, its merged index
   under its id, and its callees kept for merge_sum_pending_calls. */
void merge_sum_graph_function(struct merged_functions *m,
                              struct hg_function *f,
                              struct merged_function *sum)
{
    struct graph_sums *g = sum->graph_sums;
    struct merge_sums *s = m->sums;
    size_t index = (size_t)(sum - m->all);

    add(s, &g->outside_calls, f->outside_calls);
    g->recursive = g->recursive || f->recursive;
    g->mid_jump = g->mid_jump || f->mid_jump;
    add(s, &g->no_symbol_ir, f->no_symbol_ir);
    add_cache(s, &g->no_symbol_cache, &f->no_symbol_cache);
    /* The loader's rules made ids 1, 2, ... in order. */
    m->merged_index = hg_xgrow(m->merged_index, &m->merged_index_capacity,
                               m->merged_index_count + 1,
                               sizeof *m->merged_index, 1024);
    m->merged_index[m->merged_index_count++] = index;
    if (f->callee_count == 0)
        return;
    m->pending = hg_xgrow(m->pending, &m->pending_capacity,
                          m->pending_count + 1, sizeof *m->pending, 1024);
    m->pending[m->pending_count].caller = index;
    m->pending[m->pending_count].callees = f->callees;
    m->pending[m->pending_count++].count = f->callee_count;
    f->callees = NULL;
    f->callee_count = 0;
}

static size_t call_hash(size_t caller, size_t callee)
{
    return hg_fnv1a_step(hg_fnv1a_step(HG_FNV1A_BASIS, caller), callee);
}

static size_t hash_of_call(const void *items, size_t i)
{
    const struct merged_call *c = items;
    return call_hash(c[i].caller, c[i].callee);
}

static bool call_is(const void *items, size_t i, const void *key)
{
    const struct merged_call *c = items, *k = key;
    return c[i].caller == k->caller && c[i].callee == k->callee;
}

/* The merged call from CALLER to CALLEE, made zero when new. */
static struct merged_call *merged_call_for(struct merged_calls *c,
                                           size_t caller, size_t callee)
{
    struct merged_call key;
    size_t *slot;

    key.caller = caller;
    key.callee = callee;
    index_table_reserve(&c->table, c->count, hash_of_call, c->all);
    slot = index_table_find(&c->table, call_hash(caller, callee), call_is,
                            c->all, &key);
    if (*slot != INDEX_TABLE_EMPTY)
        return &c->all[*slot];
    c->all = hg_xgrow(c->all, &c->capacity, c->count + 1, sizeof *c->all,
                      1024);
    *slot = c->count;
    memset(&c->all[c->count], 0, sizeof c->all[c->count]);
    c->all[c->count].caller = caller;
    c->all[c->count].callee = callee;
    return &c->all[c->count++];
}

static size_t context_hash(size_t parent, size_t function, bool truncated)
{
    return call_hash(parent, function) ^ (size_t)truncated;
}

static size_t hash_of_context(const void *items, size_t i)
{
    const struct hg_context *c = items;
    return context_hash(c[i].parent, c[i].function, c[i].truncated);
}

static bool context_is(const void *items, size_t i, const void *key)
{
    const struct hg_context *c = items, *k = key;
    return c[i].parent == k->parent && c[i].function == k->function
           && c[i].truncated == k->truncated;
}

/* The merged context (PARENT, FUNCTION, TRUNCATED), made zero when new. */
static struct hg_context *merged_context_for(struct merged_contexts *c,
                                             size_t parent, size_t function,
                                             bool truncated)
{
    struct hg_context key;
    size_t *slot;

    memset(&key, 0, sizeof key);
    key.parent = parent;
    key.function = function;
    key.truncated = truncated;
    index_table_reserve(&c->table, c->count, hash_of_context, c->all);
    slot = index_table_find(&c->table,
                            context_hash(parent, function, truncated),
                            context_is, c->all, &key);
    if (*slot != INDEX_TABLE_EMPTY)
        return &c->all[*slot];
    c->all = hg_xgrow(c->all, &c->capacity, c->count + 1, sizeof *c->all,
                      1024);
    *slot = c->count;
    c->all[c->count] = key;
    return &c->all[c->count++];
}

/* Once an input is read, while its functions' merged indexes are known:
   its contexts, by stack, into the merged ones.  Parents come before
   their children in a report. */
void merge_sum_contexts(struct merged_functions *m, const struct hg_report *r)
{
    struct merged_contexts *c = &m->contexts;
    struct merge_sums *s = m->sums;
    size_t *merged = hg_xcalloc(r->context_count + 1, sizeof *merged), i;

    if (!r->has_contexts) {
        free(merged);
        return;
    }
    c->present = true;
    c->truncated = c->truncated || r->contexts_truncated;
    if (r->context_max > c->max)
        c->max = r->context_max;
    add(s, &c->outside_ir, r->outside_ir);
    add_cache(s, &c->outside_cache, &r->outside_cache);
    add_heap(s, &c->outside_heap, &r->outside_heap);
    for (i = 0; i < r->context_count; i++) {
        const struct hg_context *x = &r->contexts[i];
        struct hg_context *sum;
        if (x->function >= m->merged_index_count)
            continue;   /* the rules refused it already */
        sum = merged_context_for(c, x->parent == HG_NO_PARENT ? SIZE_MAX
                                 : merged[x->parent],
                                 m->merged_index[x->function], x->truncated);
        merged[i] = (size_t)(sum - c->all);
        add(s, &sum->calls, x->calls);
        add(s, &sum->self_ir, x->self_ir);
        add_cache(s, &sum->self_cache, &x->self_cache);
        add(s, &sum->inclusive_ir, x->inclusive_ir);
        add_cache(s, &sum->inclusive_cache, &x->inclusive_cache);
        add_heap(s, &sum->self_heap, &x->self_heap);
        add_heap(s, &sum->inclusive_heap, &x->inclusive_heap);
        add(s, &sum->no_symbol_ir, x->no_symbol_ir);
        add_cache(s, &sum->no_symbol_cache, &x->no_symbol_cache);
    }
    free(merged);
}

/* Once an input is read: its callees, by (caller, callee) as merged
   functions, into the merged calls. */
void merge_sum_pending_calls(struct merged_functions *m)
{
    struct merge_sums *s = m->sums;
    size_t p, i;

    for (p = 0; p < m->pending_count; p++) {
        struct pending_callees *pending = &m->pending[p];
        for (i = 0; i < pending->count; i++) {
            const struct hg_call *call = &pending->callees[i];
            struct merged_call *sum;
            if (call->callee >= m->merged_index_count)
                continue;   /* the rules refused it already */
            sum = merged_call_for(&m->calls, pending->caller,
                                  m->merged_index[call->callee]);
            add(s, &sum->sum.calls, call->calls);
            add(s, &sum->sum.ir, call->ir);
            add_cache(s, &sum->sum.cache, &call->cache);
            if (call->has_heap) {
                sum->sum.has_heap = true;
                add_heap(s, &sum->sum.heap, &call->heap);
            }
        }
        free(pending->callees);
    }
    m->pending_count = 0;
    m->merged_index_count = 0;
}
