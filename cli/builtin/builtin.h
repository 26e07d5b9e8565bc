/* hotgrind: the subcommands, one file each in builtin/, called by hotgrind.c.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_BUILTIN_H
#define HOTGRIND_BUILTIN_H

#include <stdbool.h>
#include <stddef.h>

#include "history/db.h"

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
int cmd_history(int argc, char **argv);

/* history's actions in files of their own (builtin/history-ACTION.c),
   called by cmd_history with ARGV[0] the action's name. */
int cmd_history_blame(int argc, char **argv);
int cmd_history_show(int argc, char **argv);
int cmd_history_bisect(int argc, char **argv);
int cmd_history_html(int argc, char **argv);

struct hg_command_line;

/* What the history actions share (builtin/history.c): hg_parse_options,
   then --db (*DB) required; -1 to go on, else the exit status. */
int hg_history_parse(struct hg_command_line *line, int argc, char **argv,
                     int *operands, const char *const *db);
/* hg_history_parse, then exactly one operand (ARGV[0]), OPERAND naming
   it in the usage error ("give one COMMIT"). */
int hg_history_parse_one(struct hg_command_line *line, int argc, char **argv,
                         const char *const *db, const char *operand);
/* hg_history_open, or false after its problem on stderr naming PATH. */
bool hg_history_open_or_say(struct hg_history_db *h, const char *path,
                            enum hg_history_open_mode mode);
/* hg_history_read, or false after its problem on stderr naming PATH. */
bool hg_history_read_or_say(const char *path,
                            bool (*read)(struct hg_history_db *h, void *data,
                                         char *problem, size_t problem_size),
                            void *data);
/* *FORMAT text (the default, set when NULL) or json: -1, else the usage
   error's exit status. */
int hg_history_text_or_json(const struct hg_command_line *line,
                            const char **format);

#endif
