/* hotgrind: the command's messages on stderr, in one format.
   GPL-2.0-or-later; part of hotgrind. */

/* A message quotes paths, names from reports and suite files, and
   command-line words, which may hold any byte: every control character
   of a message is written as '?', so that none moves the terminal's
   cursor, sets its colours or splits the line (ESC, CR, LF...). */

#define _GNU_SOURCE
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/messages.h"
#include "util/xalloc.h"

/* Whether a status line is on the terminal, waiting to be replaced. */
static bool status_shown;

/* C as a message shows it. */
static char shown(unsigned char c)
{
    return c < 0x20 || c == 0x7f ? '?' : (char)c;
}

static void put_shown(const char *text)
{
    for (; *text; text++)
        fputc(shown((unsigned char)*text), stderr);
}

/* FORMAT with ARGS, as shown. */
static void put_formatted(const char *format, va_list args)
{
    char *text;
    if (vasprintf(&text, format, args) < 0)
        hg_out_of_memory();
    put_shown(text);
    free(text);
}

/* Back to the start of the status line, and the line erased: the next
   message takes its place. */
void hg_progress_end(void)
{
    if (status_shown) {
        fputs("\r\033[K", stderr);
        status_shown = false;
    }
}

/* "hotgrind: FILE: KIND: FORMAT..." and its end; FILE and KIND may be
   NULL. */
static void say(const char *file, const char *kind, const char *format,
                va_list args)
{
    hg_progress_end();
    fputs("hotgrind: ", stderr);
    if (file != NULL) {
        put_shown(file);
        fputs(": ", stderr);
    }
    if (kind != NULL)
        fprintf(stderr, "%s: ", kind);
    put_formatted(format, args);
    fputc('\n', stderr);
}

void hg_say_problem(const char *file, const char *problem)
{
    hg_problem(file, "%s", problem);
}

void hg_problem(const char *file, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    say(file, NULL, format, args);
    va_end(args);
}

void hg_warning(const char *file, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    say(file, "warning", format, args);
    va_end(args);
}

void hg_note(const char *file, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    say(file, "note", format, args);
    va_end(args);
}

int hg_usage_error(const char *command, const char *usage,
                   const char *format, ...)
{
    va_list args;
    hg_progress_end();
    if (command != NULL)
        fprintf(stderr, "hotgrind %s: ", command);
    else
        fputs("hotgrind: ", stderr);
    va_start(args, format);
    put_formatted(format, args);
    va_end(args);
    fprintf(stderr, "\n%s\n", usage);
    return HG_EXIT_TROUBLE;
}

void hg_progress_status(const char *format, ...)
{
    static int terminal = -1;
    va_list args;
    if (terminal < 0)
        terminal = isatty(2);
    if (!terminal)
        return;
    hg_progress_end();
    va_start(args, format);
    put_formatted(format, args);
    va_end(args);
    fflush(stderr);
    status_shown = true;
}

void hg_progress_line(const char *format, ...)
{
    va_list args;
    hg_progress_end();
    va_start(args, format);
    put_formatted(format, args);
    va_end(args);
    fputc('\n', stderr);
}

/* A value quoted in a message: one line, and short. */
void hg_quote_for_message(char *dst, size_t dst_size, const char *value)
{
    const size_t shown_max = 40;
    size_t n = 0, i;
    for (i = 0; value[i] && n + 1 < dst_size && i < shown_max; i++)
        dst[n++] = shown((unsigned char)value[i]);
    dst[n] = '\0';
    if (value[i] && dst_size > n + 3)
        strcpy(dst + n, "...");
}
