/* hotgrind: the `show` table.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_RENDER_SHOW_H
#define HOTGRIND_RENDER_SHOW_H

#include <stddef.h>
#include <stdio.h>
#include "report/report.h"

/* The `show` output: header, then the top LIMIT functions (0 = all) by
   self Ir, then every marked function and zone by inclusive Ir; then, for
   what the report has, the heap totals and the top LIMIT functions by
   bytes allocated, every thread, the top LIMIT mutexes by contention and
   the events by kind; last the mark patterns that measured nothing. */
void hg_show_table(FILE *out, const struct hg_report *report, size_t limit);

/* hg_show_table within WIDTH display columns (0: no limit, the same as
   hg_show_table): `hotgrind show --width`. */
void hg_show_table_within(FILE *out, const struct hg_report *report,
                          size_t limit, size_t width);

#endif
