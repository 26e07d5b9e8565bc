/* hotgrind: two reports compared row by row and metric by metric, for
   `hotgrind diff`.  GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_DIFF_H
#define HOTGRIND_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report/metrics.h"
#include "report/report.h"

/* Room for any of the texts below. */
#define HG_DIFF_TEXT_SIZE 40

enum hg_diff_status {
    HG_DIFF_TOTAL,       /* the whole run: always compared, always shown */
    HG_DIFF_CHANGED,     /* in both reports; some figure differs */
    HG_DIFF_ADDED,       /* only in the head report */
    HG_DIFF_REMOVED      /* only in the base report */
};

/* One metric of a row in the two reports.  A figure a report does not
   have for the row counts as 0 when the two are compared. */
struct hg_diff_value {
    const struct hg_metric *metric;
    bool in_base, in_head;
    uint64_t base, head;         /* 0 where not in that report */
};

struct hg_diff_row {
    enum hg_diff_status status;
    bool in_base, in_head;       /* whether base and head are set */
    struct hg_entity base, head; /* the row in each report; both empty
                                    entities for the totals */
    bool by_name;                /* matched by name and object only: the
                                    source file differs */
    char *key;                   /* hg_entity_key of the row (the head's
                                    when in both) */
    /* Every metric either report has for the row, in hg_metrics()
       order. */
    struct hg_diff_value *values;
    size_t value_count;
    uint64_t headline;           /* |change| of its Ir: self Ir for
                                    functions and the totals, inclusive Ir
                                    for zones */
};

/* A way in which the two runs were not measured alike. */
struct hg_diff_difference {
    char *what;                  /* "Valgrind", "option heap", ... */
    char *base, *head;           /* "(unset)", "(not given)" for none */
    char *why;                   /* which figures that moves and why, when
                                    known (Valgrind releases); else NULL */
};

/* Across architectures, the functions paired by the rules that only
   apply there (hg_diff_reports): by the role of their object (the program,
   the dynamic loader), and by name without the symbol version. */
enum hg_arch_rule { HG_ARCH_PROGRAM, HG_ARCH_LOADER, HG_ARCH_VERSION,
                    HG_ARCH_RULES };
struct hg_arch_matching {
    size_t count[HG_ARCH_RULES];     /* pairs each rule made */
    /* The first pair of each rule in base order: its objects for the
       roles, its names for versions (NULL while the count is 0). */
    const char *example[HG_ARCH_RULES][2];
};

/* One function of both reports with calls on both sides, for the
   cross-architecture view: its self Ir per call head/base against the
   whole run's Ir head/base. */
struct hg_diff_port {
    const struct hg_function *function[2];   /* base, head */
    uint64_t calls[2], ir[2];                /* self Ir */
    /* Self Ir per call, head over base, and that over the whole run's
       head/base Ir, in millionths (integers, so every machine sorts the
       same); meaningful when HAS_RATIO (both calls and the base's Ir are
       not 0).  Sorted by DISTANCE, the larger of relative and its
       inverse: how far from the run's ratio, either way. */
    bool has_ratio;
    uint64_t ratio_millionths, relative_millionths, distance_millionths;
};

struct hg_diff {
    bool cross_arch;             /* <arch> differs */
    /* cross_arch: the pairs made by its rules, and every function of both
       reports with calls on both sides, farthest from the run first. */
    struct hg_arch_matching arch_matching;
    struct hg_diff_port *ports;
    size_t port_count;
    size_t ports_calls_differ;   /* of those, calls not equal */
    struct hg_diff_row total;
    struct hg_diff_row *rows;    /* the rows that differ, by impact */
    size_t row_count;
    size_t compared;             /* functions and zones in either report */
    size_t changed, added, removed, unchanged;
    struct hg_diff_difference *differences;
    size_t difference_count;
    /* Whether each report has a call graph; when both do, the head index
       of each base function (SIZE_MAX when unmatched), so that callee
       edges are matched as the rows are (hg_diff_explain). */
    bool call_graph[2];
    const struct hg_report *reports[2];
    size_t *head_of_base;
};

/* One callee edge of a function in the two reports: a callee in one report
   only is added or removed. */
struct hg_diff_edge {
    const struct hg_function *callee;    /* the head's when in both */
    bool in_base, in_head;
    uint64_t base_calls, head_calls;
    uint64_t base_ir, head_ir;           /* 0 where not in that report */
};

/* Why a function's inclusive Ir changed: the change of its self Ir, of its
   no-symbol Ir and of each callee edge's Ir.  These add up exactly to the
   change of the inclusive Ir when the report's identity holds for the
   function on both sides (docs/report-format.md, "The identity"). */
struct hg_diff_why {
    bool adds_up;
    /* Why they do not: "recursive", "mid-jump", or "not an identity" (on a
       call cycle, or never entered); NULL when they do. */
    const char *caveat;
    struct hg_diff_edge *edges;  /* every edge with a change first, by
                                    |change| then name; unchanged after */
    size_t edge_count;
    size_t changed_edges;        /* those whose Ir or calls differ */
};

/* One caller -> callee edge of the call graph in the two reports, the
   functions paired as the rows are: CALL is NULL on the side the edge is
   not in (its caller or callee is not there, or did not call it). */
struct hg_diff_edge_pair {
    const struct hg_function *caller[2], *callee[2];
    const struct hg_call *call[2];
};

/* Every edge of either report, when both have a call graph (none
   otherwise): the base's in report order (caller, then callee), then
   those in the head only.  Caller frees *PAIRS. */
void hg_diff_edges(const struct hg_diff *diff,
                   struct hg_diff_edge_pair **pairs, size_t *count);

/* Fills WHY for a function ROW in both reports, when both have a call
   graph; returns false (WHY untouched) otherwise. */
bool hg_diff_explain(const struct hg_diff *diff,
                     const struct hg_diff_row *row, struct hg_diff_why *why);

void hg_diff_why_free(struct hg_diff_why *why);

/* METRIC's value for ENTITY of REPORT, as hg_metric_value; with GRAPH
   also calls and the incl- figures of an unmarked function of a report
   with a call graph (--call-graph=yes gives every function those; the
   per-call figures stay those of marked functions).  diff and check pass
   GRAPH when every report they compare has a call graph, so that a report
   without one does not make every function "added" a figure. */
bool hg_diff_metric_value(const struct hg_metric *metric,
                          const struct hg_report *report,
                          const struct hg_entity *entity, bool graph,
                          uint64_t *value);

/* Head minus base as "+1,234", "-56", "0". */
const char *hg_diff_signed(uint64_t base, uint64_t head,
                           char text[HG_DIFF_TEXT_SIZE]);

/* Head minus base in percent of the base, "+5.30%", "-12.50%", "0.00%";
   "+0.00%" for a base of 0 (callers say "new" for that first). */
const char *hg_diff_signed_percent(uint64_t base, uint64_t head,
                                   char text[HG_DIFF_TEXT_SIZE]);

/* Compares HEAD with BASE into DIFF.  Rows are matched by hg_entity_key;
   a function whose key is in one report only is matched by name and
   object when exactly one such unmatched function is in each report.
   Functions sharing a key are matched in the order of their lines.
   Across architectures, the functions still unmatched are then matched
   by hg_arch_key (compare/cross-arch.h), and DIFF gets their ports. */
void hg_diff_reports(const struct hg_report *base,
                     const struct hg_report *head, struct hg_diff *diff);

void hg_diff_free(struct hg_diff *diff);
/* Frees COUNT differences and the array (a judgement keeps the diff's). */
void hg_diff_differences_free(struct hg_diff_difference *differences,
                              size_t count);

/* Whether the two figures of VALUE differ (a missing one counts as 0). */
bool hg_diff_value_differs(const struct hg_diff_value *value);

/* Whether METRIC is compared as a ratio head/base in DIFF: the metrics
   that depend on the instruction set, between two architectures. */
bool hg_diff_as_ratio(const struct hg_diff *diff,
                      const struct hg_metric *metric);


/* "+1,234", "-56", "0": head minus base. */
const char *hg_diff_delta(const struct hg_diff_value *value,
                          char text[HG_DIFF_TEXT_SIZE]);

/* The change as a percentage of the base, "+5.30%", "-12.50%", "0.00%",
   or for a ratio "1.25x"; "new" when the base is 0 (or missing) and the
   head is not, "gone" for the reverse; "-" for a ratio of two zeros. */
const char *hg_diff_change(const struct hg_diff *diff,
                           const struct hg_diff_value *value,
                           char text[HG_DIFF_TEXT_SIZE]);

/* Of a port: self Ir per call of side S (0 base, 1 head) as "1,234.50",
   "-" without calls; Ir per call head/base with DECIMALS decimals,
   "1.25", and that over DIFF's run's head/base Ir, "1.10"; "-" without a
   ratio. */
const char *hg_port_per_call(const struct hg_diff_port *p, int s,
                             char text[HG_DIFF_TEXT_SIZE]);
const char *hg_port_ratio(const struct hg_diff_port *p, int decimals,
                          char text[HG_DIFF_TEXT_SIZE]);
const char *hg_port_relative(const struct hg_diff *diff,
                             const struct hg_diff_port *p, int decimals,
                             char text[HG_DIFF_TEXT_SIZE]);

/* The function of ROW, from the head report when it is in both; NULL for
   a zone or the totals. */
const struct hg_function *hg_diff_row_function(const struct hg_diff_row *row);

/* The zone of ROW, or NULL. */
const struct hg_zone *hg_diff_row_zone(const struct hg_diff_row *row);

/* Whether ROW's value V is shown in the text and markdown tables: the
   totals' Ir and every figure that differs; for a row where none does
   (an added or removed row whose figures are all 0), its first figure. */
bool hg_diff_value_shown(const struct hg_diff_row *row, size_t v);

#endif
