/* hotgrind: the command's messages on stderr, in one format.
   GPL-2.0-or-later; part of hotgrind. */

#include <stdarg.h>
#include <stdio.h>

#include "cli.h"

void hg_say_problem(const char *file, const char *problem)
{
    fprintf(stderr, "hotgrind: %s: %s\n", file, problem);
}

struct hg_report *hg_load_report(const char *path)
{
    char problem[HG_PROBLEM_SIZE];
    struct hg_report *report = hg_report_load(path, problem, sizeof problem);
    if (report == NULL)
        hg_say_problem(path, problem);
    return report;
}

int hg_usage_error(const char *command, const char *usage,
                   const char *format, ...)
{
    va_list args;
    fprintf(stderr, "hotgrind %s: ", command);
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fprintf(stderr, "\n%s\n", usage);
    return HG_EXIT_TROUBLE;
}
