/* hotgrind: the output of `hotgrind history log` (history-log.c): text,
   JSON or CSV of the series history/log.c found.  Renderers write to the
   stream they are given and open no file.  GPL-2.0-or-later; part of
   hotgrind. */

#ifndef HOTGRIND_RENDER_HISTORY_LOG_H
#define HOTGRIND_RENDER_HISTORY_LOG_H

#include <stdio.h>

#include "history/history.h"

/* Each series: a heading line, then a line per point, newest first: '*'
   where the value changed, the commit, its time ("-" when not recorded),
   the value (or the run's status, or "absent"), and the change from the
   older point. */
void hg_render_history_log_text(FILE *out, const struct hg_history_log *log);

/* {"series": [{benchmark, arch, branch, kind, name, object, file, metric,
   points: [{commit, time, status, value, changed, delta}]}]}; values and
   deltas as JSON numbers, null where there is none. */
void hg_render_history_log_json(FILE *out, const struct hg_history_log *log);

/* One header line, then a row per point of every series (RFC 4180). */
void hg_render_history_log_csv(FILE *out, const struct hg_history_log *log);

#endif
