/* hotgrind: the rules of a report's <run>: its options, inputs and
   exit, and what the options say of the rest of the report.
   GPL-2.0-or-later; part of hotgrind. */

#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/rules-check.h"
#include "util/messages.h"
#include "util/number.h"
#include "util/xalloc.h"
#include "xml/node.h"
#include "xml/xml-safe.h"

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
void rules_check_options(struct hg_rules *checker, const xmlNode *run)
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
void rules_check_input_options(struct hg_rules *checker, const xmlNode *run)
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
void rules_check_inputs(struct hg_rules *checker, const xmlNode *run)
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
void rules_check_exit(struct hg_rules *checker, const xmlNode *run)
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
void rules_check_options_against_report(struct hg_rules *checker)
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
