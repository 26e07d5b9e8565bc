/* hotgrind: the rules of <contexts>: the tree's order, its sums, and
   what it must agree with in the call graph.
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

/* ----------------------------------------------------------- contexts */

/* The contexts' identities (docs/report-format.md, "Rules the schema
   cannot express"): ids 1..N in depth-first pre-order, children and roots
   ordered by function id; each context's inclusive figures = its self +
   its children's inclusive (but cycles); the outside and the contexts' self add up to
   <totals>; a function's contexts add up to its self Ir, its no-symbol
   Ir, its calls; each edge's calls are those of the callee's contexts
   under the caller's (not checked for a truncated tree).  Checked as the
   contexts are read, with a stack of the open path: memory grows with the
   depth of the tree, not its size. */


static const char *figure_name(size_t i)
{
    return i == 0 ? "Ir"
           : i <= HG_CACHE_METRICS ? hg_cache_metric_names[i - 1]
           : rules_heap_attributes[i - 1 - HG_CACHE_METRICS];
}


void rules_read_figures(const xmlNode *node, struct figures *f)
{
    size_t i;
    memset(f, 0, sizeof *f);
    for (i = 0; node != NULL && i < CONTEXT_FIGURES; i++)
        if (hg_node_read_count(node, figure_name(i), &f->value[i]))
            f->present |= 1u << i;
    f->fits = f->present;
}

/* SUM += F, figure by figure, for those SUM has. */
static void add_figures(struct figures *sum, const struct figures *f)
{
    size_t i;
    for (i = 0; i < CONTEXT_FIGURES; i++)
        if ((f->present & (1u << i))
            && !rules_add_to(&sum->value[i], f->value[i]))
            sum->fits &= ~(1u << i);
}



/* Function INDEX as a frame of a stack: its name, "NAME [OBJECT]" when
   another function of that name is in another object, and always for
   "???" (the frames of `export --format=folded`). */
static void append_frame(const struct call_graph *g, unsigned index,
                         char *text, size_t size)
{
    const struct graph_function *f = &g->functions[index];
    const char *name = f->name ? f->name : "???";
    size_t used = strlen(text), i;
    bool shared = strcmp(name, "???") == 0;

    for (i = 0; i < g->count && !shared; i++)
        shared = g->functions[i].name && f->object && g->functions[i].object
                 && strcmp(g->functions[i].name, name) == 0
                 && strcmp(g->functions[i].object, f->object) != 0;
    if (used < size)
        snprintf(text + used, size - used, "%s%s%s%s%s", used ? ";" : "",
                 name, shared ? " [" : "", shared ? f->object : "",
                 shared ? "]" : "");
}

/* The stack of the open path up to DEPTH entries, with the context's id:
   "main;parse;lex (context 12)".  A long one keeps its end. */
static void describe_path(const struct hg_rules *checker, size_t depth,
                          char *text, size_t size)
{
    const struct context_check *c = &checker->contexts;
    char stack[4096] = "";
    const size_t shown = 160;
    size_t i, n;

    if (depth > 0 && c->path[0].truncated)
        snprintf(stack, sizeof stack, "[truncated]");
    for (i = 0; i < depth; i++)
        append_frame(&checker->graph, c->path[i].function, stack,
                     sizeof stack);
    n = strlen(stack);
    snprintf(text, size, "%s%s (context %" PRIu64 ")",
             n > shown ? "..." : "", n > shown ? stack + n - shown : stack,
             depth > 0 ? c->path[depth - 1].id : 0);
}

/* The function's name, for messages about all its contexts. */
static const char *function_name(const struct hg_rules *checker,
                                 unsigned index)
{
    const char *name = checker->graph.functions[index].name;
    return name ? name : "???";
}

/* Closes the last context of the path: its inclusive figures against its
   self and its children's, then adds them to its parent's. */
static void close_context(struct hg_rules *checker)
{
    struct context_check *c = &checker->contexts;
    struct open_context *o = &c->path[c->depth - 1];
    char stack[256];
    size_t i;

    if (o->calls == 0 && !o->has_child) {
        bool empty = true;
        for (i = 0; i < CONTEXT_FIGURES; i++)
            empty = empty && o->inclusive.value[i] == 0;
        if (empty) {
            describe_path(checker, c->depth, stack, sizeof stack);
            broken_line(checker, o->line, "context %s has no calls, no "
                        "costs and no children: such a context is not "
                        "written", stack);
        }
    }
    for (i = 0; i < CONTEXT_FIGURES && !checker_failed(checker); i++) {
        unsigned bit = 1u << i;
        uint64_t parts = o->self.value[i];
        bool fits = (o->children.fits & bit) || !(o->children.present & bit);
        /* Cycles are the cost model's estimate, made for each figure
           written, not a count that adds up. */
        if (!(o->inclusive.present & bit) || !(o->self.present & bit)
            || i == 1 + HG_CYCLES)
            continue;
        /* What ran in a truncated root is cut out of the activations
           around it, so this holds in a truncated tree too. */
        fits = fits && rules_add_to(&parts, o->children.value[i]);
        if (fits && parts == o->inclusive.value[i])
            continue;
        describe_path(checker, c->depth, stack, sizeof stack);
        broken_line(checker, o->line, "context %s has inclusive %s=\"%"
                    PRIu64 "\", but its self and its children's inclusive "
                    "add up to %s%" PRIu64, stack, figure_name(i),
                    o->inclusive.value[i], fits ? "" : "more than ",
                    fits ? parts : UINT64_MAX);
    }
    c->depth--;
    if (c->depth > 0) {
        struct figures *sum = &c->path[c->depth - 1].children;
        if (sum->present == 0)
            sum->fits = o->inclusive.present;
        sum->present |= o->inclusive.present;
        add_figures(sum, &o->inclusive);
    }
}

/* The order of siblings (and of roots): by function id, then the context
   with calls, the one without (entered while collection was off), the
   truncated root. */
static uint64_t sibling_key(unsigned function, uint64_t calls, bool truncated)
{
    return (uint64_t)function * 3 + (truncated ? 2 : calls == 0 ? 1 : 0);
}

static const char *const sibling_kinds[3] = {
    "", " with no calls", " truncated",
};

/* The place of context ID in the pre-order: its parent open, itself after
   its siblings (sibling_key KEY). */
static void check_context_order(struct hg_rules *checker,
                                const xmlNode *node, uint64_t id,
                                uint64_t key)
{
    struct context_check *c = &checker->contexts;
    uint64_t parent = 0, *last;
    bool has_parent = hg_node_read_count(node, "parent", &parent), *has_last;
    char stack[256] = "the roots";
    size_t open = c->depth;

    /* The parent must be open: the path's ids increase. */
    while (has_parent && open > 0 && c->path[open - 1].id > parent)
        open--;
    if (has_parent && (open == 0 || c->path[open - 1].id != parent)) {
        broken(checker, node, "<context id=\"%" PRIu64 "\"> has parent=\"%"
               PRIu64 "\", but context %" PRIu64 "'s children came before "
               "another context: contexts are in depth-first pre-order", id,
               parent, parent);
        return;
    }
    while (c->depth > (has_parent ? open : 0) && !checker_failed(checker))
        close_context(checker);
    if (checker_failed(checker))
        return;
    has_last = has_parent ? &c->path[c->depth - 1].has_child : &c->has_root;
    last = has_parent ? &c->path[c->depth - 1].last_child : &c->last_root;
    if (*has_last && key <= *last) {
        if (has_parent) {
            char path[200];
            describe_path(checker, c->depth, path, sizeof path);
            snprintf(stack, sizeof stack, "the children of %s", path);
        }
        broken(checker, node, "<context id=\"%" PRIu64 "\"> of function id "
               "%" PRIu64 "%s comes after one of function id %" PRIu64 "%s "
               "among %s: siblings are ordered by function id, then the "
               "context with calls, the one without, the truncated root, "
               "each once", id, key / 3 + 1, sibling_kinds[key % 3],
               *last / 3 + 1, sibling_kinds[*last % 3], stack);
    }
    *has_last = true;
    *last = key;
}

/* Adds context NODE, now open at the end of the path, to its function's
   and its edge's sums. */
static void add_context_to_graph(struct hg_rules *checker,
                                 const xmlNode *node, uint64_t calls)
{
    struct context_check *c = &checker->contexts;
    struct call_graph *g = &checker->graph;
    const struct open_context *o = &c->path[c->depth - 1];
    struct graph_function *f = &g->functions[o->function];
    const xmlNode *no_symbol = hg_node_child(node, "no-symbol");
    uint64_t self_ir = o->self.value[0], no_symbol_ir = 0;
    char stack[256];

    if (no_symbol != NULL)
        hg_node_read_count(no_symbol, "Ir", &no_symbol_ir);
    if (no_symbol_ir > self_ir) {
        describe_path(checker, c->depth, stack, sizeof stack);
        broken(checker, node, "context %s has no-symbol Ir=\"%" PRIu64 "\" "
               "above its self Ir=\"%" PRIu64 "\"", stack, no_symbol_ir,
               self_ir);
        return;
    }
    if (!rules_add_to(&f->context_own_ir, self_ir - no_symbol_ir))
        f->context_own_ir = UINT64_MAX;
    if (!rules_add_to(&f->context_no_symbol_ir, no_symbol_ir))
        f->context_no_symbol_ir = UINT64_MAX;
    if (!rules_add_to(&f->context_calls, calls))
        f->context_calls = UINT64_MAX;
    if (c->depth == 1) {
        if (!rules_add_to(&f->context_root_calls, calls))
            f->context_root_calls = UINT64_MAX;
    } else if (!c->tree_truncated && calls > 0) {
        /* The edge from the parent's function: its calls, sorted by
           callee id.  (A context without calls was entered while
           collection was off: that was no counted call.) */
        unsigned caller = c->path[c->depth - 2].function;
        size_t low = g->first_call[caller], high = g->first_call[caller + 1];
        while (low < high) {
            size_t mid = low + (high - low) / 2;
            if (g->calls[mid].callee < o->function + 1)
                low = mid + 1;
            else
                high = mid;
        }
        if (low == g->first_call[caller + 1]
            || g->calls[low].callee != o->function + 1) {
            describe_path(checker, c->depth, stack, sizeof stack);
            broken(checker, node, "context %s has a parent of function "
                   "%s, which has no <call> of %s", stack,
                   function_name(checker, caller),
                   function_name(checker, o->function));
        } else if (!rules_add_to(&g->calls[low].context_calls, calls))
            g->calls[low].context_calls = UINT64_MAX;
    }
}

/* Contexts come with a call graph: false, after saying so, when the
   report's options do not make one. */
static bool in_call_graph(struct hg_rules *checker, const xmlNode *node)
{
    if (!checker->call_graph)
        broken(checker, node, "<%s> in a report whose options do not say "
               "call-graph=yes", (const char *)node->name);
    return checker->call_graph;
}

/* A <context>: its id is its position, its parent an earlier context,
   its function a listed one; cache and heap attributes as on a
   function's; then its place in the tree and its sums.  Only in a report
   with a call graph. */
void rules_check_context(struct hg_rules *checker, const xmlNode *node)
{
    struct context_check *c = &checker->contexts;
    uint64_t id = 0, parent, function = 0, calls = 0;
    size_t position = ++c->count;
    const xmlNode *self = hg_node_child(node, "self");
    const xmlNode *inclusive = hg_node_child(node, "inclusive");
    bool truncated = hg_node_has(node, "truncated");
    struct open_context *o;

    if (!in_call_graph(checker, node))
        return;
    hg_node_read_count(node, "id", &id);
    hg_node_read_count(node, "function", &function);
    hg_node_read_count(node, "calls", &calls);
    if (truncated && c->truncated_line == 0)
        c->truncated_line = hg_xml_line(node);
    c->truncated_count += truncated;
    if (id != position)
        broken(checker, node, "<context> has id=\"%" PRIu64 "\", but it is "
               "context %zu of <contexts>: ids are 1, 2, ... in order", id,
               position);
    else if (hg_node_read_count(node, "parent", &parent) && parent >= id)
        broken(checker, node, "<context id=\"%" PRIu64 "\"> has parent="
               "\"%" PRIu64 "\": a context's parent comes before it", id,
               parent);
    else if (function == 0 || function > checker->graph.count)
        broken(checker, node, "<context id=\"%" PRIu64 "\"> has function="
               "\"%" PRIu64 "\", which is not the id of a <function> (there "
               "are %zu)", id, function, checker->graph.count);
    else if (truncated && hg_node_has(node, "parent"))
        broken(checker, node, "<context id=\"%" PRIu64 "\"> has "
               "truncated=\"yes\" and a parent: only a root is truncated",
               id);
    if (checker_failed(checker))
        return;
    rules_check_entity_cache(checker, node);
    if (self != NULL && !checker_failed(checker))
        rules_check_heap_attributes(checker, self);
    if (inclusive != NULL && !checker_failed(checker))
        rules_check_heap_attributes(checker, inclusive);
    /* The sums need the call graph whole: an earlier phase's problem
       comes first anyway. */
    if (checker_failed(checker) || checker->failed[PHASE_CALL_GRAPH])
        return;
    check_context_order(checker, node, id,
                        sibling_key((unsigned)(function - 1), calls,
                                    truncated));
    if (checker_failed(checker))
        return;
    c->path = hg_xgrow(c->path, &c->capacity, c->depth + 1, sizeof *c->path,
                       64);
    o = &c->path[c->depth++];
    memset(o, 0, sizeof *o);
    o->id = id;
    o->function = (unsigned)(function - 1);
    o->truncated = truncated;
    o->calls = calls;
    o->line = hg_xml_line(node);
    rules_read_figures(self, &o->self);
    rules_read_figures(inclusive, &o->inclusive);
    add_figures(&c->self_sum, &o->self);
    c->self_sum.present |= o->self.present;
    add_context_to_graph(checker, node, calls);
}

/* <outside>: the costs of a context. */
void rules_check_outside(struct hg_rules *checker, const xmlNode *node)
{
    rules_check_cache_attributes(checker, node);
    if (!checker_failed(checker))
        rules_check_heap_attributes(checker, node);
    rules_read_figures(node, &checker->contexts.outside);
    checker->contexts.has_outside = true;
}

/* Identity 1: the outside and the contexts' self add up to <totals>, Ir
   and each cache figure. */
static void check_context_totals(struct hg_rules *checker,
                                 const xmlNode *node)
{
    struct context_check *c = &checker->contexts;
    struct figures sum = c->outside;
    size_t i;

    sum.fits = sum.present;
    add_figures(&sum, &c->self_sum);
    for (i = 0; i <= HG_CACHE_METRICS && !checker_failed(checker); i++) {
        unsigned bit = 1u << i;
        if (!(checker->totals.present & bit) || !(sum.present & bit)
            || ((sum.fits & bit) && sum.value[i] == checker->totals.value[i]))
            continue;
        broken(checker, node, "<outside> %s and the contexts' self %s add "
               "up to %s%" PRIu64 ", but <totals> has %s=\"%" PRIu64 "\"",
               figure_name(i), figure_name(i),
               (sum.fits & bit) ? "" : "more than ",
               (sum.fits & bit) ? sum.value[i] : UINT64_MAX, figure_name(i),
               checker->totals.value[i]);
    }
}

/* Identities 3 and 4: each function's contexts against its figures, each
   edge's against its calls (every entry enters a context: a function's
   calls are its contexts' even when the tree is truncated). */
static void check_context_sums(struct hg_rules *checker)
{
    const struct call_graph *g = &checker->graph;
    bool whole = !checker->contexts.tree_truncated;
    size_t i;

    for (i = 0; i < g->count && !checker_failed(checker); i++) {
        const struct graph_function *f = &g->functions[i];
        const char *name = function_name(checker, (unsigned)i);
        /* Mid-jump: code of another function ran as its self cost inside
           an activation, so the contexts split it differently. */
        if (f->calls > 0 && !f->mid_jump
            && f->context_own_ir != f->self_ir)
            broken_line(checker, f->line, "the contexts of %s (function "
                        "id %zu) have self Ir less no-symbol Ir adding up "
                        "to %" PRIu64 ", but its <self> has Ir=\"%" PRIu64
                        "\"", name, i + 1, f->context_own_ir, f->self_ir);
        else if (f->calls > 0 && !f->mid_jump
                 && f->context_no_symbol_ir != f->no_symbol_ir)
            broken_line(checker, f->line, "the contexts of %s (function "
                        "id %zu) have no-symbol Ir adding up to %" PRIu64
                        ", but its <no-symbol> has Ir=\"%" PRIu64 "\"",
                        name, i + 1, f->context_no_symbol_ir,
                        f->no_symbol_ir);
        else if (whole && f->context_root_calls != f->outside_calls)
            broken_line(checker, f->line, "the root contexts of %s "
                        "(function id %zu) have %" PRIu64 " calls, but it "
                        "has outside-calls=\"%" PRIu64 "\"", name, i + 1,
                        f->context_root_calls, f->outside_calls);
        else if (f->context_calls != f->calls)
            broken_line(checker, f->line, "the contexts of %s (function "
                        "id %zu) have %" PRIu64 " calls, but it has calls="
                        "\"%" PRIu64 "\"", name, i + 1, f->context_calls,
                        f->calls);
    }
    for (i = 0; whole && i < g->call_count && !checker_failed(checker); i++) {
        const struct graph_call *e = &g->calls[i];
        if (e->context_calls != e->calls)
            broken_line(checker, g->functions[e->caller].line, "the "
                        "contexts of %s whose parent is a context of %s "
                        "have %" PRIu64 " calls, but %s's <call callee=\"%u\"> "
                        "has calls=\"%" PRIu64 "\"",
                        function_name(checker, e->callee - 1),
                        function_name(checker, e->caller), e->context_calls,
                        function_name(checker, e->caller), e->callee,
                        e->calls);
    }
}

/* At the end of <contexts>: the count, truncated roots only in a
   truncated tree, the path's last contexts, then the sums. */
void rules_check_contexts(struct hg_rules *checker, const xmlNode *node)
{
    struct context_check *c = &checker->contexts;
    uint64_t count = 0, max = 0;

    if (!in_call_graph(checker, node))
        return;
    hg_node_read_count(node, "count", &count);
    hg_node_read_count(node, "max", &max);
    c->tree_truncated = hg_node_has(node, "truncated");
    if (count != c->count)
        broken(checker, node, "<contexts> has count=\"%" PRIu64 "\", but "
               "it holds %zu <context>s", count, c->count);
    else if (c->truncated_line != 0 && !c->tree_truncated)
        broken_line(checker, c->truncated_line, "<context> has truncated="
                    "\"yes\", but <contexts> has no truncated=\"yes\"");
    else if (c->truncated_line == 0 && c->tree_truncated)
        broken(checker, node, "<contexts> has truncated=\"yes\", but no "
               "<context> is a truncated root");
    /* A merge holds the paths of several runs, each within the cap. */
    else if (!checker->merged && c->count - c->truncated_count > max)
        broken(checker, node, "<contexts> has max=\"%" PRIu64 "\", but "
               "%zu contexts that are not truncated roots", max,
               c->count - c->truncated_count);
    if (checker->failed[PHASE_CALL_GRAPH])
        return;
    while (c->depth > 0 && !checker_failed(checker))
        close_context(checker);
    if (!checker_failed(checker) && c->has_outside)
        check_context_totals(checker, node);
    if (!checker_failed(checker))
        check_context_sums(checker);
}
