/* hotgrind: how two runs were measured differently, for hg_diff_reports
   (compare/diff.c).  GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_FINGERPRINTS_H
#define HOTGRIND_FINGERPRINTS_H

#include "compare/diff.h"
#include "report/report.h"

/* Adds to DIFF's differences each way the runs of BASE and HEAD were
   measured differently: Valgrind, platform, C library, environment,
   options, the launcher's settings, the cache model, marks. */
void hg_diff_compare_fingerprints(struct hg_diff *diff,
                                 const struct hg_report *base,
                                 const struct hg_report *head);

#endif
