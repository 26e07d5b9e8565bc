/* hotgrind: the rules of the report format that the schema cannot express.
   GPL-2.0-or-later; part of hotgrind. */

/* XML Schema 1.0 has no way to make one attribute or element depend on
   another ("marked="yes" comes with calls").  `hotgrind validate` answers
   "could this release have written this report?", so it checks those
   rules too, after the schema, on a document the schema accepted.  The
   list is in docs/report-format.md, "Rules the schema cannot express". */

#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "rules.h"
#include "xalloc.h"
#include "xml-safe.h"

/* Ids of the listed threads or mutexes, sorted for bsearch. */
struct id_set {
    unsigned *ids;
    size_t count;
};

struct checker {
    char *problem;
    size_t problem_size;
    bool failed;
    const xmlNode *totals;        /* <totals>, NULL only if absent */
    const xmlNode *totals_heap;   /* <totals><heap>, NULL without heap */
    struct id_set threads;        /* ids of the <thread>s */
    struct id_set mutexes;        /* ids of the <mutex>es */
    bool has_previous_event;
    uint64_t previous_event_ir;
    bool merged;                  /* <run><merge>: no <per-call> at all */
};

static void broken(struct checker *checker, const xmlNode *where,
                   const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* Keeps the first broken rule, with the line of the element concerned. */
static void broken(struct checker *checker, const xmlNode *where,
                   const char *format, ...)
{
    va_list args;

    if (checker->failed)
        return;
    checker->failed = true;
    va_start(args, format);
    hg_xml_vproblem(checker->problem, checker->problem_size,
                    hg_xml_line(where), format, args);
    va_end(args);
}

static bool is_element(const xmlNode *node, const char *name)
{
    return node->type == XML_ELEMENT_NODE && node->ns == NULL
           && strcmp((const char *)node->name, name) == 0;
}

static const xmlNode *child_named(const xmlNode *parent, const char *name)
{
    const xmlNode *child;
    for (child = parent->children; child; child = child->next)
        if (is_element(child, name))
            return child;
    return NULL;
}

static bool has_attribute(const xmlNode *node, const char *name)
{
    return xmlHasNsProp(node, (const xmlChar *)name, NULL) != NULL;
}

/* The schema has checked the syntax; false only if NAME is absent. */
static bool get_count(const xmlNode *node, const char *name, uint64_t *value)
{
    xmlChar *text = xmlGetNoNsProp(node, (const xmlChar *)name);
    bool ok = text != NULL && hg_parse_count((const char *)text, value);
    xmlFree(text);
    return ok;
}

static void check_per_call(struct checker *checker, const xmlNode *node)
{
    static const char *const ordered[] = { "min", "p50", "p95", "p99", "max" };
    uint64_t values[5], units;
    unsigned hundredths;
    xmlChar *mean;
    bool mean_ok;
    size_t i;

    for (i = 0; i < 5; i++)
        if (!get_count(node, ordered[i], &values[i]))
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
static void check_per_call_presence(struct checker *checker,
                                    const xmlNode *node)
{
    const char *what = (const char *)node->name;
    const xmlNode *per_call = child_named(node, "per-call");
    uint64_t calls;
    bool has_calls = get_count(node, "calls", &calls);

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

static void check_mark(struct checker *checker, const xmlNode *node)
{
    uint64_t functions, entered;
    if (get_count(node, "functions", &functions)
        && get_count(node, "entered", &entered) && entered > functions)
        broken(checker, node, "<mark> has entered=\"%" PRIu64 "\" greater "
               "than functions=\"%" PRIu64 "\"", entered, functions);
}

/* ------------------------------------------------------------ options */

/* The options whose value is yes or no, each listed at most once
   (det-sched: Valgrind's own, from patches/0003, listed when given). */
static const char *const yes_no_options[] = {
    "collect-atstart", "heap", "thread-events", "det-sched",
};
enum { YES_NO_OPTIONS = sizeof yes_no_options / sizeof yes_no_options[0] };

/* "yes", "no", or NULL: the value of the yes/no option NAME in OPTIONS.
   The text is static: the rules have checked the value already. */
static const char *yes_no_option(const xmlNode *options, const char *name,
                                 const xmlNode **where)
{
    const xmlNode *option;
    const char *answer = NULL;
    if (options == NULL)
        return NULL;
    for (option = options->children; option; option = option->next) {
        xmlChar *n, *v;
        if (!is_element(option, "option"))
            continue;
        n = xmlGetNoNsProp(option, (const xmlChar *)"name");
        v = xmlGetNoNsProp(option, (const xmlChar *)"value");
        if (n != NULL && v != NULL && strcmp((const char *)n, name) == 0) {
            answer = strcmp((const char *)v, "yes") == 0 ? "yes" : "no";
            *where = option;
        }
        xmlFree(n);
        xmlFree(v);
    }
    return answer;
}

/* Each yes/no option once, saying yes or no (alloc-fn and free-fn may
   repeat); heap and thread-events agree with what the report holds. */
static void check_options(struct checker *checker, const xmlNode *root)
{
    const xmlNode *run = child_named(root, "run");
    const xmlNode *options = run ? child_named(run, "options") : NULL;
    const xmlNode *option, *where = NULL;
    bool seen[YES_NO_OPTIONS] = { false };
    const char *heap, *events;

    if (options == NULL)
        return;
    for (option = options->children; option && !checker->failed;
         option = option->next) {
        xmlChar *name, *value;
        size_t i;
        if (!is_element(option, "option"))
            continue;
        name = xmlGetNoNsProp(option, (const xmlChar *)"name");
        value = xmlGetNoNsProp(option, (const xmlChar *)"value");
        for (i = 0; name != NULL && value != NULL && i < YES_NO_OPTIONS; i++) {
            char shown[64];
            if (strcmp((const char *)name, yes_no_options[i]) != 0)
                continue;
            hg_quote_for_message(shown, sizeof shown, (const char *)value);
            if (seen[i])
                broken(checker, option, "<option name=\"%s\"> appears more "
                       "than once", yes_no_options[i]);
            else if (strcmp((const char *)value, "yes") != 0
                     && strcmp((const char *)value, "no") != 0)
                broken(checker, option, "<option name=\"%s\"> has "
                       "value=\"%s\", not \"yes\" or \"no\"",
                       yes_no_options[i], shown);
            seen[i] = true;
        }
        xmlFree(name);
        xmlFree(value);
    }
    if (checker->failed)
        return;

    heap = yes_no_option(options, "heap", &where);
    if (heap != NULL && (checker->totals_heap != NULL) != (*heap == 'y'))
        broken(checker, where, "<option name=\"heap\"> has value=\"%s\" "
               "but <totals> has %s <heap>", heap,
               checker->totals_heap != NULL ? "a" : "no");
    events = yes_no_option(options, "thread-events", &where);
    if (events == NULL || checker->failed)
        return;
    if (*events == 'y' && child_named(root, "events") == NULL)
        broken(checker, where, "<option name=\"thread-events\"> has "
               "value=\"yes\" but the report has no <events>");
    else if (*events == 'n' && child_named(root, "events") != NULL)
        broken(checker, where, "<option name=\"thread-events\"> has "
               "value=\"no\" but the report has <events>");
    else if (*events == 'n' && child_named(root, "mutexes") != NULL)
        broken(checker, where, "<option name=\"thread-events\"> has "
               "value=\"no\" but the report has <mutexes>");
}

/* --------------------------------------------------------------- heap */

static const char *const heap_attributes[] = {
    "allocs", "alloc-bytes", "frees", "free-bytes",
};

/* Every allocation counts at least one byte (a zero-byte request counts
   as one, as DHAT does). */
static void check_alloc_bytes(struct checker *checker, const xmlNode *node)
{
    uint64_t allocs, bytes;
    if (get_count(node, "allocs", &allocs)
        && get_count(node, "alloc-bytes", &bytes) && bytes < allocs)
        broken(checker, node, "<%s> has alloc-bytes=\"%" PRIu64 "\" less "
               "than allocs=\"%" PRIu64 "\"", (const char *)node->name,
               bytes, allocs);
}

/* The heap attributes of an <inclusive> or a <thread>: all four or none,
   present if and only if <totals> has a <heap>. */
static void check_heap_attributes(struct checker *checker,
                                  const xmlNode *node)
{
    const char *what = (const char *)node->name;
    const char *present = NULL, *absent = NULL;
    size_t i;

    for (i = 0; i < 4; i++) {
        if (has_attribute(node, heap_attributes[i])) {
            if (present == NULL)
                present = heap_attributes[i];
        } else if (absent == NULL) {
            absent = heap_attributes[i];
        }
    }
    if (present != NULL && absent != NULL)
        broken(checker, node, "<%s> has %s but no %s attribute", what,
               present, absent);
    else if (present != NULL && checker->totals_heap == NULL)
        broken(checker, node, "<%s> has heap attributes, but <totals> has "
               "no <heap>", what);
    else if (present == NULL && checker->totals_heap != NULL)
        broken(checker, node, "<%s> has no heap attributes, but <totals> "
               "has a <heap>", what);
    else if (present != NULL)
        check_alloc_bytes(checker, node);
}

/* The eight cache counters of --cache-sim=yes come all together or not at
   all, on <totals>, <self> and <inclusive> (cycles is optional: reports
   from before the cost model have none). */
static const char *const cache_attributes[] = {
    "I1mr", "ILmr", "Dr", "D1mr", "DLmr", "Dw", "D1mw", "DLmw",
};

static void check_cache_attributes(struct checker *checker,
                                   const xmlNode *node)
{
    const char *present = NULL, *absent = NULL;
    size_t i;
    for (i = 0; i < sizeof cache_attributes / sizeof cache_attributes[0];
         i++) {
        if (has_attribute(node, cache_attributes[i])) {
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
static void check_entity_cache(struct checker *checker, const xmlNode *node)
{
    const xmlNode *child;
    for (child = node->children; child && !checker->failed;
         child = child->next)
        if (is_element(child, "self") || is_element(child, "inclusive"))
            check_cache_attributes(checker, child);
}

static void check_totals_heap(struct checker *checker, const xmlNode *heap)
{
    uint64_t peak_bytes, peak_blocks, exit_bytes;

    check_alloc_bytes(checker, heap);
    if (!get_count(heap, "peak-bytes", &peak_bytes)
        || !get_count(heap, "peak-blocks", &peak_blocks)
        || !get_count(heap, "exit-bytes", &exit_bytes))
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
static void check_function_heap(struct checker *checker, const xmlNode *node)
{
    const xmlNode *heap = child_named(node, "heap");
    if (heap == NULL)
        return;
    if (checker->totals_heap == NULL)
        broken(checker, heap, "<function> has a <heap>, but <totals> has "
               "none");
    else
        check_alloc_bytes(checker, heap);
}

/* What a marked function and a zone share: heap attributes on
   <inclusive> and the <per-call> rules. */
static void check_activations(struct checker *checker, const xmlNode *node)
{
    const xmlNode *inclusive = child_named(node, "inclusive");
    if (inclusive != NULL)
        check_heap_attributes(checker, inclusive);
    if (!checker->failed)
        check_per_call_presence(checker, node);
}

/* marked="yes", calls and <inclusive> come together. */
static void check_function(struct checker *checker, const xmlNode *node)
{
    bool marked = has_attribute(node, "marked");
    bool has_calls = has_attribute(node, "calls");
    bool has_inclusive = child_named(node, "inclusive") != NULL;

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
    if (checker->failed)
        return;
    if (marked)
        check_activations(checker, node);
    else
        check_per_call_presence(checker, node);
}

/* ------------------------------------------------- threads and events */

static int compare_ids(const void *a, const void *b)
{
    unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
    return x < y ? -1 : x > y;
}

/* The ID attribute of the NAME children of LIST, sorted. */
static void collect_ids(struct id_set *set, const xmlNode *list,
                        const char *name)
{
    const xmlNode *child;
    size_t n = 0;

    for (child = list ? list->children : NULL; child; child = child->next)
        if (is_element(child, name))
            n++;
    set->ids = hg_xmalloc(n * sizeof *set->ids);
    for (child = list ? list->children : NULL; child; child = child->next) {
        uint64_t id;
        if (is_element(child, name) && get_count(child, "id", &id)
            && id <= UINT_MAX)
            set->ids[set->count++] = (unsigned)id;
    }
    qsort(set->ids, set->count, sizeof *set->ids, compare_ids);
}

/* Whether the attribute NAME of NODE, if any, is one of the ids in SET;
   otherwise a broken rule naming WHAT the id should be. */
static void check_reference(struct checker *checker, const xmlNode *node,
                            const char *name, const struct id_set *set,
                            const char *what)
{
    uint64_t id;
    unsigned key;
    if (!get_count(node, name, &id))
        return;
    key = id <= UINT_MAX ? (unsigned)id : 0;
    if (key == 0 || bsearch(&key, set->ids, set->count, sizeof *set->ids,
                            compare_ids) == NULL)
        broken(checker, node, "<%s> has %s=\"%" PRIu64 "\", which is not the "
               "id of a listed <%s>", (const char *)node->name, name, id,
               what);
}

/* SUM += VALUE; false when it no longer fits. */
static bool add_to(uint64_t *sum, uint64_t value)
{
    if (*sum > UINT64_MAX - value)
        return false;
    *sum += value;
    return true;
}

/* "the sum of the NAME of the <thread>s" is the figure of TOTAL. */
static void check_thread_sum(struct checker *checker, const xmlNode *threads,
                             const char *name, bool fits, uint64_t sum,
                             const xmlNode *total, const char *total_name)
{
    uint64_t expected;
    if (!get_count(total, name, &expected) || (fits && sum == expected))
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
static void check_sync_ir(struct checker *checker, const xmlNode *thread)
{
    uint64_t ir, sync_ir;
    if (get_count(thread, "sync-Ir", &sync_ir) && get_count(thread, "Ir", &ir)
        && sync_ir > ir)
        broken(checker, thread, "<thread> sync-Ir=\"%llu\" is above its "
               "Ir=\"%llu\"", (unsigned long long)sync_ir,
               (unsigned long long)ir);
}

static void check_threads(struct checker *checker, const xmlNode *threads)
{
    const xmlNode *thread;
    uint64_t ir_sum = 0, allocs_sum = 0, value;
    bool ir_fits = true, allocs_fit = true;

    for (thread = threads->children; thread && !checker->failed;
         thread = thread->next) {
        if (!is_element(thread, "thread"))
            continue;
        check_reference(checker, thread, "parent", &checker->threads,
                        "thread");
        check_heap_attributes(checker, thread);
        check_sync_ir(checker, thread);
        if (get_count(thread, "Ir", &value))
            ir_fits = ir_fits && add_to(&ir_sum, value);
        if (get_count(thread, "allocs", &value))
            allocs_fit = allocs_fit && add_to(&allocs_sum, value);
    }
    if (checker->failed || checker->totals == NULL)
        return;
    check_thread_sum(checker, threads, "Ir", ir_fits, ir_sum,
                     checker->totals, "<totals>");
    if (checker->totals_heap != NULL)
        check_thread_sum(checker, threads, "allocs", allocs_fit, allocs_sum,
                         checker->totals_heap, "<totals><heap>");
}

static void check_mutex(struct checker *checker, const xmlNode *node)
{
    uint64_t acquisitions, contended;
    if (get_count(node, "acquisitions", &acquisitions)
        && get_count(node, "contended", &contended)
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
static void check_event(struct checker *checker, const xmlNode *node)
{
    xmlChar *kind = xmlGetNoNsProp(node, (const xmlChar *)"kind");
    unsigned takes = 0;
    bool known = false;
    uint64_t ir;
    size_t i;

    for (i = 0; kind != NULL && i < sizeof event_kinds / sizeof event_kinds[0];
         i++)
        if (strcmp((const char *)kind, event_kinds[i].kind) == 0) {
            takes = event_kinds[i].attributes;
            known = true;
        }
    for (i = 0; known && i < 4 && !checker->failed; i++) {
        bool wanted = (takes & (1u << i)) != 0;
        bool present = has_attribute(node, event_attributes[i]);
        if (wanted && !present)
            broken(checker, node, "<event kind=\"%s\"> has no %s "
                   "attribute", (const char *)kind, event_attributes[i]);
        else if (!wanted && present)
            broken(checker, node, "<event kind=\"%s\"> has a %s attribute, "
                   "which that kind does not take", (const char *)kind,
                   event_attributes[i]);
    }
    xmlFree(kind);
    if (checker->failed || !get_count(node, "Ir", &ir))
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

/* Calls CHECK for each NAME child of each LIST child of ROOT. */
static void check_each(struct checker *checker, const xmlNode *root,
                       const char *list, const char *name,
                       void (*check)(struct checker *, const xmlNode *))
{
    const xmlNode *parent, *child;
    for (parent = root->children; parent; parent = parent->next) {
        if (!is_element(parent, list))
            continue;
        for (child = parent->children; child && !checker->failed;
             child = child->next)
            if (is_element(child, name))
                check(checker, child);
    }
}

bool hg_check_rules(xmlDocPtr doc, char *problem, size_t problem_size)
{
    struct checker checker = {
        .problem = problem, .problem_size = problem_size, .failed = false,
    };
    const xmlNode *root = xmlDocGetRootElement(doc);

    if (root == NULL)
        return true;
    checker.totals = child_named(root, "totals");
    checker.merged = child_named(root, "run") != NULL
                     && child_named(child_named(root, "run"), "merge") != NULL;
    checker.totals_heap = checker.totals ? child_named(checker.totals, "heap")
                                         : NULL;
    collect_ids(&checker.threads, child_named(root, "threads"), "thread");
    collect_ids(&checker.mutexes, child_named(root, "mutexes"), "mutex");

    /* In the order of the file, so the first rule broken is reported. */
    check_options(&checker, root);
    if (!checker.failed && checker.totals != NULL)
        check_cache_attributes(&checker, checker.totals);
    if (!checker.failed && checker.totals_heap != NULL)
        check_totals_heap(&checker, checker.totals_heap);
    check_each(&checker, root, "functions", "function", check_function);
    check_each(&checker, root, "functions", "function", check_entity_cache);
    check_each(&checker, root, "zones", "zone", check_activations);
    check_each(&checker, root, "zones", "zone", check_entity_cache);
    check_each(&checker, root, "marks", "mark", check_mark);
    if (!checker.failed && child_named(root, "threads") != NULL)
        check_threads(&checker, child_named(root, "threads"));
    check_each(&checker, root, "mutexes", "mutex", check_mutex);
    check_each(&checker, root, "events", "event", check_event);
    free(checker.threads.ids);
    free(checker.mutexes.ids);
    return !checker.failed;
}

bool hg_validate_report(xmlDocPtr doc, char *problem, size_t problem_size)
{
    return hg_xml_validate(doc, problem, problem_size)
           && hg_check_rules(doc, problem, problem_size);
}
