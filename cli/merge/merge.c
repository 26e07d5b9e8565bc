/* The merge of reports: reads the inputs (their functions, calls and
   contexts summed as they are read), checks them alike, and builds the
   merged <run>, totals, <inputs> and lists.  Merged reports say so
   (<run><merge reports="N"/>); what cannot be summed exactly (<per-call>)
   is left out, and peaks are summed and said to be.
   GPL-2.0-or-later; part of hotgrind. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "merge/merge.h"
#include "merge/sums.h"
#include "report/load.h"
#include "report/report.h"
#include "util/messages.h"
#include "util/xalloc.h"


/* Loads IN's report, its functions summed into FUNCTIONS as they are
   read; false with PROBLEM ("line 3: ...") when it cannot.  Merge sums
   only what it understands, so it wants a report that this release could
   have written (the schema and its rules, as `validate` checks them):
   hg_report_load_each checks both. */
static bool load_strictly(struct merge_input *in,
                          struct merged_functions *functions,
                          char *problem, size_t size)
{
    in->report = hg_report_load_each(in->path, merge_sum_function, functions,
                                     problem, size);
    return in->report != NULL;
}

/* The run of the merged report: the first report's, but for what differs
   between the runs (arguments, environment), which is left out, and the
   host, which describes one process. */
static void merge_run(struct hg_report *out, const struct merge_input *in,
                      size_t inputs)
{
    const struct hg_report *first = in[0].report;
    bool same_args = true, same_environment = first->has_environment;
    size_t i, j;

    *out = *first;
    out->has_host = false;
    out->merged_reports = 0;
    for (i = 0; i < inputs; i++) {
        const struct hg_report *r = in[i].report;
        out->merged_reports += r->merged_reports ? r->merged_reports : 1;
        same_args = same_args && r->arg_count == first->arg_count;
        for (j = 0; same_args && j < r->arg_count; j++)
            same_args = strcmp(r->args[j], first->args[j]) == 0;
        same_environment = same_environment && r->has_environment
            && r->environment_variables == first->environment_variables
            && r->environment_bytes == first->environment_bytes;
        /* The geometry is the same (checked); where it came from may not
           be. */
        if (!merge_same_text(r->cache_source, first->cache_source))
            out->cache_source = NULL;
    }
    if (!same_args)
        out->arg_count = 0;
    out->has_environment = same_environment;
    out->total_ir = 0;
    memset(&out->total_cache, 0, sizeof out->total_cache);
    memset(&out->total_branch, 0, sizeof out->total_branch);
    memset(&out->heap, 0, sizeof out->heap);
    out->function_count = out->zone_count = 0;
    out->thread_count = out->mutex_count = out->event_count = 0;
    /* The merged lists are new; the rest is borrowed from the inputs. */
    out->marks = NULL;
    out->objects = NULL;
    out->object_count = 0;
    out->inputs = NULL;
    out->input_count = 0;
    out->functions = NULL;
    out->zones = NULL;
    out->threads = NULL;
    out->mutexes = NULL;
    out->events = NULL;
}

static void merge_totals(struct hg_report *out, const struct merge_input *in,
                         size_t inputs, struct merge_sums *s)
{
    size_t i, j;
    for (i = 0; i < inputs; i++) {
        const struct hg_report *r = in[i].report;
        add(s, &out->total_ir, r->total_ir);
        add_cache(s, &out->total_cache, &r->total_cache);
        add_branch(s, &out->total_branch, &r->total_branch);
        add_heap(s, &out->heap.traffic, &r->heap.traffic);
        add(s, &out->heap.peak_bytes, r->heap.peak_bytes);
        add(s, &out->heap.peak_blocks, r->heap.peak_blocks);
        add(s, &out->heap.exit_bytes, r->heap.exit_bytes);
        add(s, &out->heap.exit_blocks, r->heap.exit_blocks);
    }
    /* The same patterns everywhere (checked): each keeps its largest
       counts, which some run reached. */
    for (i = 1; i < inputs; i++)
        for (j = 0; j < out->mark_count; j++) {
            const struct hg_mark *m = &in[i].report->marks[j];
            if (m->functions > out->marks[j].functions)
                out->marks[j].functions = m->functions;
            if (m->entered > out->marks[j].entered)
                out->marks[j].entered = m->entered;
        }
}

/* An <input> of one report, and which report. */
struct input_row {
    const struct hg_input *row;
    size_t report;
};

/* The report's order of <inputs>: kind, source, object, function; then
   the reports in the order given. */
static int compare_input_rows(const void *a, const void *b)
{
    const struct input_row *p = a, *q = b;
    int order = (p->row->kind > q->row->kind) - (p->row->kind < q->row->kind);
    if (order == 0)
        order = strcmp(p->row->source, q->row->source);
    if (order == 0)
        order = strcmp(p->row->object, q->row->object);
    if (order == 0)
        order = strcmp(p->row->function, q->row->function);
    if (order == 0)
        order = (p->report > q->report) - (p->report < q->report);
    return order;
}

/* <inputs>: the union of the reports' rows, the calls and bytes of a
   row in several reports summed.  False with PROBLEM when a row is
   pinned in one report and not in another: the runs did not read it
   alike. */
static bool merge_inputs(struct hg_report *out, const struct merge_input *in,
                         size_t inputs, struct merge_sums *s, char *problem,
                         size_t size)
{
    struct input_row *rows;
    size_t count = 0, i, j;
    bool ok = true;

    out->inputs = NULL;
    out->input_count = 0;
    for (i = 0; i < inputs; i++)
        count += in[i].report->input_count;
    if (count == 0)
        return true;
    rows = hg_xcalloc(count, sizeof *rows);
    for (i = 0, count = 0; i < inputs; i++)
        for (j = 0; j < in[i].report->input_count; j++)
            rows[count++] = (struct input_row){ &in[i].report->inputs[j], i };
    qsort(rows, count, sizeof *rows, compare_input_rows);
    out->inputs = hg_xcalloc(count, sizeof *out->inputs);
    for (i = 0; i < count && ok; i++) {
        struct hg_input *sum = &out->inputs[out->input_count];
        const struct hg_input *row = rows[i].row;
        if (out->input_count > 0 && hg_same_input(&sum[-1], row)) {
            sum--;
            if (sum->pinned != row->pinned) {
                char source[64], function[64], object[64];
                size_t first = rows[i - 1].report;
                hg_quote_for_message(source, sizeof source, row->source);
                hg_quote_for_message(function, sizeof function,
                                     row->function);
                hg_quote_for_message(object, sizeof object, row->object);
                size_t yes = row->pinned ? rows[i].report : first;
                size_t no = row->pinned ? first : rows[i].report;
                snprintf(problem, size, "%s cannot be merged with %s: the "
                         "%s input through '%s' from '%s' (%s) is pinned "
                         "in %s, not in %s", in[rows[i].report].path,
                         in[first].path, hg_input_kind_name(row->kind),
                         source, function, object, in[yes].path,
                         in[no].path);
                ok = false;
            }
            add(s, &sum->calls, row->calls);
            add(s, &sum->bytes, row->bytes);
            sum->has_bytes = sum->has_bytes || row->has_bytes;
            continue;
        }
        *sum = *row;           /* strings borrowed from the input */
        sum->bytes = row->has_bytes ? row->bytes : 0;
        out->input_count++;
    }
    free(rows);
    return ok;
}

/* Builds the merged report into OUT, whose strings belong to the inputs,
   but for the functions (summed as the inputs were read, in FUNCTIONS and
   S).  False with PROBLEM set when the sums do not fit or a function is
   marked in one report only, or inlined in one and not in another. */
static bool merge(struct hg_report *out, const struct merge_input *in,
                  size_t inputs, struct merge_sums *s,
                  struct merged_functions *functions, char *problem,
                  size_t size)
{
    size_t i;

    merge_run(out, in, inputs);
    out->has_call_graph = in[0].report->has_call_graph;
    out->marks = hg_xcalloc(out->mark_count, sizeof *out->marks);
    memcpy(out->marks, in[0].report->marks,
           out->mark_count * sizeof *out->marks);
    merge_totals(out, in, inputs, s);
    if (functions->mismatch) {
        snprintf(problem, size, "%s", functions->mismatch_problem);
        return false;
    }
    if (merge_kinds_disagree(functions, problem, size))
        return false;
    if (!merge_objects(out, in, inputs, problem, size))
        return false;
    if (!merge_inputs(out, in, inputs, s, problem, size))
        return false;
    merge_zones(out, in, inputs, s);
    merge_lay_end_to_end(out, in, inputs, s);
    for (i = 0; i < functions->count; i++)
        merge_sum_lines_up(s, &functions->all[i]);
    if (s->overflow) {
        snprintf(problem, size, "the sums of %s ... %s do not fit in 64 "
                 "bits (or the renumbered ids in 32)", in[0].path,
                 in[inputs - 1].path);
        return false;
    }
    return true;
}

static void free_merged(struct hg_report *out)
{
    hg_free_each(out->inputs, out->objects, out->marks, out->zones,
                 out->threads, out->mutexes, out->events);
}

void merge_init(struct merge *m, char **paths, size_t count)
{
    size_t i;
    memset(m, 0, sizeof *m);
    m->inputs = count;
    m->in = hg_xcalloc(count, sizeof *m->in);
    for (i = 0; i < count; i++)
        m->in[i].path = paths[i];
    m->functions.sums = &m->sums;
    m->functions.inputs = m->in;
}

bool merge_read(struct merge *m, const char **culprit, char *problem,
                size_t size)
{
    struct merge_input *in = m->in;
    size_t i;

    for (i = 0; i < m->inputs; i++) {
        m->functions.input = i;
        if (!load_strictly(&in[i], &m->functions, problem, size)) {
            *culprit = in[i].path;
            return false;
        }
        merge_sum_contexts(&m->functions, in[i].report);
        /* Summed: the input's contexts need not stay in memory. */
        free(in[i].report->contexts);
        in[i].report->contexts = NULL;
        in[i].report->context_count = 0;
        merge_sum_pending_calls(&m->functions);
        merge_note_beside_real(&m->functions);
    }
    for (i = 1; i < m->inputs; i++) {
        char diff[HG_PROBLEM_SIZE / 2];
        if (merge_incompatible(diff, sizeof diff, in[0].report,
                               in[i].report)) {
            snprintf(problem, size, "cannot be merged with %s: %s",
                     in[0].path, diff);
            *culprit = in[i].path;
            return false;
        }
    }
    return true;
}

bool merge_sum(struct merge *m, char *problem, size_t size)
{
    return merge(&m->report, m->in, m->inputs, &m->sums, &m->functions,
                 problem, size);
}

void merge_free(struct merge *m)
{
    size_t i;
    free_merged(&m->report);
    merge_free_functions(&m->functions);
    for (i = 0; i < m->inputs; i++)
        hg_report_free(m->in[i].report);
    free(m->in);
}
