/* hotgrind: loading a report for a command: its one problem line, the --allow-exit test (load.c).
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_REPORT_LOAD_H
#define HOTGRIND_REPORT_LOAD_H

#include <stdbool.h>
#include "report/report.h"

/* The report at PATH (hg_report_load), or NULL after its one line. */
struct hg_report *hg_load_report(const char *path);

/* Whether the report at PATH may be compared: true if its program ended
   in a way ALLOWED (or exited 0, or the report does not say); false after
   one line on stderr naming PATH, how its program ended and the
   --allow-exit word that would let it through.  (load.c) */
bool hg_exit_allowed(const char *path, const struct hg_report *report,
                     unsigned allowed);

#endif
