/* hotgrind: the output of `hotgrind history show` (history-show.c), text
   or JSON, and the pieces history-blame.c shares with it: a figure in
   two runs and a name from the database written safely.  Renderers write
   to the stream they are given and open no file.  GPL-2.0-or-later; part
   of hotgrind. */

#ifndef HOTGRIND_RENDER_HISTORY_SHOW_H
#define HOTGRIND_RENDER_HISTORY_SHOW_H

#include <stdio.h>

#include "history/show.h"
#include "render/json.h"

/* The commit (sha, branch, time, parents), then for each run: a heading
   (benchmark, arch, status, exit), its program and versions, settings
   and totals, the base run's commit, and a line per figure that changed
   there: what it is, the metric, before -> after, the change. */
void hg_render_history_show_text(FILE *out,
                                 const struct hg_history_show *show);

/* {"commit", "branch", "time", "parents", "runs": [{"benchmark", "arch",
   "branch", "status", "exit", "program", "platform", "valgrind",
   "tool", "call-graph", "settings": [...], "totals": {METRIC: n},
   "base-commit", "changes": [{"kind", "name", "object", "file",
   "callee" (edges: {"name", "object", "file"}), "metric", "before",
   "after", "delta", "change"}]}]}. */
void hg_render_history_show_json(FILE *out,
                                 const struct hg_history_show *show);

/* Member KEY: TEXT as a JSON string, each byte that does not start valid
   UTF-8 as '?' (the database may have been written by anything). */
void hg_render_history_json_text(struct hg_json *w, const char *key,
                                 const char *text);

/* Members "before" and "after" (counts, null where absent), "delta"
   (after - before, a missing side 0, signed) and "change" (as
   hg_render_history_change). */
void hg_render_history_json_pair(struct hg_json *w,
                                 const struct hg_history_pair *pair);

/* The change of PAIR for people, into TEXT: "+300 (+29.41%)", "-5
   (-0.50%)", "+7" from 0, "new", "gone", "=". */
enum { HG_HISTORY_CHANGE_SIZE = 80 };
const char *hg_render_history_change(const struct hg_history_pair *pair,
                                     char text[HG_HISTORY_CHANGE_SIZE]);

/* "BENCHMARK on ARCH, branch BRANCH: " ("(none)" for no branch). */
void hg_render_history_heading(FILE *out, const char *benchmark,
                               const char *arch, const char *branch);

/* "NAME (OBJECT, FILE)", without ", FILE" when it is "". */
void hg_render_history_function(FILE *out, const char *name,
                                const char *object, const char *file);

/* "NAME (OBJECT, FILE)" as hg_render_history_function, or "(total)",
   "zone NAME", "mark NAME" by KIND (entities.kind); " inlined" after an
   inlined row. */
void hg_render_history_entity(FILE *out, const char *kind,
                              const char *name, const char *object,
                              const char *file);

/* "BEFORE -> AFTER", "absent" for a missing side. */
void hg_render_history_pair_text(FILE *out,
                                 const struct hg_history_pair *pair);

#endif
