/* hotgrind annotate's output (annotate.c).
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_RENDER_ANNOTATE_H
#define HOTGRIND_RENDER_ANNOTATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct hg_function;
struct hg_report;

/* Where to look for source files (before the debug info's directory and
   the current one) and how many lines to show around a counted one. */
struct hg_annotate_view {
    const char *const *source_dirs;
    size_t source_dir_count;
    size_t context;
};

/* The header of REPORT (read from PATH), then CHOSEN[0 .. SHOWN) line by
   line in cg_annotate's layout; N functions with lines were chosen,
   FILTERED when --function chose them. */
void hg_render_annotate(FILE *out, const char *path,
                        const struct hg_report *report,
                        const struct hg_function *const *chosen,
                        size_t shown, size_t n, bool filtered,
                        const struct hg_annotate_view *view);

#endif
