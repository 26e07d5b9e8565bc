/* hotgrind export: the writers of each format `hotgrind export` has
   (docs/export.md).  Each writes a whole report to OUT; the output
   depends only on the report.  GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_RENDER_EXPORT_H
#define HOTGRIND_RENDER_EXPORT_H

#include <stdint.h>
#include <stdio.h>

#include "report/contexts.h"
#include "report/report.h"

/* Callgrind's out format (export-callgrind.c). */
void hg_export_callgrind(FILE *out, const struct hg_report *report);

/* Cachegrind's out format (export-cachegrind.c). */
void hg_export_cachegrind(FILE *out, const struct hg_report *report);

/* The whole report as JSON (export-json.c). */
void hg_export_json(FILE *out, const struct hg_report *report);

/* Bencher Metric Format (export-bmf.c). */
void hg_export_bmf(FILE *out, const struct hg_report *report);

/* TEXT as a frame of a folded stack: control characters and ';' (which
   would split it in two) as '?'. */
void hg_folded_frame(FILE *out, const char *text);

/* Folded stacks from REPORT's contexts: "[outside] N" when not 0, then one
   line per context whose self METRIC is not 0, in the report's order:
   "main;parse;lex 1234" ("[truncated];FUNCTION..." under a truncated
   root). */
void hg_write_folded_contexts(FILE *out, const struct hg_report *report,
                              const struct hg_flame_metric *metric);

/* Folded stacks of METRIC (export-folded.c). */
void hg_export_folded(FILE *out, const struct hg_report *report,
                      const struct hg_flame_metric *metric);

/* The bytes hg_export_folded would write, counted without writing them,
   in time proportional to the report (not to the output, which grows
   with the sum of the contexts' depths). */
uint64_t hg_folded_bytes(const struct hg_report *report,
                         const struct hg_flame_metric *metric);

/* A <per-call> mean as the report writes it: "103.56" (JSON and BMF
   write it as a number with its two decimals exact). */
enum { HG_MEAN_TEXT_SIZE = 32 };
const char *hg_export_mean_text(const struct hg_per_call *pc,
                                char text[HG_MEAN_TEXT_SIZE]);

#endif
