/* hotgrind: the rules of the objects, threads, mutexes and events.
   GPL-2.0-or-later; part of hotgrind. */

#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/rules-check.h"
#include "util/hash.h"
#include "util/messages.h"
#include "util/xalloc.h"
#include "xml/node.h"
#include "xml/xml-safe.h"

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

void rules_free_object_names(struct object_names *set)
{
    size_t i;
    for (i = 0; i < set->slot_count; i++)
        free(set->slots[i].name);
    free(set->slots);
}

/* A <function>'s object, for the check of <objects> ("???" is never
   listed). */
void rules_collect_function_object(struct hg_rules *checker,
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
void rules_check_object(struct hg_rules *checker, const xmlNode *node)
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
void rules_check_objects_listed(struct hg_rules *checker,
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

int rules_compare_ids(const void *a, const void *b)
{
    unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
    return x < y ? -1 : x > y;
}

/* The id attribute of NODE, a <thread> or a <mutex>, into SET. */
void rules_collect_id(struct id_set *set, const xmlNode *node)
{
    uint64_t id;
    if (!hg_node_read_count(node, "id", &id) || id > UINT_MAX)
        return;
    set->ids = hg_xgrow(set->ids, &set->capacity, set->count + 1,
                        sizeof *set->ids, 16);
    set->ids[set->count++] = (unsigned)id;
}

/* Whether ID, written as VALUE, is one of the ids in SET. */
static bool listed(const struct id_set *set, uint64_t id)
{
    unsigned key = id <= UINT_MAX ? (unsigned)id : 0;
    return key != 0 && set->ids != NULL
           && bsearch(&key, set->ids, set->count, sizeof *set->ids,
                      rules_compare_ids) != NULL;
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
void rules_check_thread(struct hg_rules *checker, const xmlNode *thread)
{
    uint64_t value;
    size_t n = checker->thread_ordinal++;

    rules_collect_id(&checker->threads, thread);
    if (hg_node_read_count(thread, "parent", &value)) {
        struct parent_reference *r;
        checker->parents = hg_xgrow(checker->parents,
                                    &checker->parent_capacity,
                                    checker->parent_count + 1,
                                    sizeof *checker->parents, 16);
        r = &checker->parents[checker->parent_count++];
        r->id = value;
        r->ordinal = 2 * n;
        r->line = hg_xml_line(thread);
    }
    checker->ordinal = 2 * n + 1;
    rules_check_heap_attributes(checker, thread);
    check_sync_ir(checker, thread);
    if (hg_node_read_count(thread, "Ir", &value))
        checker->ir_fits = checker->ir_fits
                           && rules_add_to(&checker->ir_sum, value);
    rules_add_heap(&checker->thread_heap, thread);
}

/* At the end of <threads>: the parents, then the sums. */
void rules_check_threads(struct hg_rules *checker, const xmlNode *threads)
{
    size_t i;

    if (checker->threads.count > 0)   /* qsort takes no NULL */
        qsort(checker->threads.ids, checker->threads.count,
              sizeof *checker->threads.ids, rules_compare_ids);
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
            check_thread_sum(checker, threads, rules_heap_attributes[i],
                             checker->thread_heap.fits[i],
                             checker->thread_heap.sum[i],
                             checker->total_heap[i], "<totals><heap>");
}

void rules_check_mutex(struct hg_rules *checker, const xmlNode *node)
{
    uint64_t acquisitions, contended;
    rules_collect_id(&checker->mutexes, node);
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
void rules_check_event(struct hg_rules *checker, const xmlNode *node)
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
