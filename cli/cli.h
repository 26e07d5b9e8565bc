/* hotgrind: what the host command's parts share.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_CLI_H
#define HOTGRIND_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "report.h"

/* Exit statuses.  1 is left for commands that judge a report (a failed
   budget) as opposed to being unable to read it. */
#define HG_EXIT_OK 0
#define HG_EXIT_TROUBLE 2

/* Subcommands: ARGV[0] is the subcommand's name.  Each accepts --help. */
int cmd_show(int argc, char **argv);
int cmd_validate(int argc, char **argv);

/* "hotgrind: FILE: PROBLEM" on stderr: the one line a bad report gets. */
void hg_say_problem(const char *file, const char *problem);

/* "hotgrind COMMAND: WHY" and the USAGE line on stderr; returns
   HG_EXIT_TROUBLE. */
int hg_usage_error(const char *command, const char *usage,
                   const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* "1,234,567": thousands separators by hand, whatever the locale. */
#define HG_COUNT_TEXT_SIZE 32
const char *hg_format_count(uint64_t count, char text[HG_COUNT_TEXT_SIZE]);

/* "17.60%": PART of WHOLE with two decimals, rounded half up, computed in
   integers so every machine prints the same; "0.00%" when WHOLE is 0. */
#define HG_PERCENT_TEXT_SIZE 32
const char *hg_format_percent(uint64_t part, uint64_t whole,
                              char text[HG_PERCENT_TEXT_SIZE]);

/* "2,844.00": a <per-call> mean, its whole part with thousands
   separators. */
#define HG_MEAN_TEXT_SIZE 40
const char *hg_format_mean(uint64_t units, unsigned hundredths,
                           char text[HG_MEAN_TEXT_SIZE]);

/* The `show` output: header, then the top LIMIT functions (0 = all) by
   self Ir, then every marked function and zone by inclusive Ir; then, for
   what the report has, the heap totals and the top LIMIT functions by
   bytes allocated, every thread, the top LIMIT mutexes by contention and
   the events by kind; last the mark patterns that measured nothing.
   Returns false only when out of memory. */
bool hg_show_table(FILE *out, const struct hg_report *report, size_t limit);

#endif
