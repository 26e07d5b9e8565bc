/* hotgrind: the calling contexts below some functions only, merged by
   path (report/subtree.h).
   GPL-2.0-or-later; part of hotgrind. */

/* The report's contexts come parents first, so one pass finds, for each
   context, the merged context it adds to: a new root when it is of a
   matched function and no ancestor is inside a subtree already, else
   the child of its parent's merged context by function.  Merged
   contexts are then renumbered in pre-order, the order the folded
   stacks' writer walks.  Only integers are added: the same report
   always gives the same view. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/subtree.h"
#include "util/hash.h"
#include "util/index-table.h"
#include "util/messages.h"
#include "util/xalloc.h"

static void add_cache(struct hg_cache_costs *sum,
                      const struct hg_cache_costs *cost)
{
    int i;
    sum->present = sum->present || cost->present;
    sum->has_cycles = sum->has_cycles || cost->has_cycles;
    for (i = 0; i < HG_CACHE_METRICS; i++)
        sum->value[i] += cost->value[i];
}

static void add_heap(struct hg_heap_traffic *sum,
                     const struct hg_heap_traffic *heap)
{
    sum->allocs += heap->allocs;
    sum->alloc_bytes += heap->alloc_bytes;
    sum->frees += heap->frees;
    sum->free_bytes += heap->free_bytes;
}

/* C's figures into SUM, a merged context. */
static void add_context(struct hg_context *sum, const struct hg_context *c)
{
    sum->calls += c->calls;
    sum->self_ir += c->self_ir;
    add_cache(&sum->self_cache, &c->self_cache);
    sum->inclusive_ir += c->inclusive_ir;
    add_cache(&sum->inclusive_cache, &c->inclusive_cache);
    sum->has_heap = sum->has_heap || c->has_heap;
    add_heap(&sum->self_heap, &c->self_heap);
    add_heap(&sum->inclusive_heap, &c->inclusive_heap);
    sum->no_symbol_ir += c->no_symbol_ir;
    add_cache(&sum->no_symbol_cache, &c->no_symbol_cache);
}

/* A merged context's key: its merged parent and its function. */
struct merged_key {
    size_t parent, function;
};

static size_t merged_hash(size_t parent, size_t function)
{
    uint64_t h = hg_fnv1a_step(hg_fnv1a_step(HG_FNV1A_BASIS, parent),
                               function);
    return (size_t)(h ^ (h >> 29));
}

static size_t hash_of_merged(const void *items, size_t i)
{
    const struct hg_context *c = &((const struct hg_context *)items)[i];
    return merged_hash(c->parent, c->function);
}

static bool merged_is(const void *items, size_t i, const void *key)
{
    const struct hg_context *c = &((const struct hg_context *)items)[i];
    const struct merged_key *k = key;
    return c->parent == k->parent && c->function == k->function;
}

/* The merged contexts while they are gathered, in creation order. */
struct gathering {
    struct hg_context *merged;
    size_t *sources;
    size_t count, capacity, source_capacity;
    struct index_table table;
};

/* The merged context (PARENT, FUNCTION), made if new. */
static size_t merged_context(struct gathering *g, size_t parent,
                             size_t function)
{
    struct merged_key key = { parent, function };
    size_t *slot;

    index_table_reserve(&g->table, g->count, hash_of_merged, g->merged);
    slot = index_table_find(&g->table, merged_hash(parent, function),
                            merged_is, g->merged, &key);
    if (*slot != INDEX_TABLE_EMPTY)
        return *slot;
    g->merged = hg_xgrow(g->merged, &g->capacity, g->count + 1,
                         sizeof *g->merged, 64);
    g->sources = hg_xgrow(g->sources, &g->source_capacity, g->count + 1,
                          sizeof *g->sources, 64);
    memset(&g->merged[g->count], 0, sizeof *g->merged);
    g->merged[g->count].parent = parent;
    g->merged[g->count].function = function;
    g->sources[g->count] = 0;
    *slot = g->count;
    return g->count++;
}

/* G's merged contexts in pre-order into S's view: each one's children
   (and the roots) in creation order. */
static void renumber(struct hg_subtree *s, const struct gathering *g)
{
    size_t n = g->count, i, out = 0, depth = 0;
    size_t *first = hg_xcalloc(n + 2, sizeof *first);
    size_t *kids = hg_xcalloc(n + 1, sizeof *kids);
    size_t *next = hg_xcalloc(n + 2, sizeof *next);
    size_t *new_index = hg_xcalloc(n + 1, sizeof *new_index);
    size_t *stack = hg_xcalloc(n + 1, sizeof *stack);
    struct hg_context *contexts = hg_xcalloc(n + 1, sizeof *contexts);

    /* Slot 0 holds the roots, slot i + 1 the children of context i. */
    for (i = 0; i < n; i++) {
        size_t p = g->merged[i].parent;
        first[(p == HG_NO_PARENT ? 0 : p + 1) + 1]++;
    }
    for (i = 0; i <= n; i++)
        first[i + 1] += first[i];
    memcpy(next, first, (n + 1) * sizeof *next);
    for (i = 0; i < n; i++) {
        size_t p = g->merged[i].parent;
        kids[next[p == HG_NO_PARENT ? 0 : p + 1]++] = i;
    }
    /* Pushed in reverse, so that they come out in order. */
    for (i = first[1]; i-- > first[0];)
        stack[depth++] = kids[i];
    s->sources = hg_xcalloc(n + 1, sizeof *s->sources);
    while (depth > 0) {
        size_t c = stack[--depth], p = g->merged[c].parent;
        new_index[c] = out;
        contexts[out] = g->merged[c];
        contexts[out].parent = p == HG_NO_PARENT ? HG_NO_PARENT
                               : new_index[p];
        s->sources[out++] = g->sources[c];
        for (i = first[c + 2]; i-- > first[c + 1];)
            stack[depth++] = kids[i];
    }
    s->view.contexts = contexts;
    s->view.context_count = n;
    s->root_count = first[1] - first[0];
    free(stack);
    free(new_index);
    free(next);
    free(kids);
    free(first);
}

/* The roots of S: the outermost contexts of the functions MATCHED marks,
   merged with the contexts below them.  Whether there is one. */
static bool gather(struct hg_subtree *s, const struct hg_report *report,
                   const bool *matched)
{
    size_t n = report->context_count, i;
    /* Per report context: the merged context it adds to, or
       HG_NO_PARENT when it is under no root. */
    size_t *merged_of = hg_xcalloc(n + 1, sizeof *merged_of);
    struct gathering g;

    memset(&g, 0, sizeof g);
    for (i = 0; i < n; i++) {
        const struct hg_context *c = &report->contexts[i];
        size_t above = c->parent == HG_NO_PARENT ? HG_NO_PARENT
                       : merged_of[c->parent];
        if (above == HG_NO_PARENT && !matched[c->function]) {
            merged_of[i] = HG_NO_PARENT;
            continue;
        }
        if (above == HG_NO_PARENT) {
            s->root_contexts++;
            s->inclusive_ir += c->inclusive_ir;
        }
        merged_of[i] = merged_context(&g, above, c->function);
        add_context(&g.merged[merged_of[i]], c);
        g.sources[merged_of[i]]++;
    }
    renumber(s, &g);
    free(merged_of);
    free(g.merged);
    free(g.sources);
    index_table_free(&g.table);
    return s->root_count > 0;
}

bool hg_subtree_build(struct hg_subtree *s, const struct hg_report *report,
                      const char *pattern, hg_subtree_match *matches,
                      char *problem, size_t problem_size)
{
    size_t n = report->function_count, i, count = 0;
    bool *matched, found;
    char shown[64];

    memset(s, 0, sizeof *s);
    /* Until the roots are found, a view with no contexts.  Nothing runs
       outside the subtrees; which figures there are stays the report's
       (flame graphs ask the outside costs). */
    s->view = *report;
    s->view.contexts = NULL;
    s->view.context_count = 0;
    s->view.outside_ir = 0;
    memset(s->view.outside_cache.value, 0,
           sizeof s->view.outside_cache.value);
    memset(&s->view.outside_heap, 0, sizeof s->view.outside_heap);
    if (!report->has_contexts) {
        snprintf(problem, problem_size, "has no calling contexts (it was "
                 "made without --call-graph=yes, or with --max-contexts=0), "
                 "which --root needs");
        return false;
    }
    matched = hg_xcalloc(n + 1, sizeof *matched);
    for (i = 0; i < n; i++)
        count += matched[i] = matches(report, pattern, &report->functions[i]);
    found = count > 0 && gather(s, report, matched);
    free(matched);
    hg_quote_for_message(shown, sizeof shown, pattern);
    if (count == 0)
        snprintf(problem, problem_size, "--root: no function matches '%s'",
                 shown);
    else if (!found)
        snprintf(problem, problem_size, "--root: no function matching '%s' "
                 "has a calling context (none was called)", shown);
    return found;
}

void hg_subtree_free(struct hg_subtree *s)
{
    free(s->view.contexts);
    free(s->sources);
    memset(s, 0, sizeof *s);
}
