/* hotgrind: the names of the figures a report holds by attribute (cache
   and branch), and the room for a problem line: all that the rules
   (rules-check.h) need of the report format, apart from the reader's
   model in report.h, which includes this.  GPL-2.0-or-later; part of
   hotgrind. */

#ifndef HOTGRIND_RULES_FIGURES_H
#define HOTGRIND_RULES_FIGURES_H

/* Room for a one-line problem description ("line 12: ..."). */
#define HG_PROBLEM_SIZE 512

/* The cache figures of --cache-sim=yes, in the report's attribute order,
   and the estimated cycles of its cost model last. */
enum hg_cache_metric {
    HG_I1MR, HG_ILMR, HG_DR, HG_D1MR, HG_DLMR, HG_DW, HG_D1MW, HG_DLMW,
    HG_CYCLES, HG_CACHE_METRICS
};

/* The attribute names, "I1mr" ... "cycles". */
extern const char *const hg_cache_metric_names[HG_CACHE_METRICS];

/* The branch figures of --branch-sim=yes, in the report's attribute
   order: conditional branches and mispredictions, indirect ones and
   mispredictions. */
enum hg_branch_metric { HG_BC, HG_BCM, HG_BI, HG_BIM, HG_BRANCH_METRICS };

/* The attribute names, "Bc" ... "Bim". */
extern const char *const hg_branch_metric_names[HG_BRANCH_METRICS];

#endif
