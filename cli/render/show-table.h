/* hotgrind show: what the parts of the `show` output share (render/show.c,
   show-header.c, show-graph.c): cells, widths and counting words.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_RENDER_SHOW_TABLE_H
#define HOTGRIND_RENDER_SHOW_TABLE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "render/text.h"
#include "report/report.h"

/* Past these widths a long (C++) name overflows its column rather than
   pushing every row to the right. */
enum { FUNCTION_COLUMN_MAX = 50, OBJECT_COLUMN_MAX = 30 };

/* The title of a share column, and its least width. */
#define PERCENT_TITLE "(%)"
enum { PERCENT_WIDTH = sizeof "(100.00%)" - 1 };

/* "" for 1, else "s". */
const char *hg_show_plural(uint64_t n);

/* How many cache columns the report's tables get. */
size_t hg_show_cache_columns(const struct hg_report *report);

/* "(12.34%)": PART of WHOLE, as in the functions table. */
void hg_show_set_share(struct hg_table *table, size_t row, size_t column,
                       uint64_t part, uint64_t whole);

/* "file.c:12", or "???" when the file is unknown. */
void hg_show_set_location(struct hg_table *table, size_t row, size_t column,
                          const struct hg_function *f);

/* COUNT, or LIMIT when that is less and not 0. */
size_t hg_show_within_limit(size_t count, size_t limit);

/* The header: command, run details, totals and "Functions: N ..." with
   SHOWN of them shown, within WIDTH columns (0: no limit). */
void hg_show_header(FILE *out, const struct hg_report *report, size_t shown,
                    size_t width);

#endif
