/* hotgrind: the rules of the functions and zones: heap, cache and
   branch figures, activations, lines and the call-graph attributes.
   GPL-2.0-or-later; part of hotgrind. */

#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/rules-check.h"
#include "util/messages.h"
#include "xml/node.h"
#include "xml/xml-safe.h"

/* --------------------------------------------------------------- heap */

/* The heap rules below hold by construction (hotgrind/ht_heap.c): every
   allocation or free counted adds to <totals><heap>, to at most one
   function's <heap> (the caller's, when known), to the thread that made
   it, and to the <inclusive> of what was active on that thread, once.
   Nothing relates allocs to frees, or either to peak and exit: blocks
   allocated while collection is off are still live blocks (counted in
   peak and exit, and their frees counted once it is on), and a function
   or thread may free a block another allocated. */

/* SUM += VALUE; false when it no longer fits. */
bool rules_add_to(uint64_t *sum, uint64_t value)
{
    if (*sum > UINT64_MAX - value)
        return false;
    *sum += value;
    return true;
}

/* Adds NODE's heap figures to SUM. */
void rules_add_heap(struct heap_sum *sum, const xmlNode *node)
{
    uint64_t value;
    size_t i;
    for (i = 0; i < HEAP_FIGURES; i++)
        if (hg_node_read_count(node, rules_heap_attributes[i], &value))
            sum->fits[i] = sum->fits[i] && rules_add_to(&sum->sum[i], value);
}

/* The heap figures of NODE, an <inclusive> (its activations' traffic,
   each allocation or free counted once), are each at most <totals>'. */
static void check_heap_within_totals(struct hg_rules *checker,
                                     const xmlNode *node)
{
    uint64_t value;
    size_t i;
    for (i = 0; i < HEAP_FIGURES && !checker_failed(checker); i++)
        if (checker->has_total_heap[i]
            && hg_node_read_count(node, rules_heap_attributes[i], &value)
            && value > checker->total_heap[i])
            broken(checker, node, "<%s> has %s=\"%" PRIu64 "\" greater "
                   "than <totals><heap %s=\"%" PRIu64 "\">",
                   (const char *)node->name, rules_heap_attributes[i], value,
                   rules_heap_attributes[i], checker->total_heap[i]);
}

/* Every allocation counts at least one byte (a zero-byte request counts
   as one, as DHAT does). */
static void check_alloc_bytes(struct hg_rules *checker, const xmlNode *node)
{
    uint64_t allocs, bytes;
    if (hg_node_read_count(node, "allocs", &allocs)
        && hg_node_read_count(node, "alloc-bytes", &bytes) && bytes < allocs)
        broken(checker, node, "<%s> has alloc-bytes=\"%" PRIu64 "\" less "
               "than allocs=\"%" PRIu64 "\"", (const char *)node->name,
               bytes, allocs);
}

/* Of the COUNT attributes NAMES that come all together or not at all:
   the first NODE has into *PRESENT, the first it lacks into *ABSENT, NULL
   when there is none. */
static void present_and_absent(const xmlNode *node,
                               const char *const *names, size_t count,
                               const char **present, const char **absent)
{
    size_t i;
    *present = *absent = NULL;
    for (i = 0; i < count; i++) {
        if (hg_node_has(node, names[i])) {
            if (*present == NULL)
                *present = names[i];
        } else if (*absent == NULL) {
            *absent = names[i];
        }
    }
}

/* The heap attributes of an <inclusive> or a <thread>: all four or none,
   present if and only if <totals> has a <heap>. */
void rules_check_heap_attributes(struct hg_rules *checker,
                                 const xmlNode *node)
{
    const char *what = (const char *)node->name;
    const char *present, *absent;

    present_and_absent(node, rules_heap_attributes, HEAP_FIGURES, &present,
                       &absent);
    if (present != NULL && absent != NULL)
        broken(checker, node, "<%s> has %s but no %s attribute", what,
               present, absent);
    else if (present != NULL && !checker->totals_heap)
        broken(checker, node, "<%s> has heap attributes, but <totals> has "
               "no <heap>", what);
    else if (present == NULL && checker->totals_heap)
        broken(checker, node, "<%s> has no heap attributes, but <totals> "
               "has a <heap>", what);
    else if (present != NULL)
        check_alloc_bytes(checker, node);
    if (present != NULL && strcmp(what, "inclusive") == 0)
        check_heap_within_totals(checker, node);
}

/* The eight cache counters of --cache-sim=yes come all together or not at
   all, on <totals>, <self> and <inclusive> (cycles is optional: reports
   from before the cost model have none). */
static const char *const cache_attributes[] = {
    "I1mr", "ILmr", "Dr", "D1mr", "DLmr", "Dw", "D1mw", "DLmw",
};

void rules_check_cache_attributes(struct hg_rules *checker,
                                  const xmlNode *node)
{
    const char *present, *absent;
    present_and_absent(node, cache_attributes,
                       sizeof cache_attributes / sizeof cache_attributes[0],
                       &present, &absent);
    if (present != NULL && absent != NULL)
        broken(checker, node, "<%s> has %s but no %s attribute",
               (const char *)node->name, present, absent);
}

/* check_cache_attributes on the <self> and <inclusive> of a function or
   zone. */
void rules_check_entity_cache(struct hg_rules *checker, const xmlNode *node)
{
    const xmlNode *child;
    for (child = node->children; child && !checker_failed(checker);
         child = child->next)
        if (hg_node_is(child, "self") || hg_node_is(child, "inclusive")
            || hg_node_is(child, "no-symbol"))
            rules_check_cache_attributes(checker, child);
        else if (hg_node_is(child, "callees"))
            rules_check_entity_cache(checker, child);
        else if (hg_node_is(child, "call"))
            rules_check_cache_attributes(checker, child);
}

void rules_check_totals_heap(struct hg_rules *checker, const xmlNode *heap)
{
    uint64_t peak_bytes, peak_blocks, exit_bytes;

    check_alloc_bytes(checker, heap);
    if (!hg_node_read_count(heap, "peak-bytes", &peak_bytes)
        || !hg_node_read_count(heap, "peak-blocks", &peak_blocks)
        || !hg_node_read_count(heap, "exit-bytes", &exit_bytes))
        return;
    if (exit_bytes > peak_bytes)
        broken(checker, heap, "<heap> has exit-bytes=\"%" PRIu64 "\" "
               "greater than peak-bytes=\"%" PRIu64 "\"", exit_bytes,
               peak_bytes);
    else if (peak_bytes > 0 && peak_blocks == 0)
        broken(checker, heap, "<heap> has peak-bytes=\"%" PRIu64 "\" but "
               "peak-blocks=\"0\"", peak_bytes);
}

/* A function's own <heap>: only with heap=yes. */
static void check_function_heap(struct hg_rules *checker, const xmlNode *node)
{
    const xmlNode *heap = hg_node_child(node, "heap");
    if (heap == NULL)
        return;
    size_t i;
    if (!checker->totals_heap) {
        broken(checker, heap, "<function> has a <heap>, but <totals> has "
               "none");
        return;
    }
    check_alloc_bytes(checker, heap);
    /* Each allocation or free counts for one function at most (none when
       the caller is not known), so the functions' add up to no more than
       the totals; the first <heap> that passes them is the one named. */
    rules_add_heap(&checker->function_heap, heap);
    for (i = 0; i < HEAP_FIGURES && !checker_failed(checker); i++) {
        const struct heap_sum *sum = &checker->function_heap;
        if (!checker->has_total_heap[i]
            || (sum->fits[i] && sum->sum[i] <= checker->total_heap[i]))
            continue;
        if (sum->fits[i])
            broken(checker, heap, "<heap> brings the <function>s' %s to "
                   "%" PRIu64 ", more than <totals><heap %s=\"%" PRIu64
                   "\">", rules_heap_attributes[i], sum->sum[i],
                   rules_heap_attributes[i], checker->total_heap[i]);
        else
            broken(checker, heap, "<heap> brings the <function>s' %s to "
                   "more than %" PRIu64 ", more than <totals><heap "
                   "%s=\"%" PRIu64 "\">", rules_heap_attributes[i], UINT64_MAX,
                   rules_heap_attributes[i], checker->total_heap[i]);
    }
}

/* What a marked function and a zone share: heap attributes on
   <inclusive> and the <per-call> rules. */
void rules_check_activations(struct hg_rules *checker, const xmlNode *node)
{
    const xmlNode *inclusive = hg_node_child(node, "inclusive");
    if (inclusive != NULL)
        rules_check_heap_attributes(checker, inclusive);
    if (!checker_failed(checker))
        rules_check_per_call_presence(checker, node);
}

/* call-graph=yes: a function of the call graph has an id, calls and an
   <inclusive>, <per-call> only if marked; the attributes and elements of
   the call graph only there. */
static void check_graph_function(struct hg_rules *checker,
                                 const xmlNode *node)
{
    static const char *const graph_only[] = {
        "outside-calls", "recursive", "mid-jump",
    };
    bool has_id = hg_node_has(node, "id");
    const xmlNode *per_call = hg_node_child(node, "per-call");
    size_t i;

    if (checker->call_graph && !has_id) {
        broken(checker, node, "<function> has no id attribute, but option "
               "call-graph is yes");
        return;
    }
    if (!has_id) {
        if (checker_failed(checker))
            return;
        for (i = 0; i < 3; i++)
            if (hg_node_has(node, graph_only[i]))
                broken(checker, node, "<function> has %s but no id: only "
                       "a report with option call-graph=yes has it",
                       graph_only[i]);
        if (hg_node_child(node, "no-symbol") != NULL
            || hg_node_child(node, "callees") != NULL)
            broken(checker, node, "<function> has a <%s> but no id: only "
                   "a report with option call-graph=yes has it",
                   hg_node_child(node, "callees") ? "callees" : "no-symbol");
        return;
    }
    if (!checker->call_graph)
        broken(checker, node, "<function> has an id, but the report's "
               "options do not say call-graph=yes");
    else if (!hg_node_has(node, "calls"))
        broken(checker, node, "<function> of a call graph has no calls "
               "attribute");
    else if (hg_node_child(node, "inclusive") == NULL)
        broken(checker, node, "<function> of a call graph has no "
               "<inclusive> element");
    else if (per_call != NULL && !hg_node_has(node, "marked"))
        broken(checker, per_call, "<per-call> of a <function> that is not "
               "marked=\"yes\"");
    else if (hg_node_has(node, "marked"))
        rules_check_activations(checker, node);
    else
        rules_check_heap_attributes(checker, hg_node_child(node, "inclusive"));
}

/* inline=yes: an inlined function's row (inlined="yes", with
   inlined-into) has calls, marked or not, and an <inclusive> (and the
   <per-call> rules) only when marked: its activations are tracked for
   marks only; a call graph has no inlined rows. */
static void check_inlined_function(struct hg_rules *checker,
                                   const xmlNode *node)
{
    bool marked = hg_node_has(node, "marked");
    bool has_inclusive = hg_node_child(node, "inclusive") != NULL;

    if (!hg_node_has(node, "inlined-into"))
        broken(checker, node, "<function> has inlined=\"yes\" but no "
               "inlined-into attribute");
    else if (checker->call_graph || hg_node_has(node, "id"))
        broken(checker, node, "<function> has inlined=\"yes\" in a call "
               "graph (option call-graph=yes)");
    else if (!hg_node_has(node, "calls"))
        broken(checker, node, "<function> has inlined=\"yes\" but no "
               "calls attribute");
    else if (marked && !has_inclusive)
        broken(checker, node, "<function> has marked=\"yes\" but no "
               "<inclusive> element");
    else if (!marked && (has_inclusive
                         || hg_node_child(node, "per-call") != NULL))
        broken(checker, node, "<function> has inlined=\"yes\" and an "
               "<%s> element but no marked=\"yes\"",
               has_inclusive ? "inclusive" : "per-call");
    else
        check_function_heap(checker, node);
    if (!checker_failed(checker) && marked)
        rules_check_activations(checker, node);
}

/* marked="yes", calls and <inclusive> come together. */
void rules_check_function(struct hg_rules *checker, const xmlNode *node)
{
    bool marked = hg_node_has(node, "marked");
    bool has_calls = hg_node_has(node, "calls");
    bool has_inclusive = hg_node_child(node, "inclusive") != NULL;

    if (hg_node_has(node, "inlined")) {
        check_inlined_function(checker, node);
        return;
    }
    if (hg_node_has(node, "inlined-into")) {
        broken(checker, node, "<function> has inlined-into but no "
               "inlined=\"yes\"");
        return;
    }
    if (checker->call_graph || hg_node_has(node, "id")) {
        check_graph_function(checker, node);
        if (!checker_failed(checker))
            check_function_heap(checker, node);
        return;
    }
    check_graph_function(checker, node);
    if (checker_failed(checker))
        return;
    if (marked && !has_calls)
        broken(checker, node, "<function> has marked=\"yes\" but no calls "
               "attribute");
    else if (!marked && has_calls)
        broken(checker, node, "<function> has a calls attribute but no "
               "marked=\"yes\"");
    else if (marked && !has_inclusive)
        broken(checker, node, "<function> has marked=\"yes\" but no "
               "<inclusive> element");
    else if (!marked && has_inclusive)
        broken(checker, node, "<function> has an <inclusive> element but "
               "no marked=\"yes\"");
    else
        check_function_heap(checker, node);
    if (checker_failed(checker))
        return;
    if (marked)
        rules_check_activations(checker, node);
    else
        rules_check_per_call_presence(checker, node);
}

/* ----------------------------------------------------------- branches */

/* The branch figures of branch-sim=yes (Cachegrind's names), only on
   <totals> and each function's <self>: all four or none, mispredictions
   at most the branches, and the functions' self figures adding up to the
   totals'. */
/* True when NODE has all four (in VALUE), false when none; a partial set
   or more mispredictions than branches is broken. */
bool rules_read_branches(struct hg_rules *checker, const xmlNode *node,
                         uint64_t value[HG_BRANCH_METRICS])
{
    size_t i, present = 0;
    for (i = 0; i < HG_BRANCH_METRICS; i++)
        present += hg_node_read_count(node, hg_branch_metric_names[i],
                                      &value[i]);
    if (present == 0)
        return false;
    for (i = 0; i < HG_BRANCH_METRICS && present < HG_BRANCH_METRICS; i++)
        if (!hg_node_has(node, hg_branch_metric_names[i]))
            broken(checker, node, "<%s> has branch figures but no %s "
                   "attribute", (const char *)node->name,
                   hg_branch_metric_names[i]);
    for (i = 0; i < HG_BRANCH_METRICS && !checker_failed(checker); i += 2)
        if (value[i + 1] > value[i])
            broken(checker, node, "<%s> has %s=\"%" PRIu64 "\" greater than "
                   "%s=\"%" PRIu64 "\"", (const char *)node->name,
                   hg_branch_metric_names[i + 1], value[i + 1],
                   hg_branch_metric_names[i], value[i]);
    return !checker_failed(checker);
}

void rules_check_function_branches(struct hg_rules *checker,
                                   const xmlNode *node)
{
    const xmlNode *self = hg_node_child(node, "self");
    uint64_t value[HG_BRANCH_METRICS];
    size_t i;
    bool has;
    if (self == NULL)
        return;
    has = rules_read_branches(checker, self, value);
    if (checker_failed(checker))
        return;
    if (has != checker->total_branches)
        broken(checker, self, has ? "<self> has branch figures but <totals> "
               "has none" : "<self> has no branch figures but <totals> has "
               "them");
    for (i = 0; has && i < HG_BRANCH_METRICS; i++)
        checker->branch_fits = checker->branch_fits
                               && rules_add_to(&checker->branch_sum[i],
                                               value[i]);
}

/* lines=yes: each event a function's <self> has (Ir, the cache and
   branch figures; cycles follow from them) is on each of its <line>s
   too, and they add up to <self>'s (docs/report-format.md, <lines>).
   NAME is the function's, quoted for messages. */
static void check_lines_event(struct hg_rules *checker, const char *name,
                              const xmlNode *self, const xmlNode *lines,
                              const char *event)
{
    const xmlNode *line;
    uint64_t own, value, sum = 0;
    bool on_self = hg_node_has(self, event);
    for (line = lines->children; line != NULL; line = line->next) {
        if (!hg_node_is(line, "line"))
            continue;
        if (hg_node_has(line, event) != on_self) {
            broken(checker, line, "a <line> of function \"%s\" has %s %s, "
                   "but its <self> has %s", name, on_self ? "no" : "a",
                   event, on_self ? "one" : "none");
            return;
        }
        if (!on_self || !hg_node_read_count(line, event, &value))
            continue;
        if (!rules_add_to(&sum, value)) {
            broken(checker, lines, "function \"%s\": the <line> %ss add "
                   "up to more than %" PRIu64 "", name, event, UINT64_MAX);
            return;
        }
    }
    if (on_self && hg_node_read_count(self, event, &own) && sum != own)
        broken(checker, lines, "function \"%s\": the <line> %ss add up to "
               "%" PRIu64 ", but <self> has %s=\"%" PRIu64 "\"", name,
               event, sum, event, own);
}

void rules_check_function_lines(struct hg_rules *checker,
                                const xmlNode *node)
{
    const xmlNode *self = hg_node_child(node, "self");
    const xmlNode *lines = hg_node_child(node, "lines");
    xmlChar *copy;
    const char *name;
    char shown[64];
    size_t i;
    if (self == NULL || lines == NULL)
        return;
    name = hg_xml_attribute(node, "name", &copy);
    hg_quote_for_message(shown, sizeof shown, name ? name : "");
    xmlFree(copy);
    check_lines_event(checker, shown, self, lines, "Ir");
    for (i = 0; i < sizeof cache_attributes / sizeof cache_attributes[0]
         && !checker_failed(checker); i++)
        check_lines_event(checker, shown, self, lines, cache_attributes[i]);
    for (i = 0; i < HG_BRANCH_METRICS && !checker_failed(checker); i++)
        check_lines_event(checker, shown, self, lines,
                          hg_branch_metric_names[i]);
}

void rules_check_branch_sums(struct hg_rules *checker,
                             const xmlNode *functions)
{
    size_t i;
    if (!checker->total_branches || !checker->branch_fits)
        return;
    for (i = 0; i < HG_BRANCH_METRICS && !checker_failed(checker); i++)
        if (checker->branch_sum[i] != checker->total_branch[i])
            broken(checker, functions, "the functions' self %s add up to %"
                   PRIu64 ", but <totals> has %s=\"%" PRIu64 "\"",
                   hg_branch_metric_names[i], checker->branch_sum[i],
                   hg_branch_metric_names[i], checker->total_branch[i]);
}
