/* hotgrind: what the host command's parts share.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_CLI_H
#define HOTGRIND_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "report/report.h"

/* Exit statuses.  1 is left for commands that judge a report (a failed
   budget) as opposed to being unable to read it. */
#define HG_EXIT_OK 0
#define HG_EXIT_TROUBLE 2

/* Subcommands: ARGV[0] is the subcommand's name.  Each accepts --help,
   and may reorder ARGV (hg_parse_options puts the operands first). */
int cmd_show(int argc, char **argv);
int cmd_annotate(int argc, char **argv);
int cmd_validate(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_suite(int argc, char **argv);

/* NAME itself when it has a '/', else the first executable NAME in this
   process's PATH (as a shell finds it), malloc'd; NULL when there is
   none.  How `run` finds its program, and `suite` checks a command
   before running any.  (cmd-run.c) */
char *hg_find_executable(const char *name);

/* Exit status of `check` when a policy judged a regression or a budget
   broke. */
#define HG_EXIT_JUDGED 1

/* "hotgrind: FILE: PROBLEM" on stderr: the one line a bad report gets. */
void hg_say_problem(const char *file, const char *problem);

/* The report at PATH (hg_report_load), or NULL after its one line. */
struct hg_report *hg_load_report(const char *path);

/* "hotgrind COMMAND: WHY" and the USAGE line on stderr; returns
   HG_EXIT_TROUBLE. */
int hg_usage_error(const char *command, const char *usage,
                   const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* "1,234,567": thousands separators by hand, whatever the locale. */
#define HG_COUNT_TEXT_SIZE 32
const char *hg_format_count(uint64_t count, char text[HG_COUNT_TEXT_SIZE]);

/* PART / WHOLE times 10 to the SHIFT (2: in percent; at most 18),
   rounded half up to DECIMALS decimals (at most the maximum below)
   exactly, by long division in integers, so every machine prints the
   same: "17.60"; 0 when WHOLE is 0.  Every percentage and ratio the
   command prints is made here.  (text.c) */
enum { HG_FRACTION_MAX_DECIMALS = 30 };
const char *hg_format_fraction(uint64_t part, uint64_t whole, int shift,
                               int decimals, char *text, size_t size);

/* "17.60%": PART of WHOLE with two decimals, hg_format_fraction's;
   "0.00%" when WHOLE is 0. */
#define HG_PERCENT_TEXT_SIZE 32
const char *hg_format_percent(uint64_t part, uint64_t whole,
                              char text[HG_PERCENT_TEXT_SIZE]);

/* "2,844.00": a <per-call> mean, its whole part with thousands
   separators. */
#define HG_MEAN_TEXT_SIZE 40
const char *hg_format_mean(uint64_t units, unsigned hundredths,
                           char text[HG_MEAN_TEXT_SIZE]);

/* "1.25x": PART / WHOLE with two decimals, hg_format_fraction's;
   "0.00x" when WHOLE is 0.  (text.c) */
const char *hg_format_ratio(uint64_t part, uint64_t whole,
                            char text[HG_PERCENT_TEXT_SIZE]);

/* A --limit value: digits only ("-1" or "5x" are refused, not read as 0
   or 5); 0 means no limit to the caller.  (text.c) */
bool hg_parse_limit(const char *text, size_t *limit);

/* --allow-exit of diff and check: the ways a program may have ended for
   its report to be compared anyway (docs/manual.md).  Without it, only a
   report whose program exited with status 0, or that does not say how it
   ended, is compared. */
enum {
    HG_ALLOW_NONZERO = 1,    /* exited with a status other than 0 */
    HG_ALLOW_SIGNAL = 2,     /* ended by a signal */
    HG_ALLOW_EXEC = 4,       /* replaced by execve */
    HG_ALLOW_ANY = 7,
};
#define HG_ALLOW_EXIT_WORDS "nonzero, signal, exec or any"

/* A --allow-exit value: words of HG_ALLOW_EXIT_WORDS separated by
   commas; *ALLOWED gets their union.  False on an unknown or empty word.
   (text.c) */
bool hg_parse_allowed_exits(const char *text, unsigned *allowed);

/* Whether the report at PATH may be compared: true if its program ended
   in a way ALLOWED (or exited 0, or the report does not say); false after
   one line on stderr naming PATH, how its program ended and the
   --allow-exit word that would let it through.  (messages.c) */
bool hg_exit_allowed(const char *path, const struct hg_report *report,
                     unsigned allowed);

/* The command line of a subcommand, read by hg_parse_options the same
   way for every one (git's parse-options): options before or after the
   operands, "--" ending the options, --help and -h, and the same words for
   an unknown option or a missing value. */

struct hg_command_line;

/* One option.  A value option is "--name VALUE" or "--name=VALUE", or for
   a short name ("-o") "-o VALUE" only ("-o=VALUE" and "-oVALUE" are usage
   errors); an empty value counts as missing.  A flag is "--name" alone. */
struct hg_cli_option {
    const char *name;        /* "--limit", "-o"; NULL: no more options */
    const char **value;      /* a value option: gets the last one given */
    bool *flag;              /* a flag: set to true */
    /* A value option the command reads itself: returns -1 to go on, else
       an exit status (after its own usage error). */
    int (*take)(const struct hg_command_line *line, const char *value);
    /* Given twice is a usage error, for an option where "the last one
       wins" would silently drop what the user asked for (check --policy). */
    bool once;
};

/* Room for the options of any one command (`diff` has 10). */
#define HG_MAX_OPTIONS 12

struct hg_command_line {
    const char *command;     /* "show" */
    const char *usage;       /* the usage line, after a mistake */
    const char *help;        /* what --help prints... */
    void (*print_help)(void);    /* ...or this, when not NULL */
    struct hg_cli_option options[HG_MAX_OPTIONS];
    /* `run`: the first operand ends the options (the rest is the
       program's command line). */
    bool operands_end_options;
    /* An option not in the table: a usage error, or when this is not NULL
       what it returns (-1 to go on; `run` gives it to Valgrind). */
    int (*unknown)(const struct hg_command_line *line, const char *arg);
    void *data;              /* for take and unknown */
};

/* Reads ARGV[1..ARGC) as LINE says; the operands, in order, end up in
   ARGV[0..*OPERAND_COUNT), then a NULL.  Returns -1 when the command goes
   on, else its exit status: 0 after --help, HG_EXIT_TROUBLE after a usage
   error (USAGE on stderr).  (parse-options.c) */
int hg_parse_options(const struct hg_command_line *line, int argc,
                     char **argv, int *operand_count);

/* hg_parse_options for a command of one REPORT (show, export): *PATH
   gets it, or NULL; a second one is a usage error. */
int hg_parse_one_report(const struct hg_command_line *line, int argc,
                        char **argv, const char **path);

/* An output of `export` or `merge` (output.c): stdout when PATH is NULL;
   otherwise a new PATH.tmp.XXXXXX (mkstemp), renamed to PATH by
   hg_output_commit once written and synced, so PATH only ever holds a complete file (an existing device
   or FIFO is written in place).  On failure PROBLEM gets one line naming
   the file. */
struct hg_output {
    FILE *file;
    const char *path;
    char *tmp_path;      /* NULL when writing in place */
};
bool hg_output_open(struct hg_output *output, const char *path,
                    char *problem, size_t problem_size);
bool hg_output_commit(struct hg_output *output, char *problem,
                      size_t problem_size);
/* Closes and removes the temporary file (after an error). */
void hg_output_abandon(struct hg_output *output);

/* The `show` output: header, then the top LIMIT functions (0 = all) by
   self Ir, then every marked function and zone by inclusive Ir; then, for
   what the report has, the heap totals and the top LIMIT functions by
   bytes allocated, every thread, the top LIMIT mutexes by contention and
   the events by kind; last the mark patterns that measured nothing. */
void hg_show_table(FILE *out, const struct hg_report *report, size_t limit);

/* hg_show_table within WIDTH display columns (0: no limit, the same as
   hg_show_table): `hotgrind show --width`. */
void hg_show_table_within(FILE *out, const struct hg_report *report,
                          size_t limit, size_t width);

#endif
