/* hotgrind: the charts of `history html` (history-svg.h).
   GPL-2.0-or-later; part of hotgrind. */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "render/history-html.h"
#include "render/history-svg.h"
#include "util/number.h"
#include "util/xalloc.h"

/* How many moved functions a total's point names; the rest counted. */
#define MOVED_SHOWN 6

const char *hg_history_arch_colour(size_t arch)
{
    static const char *const colours[] = {
        "#1f6fb4", "#d4571c", "#2a9d3a", "#8a4fbf", "#b8860b", "#555555",
    };
    return colours[arch % (sizeof colours / sizeof colours[0])];
}

void hg_history_change_text(const struct hg_history_point *p,
                            char delta[HG_HISTORY_CHANGE_SIZE],
                            char percent[HG_HISTORY_CHANGE_SIZE])
{
    uint64_t before = p->older_value, after = p->value, size;
    bool up = after >= before;
    delta[0] = percent[0] = '\0';
    if (!p->has_older)
        return;
    if (!p->older_has_value || !p->has_value) {
        if (p->changed)
            snprintf(delta, HG_HISTORY_CHANGE_SIZE, "%s",
                     p->has_value ? "new" : "gone");
        return;
    }
    size = up ? after - before : before - after;
    if (size == 0) {
        snprintf(delta, HG_HISTORY_CHANGE_SIZE, "=");
        return;
    }
    snprintf(delta, HG_HISTORY_CHANGE_SIZE, "%c%" PRIu64, up ? '+' : '-',
             size);
    if (before != 0)
        snprintf(percent, HG_HISTORY_CHANGE_SIZE, "%c%.2f%%", up ? '+' : '-',
                 (double)size * 100.0 / (double)before);
}

/* Where the chart draws: the plot's box and its value range. */
struct frame {
    double left, top, width, height;
    uint64_t low, high;
    size_t commits;
};

static double x_of(const struct frame *f, size_t commit)
{
    if (f->commits < 2)
        return f->left + f->width / 2;
    return f->left + f->width * (double)commit / (double)(f->commits - 1);
}

static double y_of(const struct frame *f, uint64_t value)
{
    if (f->high == f->low)
        return f->top + f->height / 2;
    return f->top + f->height
           - f->height * (double)(value - f->low)
             / (double)(f->high - f->low);
}

/* The functions of P's benchmark and architecture that changed at its
   commit, the largest changes first: up to MOVED_SHOWN lines. */
struct moved {
    const struct hg_history_point *point;
    const char *name;
    uint64_t size;
};

static int compare_moved(const void *a, const void *b)
{
    const struct moved *x = a, *y = b;
    if (x->size != y->size)
        return x->size > y->size ? -1 : 1;
    return strcmp(x->name, y->name);
}

static uint64_t change_size(const struct hg_history_point *p)
{
    if (!p->has_value || !p->older_has_value)
        return p->has_value ? p->value : p->older_value;
    return p->value >= p->older_value ? p->value - p->older_value
                                      : p->older_value - p->value;
}

static void print_moved(FILE *out, const struct hg_history_site *site,
                        const struct hg_history_site_series *s,
                        size_t commit)
{
    const struct hg_history_site_commit *c = &site->commits[commit];
    struct moved *moved = hg_xcalloc(c->change_count + 1, sizeof *moved);
    size_t count = 0, i;
    for (i = 0; i < c->change_count; i++) {
        const struct hg_history_site_series *m =
            &site->series[c->changes[i].series];
        if (m->benchmark != s->benchmark || m->arch != s->arch
            || m->function == HG_HISTORY_SITE_NONE)
            continue;
        moved[count].point = &m->log->points[c->changes[i].point];
        moved[count].name = m->log->name;
        moved[count].size = change_size(moved[count].point);
        count++;
    }
    qsort(moved, count, sizeof *moved, compare_moved);
    for (i = 0; i < count && i < MOVED_SHOWN; i++) {
        char delta[HG_HISTORY_CHANGE_SIZE], percent[HG_HISTORY_CHANGE_SIZE];
        hg_history_change_text(moved[i].point, delta, percent);
        fputs(i == 0 ? "\nmoved:\n  " : "\n  ", out);
        hg_history_html_text(out, moved[i].name);
        fprintf(out, " %s%s%s%s", delta, percent[0] ? " (" : "", percent,
                percent[0] ? ")" : "");
    }
    if (count > MOVED_SHOWN)
        fprintf(out, "\n  and %zu more", count - MOVED_SHOWN);
    free(moved);
}

/* The <title> of point J of S: commit, value, change, moved functions. */
static void print_point_title(FILE *out, const struct hg_history_site *site,
                              const struct hg_history_site_series *s,
                              size_t j)
{
    const struct hg_history_point *p = &s->log->points[j];
    const struct hg_history_site_benchmark *b =
        &site->benchmarks[s->benchmark];
    char value[HG_COUNT_TEXT_SIZE];
    char delta[HG_HISTORY_CHANGE_SIZE], percent[HG_HISTORY_CHANGE_SIZE];
    hg_history_change_text(p, delta, percent);
    fprintf(out, "<title>%.12s", p->sha);
    if (p->time != NULL) {
        fputc(' ', out);
        hg_history_html_text(out, p->time);
    }
    fputc('\n', out);
    hg_history_html_text(out, b->arches[s->arch]);
    fprintf(out, ": %s Ir", hg_format_count(p->value, value));
    if (delta[0] != '\0')
        fprintf(out, ", %s%s%s%s", delta, percent[0] ? " (" : "", percent,
                percent[0] ? ")" : "");
    if (s->function == HG_HISTORY_SITE_NONE)
        print_moved(out, site, s, s->commit[j]);
    fputs("</title>", out);
}

/* The identity of S as data attributes, for the tests and a reader of
   the DOM. */
static void print_series_data(FILE *out, const struct hg_history_site *site,
                              const struct hg_history_site_series *s)
{
    const struct hg_history_site_benchmark *b =
        &site->benchmarks[s->benchmark];
    fputs("<g class=\"series\" data-benchmark=\"", out);
    hg_history_html_text(out, b->name);
    fputs("\" data-arch=\"", out);
    hg_history_html_text(out, b->arches[s->arch]);
    fprintf(out, "\" data-kind=\"%s\"",
            s->function == HG_HISTORY_SITE_NONE ? "total" : "function");
    if (s->function != HG_HISTORY_SITE_NONE) {
        fputs(" data-name=\"", out);
        hg_history_html_text(out, s->log->name);
        fputs("\" data-object=\"", out);
        hg_history_html_text(out, s->log->object);
        fputs("\" data-file=\"", out);
        hg_history_html_text(out, s->log->file);
        fputc('"', out);
    }
    fputs(">\n", out);
}

/* The step line of S, oldest to newest, a <polyline> per stretch of
   values: a commit that changed the value is a step at its x. */
static void print_line(FILE *out, const struct frame *f,
                       const struct hg_history_site_series *s,
                       const char *colour, bool small)
{
    bool open = false;
    uint64_t value = 0;
    double end = 0;
    size_t j;
    for (j = s->log->count; j-- > 0;) {
        const struct hg_history_point *p = &s->log->points[j];
        double x = x_of(f, s->commit[j]);
        if (!p->has_value) {
            /* A failed run leaves the line as it was; an absent
               function breaks it. */
            if (open && strcmp(p->status, "ok") == 0) {
                fprintf(out, " %.1f,%.1f\"/>\n", end, y_of(f, value));
                open = false;
            }
            continue;
        }
        if (!open)
            fprintf(out, "<polyline fill=\"none\" stroke=\"%s\""
                    " stroke-width=\"%s\" points=\"%.1f,%.1f", colour,
                    small ? "1.5" : "2", x, y_of(f, p->value));
        else if (p->value != value)
            fprintf(out, " %.1f,%.1f %.1f,%.1f", x, y_of(f, value), x,
                    y_of(f, p->value));
        open = true;
        value = p->value;
        end = x;
    }
    if (open)
        fprintf(out, " %.1f,%.1f\"/>\n", end, y_of(f, value));
}

/* The points of S: its first and last value and every change to a
   value. */
static void print_points(FILE *out, const struct hg_history_site *site,
                         const struct frame *f,
                         const struct hg_history_site_series *s,
                         const struct hg_history_chart *chart,
                         const char *colour)
{
    size_t first = s->log->count, last = s->log->count, j;
    for (j = 0; j < s->log->count; j++)
        if (s->log->points[j].has_value) {
            if (last == s->log->count)
                last = j;
            first = j;
        }
    for (j = s->log->count; j-- > 0;) {
        const struct hg_history_point *p = &s->log->points[j];
        if (!p->has_value || (j != first && j != last && !p->changed))
            continue;
        if (!chart->small)
            fprintf(out, "<a href=\"%s%s\">", chart->root,
                    site->commits[s->commit[j]].page);
        fprintf(out, "<circle class=\"point%s\" cx=\"%.1f\" cy=\"%.1f\""
                " r=\"%s\" fill=\"%s\" data-commit=\"%s\" data-value=\"%"
                PRIu64 "\">", p->changed ? " change" : "",
                x_of(f, s->commit[j]), y_of(f, p->value),
                chart->small ? "2" : "4", colour, p->sha, p->value);
        print_point_title(out, site, s, j);
        fputs(chart->small ? "</circle>\n" : "</circle></a>\n", out);
    }
}

/* The value labels and the first and last commit under the plot. */
static void print_axes(FILE *out, const struct hg_history_site *site,
                       const struct frame *f)
{
    char text[HG_COUNT_TEXT_SIZE];
    fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\""
            " fill=\"#fafafa\" stroke=\"#ccc\"/>\n", f->left, f->top,
            f->width, f->height);
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
            f->left - 6, f->top + 4, hg_format_count(f->high, text));
    if (f->high != f->low)
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s"
                "</text>\n", f->left - 6, f->top + f->height + 4,
                hg_format_count(f->low, text));
    if (site->commit_count > 0)
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\">%.7s</text>\n", f->left,
                f->top + f->height + 16, site->commits[0].sha);
    if (site->commit_count > 1)
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%.7s"
                "</text>\n", f->left + f->width, f->top + f->height + 16,
                site->commits[site->commit_count - 1].sha);
}

void hg_history_svg_chart(FILE *out, const struct hg_history_site *site,
                          const struct hg_history_chart *chart)
{
    struct frame f = { .commits = site->commit_count };
    bool any = false;
    size_t i, j;

    for (i = 0; i < chart->count; i++) {
        const struct hg_history_series *s = site->series[chart->series[i]].log;
        for (j = 0; j < s->count; j++) {
            uint64_t v = s->points[j].value;
            if (!s->points[j].has_value)
                continue;
            if (!any || v < f.low)
                f.low = v;
            if (!any || v > f.high)
                f.high = v;
            any = true;
        }
    }
    if (chart->small) {
        f.left = f.top = 3;
        f.width = chart->width - 6;
        f.height = chart->height - 6;
    } else {
        f.left = 96;
        f.top = 10;
        f.width = chart->width - f.left - 12;
        f.height = chart->height - f.top - 26;
    }
    fprintf(out, "<svg class=\"chart%s\" xmlns=\"http://www.w3.org/2000/svg\""
            " width=\"%u\" height=\"%u\" viewBox=\"0 0 %u %u\">\n",
            chart->small ? " trend" : "", chart->width, chart->height,
            chart->width, chart->height);
    if (!chart->small)
        print_axes(out, site, &f);
    for (i = 0; i < chart->count; i++) {
        const struct hg_history_site_series *s =
            &site->series[chart->series[i]];
        const char *colour = hg_history_arch_colour(s->arch);
        print_series_data(out, site, s);
        print_line(out, &f, s, colour, chart->small);
        print_points(out, site, &f, s, chart, colour);
        fputs("</g>\n", out);
    }
    fputs("</svg>\n", out);
}
