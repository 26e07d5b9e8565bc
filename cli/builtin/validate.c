/* hotgrind validate: checks reports against the schema built into the
   command, and the rules the schema cannot express.
   GPL-2.0-or-later; part of hotgrind. */

/* The schema (docs/hotgrind.xsd) is strict: it is the exact description of
   what this release writes, so CI can tell a report from this release's
   tool from anything else.  A few rules of the format are beyond XML
   Schema 1.0 (rules.c) and are checked after it.  Every other command
   reads reports through the same checks (hg_report_load), so what
   validate refuses, they refuse too. */

#include <stdio.h>

#include "builtin/builtin.h"
#include "report/report.h"
#include "util/messages.h"
#include "util/parse-options.h"

static const char validate_usage[] = "usage: hotgrind validate REPORT...";

static const char validate_help[] =
    "usage: hotgrind validate REPORT...\n"
    "\n"
    "Checks each REPORT against the report schema built into this command\n"
    "(docs/hotgrind.xsd, format 1), then against the rules of the format\n"
    "that the schema cannot express (docs/report-format.md), such as\n"
    "marked=\"yes\" coming with calls, or the threads' Ir adding up to the\n"
    "total.  Prints \"REPORT: valid\" for each valid one, and one line on\n"
    "stderr for each that is not.  Exit status 0 when all are valid, 2\n"
    "otherwise.  Nothing is fetched from the network.\n";

/* True if PATH holds a valid report; otherwise PROBLEM says why.  The
   checks are those of every reader (hg_report_load), made as the file is
   parsed and keeping nothing, so memory stays small whatever its size. */
static bool validate_one(const char *path, char *problem, size_t problem_size)
{
    return hg_report_check(path, problem, problem_size);
}

int cmd_validate(int argc, char **argv)
{
    const struct hg_command_line line = {
        .command = "validate", .usage = validate_usage,
        .help = validate_help,
    };
    int status, count, i;

    status = hg_parse_options(&line, argc, argv, &count);
    if (status != -1)
        return status;
    if (count == 0)
        return hg_usage_error("validate", validate_usage, "no REPORT given");

    status = HG_EXIT_OK;
    for (i = 0; i < count; i++) {
        char problem[HG_PROBLEM_SIZE];
        if (validate_one(argv[i], problem, sizeof problem)) {
            printf("%s: valid\n", argv[i]);
            fflush(stdout);   /* keep the order of stdout and stderr */
        } else {
            hg_say_problem(argv[i], problem);
            status = HG_EXIT_TROUBLE;
        }
    }
    return status;
}
