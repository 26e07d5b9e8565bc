/* hotgrind: the sections of check's verdicts and their counts
   (verdict-sections.h).  GPL-2.0-or-later; part of hotgrind. */

#include "policy/verdict-sections.h"

enum hg_verdict_section hg_verdict_section(const struct hg_verdict *v)
{
    return v->kind == HG_VERDICT_MARK ? HG_SECTION_MARKS
           : v->budget != NULL ? HG_SECTION_BUDGETS : HG_SECTION_THRESHOLDS;
}

struct hg_verdict_counts hg_count_section(const struct hg_judgement *j,
                                          enum hg_verdict_section section)
{
    struct hg_verdict_counts c = { 0, 0, 0 };
    size_t i;
    for (i = 0; i < j->verdict_count; i++) {
        const struct hg_verdict *v = &j->verdicts[i];
        /* A regression its cause explains is in the cause's case. */
        if (hg_verdict_section(v) != section || v->cause != 0)
            continue;
        c.tests++;
        c.failures += v->status == HG_VERDICT_FAIL;
        c.skipped += v->status == HG_VERDICT_SKIP
                     || v->status == HG_VERDICT_NOTE;
    }
    return c;
}

struct hg_verdict_counts hg_count_judgement(const struct hg_judgement *j,
                                            struct hg_verdict_counts c)
{
    enum hg_verdict_section s;
    for (s = HG_SECTION_BUDGETS; s <= HG_SECTION_THRESHOLDS; s++) {
        struct hg_verdict_counts more = hg_count_section(j, s);
        c.tests += more.tests;
        c.failures += more.failures;
        c.skipped += more.skipped;
    }
    return c;
}
