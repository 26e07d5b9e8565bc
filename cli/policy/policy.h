/* hotgrind: policies for `hotgrind check`: the reader (policy.c) and the
   verdicts (policy-judge.c).  docs/policy.md describes the format.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_POLICY_H
#define HOTGRIND_POLICY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "compare/diff.h"
#include "report/metrics.h"
#include "report/report.h"

/* The only policy format this reader understands. */
#define HG_POLICY_FORMAT 1

/* Percentages are kept as whole ten-thousandths of a percent: 5% is
   50000, 0.1% is 1000. */
#define HG_PERCENT_UNIT 10000

/* The per-call mean ("mean"), a metric beside those of metrics.h: its
   values are in hundredths (103.56 is 10356).  Pass it only to the
   hg_policy_ functions, never to hg_metric_value. */
extern const struct hg_metric hg_policy_mean;

/* The metric called NAME, the mean included, or NULL. */
const struct hg_metric *hg_policy_metric_named(const char *name);

/* METRIC's value for ENTITY of REPORT, as hg_diff_metric_value with GRAPH
   (calls and incl- figures of every function of a call graph), or the
   mean in hundredths (saturated at UINT64_MAX past
   184,467,440,737,095,516). */
bool hg_policy_value(const struct hg_metric *metric,
                     const struct hg_report *report,
                     const struct hg_entity *entity, bool graph,
                     uint64_t *value);

/* True if GLOB (* any run of bytes, ? exactly one, nothing escaped)
   matches the whole of TEXT.  Linear in memory, at most
   strlen(GLOB) * strlen(TEXT) steps. */
bool hg_glob_match(const char *glob, const char *text);

/* The ':' that splits "OBJ:GLOB" as --mark does (one with no ':' on
   either side, so that C++'s "::" stays in the name), or NULL. */
const char *hg_pattern_object_separator(const char *pattern);

/* Whether GLOB matches OBJECT's file name or, when REPORT lists it in
   <objects>, its soname (libz.so.1): OBJ of an OBJ:GLOB pattern. */
bool hg_object_matches(const char *glob, const struct hg_report *report,
                       const char *object);

/* Whether F matches PATTERN: GLOB over its name, or OBJ:GLOB also over
   its object, as the patterns of policies and --mark (show --callers,
   annotate --function). */
bool hg_function_pattern_matches(const struct hg_report *report,
                                 const char *pattern,
                                 const struct hg_function *f);

enum hg_budget_target {
    HG_BUDGET_FUNCTION,   /* <function pattern="[OBJ:]GLOB"> */
    HG_BUDGET_ZONE,       /* <zone pattern="GLOB"> */
    HG_BUDGET_TOTAL,      /* <total>: the whole run */
    HG_BUDGET_EDGE,       /* <edge caller="[OBJ:]GLOB" callee="[OBJ:]GLOB">:
                             every caller -> callee edge of a call graph */
    HG_BUDGET_CONTEXT     /* <context stack="GLOB;GLOB;...">: the calling
                             contexts whose stack matches, summed */
};

/* The frame of a stack pattern that matches any number of frames, none
   included. */
#define HG_ANY_FRAMES "**"

/* Whether METRIC is a figure of a calling context: calls, a self figure
   (Ir, cache, heap) or an incl- figure. */
bool hg_context_metric(const struct hg_metric *metric);

/* Whether METRIC is a figure of a call-graph edge: calls, or an incl-
   figure (the costs inside the edge's calls). */
bool hg_edge_metric(const struct hg_metric *metric);

/* METRIC's value for the edge CALL of REPORT: its calls or an incl-
   figure; false when the report lacks the figure (cache, heap). */
bool hg_edge_value(const struct hg_metric *metric,
                   const struct hg_report *report, const struct hg_call *call,
                   uint64_t *value);

/* An absolute limit on the HEAD report. */
struct hg_budget {
    long line;                       /* of its element in the policy */
    enum hg_budget_target target;
    char *pattern;                   /* as written (an edge's caller);
                                        NULL for <total> */
    char *object;                    /* OBJ of OBJ:GLOB, a glob over the
                                        object's file name or soname, or
                                        NULL: any */
    char *glob;                      /* over the name; NULL for <total> */
    /* <edge>: the callee's pattern, as pattern, object and glob are the
       caller's; NULL for the other targets. */
    char *callee_pattern;
    char *callee_object;
    char *callee_glob;
    /* <context>: its stack (in pattern) split at ';', root first; each a
       glob over a frame's name, or HG_ANY_FRAMES. */
    char **frames;
    size_t frame_count;
    const struct hg_metric *metric;
    bool exact;                      /* exact="N": min = max = N */
    bool has_min, has_max;
    uint64_t min, max;               /* in the metric's unit */
    bool optional;                   /* matching nothing is no failure */
    char *benchmark;                 /* benchmark="GLOB": judged only in
                                        a check of suite runs, on the
                                        benchmarks it matches; NULL:
                                        every report */
};

/* How a change of one metric between BASE and HEAD is judged.  Every
   metric has one, resolved from its <metric> element, <thresholds> and
   the built-in defaults. */
struct hg_threshold {
    const struct hg_metric *metric;
    long line;             /* <metric>, else <thresholds>; 0: built in */
    bool listed;           /* named by a <metric> element */
    bool judged;
    uint64_t regression;   /* an increase of more than this (in
                              HG_PERCENT_UNIT) is a regression */
    bool reports_improvement;
    uint64_t improvement;  /* a decrease of more than this is reported */
    uint64_t floor;        /* share of the total (HG_PERCENT_UNIT) ... */
    uint64_t floor_count;  /* ... and value under which a row is noise */
};

/* The built-in defaults, for a policy without <thresholds> attributes. */
#define HG_DEFAULT_REGRESSION (5 * HG_PERCENT_UNIT)
#define HG_DEFAULT_IMPROVEMENT (5 * HG_PERCENT_UNIT)
#define HG_DEFAULT_FLOOR (HG_PERCENT_UNIT / 10)

/* A <mark> of the policy's <marks>: what it says of the report's
   <mark>s whose pattern GLOB matches. */
struct hg_policy_mark {
    long line;
    char *glob;                      /* over the report's pattern text */
    bool optional;                   /* never entered is no failure */
};

/* A <benchmark pattern="GLOB"> of <thresholds>: how the change of the
   benchmarks GLOB matches (in a check of suite runs) is judged. */
struct hg_threshold_scope {
    long line;
    char *glob;                      /* over the benchmark's name */
    struct hg_threshold *thresholds; /* as hg_policy's, resolved */
};

/* An <ignore pattern="[OBJ:]GLOB" reason="..."> of <thresholds>: the
   thresholds do not judge the functions it matches (their rows, and the
   edges into and out of them); check prints each change it leaves
   unjudged, with the reason, instead of a verdict. */
struct hg_ignore {
    long line;
    char *pattern;                   /* as written */
    char *object;                    /* OBJ of OBJ:GLOB, or NULL: any */
    char *glob;                      /* over the function's name */
    char *reason;
};

struct hg_policy {
    struct hg_budget *budgets;       /* in file order */
    size_t budget_count;
    struct hg_policy_mark *marks;    /* in file order */
    size_t mark_count;
    bool has_thresholds;             /* a <thresholds> element */
    bool added_is_regression;        /* added="regression" */
    bool judges_edges;               /* edges="yes" (the default): the
                                        thresholds of calls and incl-
                                        figures judge call-graph edges */
    bool groups;                     /* group="yes" (the default): a
                                        regression of an incl- figure
                                        that one function's own change
                                        explains is folded into that
                                        function's verdict
                                        (hg_group_causes) */
    struct hg_ignore *ignores;       /* in file order */
    size_t ignore_count;
    bool removed_is_note;            /* <suite removed="note">: a
                                        benchmark only in BASE does not
                                        fail a check of suite runs */
    struct hg_threshold *thresholds; /* one per metric: hg_metrics()
                                        order, then the mean */
    size_t threshold_count;
    struct hg_threshold_scope *threshold_scopes;   /* in file order; the
                                                      first that matches
                                                      decides */
    size_t threshold_scope_count;
};

/* Reads and validates the policy at PATH (the schema built in from
   docs/policy.xsd, then the rules it cannot express).  On failure returns
   NULL and writes one line, "line N: why" where the line is known,
   without the file name, into PROBLEM.  Nothing is fetched, no entity
   expanded, a DOCTYPE refused. */
struct hg_policy *hg_policy_load(const char *path, char *problem,
                                 size_t problem_size);

void hg_policy_free(struct hg_policy *policy);

/* ---------------------------------------------------------- verdicts */

enum hg_verdict_status {
    HG_VERDICT_PASS,       /* a budget kept */
    HG_VERDICT_FAIL,       /* a budget broken, or a regression */
    HG_VERDICT_SKIP,       /* an optional budget that matched nothing;
                              a change of a row an <ignore> leaves out */
    HG_VERDICT_BETTER,     /* an improvement */
    HG_VERDICT_NOTE,       /* a row only in one report, not judged */
    HG_VERDICT_WITHIN      /* a change inside its thresholds: kept for
                              the JSON and JUnit outputs, which list every
                              judged row; text and markdown count it */
};

enum hg_verdict_kind {
    HG_VERDICT_VALUE,      /* budget: one row's value against the limits */
    HG_VERDICT_UNMATCHED,  /* budget: the pattern matched no row */
    HG_VERDICT_NO_VALUE,   /* budget: rows matched, none has the metric */
    HG_VERDICT_NO_FIGURE,  /* budget: the report lacks the figure (no
                              cache simulation, heap=no), whatever the
                              budget's target */
    HG_VERDICT_NO_GRAPH,   /* budget on edges: the report has no call
                              graph (--call-graph=yes) */
    HG_VERDICT_NO_CONTEXTS, /* budget on contexts: the report has none */
    HG_VERDICT_CHANGE,     /* threshold: base -> head */
    HG_VERDICT_ADDED,      /* threshold: a value only in HEAD */
    HG_VERDICT_REMOVED,    /* threshold: a value only in BASE */
    HG_VERDICT_MARK        /* a <mark> of HEAD: entered, or never */
};

struct hg_verdict {
    enum hg_verdict_status status;
    enum hg_verdict_kind kind;
    const struct hg_budget *budget;        /* budget verdicts, else NULL */
    const struct hg_threshold *threshold;  /* threshold verdicts */
    const struct hg_mark *mark;            /* MARK: the report's mark */
    const struct hg_policy_mark *policy_mark; /* MARK: the <mark> that
                                                 matched it, or NULL */
    char *label;          /* "parse (bench)", "zone startup", "(total)",
                             "main (bench) -> parse (bench)" for an edge;
                             NULL when a budget judged nothing */
    char *caller, *callee; /* an edge's two functions as labels; NULL for
                              other rows */
    size_t order;         /* when it was judged: the last tie-break */
    uint64_t base;        /* CHANGE, REMOVED */
    uint64_t head;        /* VALUE, CHANGE, ADDED */
    size_t matched;       /* NO_VALUE: how many rows matched; a context
                             budget's VALUE: how many contexts it summed */
    /* Threshold verdicts: the function of the row (a function's row, an
       edge's callee) in BASE and in HEAD; NULL where it is not, and for
       zones and the totals. */
    const struct hg_function *function[2];
    const struct hg_ignore *ignore;   /* SKIP: the <ignore> that left
                                         the row out */
    /* A regression another verdict explains (hg_group_causes): 1 + the
       index of that verdict, its cause, in the judgement; 0 for none. */
    size_t cause;
    /* A cause: how many regressions it explains (0: it is no cause), how
       many of them are functions' rows and how many edges, their
       smallest and largest increase, and the threshold that judged them
       (all of one metric, incl- of the cause's). */
    size_t explains, explained_functions, explained_edges;
    uint64_t explained_low, explained_high;
    const struct hg_threshold *explained_threshold;
};

/* A metric whose thresholds could not be applied, and why. */
struct hg_unjudged {
    const struct hg_threshold *threshold;
    const char *missing_in;          /* "base" or "head" */
};

struct hg_judgement {
    bool has_base;
    /* Every budget verdict in policy order (rows in report order), then
       the threshold verdicts: regressions, improvements, notes, then the
       changes within, each by metric and largest change; then one verdict
       per <mark> of HEAD, in report order. */
    struct hg_verdict *verdicts;
    size_t verdict_count;
    size_t budgets_passed, budgets_failed, budgets_skipped;
    /* HEAD's <mark>s: entered, never entered (a failure), never entered
       but optional. */
    size_t marks_entered, marks_dead, marks_optional;
    size_t regressions, improvements, notes;
    size_t ignored;       /* changes an <ignore> left out (SKIP) */
    size_t explained;     /* regressions with a cause; among regressions */
    size_t causes;        /* verdicts that explain any */
    size_t within;        /* changes inside the thresholds */
    size_t under_floor;   /* changes not judged: noise */
    size_t unchanged;     /* rows with no figure changed */
    /* BASE and HEAD of different architectures: thresholds on metrics
       that depend on it (Ir, cache, per-call) are not applied. */
    bool cross_arch;
    struct hg_unjudged *unjudged;    /* metric by metric */
    size_t unjudged_count;
    /* "base" or "head": the report without a call graph when only one
       has one, so edges were not judged; NULL otherwise. */
    const char *edges_missing_in;
    /* How the runs were measured differently, as `hotgrind diff` says. */
    struct hg_diff_difference *differences;
    size_t difference_count;
};

/* Applies POLICY: its budgets to HEAD, and with a BASE (or NULL) its
   thresholds to the change.  The budgets scoped to benchmarks
   (benchmark="GLOB") are left out. */
struct hg_judgement *hg_policy_judge(const struct hg_policy *policy,
                                     const struct hg_report *base,
                                     const struct hg_report *head);

/* hg_policy_judge for the benchmark NAME of suite runs: the budgets
   scoped to benchmarks are applied when their GLOB matches NAME, and the
   thresholds are those of the first <benchmark> of <thresholds> whose
   GLOB matches NAME, if any. */
struct hg_judgement *hg_policy_judge_benchmark(const struct hg_policy *policy,
                                               const char *name,
                                               const struct hg_report *base,
                                               const struct hg_report *head);

/* The rule of a verdict: the policy line of its budget, threshold or
   <mark>; 0 for a built-in default. */
long hg_verdict_line(const struct hg_verdict *verdict);

/* The metric a verdict judges; NULL for a mark. */
const struct hg_metric *hg_verdict_metric(const struct hg_verdict *verdict);

/* Room for the texts below. */
enum { HG_VERDICT_TEXT_SIZE = 64 };

/* A percentage of the policy (HG_PERCENT_UNIT) with two to four
   decimals, "5.00", "0.005", or with DECIMALS more when that is larger;
   no sign, no '%'. */
const char *hg_policy_percent_text(uint64_t units, int decimals,
                                   char text[HG_VERDICT_TEXT_SIZE]);

/* The change of a CHANGE verdict in percent of the base, rounded half up,
   without sign or '%': as many decimals as its threshold is printed with
   (two to four), or as many more as it takes to read differently from
   the threshold (a change of +10.00013% against 10% prints "10.0001",
   never "10.00"), so that no verdict shows a change equal to its
   threshold on the wrong side of it.  Exactly the threshold prints as
   the threshold.  "0.00" when the base is 0. */
const char *hg_verdict_percent(const struct hg_verdict *verdict,
                               char text[HG_VERDICT_TEXT_SIZE]);

/* The threshold a CHANGE verdict was judged against (regression for an
   increase, improvement for a decrease), in HG_PERCENT_UNIT. */
uint64_t hg_verdict_threshold(const struct hg_verdict *verdict);

/* Finds the cause of each regression of an incl- figure from the
   verdicts J->verdicts[FIRST..] (threshold verdicts of BASE and HEAD):
   the regression of a function's own figure that explains it
   (docs/policy.md, "One regression, one verdict", defines explains),
   and sets the verdicts' cause and the causes' explains.  HEAD's call
   graph says which functions are below which. */
void hg_group_causes(struct hg_judgement *j, size_t first,
                     const struct hg_report *base,
                     const struct hg_report *head);

/* The first <ignore> of POLICY that matches F of REPORT, or NULL. */
const struct hg_ignore *hg_policy_ignores(const struct hg_policy *policy,
                                          const struct hg_report *report,
                                          const struct hg_function *f);

/* A broken budget or a regression: `check` exits with HG_EXIT_JUDGED. */
bool hg_judgement_failed(const struct hg_judgement *judgement);

void hg_judgement_free(struct hg_judgement *judgement);

#endif
