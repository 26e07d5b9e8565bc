/* hotgrind: the JSON writer of diff, check and export.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_JSON_H
#define HOTGRIND_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* TEXT as a JSON string, quotes included: '"', '\\' and control
   characters escaped (RFC 8259), a byte that starts no well-formed UTF-8
   (a file name's, a title's) as U+FFFD, so the output is always UTF-8. */
void hg_json_string(FILE *out, const char *text);

/* JSON written as it goes.  A container is laid out one of two ways: one
   member a line, indented two spaces for each such container around it,
   as Python's json.dumps(indent=2) lays it out (export); or all on one
   line, members ", " apart (the rows of diff).  Either kind may hold the
   other.  Start with { .out = FILE } and the rest zero. */
enum { HG_JSON_MAX_DEPTH = 16 };

struct hg_json {
    FILE *out;
    int depth;
    struct {
        char close;          /* ']' or '}' */
        bool empty;          /* nothing written in it yet */
        bool one_line;
    } open[HG_JSON_MAX_DEPTH];
    bool same_line;          /* the next member joins the line before */
};

/* Opens a container ('{' or '[') as member KEY, or as an element when KEY
   is NULL; one member a line, or all on ONE_LINE.  hg_json_close closes
   the last one open, and ends the output with a newline at the top. */
void hg_json_open(struct hg_json *w, const char *key, char bracket,
                  bool one_line);
void hg_json_close(struct hg_json *w);

/* Starts member KEY (an element when NULL), for a value the caller then
   writes to W->out. */
void hg_json_key(struct hg_json *w, const char *key);

/* In a container of one member a line, puts the next member on the line
   of the one before, after ", ". */
void hg_json_same_line(struct hg_json *w);

/* Members: a string (null when TEXT is NULL), a count, true or false,
   null. */
void hg_json_text(struct hg_json *w, const char *key, const char *text);
void hg_json_count(struct hg_json *w, const char *key, uint64_t value);
void hg_json_bool(struct hg_json *w, const char *key, bool value);
void hg_json_null(struct hg_json *w, const char *key);
/* A count, or null when it is not PRESENT. */
void hg_json_count_or_null(struct hg_json *w, const char *key, bool present,
                           uint64_t value);

/* Member "runs-differ" of diff and check: how the runs were measured
   differently, one {"what", "base", "head"} each. */
struct hg_diff_difference;
void hg_json_differences(struct hg_json *w,
                         const struct hg_diff_difference *differences,
                         size_t count);

#endif
