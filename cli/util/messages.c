/* hotgrind: the command's messages on stderr, in one format.
   GPL-2.0-or-later; part of hotgrind. */

/* A message quotes paths, names from reports and suite files, and
   command-line words, which may hold any byte: every control character
   of a message is written as '?', so that none moves the terminal's
   cursor, sets its colours or splits the line (ESC, CR, LF...), nor
   reorders the text shown (bidirectional overrides).  The text output's
   hg_print_clean (render/text.c) uses the same definition. */

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

size_t hg_control_length(const char *text)
{
    const unsigned char *p = (const unsigned char *)text;
    if (p[0] < 0x20 || p[0] == 0x7f)
        return p[0] != '\0';
    /* C1, U+0080 to U+009F: C2 80 to C2 9F (9B is CSI). */
    if (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)
        return 2;
    /* Embeddings and overrides, U+202A to U+202E: E2 80 AA to AE;
       isolates, U+2066 to U+2069: E2 81 A6 to A9. */
    if (p[0] == 0xe2 && ((p[1] == 0x80 && p[2] >= 0xaa && p[2] <= 0xae)
                         || (p[1] == 0x81 && p[2] >= 0xa6 && p[2] <= 0xa9)))
        return 3;
    return 0;
}

void hg_put_clean(FILE *out, const char *text)
{
    while (*text) {
        size_t n = hg_control_length(text);
        fputc(n > 0 ? '?' : *text, out);
        text += n > 0 ? n : 1;
    }
}

static void put_shown(const char *text)
{
    hg_put_clean(stderr, text);
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
    for (i = 0; value[i] && n + 1 < dst_size && i < shown_max;) {
        size_t control = hg_control_length(value + i);
        dst[n++] = control > 0 ? '?' : value[i];
        i += control > 0 ? control : 1;
    }
    dst[n] = '\0';
    if (value[i] && dst_size > n + 3)
        strcpy(dst + n, "...");
}
