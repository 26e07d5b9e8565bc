/* The threads, mutexes and events of merge: those of each report after
   those of the one before, renumbered.
   GPL-2.0-or-later; part of hotgrind. */

#include <limits.h>
#include "merge/merge.h"
#include "merge/sums.h"
#include "util/xalloc.h"

/* The largest id of each list of report R, for renumbering. */
struct id_spans {
    unsigned threads, mutexes, conds;
    uint64_t ir;         /* the total, or the last event's Ir if later */
};

static struct id_spans spans_of(const struct hg_report *r)
{
    struct id_spans span = { 0, 0, 0, r->total_ir };
    size_t i;
    for (i = 0; i < r->thread_count; i++)
        if (r->threads[i].id > span.threads)
            span.threads = r->threads[i].id;
    for (i = 0; i < r->mutex_count; i++)
        if (r->mutexes[i].id > span.mutexes)
            span.mutexes = r->mutexes[i].id;
    for (i = 0; i < r->event_count; i++) {
        if (r->events[i].cond > span.conds)
            span.conds = r->events[i].cond;
        if (r->events[i].ir > span.ir)
            span.ir = r->events[i].ir;
    }
    return span;
}

/* ID + OFFSET, or 0 for "none"; false when it no longer fits. */
static bool shift_id(unsigned *id, unsigned offset)
{
    if (*id == 0)
        return true;
    if (*id > UINT_MAX - offset)
        return false;
    *id += offset;
    return true;
}

/* Threads, mutexes and events of each report after those of the report
   before it: ids shifted by the largest ids before, event Ir by the Ir
   before. */
void merge_lay_end_to_end(struct hg_report *out, const struct merge_input *in,
                          size_t inputs, struct merge_sums *s)
{
    struct id_spans offset = { 0, 0, 0, 0 };
    size_t threads = 0, mutexes = 0, events = 0, i, j;
    bool fits = true;

    for (i = 0; i < inputs; i++) {
        threads += in[i].report->thread_count;
        mutexes += in[i].report->mutex_count;
        events += in[i].report->event_count;
    }
    out->threads = hg_xcalloc(threads, sizeof *out->threads);
    out->mutexes = hg_xcalloc(mutexes, sizeof *out->mutexes);
    out->events = hg_xcalloc(events, sizeof *out->events);
    for (i = 0; i < inputs; i++) {
        const struct hg_report *r = in[i].report;
        struct id_spans span = spans_of(r);
        for (j = 0; j < r->thread_count; j++) {
            struct hg_thread *t = &out->threads[out->thread_count++];
            *t = r->threads[j];
            fits = fits && shift_id(&t->id, offset.threads)
                   && shift_id(&t->parent, offset.threads);
        }
        for (j = 0; j < r->mutex_count; j++) {
            struct hg_mutex *m = &out->mutexes[out->mutex_count++];
            *m = r->mutexes[j];
            fits = fits && shift_id(&m->id, offset.mutexes);
        }
        for (j = 0; j < r->event_count; j++) {
            struct hg_event *e = &out->events[out->event_count++];
            *e = r->events[j];
            e->ir = 0;
            add(s, &e->ir, offset.ir);
            add(s, &e->ir, r->events[j].ir);
            fits = fits && shift_id(&e->thread, offset.threads)
                   && shift_id(&e->child, offset.threads)
                   && shift_id(&e->mutex, offset.mutexes)
                   && shift_id(&e->cond, offset.conds);
        }
        fits = fits && shift_id(&span.threads, offset.threads)
               && shift_id(&span.mutexes, offset.mutexes)
               && shift_id(&span.conds, offset.conds);
        offset.threads = span.threads ? span.threads : offset.threads;
        offset.mutexes = span.mutexes ? span.mutexes : offset.mutexes;
        offset.conds = span.conds ? span.conds : offset.conds;
        add(s, &offset.ir, span.ir);
    }
    if (!fits)
        s->overflow = true;
    out->has_threads = in[0].report->has_threads;
    out->has_events = in[0].report->has_events;
    out->has_mutexes = out->has_events && out->mutex_count > 0;
}
