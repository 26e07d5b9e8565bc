/* hotgrind: the host command that reads hotgrind reports (git-style
   subcommands).  GPL-2.0-or-later; part of hotgrind. */

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "builtin/builtin.h"
#include "util/messages.h"
#include "xml/xml-safe.h"

#ifndef PACKAGE_VERSION
#error "PACKAGE_VERSION comes from configure (DEFS)"
#endif

struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
};

static int cmd_help(int argc, char **argv);

/* Every subcommand, in the order `hotgrind help` lists them. */
static const struct command commands[] = {
    { "show",     cmd_show,     "the top functions of a report by self Ir" },
    { "annotate", cmd_annotate, "a report's per-line costs, in the source" },
    { "validate", cmd_validate, "check reports against the built-in schema" },
    { "diff",     cmd_diff,     "compare two reports, function by function" },
    { "check",    cmd_check,    "judge a report (and a base) against a policy" },
    { "export",   cmd_export,   "write a report as Callgrind, Cachegrind, JSON, BMF, folded or SVG" },
    { "merge",    cmd_merge,    "sum reports of sharded runs into one" },
    { "run",      cmd_run,      "run a program under hotgrind, reproducibly" },
    { "suite",    cmd_suite,    "run a suite file's benchmarks (suite run), or list them" },
    { "history",  cmd_history,  "record runs by commit in SQLite; log a figure's series" },
    { "help",     cmd_help,     "this list, or 'help COMMAND' for one" },
};

static const size_t command_count = sizeof commands / sizeof commands[0];

static const char main_usage[] =
    "usage: hotgrind COMMAND [ARGS...]   (hotgrind help for the list)";

static const struct command *find_command(const char *name)
{
    size_t i;
    for (i = 0; i < command_count; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

static void print_main_help(void)
{
    size_t i;
    printf("usage: hotgrind COMMAND [ARGS...]\n"
           "       hotgrind --help | --version\n"
           "\n"
           "Reads the XML reports written by valgrind --tool=hotgrind, and runs\n"
           "programs under it so that the counts do not move (run).\n"
           "\n"
           "Commands:\n");
    for (i = 0; i < command_count; i++)
        printf("  %-10s %s\n", commands[i].name, commands[i].summary);
    printf("\n"
           "Exit status: 0 on success, 1 when check judges a regression or a\n"
           "broken budget or a benchmark of suite run does not pass, 2 when a\n"
           "file cannot be used or the command line is wrong (one line on\n"
           "stderr says why).  run exits with its program's status, or with\n"
           "--repeat or --perturb 1 when the counts move.\n");
}

static int cmd_help(int argc, char **argv)
{
    const struct command *command;
    char help_option[] = "--help";
    char *help_argv[3];

    if (argc < 2) {
        print_main_help();
        return HG_EXIT_OK;
    }
    if (argc > 2)
        return hg_usage_error("help", "usage: hotgrind help [COMMAND]",
                              "one COMMAND at a time");
    command = find_command(argv[1]);
    if (command == NULL)
        return hg_usage_error("help", "usage: hotgrind help [COMMAND]",
                              "'%s' is not a hotgrind command", argv[1]);
    if (command->run == cmd_help) {
        print_main_help();
        return HG_EXIT_OK;
    }
    help_argv[0] = argv[1];
    help_argv[1] = help_option;
    help_argv[2] = NULL;
    return command->run(2, help_argv);
}

static int run(int argc, char **argv)
{
    const struct command *command;

    if (argc < 2)
        return hg_usage_error(NULL, main_usage, "no command given");
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        print_main_help();
        return HG_EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("hotgrind %s\n", PACKAGE_VERSION);
        return HG_EXIT_OK;
    }
    command = find_command(argv[1]);
    if (command == NULL)
        return hg_usage_error(NULL, main_usage, "'%s' is not a hotgrind "
                              "command", argv[1]);
    return command->run(argc - 1, argv + 1);
}

int main(int argc, char **argv)
{
    int status = run(argc, argv);
    hg_xml_cleanup();
    /* Output that did not reach its destination (disk full, closed pipe)
       is a failure, not a success. */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        hg_problem("standard output", "cannot write: %s", strerror(errno));
        return HG_EXIT_TROUBLE;
    }
    return status;
}
