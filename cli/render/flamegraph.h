/* hotgrind: flame graphs of a report's calling contexts as
   self-contained SVG (export, diff).  GPL-2.0-or-later; part of
   hotgrind. */

#ifndef HOTGRIND_FLAMEGRAPH_H
#define HOTGRIND_FLAMEGRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The frame tree, the metric and the frame names are report/contexts.h's
   (a library part); included here for the users of this header that
   include it for them (policy/policy-judge.c should include
   report/contexts.h instead). */
#include "report/contexts.h"
#include "report/report.h"

/* What an SVG flame graph is drawn with. */
struct hg_flame_style {
    const char *title;           /* NULL: "Flame graph: PROGRAM" */
    unsigned width;              /* in pixels, the whole image */
    /* --root: the pattern the graph's report (a subtree's view) is
       rooted at, and the whole run's figure in the metric, for the
       subtitle; NULL and 0 for a graph of the whole run. */
    const char *root;
    uint64_t run_total;
};
/* Reads --metric (NULL: Ir), --title and --width into METRIC and STYLE;
   NULL when they are fine, else what is wrong with them (to be freed),
   which the command reports as a usage error. */
char *hg_flame_settings(const char *metric_text, const char *title,
                        const char *width_text, struct hg_flame_metric *metric,
                        struct hg_flame_style *style);

#define HG_FLAME_DEFAULT_WIDTH 1200
#define HG_FLAME_MIN_WIDTH 200
#define HG_FLAME_MAX_WIDTH 100000

/* A self-contained SVG flame graph of REPORT's contexts (which it must
   have) in METRIC. */
void hg_write_flame_svg(FILE *out, const struct hg_report *report,
                        const struct hg_flame_metric *metric,
                        const struct hg_flame_style *style);

/* A differential one: HEAD's frames, coloured by the change of their self
   METRIC from BASE (red grew, blue shrank); BASE's frames HEAD lacks in a
   note.  Both must have contexts. */
void hg_write_flame_diff_svg(FILE *out, const struct hg_report *base,
                             const struct hg_report *head,
                             const struct hg_flame_metric *metric,
                             const struct hg_flame_style *style);

#endif
