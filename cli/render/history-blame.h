/* hotgrind: the output of `hotgrind history blame` (history-blame.c):
   text or JSON of what history/blame.c found.  Renderers write to the
   stream they are given and open no file.  GPL-2.0-or-later; part of
   hotgrind. */

#ifndef HOTGRIND_RENDER_HISTORY_BLAME_H
#define HOTGRIND_RENDER_HISTORY_BLAME_H

#include <stdio.h>

#include "history/blame.h"

/* Each series: a heading (benchmark, arch, branch, function, metric, how
   many changes in how many runs), a line per change, newest first
   (commit, time, before -> after, the change), each followed, when both
   runs have a call graph, by the parts of the function's incl-Ir (incl-Ir,
   self, no-symbol, each callee edge that moved, with its calls); then
   the run the series starts at. */
void hg_render_history_blame_text(FILE *out,
                                  const struct hg_history_blame *blame);

/* {"series": [{"benchmark", "arch", "branch", "name", "object", "file",
   "metric", "runs", "first": {"commit", "time", "value"}, "changes":
   [{"commit", "time", "base-commit", "before", "after", "delta",
   "change", "explained-by": null or {"adds-up", "incl-Ir", "self",
   "no-symbol" (each {"before", "after", "delta", "change"}), "callees":
   [{"name", "object", "file", "status", "calls": {...}, "before",
   "after", "delta", "change"}]}}]}]}. */
void hg_render_history_blame_json(FILE *out,
                                  const struct hg_history_blame *blame);

#endif
