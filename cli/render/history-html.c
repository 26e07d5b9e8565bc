/* hotgrind: the pages of `history html` (history-html.h).
   GPL-2.0-or-later; part of hotgrind. */

/* Every page is one file with all it needs inline: its style, its charts
   (history-svg.c) and a script of a few lines that shows a point's
   <title> as a tooltip.  A Content-Security-Policy allows nothing else
   to load: no network, no eval.  Nothing depends on when the site was
   made, so the same database gives the same bytes. */

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "render/history-html.h"
#include "render/history-svg.h"
#include "util/number.h"
#include "util/utf8.h"
#include "util/xalloc.h"

/* ------------------------------------------------------------- text */

/* What stands for each ASCII character that is markup, or a tab, which
   a parser would turn into a space in an attribute. */
static const char *const markup[0x80] = {
    ['<'] = "&lt;", ['>'] = "&gt;", ['&'] = "&amp;", ['"'] = "&quot;",
    ['\''] = "&#39;", ['\t'] = "&#9;",
};

void hg_history_html_text(FILE *out, const char *text)
{
    const unsigned char *t = (const unsigned char *)text;
    while (*t != '\0') {
        size_t n = hg_utf8_length((const char *)t);
        if (*t < 0x80 && markup[*t] != NULL)
            fputs(markup[*t], out);
        else if (*t < 0x20 || *t == 0x7f || n == 0
                 || (t[0] == 0xc2 && t[1] < 0xa0))      /* C1 controls */
            fputs(HG_UTF8_REPLACEMENT, out);
        else
            fwrite(t, 1, n, out);
        t += n != 0 ? n : 1;
    }
}

/* FORMAT with each %s its argument as hg_history_html_text writes it,
   each %S its argument as it is (a page's path, a SHA: no markup), %z a
   size_t. */
static void html(FILE *out, const char *format, ...)
{
    va_list args;
    const char *f;
    va_start(args, format);
    for (f = format; *f != '\0'; f++) {
        if (*f != '%' || f[1] == '\0') {
            fputc(*f, out);
            continue;
        }
        switch (*++f) {
        case 's': hg_history_html_text(out, va_arg(args, const char *));
            break;
        case 'S': fputs(va_arg(args, const char *), out); break;
        case 'z': fprintf(out, "%zu", va_arg(args, size_t)); break;
        default: fputc(*f, out);
        }
    }
    va_end(args);
}

static void print_count_cell(FILE *out, bool has, uint64_t value)
{
    char text[HG_COUNT_TEXT_SIZE];
    fprintf(out, "<td class=\"n\">%s</td>",
            has ? hg_format_count(value, text) : "absent");
}

/* ------------------------------------------------------- commit urls */

bool hg_history_commit_url_ok(const char *template, char *problem,
                              size_t problem_size)
{
    const char *rest = NULL, *p;
    if (strncasecmp(template, "https://", 8) == 0)
        rest = template + 8;
    else if (strncasecmp(template, "http://", 7) == 0)
        rest = template + 7;
    if (rest == NULL || *rest == '\0' || *rest == '/') {
        snprintf(problem, problem_size, "--commit-url must begin http:// or "
                 "https:// and a host");
        return false;
    }
    for (p = template; *p != '\0'; p++)
        if (*p <= ' ' || *p >= 0x7f || strchr("\"'<>\\`", *p) != NULL) {
            snprintf(problem, problem_size, "--commit-url may hold only "
                     "printable ASCII without quotes, <, >, \\ or `");
            return false;
        }
    if (strstr(template, "{sha}") == NULL) {
        snprintf(problem, problem_size,
                 "--commit-url has no {sha} for the commit");
        return false;
    }
    return true;
}

/* The template with each {sha} replaced by SHA, percent-encoded where
   it is not a letter or a digit (a SHA is hex digits). */
static void print_commit_url(FILE *out, const char *template,
                             const char *sha)
{
    const char *p = template, *at;
    while ((at = strstr(p, "{sha}")) != NULL) {
        const unsigned char *s;
        fwrite(p, 1, (size_t)(at - p), out);
        for (s = (const unsigned char *)sha; *s != '\0'; s++)
            if ((*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'z')
                || (*s >= 'A' && *s <= 'Z'))
                fputc(*s, out);
            else
                fprintf(out, "%%%02X", *s);
        p = at + 5;
    }
    /* The rest: '&' as text, as every attribute. */
    hg_history_html_text(out, p);
}

/* ------------------------------------------------------------- pages */

static const char page_style[] =
    "body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;"
    "margin:1.5em auto;max-width:1000px;padding:0 1em;color:#222}"
    "a{color:#1f5fa4}nav{margin-bottom:1em;color:#666}"
    "h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em}"
    "h3{font-size:1em;margin:1.2em 0 .3em}"
    "table{border-collapse:collapse;margin:.5em 0 1.5em}"
    "th,td{padding:.2em .7em;border-bottom:1px solid #ddd;text-align:left;"
    "vertical-align:middle}"
    "td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}"
    "code{font:13px ui-monospace,Menlo,Consolas,monospace}"
    "svg.chart{display:block;max-width:100%;height:auto}"
    "svg.chart text{font:11px system-ui,sans-serif;fill:#555}"
    "circle.point{cursor:pointer}"
    "circle.point:hover{stroke:#000;stroke-width:2}"
    ".key{display:inline-block;width:1.4em;height:.35em;"
    "vertical-align:middle;margin:0 .3em 0 .8em}"
    ".tip{position:fixed;z-index:9;background:#fff;border:1px solid #888;"
    "padding:.4em .6em;white-space:pre;pointer-events:none;"
    "font:12px ui-monospace,Menlo,Consolas,monospace;"
    "box-shadow:0 2px 6px rgba(0,0,0,.2)}"
    ".up{color:#b3261e}.down{color:#1e7b34}";

/* A point's <title> becomes its data-tip (so the browser shows only one
   tooltip), shown in #tip while the pointer is over the point. */
static const char page_script[] =
    "(function () {\n"
    "  var tip = document.getElementById('tip');\n"
    "  var points = document.querySelectorAll('circle.point');\n"
    "  for (var i = 0; i < points.length; i++) {\n"
    "    var t = points[i].querySelector('title');\n"
    "    if (t) { points[i].setAttribute('data-tip', t.textContent);"
    " t.remove(); }\n"
    "  }\n"
    "  document.addEventListener('mouseover', function (e) {\n"
    "    var p = e.target;\n"
    "    if (!p.hasAttribute || !p.hasAttribute('data-tip')) return;\n"
    "    tip.textContent = p.getAttribute('data-tip');\n"
    "    tip.hidden = false;\n"
    "    var x = Math.min(e.clientX + 14,"
    " window.innerWidth - tip.offsetWidth - 4);\n"
    "    tip.style.left = Math.max(0, x) + 'px';\n"
    "    tip.style.top = (e.clientY + 14) + 'px';\n"
    "  });\n"
    "  document.addEventListener('mouseout', function (e) {\n"
    "    var p = e.target;\n"
    "    if (p.hasAttribute && p.hasAttribute('data-tip')) tip.hidden = true;\n"
    "  });\n"
    "})();\n";

/* The head and the navigation line; the page's title is WHAT NAME (both
   may be NULL) and the site's. */
static void page_start(FILE *out, const struct hg_history_site *site,
                       const struct hg_history_html_style *style,
                       const char *root, const char *what, const char *name)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
          "<meta charset=\"utf-8\">\n"
          "<meta http-equiv=\"Content-Security-Policy\" content=\""
          "default-src 'none'; style-src 'unsafe-inline'; "
          "script-src 'unsafe-inline'\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, "
          "initial-scale=1\">\n<title>", out);
    if (what != NULL)
        html(out, "%S %s \xc2\xb7 ", what, name);
    html(out, "%s</title>\n<style>%S</style>\n</head>\n<body>\n"
         "<nav><a href=\"%Sindex.html\">%s</a> \xc2\xb7 branch <code>%s"
         "</code></nav>\n", style->title, page_style, root, style->title,
         site->branch[0] != '\0' ? site->branch : "(none)");
}

static void page_end(FILE *out)
{
    fprintf(out, "<div id=\"tip\" class=\"tip\" hidden></div>\n"
            "<script>\n%s</script>\n</body>\n</html>\n", page_script);
}

/* A link to commit C's page, its SHA's first 7 digits as text. */
static void print_commit_link(FILE *out, const struct hg_history_site *site,
                              const char *root, size_t c)
{
    fprintf(out, "<a href=\"%s%s\"><code>%.7s</code></a>", root,
            site->commits[c].page, site->commits[c].sha);
}

/* The colour key of B's architectures. */
static void print_legend(FILE *out, const struct hg_history_site_benchmark *b,
                         const size_t *archs, size_t count)
{
    size_t i;
    fputs("<p class=\"legend\">", out);
    for (i = 0; i < count; i++) {
        html(out, "<span class=\"key\" style=\"background:%S\"></span>%s",
             hg_history_arch_colour(archs[i]), b->arches[archs[i]]);
    }
    fputs("</p>\n", out);
}

/* Before, after, change and percent of P as cells. */
static void print_change_cells(FILE *out, const struct hg_history_point *p)
{
    char delta[HG_HISTORY_CHANGE_SIZE], percent[HG_HISTORY_CHANGE_SIZE];
    const char *direction = "";
    hg_history_change_text(p, delta, percent);
    if (delta[0] == '+')
        direction = " up";
    else if (delta[0] == '-')
        direction = " down";
    print_count_cell(out, p->older_has_value, p->older_value);
    print_count_cell(out, p->has_value, p->value);
    fprintf(out, "<td class=\"n%s\">%s</td><td class=\"n%s\">%s</td>",
            direction, delta, direction, percent);
}

/* <tr> of a change, its figures (and FUNCTION's page when not NULL) as
   data attributes ("" for absent). */
static void print_change_row(FILE *out, const struct hg_history_point *p,
                             const struct hg_history_site_function *function)
{
    fputs("<tr class=\"change\"", out);
    if (function != NULL)
        fprintf(out, " data-function=\"%s\"", function->page);
    fprintf(out, " data-commit=\"%s\" data-before=\"", p->sha);
    if (p->older_has_value)
        fprintf(out, "%" PRIu64, p->older_value);
    fputs("\" data-after=\"", out);
    if (p->has_value)
        fprintf(out, "%" PRIu64, p->value);
    fputs("\">", out);
}

static const char change_head[] =
    "<th class=\"n\">Before</th><th class=\"n\">After</th>"
    "<th class=\"n\">Change</th><th class=\"n\">%</th></tr>\n";

/* A function's name linked to its page, then its object and file. */
static void print_function_cell(FILE *out,
                                const struct hg_history_site_function *f,
                                const char *root)
{
    html(out, "<td><a href=\"%S%S\"><code>%s</code></a>", root, f->page,
         f->name);
    if (f->object[0] != '\0' || f->file[0] != '\0')
        html(out, " <small>%s%S%s</small>", f->object,
             f->object[0] != '\0' && f->file[0] != '\0' ? ", " : "",
             f->file);
    fputs("</td>", out);
}

static size_t change_count(const struct hg_history_series *s)
{
    size_t j, n = 0;
    for (j = 0; j < s->count; j++)
        n += s->points[j].changed;
    return n;
}

/* ------------------------------------------------------------- index */

void hg_render_history_html_index(FILE *out,
                                  const struct hg_history_site *site,
                                  const struct hg_history_html_style *style)
{
    size_t b, a, c;
    page_start(out, site, style, "", NULL, NULL);
    html(out, "<h1>%s</h1>\n<p>%z commits along first parents, from ",
         style->title, site->commit_count);
    print_commit_link(out, site, "", 0);
    fputs(" to ", out);
    print_commit_link(out, site, "", site->commit_count - 1);
    fputs(". Each line is a benchmark's total Ir (instructions executed);"
          " a dot marks its first and last value and each commit that"
          " changed it.</p>\n<table class=\"benchmarks\">\n<tr>"
          "<th>Benchmark</th><th>Architecture</th><th>Total Ir along the"
          " branch</th><th class=\"n\">Latest</th><th class=\"n\">Changes"
          "</th></tr>\n", out);
    for (b = 0; b < site->benchmark_count; b++) {
        const struct hg_history_site_benchmark *bench = &site->benchmarks[b];
        for (a = 0; a < bench->arch_count; a++) {
            const struct hg_history_site_series *s =
                &site->series[bench->totals[a]];
            struct hg_history_chart chart = {
                .series = &bench->totals[a], .count = 1, .width = 260,
                .height = 44, .small = true, .root = "",
            };
            size_t j;
            html(out, "<tr><td><a href=\"%S\"><code>%s</code></a></td>"
                 "<td>%s</td><td><a href=\"%S\">", bench->page, bench->name,
                 bench->arches[a], bench->page);
            hg_history_svg_chart(out, site, &chart);
            fputs("</a></td>", out);
            for (j = 0; j < s->log->count && !s->log->points[j].has_value;
                 j++)
                ;
            print_count_cell(out, j < s->log->count,
                             j < s->log->count ? s->log->points[j].value : 0);
            fprintf(out, "<td class=\"n\">%zu</td></tr>\n",
                    change_count(s->log));
        }
    }
    fputs("</table>\n<h2>Commits</h2>\n<table class=\"commits\">\n<tr>"
          "<th>Commit</th><th>Time</th><th class=\"n\">Figures changed</th>"
          "</tr>\n", out);
    for (c = site->commit_count; c-- > 0;) {
        fputs("<tr><td>", out);
        print_commit_link(out, site, "", c);
        html(out, "</td><td>%s</td><td class=\"n\">%z</td></tr>\n",
             site->commits[c].time != NULL ? site->commits[c].time : "",
             site->commits[c].change_count);
    }
    fputs("</table>\n", out);
    page_end(out);
}

/* --------------------------------------------------------- benchmark */

/* The newest commit where both series have a value, or NONE. */
static size_t newest_common(const struct hg_history_site *site, size_t one,
                            size_t other)
{
    size_t c;
    for (c = site->commit_count; c-- > 0;) {
        const struct hg_history_point *p =
            hg_history_site_point_at(site, one, c);
        const struct hg_history_point *q =
            hg_history_site_point_at(site, other, c);
        if (p != NULL && q != NULL && p->has_value && q->has_value)
            return c;
    }
    return HG_HISTORY_SITE_NONE;
}

/* A function's value on an architecture at a commit. */
struct ratio_row {
    size_t function;
    bool has_base, has_other;
    uint64_t base, other;
};

static int compare_ratio_rows(const void *a, const void *b)
{
    const struct ratio_row *x = a, *y = b;
    if (x->base != y->base)
        return x->base > y->base ? -1 : 1;
    if (x->other != y->other)
        return x->other > y->other ? -1 : 1;
    return x->function < y->function ? -1 : x->function > y->function;
}

/* The value of function F's series on ARCH at commit C. */
static bool function_value(const struct hg_history_site *site,
                           const struct hg_history_site_function *f,
                           size_t arch, size_t c, uint64_t *value)
{
    size_t i;
    for (i = 0; i < f->series_count; i++)
        if (site->series[f->series[i]].arch == arch) {
            const struct hg_history_point *p =
                hg_history_site_point_at(site, f->series[i], c);
            if (p != NULL && p->has_value) {
                *value = p->value;
                return true;
            }
        }
    return false;
}

static void print_ratio_cells(FILE *out, bool has_base, uint64_t base,
                              bool has_other, uint64_t other)
{
    print_count_cell(out, has_base, base);
    print_count_cell(out, has_other, other);
    if (has_base && has_other && base != 0)
        fprintf(out, "<td class=\"n\">%.3f</td>",
                (double)other / (double)base);
    else
        fputs("<td class=\"n\">\xe2\x80\x93</td>", out);
}

/* OTHER's Ir over BASE's, per function, at their newest common commit. */
static void print_ratios(FILE *out, const struct hg_history_site *site,
                         const struct hg_history_site_benchmark *b,
                         size_t base, size_t other)
{
    size_t c = newest_common(site, b->totals[base], b->totals[other]);
    struct ratio_row *rows;
    size_t count = 0, i;

    html(out, "<h2>%s / %s</h2>\n", b->arches[other], b->arches[base]);
    if (c == HG_HISTORY_SITE_NONE) {
        fputs("<p>No commit has runs of both.</p>\n", out);
        return;
    }
    fputs("<p>Each function's Ir on one over the other at ", out);
    print_commit_link(out, site, "../", c);
    html(out, ", the newest commit run on both.</p>\n<table class=\"ratio\""
         " data-commit=\"%S\" data-base=\"%s\" data-other=\"%s\">\n<tr>"
         "<th>Function</th><th class=\"n\">%s</th><th class=\"n\">%s</th>"
         "<th class=\"n\">Ratio</th></tr>\n<tr><td>Total</td>",
         site->commits[c].sha, b->arches[base], b->arches[other],
         b->arches[base], b->arches[other]);
    {
        const struct hg_history_point *p =
            hg_history_site_point_at(site, b->totals[base], c);
        const struct hg_history_point *q =
            hg_history_site_point_at(site, b->totals[other], c);
        print_ratio_cells(out, true, p->value, true, q->value);
    }
    fputs("</tr>\n", out);
    rows = hg_xcalloc(b->function_count + 1, sizeof *rows);
    for (i = 0; i < b->function_count; i++) {
        const struct hg_history_site_function *f =
            &site->functions[b->first_function + i];
        struct ratio_row *r = &rows[count];
        r->function = b->first_function + i;
        r->has_base = function_value(site, f, base, c, &r->base);
        r->has_other = function_value(site, f, other, c, &r->other);
        if (r->has_base || r->has_other)
            count++;
    }
    qsort(rows, count, sizeof *rows, compare_ratio_rows);
    for (i = 0; i < count; i++) {
        fprintf(out, "<tr data-function=\"%s\">",
                site->functions[rows[i].function].page);
        print_function_cell(out, &site->functions[rows[i].function], "../");
        print_ratio_cells(out, rows[i].has_base, rows[i].base,
                          rows[i].has_other, rows[i].other);
        fputs("</tr>\n", out);
    }
    fputs("</table>\n", out);
    free(rows);
}

/* The architecture indexes of F's series. */
static void function_archs(const struct hg_history_site *site,
                           const struct hg_history_site_function *f,
                           size_t *archs)
{
    size_t i;
    for (i = 0; i < f->series_count; i++)
        archs[i] = site->series[f->series[i]].arch;
}

void hg_render_history_html_benchmark(FILE *out,
                                      const struct hg_history_site *site,
                                      size_t benchmark,
                                      const struct hg_history_html_style *style)
{
    const struct hg_history_site_benchmark *b = &site->benchmarks[benchmark];
    struct hg_history_chart chart = {
        .series = b->totals, .count = b->arch_count, .width = 800,
        .height = 260, .root = "../",
    };
    size_t *archs = hg_xcalloc(b->arch_count + 1, sizeof *archs);
    size_t i, a, base = 0;

    page_start(out, site, style, "../", "Benchmark", b->name);
    html(out, "<h1>Benchmark <code>%s</code></h1>\n", b->name);
    for (a = 0; a < b->arch_count; a++)
        archs[a] = a;
    print_legend(out, b, archs, b->arch_count);
    fputs("<h2>Total Ir</h2>\n<p>A dot marks a commit that changed the total"
          " (and the first and last value): point at it for the functions"
          " that moved there, click it for the commit's page.</p>\n", out);
    hg_history_svg_chart(out, site, &chart);
    fprintf(out, "<h2>Top functions</h2>\n<p>The %zu of the largest latest"
            " Ir.</p>\n", b->top_count);
    for (i = 0; i < b->top_count; i++) {
        const struct hg_history_site_function *f = &site->functions[b->top[i]];
        struct hg_history_chart fchart = {
            .series = f->series, .count = f->series_count, .width = 800,
            .height = 170, .root = "../",
        };
        html(out, "<h3><a href=\"../%S\"><code>%s</code></a></h3>\n",
             f->page, f->name);
        hg_history_svg_chart(out, site, &fchart);
    }
    for (a = 0; a < b->arch_count; a++)
        if (strcmp(b->arches[a], "amd64") == 0)
            base = a;
    for (a = 0; a < b->arch_count; a++)
        if (a != base)
            print_ratios(out, site, b, base, a);
    fputs("<h2>Every function</h2>\n<table class=\"functions\">\n<tr>"
          "<th>Function</th>", out);
    for (a = 0; a < b->arch_count; a++) {
        html(out, "<th class=\"n\">%s latest</th><th class=\"n\">changes"
             "</th>", b->arches[a]);
    }
    fputs("</tr>\n", out);
    for (i = 0; i < b->function_count; i++) {
        const struct hg_history_site_function *f =
            &site->functions[b->first_function + i];
        fputs("<tr>", out);
        print_function_cell(out, f, "../");
        for (a = 0; a < b->arch_count; a++) {
            const struct hg_history_series *s = NULL;
            size_t k, j;
            for (k = 0; k < f->series_count; k++)
                if (site->series[f->series[k]].arch == a)
                    s = site->series[f->series[k]].log;
            for (j = 0; s != NULL && j < s->count
                 && !s->points[j].has_value; j++)
                ;
            print_count_cell(out, s != NULL && j < s->count,
                             s != NULL && j < s->count ? s->points[j].value
                                                       : 0);
            fprintf(out, "<td class=\"n\">%zu</td>",
                    s != NULL ? change_count(s) : 0);
        }
        fputs("</tr>\n", out);
    }
    fputs("</table>\n", out);
    free(archs);
    page_end(out);
}

/* ---------------------------------------------------------- function */

void hg_render_history_html_function(FILE *out,
                                     const struct hg_history_site *site,
                                     size_t function,
                                     const struct hg_history_html_style *style)
{
    const struct hg_history_site_function *f = &site->functions[function];
    const struct hg_history_site_benchmark *b = &site->benchmarks[f->benchmark];
    struct hg_history_chart chart = {
        .series = f->series, .count = f->series_count, .width = 800,
        .height = 240, .root = "../",
    };
    size_t *archs = hg_xcalloc(f->series_count + 1, sizeof *archs);
    size_t i, j;

    page_start(out, site, style, "../", "Function", f->name);
    html(out, "<h1>Function <code>%s</code></h1>\n<p>Object <code>%s</code>,"
         " file <code>%s</code>, benchmark <a href=\"../%S\"><code>%s</code>"
         "</a>. Its self Ir.</p>\n", f->name, f->object, f->file, b->page,
         b->name);
    function_archs(site, f, archs);
    print_legend(out, b, archs, f->series_count);
    hg_history_svg_chart(out, site, &chart);
    for (i = 0; i < f->series_count; i++) {
        const struct hg_history_site_series *s = &site->series[f->series[i]];
        size_t changes = change_count(s->log);
        html(out, "<h2>Changes on %s</h2>\n", b->arches[s->arch]);
        if (changes == 0) {
            fputs("<p>None along the branch.</p>\n", out);
            continue;
        }
        html(out, "<table class=\"changes\" data-arch=\"%s\">\n<tr><th>Commit"
             "</th><th>Time</th>%S", b->arches[s->arch], change_head);
        for (j = 0; j < s->log->count; j++) {
            const struct hg_history_point *p = &s->log->points[j];
            if (!p->changed)
                continue;
            print_change_row(out, p, NULL);
            fputs("<td>", out);
            print_commit_link(out, site, "../", s->commit[j]);
            html(out, "</td><td>%s</td>", p->time != NULL ? p->time : "");
            print_change_cells(out, p);
            fputs("</tr>\n", out);
        }
        fputs("</table>\n", out);
    }
    free(archs);
    page_end(out);
}

/* ------------------------------------------------------------ commit */

/* What changed at C in the run of B on ARCH: its total, its functions. */
static void print_commit_run(FILE *out, const struct hg_history_site *site,
                             size_t c, size_t benchmark, size_t arch)
{
    const struct hg_history_site_benchmark *b = &site->benchmarks[benchmark];
    const struct hg_history_site_commit *commit = &site->commits[c];
    const struct hg_history_point *total =
        hg_history_site_point_at(site, b->totals[arch], c);
    char value[HG_COUNT_TEXT_SIZE];
    char delta[HG_HISTORY_CHANGE_SIZE], percent[HG_HISTORY_CHANGE_SIZE];
    size_t i, rows = 0;

    if (total == NULL)
        return;
    html(out, "<h2><a href=\"../%S\"><code>%s</code></a> on %s</h2>\n",
         b->page, b->name, b->arches[arch]);
    if (!total->has_value) {
        html(out, "<p>The run %s: it has no figures.</p>\n", total->status);
        return;
    }
    hg_history_change_text(total, delta, percent);
    fprintf(out, "<p class=\"total\" data-value=\"%" PRIu64 "\">Total Ir %s",
            total->value, hg_format_count(total->value, value));
    if (total->changed)
        fprintf(out, ": %s%s%s%s from ", delta, percent[0] ? " (" : "",
                percent, percent[0] ? ")" : "");
    else if (total->has_older)
        fputs(", unchanged", out);
    if (total->changed && total->older_has_value)
        fprintf(out, "%s", hg_format_count(total->older_value, value));
    else if (total->changed)
        fputs("absent", out);
    fputs(".</p>\n", out);
    for (i = 0; i < commit->change_count; i++) {
        const struct hg_history_site_series *s =
            &site->series[commit->changes[i].series];
        const struct hg_history_point *p =
            &s->log->points[commit->changes[i].point];
        if (s->benchmark != benchmark || s->arch != arch
            || s->function == HG_HISTORY_SITE_NONE)
            continue;
        if (rows++ == 0) {
            html(out, "<table class=\"changes\" data-benchmark=\"%s\""
                 " data-arch=\"%s\">\n<tr><th>Function</th>%S", b->name,
                 b->arches[arch], change_head);
        }
        print_change_row(out, p, &site->functions[s->function]);
        print_function_cell(out, &site->functions[s->function], "../");
        print_change_cells(out, p);
        fputs("</tr>\n", out);
    }
    if (rows > 0)
        fputs("</table>\n", out);
    else if (total->has_older)
        fputs("<p>No function's Ir changed from the run before.</p>\n", out);
}

void hg_render_history_html_commit(FILE *out,
                                   const struct hg_history_site *site,
                                   size_t commit,
                                   const struct hg_history_html_style *style)
{
    const struct hg_history_site_commit *c = &site->commits[commit];
    size_t b, a;

    page_start(out, site, style, "../", "Commit", c->sha);
    fprintf(out, "<h1>Commit <code>%s</code></h1>\n<p>", c->sha);
    if (c->time != NULL)
        html(out, "%s. ", c->time);
    if (style->commit_url != NULL) {
        fputs("<a class=\"commit-url\" rel=\"noopener noreferrer\" href=\"",
              out);
        print_commit_url(out, style->commit_url, c->sha);
        fputs("\">The commit</a>. ", out);
    }
    if (commit > 0) {
        fputs("Before it: ", out);
        print_commit_link(out, site, "../", commit - 1);
        fputs(". ", out);
    }
    if (commit + 1 < site->commit_count) {
        fputs("After it: ", out);
        print_commit_link(out, site, "../", commit + 1);
        fputs(".", out);
    }
    fputs("</p>\n", out);
    for (b = 0; b < site->benchmark_count; b++)
        for (a = 0; a < site->benchmarks[b].arch_count; a++)
            print_commit_run(out, site, commit, b, a);
    page_end(out);
}
