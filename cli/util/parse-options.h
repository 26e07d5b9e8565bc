/* hotgrind: one option parser for every subcommand, and its values' readers (parse-options.c).
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_PARSE_OPTIONS_H
#define HOTGRIND_PARSE_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

/* A --limit value: digits only ("-1" or "5x" are refused, not read as 0
   or 5); 0 means no limit to the caller.  (parse-options.c) */
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
   (parse-options.c) */
bool hg_parse_allowed_exits(const char *text, unsigned *allowed);

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

/* Room for the options of any one command (`history` has 13). */
#define HG_MAX_OPTIONS 16

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

#endif
