/* The one writer of the report format (docs/report-format.md): a report's
   parts as the tool writes them, byte for byte.  GPL-2.0-or-later; part
   of hotgrind. */

#ifndef HG_REPORT_WRITE_H
#define HG_REPORT_WRITE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "report/report.h"

/* The pieces of an element: ' NAME="VALUE"' (VALUE escaped), ' NAME="N"',
   the cache and branch counts present, the heap traffic. */
void hg_write_attr(FILE *out, const char *name, const char *value);
void hg_write_count(FILE *out, const char *name, uint64_t value);
void hg_write_cache(FILE *out, const struct hg_cache_costs *cache);
void hg_write_branch(FILE *out, const struct hg_branch_costs *branch);
void hg_write_heap(FILE *out, const struct hg_heap_traffic *heap);

/* "      <inclusive Ir=... cache... heap.../>" (heap only if HAS_HEAP). */
void hg_write_inclusive(FILE *out, uint64_t ir,
                        const struct hg_cache_costs *cache, bool has_heap,
                        const struct hg_heap_traffic *heap);

/* "START Ir=... cache... heap.../>": a context's costs. */
void hg_write_costs(FILE *out, const char *start, uint64_t ir,
                    const struct hg_cache_costs *cache, bool has_heap,
                    const struct hg_heap_traffic *heap);

/* A report is written in this order: hg_write_report_start (the XML
   declaration, <hotgrind>, <run> and <totals>), the <functions>,
   hg_write_objects, the <contexts>, then hg_write_report_end (<zones>,
   <marks>, <threads>, <mutexes>, <events> and </hotgrind>).  The
   functions and contexts are the caller's: merge writes its own sums. */
void hg_write_report_start(FILE *out, const struct hg_report *r);
void hg_write_objects(FILE *out, const struct hg_report *r);
void hg_write_report_end(FILE *out, const struct hg_report *r);

#endif
