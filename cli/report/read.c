/* hotgrind: loads each element of a report into the model's structs,
   for the stream of report.c, with the first problem in one line; and
   what the model answers by name (options, objects, exits, kinds).
   GPL-2.0-or-later; part of hotgrind. */

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "report/read.h"
#include "report/report.h"
#include "util/number.h"
#include "util/xalloc.h"
#include "xml/node.h"
#include "xml/xml-safe.h"

static char *optional_attribute(struct loader *loader, const xmlNode *node,
                                const char *name);

/* Records the first problem only: later ones are usually its echoes. */
void read_fail(struct loader *loader, const xmlNode *where,
               const char *format, ...)
{
    va_list args;

    if (loader->failed)
        return;
    loader->failed = true;
    va_start(args, format);
    hg_xml_vproblem(loader->problem, loader->problem_size,
                    where ? hg_xml_line(where) : 0, format, args);
    va_end(args);
}

int hg_compare_identity(const struct hg_function *f,
                        const struct hg_function *g)
{
    int c;
    if ((c = strcmp(f->name, g->name)) != 0
        || (c = strcmp(f->object, g->object)) != 0
        || (c = strcmp(f->file, g->file)) != 0)
        return c;
    return f->line < g->line ? -1 : f->line > g->line;
}

bool hg_report_has_lines(const struct hg_report *report)
{
    const char *option = hg_report_option(report, "lines");
    size_t i;
    if (option != NULL && strcmp(option, "yes") == 0)
        return true;
    for (i = 0; i < report->function_count; i++)
        if (report->functions[i].line_count > 0)
            return true;
    return false;
}

int hg_compare_report_order(const void *a, const void *b)
{
    const struct hg_function *f = *(const struct hg_function *const *)a;
    const struct hg_function *g = *(const struct hg_function *const *)b;
    if (f->self_ir != g->self_ir)
        return f->self_ir > g->self_ir ? -1 : 1;
    return hg_compare_identity(f, g);
}

void read_fail_no_child(struct loader *loader, const xmlNode *parent,
                        const char *name)
{
    read_fail(loader, parent, "<%s> has no <%s> element", hg_node_name(parent),
              name);
}

static xmlNode *require_child(struct loader *loader, const xmlNode *parent,
                              const char *name)
{
    xmlNode *child;
    if (loader->failed || parent == NULL)
        return NULL;
    child = hg_node_child(parent, name);
    if (child == NULL)
        read_fail_no_child(loader, parent, name);
    return child;
}

static char *copy_string(const char *text)
{
    return hg_xstrdup(text ? text : "");
}

/* The attribute NAME of NODE as hg_xml_attribute gives it, or NULL (and a
   problem) if it is missing. */
static const char *need_attribute(struct loader *loader, const xmlNode *node,
                                  const char *name, xmlChar **copy)
{
    const char *value;
    *copy = NULL;
    if (loader->failed || node == NULL)
        return NULL;
    value = hg_xml_attribute(node, name, copy);
    if (value == NULL)
        read_fail(loader, node, "<%s> has no %s attribute", hg_node_name(node),
                  name);
    return value;
}

/* The attribute NAME of NODE as a malloc'd string, or NULL (and a problem)
   if it is missing. */
static char *require_attribute(struct loader *loader, const xmlNode *node,
                               const char *name)
{
    xmlChar *copy;
    const char *value = need_attribute(loader, node, name, &copy);
    char *result = value != NULL ? copy_string(value) : NULL;
    xmlFree(copy);
    return result;
}

static bool require_count(struct loader *loader, const xmlNode *node,
                          const char *name, uint64_t *count)
{
    xmlChar *copy;
    const char *text = need_attribute(loader, node, name, &copy);
    bool ok = text != NULL && hg_parse_count(text, count);
    if (text != NULL && !ok) {
        char shown[64];
        hg_quote_for_message(shown, sizeof shown, text);
        read_fail(loader, node, "<%s> attribute %s=\"%s\" is not a number",
                  hg_node_name(node), name, shown);
    }
    xmlFree(copy);
    return ok;
}

static bool require_mean(struct loader *loader, const xmlNode *node,
                         const char *name, uint64_t *units,
                         unsigned *hundredths)
{
    xmlChar *copy;
    const char *text = need_attribute(loader, node, name, &copy);
    bool ok = text != NULL && hg_parse_mean(text, units, hundredths);
    if (text != NULL && !ok) {
        char shown[64];
        hg_quote_for_message(shown, sizeof shown, text);
        read_fail(loader, node, "<%s> attribute %s=\"%s\" is not a number "
                  "with two decimals", hg_node_name(node), name, shown);
    }
    xmlFree(copy);
    return ok;
}

static bool require_small_number(struct loader *loader, const xmlNode *node,
                                 const char *name, unsigned *number)
{
    uint64_t count;
    if (!require_count(loader, node, name, &count))
        return false;
    if (count > UINT_MAX) {
        read_fail(loader, node, "<%s> attribute %s=\"%llu\" is too large",
                  hg_node_name(node), name, (unsigned long long)count);
        return false;
    }
    *number = (unsigned)count;
    return true;
}

static char *element_text(struct loader *loader, const xmlNode *node)
{
    if (loader->failed || node == NULL)
        return NULL;
    return hg_node_text(node);
}

void read_run(struct loader *loader, struct hg_report *report,
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
        if (hg_node_is(child, "arg"))
            n++;
    report->args = hg_xcalloc(n, sizeof *report->args);
    for (child = command->children; child && !loader->failed;
         child = child->next)
        if (hg_node_is(child, "arg"))
            report->args[report->arg_count++] = element_text(loader, child);
}

void read_host(struct loader *loader, struct hg_report *report,
               const xmlNode *host)
{
    report->has_host = true;
    require_small_number(loader, host, "pid", &report->host_pid);
    require_small_number(loader, host, "ppid", &report->host_ppid);
    report->host_cwd = require_attribute(loader, host, "cwd");
}

/* marked="yes", or absent; any other value is not format 1. */
static bool read_marked(struct loader *loader, const xmlNode *node)
{
    xmlChar *copy;
    const char *value;
    bool marked;

    if (loader->failed)
        return false;
    value = hg_xml_attribute(node, "marked", &copy);
    if (value == NULL)
        return false;
    marked = strcmp(value, "yes") == 0;
    if (!marked) {
        char shown[64];
        hg_quote_for_message(shown, sizeof shown, value);
        read_fail(loader, node, "<%s> attribute marked=\"%s\" is not \"yes\"",
                  hg_node_name(node), shown);
    }
    xmlFree(copy);
    return marked;
}

static void require_heap_traffic(struct loader *loader, const xmlNode *node,
                                 struct hg_heap_traffic *heap)
{
    require_count(loader, node, "allocs", &heap->allocs);
    require_count(loader, node, "alloc-bytes", &heap->alloc_bytes);
    require_count(loader, node, "frees", &heap->frees);
    require_count(loader, node, "free-bytes", &heap->free_bytes);
}

/* The N attributes NAMES of NODE into VALUES when the first is there
   (then every one is required); false when it is not. */
static bool read_counts(struct loader *loader, const xmlNode *node,
                        const char *const *names, int n, uint64_t *values)
{
    int i;
    if (loader->failed || !hg_node_has(node, names[0]))
        return false;
    for (i = 0; i < n; i++)
        require_count(loader, node, names[i], &values[i]);
    return true;
}

/* The cache attributes of a <self>, <inclusive> or <totals>: the eight
   counters when the first is there (--cache-sim=yes), else none; cycles
   when present. */
static void read_cache_costs(struct loader *loader, const xmlNode *node,
                             struct hg_cache_costs *costs)
{
    costs->present = read_counts(loader, node, hg_cache_metric_names,
                                 HG_CYCLES, costs->value);
    if (!costs->present)
        return;
    costs->has_cycles = hg_node_has(node, "cycles");
    if (costs->has_cycles)
        require_count(loader, node, "cycles", &costs->value[HG_CYCLES]);
}

/* The branch attributes of a <self> or <totals>: the four when the first
   is there (--branch-sim=yes), else none. */
static void read_branch_costs(struct loader *loader, const xmlNode *node,
                              struct hg_branch_costs *costs)
{
    costs->present = read_counts(loader, node, hg_branch_metric_names,
                                 HG_BRANCH_METRICS, costs->value);
}

/* The heap attributes of an <inclusive> or a <thread>: all four, or none
   (false). */
static bool read_heap_traffic(struct loader *loader, const xmlNode *node,
                              struct hg_heap_traffic *heap)
{
    if (loader->failed
        || !(hg_node_has(node, "allocs") || hg_node_has(node, "alloc-bytes")
             || hg_node_has(node, "frees")
             || hg_node_has(node, "free-bytes")))
        return false;
    require_heap_traffic(loader, node, heap);
    return !loader->failed;
}

/* <inclusive Ir> and, with heap=yes, its heap attributes. */
static void read_inclusive(struct loader *loader, const xmlNode *owner,
                           uint64_t *inclusive_ir,
                           struct hg_cache_costs *cache, bool *has_heap,
                           struct hg_heap_traffic *heap)
{
    xmlNode *inclusive = require_child(loader, owner, "inclusive");
    if (inclusive == NULL)
        return;
    require_count(loader, inclusive, "Ir", inclusive_ir);
    read_cache_costs(loader, inclusive, cache);
    *has_heap = read_heap_traffic(loader, inclusive, heap);
}

/* <per-call> is absent when there were no calls. */
static void read_per_call(struct loader *loader, const xmlNode *owner,
                          bool *has_per_call, struct hg_per_call *per_call)
{
    xmlNode *node;
    if (loader->failed || (node = hg_node_child(owner, "per-call")) == NULL)
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

/* Loads the NAME children of LIST (none when LIST is NULL) into a new
   array of COUNT items of SIZE bytes, each with LOAD.  The array is never
   NULL once read, so a loaded report has arrays. */
static void *read_list(struct loader *loader, const xmlNode *list,
                       const char *name, size_t size,
                       read_item_fn *load,
                       size_t *count)
{
    char *array;
    xmlNode *child;

    if (loader->failed)
        return NULL;
    array = hg_xcalloc(list ? hg_node_count(list, name) : 0, size);
    if (list == NULL)
        return array;
    for (child = list->children; child && !loader->failed;
         child = child->next)
        if (hg_node_is(child, name))
            load(loader, array + size * (*count)++, child);
    return array;
}

/* The ITEM children of NODE's child LIST as read_list reads them, or NULL
   when there are none: a function without calls or lines has no array
   of them. */
static void *read_items_of(struct loader *loader, const xmlNode *node,
                           const char *list, const char *item, size_t size,
                           read_item_fn *load, size_t *count)
{
    const xmlNode *child = hg_node_child(node, list);
    if (child == NULL || hg_node_count(child, item) == 0)
        return NULL;
    return read_list(loader, child, item, size, load, count);
}

/* A <call> of <callees>: its callee id becomes an index into the
   functions, which the rules check exists (rules.c) before any command
   sees the report. */
static void read_call(struct loader *loader, void *item, const xmlNode *node)
{
    struct hg_call *call = item;
    unsigned callee = 0;
    if (require_small_number(loader, node, "callee", &callee)
        && callee == 0)
        read_fail(loader, node, "<call> has callee=\"0\": ids start at 1");
    call->callee = callee > 0 ? callee - 1 : 0;
    require_count(loader, node, "calls", &call->calls);
    require_count(loader, node, "Ir", &call->ir);
    read_cache_costs(loader, node, &call->cache);
    call->has_heap = read_heap_traffic(loader, node, &call->heap);
}

/* id, outside-calls, recursive, <no-symbol> and <callees> (call-graph=yes:
   docs/report-format.md). */
static void read_call_graph(struct loader *loader,
                            struct hg_function *function, const xmlNode *node)
{
    const xmlNode *no_symbol;

    require_small_number(loader, node, "id", &function->id);
    if (!loader->failed && hg_node_has(node, "outside-calls"))
        require_count(loader, node, "outside-calls",
                      &function->outside_calls);
    function->recursive = hg_node_has(node, "recursive");
    function->mid_jump = hg_node_has(node, "mid-jump");
    no_symbol = hg_node_child(node, "no-symbol");
    if (no_symbol != NULL && !loader->failed) {
        require_count(loader, no_symbol, "Ir", &function->no_symbol_ir);
        read_cache_costs(loader, no_symbol, &function->no_symbol_cache);
    }
    function->callees = read_items_of(loader, node, "callees", "call",
                                      sizeof *function->callees, read_call,
                                      &function->callee_count);
}

/* A <line> of <lines> (lines=yes), with the events its <self> has. */
static void read_line(struct loader *loader, void *item, const xmlNode *node)
{
    struct hg_line *line = item;
    line->file = require_attribute(loader, node, "file");
    line->dir = optional_attribute(loader, node, "dir");
    require_small_number(loader, node, "line", &line->line);
    require_count(loader, node, "Ir", &line->ir);
    read_cache_costs(loader, node, &line->cache);
    read_branch_costs(loader, node, &line->branch);
}

void read_function(struct loader *loader, void *item,
                   const xmlNode *node)
{
    struct hg_function *function = item;
    xmlNode *self, *heap;
    function->name = require_attribute(loader, node, "name");
    function->object = require_attribute(loader, node, "object");
    function->file = require_attribute(loader, node, "file");
    require_small_number(loader, node, "line", &function->line);
    function->dir = optional_attribute(loader, node, "dir");
    self = require_child(loader, node, "self");
    if (self != NULL) {
        require_count(loader, self, "Ir", &function->self_ir);
        read_cache_costs(loader, self, &function->self_cache);
        read_branch_costs(loader, self, &function->self_branch);
    }
    heap = hg_node_child(node, "heap");
    if (heap != NULL && !loader->failed) {
        function->has_heap = true;
        require_heap_traffic(loader, heap, &function->heap);
    }
    function->lines = read_items_of(loader, node, "lines", "line",
                                    sizeof *function->lines, read_line,
                                    &function->line_count);

    /* What `show` needs of a marked function is required of one, and
       of every function of a call graph. */
    function->marked = read_marked(loader, node);
    function->has_call_graph = hg_node_has(node, "id");
    function->inlined = hg_node_has(node, "inlined");
    if (function->inlined)
        function->inlined_into = require_attribute(loader, node,
                                                   "inlined-into");
    if (function->inlined && !function->marked) {
        require_count(loader, node, "calls", &function->calls);
        return;
    }
    if (!function->marked && !function->has_call_graph)
        return;
    require_count(loader, node, "calls", &function->calls);
    read_inclusive(loader, node, &function->inclusive_ir,
                   &function->inclusive_cache, &function->has_inclusive_heap,
                   &function->inclusive_heap);
    read_per_call(loader, node, &function->has_per_call,
                  &function->per_call);
    if (function->has_call_graph)
        read_call_graph(loader, function, node);
}

void read_zone(struct loader *loader, void *item, const xmlNode *node)
{
    struct hg_zone *zone = item;
    zone->name = require_attribute(loader, node, "name");
    require_count(loader, node, "calls", &zone->calls);
    read_inclusive(loader, node, &zone->inclusive_ir, &zone->inclusive_cache,
                   &zone->has_inclusive_heap,
                   &zone->inclusive_heap);
    read_per_call(loader, node, &zone->has_per_call, &zone->per_call);
}

void read_mark(struct loader *loader, void *item, const xmlNode *node)
{
    struct hg_mark *mark = item;
    mark->pattern = require_attribute(loader, node, "pattern");
    require_count(loader, node, "functions", &mark->functions);
    require_count(loader, node, "entered", &mark->entered);
}

void read_object(struct loader *loader, void *item,
                 const xmlNode *node)
{
    struct hg_object *object = item;
    object->name = require_attribute(loader, node, "name");
    object->soname = optional_attribute(loader, node, "soname");
    object->build_id = optional_attribute(loader, node, "build-id");
}

/* ------------------------------------------------------------ contexts */

/* An id attribute that refers to another element (a context's parent, a
   function): the index it stands for, 0 for a (refused) "0".  The rules
   check that it exists (rules.c) before any command sees the report. */
static size_t read_reference(struct loader *loader, const xmlNode *node,
                             const char *name)
{
    unsigned id = 0;
    if (require_small_number(loader, node, name, &id) && id == 0)
        read_fail(loader, node, "<%s> has %s=\"0\": ids start at 1",
                  hg_node_name(node), name);
    return id > 0 ? id - 1 : 0;
}

/* A <self>, <inclusive> or <outside> of the contexts: Ir, cache and, with
   heap=yes, heap figures. */
static void read_context_costs(struct loader *loader, const xmlNode *node,
                               uint64_t *ir, struct hg_cache_costs *cache,
                               struct hg_heap_traffic *heap, bool *has_heap)
{
    bool heap_here;
    if (loader->failed || node == NULL)
        return;
    require_count(loader, node, "Ir", ir);
    read_cache_costs(loader, node, cache);
    heap_here = read_heap_traffic(loader, node, heap);
    if (has_heap != NULL)
        *has_heap = heap_here;
}

void read_context(struct loader *loader, void *item,
                  const xmlNode *node)
{
    struct hg_context *context = item;
    const xmlNode *no_symbol;
    bool inclusive_heap = false;

    context->parent = hg_node_has(node, "parent")
                      ? read_reference(loader, node, "parent")
                      : HG_NO_PARENT;
    context->function = read_reference(loader, node, "function");
    require_count(loader, node, "calls", &context->calls);
    context->truncated = hg_node_has(node, "truncated");
    read_context_costs(loader, require_child(loader, node, "self"),
                       &context->self_ir, &context->self_cache,
                       &context->self_heap, &context->has_heap);
    read_context_costs(loader, require_child(loader, node, "inclusive"),
                       &context->inclusive_ir, &context->inclusive_cache,
                       &context->inclusive_heap, &inclusive_heap);
    context->has_heap = context->has_heap || inclusive_heap;
    no_symbol = hg_node_child(node, "no-symbol");
    if (no_symbol != NULL && !loader->failed) {
        require_count(loader, no_symbol, "Ir", &context->no_symbol_ir);
        read_cache_costs(loader, no_symbol, &context->no_symbol_cache);
    }
}

/* <contexts max count [truncated]>, read at its end tag. */
void read_contexts_attributes(struct loader *loader,
                              struct hg_report *report,
                              const xmlNode *node)
{
    uint64_t count;
    require_count(loader, node, "max", &report->context_max);
    require_count(loader, node, "count", &count);
    report->contexts_truncated = hg_node_has(node, "truncated");
}

void read_outside(struct loader *loader, struct hg_report *report,
                  const xmlNode *node)
{
    read_context_costs(loader, node, &report->outside_ir,
                       &report->outside_cache, &report->outside_heap, NULL);
}

void read_totals(struct loader *loader, struct hg_report *report,
                 const xmlNode *totals)
{
    xmlNode *heap;
    if (totals == NULL)
        return;
    require_count(loader, totals, "Ir", &report->total_ir);
    read_cache_costs(loader, totals, &report->total_cache);
    read_branch_costs(loader, totals, &report->total_branch);
    heap = hg_node_child(totals, "heap");
    if (heap == NULL || loader->failed)
        return;
    report->has_heap = true;
    require_heap_traffic(loader, heap, &report->heap.traffic);
    require_count(loader, heap, "peak-bytes", &report->heap.peak_bytes);
    require_count(loader, heap, "peak-blocks", &report->heap.peak_blocks);
    require_count(loader, heap, "exit-bytes", &report->heap.exit_bytes);
    require_count(loader, heap, "exit-blocks", &report->heap.exit_blocks);
}

/* ----------------------------------------- threads, mutexes and events */

/* The attribute NAME of NODE, or NULL if absent; copied. */
static char *optional_attribute(struct loader *loader, const xmlNode *node,
                                const char *name)
{
    return loader->failed || !hg_node_has(node, name)
           ? NULL : require_attribute(loader, node, name);
}

/* An optional id: 0 when absent (ids start at 1). */
static void optional_id(struct loader *loader, const xmlNode *node,
                        const char *name, unsigned *id)
{
    if (!loader->failed && hg_node_has(node, name))
        require_small_number(loader, node, name, id);
}

/* A closed set of words: the index of the attribute's value in WORDS
   (COUNT of them), or COUNT with a problem.  ABSENT when the attribute is
   absent, with a problem if ABSENT is negative. */
static int read_word(struct loader *loader, const xmlNode *node,
                     const char *name, const char *const *words, int count,
                     int absent)
{
    char *value;
    int i;

    if (loader->failed)
        return count;
    if (absent >= 0 && !hg_node_has(node, name))
        return absent;
    value = require_attribute(loader, node, name);
    if (value == NULL)
        return count;
    for (i = 0; i < count && strcmp(value, words[i]) != 0; i++)
        continue;
    if (i == count) {
        char shown[64];
        hg_quote_for_message(shown, sizeof shown, value);
        /* Two or three words: "a" or "b", "a", "b" or "c". */
        read_fail(loader, node, "<%s> attribute %s=\"%s\" is not "
                  "\"%s\"%s%s%s or \"%s\"", hg_node_name(node), name, shown,
                  words[0],
                  count > 2 ? ", \"" : "", count > 2 ? words[1] : "",
                  count > 2 ? "\"" : "", words[count - 1]);
    }
    free(value);
    return i;
}

void read_thread(struct loader *loader, void *item,
                 const xmlNode *node)
{
    static const char *const statuses[] = { "exited", "running" };
    struct hg_thread *thread = item;

    require_small_number(loader, node, "id", &thread->id);
    thread->name = optional_attribute(loader, node, "name");
    optional_id(loader, node, "parent", &thread->parent);
    thread->status = read_word(loader, node, "status", statuses, 2, -1) == 1
                     ? HG_THREAD_RUNNING : HG_THREAD_EXITED;
    require_count(loader, node, "Ir", &thread->ir);
    thread->has_sync_ir = hg_node_has(node, "sync-Ir");
    if (thread->has_sync_ir)
        require_count(loader, node, "sync-Ir", &thread->sync_ir);
    thread->has_heap = read_heap_traffic(loader, node, &thread->heap);
}

void read_mutex(struct loader *loader, void *item,
                const xmlNode *node)
{
    struct hg_mutex *mutex = item;
    require_small_number(loader, node, "id", &mutex->id);
    mutex->name = optional_attribute(loader, node, "name");
    require_count(loader, node, "acquisitions", &mutex->acquisitions);
    require_count(loader, node, "contended", &mutex->contended);
}

static const char *const event_kind_names[HG_EVENT_KINDS] = {
    "create", "exit", "join", "lock", "unlock", "cond-wait", "cond-signal",
    "cond-broadcast", "other",
};

const char *hg_event_kind_name(enum hg_event_kind kind)
{
    return kind < HG_EVENT_KINDS ? event_kind_names[kind] : "other";
}

/* A kind this version does not know is "other" (the schema refuses it). */
void read_event(struct loader *loader, void *item,
                const xmlNode *node)
{
    static const char *const yes_no[] = { "yes", "no" };
    struct hg_event *event = item;
    char *kind;
    int i;

    require_count(loader, node, "Ir", &event->ir);
    require_small_number(loader, node, "thread", &event->thread);
    kind = require_attribute(loader, node, "kind");
    event->kind = HG_EVENT_OTHER;
    for (i = 0; kind != NULL && i < HG_EVENT_OTHER; i++)
        if (strcmp(kind, event_kind_names[i]) == 0)
            event->kind = (enum hg_event_kind)i;
    free(kind);
    optional_id(loader, node, "child", &event->child);
    optional_id(loader, node, "mutex", &event->mutex);
    optional_id(loader, node, "cond", &event->cond);
    event->waited = read_word(loader, node, "waited", yes_no, 2, 1) == 0;
}

static void read_option(struct loader *loader, void *item,
                        const xmlNode *node)
{
    struct hg_option *option = item;
    option->name = require_attribute(loader, node, "name");
    option->value = require_attribute(loader, node, "value");
}

static const char *const input_kind_names[HG_INPUT_KINDS] = {
    "random", "clock", "cpu-count",
};

const char *hg_input_kind_name(enum hg_input_kind kind)
{
    return kind < HG_INPUT_KINDS ? input_kind_names[kind] : "other";
}

bool hg_same_input(const struct hg_input *a, const struct hg_input *b)
{
    return a->kind == b->kind && strcmp(a->source, b->source) == 0
           && strcmp(a->function, b->function) == 0
           && strcmp(a->object, b->object) == 0;
}

static void read_input(struct loader *loader, void *item,
                       const xmlNode *node)
{
    static const char *const yes_no[] = { "yes", "no" };
    struct hg_input *input = item;
    int kind = read_word(loader, node, "kind", input_kind_names,
                         HG_INPUT_KINDS, -1);

    input->kind = kind < HG_INPUT_KINDS ? (enum hg_input_kind)kind
                                        : HG_INPUT_RANDOM;
    input->source = require_attribute(loader, node, "source");
    input->function = require_attribute(loader, node, "function");
    input->object = require_attribute(loader, node, "object");
    require_count(loader, node, "calls", &input->calls);
    input->has_bytes = hg_node_has(node, "bytes");
    if (input->has_bytes)
        require_count(loader, node, "bytes", &input->bytes);
    input->pinned = read_word(loader, node, "pinned", yes_no, 2, -1) == 0;
}

/* <run><exit>: the attributes its how takes. */
static void read_exit(struct loader *loader, struct hg_exit *exit_,
                      const xmlNode *node)
{
    static const char *const hows[] = { "status", "signal", "exec" };
    unsigned number = 0;
    int how = read_word(loader, node, "how", hows, 3, -1);

    exit_->how = how == 0 ? HG_ENDED_BY_STATUS
                 : how == 1 ? HG_ENDED_BY_SIGNAL
                 : how == 2 ? HG_ENDED_BY_EXEC : HG_ENDED_UNKNOWN;
    /* A missing status is the rules' problem (hg_rules), named there. */
    if (exit_->how == HG_ENDED_BY_STATUS && hg_node_has(node, "status")
        && require_small_number(loader, node, "status", &number))
        exit_->status = number;
    if (exit_->how == HG_ENDED_BY_SIGNAL && hg_node_has(node, "signal")
        && require_small_number(loader, node, "signal", &number))
        exit_->signal = number;
}

/* The optional parts of <run>: options, platform, libc, environment,
   launcher, cost model, cache geometry, exit and merge. */
void read_run_details(struct loader *loader, struct hg_report *report,
                      const xmlNode *run)
{
    xmlNode *node;
    report->options = read_list(loader, hg_node_child(run, "options"),
                                "option", sizeof *report->options, read_option,
                                &report->option_count);
    if ((node = hg_node_child(run, "platform")) != NULL)
        report->platform_hwcaps = optional_attribute(loader, node, "hwcaps");
    if ((node = hg_node_child(run, "libc")) != NULL) {
        report->libc_name = optional_attribute(loader, node, "name");
        report->libc_version = optional_attribute(loader, node, "version");
    }
    node = hg_node_child(run, "environment");
    report->has_environment = node != NULL;
    if (node != NULL) {
        require_count(loader, node, "variables",
                      &report->environment_variables);
        require_count(loader, node, "bytes", &report->environment_bytes);
    }
    report->environment = read_list(loader, node, "var",
                                    sizeof *report->environment,
                                    read_option, &report->environment_count);
    node = hg_node_child(run, "launcher");
    if (node != NULL && !loader->failed)
        report->launcher = require_attribute(loader, node, "name");
    report->settings = read_list(loader, node, "setting",
                                 sizeof *report->settings, read_option,
                                 &report->setting_count);
    report->inputs = read_list(loader, hg_node_child(run, "inputs"), "input",
                               sizeof *report->inputs, read_input,
                               &report->input_count);
    if ((node = hg_node_child(run, "cost-model")) != NULL && !loader->failed) {
        report->has_cost_model = true;
        report->cost_model_name = require_attribute(loader, node, "name");
        require_count(loader, node, "version", &report->cost_model_version);
        require_count(loader, node, "l1-miss", &report->cost_l1_miss);
        require_count(loader, node, "ll-miss", &report->cost_ll_miss);
        report->has_cost_mispredict = hg_node_has(node, "mispredict");
        if (report->has_cost_mispredict)
            require_count(loader, node, "mispredict",
                          &report->cost_mispredict);
    }
    if ((node = hg_node_child(run, "cache")) != NULL && !loader->failed) {
        report->has_cache_geometry = true;
        report->cache_i1 = require_attribute(loader, node, "I1");
        report->cache_d1 = require_attribute(loader, node, "D1");
        report->cache_ll = require_attribute(loader, node, "LL");
        report->cache_source = optional_attribute(loader, node, "source");
    }
    if ((node = hg_node_child(run, "exit")) != NULL && !loader->failed)
        read_exit(loader, &report->exit, node);
    if ((node = hg_node_child(run, "merge")) != NULL && !loader->failed)
        require_count(loader, node, "reports", &report->merged_reports);
    report->has_call_graph = !loader->failed
        && hg_report_option(report, "call-graph") != NULL
        && strcmp(hg_report_option(report, "call-graph"), "yes") == 0;
}

const char *hg_report_option(const struct hg_report *report,
                             const char *name)
{
    size_t i;
    for (i = 0; i < report->option_count; i++)
        if (strcmp(report->options[i].name, name) == 0)
            return report->options[i].value;
    return NULL;
}

void hg_describe_exit(const struct hg_exit *exit_, char *text, size_t size)
{
    /* Linux's numbers, which the report uses whatever the host reading
       it (the same on amd64 and arm64); real-time ones have no name. */
    static const char *const names[] = {
        NULL, "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE",
        "KILL", "USR1", "SEGV", "USR2", "PIPE", "ALRM", "TERM", "STKFLT",
        "CHLD", "CONT", "STOP", "TSTP", "TTIN", "TTOU", "URG", "XCPU",
        "XFSZ", "VTALRM", "PROF", "WINCH", "IO", "PWR", "SYS",
    };
    unsigned n = exit_->signal;

    switch (exit_->how) {
    case HG_ENDED_BY_STATUS:
        snprintf(text, size, "status %u", exit_->status);
        break;
    case HG_ENDED_BY_SIGNAL:
        if (n == 0)
            snprintf(text, size, "ended by a signal (which one is unknown)");
        else if (n < sizeof names / sizeof names[0])
            snprintf(text, size, "killed by signal %u (SIG%s)", n, names[n]);
        else
            snprintf(text, size, "killed by signal %u", n);
        break;
    case HG_ENDED_BY_EXEC:
        snprintf(text, size, "replaced by exec");
        break;
    default:
        snprintf(text, size, "%s", "");
    }
}

bool hg_exit_is_clean(const struct hg_exit *exit_)
{
    return exit_->how == HG_ENDED_UNKNOWN
           || (exit_->how == HG_ENDED_BY_STATUS && exit_->status == 0);
}

static int compare_object_name(const void *key, const void *item)
{
    return strcmp(key, ((const struct hg_object *)item)->name);
}

/* The rules make <objects> sorted by name in every report loaded. */
const struct hg_object *hg_report_object(const struct hg_report *report,
                                         const char *name)
{
    if (report->object_count == 0)
        return NULL;
    return bsearch(name, report->objects, report->object_count,
                   sizeof *report->objects, compare_object_name);
}

const char *hg_report_program(const struct hg_report *report)
{
    size_t i;
    if (report->launcher != NULL)
        for (i = 0; i < report->setting_count; i++)
            if (strcmp(report->settings[i].name, "program") == 0)
                return report->settings[i].value[0] != '\0'
                    ? report->settings[i].value : report->exe;
    return report->exe;
}

/* The root and its format: the version comes first, since a reader must
   not guess at a format it does not know. */
bool read_root(struct loader *loader, struct hg_report *report,
               const xmlNode *root)
{
    uint64_t format;

    if (!hg_node_is(root, "hotgrind")) {
        if (root->ns != NULL)
            read_fail(loader, root, "root element <%.60s> is in a namespace, "
                      "not a hotgrind report", hg_node_name(root));
        else
            read_fail(loader, root, "root element is <%.60s>, not <hotgrind>",
                      hg_node_name(root));
        return false;
    }
    if (!require_count(loader, root, "format", &format))
        return false;
    if (format != HG_REPORT_FORMAT) {
        read_fail(loader, root, "report format %llu is not supported "
                  "(this hotgrind reads format %d)",
                  (unsigned long long)format, HG_REPORT_FORMAT);
        return false;
    }
    report->format = (unsigned)format;
    return true;
}
