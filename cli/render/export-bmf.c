/* hotgrind export --format=bmf: Bencher Metric Format, the totals, every
   marked function and every zone as benchmarks (docs/export.md).
   GPL-2.0-or-later; part of hotgrind. */

#include <stdlib.h>
#include <string.h>

#include "render/export.h"
#include "render/json.h"
#include "report/metrics.h"
#include "report/report.h"
#include "util/xalloc.h"

/* Bencher's measure for each metric of metrics.h; a metric missing here
   (added later) is exported under its own name.  min and max are not
   measures of their own: they bound "instructions-per-call", whose value
   is the mean.  Inclusive metrics ("incl-Ir") take the measure of the
   metric they include ("instructions"). */
static const struct {
    const char *metric;
    const char *measure;
} bmf_measures[] = {
    { "Ir", "instructions" },
    { "I1mr", "i1-read-misses" },
    { "ILmr", "ll-instruction-read-misses" },
    { "Dr", "data-reads" },
    { "D1mr", "d1-read-misses" },
    { "DLmr", "ll-data-read-misses" },
    { "Dw", "data-writes" },
    { "D1mw", "d1-write-misses" },
    { "DLmw", "ll-data-write-misses" },
    { "cycles", "estimated-cycles" },
    { "Bc", "conditional-branches" },
    { "Bcm", "conditional-branch-mispredictions" },
    { "Bi", "indirect-branches" },
    { "Bim", "indirect-branch-mispredictions" },
    { "allocs", "allocations" },
    { "alloc-bytes", "allocated-bytes" },
    { "frees", "frees" },
    { "free-bytes", "freed-bytes" },
    { "calls", "calls" },
    { "p50", "instructions-per-call-p50" },
    { "p95", "instructions-per-call-p95" },
    { "p99", "instructions-per-call-p99" },
    { "peak-bytes", "heap-peak-bytes" },
    { "peak-blocks", "heap-peak-blocks" },
    { "exit-bytes", "heap-exit-bytes" },
    { "exit-blocks", "heap-exit-blocks" },
};

static const char *bmf_measure(const char *metric)
{
    size_t i;
    if (strncmp(metric, "incl-", 5) == 0)
        metric += 5;
    for (i = 0; i < sizeof bmf_measures / sizeof bmf_measures[0]; i++)
        if (strcmp(bmf_measures[i].metric, metric) == 0)
            return bmf_measures[i].measure;
    return metric;
}

/* "PROGRAM ARG...: " before every benchmark name: the program without its
   directory (under `hotgrind run`, the launcher's `program` setting, not
   the fixed /proc/self/fd/3), then its arguments.  Caller frees. */
static char *bmf_prefix(const struct hg_report *r)
{
    const char *exe = hg_report_program(r);
    const char *slash = strrchr(exe, '/');
    const char *program = slash && slash[1] ? slash + 1 : exe;
    size_t n, i;
    char *prefix;

    if (program[0] == '\0')
        program = "program";
    n = strlen(program) + 3;
    for (i = 0; i < r->arg_count; i++)
        n += strlen(r->args[i]) + 1;
    prefix = hg_xmalloc(n);
    strcpy(prefix, program);
    for (i = 0; i < r->arg_count; i++) {
        strcat(prefix, " ");
        strcat(prefix, r->args[i]);
    }
    strcat(prefix, ": ");
    return prefix;
}

/* Marked functions sorted by name and object, to find those whose labels
   "NAME (OBJECT)" would be one benchmark name. */
static int compare_labels(const void *a, const void *b)
{
    const struct hg_function *f = *(const struct hg_function *const *)a;
    const struct hg_function *g = *(const struct hg_function *const *)b;
    int c = strcmp(f->name, g->name);
    return c != 0 ? c : strcmp(f->object, g->object);
}

/* Per function of R: true when another marked function has its name and
   object. */
static bool *bmf_shared_labels(const struct hg_report *r)
{
    size_t n = r->function_count, marked = 0, i;
    bool *shared = hg_xcalloc(n, sizeof *shared);
    const struct hg_function **sorted = hg_xmalloc(n * sizeof *sorted);

    for (i = 0; i < n; i++)
        if (r->functions[i].marked)
            sorted[marked++] = &r->functions[i];
    qsort(sorted, marked, sizeof *sorted, compare_labels);
    for (i = 1; i < marked; i++)
        if (compare_labels(&sorted[i - 1], &sorted[i]) == 0)
            shared[sorted[i - 1] - r->functions] =
                shared[sorted[i] - r->functions] = true;
    free(sorted);
    return shared;
}

static void bmf_value(struct hg_json *w, const char *measure,
                      uint64_t value)
{
    hg_json_open(w, measure, '{', false);
    hg_json_count(w, "value", value);
    hg_json_close(w);
}

/* "instructions-per-call": the mean, between the cheapest and the most
   expensive call. */
static void bmf_per_call(struct hg_json *w, const struct hg_per_call *pc)
{
    char mean[HG_MEAN_TEXT_SIZE];
    hg_json_open(w, "instructions-per-call", '{', false);
    hg_json_key(w, "value");
    fputs(hg_export_mean_text(pc, mean), w->out);
    hg_json_count(w, "lower_value", pc->min);
    hg_json_count(w, "upper_value", pc->max);
    hg_json_close(w);
}

/* One benchmark: ENTITY's metrics of the scopes it has.  SHARED: its
   label is another marked function's too, so the file is added. */
static void bmf_benchmark(struct hg_json *w, const struct hg_report *r,
                          const char *prefix, const struct hg_entity *entity,
                          bool shared)
{
    const struct hg_per_call *pc = NULL;
    size_t n, i;
    const struct hg_metric *metrics = hg_metrics(&n);
    char *label = hg_entity_label(entity);
    char *name;
    bool totals = entity->function == NULL && entity->zone == NULL;

    if (shared)   /* "NAME (OBJECT)" -> "NAME (OBJECT, FILE)" */
        name = hg_xasprintf("%s%.*s, %s)", prefix, (int)strlen(label) - 1,
                            label, entity->function->file);
    else
        name = hg_xasprintf("%s%s", prefix, label);
    free(label);

    if (entity->function != NULL && entity->function->has_per_call)
        pc = &entity->function->per_call;
    else if (entity->zone != NULL && entity->zone->has_per_call)
        pc = &entity->zone->per_call;
    hg_json_open(w, name, '{', false);
    free(name);
    for (i = 0; i < n; i++) {
        const struct hg_metric *m = &metrics[i];
        uint64_t value;
        bool ours = totals ? m->scope != HG_SCOPE_MARKED
                           : m->scope == HG_SCOPE_MARKED;
        if (!ours)
            continue;
        if (strcmp(m->name, "min") == 0 && pc != NULL)
            bmf_per_call(w, pc);
        if (strcmp(m->name, "min") == 0 || strcmp(m->name, "max") == 0)
            continue;
        if (hg_metric_value(m, r, entity, &value))
            bmf_value(w, bmf_measure(m->name), value);
    }
    hg_json_close(w);
}

void hg_export_bmf(FILE *out, const struct hg_report *r)
{
    struct hg_json w = { .out = out };
    struct hg_entity entity = { NULL, NULL };
    char *prefix = bmf_prefix(r);
    bool *shared = bmf_shared_labels(r);
    size_t i;

    hg_json_open(&w, NULL, '{', false);
    bmf_benchmark(&w, r, prefix, &entity, false);
    for (i = 0; i < r->function_count; i++) {
        entity.function = &r->functions[i];
        if (entity.function->marked)
            bmf_benchmark(&w, r, prefix, &entity, shared[i]);
    }
    entity.function = NULL;
    for (i = 0; i < r->zone_count; i++) {
        entity.zone = &r->zones[i];
        bmf_benchmark(&w, r, prefix, &entity, false);
    }
    free(prefix);
    free(shared);
    hg_json_close(&w);
}
