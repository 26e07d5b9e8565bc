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

#include "report/report.h"
#include "report/rules.h"
#include "util/hash.h"
#include "util/number.h"
#include "util/xalloc.h"
#include "xml/node.h"
#include "xml/xml-safe.h"

/* Ids of the listed threads or mutexes, sorted for bsearch once their
   list has ended. */
struct id_set {
    unsigned *ids;
    size_t count, capacity;
};

/* The rules are checked as the report is read (hg_rules_item,
   hg_rules_part), item by item, and the first broken one is the one a walk
   of the whole document in this order would find: the options, <totals>,
   the functions (their own rules, then their cache attributes), the
   objects, the zones (the same), the marks, the threads, the mutexes, the events.
   Each phase keeps its first problem; hg_rules_finish reports the one of
   the earliest phase. */
enum phase {
    PHASE_OPTIONS, PHASE_TOTALS_CACHE, PHASE_TOTALS_HEAP, PHASE_FUNCTIONS,
    PHASE_FUNCTIONS_CACHE, PHASE_BRANCHES, PHASE_CALL_GRAPH, PHASE_OBJECTS, PHASE_CONTEXTS, PHASE_ZONES, PHASE_ZONES_CACHE, PHASE_MARKS,
    PHASE_THREADS, PHASE_MUTEXES, PHASE_EVENTS, PHASES
};

/* The four heap figures of an element, in the order of heap_attributes,
   summed over a list; fits[i] false once sum[i] no longer fits. */
enum { HEAP_FIGURES = 4 };
static const char *const heap_attributes[HEAP_FIGURES] = {
    "allocs", "alloc-bytes", "frees", "free-bytes",
};
struct heap_sum {
    uint64_t sum[HEAP_FIGURES];
    bool fits[HEAP_FIGURES];
};

/* The objects the <function>s name, each with the line of the first
   function naming it, and whether <objects> lists it: an open-addressing
   table (a report names tens of objects, whatever its size). */
struct named_object {
    char *name;           /* NULL: an empty slot */
    long line;
    bool listed;
};
struct object_names {
    struct named_object *slots;
    size_t count, slot_count;   /* slot_count: 0 or a power of two */
};

/* A <thread parent> to look up once all the threads are listed. */
struct parent_reference {
    unsigned parent;
    uint64_t id;          /* as written, for the message */
    size_t ordinal;       /* the thread's, in file order */
    long line;
};

/* call-graph=yes: what the identities need of each function (in id
   order) and of each <call>; 120 bytes and its name and object, and 24
   bytes, so that a report of 500,000 functions and 2 million calls costs
   about 150 MB to check. */
struct graph_function {
    uint64_t calls, outside_calls;
    uint64_t incoming;            /* the <call calls> naming it */
    uint64_t inclusive_ir;
    uint64_t parts_ir;            /* self + no-symbol + its <call Ir>s */
    uint64_t self_ir, no_symbol_ir;
    /* Sums over its <context>s: self Ir less no-symbol Ir, no-symbol
       Ir, calls, calls of the roots. */
    uint64_t context_own_ir, context_no_symbol_ir;
    uint64_t context_calls, context_root_calls;
    char *name, *object;          /* for naming contexts in messages */
    long line;
    bool recursive, mid_jump;
    bool parts_fit;               /* parts_ir did not overflow */
};
struct graph_call {
    unsigned caller;              /* index */
    unsigned callee;              /* id, as written */
    uint64_t calls;
    uint64_t context_calls;       /* of the callee's contexts whose
                                     parent is the caller's */
};
/* A <call> whose callee id is above every one before it, with its line:
   the first call naming an id past the last function is one of these. */
struct id_record {
    unsigned callee;
    long line;
};
struct call_graph {
    struct graph_function *functions;
    size_t count, capacity;
    struct graph_call *calls;
    size_t call_count, call_capacity;
    size_t *first_call;           /* per function, into calls */
    size_t first_call_capacity;
    struct id_record *records;
    size_t record_count, record_capacity;
    bool has_zero;                /* a callee="0" (past the schema) */
    long zero_line;
};

/* Ir, the cache figures (hg_cache_metric_names) and the heap ones. */
enum { CONTEXT_FIGURES = 1 + HG_CACHE_METRICS + HEAP_FIGURES };

/* The figures an element has; a sum is exact while its fits bit is
   set. */
struct figures {
    uint64_t value[CONTEXT_FIGURES];
    unsigned present, fits;       /* bit i: figure i */
};

/* A context of the open path. */
struct open_context {
    uint64_t id;
    unsigned function;            /* index */
    bool truncated;
    long line;
    struct figures self, inclusive, children;
    uint64_t calls;
    bool has_child;
    uint64_t last_child;          /* sibling_key of its last child */
};

/* <contexts>: what the checks need of the items read so far. */
struct context_check {
    size_t count;                 /* <context>s so far */
    size_t truncated_count;       /* of them truncated roots */
    long truncated_line;          /* of the first truncated one; 0: none */
    bool tree_truncated;          /* <contexts truncated="yes"> */
    struct open_context *path;    /* from a root to the last context */
    size_t depth, capacity;
    bool has_root;
    uint64_t last_root;           /* sibling_key of the last root */
    struct figures outside, self_sum;
    bool has_outside;
};

struct hg_rules {
    enum phase phase;             /* of the check being made */
    size_t ordinal;               /* its place within the phase */
    bool failed[PHASES];
    size_t failed_ordinal[PHASES];
    char problems[PHASES][HG_PROBLEM_SIZE];

    bool has_totals;
    uint64_t total_ir;
    /* branch-sim=yes: Bc Bcm Bi Bim of <totals>, and the sums of the
       functions' <self> ones (exact while branch_fits). */
    bool total_branches;
    uint64_t total_branch[HG_BRANCH_METRICS], branch_sum[HG_BRANCH_METRICS];
    bool branch_fits;
    struct figures totals;        /* Ir and cache figures of <totals> */
    bool totals_heap;             /* <totals><heap> */
    /* <totals><heap>'s allocs, alloc-bytes, frees and free-bytes
       (heap_attributes), each when present. */
    bool has_total_heap[HEAP_FIGURES];
    uint64_t total_heap[HEAP_FIGURES];
    bool merged;                  /* <run><merge>: no <per-call> at all */
    /* <run><options>: heap and thread-events, checked against the report
       at the end.  NULL when not given. */
    const char *heap_option, *events_option;
    bool call_graph;              /* option call-graph is yes */
    struct call_graph graph;
    struct context_check contexts;
    long heap_option_line, events_option_line;
    bool has_events, has_mutexes;

    struct object_names objects;  /* named by the <function>s */
    bool has_object;              /* an <object> was checked */
    char *previous_object;        /* its name, for the order */
    struct id_set threads;        /* ids of the <thread>s */
    struct id_set mutexes;        /* ids of the <mutex>es */
    struct parent_reference *parents;
    size_t parent_count, parent_capacity, thread_ordinal;
    uint64_t ir_sum;
    bool ir_fits;
    struct heap_sum thread_heap;     /* of the <thread>s */
    struct heap_sum function_heap;   /* of the <function><heap>s */
    bool has_previous_event;
    uint64_t previous_event_ir;
};

/* The checks below were written for a whole document and keep its
   vocabulary: "checker" is the state of the rules. */
#define checker_failed(c) ((c)->failed[(c)->phase] \
                           && (c)->failed_ordinal[(c)->phase] <= (c)->ordinal)

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

static void broken(struct hg_rules *checker, const xmlNode *where,
                   const char *format, ...)
    __attribute__((format(printf, 3, 4)));
static void broken_line(struct hg_rules *checker, long line,
                        const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* The first broken rule of the phase, with the line of the element
   concerned. */
static void broken(struct hg_rules *checker, const xmlNode *where,
                   const char *format, ...)
{
    va_list args;
    va_start(args, format);
    broken_at(checker, hg_xml_line(where), format, args);
    va_end(args);
}

static void broken_line(struct hg_rules *checker, long line,
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
static void check_per_call_presence(struct hg_rules *checker,
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

/* ------------------------------------------------------------ options */

/* The options whose value is yes or no, each listed at most once
   (det-sched and virtual-time: Valgrind's own, from patches/0003, and
   vex-guest-chase, listed when given). */
static const char *const yes_no_options[] = {
    "collect-atstart", "heap", "thread-events", "det-sched",
    "virtual-time", "vex-guest-chase", "call-graph", "inline",
    "det-random", "det-clock",
};
enum { YES_NO_OPTIONS = sizeof yes_no_options / sizeof yes_no_options[0] };

/* Each yes/no option once, saying yes or no (alloc-fn and free-fn may
   repeat); what heap and thread-events say is kept for hg_rules_finish,
   which compares it with what the report holds. */
static void check_options(struct hg_rules *checker, const xmlNode *run)
{
    const xmlNode *options = hg_node_child(run, "options");
    const xmlNode *option;
    bool seen[YES_NO_OPTIONS] = { false };

    if (options == NULL)
        return;
    for (option = options->children; option && !checker_failed(checker);
         option = option->next) {
        xmlChar *name, *value;
        size_t i;
        if (!hg_node_is(option, "option"))
            continue;
        name = xmlGetNoNsProp(option, (const xmlChar *)"name");
        value = xmlGetNoNsProp(option, (const xmlChar *)"value");
        for (i = 0; name != NULL && value != NULL && i < YES_NO_OPTIONS; i++) {
            char shown[64];
            bool yes = strcmp((const char *)value, "yes") == 0;
            if (strcmp((const char *)name, yes_no_options[i]) != 0)
                continue;
            hg_quote_for_message(shown, sizeof shown, (const char *)value);
            if (seen[i])
                broken(checker, option, "<option name=\"%s\"> appears more "
                       "than once", yes_no_options[i]);
            else if (!yes && strcmp((const char *)value, "no") != 0)
                broken(checker, option, "<option name=\"%s\"> has "
                       "value=\"%s\", not \"yes\" or \"no\"",
                       yes_no_options[i], shown);
            seen[i] = true;
            /* The last one, as a walk of the options would find it. */
            if (strcmp(yes_no_options[i], "heap") == 0) {
                checker->heap_option = yes ? "yes" : "no";
                checker->heap_option_line = hg_xml_line(option);
            } else if (strcmp(yes_no_options[i], "call-graph") == 0) {
                checker->call_graph = yes;
            } else if (strcmp(yes_no_options[i], "thread-events") == 0) {
                checker->events_option = yes ? "yes" : "no";
                checker->events_option_line = hg_xml_line(option);
            }
        }
        xmlFree(name);
        xmlFree(value);
    }
}

/* Whether TEXT is a number in decimal digits alone that fits 64 bits
   (no sign, no spaces, no leading zero but for "0"). */
static bool is_decimal(const char *text)
{
    uint64_t value;
    size_t length = strlen(text);
    return length > 0 && strspn(text, "0123456789") == length
           && (text[0] != '0' || length == 1)
           && hg_parse_count(text, &value);
}

/* random-seed and cpus: each at most once, a decimal number (cpus not
   0); random-seed only with det-random yes, the generator it seeds. */
static void check_input_options(struct hg_rules *checker, const xmlNode *run)
{
    const xmlNode *options = hg_node_child(run, "options");
    const xmlNode *option, *seed = NULL, *cpus = NULL;
    bool det_random = false;

    if (options == NULL || checker_failed(checker))
        return;
    for (option = options->children; option && !checker_failed(checker);
         option = option->next) {
        xmlChar *copy_name, *copy_value;
        const char *name, *value;
        char shown[64];
        if (!hg_node_is(option, "option"))
            continue;
        name = hg_xml_attribute(option, "name", &copy_name);
        value = hg_xml_attribute(option, "value", &copy_value);
        if (name != NULL && value != NULL
            && (strcmp(name, "random-seed") == 0
                || strcmp(name, "cpus") == 0)) {
            const xmlNode **seen = name[0] == 'r' ? &seed : &cpus;
            hg_quote_for_message(shown, sizeof shown, value);
            if (*seen != NULL)
                broken(checker, option, "<option name=\"%s\"> appears more "
                       "than once", name);
            else if (!is_decimal(value) || (name[0] == 'c'
                                             && strcmp(value, "0") == 0))
                broken(checker, option, "<option name=\"%s\"> has "
                       "value=\"%s\", not a %s number", name, shown,
                       name[0] == 'c' ? "positive decimal" : "decimal");
            *seen = option;
        } else if (name != NULL && value != NULL
                   && strcmp(name, "det-random") == 0) {
            det_random = strcmp(value, "yes") == 0;
        }
        xmlFree(copy_name);
        xmlFree(copy_value);
    }
    if (seed != NULL && !det_random && !checker_failed(checker))
        broken(checker, seed, "<option name=\"random-seed\"> without "
               "<option name=\"det-random\" value=\"yes\">: the seed "
               "seeds nothing");
}

/* One <input>'s identity, for finding one listed twice: copies of its
   attributes (NULL when absent). */
struct input_key {
    xmlChar *kind, *source, *function, *object;
    const xmlNode *node;
};

static int compare_input_keys(const void *a, const void *b)
{
    const struct input_key *p = a, *q = b;
    int order = xmlStrcmp(p->kind, q->kind);
    if (order == 0)
        order = xmlStrcmp(p->source, q->source);
    if (order == 0)
        order = xmlStrcmp(p->function, q->function);
    if (order == 0)
        order = xmlStrcmp(p->object, q->object);
    if (order == 0)            /* the later one is named */
        order = (hg_xml_line(p->node) > hg_xml_line(q->node))
                - (hg_xml_line(p->node) < hg_xml_line(q->node));
    return order;
}

static xmlChar *attribute_copy(const xmlNode *node, const char *name)
{
    return xmlGetNoNsProp(node, (const xmlChar *)name);
}

/* <inputs>: bytes only on kind="random"; each kind, source, function and
   object at most once. */
static void check_inputs(struct hg_rules *checker, const xmlNode *run)
{
    const xmlNode *inputs = hg_node_child(run, "inputs"), *input;
    struct input_key *keys;
    size_t count = 0, i;

    if (inputs == NULL || checker_failed(checker))
        return;
    for (input = inputs->children; input; input = input->next)
        count += hg_node_is(input, "input");
    keys = hg_xcalloc(count ? count : 1, sizeof *keys);
    count = 0;
    for (input = inputs->children; input; input = input->next) {
        struct input_key *key = &keys[count];
        if (!hg_node_is(input, "input"))
            continue;
        *key = (struct input_key){
            attribute_copy(input, "kind"), attribute_copy(input, "source"),
            attribute_copy(input, "function"),
            attribute_copy(input, "object"), input,
        };
        count++;
        if (key->kind != NULL && hg_node_has(input, "bytes")
            && xmlStrcmp(key->kind, (const xmlChar *)"random") != 0
            && !checker_failed(checker)) {
            char kind[64];
            hg_quote_for_message(kind, sizeof kind, (const char *)key->kind);
            broken(checker, input, "<input kind=\"%s\"> has bytes; only "
                   "kind=\"random\" has them", kind);
        }
    }
    qsort(keys, count, sizeof *keys, compare_input_keys);
    for (i = 1; i < count && !checker_failed(checker); i++)
        if (keys[i].kind != NULL && keys[i].source != NULL
            && keys[i].function != NULL && keys[i].object != NULL
            && xmlStrcmp(keys[i].kind, keys[i - 1].kind) == 0
            && xmlStrcmp(keys[i].source, keys[i - 1].source) == 0
            && xmlStrcmp(keys[i].function, keys[i - 1].function) == 0
            && xmlStrcmp(keys[i].object, keys[i - 1].object) == 0) {
            char kind[64], source[64], function[64], object[64];
            hg_quote_for_message(kind, sizeof kind,
                                 (const char *)keys[i].kind);
            hg_quote_for_message(source, sizeof source,
                                 (const char *)keys[i].source);
            hg_quote_for_message(function, sizeof function,
                                 (const char *)keys[i].function);
            hg_quote_for_message(object, sizeof object,
                                 (const char *)keys[i].object);
            broken(checker, keys[i].node, "<input kind=\"%s\" "
                   "source=\"%s\" function=\"%s\" object=\"%s\"> "
                   "appears more than once", kind, source, function,
                   object);
        }
    for (i = 0; i < count; i++) {
        xmlFree(keys[i].kind);
        xmlFree(keys[i].source);
        xmlFree(keys[i].function);
        xmlFree(keys[i].object);
    }
    free(keys);
}

/* <exit>: status exactly with how="status", signal only with
   how="signal"; the schema makes both optional, as it cannot tie an
   attribute to another's value. */
static void check_exit(struct hg_rules *checker, const xmlNode *run)
{
    const xmlNode *node = hg_node_child(run, "exit");
    xmlChar *copy;
    const char *how;
    bool status, signal;

    if (node == NULL || checker_failed(checker))
        return;
    how = hg_xml_attribute(node, "how", &copy);
    status = hg_node_has(node, "status");
    signal = hg_node_has(node, "signal");
    if (how != NULL) {
        bool by_status = strcmp(how, "status") == 0;
        if (by_status && !status)
            broken(checker, node, "<exit how=\"status\"> has no status");
        else if (!by_status && status)
            broken(checker, node, "<exit how=\"%s\"> has a status; only "
                   "how=\"status\" has one", how);
        else if (signal && strcmp(how, "signal") != 0)
            broken(checker, node, "<exit how=\"%s\"> has a signal; only "
                   "how=\"signal\" has one", how);
    }
    xmlFree(copy);
}

/* heap and thread-events agree with what the report holds. */
static void check_options_against_report(struct hg_rules *checker)
{
    const char *heap = checker->heap_option, *events = checker->events_option;

    checker->phase = PHASE_OPTIONS;
    checker->ordinal = 0;
    if (checker_failed(checker))
        return;
    if (heap != NULL && checker->totals_heap != (*heap == 'y'))
        broken_line(checker, checker->heap_option_line, "<option "
                    "name=\"heap\"> has value=\"%s\" but <totals> has %s "
                    "<heap>", heap, checker->totals_heap ? "a" : "no");
    if (events == NULL || checker_failed(checker))
        return;
    if (*events == 'y' && !checker->has_events)
        broken_line(checker, checker->events_option_line, "<option "
                    "name=\"thread-events\"> has value=\"yes\" but the "
                    "report has no <events>");
    else if (*events == 'n' && checker->has_events)
        broken_line(checker, checker->events_option_line, "<option "
                    "name=\"thread-events\"> has value=\"no\" but the "
                    "report has <events>");
    else if (*events == 'n' && checker->has_mutexes)
        broken_line(checker, checker->events_option_line, "<option "
                    "name=\"thread-events\"> has value=\"no\" but the "
                    "report has <mutexes>");
}

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
static bool add_to(uint64_t *sum, uint64_t value)
{
    if (*sum > UINT64_MAX - value)
        return false;
    *sum += value;
    return true;
}

/* Adds NODE's heap figures to SUM. */
static void add_heap(struct heap_sum *sum, const xmlNode *node)
{
    uint64_t value;
    size_t i;
    for (i = 0; i < HEAP_FIGURES; i++)
        if (hg_node_read_count(node, heap_attributes[i], &value))
            sum->fits[i] = sum->fits[i] && add_to(&sum->sum[i], value);
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
            && hg_node_read_count(node, heap_attributes[i], &value)
            && value > checker->total_heap[i])
            broken(checker, node, "<%s> has %s=\"%" PRIu64 "\" greater "
                   "than <totals><heap %s=\"%" PRIu64 "\">",
                   (const char *)node->name, heap_attributes[i], value,
                   heap_attributes[i], checker->total_heap[i]);
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

/* The heap attributes of an <inclusive> or a <thread>: all four or none,
   present if and only if <totals> has a <heap>. */
static void check_heap_attributes(struct hg_rules *checker,
                                  const xmlNode *node)
{
    const char *what = (const char *)node->name;
    const char *present = NULL, *absent = NULL;
    size_t i;

    for (i = 0; i < 4; i++) {
        if (hg_node_has(node, heap_attributes[i])) {
            if (present == NULL)
                present = heap_attributes[i];
        } else if (absent == NULL) {
            absent = heap_attributes[i];
        }
    }
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

static void check_cache_attributes(struct hg_rules *checker,
                                   const xmlNode *node)
{
    const char *present = NULL, *absent = NULL;
    size_t i;
    for (i = 0; i < sizeof cache_attributes / sizeof cache_attributes[0];
         i++) {
        if (hg_node_has(node, cache_attributes[i])) {
            if (present == NULL)
                present = cache_attributes[i];
        } else if (absent == NULL) {
            absent = cache_attributes[i];
        }
    }
    if (present != NULL && absent != NULL)
        broken(checker, node, "<%s> has %s but no %s attribute",
               (const char *)node->name, present, absent);
}

/* check_cache_attributes on the <self> and <inclusive> of a function or
   zone. */
static void check_entity_cache(struct hg_rules *checker, const xmlNode *node)
{
    const xmlNode *child;
    for (child = node->children; child && !checker_failed(checker);
         child = child->next)
        if (hg_node_is(child, "self") || hg_node_is(child, "inclusive")
            || hg_node_is(child, "no-symbol"))
            check_cache_attributes(checker, child);
        else if (hg_node_is(child, "callees"))
            check_entity_cache(checker, child);
        else if (hg_node_is(child, "call"))
            check_cache_attributes(checker, child);
}

static void check_totals_heap(struct hg_rules *checker, const xmlNode *heap)
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
    add_heap(&checker->function_heap, heap);
    for (i = 0; i < HEAP_FIGURES && !checker_failed(checker); i++) {
        const struct heap_sum *sum = &checker->function_heap;
        if (!checker->has_total_heap[i]
            || (sum->fits[i] && sum->sum[i] <= checker->total_heap[i]))
            continue;
        if (sum->fits[i])
            broken(checker, heap, "<heap> brings the <function>s' %s to "
                   "%" PRIu64 ", more than <totals><heap %s=\"%" PRIu64
                   "\">", heap_attributes[i], sum->sum[i], heap_attributes[i],
                   checker->total_heap[i]);
        else
            broken(checker, heap, "<heap> brings the <function>s' %s to "
                   "more than %" PRIu64 ", more than <totals><heap "
                   "%s=\"%" PRIu64 "\">", heap_attributes[i], UINT64_MAX,
                   heap_attributes[i], checker->total_heap[i]);
    }
}

/* What a marked function and a zone share: heap attributes on
   <inclusive> and the <per-call> rules. */
static void check_activations(struct hg_rules *checker, const xmlNode *node)
{
    const xmlNode *inclusive = hg_node_child(node, "inclusive");
    if (inclusive != NULL)
        check_heap_attributes(checker, inclusive);
    if (!checker_failed(checker))
        check_per_call_presence(checker, node);
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
        check_activations(checker, node);
    else
        check_heap_attributes(checker, hg_node_child(node, "inclusive"));
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
        check_activations(checker, node);
}

/* marked="yes", calls and <inclusive> come together. */
static void check_function(struct hg_rules *checker, const xmlNode *node)
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
        check_activations(checker, node);
    else
        check_per_call_presence(checker, node);
}

/* ----------------------------------------------------------- branches */

/* The branch figures of branch-sim=yes (Cachegrind's names), only on
   <totals> and each function's <self>: all four or none, mispredictions
   at most the branches, and the functions' self figures adding up to the
   totals'. */
/* True when NODE has all four (in VALUE), false when none; a partial set
   or more mispredictions than branches is broken. */
static bool read_branches(struct hg_rules *checker, const xmlNode *node,
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

static void check_function_branches(struct hg_rules *checker,
                                    const xmlNode *node)
{
    const xmlNode *self = hg_node_child(node, "self");
    uint64_t value[HG_BRANCH_METRICS];
    size_t i;
    bool has;
    if (self == NULL)
        return;
    has = read_branches(checker, self, value);
    if (checker_failed(checker))
        return;
    if (has != checker->total_branches)
        broken(checker, self, has ? "<self> has branch figures but <totals> "
               "has none" : "<self> has no branch figures but <totals> has "
               "them");
    for (i = 0; has && i < HG_BRANCH_METRICS; i++)
        checker->branch_fits = checker->branch_fits
                               && add_to(&checker->branch_sum[i], value[i]);
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
        if (!add_to(&sum, value)) {
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

static void check_function_lines(struct hg_rules *checker,
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

static void check_branch_sums(struct hg_rules *checker,
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

/* --------------------------------------------------------- call graph */

/* The call graph's identities (docs/report-format.md, "Rules the schema
   cannot express"): ids 1..N in order, callees sorted, unique and
   existing, every function's calls = outside-calls + the calls of the
   <call>s naming it, and, for a function entered (calls > 0), neither
   recursive nor mid-jump nor on a cycle of calls, inclusive Ir = self Ir
   + no-symbol Ir + its <call>s' Ir.
   Checked item by item as far as one item allows, the rest at the end of
   <functions>. */

static void *grow(void *array, size_t *capacity, size_t needed, size_t size)
{
    if (needed <= *capacity)
        return array;
    *capacity = *capacity ? 2 * *capacity : 64;
    if (*capacity < needed)
        *capacity = needed;
    return hg_xrealloc(array, *capacity, size);
}

/* One <call> of the function with index CALLER. */
static void note_call(struct hg_rules *checker, unsigned caller,
                      const xmlNode *call, struct graph_function *f)
{
    struct call_graph *g = &checker->graph;
    struct graph_call *c;
    uint64_t callee = 0, value;

    hg_node_read_count(call, "callee", &callee);
    g->calls = grow(g->calls, &g->call_capacity, g->call_count + 1,
                    sizeof *g->calls);
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
        f->parts_fit = f->parts_fit && add_to(&f->parts_ir, value);
    if (g->record_count == 0
        || c->callee > g->records[g->record_count - 1].callee) {
        g->records = grow(g->records, &g->record_capacity,
                          g->record_count + 1, sizeof *g->records);
        g->records[g->record_count].callee = c->callee;
        g->records[g->record_count++].line = hg_xml_line(call);
    }
}

/* A <function> of a call graph: its id, its <callees>' order and heap
   attributes; what the end needs is kept. */
static void check_graph_item(struct hg_rules *checker, const xmlNode *node)
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
    g->functions = grow(g->functions, &g->capacity, g->count + 1,
                        sizeof *g->functions);
    g->first_call = grow(g->first_call, &g->first_call_capacity,
                         g->count + 2, sizeof *g->first_call);
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
        f->parts_fit = add_to(&f->parts_ir, value);
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
            check_heap_attributes(checker, call);
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
static void check_graph(struct hg_rules *checker, const xmlNode *functions)
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
        if (!add_to(&callee->incoming, g->calls[i].calls))
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

static void free_call_graph(struct call_graph *g)
{
    size_t i;
    for (i = 0; i < g->count; i++) {
        xmlFree(g->functions[i].name);
        xmlFree(g->functions[i].object);
    }
    free(g->functions);
    free(g->calls);
    free(g->first_call);
    free(g->records);
}

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
           : heap_attributes[i - 1 - HG_CACHE_METRICS];
}


static void read_figures(const xmlNode *node, struct figures *f)
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
        if ((f->present & (1u << i)) && !add_to(&sum->value[i], f->value[i]))
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
        fits = fits && add_to(&parts, o->children.value[i]);
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
    if (!add_to(&f->context_own_ir, self_ir - no_symbol_ir))
        f->context_own_ir = UINT64_MAX;
    if (!add_to(&f->context_no_symbol_ir, no_symbol_ir))
        f->context_no_symbol_ir = UINT64_MAX;
    if (!add_to(&f->context_calls, calls))
        f->context_calls = UINT64_MAX;
    if (c->depth == 1) {
        if (!add_to(&f->context_root_calls, calls))
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
        } else if (!add_to(&g->calls[low].context_calls, calls))
            g->calls[low].context_calls = UINT64_MAX;
    }
}

/* A <context>: its id is its position, its parent an earlier context,
   its function a listed one; cache and heap attributes as on a
   function's; then its place in the tree and its sums.  Only in a report
   with a call graph. */
static void check_context(struct hg_rules *checker, const xmlNode *node)
{
    struct context_check *c = &checker->contexts;
    uint64_t id = 0, parent, function = 0, calls = 0;
    size_t position = ++c->count;
    const xmlNode *self = hg_node_child(node, "self");
    const xmlNode *inclusive = hg_node_child(node, "inclusive");
    bool truncated = hg_node_has(node, "truncated");
    struct open_context *o;

    if (!checker->call_graph) {
        broken(checker, node, "<context> in a report whose options do not "
               "say call-graph=yes");
        return;
    }
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
    check_entity_cache(checker, node);
    if (self != NULL && !checker_failed(checker))
        check_heap_attributes(checker, self);
    if (inclusive != NULL && !checker_failed(checker))
        check_heap_attributes(checker, inclusive);
    /* The sums need the call graph whole: an earlier phase's problem
       comes first anyway. */
    if (checker_failed(checker) || checker->failed[PHASE_CALL_GRAPH])
        return;
    check_context_order(checker, node, id,
                        sibling_key((unsigned)(function - 1), calls,
                                    truncated));
    if (checker_failed(checker))
        return;
    c->path = grow(c->path, &c->capacity, c->depth + 1, sizeof *c->path);
    o = &c->path[c->depth++];
    memset(o, 0, sizeof *o);
    o->id = id;
    o->function = (unsigned)(function - 1);
    o->truncated = truncated;
    o->calls = calls;
    o->line = hg_xml_line(node);
    read_figures(self, &o->self);
    read_figures(inclusive, &o->inclusive);
    add_figures(&c->self_sum, &o->self);
    c->self_sum.present |= o->self.present;
    add_context_to_graph(checker, node, calls);
}

/* <outside>: the costs of a context. */
static void check_outside(struct hg_rules *checker, const xmlNode *node)
{
    check_cache_attributes(checker, node);
    if (!checker_failed(checker))
        check_heap_attributes(checker, node);
    read_figures(node, &checker->contexts.outside);
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
static void check_contexts(struct hg_rules *checker, const xmlNode *node)
{
    struct context_check *c = &checker->contexts;
    uint64_t count = 0, max = 0;

    if (!checker->call_graph) {
        broken(checker, node, "<contexts> in a report whose options do "
               "not say call-graph=yes");
        return;
    }
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

/* ------------------------------------------------------------ objects */

static size_t name_hash(const char *text)
{
    return hg_fnv1a(HG_FNV1A_BASIS, text);
}

/* The slot of NAME in SET: its own, or the empty one it would take. */
static struct named_object *object_slot(const struct object_names *set,
                                        const char *name)
{
    size_t mask = set->slot_count - 1, k;
    for (k = name_hash(name) & mask; set->slots[k].name != NULL;
         k = (k + 1) & mask)
        if (strcmp(set->slots[k].name, name) == 0)
            break;
    return &set->slots[k];
}

/* Records that the function at LINE names object NAME. */
static void note_object(struct object_names *set, const char *name,
                        long line)
{
    struct named_object *slot;
    size_t i;

    if (2 * (set->count + 1) > set->slot_count) {
        struct object_names bigger = { NULL, set->count, 0 };
        bigger.slot_count = set->slot_count ? 2 * set->slot_count : 64;
        bigger.slots = hg_xcalloc(bigger.slot_count, sizeof *bigger.slots);
        for (i = 0; i < set->slot_count; i++)
            if (set->slots[i].name != NULL)
                *object_slot(&bigger, set->slots[i].name) = set->slots[i];
        free(set->slots);
        *set = bigger;
    }
    slot = object_slot(set, name);
    if (slot->name != NULL)
        return;
    slot->name = hg_xstrdup(name);
    slot->line = line;
    set->count++;
}

static void free_object_names(struct object_names *set)
{
    size_t i;
    for (i = 0; i < set->slot_count; i++)
        free(set->slots[i].name);
    free(set->slots);
}

/* A <function>'s object, for the check of <objects> ("???" is never
   listed). */
static void collect_function_object(struct hg_rules *checker,
                                    const xmlNode *node)
{
    xmlChar *copy;
    const char *object = hg_xml_attribute(node, "object", &copy);
    if (object != NULL && strcmp(object, "???") != 0)
        note_object(&checker->objects, object, hg_xml_line(node));
    xmlFree(copy);
}

/* <object>s come sorted by name, byte by byte; each that a function
   names is marked listed. */
static void check_object(struct hg_rules *checker, const xmlNode *node)
{
    xmlChar *copy;
    const char *name = hg_xml_attribute(node, "name", &copy);
    int order;

    if (name == NULL) {
        xmlFree(copy);
        return;
    }
    order = checker->has_object ? strcmp(name, checker->previous_object) : 1;
    if (order <= 0) {
        char shown[64], before[64];
        hg_quote_for_message(shown, sizeof shown, name);
        hg_quote_for_message(before, sizeof before,
                             checker->previous_object);
        if (order == 0)
            broken(checker, node, "<object name=\"%s\"> appears twice",
                   shown);
        else
            broken(checker, node, "<object name=\"%s\"> comes after "
                   "<object name=\"%s\">: objects are sorted by name",
                   shown, before);
    }
    if (checker->objects.slot_count > 0) {
        struct named_object *slot = object_slot(&checker->objects, name);
        if (slot->name != NULL)
            slot->listed = true;
    }
    free(checker->previous_object);
    checker->previous_object = hg_xstrdup(name);
    checker->has_object = true;
    xmlFree(copy);
}

/* At the end of <objects>: the first function (in file order) that
   names an object it does not list. */
static void check_objects_listed(struct hg_rules *checker,
                                 const xmlNode *objects)
{
    const struct named_object *first = NULL;
    size_t i;
    char shown[64];

    for (i = 0; i < checker->objects.slot_count; i++) {
        const struct named_object *o = &checker->objects.slots[i];
        if (o->name != NULL && !o->listed
            && (first == NULL || o->line < first->line))
            first = o;
    }
    (void)objects;   /* the problem is the function's */
    if (first == NULL)
        return;
    hg_quote_for_message(shown, sizeof shown, first->name);
    broken_line(checker, first->line, "<function> has object=\"%s\", "
                "which <objects> does not list", shown);
}

/* ------------------------------------------------- threads and events */

static int compare_ids(const void *a, const void *b)
{
    unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
    return x < y ? -1 : x > y;
}

/* The id attribute of NODE, a <thread> or a <mutex>, into SET. */
static void collect_id(struct id_set *set, const xmlNode *node)
{
    uint64_t id;
    if (!hg_node_read_count(node, "id", &id) || id > UINT_MAX)
        return;
    if (set->count == set->capacity) {
        set->capacity = set->capacity ? 2 * set->capacity : 16;
        set->ids = hg_xrealloc(set->ids, set->capacity, sizeof *set->ids);
    }
    set->ids[set->count++] = (unsigned)id;
}

/* Whether ID, written as VALUE, is one of the ids in SET. */
static bool listed(const struct id_set *set, uint64_t id)
{
    unsigned key = id <= UINT_MAX ? (unsigned)id : 0;
    return key != 0 && set->ids != NULL
           && bsearch(&key, set->ids, set->count, sizeof *set->ids,
                      compare_ids) != NULL;
}

/* Whether the attribute NAME of NODE, if any, is one of the ids in SET;
   otherwise a broken rule naming WHAT the id should be. */
static void check_reference(struct hg_rules *checker, const xmlNode *node,
                            const char *name, const struct id_set *set,
                            const char *what)
{
    uint64_t id;
    if (hg_node_read_count(node, name, &id) && !listed(set, id))
        broken(checker, node, "<%s> has %s=\"%" PRIu64 "\", which is not the "
               "id of a listed <%s>", (const char *)node->name, name, id,
               what);
}

/* "the sum of the NAME of the <thread>s" is the figure of the total. */
static void check_thread_sum(struct hg_rules *checker, const xmlNode *threads,
                             const char *name, bool fits, uint64_t sum,
                             uint64_t expected, const char *total_name)
{
    if (fits && sum == expected)
        return;
    if (fits)
        broken(checker, threads, "<threads> has %s adding up to %" PRIu64
               ", but %s has %s=\"%" PRIu64 "\"", name, sum, total_name,
               name, expected);
    else
        broken(checker, threads, "<threads> has %s adding up to more than "
               "%" PRIu64 ", but %s has %s=\"%" PRIu64 "\"", name, UINT64_MAX,
               total_name, name, expected);
}

/* The Ir a thread spent synchronising is part of its Ir. */
static void check_sync_ir(struct hg_rules *checker, const xmlNode *thread)
{
    uint64_t ir, sync_ir;
    if (hg_node_read_count(thread, "sync-Ir", &sync_ir)
        && hg_node_read_count(thread, "Ir", &ir) && sync_ir > ir)
        broken(checker, thread, "<thread> sync-Ir=\"%llu\" is above its "
               "Ir=\"%llu\"", (unsigned long long)sync_ir,
               (unsigned long long)ir);
}

/* A <thread>: its own rules now, its parent once all are listed (a
   thread's problems in the order parent, heap, sync-Ir: ordinals 2n and
   2n + 1). */
static void check_thread(struct hg_rules *checker, const xmlNode *thread)
{
    uint64_t value;
    size_t n = checker->thread_ordinal++;

    collect_id(&checker->threads, thread);
    if (hg_node_read_count(thread, "parent", &value)) {
        struct parent_reference *r;
        if (checker->parent_count == checker->parent_capacity) {
            checker->parent_capacity = checker->parent_capacity
                                       ? 2 * checker->parent_capacity : 16;
            checker->parents = hg_xrealloc(checker->parents,
                                           checker->parent_capacity,
                                           sizeof *checker->parents);
        }
        r = &checker->parents[checker->parent_count++];
        r->id = value;
        r->ordinal = 2 * n;
        r->line = hg_xml_line(thread);
    }
    checker->ordinal = 2 * n + 1;
    check_heap_attributes(checker, thread);
    check_sync_ir(checker, thread);
    if (hg_node_read_count(thread, "Ir", &value))
        checker->ir_fits = checker->ir_fits && add_to(&checker->ir_sum, value);
    add_heap(&checker->thread_heap, thread);
}

/* At the end of <threads>: the parents, then the sums. */
static void check_threads(struct hg_rules *checker, const xmlNode *threads)
{
    size_t i;

    if (checker->threads.count > 0)   /* qsort takes no NULL */
        qsort(checker->threads.ids, checker->threads.count,
              sizeof *checker->threads.ids, compare_ids);
    for (i = 0; i < checker->parent_count; i++) {
        const struct parent_reference *r = &checker->parents[i];
        checker->ordinal = r->ordinal;
        if (!listed(&checker->threads, r->id))
            broken_line(checker, r->line, "<thread> has parent=\"%" PRIu64
                        "\", which is not the id of a listed <thread>",
                        r->id);
    }
    checker->ordinal = SIZE_MAX;
    if (checker_failed(checker) || !checker->has_totals)
        return;
    check_thread_sum(checker, threads, "Ir", checker->ir_fits,
                     checker->ir_sum, checker->total_ir, "<totals>");
    /* Each allocation or free counts for the thread that made it. */
    for (i = 0; i < HEAP_FIGURES && !checker_failed(checker); i++)
        if (checker->totals_heap && checker->has_total_heap[i])
            check_thread_sum(checker, threads, heap_attributes[i],
                             checker->thread_heap.fits[i],
                             checker->thread_heap.sum[i],
                             checker->total_heap[i], "<totals><heap>");
}

static void check_mutex(struct hg_rules *checker, const xmlNode *node)
{
    uint64_t acquisitions, contended;
    collect_id(&checker->mutexes, node);
    if (hg_node_read_count(node, "acquisitions", &acquisitions)
        && hg_node_read_count(node, "contended", &contended)
        && contended > acquisitions)
        broken(checker, node, "<mutex> has contended=\"%" PRIu64 "\" greater "
               "than acquisitions=\"%" PRIu64 "\"", contended, acquisitions);
}

/* The attributes an event may carry besides Ir, thread and kind. */
enum {
    EVENT_CHILD = 1, EVENT_COND = 2, EVENT_MUTEX = 4, EVENT_WAITED = 8,
};
static const char *const event_attributes[] = {
    "child", "cond", "mutex", "waited",
};

static const struct {
    const char *kind;
    unsigned attributes;   /* exactly these, no others */
} event_kinds[] = {
    { "create", EVENT_CHILD },
    { "exit", 0 },
    { "join", EVENT_CHILD },
    { "lock", EVENT_MUTEX | EVENT_WAITED },
    { "unlock", EVENT_MUTEX },
    { "cond-wait", EVENT_COND | EVENT_MUTEX },
    { "cond-signal", EVENT_COND },
    { "cond-broadcast", EVENT_COND },
};

/* The attributes of an event's kind, its Ir after the previous event's,
   and the threads and mutexes it names listed. */
static void check_event(struct hg_rules *checker, const xmlNode *node)
{
    xmlChar *copy;
    const char *kind = hg_xml_attribute(node, "kind", &copy);
    unsigned takes = 0;
    bool known = false;
    uint64_t ir;
    size_t i;

    for (i = 0; kind != NULL && !known
                && i < sizeof event_kinds / sizeof event_kinds[0]; i++)
        if (strcmp(kind, event_kinds[i].kind) == 0) {
            takes = event_kinds[i].attributes;
            known = true;
        }
    for (i = 0; known && i < 4 && !checker_failed(checker); i++) {
        bool wanted = (takes & (1u << i)) != 0;
        bool present = hg_node_has(node, event_attributes[i]);
        if (wanted && !present)
            broken(checker, node, "<event kind=\"%s\"> has no %s "
                   "attribute", kind, event_attributes[i]);
        else if (!wanted && present)
            broken(checker, node, "<event kind=\"%s\"> has a %s attribute, "
                   "which that kind does not take", kind,
                   event_attributes[i]);
    }
    xmlFree(copy);
    if (checker_failed(checker) || !hg_node_read_count(node, "Ir", &ir))
        return;

    if (checker->has_previous_event && ir < checker->previous_event_ir) {
        broken(checker, node, "<event> has Ir=\"%" PRIu64 "\" less than the "
               "Ir=\"%" PRIu64 "\" of the event before it", ir,
               checker->previous_event_ir);
        return;
    }
    checker->has_previous_event = true;
    checker->previous_event_ir = ir;
    check_reference(checker, node, "thread", &checker->threads, "thread");
    check_reference(checker, node, "child", &checker->threads, "thread");
    check_reference(checker, node, "mutex", &checker->mutexes, "mutex");
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
                           void (*check)(struct hg_rules *, const xmlNode *),
                           const xmlNode *item)
{
    checker->phase = phase;
    if (!checker_failed(checker))
        check(checker, item);
}

/* Each item's checks, in their phases; a phase stops at its first
   problem (a later item may still break a rule of an earlier phase). */
void hg_rules_item(struct hg_rules *checker, const xmlNode *item)
{
    const char *name = (const char *)item->name;

    checker->ordinal = 0;
    if (!hg_node_is(item, NULL))
        return;
    if (strcmp(name, "function") == 0) {
        check_in_phase(checker, PHASE_FUNCTIONS, check_function, item);
        check_in_phase(checker, PHASE_FUNCTIONS, check_function_lines, item);
        check_in_phase(checker, PHASE_FUNCTIONS_CACHE, check_entity_cache,
                       item);
        check_in_phase(checker, PHASE_BRANCHES, check_function_branches,
                       item);
        checker->phase = PHASE_CALL_GRAPH;
        check_graph_item(checker, item);
        collect_function_object(checker, item);
    } else if (strcmp(name, "object") == 0) {
        check_in_phase(checker, PHASE_OBJECTS, check_object, item);
    } else if (strcmp(name, "context") == 0) {
        check_in_phase(checker, PHASE_CONTEXTS, check_context, item);
    } else if (strcmp(name, "outside") == 0) {
        check_in_phase(checker, PHASE_CONTEXTS, check_outside, item);
    } else if (strcmp(name, "zone") == 0) {
        check_in_phase(checker, PHASE_ZONES, check_activations, item);
        check_in_phase(checker, PHASE_ZONES_CACHE, check_entity_cache, item);
    } else if (strcmp(name, "mark") == 0) {
        check_in_phase(checker, PHASE_MARKS, check_mark, item);
    } else if (strcmp(name, "thread") == 0) {
        checker->phase = PHASE_THREADS;
        check_thread(checker, item);
    } else if (strcmp(name, "mutex") == 0) {
        checker->phase = PHASE_MUTEXES;
        if (!checker_failed(checker))
            check_mutex(checker, item);
        else
            collect_id(&checker->mutexes, item);
    } else if (strcmp(name, "event") == 0) {
        check_in_phase(checker, PHASE_EVENTS, check_event, item);
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
        check_options(checker, part);
        check_input_options(checker, part);
        check_inputs(checker, part);
        check_exit(checker, part);
    } else if (strcmp(name, "totals") == 0) {
        heap = hg_node_child(part, "heap");
        checker->has_totals = hg_node_read_count(part, "Ir",
                                                 &checker->total_ir);
        read_figures(part, &checker->totals);
        checker->totals_heap = heap != NULL;
        for (i = 0; i < HEAP_FIGURES; i++)
            checker->has_total_heap[i] = heap != NULL
                && hg_node_read_count(heap, heap_attributes[i],
                             &checker->total_heap[i]);
        checker->phase = PHASE_TOTALS_CACHE;
        check_cache_attributes(checker, part);
        checker->phase = PHASE_BRANCHES;
        checker->total_branches = read_branches(checker, part,
                                                checker->total_branch);
        checker->phase = PHASE_TOTALS_HEAP;
        if (heap != NULL)
            check_totals_heap(checker, heap);
    } else if (strcmp(name, "functions") == 0) {
        checker->ordinal = SIZE_MAX;
        check_in_phase(checker, PHASE_BRANCHES, check_branch_sums, part);
        checker->phase = PHASE_CALL_GRAPH;
        check_graph(checker, part);
    } else if (strcmp(name, "objects") == 0) {
        checker->ordinal = SIZE_MAX;
        check_in_phase(checker, PHASE_OBJECTS, check_objects_listed, part);
    } else if (strcmp(name, "contexts") == 0) {
        checker->ordinal = SIZE_MAX;
        check_in_phase(checker, PHASE_CONTEXTS, check_contexts, part);
    } else if (strcmp(name, "threads") == 0) {
        checker->phase = PHASE_THREADS;
        check_threads(checker, part);
    } else if (strcmp(name, "mutexes") == 0) {
        checker->has_mutexes = true;
        if (checker->mutexes.count > 0)
            qsort(checker->mutexes.ids, checker->mutexes.count,
                  sizeof *checker->mutexes.ids, compare_ids);
    } else if (strcmp(name, "events") == 0) {
        checker->has_events = true;
    }
}

bool hg_rules_finish(struct hg_rules *checker, char *problem,
                     size_t problem_size)
{
    bool ok = true;
    int p;

    check_options_against_report(checker);
    for (p = 0; p < PHASES && ok; p++)
        if (checker->failed[p]) {
            snprintf(problem, problem_size, "%s", checker->problems[p]);
            ok = false;
        }
    free_object_names(&checker->objects);
    free_call_graph(&checker->graph);
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
