/* hotgrind: the command's messages on stderr, in one format.
   GPL-2.0-or-later; part of hotgrind. */

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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

/* A value quoted in a message: one line, and short. */
void hg_quote_for_message(char *dst, size_t dst_size, const char *value)
{
    const size_t shown_max = 40;
    size_t n = 0, i;
    for (i = 0; value[i] && n + 1 < dst_size && i < shown_max; i++) {
        unsigned char c = (unsigned char)value[i];
        dst[n++] = (c < 0x20 || c == 0x7f) ? '?' : (char)c;
    }
    dst[n] = '\0';
    if (value[i] && dst_size > n + 3)
        strcpy(dst + n, "...");
}
