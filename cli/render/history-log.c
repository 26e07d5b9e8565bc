/* hotgrind: `hotgrind history log` as text, JSON or CSV.
   GPL-2.0-or-later; part of hotgrind. */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "render/history-log.h"
#include "render/history-show.h"
#include "render/json.h"
#include "render/text.h"
#include "util/messages.h"
#include "util/xalloc.h"

/* The change of P from its older point: sign and size; false when there
   is nothing to subtract (no older value, or none now). */
static bool delta(const struct hg_history_point *p, char *sign,
                  uint64_t *size)
{
    if (!p->has_older || !p->older_has_value || !p->has_value)
        return false;
    *sign = p->value >= p->older_value ? '+' : '-';
    *size = p->value >= p->older_value ? p->value - p->older_value
                                       : p->older_value - p->value;
    return true;
}

/* What names a series, in the order of the JSON members and of the CSV
   columns. */
enum { SERIES_FIELDS = 8 };
static const char *const series_keys[SERIES_FIELDS] = {
    "benchmark", "arch", "branch", "kind", "name", "object", "file",
    "metric",
};

static void series_fields(const struct hg_history_series *s,
                          const char *fields[SERIES_FIELDS])
{
    fields[0] = s->benchmark;
    fields[1] = s->arch;
    fields[2] = s->branch;
    fields[3] = s->kind;
    fields[4] = s->name;
    fields[5] = s->object;
    fields[6] = s->file;
    fields[7] = s->metric;
}

/* The JSON writer makes any bytes valid UTF-8 (U+FFFD for a byte that
   starts no character): a name from a database someone else wrote. */
static void json_text(struct hg_json *w, const char *key, const char *text)
{
    hg_json_text(w, key, text);
}

void hg_render_history_log_json(FILE *out, const struct hg_history_log *log)
{
    struct hg_json w = { .out = out };
    size_t i, j;
    hg_json_open(&w, NULL, '{', false);
    hg_json_open(&w, "series", '[', false);
    for (i = 0; i < log->count; i++) {
        const struct hg_history_series *s = &log->series[i];
        const char *fields[SERIES_FIELDS];
        size_t k;
        series_fields(s, fields);
        hg_json_open(&w, NULL, '{', false);
        for (k = 0; k < SERIES_FIELDS; k++)
            json_text(&w, series_keys[k], fields[k]);
        hg_json_open(&w, "points", '[', false);
        for (j = 0; j < s->count; j++) {
            const struct hg_history_point *p = &s->points[j];
            uint64_t size;
            char sign;
            hg_json_open(&w, NULL, '{', true);
            json_text(&w, "commit", p->sha);
            json_text(&w, "time", p->time);
            json_text(&w, "status", p->status);
            hg_json_count_or_null(&w, "value", p->has_value, p->value);
            hg_json_bool(&w, "changed", p->changed);
            if (delta(p, &sign, &size)) {
                hg_json_key(&w, "delta");
                fprintf(out, "%s%" PRIu64, sign == '-' ? "-" : "", size);
            } else {
                hg_json_null(&w, "delta");
            }
            hg_json_close(&w);
        }
        hg_json_close(&w);
        hg_json_close(&w);
    }
    hg_json_close(&w);
    hg_json_close(&w);
}

/* TEXT as a CSV field: quoted, quotes doubled, each control character
   (hg_control_length) as '?' (a name may hold anything). */
static void csv_field(FILE *out, const char *text)
{
    const char *p = text != NULL ? text : "";
    size_t n;
    fputc('"', out);
    while (*p) {
        if ((n = hg_control_length(p)) > 0) {
            fputc('?', out);
            p += n;
        } else {
            if (*p == '"')
                fputc('"', out);
            fputc(*p++, out);
        }
    }
    fputc('"', out);
}

void hg_render_history_log_csv(FILE *out, const struct hg_history_log *log)
{
    size_t i, j, k;
    for (k = 0; k < SERIES_FIELDS; k++)
        fprintf(out, "%s,", series_keys[k]);
    fputs("commit,time,status,value,changed,delta\r\n", out);
    for (i = 0; i < log->count; i++) {
        const struct hg_history_series *s = &log->series[i];
        const char *fields[SERIES_FIELDS];
        series_fields(s, fields);
        for (j = 0; j < s->count; j++) {
            const struct hg_history_point *p = &s->points[j];
            const char *point[] = { p->sha, p->time, p->status };
            uint64_t size;
            char sign;
            for (k = 0; k < SERIES_FIELDS + 3; k++) {
                csv_field(out, k < SERIES_FIELDS ? fields[k]
                                                 : point[k - SERIES_FIELDS]);
                fputc(',', out);
            }
            if (p->has_value)
                fprintf(out, "%" PRIu64, p->value);
            fprintf(out, ",%s,", p->changed ? "yes" : "no");
            if (delta(p, &sign, &size))
                fprintf(out, "%s%" PRIu64, sign == '-' ? "-" : "", size);
            fputs("\r\n", out);
        }
    }
}

/* The change column into TEXT: "+N (+P%)", "-N (-P%)", "=", "new",
   "gone", or "" for the oldest point and a run without figures. */
static void format_change(char *text, size_t size,
                          const struct hg_history_point *p)
{
    uint64_t change;
    char sign;
    text[0] = '\0';
    if (delta(p, &sign, &change)) {
        if (change == 0)
            snprintf(text, size, "=");
        else if (p->older_value == 0)
            snprintf(text, size, "%c%" PRIu64, sign, change);
        else
            snprintf(text, size, "%c%" PRIu64 " (%c%.2f%%)", sign, change,
                     sign, (double)change * 100.0 / (double)p->older_value);
    } else if (p->has_older && p->changed) {
        snprintf(text, size, "%s", p->has_value ? "new" : "gone");
    }
}

/* "BENCHMARK on ARCH, branch BRANCH: WHAT METRIC", in the words of
   blame's and show's headings. */
static void print_heading(FILE *out, const struct hg_history_series *s)
{
    hg_render_history_heading(out, s->benchmark, s->arch, s->branch);
    hg_render_history_entity(out, s->kind, s->name, s->object, s->file);
    fputc(' ', out);
    hg_print_clean(out, s->metric);
    fputc('\n', out);
}

void hg_render_history_log_text(FILE *out, const struct hg_history_log *log)
{
    size_t i, j, width;
    for (i = 0; i < log->count; i++) {
        const struct hg_history_series *s = &log->series[i];
        if (i > 0)
            fputc('\n', out);
        print_heading(out, s);
        width = 6;
        for (j = 0; j < s->count; j++)
            if (strlen(s->points[j].sha) > width)
                width = strlen(s->points[j].sha);
        for (j = 0; j < s->count; j++) {
            const struct hg_history_point *p = &s->points[j];
            char value[32], change[80];
            fputs(p->changed ? "* " : "  ", out);
            hg_print_padded(out, p->sha, width + 2);
            hg_print_padded(out, p->time != NULL ? p->time : "-", 27);
            if (p->has_value)
                snprintf(value, sizeof value, "%" PRIu64, p->value);
            else
                snprintf(value, sizeof value, "%s",
                         strcmp(p->status, "ok") == 0 ? "absent" : p->status);
            format_change(change, sizeof change, p);
            hg_print_padded(out, value, change[0] != '\0' ? 22 : 0);
            fputs(change, out);
            fputc('\n', out);
        }
    }
}
