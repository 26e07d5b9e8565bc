/* hotgrind: the outputs of check (docs/policy.md, docs/ci.md): one
   renderer per format, each writing a judgement of one report (or of the
   change between two) or of suite runs.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_CHECK_RENDER_H
#define HOTGRIND_CHECK_RENDER_H

#include <stdbool.h>
#include <stdio.h>

#include "policy/policy.h"
#include "report/report.h"
#include "suite/suite-judge.h"
#include "util/number.h"

/* How check_put() writes text from the reports and the policy: for
   markdown as a code span (hg_markdown_code); otherwise control
   characters as '?', and for JUnit XML's characters escaped and each
   byte that starts no UTF-8 character as U+FFFD. */
enum check_escape { CHECK_ESCAPE_TEXT, CHECK_ESCAPE_MARKDOWN,
                    CHECK_ESCAPE_XML };

struct check_renderer;
struct check_links;

struct check_out {
    FILE *file;
    const struct check_renderer *renderer;
    const char *policy_path;
    bool in_suite;        /* a benchmark's section of a suite's output:
                             no title, no policy line of its own */
    /* --history-url (markdown): the history site's base URL, NULL
       without.  The markdown judgement of two reports links each row of
       a function of the base to its page, through LINKS, which it makes
       (NULL elsewhere: a suite's sections have no links yet). */
    const char *history_url;
    const struct check_links *links;
};

/* What was judged: the judgement of HEAD (and BASE, or NULL). */
struct check_subject {
    const struct hg_judgement *j;
    const char *base_path;
    const struct hg_report *base;
    const char *head_path;
    const struct hg_report *head;
    const char *benchmark;    /* a suite's benchmark, whose name history
                                 files its runs under; NULL: two reports */
};

/* The text and markdown outputs lay out the same sections the same
   way (check-human.c); these are the pieces in which they differ. */
struct check_layout {
    /* The title: markdown's heading with the result, and the suite. */
    void (*title)(const struct check_out *out, bool failed,
                  const char *suite);
    /* Around the file of ROLE ("policy", "base", "head"), FIRST of the
       sources listed, LAST ("head") of them. */
    void (*source_open)(const struct check_out *out, const char *role,
                        bool first);
    void (*source_close)(const struct check_out *out, bool last);
    const char *heading_open, *heading_close;
    /* Before the verdicts of each section (enum hg_verdict_section); NULL
       for none. */
    const char *table_heads[3];
    void (*verdict)(const struct check_out *out, const struct hg_verdict *v);
    /* After a cause's verdict: the one line of those it explains. */
    void (*fold)(const struct check_out *out, const struct hg_verdict *cause);
    const char *remark_format;        /* "%s: ", the kind of remark */
    const char *result_format;        /* "Result: %s ", PASS or FAIL */
    /* A suite's list of benchmarks: what comes before it, a row each,
       then each judged benchmark's section between open and close. */
    void (*bench_list)(const struct check_out *out,
                       const struct hg_suite_check *s);
    void (*bench_row)(const struct check_out *out,
                      const struct hg_bench_check *b, const char *state);
    void (*bench_open)(const struct check_out *out,
                       const struct hg_bench_check *b);
    const char *bench_close;
};

struct check_renderer {
    const char *name;                 /* as --format names it */
    enum check_escape escape;
    void (*judgement)(const struct check_out *out,
                      const struct check_subject *c);
    /* False, after one line on stderr, when a benchmark's report cannot
       be read again. */
    bool (*suite)(const struct check_out *out,
                  const struct hg_suite_check *s);
    const struct check_layout *layout;  /* text and markdown */
};

extern const struct check_renderer check_text_renderer,
                                   check_markdown_renderer,
                                   check_json_renderer,
                                   check_junit_renderer;

/* The renderer --format=NAME names; NULL for none. */
const struct check_renderer *check_renderer_named(const char *name);

/* Writes S with OUT's renderer into a buffer, then, when every
   benchmark's reports could be read again, to OUT's file: never part of
   an output. */
bool check_write_suite(const struct check_out *out,
                       const struct hg_suite_check *s);

/* ---- pieces the renderers share (check-verdict.c) ---- */

/* TEXT as it may appear in OUT's format. */
void check_put(const struct check_out *out, const char *text);

/* Room for a value (a count or a mean) and for a cell built of values. */
enum { CHECK_VALUE_SIZE = HG_MEAN_TEXT_SIZE, CHECK_CELL_SIZE = 128 };

const char *check_value_text(const struct hg_metric *metric, uint64_t value,
                             char text[CHECK_VALUE_SIZE]);
const char *check_limit_text(const struct hg_budget *b,
                             char text[CHECK_CELL_SIZE]);
const char *check_status_word(enum hg_verdict_status status);
void check_put_rule(const struct check_out *out, const struct hg_verdict *v);
void check_put_line(const struct check_out *out, long line);
char *check_budget_patterns(const struct hg_budget *b);
void check_put_row(const struct check_out *out, const struct hg_verdict *v);
/* A budget's verdict: the value judged, or what the budget found when
   it judged none, then BETWEEN and the limit. */
void check_put_budget_verdict(const struct check_out *out,
                              const struct hg_verdict *v, const char *between);
const char *check_change_text(const struct hg_verdict *v,
                              char text[CHECK_CELL_SIZE]);
const char *check_crossed_text(const struct hg_verdict *v,
                               char text[CHECK_CELL_SIZE]);
void check_print_verdict_subject(const struct check_out *out,
                                 const struct hg_verdict *v);
void check_print_verdict_body(const struct check_out *out,
                              const struct hg_verdict *v);
char *check_verdict_message(const struct check_out *out,
                            const struct hg_verdict *v);
/* What a cause (a verdict whose explains is not 0) explains, by how
   much: "each +168,000,000", or "+5 to +9". */
const char *check_explained_text(const struct hg_verdict *cause,
                                 char text[CHECK_CELL_SIZE]);
/* Which: "14 rows up the chain (5 functions, 9 edges)". */
void check_put_explained_rows(const struct check_out *out,
                              const struct hg_verdict *cause);
/* The whole line after the status word: the rule, the metric, those
   two, the cause's row. */
void check_print_fold_body(const struct check_out *out,
                           const struct hg_verdict *cause);

/* The text and markdown judgement and suite (check-human.c). */
void check_print_judgement(const struct check_out *out,
                           const struct check_subject *c);
bool check_print_suite(const struct check_out *out,
                       const struct hg_suite_check *s);

#endif
