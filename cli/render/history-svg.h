/* hotgrind: the charts of `history html` (history-svg.c): inline SVG of
   series of the site along its axis of commits.  Renderers write to the
   stream they are given and open no file.  GPL-2.0-or-later; part of
   hotgrind. */

#ifndef HOTGRIND_RENDER_HISTORY_SVG_H
#define HOTGRIND_RENDER_HISTORY_SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "history/site.h"

struct hg_history_chart {
    const size_t *series;    /* in site->series, a line each */
    size_t count;
    unsigned width, height;
    bool small;              /* a trend line: no axes, points not links */
    const char *root;        /* the way from the page to the site's
                                folder: "" or "../" */
};

/* One <svg>: each series a step line (its value holds until the commit
   that changed it) in its architecture's colour, broken where the
   figure is absent, and a point (<circle class="point">, the commit and
   value in data-commit and data-value, a <title> saying commit, value,
   delta and, for a total, the functions that moved there) at its first
   and last value and at every commit where it changed, linked to that
   commit's page. */
void hg_history_svg_chart(FILE *out, const struct hg_history_site *site,
                          const struct hg_history_chart *chart);

/* The colour of the architecture of index ARCH in its benchmark. */
const char *hg_history_arch_colour(size_t arch);

/* "+N", "-N", "new", "gone" or "=" for P's change from its older point,
   and "+P.PP%" when there is one, into the buffers (empty when none). */
#define HG_HISTORY_CHANGE_SIZE 48
void hg_history_change_text(const struct hg_history_point *p,
                            char delta[HG_HISTORY_CHANGE_SIZE],
                            char percent[HG_HISTORY_CHANGE_SIZE]);

#endif
