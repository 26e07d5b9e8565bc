/* hotgrind: loads a report into plain structs for the host commands.
   GPL-2.0-or-later; part of hotgrind. */

/* The loader checks what the commands rely on (root, format version,
   required elements and attributes, numbers that are numbers) and reports
   the first problem as one line with its line number.  By itself it skips
   elements and attributes it does not know; the schema, validated on the
   same parse, and the rules (rules.c) then refuse them, so every command
   refuses what `hotgrind validate` refuses (docs/report-format.md). */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <libxml/tree.h>

#include "report/foreign-format.h"
#include "report/read.h"
#include "report/report.h"
#include "report/rules.h"
#include "util/xalloc.h"
#include "xml/embedded-schema.h"
#include "xml/node.h"
#include "xml/xml-safe.h"

/* ------------------------------------------------------------ the stream */

/* The report is read as a stream (hg_xml_stream_file), never as a whole
   document: each part under the root (<run>, <host>, <totals>) and each
   item of a list (<function>, <zone>...) is loaded by the functions above
   when its end tag has been read, from its own small tree, which is then
   freed.  Memory holds the loaded structs, not the document.

   The problem reported is the one a reader of the whole document would
   report: a file that is not well-formed XML first, then the root, then
   the parts in the order below, whatever their order in the file.  Each
   part has a loader of its own for that, and a part is only loaded while
   no part before it has failed.  Then the schema's problem, then the
   rules' (read_report). */
enum part {
    PART_ROOT,            /* <hotgrind format> */
    PART_RUN,
    PART_RUN_DETAILS,     /* options, platform... of the same <run> */
    PART_HOST,
    PART_TOTALS,
    PART_FUNCTIONS,
    PART_OBJECTS,
    PART_CONTEXTS,
    PART_ZONES,
    PART_MARKS,
    PART_THREADS,
    PART_MUTEXES,
    PART_EVENTS,
    PARTS
};

/* Each part's element under the root (the first one counts, as for
   find_child); for a list, its items' element and loader. */
static const struct {
    const char *name;     /* NULL: not an element of its own */
    bool required;
    const char *item;     /* NULL: loaded whole */
    size_t item_size;
    read_item_fn *load;
} parts[PARTS] = {
    [PART_RUN] = { "run", true, NULL, 0, NULL },
    [PART_HOST] = { "host", false, NULL, 0, NULL },
    [PART_TOTALS] = { "totals", true, NULL, 0, NULL },
    [PART_FUNCTIONS] = { "functions", true, "function",
                         sizeof(struct hg_function), read_function },
    [PART_OBJECTS] = { "objects", false, "object", sizeof(struct hg_object),
                       read_object },
    [PART_CONTEXTS] = { "contexts", false, "context",
                        sizeof(struct hg_context), read_context },
    [PART_ZONES] = { "zones", false, "zone", sizeof(struct hg_zone),
                     read_zone },
    [PART_MARKS] = { "marks", false, "mark", sizeof(struct hg_mark),
                     read_mark },
    [PART_THREADS] = { "threads", false, "thread", sizeof(struct hg_thread),
                       read_thread },
    [PART_MUTEXES] = { "mutexes", false, "mutex", sizeof(struct hg_mutex),
                       read_mutex },
    [PART_EVENTS] = { "events", false, "event", sizeof(struct hg_event),
                      read_event },
};

/* What an open element is to the loader. */
enum role {
    IGNORED,     /* unknown, a repeated part, or under a refused root */
    ROOT,        /* an accepted <hotgrind format="1"> */
    WHOLE,       /* <run>, <host>, <totals>: loaded at its end tag */
    LIST,        /* <functions>...: holds the items */
    ITEM,        /* <function>...: loaded at its end tag */
    INSIDE,      /* within a WHOLE or an ITEM: kept for its loader */
};

struct items {
    char *array;
    size_t count, capacity;
};

struct report_stream {
    struct hg_report *report;
    bool keep;                 /* the items; false: checked, then freed */
    /* Not NULL: each function goes to it, and is not kept. */
    void (*each_function)(void *data, struct hg_function *function);
    void *each_data;
    struct hg_rules *rules;    /* the rules the schema cannot express */
    char schema_problem[HG_PROBLEM_SIZE];
    bool had_root;
    struct loader loaders[PARTS];
    /* Room for the longest "line N: " + message read_fail() writes. */
    char problems[PARTS][HG_PROBLEM_SIZE + 32];
    bool seen[PARTS];
    struct items items[PARTS];
    enum role roles[4];        /* of the open elements at depths 1 to 3 */
    enum part open_part;       /* of the open element at depth 2 */
    xmlNode *open_list;        /* the open LIST element */
};

/* True while no part before PART, nor PART, has failed. */
static bool wanted(const struct report_stream *stream, enum part part)
{
    int p;
    for (p = 0; p <= (int)part; p++)
        if (stream->loaders[p].failed)
            return false;
    return true;
}

/* Below depth 3, everything is inside an item or a whole part, or
   ignored. */
static enum role role_at(const struct report_stream *stream, int depth)
{
    if (depth <= 3)
        return stream->roles[depth];
    return stream->roles[3] == IGNORED ? IGNORED : INSIDE;
}

static enum role start_part(struct report_stream *stream, xmlNode *node)
{
    struct hg_report *report = stream->report;
    int p;

    for (p = 0; p < PARTS; p++)
        if (parts[p].name != NULL && hg_node_is(node, parts[p].name))
            break;
    if (p == PARTS || stream->seen[p])
        return IGNORED;
    stream->seen[p] = true;
    stream->open_part = (enum part)p;
    stream->open_list = parts[p].item != NULL ? node : NULL;
    if (parts[p].item != NULL)
        hg_rules_list(stream->rules, node);
    /* <threads>, <mutexes> and <events> are optional: the has_ flags tell
       an absent list from an empty one. */
    report->has_threads |= p == PART_THREADS;
    report->has_mutexes |= p == PART_MUTEXES;
    report->has_events |= p == PART_EVENTS;
    report->has_contexts |= p == PART_CONTEXTS;
    return parts[p].item != NULL ? LIST : WHOLE;
}

static void element_starts(void *data, xmlNode *node, int depth)
{
    struct report_stream *stream = data;
    enum role role = IGNORED;

    if (depth == 1) {
        stream->had_root = true;
        if (read_root(&stream->loaders[PART_ROOT], stream->report, node))
            role = ROOT;
    } else
        switch (role_at(stream, depth - 1)) {
        case ROOT:
            role = start_part(stream, node);
            break;
        case LIST:
            /* <contexts>' <outside> is read as an item (element_ends). */
            if (hg_node_is(node, parts[stream->open_part].item)
                || (stream->open_part == PART_CONTEXTS
                    && hg_node_is(node, "outside")))
                role = ITEM;
            break;
        case WHOLE:
        case ITEM:
        case INSIDE:
            role = INSIDE;
            break;
        case IGNORED:
            break;
        }
    if (depth <= 3)
        stream->roles[depth] = role;
}

static void load_whole(struct report_stream *stream, enum part part,
                       const xmlNode *node)
{
    struct loader *loader = &stream->loaders[part];

    if (!wanted(stream, part))
        return;
    if (part == PART_RUN) {
        read_run(loader, stream->report, node);
        if (wanted(stream, PART_RUN_DETAILS))
            read_run_details(&stream->loaders[PART_RUN_DETAILS],
                             stream->report, node);
    } else if (part == PART_HOST)
        read_host(loader, stream->report, node);
    else if (part == PART_TOTALS)
        read_totals(loader, stream->report, node);
}

/* What a function owns. */
static void free_function(struct hg_function *function)
{
    size_t i;
    hg_free_each(function->name, function->object, function->file,
                 function->dir, function->inlined_into, function->callees);
    for (i = 0; i < function->line_count; i++)
        hg_free_each(function->lines[i].file, function->lines[i].dir);
    free(function->lines);
}

/* The strings an item of PART owns. */
static void free_item(enum part part, void *item)
{
    switch (part) {
    case PART_FUNCTIONS:
        free_function(item);
        break;
    case PART_OBJECTS:
        hg_free_each(((struct hg_object *)item)->name,
                     ((struct hg_object *)item)->soname,
                     ((struct hg_object *)item)->build_id);
        break;
    case PART_ZONES:   free(((struct hg_zone *)item)->name); break;
    case PART_MARKS:   free(((struct hg_mark *)item)->pattern); break;
    case PART_THREADS: free(((struct hg_thread *)item)->name); break;
    case PART_MUTEXES: free(((struct hg_mutex *)item)->name); break;
    default:           break;
    }
}

/* The COUNT items of a list of PART and what they own; ARRAY may be
   NULL. */
static void free_items(enum part part, void *array, size_t count)
{
    size_t i;
    if (array != NULL)
        for (i = 0; i < count; i++)
            free_item(part, (char *)array + i * parts[part].item_size);
    free(array);
}

/* Appends an item to its list, the array growing geometrically; in file
   order, up to the first problem.  Without keep, the item is loaded (for
   its problems) into the first place and freed. */
static void load_item(struct report_stream *stream, enum part part,
                      const xmlNode *node)
{
    struct items *items = &stream->items[part];
    size_t size = parts[part].item_size;
    char *item;
    bool kept = stream->keep
                && !(part == PART_FUNCTIONS && stream->each_function != NULL);

    if (!wanted(stream, part))
        return;
    if (!kept && items->count > 0) {
        free_item(part, items->array);
        items->count = 0;
    }
    items->array = hg_xgrow(items->array, &items->capacity, items->count + 1,
                            size, 16);
    item = items->array + size * items->count++;
    memset(item, 0, size);
    parts[part].load(&stream->loaders[part], item, node);
    if (part == PART_FUNCTIONS && stream->each_function != NULL
        && !stream->loaders[part].failed)
        stream->each_function(stream->each_data, (struct hg_function *)item);
}

/* Items are built light (see hg_xml_stream): only their attributes and
   elements are read. */
static bool wants_light(void *data, const xmlChar *name, const xmlChar *uri,
                        int depth)
{
    struct report_stream *stream = data;
    return depth == 3 && role_at(stream, 2) == LIST && uri == NULL
           && strcmp((const char *)name, parts[stream->open_part].item) == 0;
}

/* Frees the children of PARENT that come before KEEP, all of them when
   KEEP is NULL. */
static void free_children_before(xmlNode *parent, const xmlNode *keep)
{
    while (parent->children != NULL && parent->children != keep) {
        xmlNode *earlier = parent->children;
        xmlUnlinkNode(earlier);
        xmlFreeNode(earlier);
    }
}

/* At the end of the root: the parts a report must have. */
static void require_parts(struct report_stream *stream, const xmlNode *root)
{
    int p;
    for (p = 0; p < PARTS; p++)
        if (parts[p].required && !stream->seen[p])
            read_fail_no_child(&stream->loaders[p], root, parts[p].name);
}

static void element_ends(void *data, xmlNode *node, int depth)
{
    struct report_stream *stream = data;
    enum role role = role_at(stream, depth), parent;

    if (role == WHOLE || role == LIST)
        hg_rules_part(stream->rules, node);
    if (role == WHOLE)
        load_whole(stream, stream->open_part, node);
    else if (role == LIST && stream->open_part == PART_CONTEXTS
             && wanted(stream, PART_CONTEXTS))
        read_contexts_attributes(&stream->loaders[PART_CONTEXTS],
                                 stream->report, node);
    else if (role == ITEM) {
        hg_rules_item(stream->rules, node);
        if (hg_node_is(node, "outside")) {
            if (wanted(stream, PART_CONTEXTS))
                read_outside(&stream->loaders[PART_CONTEXTS],
                             stream->report, node);
        } else
            load_item(stream, stream->open_part, node);
        /* A light item is not in the list: what came before it is. */
        free_children_before(stream->open_list, NULL);
        return;
    }
    if (depth == 1) {
        if (role == ROOT)
            require_parts(stream, node);
        return;
    }
    /* What came before NODE is freed; NODE itself when the next element
       ends. */
    parent = role_at(stream, depth - 1);
    if (parent == ROOT || parent == LIST || parent == IGNORED)
        free_children_before(node->parent, node);
}

/* The items of PART as an array of the right size, never NULL, so that a
   loaded report has arrays. */
static void *take_items(struct report_stream *stream, enum part part,
                        size_t *count)
{
    struct items *items = &stream->items[part];
    size_t size = parts[part].item_size;
    char *array = items->array;

    *count = items->count;
    if (array == NULL) {
        array = hg_xcalloc(1, size);
    } else if (items->count > 0 && items->count < items->capacity) {
        char *smaller = realloc(array, items->count * size);
        if (smaller != NULL)
            array = smaller;
    }
    items->array = NULL;
    return array;
}

/* Moves the lists into the report, which owns them from then on, failed
   or not. */
static void take_lists(struct report_stream *stream)
{
    struct hg_report *report = stream->report;
    size_t i;

    report->functions = take_items(stream, PART_FUNCTIONS,
                                   &report->function_count);
    report->objects = take_items(stream, PART_OBJECTS,
                                 &report->object_count);
    report->contexts = take_items(stream, PART_CONTEXTS,
                                  &report->context_count);
    report->zones = take_items(stream, PART_ZONES, &report->zone_count);
    report->marks = take_items(stream, PART_MARKS, &report->mark_count);
    report->threads = take_items(stream, PART_THREADS,
                                 &report->thread_count);
    report->mutexes = take_items(stream, PART_MUTEXES,
                                 &report->mutex_count);
    report->events = take_items(stream, PART_EVENTS, &report->event_count);
    for (i = 0; i < report->event_count; i++)
        report->events_by_kind[report->events[i].kind]++;
}

/* The first problem in the order of the parts, if any, into PROBLEM. */
static bool found_problem(struct report_stream *stream, char *problem,
                          size_t problem_size)
{
    int p;

    if (!stream->had_root)
        read_fail(&stream->loaders[PART_ROOT], NULL, "no root element");
    for (p = 0; p < PARTS; p++)
        if (stream->loaders[p].failed) {
            snprintf(problem, problem_size, "%s", stream->problems[p]);
            return true;
        }
    return false;
}

/* Reads PATH as hg_report_load says, against the schema if SCHEMA;
   without KEEP, the lists are checked and not kept; with EACH, the
   functions go to it. */
static struct hg_report *read_report(const char *path, bool schema,
                                     bool keep,
                                     void (*each)(void *,
                                                  struct hg_function *),
                                     void *data, char *problem,
                                     size_t problem_size)
{
    struct report_stream stream;
    struct hg_xml_stream handlers = {
        wants_light, element_starts, element_ends, NULL,
        schema ? hg_embedded_schema : NULL, hg_embedded_schema_size, NULL, 0,
    };
    bool parsed, rules_kept;
    char rules_problem[HG_PROBLEM_SIZE];
    int p;

    memset(&stream, 0, sizeof stream);
    for (p = 0; p < PARTS; p++) {
        stream.loaders[p].problem = stream.problems[p];
        stream.loaders[p].problem_size = sizeof stream.problems[p];
    }
    stream.keep = keep;
    stream.each_function = each;
    stream.each_data = data;
    stream.rules = hg_rules_start();
    stream.report = hg_xcalloc(1, sizeof *stream.report);
    handlers.data = &stream;
    handlers.schema_problem = stream.schema_problem;
    handlers.schema_problem_size = sizeof stream.schema_problem;
    parsed = hg_xml_stream_file(path, "report", &handlers, problem,
                                problem_size);
    rules_kept = hg_rules_finish(stream.rules, rules_problem,
                                 sizeof rules_problem);
    if (each != NULL && stream.items[PART_FUNCTIONS].count > 0) {
        free_item(PART_FUNCTIONS, stream.items[PART_FUNCTIONS].array);
        stream.items[PART_FUNCTIONS].count = 0;
    }
    take_lists(&stream);
    /* One order of problems for every command: the XML, what the loader
       needs (the format first), then the schema, then its rules. */
    if (!parsed || found_problem(&stream, problem, problem_size)) {
        /* Another tool's output, an export...: say what it is. */
        hg_describe_foreign_file(path, problem, problem_size);
        hg_report_free(stream.report);
        return NULL;
    }
    if (stream.schema_problem[0] != '\0' || !rules_kept) {
        snprintf(problem, problem_size, "%s", stream.schema_problem[0]
                 ? stream.schema_problem : rules_problem);
        hg_report_free(stream.report);
        return NULL;
    }
    return stream.report;
}

struct hg_report *hg_report_load(const char *path, char *problem,
                                 size_t problem_size)
{
    struct stat status;
    bool large = stat(path, &status) == 0 && S_ISREG(status.st_mode)
                 && status.st_size > (off_t)HG_SCHEMA_CHECKED_BYTES;
    return read_report(path, !large, true, NULL, NULL, problem,
                       problem_size);
}

struct hg_report *hg_report_load_each(const char *path,
                                      void (*each)(void *data,
                                                   struct hg_function *),
                                      void *data, char *problem,
                                      size_t problem_size)
{
    return read_report(path, true, true, each, data, problem, problem_size);
}

bool hg_report_check(const char *path, char *problem, size_t problem_size)
{
    struct hg_report *report = read_report(path, true, false, NULL, NULL,
                                           problem, problem_size);
    hg_report_free(report);
    return report != NULL;
}

bool hg_report_tracks_inputs(const struct hg_report *report)
{
    return report->input_count > 0
           || hg_report_option(report, "det-random") != NULL;
}

/* The options of <run><options>, the settings of <run><launcher> or the
   values of <run><environment>. */
static void free_options(struct hg_option *options, size_t count)
{
    size_t i;
    if (options != NULL)
        for (i = 0; i < count; i++) {
            free(options[i].name);
            free(options[i].value);
        }
    free(options);
}

void hg_report_free(struct hg_report *report)
{
    size_t i;
    if (report == NULL)
        return;
    hg_free_each(report->tool_version, report->valgrind_version,
                 report->arch, report->exe, report->host_cwd,
                 report->platform_hwcaps, report->libc_name,
                 report->libc_version, report->launcher,
                 report->cost_model_name, report->cache_i1, report->cache_d1,
                 report->cache_ll, report->cache_source);
    hg_free_strings(report->args, report->arg_count);
    free_options(report->options, report->option_count);
    free_options(report->environment, report->environment_count);
    free_options(report->settings, report->setting_count);
    if (report->inputs != NULL)
        for (i = 0; i < report->input_count; i++)
            hg_free_each(report->inputs[i].source, report->inputs[i].function,
                         report->inputs[i].object);
    free(report->inputs);
    free_items(PART_FUNCTIONS, report->functions, report->function_count);
    free_items(PART_OBJECTS, report->objects, report->object_count);
    free_items(PART_CONTEXTS, report->contexts, report->context_count);
    free_items(PART_ZONES, report->zones, report->zone_count);
    free_items(PART_MARKS, report->marks, report->mark_count);
    free_items(PART_THREADS, report->threads, report->thread_count);
    free_items(PART_MUTEXES, report->mutexes, report->mutex_count);
    free_items(PART_EVENTS, report->events, report->event_count);
    free(report);
}
