/* hotgrind: the rules of the report format that the schema cannot express.
   GPL-2.0-or-later; part of hotgrind. */

/* XML Schema 1.0 has no way to make one attribute or element depend on
   another ("marked="yes" comes with calls").  `hotgrind validate` answers
   "could this release have written this report?", so it checks those
   rules too, and every command with it (report.c), as the report is
   read; their problem counts after the schema's.  The list is in
   docs/report-format.md, "Rules the schema cannot express". */

#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/rules.h"
#include "report/rules-check.h"
#include "util/number.h"
#include "util/xalloc.h"
#include "xml/node.h"
#include "xml/xml-safe.h"

/* The names of rules-figures.h, here with the rules that check the
   attributes they name. */
const char *const hg_cache_metric_names[HG_CACHE_METRICS] = {
    "I1mr", "ILmr", "Dr", "D1mr", "DLmr", "Dw", "D1mw", "DLmw", "cycles"
};

const char *const hg_branch_metric_names[HG_BRANCH_METRICS] = {
    "Bc", "Bcm", "Bi", "Bim"
};

const char *const rules_heap_attributes[HEAP_FIGURES] = {
    "allocs", "alloc-bytes", "frees", "free-bytes",
};

static void broken_at(struct hg_rules *checker, long line,
                      const char *format, va_list args)
    __attribute__((format(printf, 3, 0)));

/* Keeps the first broken rule of the phase, with LINE. */
static void broken_at(struct hg_rules *checker, long line,
                      const char *format, va_list args)
{
    enum phase p = checker->phase;
    if (checker_failed(checker))
        return;
    checker->failed[p] = true;
    checker->failed_ordinal[p] = checker->ordinal;
    hg_xml_vproblem(checker->problems[p], sizeof checker->problems[p], line,
                    format, args);
}

/* The first broken rule of the phase, with the line of the element
   concerned. */
void broken(struct hg_rules *checker, const xmlNode *where,
            const char *format, ...)
{
    va_list args;
    va_start(args, format);
    broken_at(checker, hg_xml_line(where), format, args);
    va_end(args);
}

void broken_line(struct hg_rules *checker, long line,
                 const char *format, ...)
{
    va_list args;
    va_start(args, format);
    broken_at(checker, line, format, args);
    va_end(args);
}

static void check_per_call(struct hg_rules *checker, const xmlNode *node)
{
    static const char *const ordered[] = { "min", "p50", "p95", "p99", "max" };
    uint64_t values[5], units;
    unsigned hundredths;
    xmlChar *mean;
    bool mean_ok;
    size_t i;

    for (i = 0; i < 5; i++)
        if (!hg_node_read_count(node, ordered[i], &values[i]))
            return;
    for (i = 1; i < 5; i++)
        if (values[i] < values[i - 1]) {
            broken(checker, node, "<per-call> has %s=\"%" PRIu64 "\" "
                   "less than %s=\"%" PRIu64 "\"", ordered[i], values[i],
                   ordered[i - 1], values[i - 1]);
            return;
        }

    mean = xmlGetNoNsProp(node, (const xmlChar *)"mean");
    mean_ok = mean != NULL
              && hg_parse_mean((const char *)mean, &units, &hundredths);
    xmlFree(mean);
    if (!mean_ok)
        return;
    if (units < values[0])
        broken(checker, node, "<per-call> has mean=\"%" PRIu64 ".%02u\" "
               "less than min=\"%" PRIu64 "\"", units, hundredths, values[0]);
    else if (units > values[4] || (units == values[4] && hundredths > 0))
        broken(checker, node, "<per-call> has mean=\"%" PRIu64 ".%02u\" "
               "greater than max=\"%" PRIu64 "\"", units, hundredths,
               values[4]);
}

/* A <function> or <zone>: <per-call> if and only if calls is not 0; in a
   merged report, never (per-call figures of several runs do not add). */
void rules_check_per_call_presence(struct hg_rules *checker,
                                   const xmlNode *node)
{
    const char *what = (const char *)node->name;
    const xmlNode *per_call = hg_node_child(node, "per-call");
    uint64_t calls;
    bool has_calls = hg_node_read_count(node, "calls", &calls);

    if (checker->merged) {
        if (per_call != NULL)
            broken(checker, per_call, "a merged report (<run><merge>) has "
                   "no <per-call> element");
        return;
    }
    if (per_call != NULL && !has_calls)
        broken(checker, node, "<%s> has a <per-call> element but no calls "
               "attribute", what);
    else if (per_call != NULL && calls == 0)
        broken(checker, node, "<%s> has calls=\"0\" and a <per-call> "
               "element", what);
    else if (per_call == NULL && has_calls && calls > 0)
        broken(checker, node, "<%s> has calls=\"%" PRIu64 "\" but no "
               "<per-call> element", what, calls);
    else if (per_call != NULL)
        check_per_call(checker, per_call);
}

static void check_mark(struct hg_rules *checker, const xmlNode *node)
{
    uint64_t functions, entered;
    if (hg_node_read_count(node, "functions", &functions)
        && hg_node_read_count(node, "entered", &entered)
        && entered > functions)
        broken(checker, node, "<mark> has entered=\"%" PRIu64 "\" greater "
               "than functions=\"%" PRIu64 "\"", entered, functions);
}

/* ------------------------------------------------------- the stream */

struct hg_rules *hg_rules_start(void)
{
    struct hg_rules *checker = hg_xcalloc(1, sizeof *checker);
    size_t i;
    checker->ir_fits = true;
    checker->branch_fits = true;
    for (i = 0; i < HEAP_FIGURES; i++)
        checker->thread_heap.fits[i] = checker->function_heap.fits[i] = true;
    return checker;
}

/* Enters PHASE and runs CHECK on ITEM unless the phase already failed:
   a phase stops at its first problem. */
static void check_in_phase(struct hg_rules *checker, enum phase phase,
                           rules_check_fn *check,
                           const xmlNode *item)
{
    checker->phase = phase;
    if (!checker_failed(checker))
        check(checker, item);
}

/* The checks of each item that stop at their phase's first problem, in
   their order. */
static const struct {
    const char *item;
    enum phase phase;
    rules_check_fn *check;
} item_checks[] = {
    { "function", PHASE_FUNCTIONS, rules_check_function },
    { "function", PHASE_FUNCTIONS, rules_check_function_lines },
    { "function", PHASE_FUNCTIONS_CACHE, rules_check_entity_cache },
    { "function", PHASE_BRANCHES, rules_check_function_branches },
    { "object", PHASE_OBJECTS, rules_check_object },
    { "context", PHASE_CONTEXTS, rules_check_context },
    { "outside", PHASE_CONTEXTS, rules_check_outside },
    { "zone", PHASE_ZONES, rules_check_activations },
    { "zone", PHASE_ZONES_CACHE, rules_check_entity_cache },
    { "mark", PHASE_MARKS, check_mark },
    { "event", PHASE_EVENTS, rules_check_event },
};

/* Each item's checks, in their phases; a phase stops at its first
   problem (a later item may still break a rule of an earlier phase).
   Those of the call graph, the threads and the mutexes below see to that
   themselves, as they also collect what later checks need. */
void hg_rules_item(struct hg_rules *checker, const xmlNode *item)
{
    const char *name = (const char *)item->name;
    size_t i;

    checker->ordinal = 0;
    if (!hg_node_is(item, NULL))
        return;
    for (i = 0; i < sizeof item_checks / sizeof item_checks[0]; i++)
        if (strcmp(name, item_checks[i].item) == 0)
            check_in_phase(checker, item_checks[i].phase,
                           item_checks[i].check, item);
    if (strcmp(name, "function") == 0) {
        checker->phase = PHASE_CALL_GRAPH;
        rules_check_graph_item(checker, item);
        rules_collect_function_object(checker, item);
    } else if (strcmp(name, "thread") == 0) {
        checker->phase = PHASE_THREADS;
        rules_check_thread(checker, item);
    } else if (strcmp(name, "mutex") == 0) {
        checker->phase = PHASE_MUTEXES;
        if (!checker_failed(checker))
            rules_check_mutex(checker, item);
        else
            rules_collect_id(&checker->mutexes, item);
    }
}

void hg_rules_list(struct hg_rules *checker, const xmlNode *list)
{
    if (hg_node_is(list, "contexts"))
        checker->contexts.tree_truncated = hg_node_has(list, "truncated");
}

void hg_rules_part(struct hg_rules *checker, const xmlNode *part)
{
    const char *name = (const char *)part->name;
    const xmlNode *heap;
    size_t i;

    checker->ordinal = 0;
    if (!hg_node_is(part, NULL))
        return;
    if (strcmp(name, "run") == 0) {
        checker->merged = hg_node_child(part, "merge") != NULL;
        checker->phase = PHASE_OPTIONS;
        rules_check_options(checker, part);
        rules_check_input_options(checker, part);
        rules_check_inputs(checker, part);
        rules_check_exit(checker, part);
    } else if (strcmp(name, "totals") == 0) {
        heap = hg_node_child(part, "heap");
        checker->has_totals = hg_node_read_count(part, "Ir",
                                                 &checker->total_ir);
        rules_read_figures(part, &checker->totals);
        checker->totals_heap = heap != NULL;
        for (i = 0; i < HEAP_FIGURES; i++)
            checker->has_total_heap[i] = heap != NULL
                && hg_node_read_count(heap, rules_heap_attributes[i],
                             &checker->total_heap[i]);
        checker->phase = PHASE_TOTALS_CACHE;
        rules_check_cache_attributes(checker, part);
        checker->phase = PHASE_BRANCHES;
        checker->total_branches = rules_read_branches(checker, part,
                                                      checker->total_branch);
        checker->phase = PHASE_TOTALS_HEAP;
        if (heap != NULL)
            rules_check_totals_heap(checker, heap);
    } else if (strcmp(name, "functions") == 0) {
        checker->ordinal = SIZE_MAX;
        check_in_phase(checker, PHASE_BRANCHES, rules_check_branch_sums, part);
        checker->phase = PHASE_CALL_GRAPH;
        rules_check_graph(checker, part);
    } else if (strcmp(name, "objects") == 0) {
        checker->ordinal = SIZE_MAX;
        check_in_phase(checker, PHASE_OBJECTS, rules_check_objects_listed,
                       part);
    } else if (strcmp(name, "contexts") == 0) {
        checker->ordinal = SIZE_MAX;
        check_in_phase(checker, PHASE_CONTEXTS, rules_check_contexts, part);
    } else if (strcmp(name, "threads") == 0) {
        checker->phase = PHASE_THREADS;
        rules_check_threads(checker, part);
    } else if (strcmp(name, "mutexes") == 0) {
        checker->has_mutexes = true;
        if (checker->mutexes.count > 0)
            qsort(checker->mutexes.ids, checker->mutexes.count,
                  sizeof *checker->mutexes.ids, rules_compare_ids);
    } else if (strcmp(name, "events") == 0) {
        checker->has_events = true;
    }
}

bool hg_rules_finish(struct hg_rules *checker, char *problem,
                     size_t problem_size)
{
    bool ok = true;
    int p;

    rules_check_options_against_report(checker);
    for (p = 0; p < PHASES && ok; p++)
        if (checker->failed[p]) {
            snprintf(problem, problem_size, "%s", checker->problems[p]);
            ok = false;
        }
    rules_free_object_names(&checker->objects);
    rules_free_call_graph(&checker->graph);
    free(checker->contexts.path);
    free(checker->previous_object);
    free(checker->threads.ids);
    free(checker->mutexes.ids);
    free(checker->parents);
    free(checker);
    return ok;
}

/* ------------------------------------------------- a whole document */

static const char *const lists[][2] = {
    { "functions", "function" }, { "objects", "object" },
    { "contexts", "outside" }, { "contexts", "context" }, { "zones", "zone" },
    { "marks", "mark" },
    { "threads", "thread" }, { "mutexes", "mutex" }, { "events", "event" },
};

/* The parts under the root in file order, as the stream reader hands
   them over: each list's items, then the list. */
bool hg_check_rules(xmlDocPtr doc, char *problem, size_t problem_size)
{
    struct hg_rules *checker = hg_rules_start();
    const xmlNode *root = xmlDocGetRootElement(doc), *part, *item;
    size_t i;

    for (part = root ? root->children : NULL; part; part = part->next) {
        if (!hg_node_is(part, NULL))
            continue;
        hg_rules_list(checker, part);
        for (i = 0; i < sizeof lists / sizeof lists[0]; i++)
            if (hg_node_is(part, lists[i][0]))
                for (item = part->children; item; item = item->next)
                    if (hg_node_is(item, lists[i][1]))
                        hg_rules_item(checker, item);
        hg_rules_part(checker, part);
    }
    return hg_rules_finish(checker, problem, problem_size);
}

bool hg_validate_report(xmlDocPtr doc, char *problem, size_t problem_size)
{
    return hg_xml_validate(doc, problem, problem_size)
           && hg_check_rules(doc, problem, problem_size);
}
