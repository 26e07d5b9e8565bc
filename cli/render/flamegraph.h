/* hotgrind: flame graphs of a report's calling contexts, as folded stacks
   and as self-contained SVG (export, diff).  GPL-2.0-or-later; part of
   hotgrind. */

#ifndef HOTGRIND_FLAMEGRAPH_H
#define HOTGRIND_FLAMEGRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "report/metrics.h"
#include "report/report.h"

/* A figure every context has: Ir, a cache figure or cycles
   (--cache-sim=yes), or a heap figure (--heap=yes). */
struct hg_flame_metric {
    const char *name;            /* "Ir", "D1mr", "cycles", "allocs"... */
    enum hg_context_figure source;
    int index;                   /* as hg_metric_context_figure's */
};

/* The metric of metrics.c called NAME that contexts have, whether or not
   a report has it; false if there is none of that name. */
bool hg_flame_metric_named(const char *name, struct hg_flame_metric *metric);

/* Whether REPORT's contexts (or, without contexts, its functions' self
   rows) have METRIC's figures; if not, PROBLEM says why in one line. */
bool hg_flame_metric_in(const struct hg_report *report,
                        const struct hg_flame_metric *metric, char *problem,
                        size_t problem_size);

/* FUNCTION's own figure of METRIC (its <self>, or its <heap>: 0 without
   one). */
uint64_t hg_flame_function_self(const struct hg_flame_metric *metric,
                                const struct hg_function *function);

/* Each function's frame name (docs/export.md, "Folded stacks"): its name,
   or "NAME [OBJECT]" when another function of that name is in another
   object, and always for "???".  An array of report->function_count
   strings, freed with hg_frame_names_free. */
char **hg_frame_names(const struct hg_report *report);
void hg_frame_names_free(char **names, size_t count);

/* TEXT as a frame of a folded stack: control characters and ';' (which
   would split it in two) as '?'. */
void hg_folded_frame(FILE *out, const char *text);

/* Folded stacks from REPORT's contexts: "[outside] N" when not 0, then one
   line per context whose self METRIC is not 0, in the report's order:
   "main;parse;lex 1234" ("[truncated];FUNCTION..." under a truncated
   root). */
void hg_write_folded_contexts(FILE *out, const struct hg_report *report,
                              const struct hg_flame_metric *metric);

/* What an SVG flame graph is drawn with. */
struct hg_flame_style {
    const char *title;           /* NULL: "Flame graph: PROGRAM" */
    unsigned width;              /* in pixels, the whole image */
};
/* Reads --metric (NULL: Ir), --title and --width of COMMAND into METRIC
   and STYLE; returns -1 when they are fine, else the exit status after a
   usage error (USAGE on stderr). */
int hg_flame_options(const char *command, const char *usage,
                     const char *metric_text, const char *title,
                     const char *width_text, struct hg_flame_metric *metric,
                     struct hg_flame_style *style);

/* `hotgrind diff --format=svg`: the differential graph of REPORTS (base,
   head, read from PATHS) to OUT_PATH (stdout when NULL); the exit status,
   after one line on stderr when a report has no contexts or no such
   figures, or the output cannot be written. */
int hg_flame_diff_command(const char *const paths[2],
                          const struct hg_report *const reports[2],
                          const struct hg_flame_metric *metric,
                          const struct hg_flame_style *style,
                          const char *out_path);

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
