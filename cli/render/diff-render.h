/* hotgrind: the outputs of diff (docs/diff.md): one renderer per format
   (text, markdown, JSON), each writing the comparison of two reports or
   of two suite runs, and what they share.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_DIFF_RENDER_H
#define HOTGRIND_DIFF_RENDER_H

#include <stdbool.h>
#include <stdio.h>

#include "compare/diff.h"
#include "compare/line-diff.h"
#include "render/json.h"
#include "report/report.h"
#include "suite/suite-operand.h"
#include "util/number.h"

enum { DIFF_FUNCTION_COLUMN_MAX = 50, DIFF_OBJECT_COLUMN_MAX = 30 };
enum { DIFF_COLUMNS = 9, DIFF_FILE_TEXT_SIZE = 512 };
enum { DIFF_WHY_COLUMNS = 7, DIFF_WHY_PART_SIZE = 64 };
enum { DIFF_LINE_COLUMNS = 11, DIFF_LINE_NUMBER_SIZE = 16 };

/* Why a row's incl-Ir changed, when it is explained. */
struct diff_explanation {
    bool given;
    struct hg_diff_why why;
};

/* What every format writes from. */
struct diff_comparison {
    const char *paths[2];
    const struct hg_report *reports[2];
    const struct hg_diff *diff;
    size_t shown;                /* rows shown besides the totals */
    /* --lines: the line changes of each row shown (rows[i] for
       lines[i]), none for a row that is not a function in both; NULL
       without --lines. */
    struct hg_line_diff *lines;
    /* The explanation of each row shown (rows[i] for explanations[i]),
       made once so that the tables count their lines and print them from
       the same one. */
    struct diff_explanation *explanations;
    size_t ports_shown;          /* across architectures: the first
                                    diff->ports shown, as rows by LIMIT */
};

/* Compares REPORTS (PATHS[0] to PATHS[1]) into DIFF and C: the first
   LIMIT rows that differ shown (0: all), their explanations, and with
   SOURCES (--lines) their line changes.  diff_comparison_free frees
   them. */
void diff_comparison_make(struct diff_comparison *c, struct hg_diff *diff,
                          const char *const paths[2],
                          struct hg_report *const reports[2], size_t limit,
                          const struct hg_line_sources *sources);
void diff_comparison_free(struct diff_comparison *c, struct hg_diff *diff);

/* The runs-differ warning on stderr, one line. */
void diff_warn_runs_differ(const struct hg_diff *diff);

/* Two suite runs compared (diff of suite runs). */
struct diff_suite {
    const char *const *paths;                 /* BASE, HEAD as given */
    const struct hg_suite_run *runs[2];
    const struct hg_bench_pair *pairs;
    size_t count;
    size_t counts[4];                         /* by enum hg_pair_kind */
};

struct diff_out {
    FILE *file;
    struct hg_json json;     /* JSON: the suite's document, when in_suite */
    bool in_suite;
    /* --history-url (markdown): the history site's base URL, NULL
       without; and the suite benchmark compared, NULL for two reports
       (their benchmark is the base's program, as record names it). */
    const char *history_url;
    const char *benchmark;
    bool wide;               /* --wide (text): no cell is cut */
};

struct diff_renderer {
    const char *name;                         /* as --format names it */
    void (*comparison)(struct diff_out *out, const struct diff_comparison *c);
    /* Suite runs: the head, then each benchmark between open and close
       (compared ones with their comparison), then the end; a format with
       nothing to write at a close leaves it NULL. */
    void (*suite_open)(struct diff_out *out, const struct diff_suite *s);
    void (*bench_open)(struct diff_out *out, const struct hg_bench_pair *p,
                       enum hg_pair_kind kind);
    void (*bench_close)(struct diff_out *out, const struct hg_bench_pair *p,
                        enum hg_pair_kind kind);
    void (*suite_close)(struct diff_out *out);
};

extern const struct diff_renderer diff_text_renderer,
                                  diff_markdown_renderer,
                                  diff_json_renderer;

/* The renderer --format=NAME names; NULL for none. */
const struct diff_renderer *diff_renderer_named(const char *name);

/* ---- pieces the renderers share (diff-comparison.c) ---- */

extern const char *const diff_side_names[2];

const char *diff_status_name(enum hg_diff_status status);
const char *diff_row_name(const struct hg_diff_row *row);
const char *diff_figure(bool present, uint64_t value,
                        char text[HG_COUNT_TEXT_SIZE]);
void diff_print_total(FILE *out, const struct hg_diff *diff,
                      const char *arrow);
void diff_print_number(FILE *out, size_t n, const char *tail);
void diff_print_counts(FILE *out, const struct hg_diff *diff);
void diff_print_shown(FILE *out, const struct diff_comparison *c,
                      const char *all, const char *top, const char *what);

/* Prints a value plainly, or as Markdown code. */
typedef void (*diff_print_value_fn)(FILE *out, const char *value);

/* Each warning the comparison has, between LEAD and TAIL, and the notes
   that explain them, between NOTE_LEAD and TAIL; VALUE prints each value,
   ARROW goes from base to head. */
void diff_print_warnings(FILE *out, const struct diff_comparison *c,
                         const char *lead, const char *note_lead,
                         const char *tail, diff_print_value_fn value,
                         const char *arrow);

/* Explanations: why a row's incl-Ir changed. */
struct diff_other_edges {
    size_t count;
    uint64_t base_ir, head_ir;
};
size_t diff_named_edges(const struct hg_diff_why *why);
struct diff_other_edges diff_other_edges(const struct hg_diff_why *why);
const char *diff_no_explanation(const struct hg_diff *diff);

/* A line's cells: function, part, base Ir, head Ir, delta, calls, note. */
typedef void (*diff_why_line_fn)(void *data, bool first, bool callee,
                                 const char *cells[DIFF_WHY_COLUMNS]);
void diff_for_each_why_line(const struct diff_comparison *c,
                            diff_why_line_fn line, void *data);
/* Before those lines: NONE_LEAD, why there are none and NONE_TAIL, and
   0; else HEADING, when there are lines, and their number. */
size_t diff_start_why(FILE *out, const struct diff_comparison *c,
                      const char *none_lead, const char *none_tail,
                      const char *heading);

/* The rows table: its number of lines, and each line's cells. */
size_t diff_table_lines(const struct diff_comparison *c);
void diff_for_each_line(const struct diff_comparison *c,
                        void (*line)(void *data,
                                     const struct hg_diff_row *row,
                                     const char *cells[DIFF_COLUMNS]),
                        void *data);

/* Calls EMIT for each line of the table of line changes: one per changed
   figure, the function named on its first, the file, lines, matching and
   source on each change's first.  FIRST_OF_FUNCTION and FIRST_OF_CHANGE
   say which cells are set. */
typedef void (*diff_line_change_fn)(void *data, bool first_of_function,
                                    bool first_of_change,
                                    const char *cells[DIFF_LINE_COLUMNS]);
void diff_for_each_line_change(const struct diff_comparison *c,
                               diff_line_change_fn emit, void *data);
/* Before those lines (--lines): HEADING and their number, or NONE and 0
   when no function shown has a changed line; nothing and 0 without
   --lines. */
size_t diff_start_lines(FILE *out, const struct diff_comparison *c,
                        const char *none, const char *heading);
void diff_print_by_number_notes(FILE *out, const struct diff_comparison *c,
                                const char *lead,
                                diff_print_value_fn print_name);

/* Across architectures (diff-ports.c): the line saying which matching
   rules paired functions, between LEAD and TAIL, nothing when none did;
   and the view of self Ir per call.  diff_start_ports prints LEAD, what
   the view is (or why it is empty), TAIL and, when there are rows,
   HEADER; it returns the rows shown. */
enum { DIFF_PORT_COLUMNS = 9 };
void diff_print_arch_matching(FILE *out, const struct hg_diff *diff,
                              const char *lead, const char *tail,
                              diff_print_value_fn value, const char *arrow);
size_t diff_start_ports(FILE *out, const struct diff_comparison *c,
                        const char *lead, const char *tail,
                        const char *header, diff_print_value_fn value,
                        const char *arrow);
/* The cells of each port shown: name, object, base calls, head calls,
   "equal" or "differ", base and head Ir per call, head/base, vs run. */
typedef void (*diff_port_line_fn)(void *data, const struct hg_diff_port *p,
                                  const char *cells[DIFF_PORT_COLUMNS]);
void diff_for_each_port(const struct diff_comparison *c,
                        diff_port_line_fn line, void *data);

/* Suite runs: OPERAND " (suite NAME, N benchmarks)", the operand and the
   name through PRINT_TEXT (hg_print_clean, or markdown's code spans);
   the names of PAIRS of kind WANTED after LEAD, nothing when there is
   none. */
void diff_print_suite_run(FILE *out, const char *operand,
                          const struct hg_suite_run *runs,
                          diff_print_value_fn print_text);
void diff_list_pairs(FILE *out, const struct hg_bench_pair *pairs,
                     size_t count, enum hg_pair_kind wanted,
                     const char *lead);

#endif
