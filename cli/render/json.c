/* hotgrind: JSON strings, and the writer of diff, check and export.
   GPL-2.0-or-later; part of hotgrind. */

#include <inttypes.h>

#include "compare/diff.h"
#include "render/json.h"
#include "util/utf8.h"

/* Besides RFC 8259's escapes, a byte that starts no well-formed UTF-8
   is written as U+FFFD: a file name or a title may hold any bytes, and
   a JSON text must be UTF-8. */
void hg_json_string(FILE *out, const char *text)
{
    const unsigned char *p;
    size_t n;
    fputc('"', out);
    for (p = (const unsigned char *)text; *p; p += n != 0 ? n : 1) {
        n = hg_utf8_length((const char *)p);
        if (n == 0) {
            fputs(HG_UTF8_REPLACEMENT, out);
            continue;
        }
        if (n > 1) {
            fwrite(p, 1, n, out);
            continue;
        }
        switch (*p) {
        case '"':  fputs("\\\"", out); break;
        case '\\': fputs("\\\\", out); break;
        case '\n': fputs("\\n", out); break;
        case '\r': fputs("\\r", out); break;
        case '\t': fputs("\\t", out); break;
        default:
            if (*p < 0x20 || *p == 0x7f)
                fprintf(out, "\\u%04x", *p);
            else
                fputc(*p, out);
        }
    }
    fputc('"', out);
}

/* A new line, indented two spaces for each container open that is laid
   out one member a line (those on one line add nothing). */
static void new_line(struct hg_json *w)
{
    int i;
    fputc('\n', w->out);
    for (i = 1; i <= w->depth; i++)
        if (!w->open[i].one_line)
            fputs("  ", w->out);
}

void hg_json_key(struct hg_json *w, const char *key)
{
    bool first, one_line;
    if (w->depth == 0)
        return;
    first = w->open[w->depth].empty;
    one_line = w->open[w->depth].one_line || (w->same_line && !first);
    w->open[w->depth].empty = false;
    w->same_line = false;
    if (!first)
        fputc(',', w->out);
    if (!one_line)
        new_line(w);
    else if (!first)
        fputc(' ', w->out);
    if (key != NULL) {
        hg_json_string(w->out, key);
        fputs(": ", w->out);
    }
}

void hg_json_same_line(struct hg_json *w)
{
    w->same_line = true;
}

void hg_json_open(struct hg_json *w, const char *key, char bracket,
                  bool one_line)
{
    hg_json_key(w, key);
    fputc(bracket, w->out);
    w->depth++;
    w->open[w->depth].close = bracket == '{' ? '}' : ']';
    w->open[w->depth].empty = true;
    w->open[w->depth].one_line = one_line;
}

void hg_json_close(struct hg_json *w)
{
    char close = w->open[w->depth].close;
    bool spread = !w->open[w->depth].empty && !w->open[w->depth].one_line;
    w->depth--;
    if (spread)
        new_line(w);
    fputc(close, w->out);
    if (w->depth == 0)
        fputc('\n', w->out);
}

void hg_json_text(struct hg_json *w, const char *key, const char *text)
{
    hg_json_key(w, key);
    if (text != NULL)
        hg_json_string(w->out, text);
    else
        fputs("null", w->out);
}

void hg_json_count(struct hg_json *w, const char *key, uint64_t value)
{
    hg_json_key(w, key);
    fprintf(w->out, "%" PRIu64, value);
}

void hg_json_bool(struct hg_json *w, const char *key, bool value)
{
    hg_json_key(w, key);
    fputs(value ? "true" : "false", w->out);
}

void hg_json_null(struct hg_json *w, const char *key)
{
    hg_json_key(w, key);
    fputs("null", w->out);
}

void hg_json_count_or_null(struct hg_json *w, const char *key, bool present,
                           uint64_t value)
{
    if (present)
        hg_json_count(w, key, value);
    else
        hg_json_null(w, key);
}

void hg_json_differences(struct hg_json *w,
                         const struct hg_diff_difference *differences,
                         size_t count)
{
    size_t i;
    hg_json_open(w, "runs-differ", '[', false);
    for (i = 0; i < count; i++) {
        hg_json_open(w, NULL, '{', true);
        hg_json_text(w, "what", differences[i].what);
        hg_json_text(w, "base", differences[i].base);
        hg_json_text(w, "head", differences[i].head);
        if (differences[i].why != NULL)
            hg_json_text(w, "why", differences[i].why);
        hg_json_close(w);
    }
    hg_json_close(w);
}
