/* hotgrind: the rules of the call graph (call-graph=yes): callee ids,
   the calls in and out of each function, and recursion.
   GPL-2.0-or-later; part of hotgrind. */

#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/rules-check.h"
#include "util/xalloc.h"
#include "xml/node.h"
#include "xml/xml-safe.h"

/* --------------------------------------------------------- call graph */

/* The call graph's identities (docs/report-format.md, "Rules the schema
   cannot express"): ids 1..N in order, callees sorted, unique and
   existing, every function's calls = outside-calls + the calls of the
   <call>s naming it, and, for a function entered (calls > 0), neither
   recursive nor mid-jump nor on a cycle of calls, inclusive Ir = self Ir
   + no-symbol Ir + its <call>s' Ir.
   Checked item by item as far as one item allows, the rest at the end of
   <functions>. */

/* One <call> of the function with index CALLER. */
static void note_call(struct hg_rules *checker, unsigned caller,
                      const xmlNode *call, struct graph_function *f)
{
    struct call_graph *g = &checker->graph;
    struct graph_call *c;
    uint64_t callee = 0, value;

    hg_node_read_count(call, "callee", &callee);
    g->calls = hg_xgrow(g->calls, &g->call_capacity, g->call_count + 1,
                        sizeof *g->calls, 64);
    c = &g->calls[g->call_count++];
    c->caller = caller;
    c->callee = callee <= UINT_MAX ? (unsigned)callee : 0;
    c->calls = c->context_calls = 0;
    hg_node_read_count(call, "calls", &c->calls);
    if (c->callee == 0 && !g->has_zero) {
        g->has_zero = true;
        g->zero_line = hg_xml_line(call);
    }
    if (hg_node_read_count(call, "Ir", &value))
        f->parts_fit = f->parts_fit && rules_add_to(&f->parts_ir, value);
    if (g->record_count == 0
        || c->callee > g->records[g->record_count - 1].callee) {
        g->records = hg_xgrow(g->records, &g->record_capacity,
                              g->record_count + 1, sizeof *g->records, 64);
        g->records[g->record_count].callee = c->callee;
        g->records[g->record_count++].line = hg_xml_line(call);
    }
}

/* A <function> of a call graph: its id, its <callees>' order and heap
   attributes; what the end needs is kept. */
void rules_check_graph_item(struct hg_rules *checker, const xmlNode *node)
{
    struct call_graph *g = &checker->graph;
    struct graph_function *f;
    const xmlNode *callees, *self, *no_symbol, *inclusive, *call;
    uint64_t id = 0, value, previous = 0;
    unsigned index;

    if (!checker->call_graph || !hg_node_read_count(node, "id", &id))
        return;
    if (id != g->count + 1) {
        broken(checker, node, "<function> has id=\"%" PRIu64 "\", but it "
               "is function %zu of <functions>: ids are 1, 2, ... in order",
               id, g->count + 1);
        return;
    }
    index = (unsigned)g->count;
    g->functions = hg_xgrow(g->functions, &g->capacity, g->count + 1,
                            sizeof *g->functions, 64);
    g->first_call = hg_xgrow(g->first_call, &g->first_call_capacity,
                             g->count + 2, sizeof *g->first_call, 64);
    f = &g->functions[g->count++];
    memset(f, 0, sizeof *f);
    f->line = hg_xml_line(node);
    f->parts_fit = true;
    f->recursive = hg_node_has(node, "recursive");
    f->mid_jump = hg_node_has(node, "mid-jump");
    hg_node_read_count(node, "calls", &f->calls);
    hg_node_read_count(node, "outside-calls", &f->outside_calls);
    f->name = (char *)xmlGetNoNsProp(node, (const xmlChar *)"name");
    f->object = (char *)xmlGetNoNsProp(node, (const xmlChar *)"object");
    self = hg_node_child(node, "self");
    no_symbol = hg_node_child(node, "no-symbol");
    inclusive = hg_node_child(node, "inclusive");
    if (inclusive != NULL)
        hg_node_read_count(inclusive, "Ir", &f->inclusive_ir);
    if (self != NULL && hg_node_read_count(self, "Ir", &value))
        f->parts_ir = f->self_ir = value;
    if (no_symbol != NULL && hg_node_read_count(no_symbol, "Ir", &value)) {
        f->no_symbol_ir = value;
        f->parts_fit = rules_add_to(&f->parts_ir, value);
    }
    g->first_call[index] = g->call_count;
    callees = hg_node_child(node, "callees");
    for (call = callees ? callees->children : NULL; call; call = call->next) {
        uint64_t callee;
        if (!hg_node_is(call, "call")
            || !hg_node_read_count(call, "callee", &callee))
            continue;
        if (callee <= previous && !checker_failed(checker))
            broken(checker, call, "<call callee=\"%" PRIu64 "\"> comes "
                   "after <call callee=\"%" PRIu64 "\">: callees are sorted "
                   "by id, each once", callee, previous);
        previous = callee;
        if (!checker_failed(checker))
            rules_check_heap_attributes(checker, call);
        note_call(checker, index, call, f);
    }
    g->first_call[index + 1] = g->call_count;
}

/* Marks in ON_CYCLE each function on a cycle of calls (a strongly
   connected component of more than one function, or a call of itself):
   Tarjan's algorithm without recursion, linear in functions and calls.
   The callees are ids already checked to exist. */
static void find_cycles(const struct call_graph *g, bool *on_cycle)
{
    size_t n = g->count, next_index = 1, top = 0, depth = 0, v, w;
    size_t *index = hg_xcalloc(n, sizeof *index);   /* 0: not visited */
    size_t *low = hg_xcalloc(n, sizeof *low);
    size_t *stack = hg_xcalloc(n, sizeof *stack);
    bool *on_stack = hg_xcalloc(n, sizeof *on_stack);
    /* The walk: a function and its next call to follow. */
    size_t *walk = hg_xcalloc(n, sizeof *walk);
    size_t *next_call = hg_xcalloc(n, sizeof *next_call);
    size_t root;

    for (root = 0; root < n; root++) {
        if (index[root] != 0)
            continue;
        walk[depth] = root;
        next_call[depth++] = g->first_call[root];
        index[root] = low[root] = next_index++;
        stack[top++] = root;
        on_stack[root] = true;
        while (depth > 0) {
            v = walk[depth - 1];
            if (next_call[depth - 1] < g->first_call[v + 1]) {
                w = g->calls[next_call[depth - 1]++].callee - 1;
                if (w == v)
                    on_cycle[v] = true;
                if (index[w] == 0) {
                    index[w] = low[w] = next_index++;
                    stack[top++] = w;
                    on_stack[w] = true;
                    walk[depth] = w;
                    next_call[depth++] = g->first_call[w];
                } else if (on_stack[w] && index[w] < low[v]) {
                    low[v] = index[w];
                }
                continue;
            }
            /* V is done: its component, if it is the root of one. */
            if (low[v] == index[v]) {
                bool alone = stack[top - 1] == v;
                do {
                    w = stack[--top];
                    on_stack[w] = false;
                    if (!alone)
                        on_cycle[w] = true;
                } while (w != v);
            }
            depth--;
            if (depth > 0 && low[v] < low[walk[depth - 1]])
                low[walk[depth - 1]] = low[v];
        }
    }
    free(index);
    free(low);
    free(stack);
    free(on_stack);
    free(walk);
    free(next_call);
}

/* At the end of <functions>: every callee exists, then the calls of each
   function, then the inclusive Ir of each function off cycles. */
void rules_check_graph(struct hg_rules *checker, const xmlNode *functions)
{
    struct call_graph *g = &checker->graph;
    bool *on_cycle;
    size_t i;

    (void)functions;
    if (!checker->call_graph || checker_failed(checker))
        return;
    if (g->has_zero) {
        broken_line(checker, g->zero_line, "<call> has callee=\"0\": ids "
                    "start at 1");
        return;
    }
    for (i = 0; i < g->record_count; i++)
        if (g->records[i].callee == 0 || g->records[i].callee > g->count) {
            broken_line(checker, g->records[i].line, "<call> has callee="
                        "\"%u\", which is not the id of a <function> (there "
                        "are %zu)", g->records[i].callee, g->count);
            return;
        }
    for (i = 0; i < g->call_count; i++) {
        struct graph_function *callee = &g->functions[g->calls[i].callee - 1];
        if (!rules_add_to(&callee->incoming, g->calls[i].calls))
            callee->incoming = UINT64_MAX;
    }
    for (i = 0; i < g->count; i++) {
        const struct graph_function *f = &g->functions[i];
        if (f->incoming <= UINT64_MAX - f->outside_calls
            && f->calls == f->outside_calls + f->incoming)
            continue;
        broken_line(checker, f->line, "<function> id=\"%zu\" has calls="
                    "\"%" PRIu64 "\", but outside-calls=\"%" PRIu64 "\" and "
                    "the calls of the <call>s naming it add up to %" PRIu64,
                    i + 1, f->calls, f->outside_calls, f->incoming);
        return;
    }
    on_cycle = hg_xcalloc(g->count ? g->count : 1, sizeof *on_cycle);
    find_cycles(g, on_cycle);
    for (i = 0; i < g->count; i++) {
        const struct graph_function *f = &g->functions[i];
        /* Never entered: inclusive is 0 by definition.  Recursive, on a
           cycle or mid-jump: nested or foreign costs count differently
           (docs/report-format.md, "The call graph"). */
        if (f->calls == 0 || f->recursive || f->mid_jump || on_cycle[i]
            || (f->parts_fit && f->parts_ir == f->inclusive_ir))
            continue;
        broken_line(checker, f->line, "<function> id=\"%zu\" has inclusive "
                    "Ir=\"%" PRIu64 "\", but its self, no-symbol and callee "
                    "Ir add up to %s%" PRIu64 " (it is on no cycle of calls)",
                    i + 1, f->inclusive_ir, f->parts_fit ? "" : "more than ",
                    f->parts_fit ? f->parts_ir : UINT64_MAX);
        break;
    }
    free(on_cycle);
}

void rules_free_call_graph(struct call_graph *g)
{
    size_t i;
    for (i = 0; i < g->count; i++) {
        xmlFree(g->functions[i].name);
        xmlFree(g->functions[i].object);
    }
    hg_free_each(g->functions, g->calls, g->first_call, g->records);
}
