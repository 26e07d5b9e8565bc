/* hotgrind: the `show` table (render/show.c) and its call graph views
   (render/show-graph.c).
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_RENDER_SHOW_H
#define HOTGRIND_RENDER_SHOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "report/report.h"
#include "report/subtree.h"

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

/* `show --callers PATTERN` (CALLERS true) or `--callees PATTERN`: for
   every function PATTERN matches, its own line, then its top LIMIT
   callers or callees; false (after one line on stderr naming PATH) when
   PATTERN matches none (show-graph.c). */
bool hg_show_neighbours(FILE *out, const char *path,
                        const struct hg_report *report, const char *pattern,
                        bool callers, size_t limit, size_t width);

/* `show --tree` of a report without contexts: the tree built from the
   call edges, DEPTH_MAX levels under each root (show-graph.c). */
void hg_show_tree(FILE *out, const struct hg_report *report, size_t depth_max,
                  size_t limit, size_t width);

/* `show --tree` of a report with calling contexts (show-graph.c). */
void hg_show_context_tree(FILE *out, const struct hg_report *report,
                          size_t depth_max, size_t limit, size_t width);

/* `show --tree --root PATTERN`: a line per root function of SUBTREE (its
   inclusive Ir, share of the run and how many contexts were merged in
   it), then SUBTREE's contexts as the tree (show-graph.c). */
void hg_show_root_tree(FILE *out, const struct hg_report *report,
                       const struct hg_subtree *subtree, const char *pattern,
                       size_t depth_max, size_t limit, size_t width);

#endif
