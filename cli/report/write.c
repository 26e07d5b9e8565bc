/* The one writer of the report format: <run>, <totals>, <objects>,
   <zones>, <marks>, <threads>, <mutexes> and <events> of a struct
   hg_report, and the pieces of an element that the writers of functions
   and contexts (merge) use, so that every report written has the bytes
   the tool writes; and the attributes of its elements, which export's
   JSON writes as members.  GPL-2.0-or-later; part of hotgrind. */

#include <inttypes.h>
#include <stdio.h>

#include "xml/xml-text.h"
#include "report/metrics.h"
#include "report/report.h"
#include "report/write.h"

void hg_write_attr(FILE *out, const char *name, const char *value)
{
    fprintf(out, " %s=\"", name);
    hg_print_xml_text(out, value);
    fputc('"', out);
}

/* "START NAME1="VALUE1" NAME2="VALUE2"/>" and a line end; without NAME2
   when it is NULL. */
static void write_empty_element(FILE *out, const char *start,
                                const char *name1, const char *value1,
                                const char *name2, const char *value2)
{
    fputs(start, out);
    hg_write_attr(out, name1, value1);
    if (name2 != NULL)
        hg_write_attr(out, name2, value2);
    fputs("/>\n", out);
}

void hg_write_count(FILE *out, const char *name, uint64_t value)
{
    fprintf(out, " %s=\"%" PRIu64 "\"", name, value);
}

void hg_write_cache(FILE *out, const struct hg_cache_costs *cache)
{
    int i;
    for (i = 0; cache->present && i < HG_CACHE_METRICS; i++)
        if (i != HG_CYCLES || cache->has_cycles)
            hg_write_count(out, hg_cache_metric_names[i], cache->value[i]);
}

void hg_write_branch(FILE *out, const struct hg_branch_costs *branch)
{
    int i;
    for (i = 0; branch->present && i < HG_BRANCH_METRICS; i++)
        hg_write_count(out, hg_branch_metric_names[i], branch->value[i]);
}

void hg_write_heap(FILE *out, const struct hg_heap_traffic *heap)
{
    hg_write_count(out, "allocs", heap->allocs);
    hg_write_count(out, "alloc-bytes", heap->alloc_bytes);
    hg_write_count(out, "frees", heap->frees);
    hg_write_count(out, "free-bytes", heap->free_bytes);
}

void hg_write_inclusive(FILE *out, uint64_t ir,
                        const struct hg_cache_costs *cache, bool has_heap,
                        const struct hg_heap_traffic *heap)
{
    fputs("      <inclusive", out);
    hg_write_count(out, "Ir", ir);
    hg_write_cache(out, cache);
    if (has_heap)
        hg_write_heap(out, heap);
    fputs("/>\n", out);
}

static void xml_text(void *out, const char *name, const char *value)
{
    hg_write_attr(out, name, value);
}

static void xml_count(void *out, const char *name, uint64_t value)
{
    hg_write_count(out, name, value);
}

static void xml_flag(void *out, const char *name, bool value)
{
    hg_write_attr(out, name, value ? "yes" : "no");
}

struct hg_attributes hg_xml_attributes(FILE *out)
{
    struct hg_attributes xml = { xml_text, xml_count, xml_flag, out };
    return xml;
}

/* "START ATTRIBUTES/>" of ITEM, and a line end. */
static void write_element(FILE *out, const char *start,
                          hg_item_attributes *attributes, const void *item)
{
    struct hg_attributes xml = hg_xml_attributes(out);
    fputs(start, out);
    attributes(&xml, item);
    fputs("/>\n", out);
}

/* "<LIST>", an empty element "<ITEM .../>" two spaces further in for
   each of the COUNT items of SIZE bytes at ITEMS, then "</LIST>", a line
   each, INDENT spaces in. */
static void write_list(FILE *out, int indent, const char *list,
                       const char *item, const void *items, size_t count,
                       size_t size, hg_item_attributes *attributes)
{
    char start[32];
    size_t i;
    snprintf(start, sizeof start, "%*s<%s", indent + 2, "", item);
    fprintf(out, "%*s<%s>\n", indent, "", list);
    for (i = 0; i < count; i++)
        write_element(out, start, attributes, (const char *)items + i * size);
    fprintf(out, "%*s</%s>\n", indent, "", list);
}

static void cost_model_attributes(const struct hg_attributes *a,
                                  const struct hg_report *r)
{
    a->text(a->to, "name", r->cost_model_name);
    a->count(a->to, "version", r->cost_model_version);
    a->count(a->to, "l1-miss", r->cost_l1_miss);
    a->count(a->to, "ll-miss", r->cost_ll_miss);
    if (r->has_cost_mispredict)
        a->count(a->to, "mispredict", r->cost_mispredict);
}

static void cache_geometry_attributes(const struct hg_attributes *a,
                                      const struct hg_report *r)
{
    a->text(a->to, "I1", r->cache_i1);
    a->text(a->to, "D1", r->cache_d1);
    a->text(a->to, "LL", r->cache_ll);
    if (r->cache_source != NULL)
        a->text(a->to, "source", r->cache_source);
}

static void exit_attributes(const struct hg_attributes *a,
                            const struct hg_report *r)
{
    static const char *const hows[] = { "", "status", "signal", "exec" };
    a->text(a->to, "how", hows[r->exit.how]);
    if (r->exit.how == HG_ENDED_BY_STATUS)
        a->count(a->to, "status", r->exit.status);
    if (r->exit.how == HG_ENDED_BY_SIGNAL && r->exit.signal != 0)
        a->count(a->to, "signal", r->exit.signal);
}

/* An <option>, a launcher's <setting> or an environment's <var>. */
static void option_attributes(const struct hg_attributes *a,
                              const void *item)
{
    const struct hg_option *o = item;
    a->text(a->to, "name", o->name);
    a->text(a->to, "value", o->value);
}

void hg_for_each_run_element(const struct hg_report *r,
                             hg_run_element_fn *each, void *data)
{
    if (r->has_cost_model)
        each(data, "cost-model", cost_model_attributes, r);
    if (r->has_cache_geometry)
        each(data, "cache", cache_geometry_attributes, r);
    if (r->exit.how != HG_ENDED_UNKNOWN)
        each(data, "exit", exit_attributes, r);
}

/* hg_run_element_fn: "    <NAME ATTRIBUTES/>" on OUT. */
static void write_run_element(void *out, const char *name,
                              hg_report_attributes *attributes,
                              const struct hg_report *r)
{
    struct hg_attributes xml = hg_xml_attributes(out);
    fprintf(out, "    <%s", name);
    attributes(&xml, r);
    fputs("/>\n", out);
}

void hg_function_place_attributes(const struct hg_attributes *a,
                                  const char *name, const char *object,
                                  const char *file, unsigned line,
                                  const char *dir, bool marked)
{
    a->text(a->to, "name", name);
    a->text(a->to, "object", object);
    a->text(a->to, "file", file);
    a->count(a->to, "line", line);
    if (dir != NULL)
        a->text(a->to, "dir", dir);
    if (marked)
        a->flag(a->to, "marked", true);
}

void hg_object_attributes(const struct hg_attributes *a, const void *item)
{
    const struct hg_object *o = item;
    a->text(a->to, "name", o->name);
    if (o->soname != NULL)
        a->text(a->to, "soname", o->soname);
    if (o->build_id != NULL)
        a->text(a->to, "build-id", o->build_id);
}

void hg_mark_attributes(const struct hg_attributes *a, const void *item)
{
    const struct hg_mark *m = item;
    a->text(a->to, "pattern", m->pattern);
    a->count(a->to, "functions", m->functions);
    a->count(a->to, "entered", m->entered);
}

void hg_thread_attributes(const struct hg_attributes *a,
                          const struct hg_thread *t)
{
    a->count(a->to, "id", t->id);
    if (t->name != NULL)
        a->text(a->to, "name", t->name);
    if (t->parent != 0)
        a->count(a->to, "parent", t->parent);
    a->text(a->to, "status",
            t->status == HG_THREAD_RUNNING ? "running" : "exited");
    a->count(a->to, "Ir", t->ir);
}

void hg_mutex_attributes(const struct hg_attributes *a, const void *item)
{
    const struct hg_mutex *m = item;
    a->count(a->to, "id", m->id);
    if (m->name != NULL)
        a->text(a->to, "name", m->name);
    a->count(a->to, "acquisitions", m->acquisitions);
    a->count(a->to, "contended", m->contended);
}

void hg_event_attributes(const struct hg_attributes *a, const void *item)
{
    const struct hg_event *e = item;
    a->count(a->to, "Ir", e->ir);
    a->count(a->to, "thread", e->thread);
    a->text(a->to, "kind", hg_event_kind_name(e->kind));
    if (e->child != 0)
        a->count(a->to, "child", e->child);
    if (e->cond != 0)
        a->count(a->to, "cond", e->cond);
    if (e->mutex != 0)
        a->count(a->to, "mutex", e->mutex);
    if (e->kind == HG_EVENT_LOCK)
        a->flag(a->to, "waited", e->waited);
}

static void write_run(FILE *out, const struct hg_report *r)
{
    size_t i;

    fputs("  <run>\n    <tool name=\"hotgrind\"", out);
    hg_write_attr(out, "version", r->tool_version);
    fputs("/>\n    <valgrind", out);
    hg_write_attr(out, "version", r->valgrind_version);
    fputs("/>\n    <arch>", out);
    hg_print_xml_text(out, r->arch);
    fputs("</arch>\n", out);
    if (r->platform_hwcaps != NULL)
        write_empty_element(out, "    <platform", "hwcaps", r->platform_hwcaps,
                            NULL, NULL);
    if (r->libc_name != NULL && r->libc_version != NULL)
        write_empty_element(out, "    <libc", "name", r->libc_name, "version",
                            r->libc_version);
    fputs("    <command>\n      <exe>", out);
    hg_print_xml_text(out, r->exe);
    fputs("</exe>\n", out);
    for (i = 0; i < r->arg_count; i++) {
        fputs("      <arg>", out);
        hg_print_xml_text(out, r->args[i]);
        fputs("</arg>\n", out);
    }
    fputs("    </command>\n", out);
    if (r->option_count > 0)
        write_list(out, 4, "options", "option", r->options, r->option_count,
                   sizeof *r->options, option_attributes);
    if (r->has_environment) {
        fputs("    <environment", out);
        hg_write_count(out, "variables", r->environment_variables);
        hg_write_count(out, "bytes", r->environment_bytes);
        fputs(">\n", out);
        for (i = 0; i < r->environment_count; i++)
            write_element(out, "      <var", option_attributes,
                          &r->environment[i]);
        fputs("    </environment>\n", out);
    }
    if (r->launcher != NULL) {
        fputs("    <launcher", out);
        hg_write_attr(out, "name", r->launcher);
        fputs(r->setting_count == 0 ? "/>\n" : ">\n", out);
        for (i = 0; i < r->setting_count; i++)
            write_element(out, "      <setting", option_attributes,
                          &r->settings[i]);
        if (r->setting_count != 0)
            fputs("    </launcher>\n", out);
    }
    if (r->input_count > 0) {
        fputs("    <inputs>\n", out);
        for (i = 0; i < r->input_count; i++) {
            const struct hg_input *input = &r->inputs[i];
            fputs("      <input", out);
            hg_write_attr(out, "kind", hg_input_kind_name(input->kind));
            hg_write_attr(out, "source", input->source);
            hg_write_attr(out, "function", input->function);
            hg_write_attr(out, "object", input->object);
            hg_write_count(out, "calls", input->calls);
            if (input->has_bytes)
                hg_write_count(out, "bytes", input->bytes);
            hg_write_attr(out, "pinned", input->pinned ? "yes" : "no");
            fputs("/>\n", out);
        }
        fputs("    </inputs>\n", out);
    }
    hg_for_each_run_element(r, write_run_element, out);
    fprintf(out, "    <merge reports=\"%" PRIu64 "\"/>\n  </run>\n",
            r->merged_reports);
}

/* A context's costs: "<NAME Ir=... cache... heap.../>". */
void hg_write_costs(FILE *out, const char *start, uint64_t ir,
                    const struct hg_cache_costs *cache,
                    bool has_heap,
                    const struct hg_heap_traffic *heap)
{
    fputs(start, out);
    hg_write_count(out, "Ir", ir);
    hg_write_cache(out, cache);
    if (has_heap)
        hg_write_heap(out, heap);
    fputs("/>\n", out);
}

void hg_write_objects(FILE *out, const struct hg_report *r)
{
    if (r->object_count > 0)
        write_list(out, 2, "objects", "object", r->objects, r->object_count,
                   sizeof *r->objects, hg_object_attributes);
}

static void write_zones_and_marks(FILE *out, const struct hg_report *r)
{
    size_t i;
    if (r->zone_count > 0) {
        fputs("  <zones>\n", out);
        for (i = 0; i < r->zone_count; i++) {
            const struct hg_zone *z = &r->zones[i];
            fputs("    <zone", out);
            hg_write_attr(out, "name", z->name);
            hg_write_count(out, "calls", z->calls);
            fputs(">\n", out);
            hg_write_inclusive(out, z->inclusive_ir, &z->inclusive_cache,
                               r->has_heap, &z->inclusive_heap);
            fputs("    </zone>\n", out);
        }
        fputs("  </zones>\n", out);
    }
    if (r->mark_count > 0)
        write_list(out, 2, "marks", "mark", r->marks, r->mark_count,
                   sizeof *r->marks, hg_mark_attributes);
}

static void write_threads(FILE *out, const struct hg_report *r)
{
    struct hg_attributes xml = hg_xml_attributes(out);
    size_t i;
    if (!r->has_threads || r->thread_count == 0)
        return;
    fputs("  <threads>\n", out);
    for (i = 0; i < r->thread_count; i++) {
        fputs("    <thread", out);
        hg_thread_attributes(&xml, &r->threads[i]);
        if (r->has_heap)
            hg_write_heap(out, &r->threads[i].heap);
        fputs("/>\n", out);
    }
    fputs("  </threads>\n", out);
}

static void write_events(FILE *out, const struct hg_report *r)
{
    if (r->has_mutexes)
        write_list(out, 2, "mutexes", "mutex", r->mutexes, r->mutex_count,
                   sizeof *r->mutexes, hg_mutex_attributes);
    if (r->has_events)
        write_list(out, 2, "events", "event", r->events, r->event_count,
                   sizeof *r->events, hg_event_attributes);
}

void hg_write_report_start(FILE *out, const struct hg_report *r)
{
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          "<hotgrind format=\"1\">\n", out);
    write_run(out, r);
    fputs("  <totals", out);
    hg_write_count(out, "Ir", r->total_ir);
    hg_write_cache(out, &r->total_cache);
    hg_write_branch(out, &r->total_branch);
    if (r->has_heap) {
        fputs(">\n    <heap", out);
        hg_write_heap(out, &r->heap.traffic);
        hg_write_count(out, "peak-bytes", r->heap.peak_bytes);
        hg_write_count(out, "peak-blocks", r->heap.peak_blocks);
        hg_write_count(out, "exit-bytes", r->heap.exit_bytes);
        hg_write_count(out, "exit-blocks", r->heap.exit_blocks);
        fputs("/>\n  </totals>\n", out);
    } else {
        fputs("/>\n", out);
    }
}

void hg_write_report_end(FILE *out, const struct hg_report *r)
{
    write_zones_and_marks(out, r);
    write_threads(out, r);
    write_events(out, r);
    fputs("</hotgrind>\n", out);
}
