/* hotgrind: the three kinds of verdicts of check (budgets, marks,
   thresholds) and how many of each passed, failed or were skipped.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_VERDICT_SECTIONS_H
#define HOTGRIND_VERDICT_SECTIONS_H

#include <stddef.h>

#include "policy/policy.h"

/* The three kinds of verdicts, each printed in a section of its own. */
enum hg_verdict_section {
    HG_SECTION_BUDGETS, HG_SECTION_MARKS, HG_SECTION_THRESHOLDS
};

enum hg_verdict_section hg_verdict_section(const struct hg_verdict *v);

/* Verdicts counted as JUnit counts its test cases: all, failed, skipped
   (a skipped budget or mark, a note, or a change ignored); a regression
   its cause explains is no case of its own. */
struct hg_verdict_counts {
    size_t tests, failures, skipped;
};

/* The verdicts of SECTION of J. */
struct hg_verdict_counts hg_count_section(const struct hg_judgement *j,
                                          enum hg_verdict_section section);

/* C with the verdicts of every section of J added. */
struct hg_verdict_counts hg_count_judgement(const struct hg_judgement *j,
                                            struct hg_verdict_counts c);

#endif
