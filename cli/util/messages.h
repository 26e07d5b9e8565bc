/* hotgrind: exit statuses, and the one way the command reports a problem (messages.c).
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_MESSAGES_H
#define HOTGRIND_MESSAGES_H

#include <stddef.h>

/* Exit statuses.  1 is left for commands that judge a report (a failed
   budget) as opposed to being unable to read it. */
#define HG_EXIT_OK 0
#define HG_EXIT_TROUBLE 2

/* Exit status of `check` when a policy judged a regression or a budget
   broke. */
#define HG_EXIT_JUDGED 1

/* "hotgrind: FILE: PROBLEM" on stderr: the one line a bad report gets. */
void hg_say_problem(const char *file, const char *problem);

/* "hotgrind COMMAND: WHY" and the USAGE line on stderr; returns
   HG_EXIT_TROUBLE. */
int hg_usage_error(const char *command, const char *usage,
                   const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* VALUE as quoted in a one-line message: control characters as '?', at
   most 40 bytes, "..." after a cut.  DST_SIZE of 64 is enough. */
void hg_quote_for_message(char *dst, size_t dst_size, const char *value);

#endif
