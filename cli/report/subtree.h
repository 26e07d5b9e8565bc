/* hotgrind: the calling contexts below some functions only, merged by
   path (show --tree --root, export --format=folded|svg --root).
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_REPORT_SUBTREE_H
#define HOTGRIND_REPORT_SUBTREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report/report.h"

/* The subtrees of a report's contexts rooted at the outermost contexts
   of some functions (the roots), as a report of their own: VIEW is a
   shallow copy of the report whose contexts are those subtrees, merged
   by path below each root function (two roots of one function, under
   different callers, become one context; so do their children of one
   function, and so on down), with nothing outside them (outside 0).  A
   context of a root function inside another root's subtree is not a
   root: it stays where it is in that subtree, so recursion is counted
   once.  VIEW's contexts are in pre-order (each subtree's contexts
   follow its root, as the report's do), each root before the next in
   the order their first context has in the report.  Everything else of
   VIEW (functions, totals, options) is the report's, not owned: VIEW is
   never given to hg_report_free. */
struct hg_subtree {
    struct hg_report view;
    size_t *sources;             /* per view context: how many of the
                                    report's contexts were merged in it */
    size_t root_count;           /* view contexts with no parent */
    size_t root_contexts;        /* report contexts that are roots */
    uint64_t inclusive_ir;       /* the roots' summed inclusive Ir */
};

/* Whether F matches PATTERN (policy/policy.h's
   hg_function_pattern_matches, given by the caller). */
typedef bool hg_subtree_match(const struct hg_report *report,
                              const char *pattern,
                              const struct hg_function *f);

/* S from REPORT's contexts, rooted at the outermost contexts of every
   function that MATCHES PATTERN.  False, with one line in PROBLEM, when
   the report has no contexts, no function matches or none of those has
   a context: S's view then has no contexts (a side of a differential
   graph with nothing under the roots), and S is freed all the same. */
bool hg_subtree_build(struct hg_subtree *s, const struct hg_report *report,
                      const char *pattern, hg_subtree_match *matches,
                      char *problem, size_t problem_size);
void hg_subtree_free(struct hg_subtree *s);

#endif
