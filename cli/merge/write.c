/* The merged functions and contexts of merge written as report XML,
   around the parts of report/write.c.
   GPL-2.0-or-later; part of hotgrind. */

#include <stdlib.h>
#include <string.h>
#include "merge/merge.h"
#include "report/write.h"
#include "util/xalloc.h"

/* A merged call as written: its callee's id in the merged report. */
struct written_call {
    size_t callee_id;
    const struct hg_call *sum;
};

/* The merged calls by caller in the written order: those of the
   function written I-th are calls[first[I]] .. calls[first[I + 1]),
   sorted by callee id (new_id: a merged index's id). */
struct written_calls {
    size_t *new_id;
    size_t *first;
    struct written_call *calls;
};

static int compare_written_calls(const void *a, const void *b)
{
    size_t p = ((const struct written_call *)a)->callee_id;
    size_t q = ((const struct written_call *)b)->callee_id;
    return p < q ? -1 : p > q;
}

static void index_calls(const struct merged_functions *m,
                        const struct merged_function **order,
                        struct written_calls *w)
{
    size_t n = m->count, i, *next;

    w->new_id = hg_xcalloc(n + 1, sizeof *w->new_id);
    for (i = 0; i < n; i++)
        w->new_id[order[i] - m->all] = i + 1;
    w->first = hg_xcalloc(n + 1, sizeof *w->first);
    for (i = 0; i < m->calls.count; i++)
        w->first[w->new_id[m->calls.all[i].caller]]++;
    for (i = 0; i < n; i++)
        w->first[i + 1] += w->first[i];
    w->calls = hg_xcalloc(m->calls.count + 1, sizeof *w->calls);
    next = hg_xmalloc((n + 1) * sizeof *next);
    memcpy(next, w->first, (n + 1) * sizeof *next);
    for (i = 0; i < m->calls.count; i++) {
        const struct merged_call *c = &m->calls.all[i];
        struct written_call *written = &w->calls[next[w->new_id[c->caller]
                                                      - 1]++];
        written->callee_id = w->new_id[c->callee];
        written->sum = &c->sum;
    }
    free(next);
    for (i = 0; i < n; i++)
        qsort(w->calls + w->first[i], w->first[i + 1] - w->first[i],
              sizeof *w->calls, compare_written_calls);
}

/* <no-symbol> and <callees> of the function written I-th. */
static void write_call_graph(FILE *out, const struct hg_report *r,
                             const struct graph_sums *g,
                             const struct written_calls *w, size_t i)
{
    size_t c;

    if (g->no_symbol_ir > 0) {
        fputs("      <no-symbol", out);
        hg_write_count(out, "Ir", g->no_symbol_ir);
        hg_write_cache(out, &g->no_symbol_cache);
        fputs("/>\n", out);
    }
    if (w->first[i + 1] == w->first[i])
        return;
    fputs("      <callees>\n", out);
    for (c = w->first[i]; c < w->first[i + 1]; c++) {
        const struct hg_call *sum = w->calls[c].sum;
        fputs("        <call", out);
        hg_write_count(out, "callee", w->calls[c].callee_id);
        hg_write_count(out, "calls", sum->calls);
        hg_write_count(out, "Ir", sum->ir);
        hg_write_cache(out, &sum->cache);
        if (r->has_heap)
            hg_write_heap(out, &sum->heap);
        fputs("/>\n", out);
    }
    fputs("      </callees>\n", out);
}

/* F's <lines>, as the tool writes them (lines=yes): every function has
   one, empty when no line has a count. */
static void write_lines(FILE *out, const struct merged_function *f)
{
    size_t i;
    fputs("      <lines>\n", out);
    for (i = 0; i < f->line_count; i++) {
        const struct merged_line *line = &f->lines[i];
        fputs("        <line", out);
        hg_write_attr(out, "file", line->file);
        if (line->dir != NULL)
            hg_write_attr(out, "dir", line->dir);
        hg_write_count(out, "line", line->line);
        hg_write_count(out, "Ir", line->ir);
        hg_write_cache(out, &line->cache);
        hg_write_branch(out, &line->branch);
        fputs("/>\n", out);
    }
    fputs("      </lines>\n", out);
}

/* <functions>; *NEW_ID gets each merged function's id in
   the written report (a call graph's), for the contexts. */
static void write_functions(FILE *out, const struct hg_report *r,
                            const struct merged_functions *m,
                            size_t **new_id)
{
    const struct merged_function **order;
    struct written_calls graph = { NULL, NULL, NULL };
    const char *lines_option = hg_report_option(r, "lines");
    bool lines = lines_option != NULL && strcmp(lines_option, "yes") == 0;
    struct hg_attributes xml = hg_xml_attributes(out);
    size_t i;

    order = hg_xcalloc(m->count, sizeof *order);
    for (i = 0; i < m->count; i++)
        order[i] = &m->all[i];
    qsort(order, m->count, sizeof *order, merge_compare_functions);
    if (r->has_call_graph)
        index_calls(m, order, &graph);
    fputs("  <functions>\n", out);
    for (i = 0; i < m->count; i++) {
        const struct merged_function *f = order[i];
        const struct marked_sums *marked = f->marked_sums;
        const struct graph_sums *g = f->graph_sums;
        fputs("    <function", out);
        hg_function_place_attributes(&xml, f->name, f->object, f->file,
                                     f->line, f->dir, f->marked);
        if (f->inlined_into != NULL) {
            hg_write_attr(out, "inlined", "yes");
            hg_write_attr(out, "inlined-into", f->inlined_into);
        }
        if (marked != NULL)
            hg_write_count(out, "calls", marked->calls);
        if (g != NULL) {
            hg_write_count(out, "id", i + 1);
            if (g->outside_calls > 0)
                hg_write_count(out, "outside-calls", g->outside_calls);
            if (g->recursive)
                hg_write_attr(out, "recursive", "yes");
            if (g->mid_jump)
                hg_write_attr(out, "mid-jump", "yes");
        }
        fputs(">\n      <self", out);
        hg_write_count(out, "Ir", f->self_ir);
        hg_write_cache(out, &f->self_cache);
        hg_write_branch(out, &f->self_branch);
        fputs("/>\n", out);
        if (lines)
            write_lines(out, f);
        if (r->has_heap && (f->heap.allocs || f->heap.frees
                            || f->heap.alloc_bytes || f->heap.free_bytes)) {
            fputs("      <heap", out);
            hg_write_heap(out, &f->heap);
            fputs("/>\n", out);
        }
        /* An unmarked inlined row has calls but no <inclusive>. */
        if (f->marked || g != NULL)
            hg_write_inclusive(out, marked->inclusive_ir,
                               &marked->inclusive_cache, r->has_heap,
                               &marked->inclusive_heap);
        if (g != NULL)
            write_call_graph(out, r, g, &graph, i);
        fputs("    </function>\n", out);
    }
    fputs("  </functions>\n", out);
    *new_id = graph.new_id;
    free(graph.first);
    free(graph.calls);
    free(order);
}

/* A merged context's place among its siblings: its function's written
   id, a truncated root after the other. */
struct context_key {
    size_t function_id;
    bool truncated;
    size_t index;
};

static int compare_context_keys(const void *a, const void *b)
{
    const struct context_key *x = a, *y = b;
    if (x->function_id != y->function_id)
        return x->function_id < y->function_id ? -1 : 1;
    return (int)x->truncated - (int)y->truncated;
}

/* <contexts>, in the report's order (docs/report-format.md): depth-first
   pre-order, roots and each context's children by function id. */
static void write_contexts(FILE *out, const struct hg_report *r,
                           const struct merged_contexts *c,
                           const size_t *new_id)
{
    size_t n = c->count, i, k, depth = 0, written = 0;
    /* Children of context I: keys[first[I]] .. keys[first[I + 1]); the
       roots are those of I = n. */
    size_t *first = hg_xcalloc(n + 2, sizeof *first);
    size_t *next = hg_xcalloc(n + 2, sizeof *next);
    struct context_key *keys = hg_xcalloc(n + 1, sizeof *keys);
    size_t *written_id = hg_xcalloc(n + 1, sizeof *written_id);
    size_t *stack = hg_xcalloc(n + 1, sizeof *stack);   /* positions */

    if (!c->present)
        goto done;
    for (i = 0; i < n; i++)
        first[(c->all[i].parent == SIZE_MAX ? n : c->all[i].parent) + 1]++;
    for (i = 0; i <= n; i++)
        first[i + 1] += first[i];
    memcpy(next, first, (n + 2) * sizeof *next);
    for (i = 0; i < n; i++) {
        struct context_key *key = &keys[next[c->all[i].parent == SIZE_MAX
                                             ? n : c->all[i].parent]++];
        key->function_id = new_id[c->all[i].function];
        key->truncated = c->all[i].truncated;
        key->index = i;
    }
    for (i = 0; i <= n; i++)
        qsort(keys + first[i], first[i + 1] - first[i], sizeof *keys,
              compare_context_keys);
    fputs("  <contexts", out);
    hg_write_count(out, "max", c->max);
    hg_write_count(out, "count", n);
    if (c->truncated)
        hg_write_attr(out, "truncated", "yes");
    fputs(">\n", out);
    hg_write_costs(out, "    <outside", c->outside_ir, &c->outside_cache,
                   r->has_heap, &c->outside_heap);
    /* The walk: STACK holds, for each open level, the position of the
       next key to write among its parent's children. */
    stack[depth++] = first[n];
    while (depth > 0) {
        size_t parent = depth == 1 ? n : keys[stack[depth - 2] - 1].index;
        const struct hg_context *x;
        if (stack[depth - 1] == first[parent + 1]) {
            depth--;
            continue;
        }
        k = keys[stack[depth - 1]++].index;
        x = &c->all[k];
        written_id[k] = ++written;
        fputs("    <context", out);
        hg_write_count(out, "id", written);
        if (x->parent != SIZE_MAX)
            hg_write_count(out, "parent", written_id[x->parent]);
        hg_write_count(out, "function", new_id[x->function]);
        hg_write_count(out, "calls", x->calls);
        if (x->truncated)
            hg_write_attr(out, "truncated", "yes");
        fputs(">\n", out);
        hg_write_costs(out, "      <self", x->self_ir, &x->self_cache,
                       r->has_heap, &x->self_heap);
        hg_write_costs(out, "      <inclusive", x->inclusive_ir,
                       &x->inclusive_cache, r->has_heap,
                       &x->inclusive_heap);
        if (x->no_symbol_ir > 0)
            hg_write_costs(out, "      <no-symbol", x->no_symbol_ir,
                           &x->no_symbol_cache, false, NULL);
        fputs("    </context>\n", out);
        stack[depth++] = first[k];
    }
    fputs("  </contexts>\n", out);
done:
    free(first);
    free(next);
    free(keys);
    free(written_id);
    free(stack);
}

void merge_write_report(FILE *out, const struct merge *m)
{
    const struct hg_report *r = &m->report;
    size_t *new_id = NULL;
    hg_write_report_start(out, r);
    write_functions(out, r, &m->functions, &new_id);
    hg_write_objects(out, r);
    write_contexts(out, r, &m->functions.contexts, new_id);
    free(new_id);
    hg_write_report_end(out, r);
}
