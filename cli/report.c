/* hotgrind: loads a report into plain structs for the host commands.
   GPL-2.0-or-later; part of hotgrind. */

/* The loader checks what the commands rely on (root, format version,
   required elements and attributes, numbers that are numbers) and reports
   the first problem as one line with its line number.  It ignores elements
   and attributes it does not know: later releases add optional ones
   without changing the format number (docs/report-format.md). */

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "report.h"
#include "xml-safe.h"

struct loader {
    char *problem;
    size_t problem_size;
    bool failed;
};

static void fail(struct loader *loader, const xmlNode *where,
                 const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* Records the first problem only: later ones are usually its echoes. */
static void fail(struct loader *loader, const xmlNode *where,
                 const char *format, ...)
{
    char message[HG_PROBLEM_SIZE];
    va_list args;
    long line = where ? hg_xml_line(where) : 0;

    if (loader->failed)
        return;
    loader->failed = true;
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    if (line > 0)
        snprintf(loader->problem, loader->problem_size, "line %ld: %s",
                 line, message);
    else
        snprintf(loader->problem, loader->problem_size, "%s", message);
}

/* A value quoted in a message: one line, and short. */
static void quote_for_message(char *dst, size_t dst_size, const char *value)
{
    const size_t shown_max = 40;
    size_t n = 0, i;
    for (i = 0; value[i] && n + 1 < dst_size && i < shown_max; i++) {
        unsigned char c = (unsigned char)value[i];
        dst[n++] = (c < 0x20 || c == 0x7f) ? '?' : (char)c;
    }
    dst[n] = '\0';
    if (value[i] && dst_size > n + 3)
        strcpy(dst + n, "...");
}

static bool is_element(const xmlNode *node, const char *name)
{
    return node->type == XML_ELEMENT_NODE && node->ns == NULL
           && strcmp((const char *)node->name, name) == 0;
}

static const char *element_name(const xmlNode *node)
{
    return (const char *)node->name;
}

static xmlNode *find_child(const xmlNode *parent, const char *name)
{
    xmlNode *child;
    for (child = parent->children; child; child = child->next)
        if (is_element(child, name))
            return child;
    return NULL;
}

static xmlNode *require_child(struct loader *loader, const xmlNode *parent,
                              const char *name)
{
    xmlNode *child;
    if (loader->failed || parent == NULL)
        return NULL;
    child = find_child(parent, name);
    if (child == NULL)
        fail(loader, parent, "<%s> has no <%s> element",
             element_name(parent), name);
    return child;
}

static char *copy_string(struct loader *loader, const char *text)
{
    char *copy = strdup(text ? text : "");
    if (copy == NULL)
        fail(loader, NULL, "out of memory");
    return copy;
}

/* The attribute NAME of NODE as a malloc'd string, or NULL (and a problem)
   if it is missing. */
static char *require_attribute(struct loader *loader, const xmlNode *node,
                               const char *name)
{
    xmlChar *value;
    char *copy;
    if (loader->failed || node == NULL)
        return NULL;
    value = xmlGetNoNsProp(node, (const xmlChar *)name);
    if (value == NULL) {
        fail(loader, node, "<%s> has no %s attribute", element_name(node),
             name);
        return NULL;
    }
    copy = copy_string(loader, (const char *)value);
    xmlFree(value);
    return copy;
}

static bool require_count(struct loader *loader, const xmlNode *node,
                          const char *name, uint64_t *count)
{
    char *text = require_attribute(loader, node, name);
    bool ok = text != NULL && hg_parse_count(text, count);
    if (text != NULL && !ok) {
        char shown[64];
        quote_for_message(shown, sizeof shown, text);
        fail(loader, node, "<%s> attribute %s=\"%s\" is not a number",
             element_name(node), name, shown);
    }
    free(text);
    return ok;
}

static bool require_mean(struct loader *loader, const xmlNode *node,
                         const char *name, uint64_t *units,
                         unsigned *hundredths)
{
    char *text = require_attribute(loader, node, name);
    bool ok = text != NULL && hg_parse_mean(text, units, hundredths);
    if (text != NULL && !ok) {
        char shown[64];
        quote_for_message(shown, sizeof shown, text);
        fail(loader, node, "<%s> attribute %s=\"%s\" is not a number with "
             "two decimals", element_name(node), name, shown);
    }
    free(text);
    return ok;
}

static bool require_small_number(struct loader *loader, const xmlNode *node,
                                 const char *name, unsigned *number)
{
    uint64_t count;
    if (!require_count(loader, node, name, &count))
        return false;
    if (count > UINT_MAX) {
        fail(loader, node, "<%s> attribute %s=\"%llu\" is too large",
             element_name(node), name, (unsigned long long)count);
        return false;
    }
    *number = (unsigned)count;
    return true;
}

static char *element_text(struct loader *loader, const xmlNode *node)
{
    xmlChar *content;
    char *copy;
    if (loader->failed || node == NULL)
        return NULL;
    content = xmlNodeGetContent(node);
    copy = copy_string(loader, (const char *)content);
    xmlFree(content);
    return copy;
}

static const char *skip_xml_space(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
    return p;
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* One or more decimal digits at *P, advancing *P past them.  False if
   there is none or the number does not fit in 64 bits. */
static bool read_digits(const char **p, uint64_t *value)
{
    uint64_t result = 0;
    const char *q = *p;

    if (!is_digit(*q))
        return false;
    for (; is_digit(*q); q++) {
        unsigned digit = (unsigned)(*q - '0');
        if (result > (UINT64_MAX - digit) / 10)
            return false;
        result = result * 10 + digit;
    }
    *p = q;
    *value = result;
    return true;
}

bool hg_parse_count(const char *text, uint64_t *value)
{
    const char *p = skip_xml_space(text);
    uint64_t result;

    if (!read_digits(&p, &result) || *skip_xml_space(p) != '\0')
        return false;
    *value = result;
    return true;
}

bool hg_parse_mean(const char *text, uint64_t *units, unsigned *hundredths)
{
    const char *p = skip_xml_space(text);
    uint64_t whole;

    if (!read_digits(&p, &whole) || p[0] != '.' || !is_digit(p[1])
        || !is_digit(p[2]) || *skip_xml_space(p + 3) != '\0')
        return false;
    *units = whole;
    *hundredths = (unsigned)((p[1] - '0') * 10 + (p[2] - '0'));
    return true;
}

static void load_run(struct loader *loader, struct hg_report *report,
                     const xmlNode *run)
{
    xmlNode *tool = require_child(loader, run, "tool");
    xmlNode *valgrind = require_child(loader, run, "valgrind");
    xmlNode *arch = require_child(loader, run, "arch");
    xmlNode *command = require_child(loader, run, "command");
    xmlNode *exe = require_child(loader, command, "exe");
    xmlNode *child;
    size_t n = 0;

    report->tool_version = require_attribute(loader, tool, "version");
    report->valgrind_version = require_attribute(loader, valgrind, "version");
    report->arch = element_text(loader, arch);
    report->exe = element_text(loader, exe);
    if (loader->failed)
        return;

    for (child = command->children; child; child = child->next)
        if (is_element(child, "arg"))
            n++;
    report->args = calloc(n ? n : 1, sizeof *report->args);
    if (report->args == NULL) {
        fail(loader, NULL, "out of memory");
        return;
    }
    for (child = command->children; child && !loader->failed;
         child = child->next)
        if (is_element(child, "arg"))
            report->args[report->arg_count++] = element_text(loader, child);
}

static void load_host(struct loader *loader, struct hg_report *report,
                      const xmlNode *host)
{
    report->has_host = true;
    require_small_number(loader, host, "pid", &report->host_pid);
    require_small_number(loader, host, "ppid", &report->host_ppid);
    report->host_cwd = require_attribute(loader, host, "cwd");
}

/* marked="yes", or absent; any other value is not format 1. */
static bool load_marked(struct loader *loader, const xmlNode *node)
{
    xmlChar *value;
    bool marked;

    if (loader->failed)
        return false;
    value = xmlGetNoNsProp(node, (const xmlChar *)"marked");
    if (value == NULL)
        return false;
    marked = strcmp((const char *)value, "yes") == 0;
    if (!marked) {
        char shown[64];
        quote_for_message(shown, sizeof shown, (const char *)value);
        fail(loader, node, "<%s> attribute marked=\"%s\" is not \"yes\"",
             element_name(node), shown);
    }
    xmlFree(value);
    return marked;
}

static void load_inclusive(struct loader *loader, const xmlNode *owner,
                           uint64_t *inclusive_ir)
{
    xmlNode *inclusive = require_child(loader, owner, "inclusive");
    if (inclusive != NULL)
        require_count(loader, inclusive, "Ir", inclusive_ir);
}

/* <per-call> is absent when there were no calls. */
static void load_per_call(struct loader *loader, const xmlNode *owner,
                          bool *has_per_call, struct hg_per_call *per_call)
{
    xmlNode *node;
    if (loader->failed || (node = find_child(owner, "per-call")) == NULL)
        return;
    *has_per_call = true;
    require_count(loader, node, "min", &per_call->min);
    require_count(loader, node, "max", &per_call->max);
    require_mean(loader, node, "mean", &per_call->mean_units,
                 &per_call->mean_hundredths);
    require_count(loader, node, "p50", &per_call->p50);
    require_count(loader, node, "p95", &per_call->p95);
    require_count(loader, node, "p99", &per_call->p99);
}

static void load_function(struct loader *loader, struct hg_function *function,
                          const xmlNode *node)
{
    xmlNode *self;
    function->name = require_attribute(loader, node, "name");
    function->object = require_attribute(loader, node, "object");
    function->file = require_attribute(loader, node, "file");
    require_small_number(loader, node, "line", &function->line);
    self = require_child(loader, node, "self");
    if (self != NULL)
        require_count(loader, self, "Ir", &function->self_ir);

    /* What `show` needs of a marked function is required of one. */
    function->marked = load_marked(loader, node);
    if (!function->marked)
        return;
    require_count(loader, node, "calls", &function->calls);
    load_inclusive(loader, node, &function->inclusive_ir);
    load_per_call(loader, node, &function->has_per_call,
                  &function->per_call);
}

static void load_zone(struct loader *loader, struct hg_zone *zone,
                      const xmlNode *node)
{
    zone->name = require_attribute(loader, node, "name");
    require_count(loader, node, "calls", &zone->calls);
    load_inclusive(loader, node, &zone->inclusive_ir);
    load_per_call(loader, node, &zone->has_per_call, &zone->per_call);
}

static void load_mark(struct loader *loader, struct hg_mark *mark,
                      const xmlNode *node)
{
    mark->pattern = require_attribute(loader, node, "pattern");
    require_count(loader, node, "functions", &mark->functions);
    require_count(loader, node, "entered", &mark->entered);
}

static size_t count_children(const xmlNode *parent, const char *name)
{
    const xmlNode *child;
    size_t n = 0;
    for (child = parent->children; child; child = child->next)
        if (is_element(child, name))
            n++;
    return n;
}

/* Room for the NAME children of PARENT; NULL (and a problem) when out of
   memory.  Never NULL for no children, so a loaded report has arrays. */
static void *child_array(struct loader *loader, const xmlNode *parent,
                         const char *name, size_t element_size)
{
    size_t n = parent ? count_children(parent, name) : 0;
    void *array = calloc(n ? n : 1, element_size);
    if (array == NULL)
        fail(loader, NULL, "out of memory");
    return array;
}

static void load_functions(struct loader *loader, struct hg_report *report,
                           const xmlNode *functions)
{
    xmlNode *child;

    if (loader->failed)
        return;
    report->functions = child_array(loader, functions, "function",
                                    sizeof *report->functions);
    if (report->functions == NULL)
        return;
    for (child = functions->children; child && !loader->failed;
         child = child->next)
        if (is_element(child, "function"))
            load_function(loader,
                          &report->functions[report->function_count++],
                          child);
}

/* <zones> and <marks> are optional: without them, empty lists. */
static void load_zones(struct loader *loader, struct hg_report *report,
                       const xmlNode *zones)
{
    xmlNode *child;

    if (loader->failed)
        return;
    report->zones = child_array(loader, zones, "zone", sizeof *report->zones);
    if (report->zones == NULL || zones == NULL)
        return;
    for (child = zones->children; child && !loader->failed;
         child = child->next)
        if (is_element(child, "zone"))
            load_zone(loader, &report->zones[report->zone_count++], child);
}

static void load_marks(struct loader *loader, struct hg_report *report,
                       const xmlNode *marks)
{
    xmlNode *child;

    if (loader->failed)
        return;
    report->marks = child_array(loader, marks, "mark", sizeof *report->marks);
    if (report->marks == NULL || marks == NULL)
        return;
    for (child = marks->children; child && !loader->failed;
         child = child->next)
        if (is_element(child, "mark"))
            load_mark(loader, &report->marks[report->mark_count++], child);
}

static void load_root(struct loader *loader, struct hg_report *report,
                      const xmlNode *root)
{
    uint64_t format;
    xmlNode *host, *totals;

    if (root == NULL) {
        fail(loader, NULL, "no root element");
        return;
    }
    if (!is_element(root, "hotgrind")) {
        if (root->ns != NULL)
            fail(loader, root, "root element <%.60s> is in a namespace, "
                 "not a hotgrind report", element_name(root));
        else
            fail(loader, root, "root element is <%.60s>, not <hotgrind>",
                 element_name(root));
        return;
    }
    /* The version comes first: a reader must not guess at a format it
       does not know. */
    if (!require_count(loader, root, "format", &format))
        return;
    if (format != HG_REPORT_FORMAT) {
        fail(loader, root, "report format %llu is not supported "
             "(this hotgrind reads format %d)",
             (unsigned long long)format, HG_REPORT_FORMAT);
        return;
    }
    report->format = (unsigned)format;

    load_run(loader, report, require_child(loader, root, "run"));
    host = find_child(root, "host");
    if (host != NULL && !loader->failed)
        load_host(loader, report, host);
    totals = require_child(loader, root, "totals");
    if (totals != NULL)
        require_count(loader, totals, "Ir", &report->total_ir);
    load_functions(loader, report, require_child(loader, root, "functions"));
    load_zones(loader, report, find_child(root, "zones"));
    load_marks(loader, report, find_child(root, "marks"));
}

struct hg_report *hg_report_load(const char *path, char *problem,
                                 size_t problem_size)
{
    struct loader loader = { problem, problem_size, false };
    struct hg_report *report;
    xmlDocPtr doc = hg_xml_read_report(path, problem, problem_size);

    if (doc == NULL)
        return NULL;
    report = calloc(1, sizeof *report);
    if (report == NULL)
        fail(&loader, NULL, "out of memory");
    else
        load_root(&loader, report, xmlDocGetRootElement(doc));
    xmlFreeDoc(doc);
    if (loader.failed) {
        hg_report_free(report);
        return NULL;
    }
    return report;
}

void hg_report_free(struct hg_report *report)
{
    size_t i;
    if (report == NULL)
        return;
    free(report->tool_version);
    free(report->valgrind_version);
    free(report->arch);
    free(report->exe);
    if (report->args != NULL)
        for (i = 0; i < report->arg_count; i++)
            free(report->args[i]);
    free(report->args);
    free(report->host_cwd);
    if (report->functions != NULL)
        for (i = 0; i < report->function_count; i++) {
            free(report->functions[i].name);
            free(report->functions[i].object);
            free(report->functions[i].file);
        }
    free(report->functions);
    if (report->zones != NULL)
        for (i = 0; i < report->zone_count; i++)
            free(report->zones[i].name);
    free(report->zones);
    if (report->marks != NULL)
        for (i = 0; i < report->mark_count; i++)
            free(report->marks[i].pattern);
    free(report->marks);
    free(report);
}
