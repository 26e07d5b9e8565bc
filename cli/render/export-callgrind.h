/* hotgrind export: what the Callgrind and Cachegrind writers share (the
   events of their files, the cost-line writer, the cmd: and desc: lines).
   For render/export-callgrind.c and render/export-cachegrind.c only.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_RENDER_EXPORT_CALLGRIND_H
#define HOTGRIND_RENDER_EXPORT_CALLGRIND_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "report/metrics.h"
#include "report/report.h"

/* Where an event's figure is in a report's cost. */
enum cg_source { CG_IR, CG_CACHE, CG_BRANCH, CG_HEAP };

/* An event a Callgrind file can carry: the report's metric of a
   function's own cost, Callgrind's event name (letters and digits only,
   as the format wants), a long name, and where the figure is (INDEX into
   the cache, branch or heap figures). */
struct cg_event {
    const char *metric;
    const char *event;
    const char *long_name;
    enum cg_source source;
    int index;
};

/* Every event, in the files' column order (export-callgrind.c). */
enum { CG_EVENTS = 18 };
extern const struct cg_event cg_events[CG_EVENTS];

struct cg_writer {
    FILE *out;
    const struct hg_report *report;
    const struct hg_metric *self[CG_EVENTS];   /* NULL: not in the file */
    const struct hg_metric *inclusive[CG_EVENTS];
    uint64_t sum[CG_EVENTS];      /* of the self cost lines */
    bool sum_fits;
    unsigned next_fn_id;
    bool lines;                   /* the report has per-line costs */
};

/* W, to write R to OUT in the events of cg_events the report has, of
   those WANTED takes (NULL: all). */
void cg_writer_init(struct cg_writer *w, FILE *out, const struct hg_report *r,
                    bool (*wanted)(int e));

/* A cost line: LINE, then VALUES (per cg_events) of the events in the
   file; added to the totals of self cost lines when ADD_TO_SUM. */
void cg_value_line(struct cg_writer *w, unsigned line, const uint64_t *values,
                   bool add_to_sum);

/* Per cg_events: function F's self cost; LINE's cost; what of F's self
   cost none of its lines carries (whether any of W's events is not 0). */
void cg_self_values(const struct hg_function *f, uint64_t *values);
void cg_line_values(const struct hg_line *line, uint64_t *values);
bool cg_unlined_values(const struct cg_writer *w, const struct hg_function *f,
                       uint64_t *rest);

/* The fl= name of a source FILE with DIR (NULL: none).  Caller frees. */
char *cg_file_name(const char *file, const char *dir);

/* "cmd: PROGRAM ARG..." and the desc: lines of the simulated caches. */
void cg_command(FILE *out, const struct hg_report *r);
void cg_cache_geometry(FILE *out, const struct hg_report *r);

#endif
