/* hotgrind: the lines of one function in two reports, matched and
   compared, for `hotgrind diff --lines`.  GPL-2.0-or-later; part of
   hotgrind. */

#ifndef HOTGRIND_LINE_DIFF_H
#define HOTGRIND_LINE_DIFF_H

#include <stdbool.h>
#include <stddef.h>

#include "compare/diff.h"
#include "report/report.h"

/* Where the sources of each side are looked for (hg_source_find): each
   side's own directory (--base-source, --head-source; NULL when not
   given), then the directory its debug info records; the current
   directory for the head only, as a checkout is normally the head's. */
struct hg_line_sources {
    const char *dirs[2];
};

/* One source file of a function, and how its lines were matched. */
struct hg_line_file {
    char *file;                  /* as the lines name it ("" for none) */
    bool by_text;                /* both sources read: matched by text */
    char *why_by_number;         /* when not by_text: why ("base: source
                                    not found: looked in ..."); NULL for
                                    code without line information */
};

/* One pair of matched lines (or a line on one side only) whose figures
   differ. */
struct hg_line_change {
    size_t file;                 /* index into hg_line_diff.files */
    unsigned line[2];            /* base and head line; 0 on a side the
                                    line is not on (added, removed) */
    char *text;                  /* the head's source text (the base's for
                                    a line only there); NULL unread */
    struct hg_diff_value *values;    /* every figure either line has */
    size_t value_count;
};

struct hg_line_diff {
    struct hg_line_file *files;  /* by file name */
    size_t file_count;
    struct hg_line_change *changes;  /* by file, then head line (base line
                                        for one only in the base) */
    size_t change_count;
};

/* Compares the lines of BASE and HEAD, one function in two reports:
   for each file either names, its lines are matched by source text when
   both sources are found (docs/manual.md, "Lines that changed": unique
   lines anchor, in order; their neighbours follow while equal), by number
   otherwise; every pair whose figures differ is a change. */
void hg_line_diff(const struct hg_function *base,
                  const struct hg_function *head,
                  const struct hg_line_sources *sources,
                  struct hg_line_diff *diff);

void hg_line_diff_free(struct hg_line_diff *diff);

/* The matching of one file's lines by text: for BASE_COUNT and HEAD_COUNT
   lines, MATCH[b - 1] gets the head line base line b matches, or 0.
   (Public for the unit tests.) */
void hg_match_lines(const char *const *base, size_t base_count,
                    const char *const *head, size_t head_count,
                    unsigned *match);

#endif
