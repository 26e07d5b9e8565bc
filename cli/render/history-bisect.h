/* hotgrind: the output of `hotgrind history bisect` (history-bisect.c):
   the plan, a line per step as it is taken, then the commit found.
   Renderers write to the stream they are given and open no file.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_RENDER_HISTORY_BISECT_H
#define HOTGRIND_RENDER_HISTORY_BISECT_H

#include <stdio.h>

#include "history/bisect.h"

/* What is bisected: the function and metric, benchmark, architecture
   and branch; GOOD's and BAD's commits and figures; how many commits lie
   between, and at most how many steps it takes. */
void hg_render_history_bisect_plan(FILE *out,
                                   const struct hg_bisect_plan *plan);

/* "step N: COMMIT (P of COUNT), built|recorded, VALUE, good|bad, L
   left". */
void hg_render_history_bisect_step(FILE *out,
                                   const struct hg_bisect_plan *plan,
                                   const struct hg_bisect_step *step);

/* The first commit where the figure differs from GOOD's, the commit
   before it, the figures before and after and the change; the steps and
   builds it took. */
void hg_render_history_bisect_found(FILE *out,
                                    const struct hg_bisect_result *result);

#endif
