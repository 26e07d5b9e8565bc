/* hotgrind: exit statuses, and the one way the command reports a problem
   (messages.c).  GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_MESSAGES_H
#define HOTGRIND_MESSAGES_H

#include <stddef.h>
#include <stdio.h>

/* Exit statuses.  1 is left for commands that judge a report (a failed
   budget) as opposed to being unable to read it. */
#define HG_EXIT_OK 0
#define HG_EXIT_TROUBLE 2

/* Exit status of `check` when a policy judged a regression or a budget
   broke. */
#define HG_EXIT_JUDGED 1

/* Every line on stderr is one of these; none other writes there but
   hg_out_of_memory (xalloc.c).  A problem or a warning is one line,
   "hotgrind: FILE: ..." naming the file it is about, or "hotgrind: ..."
   when it is about none; a usage error names the command instead.  A
   control character in a message (hg_control_length), whoever's text it
   is, shows as '?'. */

/* "hotgrind: FILE: PROBLEM" on stderr: the one line a bad report gets. */
void hg_say_problem(const char *file, const char *problem);

/* "hotgrind: FILE: ..." as printf formats it; "hotgrind: ..." when FILE
   is NULL. */
void hg_problem(const char *file, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* "hotgrind: FILE: warning: ...": something the command went on
   despite, which may make its result wrong; FILE may be NULL. */
void hg_warning(const char *file, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* "hotgrind: FILE: note: ...": what is known of the warning before it;
   FILE may be NULL. */
void hg_note(const char *file, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* "hotgrind COMMAND: WHY" and the USAGE line on stderr ("hotgrind: WHY"
   when there is no COMMAND); returns HG_EXIT_TROUBLE. */
int hg_usage_error(const char *command, const char *usage,
                   const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* Progress of a long run (suite run).  hg_progress_status: when stderr
   is a terminal, one line without its end that the next message
   replaces in place ("[2/3] name 0.4s"); nothing elsewhere.
   hg_progress_line: a line of progress that stays, everywhere ("[2/3]
   name ok 0.4s").  hg_progress_end: the status line, if shown, removed.
   Each of the other messages removes it first too. */
void hg_progress_status(const char *format, ...)
    __attribute__((format(printf, 1, 2)));
void hg_progress_line(const char *format, ...)
    __attribute__((format(printf, 1, 2)));
void hg_progress_end(void);

/* The bytes of the control character TEXT starts with, 0 when it starts
   with none (or is empty): C0 (U+0000 to U+001F, tab and newline
   included), DEL, C1 (U+0080 to U+009F, in UTF-8) and the bidirectional
   embeddings, overrides and isolates (U+202A to U+202E, U+2066 to
   U+2069), which would make a terminal show text in another order than
   it is.  The one definition of what shows as '?' on a terminal. */
size_t hg_control_length(const char *text);

/* TEXT on OUT with each control character (hg_control_length) as one
   '?'. */
void hg_put_clean(FILE *out, const char *text);

/* VALUE as quoted in a one-line message: control characters as '?', at
   most 40 bytes, "..." after a cut.  DST_SIZE of 64 is enough. */
void hg_quote_for_message(char *dst, size_t dst_size, const char *value);

#endif
