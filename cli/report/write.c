/* The one writer of the report format: <run>, <totals>, <objects>,
   <zones>, <marks>, <threads>, <mutexes> and <events> of a struct
   hg_report, and the pieces of an element that the writers of functions
   and contexts (merge) use, so that every report written has the bytes
   the tool writes.  GPL-2.0-or-later; part of hotgrind. */

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
    if (r->option_count > 0) {
        fputs("    <options>\n", out);
        for (i = 0; i < r->option_count; i++)
            write_empty_element(out, "      <option", "name",
                                r->options[i].name, "value",
                                r->options[i].value);
        fputs("    </options>\n", out);
    }
    if (r->has_environment) {
        fputs("    <environment", out);
        hg_write_count(out, "variables", r->environment_variables);
        hg_write_count(out, "bytes", r->environment_bytes);
        fputs(">\n", out);
        for (i = 0; i < r->environment_count; i++)
            write_empty_element(out, "      <var", "name",
                                r->environment[i].name, "value",
                                r->environment[i].value);
        fputs("    </environment>\n", out);
    }
    if (r->launcher != NULL) {
        fputs("    <launcher", out);
        hg_write_attr(out, "name", r->launcher);
        fputs(r->setting_count == 0 ? "/>\n" : ">\n", out);
        for (i = 0; i < r->setting_count; i++)
            write_empty_element(out, "      <setting", "name",
                                r->settings[i].name, "value",
                                r->settings[i].value);
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
    if (r->has_cost_model) {
        fputs("    <cost-model", out);
        hg_write_attr(out, "name", r->cost_model_name);
        hg_write_count(out, "version", r->cost_model_version);
        hg_write_count(out, "l1-miss", r->cost_l1_miss);
        hg_write_count(out, "ll-miss", r->cost_ll_miss);
        if (r->has_cost_mispredict)
            hg_write_count(out, "mispredict", r->cost_mispredict);
        fputs("/>\n", out);
    }
    if (r->has_cache_geometry) {
        fputs("    <cache", out);
        hg_write_attr(out, "I1", r->cache_i1);
        hg_write_attr(out, "D1", r->cache_d1);
        hg_write_attr(out, "LL", r->cache_ll);
        if (r->cache_source != NULL)
            hg_write_attr(out, "source", r->cache_source);
        fputs("/>\n", out);
    }
    if (r->exit.how != HG_ENDED_UNKNOWN) {
        static const char *const hows[] = { "", "status", "signal", "exec" };
        fprintf(out, "    <exit how=\"%s\"", hows[r->exit.how]);
        if (r->exit.how == HG_ENDED_BY_STATUS)
            fprintf(out, " status=\"%u\"", r->exit.status);
        if (r->exit.how == HG_ENDED_BY_SIGNAL && r->exit.signal != 0)
            fprintf(out, " signal=\"%u\"", r->exit.signal);
        fputs("/>\n", out);
    }
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
    size_t i;
    if (r->object_count == 0)
        return;
    fputs("  <objects>\n", out);
    for (i = 0; i < r->object_count; i++) {
        const struct hg_object *o = &r->objects[i];
        fputs("    <object", out);
        hg_write_attr(out, "name", o->name);
        if (o->soname != NULL)
            hg_write_attr(out, "soname", o->soname);
        if (o->build_id != NULL)
            hg_write_attr(out, "build-id", o->build_id);
        fputs("/>\n", out);
    }
    fputs("  </objects>\n", out);
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
    if (r->mark_count == 0)
        return;
    fputs("  <marks>\n", out);
    for (i = 0; i < r->mark_count; i++) {
        fputs("    <mark", out);
        hg_write_attr(out, "pattern", r->marks[i].pattern);
        hg_write_count(out, "functions", r->marks[i].functions);
        hg_write_count(out, "entered", r->marks[i].entered);
        fputs("/>\n", out);
    }
    fputs("  </marks>\n", out);
}

static void write_threads(FILE *out, const struct hg_report *r)
{
    size_t i;
    if (!r->has_threads || r->thread_count == 0)
        return;
    fputs("  <threads>\n", out);
    for (i = 0; i < r->thread_count; i++) {
        const struct hg_thread *t = &r->threads[i];
        fputs("    <thread", out);
        hg_write_count(out, "id", t->id);
        if (t->name != NULL)
            hg_write_attr(out, "name", t->name);
        if (t->parent != 0)
            hg_write_count(out, "parent", t->parent);
        hg_write_attr(out, "status",
                      t->status == HG_THREAD_RUNNING ? "running" : "exited");
        hg_write_count(out, "Ir", t->ir);
        if (r->has_heap)
            hg_write_heap(out, &t->heap);
        fputs("/>\n", out);
    }
    fputs("  </threads>\n", out);
}

static void write_events(FILE *out, const struct hg_report *r)
{
    size_t i;
    if (r->has_mutexes) {
        fputs("  <mutexes>\n", out);
        for (i = 0; i < r->mutex_count; i++) {
            const struct hg_mutex *m = &r->mutexes[i];
            fputs("    <mutex", out);
            hg_write_count(out, "id", m->id);
            if (m->name != NULL)
                hg_write_attr(out, "name", m->name);
            hg_write_count(out, "acquisitions", m->acquisitions);
            hg_write_count(out, "contended", m->contended);
            fputs("/>\n", out);
        }
        fputs("  </mutexes>\n", out);
    }
    if (!r->has_events)
        return;
    fputs("  <events>\n", out);
    for (i = 0; i < r->event_count; i++) {
        const struct hg_event *e = &r->events[i];
        fputs("    <event", out);
        hg_write_count(out, "Ir", e->ir);
        hg_write_count(out, "thread", e->thread);
        hg_write_attr(out, "kind", hg_event_kind_name(e->kind));
        if (e->child != 0)
            hg_write_count(out, "child", e->child);
        if (e->cond != 0)
            hg_write_count(out, "cond", e->cond);
        if (e->mutex != 0)
            hg_write_count(out, "mutex", e->mutex);
        if (e->kind == HG_EVENT_LOCK)
            hg_write_attr(out, "waited", e->waited ? "yes" : "no");
        fputs("/>\n", out);
    }
    fputs("  </events>\n", out);
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
