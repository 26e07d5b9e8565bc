/* hotgrind: the source files a report's lines name, found and read for
   annotate and diff --lines.  GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_SOURCE_H
#define HOTGRIND_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Bytes of a source line that are kept and printed: a longer line
   (minified or generated code) is cut, with "…" after it. */
#define HG_SOURCE_LINE_MAX 400

/* A larger file is not read: no source a report points to is this big,
   and annotate must not read a device or a disk image. */
#define HG_SOURCE_SIZE_MAX (64u << 20)

/* Room for the list of places looked in, or the reason a file was not
   used, in one line. */
#define HG_SOURCE_PROBLEM_SIZE 1024

struct hg_source {
    char *path;          /* where it was found */
    char **lines;        /* line N is lines[N - 1], without its newline:
                            into text, or one of cut */
    size_t count;
    char *text;          /* the file, each line ended by a NUL */
    char **cut;          /* the lines over HG_SOURCE_LINE_MAX, as kept */
    size_t cut_count;
};

/* Where to look for a line's FILE (its directory DIR, NULL when the
   report gives none): each of SEARCH_DIRS[0..SEARCH_COUNT) joined to FILE,
   then DIR joined to FILE, then FILE itself (relative to the current
   directory unless absolute), unless CWD_TOO is false; an absolute FILE is
   only FILE itself.  The first regular file there that is text is read
   into SOURCE.  False when none is: PROBLEM then says "source not found:
   looked in A, B, C", or why the file found cannot be used ("not a text
   file: a NUL byte in line 3", "larger than 64 MiB"). */
bool hg_source_find(const char *file, const char *dir,
                    const char *const *search_dirs, size_t search_count,
                    bool cwd_too, struct hg_source *source, char *problem,
                    size_t problem_size);

void hg_source_free(struct hg_source *source);

/* Line N (1..count) of SOURCE as kept (cut at HG_SOURCE_LINE_MAX, bytes
   that are not UTF-8 as '?'); "" past the end. */
const char *hg_source_line(const struct hg_source *source, size_t n);

/* COUNTS, then when TEXT has more than blanks two spaces and TEXT, control
   characters other than tab as '?' (hg_control_length, util/messages.h);
   no blank at the end of the line, so that output compares cleanly; then
   a newline. */
void hg_print_annotated(FILE *out, const char *counts, const char *text);

#endif
