/* hotgrind: the command's messages on stderr, in one format.
   GPL-2.0-or-later; part of hotgrind. */

#include <stdarg.h>
#include <stdio.h>

#include "util/messages.h"

void hg_say_problem(const char *file, const char *problem)
{
    fprintf(stderr, "hotgrind: %s: %s\n", file, problem);
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
