/* hotgrind: the source files a report's lines name, found and read for
   annotate and diff --lines.  GPL-2.0-or-later; part of hotgrind. */

/* A source file is whatever the debug info names, so it is read with
   care: only a regular file of bounded size, refused when it holds a NUL
   byte (an object file or a disk image by mistake), and each line shown
   only up to HG_SOURCE_LINE_MAX bytes.  It is read once into one buffer
   that its lines point into, so that memory is the file's size plus a
   pointer per line, not a buffer per line. */

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "compare/source.h"
#include "util/messages.h"
#include "util/xalloc.h"

/* DIR/FILE, without doubling a '/' DIR ends with. */
static char *join_path(const char *dir, const char *file)
{
    size_t n = strlen(dir);
    return hg_xasprintf("%s%s%s", dir,
                        n > 0 && dir[n - 1] == '/' ? "" : "/", file);
}

/* The length of the UTF-8 character at P (END its end), or 0 when the
   bytes there are not one: overlong forms and surrogates included, as
   JSON and terminals want well-formed text. */
static size_t utf8_length(const unsigned char *p, const unsigned char *end)
{
    size_t n, i;
    unsigned char low = 0x80, high = 0xbf;
    if (p[0] < 0x80)
        return 1;
    if (p[0] >= 0xc2 && p[0] <= 0xdf)
        n = 2;
    else if (p[0] >= 0xe0 && p[0] <= 0xef)
        n = 3;
    else if (p[0] >= 0xf0 && p[0] <= 0xf4)
        n = 4;
    else
        return 0;
    if (p[0] == 0xe0)
        low = 0xa0;
    else if (p[0] == 0xed)
        high = 0x9f;
    else if (p[0] == 0xf0)
        low = 0x90;
    else if (p[0] == 0xf4)
        high = 0x8f;
    if ((size_t)(end - p) < n || p[1] < low || p[1] > high)
        return 0;
    for (i = 2; i < n; i++)
        if (p[i] < 0x80 || p[i] > 0xbf)
            return 0;
    return n;
}

/* Cleans the line [START, END) of a file's text in place, as kept: a
   byte that is not part of a UTF-8 character as '?' (a file in Latin-1,
   say), a '\r' before the newline dropped, and cut after
   HG_SOURCE_LINE_MAX bytes on a character boundary with "…" after it.
   Returns the line, ended by a NUL written over its end (the newline, or
   the byte after the text): a pointer into the text, or for a cut line a
   copy (*CUT true), which is at most as long as the line itself. */
static char *keep_line(char *start, char *end, bool *cut)
{
    unsigned char *p = (unsigned char *)start;
    unsigned char *stop = (unsigned char *)end;
    size_t used = 0;

    *cut = false;
    if (stop > p && stop[-1] == '\r')
        stop--;
    while (p < stop) {
        size_t n = utf8_length(p, stop);
        if (used + (n ? n : 1) > HG_SOURCE_LINE_MAX) {
            char *line = hg_xmalloc(used + sizeof "…");
            memcpy(line, start, used);
            memcpy(line + used, "…", sizeof "…");
            *cut = true;
            return line;
        }
        if (n == 0)
            *p = '?';
        p += n ? n : 1;
        used += n ? n : 1;
    }
    *p = '\0';
    return start;
}

/* Splits TEXT of SIZE bytes (no NUL in it, a byte after it to write)
   into SOURCE's lines, which it then owns.  The lines point into TEXT,
   so that memory is the file's bytes and a pointer per line, whatever
   the lines hold (a file of newlines is as many lines as bytes). */
static void split_lines(char *text, size_t size, struct hg_source *source)
{
    char *p = text, *end = text + size;
    size_t count = 0, cut_capacity = 0;

    while (p < end) {
        char *newline = memchr(p, '\n', (size_t)(end - p));
        count++;
        p = newline != NULL ? newline + 1 : end;
    }
    source->text = text;
    source->lines = hg_xmalloc((count ? count : 1) * sizeof *source->lines);
    for (p = text; p < end;) {
        char *newline = memchr(p, '\n', (size_t)(end - p));
        char *line_end = newline != NULL ? newline : end;
        bool cut;
        char *line = keep_line(p, line_end, &cut);
        if (cut) {
            source->cut = hg_xgrow(source->cut, &cut_capacity,
                                   source->cut_count + 1, sizeof *source->cut,
                                   16);
            source->cut[source->cut_count++] = line;
        }
        source->lines[source->count++] = line;
        p = line_end + (newline != NULL);
    }
}

/* Whether a file is at PATH; if so *FOUND is true and the result says
   whether it could be read into SOURCE (PROBLEM says why not). */
static bool read_source(const char *path, bool *found,
                        struct hg_source *source, char *problem,
                        size_t problem_size)
{
    struct stat st;
    FILE *file;
    char *text;
    const char *nul;
    size_t size;

    *found = false;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return false;
    *found = true;
    if ((uintmax_t)st.st_size > HG_SOURCE_SIZE_MAX) {
        snprintf(problem, problem_size, "source %s not read: larger than "
                 "%u MiB", path, HG_SOURCE_SIZE_MAX >> 20);
        return false;
    }
    if ((file = fopen(path, "rb")) == NULL) {
        snprintf(problem, problem_size, "source %s not read: %s", path,
                 strerror(errno));
        return false;
    }
    text = hg_xmalloc((size_t)st.st_size + 1);
    /* Reads at most the size stat gave: a file growing meanwhile is cut
       there, never read without bound. */
    size = fread(text, 1, (size_t)st.st_size + 1, file);
    if (ferror(file) || size > (size_t)st.st_size) {
        snprintf(problem, problem_size, "source %s not read: %s", path,
                 ferror(file) ? "a read error" : "it grew while read");
        fclose(file);
        free(text);
        return false;
    }
    fclose(file);
    if ((nul = memchr(text, '\0', size)) != NULL) {
        size_t line = 1;
        const char *p;
        for (p = text; p < nul; p++)
            line += *p == '\n';
        snprintf(problem, problem_size, "source %s not used: not a text "
                 "file (a NUL byte in line %zu)", path, line);
        free(text);
        return false;
    }
    *source = (struct hg_source){ hg_xstrdup(path), NULL, 0, NULL, NULL, 0 };
    split_lines(text, size, source);
    return true;
}

/* Appends PATH to the list of places looked in. */
static void add_looked(char *problem, size_t problem_size, const char *path)
{
    size_t used = strlen(problem);
    if (used < problem_size)
        snprintf(problem + used, problem_size - used, "%s%s",
                 problem[used - 1] == ' ' ? "" : ", ", path);
}

bool hg_source_find(const char *file, const char *dir,
                    const char *const *search_dirs, size_t search_count,
                    bool cwd_too, struct hg_source *source, char *problem,
                    size_t problem_size)
{
    char looked[HG_SOURCE_PROBLEM_SIZE] = "source not found: looked in ";
    char **candidates = hg_xcalloc(search_count + 3, sizeof *candidates);
    size_t count = 0, i;
    bool absolute = file[0] == '/', found = false, read = false;

    if (file[0] == '\0') {
        snprintf(problem, problem_size, "no source file: the debug info "
                 "gives no line");
        free(candidates);
        return false;
    }
    if (absolute)
        candidates[count++] = hg_xstrdup(file);
    else {
        for (i = 0; i < search_count; i++)
            candidates[count++] = join_path(search_dirs[i], file);
        if (dir != NULL && dir[0] != '\0')
            candidates[count++] = join_path(dir, file);
        if (cwd_too)
            candidates[count++] = join_path(".", file);
    }
    for (i = 0; i < count && !found; i++) {
        read = read_source(candidates[i], &found, source, problem,
                           problem_size);
        if (!found)
            add_looked(looked, sizeof looked, candidates[i]);
    }
    for (i = 0; i < count; i++)
        free(candidates[i]);
    free(candidates);
    if (!found && count == 0)
        snprintf(problem, problem_size, "source not found: no directory "
                 "to look in (the debug info records none)");
    else if (!found)
        snprintf(problem, problem_size, "%s", looked);
    return read;
}

void hg_source_free(struct hg_source *source)
{
    size_t i;
    for (i = 0; i < source->cut_count; i++)
        free(source->cut[i]);
    free(source->cut);
    free(source->lines);
    free(source->text);
    free(source->path);
    *source = (struct hg_source){ NULL, NULL, 0, NULL, NULL, 0 };
}

const char *hg_source_line(const struct hg_source *source, size_t n)
{
    return n == 0 || n > source->count ? "" : source->lines[n - 1];
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}

void hg_print_annotated(FILE *out, const char *counts, const char *text)
{
    size_t counts_end = strlen(counts), text_end = strlen(text), i;
    while (text_end > 0 && is_blank(text[text_end - 1]))
        text_end--;
    if (text_end == 0)
        while (counts_end > 0 && is_blank(counts[counts_end - 1]))
            counts_end--;
    fwrite(counts, 1, counts_end, out);
    if (text_end > 0) {
        fputs("  ", out);
        for (i = 0; i < text_end;) {
            size_t control = text[i] == '\t' ? 0
                             : hg_control_length(text + i);
            fputc(control > 0 ? '?' : text[i], out);
            i += control > 0 ? control : 1;
        }
    }
    fputc('\n', out);
}
