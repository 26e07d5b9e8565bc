/* hotgrind: the rules of the report format that the schema cannot express.
   GPL-2.0-or-later; part of hotgrind. */

/* XML Schema 1.0 has no way to make one attribute or element depend on
   another ("marked="yes" comes with calls").  `hotgrind validate` answers
   "could this release have written this report?", so it checks those
   rules too, after the schema, on a document the schema accepted.  The
   list is in docs/report-format.md, "Rules the schema cannot express". */

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "report.h"
#include "rules.h"
#include "xml-safe.h"

struct checker {
    char *problem;
    size_t problem_size;
    bool failed;
};

static void broken(struct checker *checker, const xmlNode *where,
                   const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* Keeps the first broken rule, with the line of the element concerned. */
static void broken(struct checker *checker, const xmlNode *where,
                   const char *format, ...)
{
    char message[HG_PROBLEM_SIZE];
    va_list args;

    if (checker->failed)
        return;
    checker->failed = true;
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    snprintf(checker->problem, checker->problem_size, "line %ld: %s",
             hg_xml_line(where), message);
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

/* A <function> or <zone>: <per-call> if and only if calls is not 0. */
static void check_per_call_presence(struct checker *checker,
                                    const xmlNode *node)
{
    const char *what = (const char *)node->name;
    const xmlNode *per_call = child_named(node, "per-call");
    uint64_t calls;
    bool has_calls = get_count(node, "calls", &calls);

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
        check_per_call_presence(checker, node);
}

static void check_mark(struct checker *checker, const xmlNode *node)
{
    uint64_t functions, entered;
    if (get_count(node, "functions", &functions)
        && get_count(node, "entered", &entered) && entered > functions)
        broken(checker, node, "<mark> has entered=\"%" PRIu64 "\" greater "
               "than functions=\"%" PRIu64 "\"", entered, functions);
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
    struct checker checker = { problem, problem_size, false };
    const xmlNode *root = xmlDocGetRootElement(doc);

    if (root == NULL)
        return true;
    check_each(&checker, root, "functions", "function", check_function);
    check_each(&checker, root, "zones", "zone", check_per_call_presence);
    check_each(&checker, root, "marks", "mark", check_mark);
    return !checker.failed;
}

bool hg_validate_report(xmlDocPtr doc, char *problem, size_t problem_size)
{
    return hg_xml_validate(doc, problem, problem_size)
           && hg_check_rules(doc, problem, problem_size);
}
