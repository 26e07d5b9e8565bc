/* hotgrind: flame graphs of a report's calling contexts as
   self-contained SVG (export --format=svg, diff --format=svg).
   GPL-2.0-or-later; part of hotgrind. */

/* docs/export.md says what each output holds.  The frames are
   report/contexts.c's tree: each as wide as its own figure plus its
   children's, so the whole width is the run's total.  Everything is
   computed in integers and written by hand: the same report always gives
   the same bytes. */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "xml/xml-text.h"
#include "compare/diff.h"
#include "render/flamegraph.h"
#include "render/text.h"
#include "report/contexts.h"
#include "report/report.h"
#include "util/hash.h"
#include "util/number.h"
#include "util/xalloc.h"

/* ------------------------------------------------------------- SVG */

/* Geometry, in pixels: the frames between a header and a footer. */
enum {
    MARGIN = 10,
    FRAME_HEIGHT = 16,           /* a row: 15 of box, 1 of gap */
    HEADER = 64,
    FOOTER = 34,
    NOTE_LINE = 16,
    /* The narrowest frame drawn, in hundredths of a pixel. */
    MIN_FRAME_HUNDREDTHS = 10,
    /* A label's character, in hundredths of a pixel (12 px monospace),
       and the room around it (the script's hgLabel says the same). */
    CHAR_HUNDREDTHS = 720,
    LABEL_PADDING_HUNDREDTHS = 600,
    /* Stacks deeper than this show their last frames only. */
    STACK_SHOWN = 40,
    /* Frames of BASE that HEAD lacks, listed in the differential graph. */
    GONE_LISTED = 10,
};

/* VALUE's share of TOTAL of PLOT pixels, in hundredths of a pixel. */
static uint64_t hundredths(uint64_t value, uint64_t total, unsigned plot)
{
    if (total == 0)
        return 0;
    return (uint64_t)((unsigned __int128)value * plot * 100 / total);
}

static void print_hundredths(FILE *out, uint64_t h)
{
    fprintf(out, "%" PRIu64 ".%02u", h / 100, (unsigned)(h % 100));
}

/* The colour of a frame of the plain graph: warm, fixed by its name. */
static void name_colour(const struct hg_frame *f, char colour[32])
{
    uint64_t h;
    if (!f->from_context) {
        snprintf(colour, 32, "rgb(200,200,200)");
        return;
    }
    h = hg_fnv1a(HG_FNV1A_BASIS, f->name);
    snprintf(colour, 32, "rgb(%u,%u,%u)", 205 + (unsigned)(h % 51),
             80 + (unsigned)((h >> 16) % 150),
             40 + (unsigned)((h >> 40) % 40));
}

/* How many characters of TEXT (UTF-8) fit in WIDTH hundredths of a pixel:
   its length in bytes when all, else a cut before a character and room for
   "..", or 0 for none. */
static size_t label_bytes(const char *text, uint64_t width, bool *cut)
{
    uint64_t room = width > LABEL_PADDING_HUNDREDTHS
                    ? (width - LABEL_PADDING_HUNDREDTHS) / CHAR_HUNDREDTHS
                    : 0;
    size_t chars = 0, i, keep = 0;

    *cut = false;
    for (i = 0; text[i]; i++)
        if (((unsigned char)text[i] & 0xc0) != 0x80)
            chars++;
    if (chars <= room)
        return i;
    if (room < 3)
        return 0;
    *cut = true;
    for (i = 0, chars = 0; text[i]; i++) {
        if (((unsigned char)text[i] & 0xc0) != 0x80 && chars++ == room - 2)
            break;
        keep = i + 1;
    }
    return keep;
}

/* The stack of frame F, root first, without "all": its last STACK_SHOWN
   frames after "...;" when deeper. */
static void print_stack(FILE *out, const struct hg_frame_tree *t, size_t f)
{
    size_t path[STACK_SHOWN], n = 0, i;
    for (; f != HG_NO_FRAME && t->frames[f].parent != HG_NO_FRAME
           && n < STACK_SHOWN;
         f = t->frames[f].parent)
        path[n++] = f;
    if (f != HG_NO_FRAME && t->frames[f].parent != HG_NO_FRAME)
        fputs("...;", out);
    for (i = n; i-- > 0;) {
        hg_print_xml_text(out, t->frames[path[i]].name);
        if (i > 0)
            fputc(';', out);
    }
}

static void print_count(FILE *out, uint64_t value)
{
    char text[HG_COUNT_TEXT_SIZE];
    fputs(hg_format_count(value, text), out);
}

static void print_share(FILE *out, uint64_t part, uint64_t whole)
{
    char text[HG_PERCENT_TEXT_SIZE];
    fputs(hg_format_percent(part, whole, text), out);
}

/* What a graph is drawn from: HEAD's tree, and for a differential one
   BASE's. */
struct drawing {
    FILE *out;
    const struct hg_flame_metric *metric;
    struct hg_frame_tree *head;
    struct hg_frame_tree *base;  /* NULL: a plain graph */
    unsigned width, plot;
    size_t levels;               /* rows of frames drawn */
    int64_t largest_change;      /* of a frame's self, in magnitude */
};

/* A signed difference, HEAD - BASE, saturated. */
static int64_t change(uint64_t base, uint64_t head)
{
    if (head >= base)
        return head - base > (uint64_t)INT64_MAX ? INT64_MAX
               : (int64_t)(head - base);
    return base - head > (uint64_t)INT64_MAX ? -INT64_MAX
           : -(int64_t)(base - head);
}

static uint64_t magnitude(int64_t value)
{
    return value < 0 ? (uint64_t)-value : (uint64_t)value;
}

/* The base frame's self, or 0 for a frame new in HEAD. */
static uint64_t base_self(const struct drawing *d, const struct hg_frame *f)
{
    return f->other != HG_NO_FRAME ? d->base->frames[f->other].self : 0;
}

/* The colour of a frame of the differential graph: red when its self
   grew, blue when it shrank, the deeper the more it changed next to the
   largest change; grey when the same. */
static void change_colour(const struct drawing *d, const struct hg_frame *f,
                          char colour[32])
{
    int64_t delta = change(base_self(d, f), f->self);
    unsigned shade;
    if (delta == 0 || d->largest_change == 0) {
        snprintf(colour, 32, "rgb(224,224,224)");
        return;
    }
    shade = 215 - (unsigned)((unsigned __int128)magnitude(delta) * 185
                             / (uint64_t)d->largest_change);
    if (delta > 0)
        snprintf(colour, 32, "rgb(255,%u,%u)", shade, shade);
    else
        snprintf(colour, 32, "rgb(%u,%u,255)", shade, shade);
}

/* "+24 (+25.00%)", "-3 (-1.20%)", "+5 (new)", "0 (0.00%)". */
static void print_change(FILE *out, uint64_t base, uint64_t head)
{
    char delta[HG_DIFF_TEXT_SIZE], percent[HG_DIFF_TEXT_SIZE];
    fputs(hg_diff_signed(base, head, delta), out);
    if (base == 0 && head > 0)
        fputs(" (new)", out);
    else
        fprintf(out, " (%s)", hg_diff_signed_percent(base, head, percent));
}

/* "\nWHAT M: base B, head H, CHANGE". */
static void print_base_head(FILE *out, const char *what, const char *m,
                            uint64_t base, uint64_t head)
{
    fprintf(out, "\n%s %s: base ", what, m);
    print_count(out, base);
    fputs(", head ", out);
    print_count(out, head);
    fputs(", ", out);
    print_change(out, base, head);
}

/* The <title> of frame I: its stack and figures. */
static void print_tooltip(const struct drawing *d, size_t i)
{
    const struct hg_frame *f = &d->head->frames[i];
    uint64_t all = d->head->frames[0].total;
    FILE *out = d->out;
    const char *m = d->metric->name;

    fputs("<title>", out);
    print_stack(out, d->head, i);
    if (f->parent == HG_NO_FRAME)
        fputs("all", out);
    if (d->base != NULL) {
        const struct hg_frame *b = f->other != HG_NO_FRAME
                                ? &d->base->frames[f->other] : NULL;
        print_base_head(out, "self", m, b ? b->self : 0, f->self);
        print_base_head(out, "width (self and above)", m,
                        b ? b->total : 0, f->total);
        if (f->from_context) {
            fputs("\ncalls: base ", out);
            print_count(out, b ? b->calls : 0);
            fputs(", head ", out);
            print_count(out, f->calls);
        }
        if (b == NULL)
            fputs("\n(not in base)", out);
        fputs("</title>", out);
        return;
    }
    fprintf(out, "\nself: ");
    print_count(out, f->self);
    fprintf(out, " %s (", m);
    print_share(out, f->self, all);
    fputs(")", out);
    if (f->from_context) {
        fputs("\ninclusive: ", out);
        print_count(out, f->inclusive);
        fprintf(out, " %s (", m);
        print_share(out, f->inclusive, all);
        fputs(")\ncalls: ", out);
        print_count(out, f->calls);
    }
    if (!f->from_context || f->inclusive != f->total) {
        fputs("\nwidth (self and above): ", out);
        print_count(out, f->total);
        fprintf(out, " %s (", m);
        print_share(out, f->total, all);
        fputs(")", out);
    }
    fputs("</title>", out);
}

/* Frame I as a group: its figures for the script, its tooltip, its box
   and its label. */
static void draw_frame(const struct drawing *d, size_t i)
{
    const struct hg_frame *f = &d->head->frames[i];
    uint64_t all = d->head->frames[0].total;
    uint64_t x = (uint64_t)MARGIN * 100 + hundredths(f->offset, all, d->plot);
    uint64_t w = all == 0 ? (uint64_t)d->plot * 100
                 : hundredths(f->total, all, d->plot);
    unsigned y = HEADER + (unsigned)(d->levels - 1 - f->depth) * FRAME_HEIGHT;
    char colour[32];
    size_t label;
    bool cut;
    FILE *out = d->out;

    if (d->base != NULL)
        change_colour(d, f, colour);
    else
        name_colour(f, colour);
    fprintf(out, "<g class=\"f\" id=\"f%zu\"", i);
    if (f->parent != HG_NO_FRAME)
        fprintf(out, " data-p=\"f%zu\"", f->parent);
    fputs(" data-n=\"", out);
    hg_print_xml_text(out, f->name);
    fprintf(out, "\" data-s=\"%" PRIu64 "\" data-v=\"%" PRIu64 "\" "
            "data-x=\"%" PRIu64 "\" data-d=\"%zu\" data-c=\"%s\"", f->self,
            f->total, f->offset, f->depth, colour);
    if (d->base != NULL && f->other != HG_NO_FRAME)
        fprintf(out, " data-b=\"%" PRIu64 "\"",
                d->base->frames[f->other].self);
    fputs(">", out);
    print_tooltip(d, i);
    fputs("<rect x=\"", out);
    print_hundredths(out, x);
    fprintf(out, "\" y=\"%u\" width=\"", y);
    print_hundredths(out, w);
    fprintf(out, "\" height=\"%d\" fill=\"%s\" rx=\"2\" ry=\"2\"/>",
            FRAME_HEIGHT - 1, colour);
    label = label_bytes(f->name, w, &cut);
    fputs("<text x=\"", out);
    print_hundredths(out, x + 300);
    fprintf(out, "\" y=\"%u\">", y + 11);
    if (label > 0) {
        char *shown = hg_xstrndup(f->name, label);
        hg_print_xml_text(out, shown);
        free(shown);
        if (cut)
            fputs("..", out);
    }
    fputs("</text></g>\n", out);
}

/* Search and zoom, run by the viewer: no network, nothing outside this
   file.  hgSearch(TEXT) highlights the frames whose name matches TEXT (a
   regular expression, or plain text when it is not one) and returns and
   shows the share of the width they cover, counting nested matches once;
   a click on a frame zooms to it, hgReset() undoes both.  That share is
   the one percentage not made by hg_format_fraction: the viewer computes
   it from a search typed after the file was written, with toFixed in
   floating point, so a tie may round either way there. */
static const char script[] =
    "var hg = { frames: [], plot: 0, left: 0 };\n"
    "function hgNum(g, name) { return Number(g.getAttribute(name)); }\n"
    "function hgInit() {\n"
    "  var list = document.getElementsByClassName('f'), i;\n"
    "  var box = document.getElementById('f0').getElementsByTagName('rect')[0];\n"
    "  hg.left = Number(box.getAttribute('x'));\n"
    "  hg.plot = Number(box.getAttribute('width'));\n"
    "  for (i = 0; i < list.length; i++) {\n"
    "    hg.frames.push(list[i]);\n"
    "    list[i].addEventListener('click', hgClick);\n"
    "    list[i].addEventListener('mouseover', hgShow);\n"
    "  }\n"
    "}\n"
    "function hgShow(event) {\n"
    "  var title = event.currentTarget.getElementsByTagName('title')[0];\n"
    "  document.getElementById('details').textContent =\n"
    "    title.textContent.split('\\n').slice(0, 2).join('  ');\n"
    "}\n"
    "function hgLabel(g, width) {\n"
    "  var name = g.getAttribute('data-n'), room;\n"
    "  var chars = Array.from(name);\n"
    "  room = Math.floor((width * 100 - 600) / 720);\n"
    "  if (chars.length <= room) return name;\n"
    "  if (room < 3) return '';\n"
    "  return chars.slice(0, room - 2).join('') + '..';\n"
    "}\n"
    "function hgPlace(g, x, width, shown) {\n"
    "  var box = g.getElementsByTagName('rect')[0];\n"
    "  var label = g.getElementsByTagName('text')[0];\n"
    "  g.style.display = shown ? '' : 'none';\n"
    "  if (!shown) return;\n"
    "  box.setAttribute('x', x.toFixed(2));\n"
    "  box.setAttribute('width', width.toFixed(2));\n"
    "  label.setAttribute('x', (x + 3).toFixed(2));\n"
    "  label.textContent = hgLabel(g, width);\n"
    "}\n"
    "function hgZoom(target) {\n"
    "  var x0 = hgNum(target, 'data-x'), w0 = hgNum(target, 'data-v');\n"
    "  var d0 = hgNum(target, 'data-d'), i, g, x, w;\n"
    "  if (w0 === 0) return;\n"
    "  for (i = 0; i < hg.frames.length; i++) {\n"
    "    g = hg.frames[i]; x = hgNum(g, 'data-x'); w = hgNum(g, 'data-v');\n"
    "    if (hgNum(g, 'data-d') < d0 && x <= x0 && x + w >= x0 + w0)\n"
    "      hgPlace(g, hg.left, hg.plot, true);\n"
    "    else if (x >= x0 && x + w <= x0 + w0 && hgNum(g, 'data-d') >= d0)\n"
    "      hgPlace(g, hg.left + (x - x0) / w0 * hg.plot, w / w0 * hg.plot,\n"
    "              w / w0 * hg.plot >= 0.1);\n"
    "    else\n"
    "      hgPlace(g, 0, 0, false);\n"
    "  }\n"
    "}\n"
    "function hgClick(event) { hgZoom(event.currentTarget); }\n"
    "function hgReset() { hgZoom(document.getElementById('f0')); hgSearch(''); }\n"
    "function hgSearch(text) {\n"
    "  var pattern = null, hits = [], i, g, hit, name, covered = 0, end = -1;\n"
    "  var all = hgNum(document.getElementById('f0'), 'data-v'), share;\n"
    "  try { pattern = new RegExp(text); } catch (e) { pattern = null; }\n"
    "  for (i = 0; i < hg.frames.length; i++) {\n"
    "    g = hg.frames[i]; name = g.getAttribute('data-n');\n"
    "    hit = text !== '' && (pattern ? pattern.test(name)\n"
    "                                  : name.indexOf(text) >= 0);\n"
    "    g.getElementsByTagName('rect')[0].setAttribute('fill',\n"
    "      hit ? 'rgb(230,0,230)' : g.getAttribute('data-c'));\n"
    "    if (hit) hits.push([hgNum(g, 'data-x'), hgNum(g, 'data-v')]);\n"
    "  }\n"
    "  hits.sort(function (a, b) { return a[0] - b[0] || b[1] - a[1]; });\n"
    "  for (i = 0; i < hits.length; i++) {\n"
    "    if (hits[i][0] + hits[i][1] <= end) continue;\n"
    "    covered += hits[i][0] + hits[i][1] - Math.max(hits[i][0], end);\n"
    "    end = hits[i][0] + hits[i][1];\n"
    "  }\n"
    "  share = all > 0 ? covered * 100 / all : 0;\n"
    "  document.getElementById('matched').textContent = text === '' ? '' :\n"
    "    'Matched: ' + hits.length + ' frames, ' + share.toFixed(2) + '%';\n"
    "  return { frames: hits.length, matched: covered, total: all,\n"
    "           percent: share };\n"
    "}\n"
    "function hgAsk() {\n"
    "  var text = window.prompt('Search frames (a regular expression)', '');\n"
    "  if (text !== null) hgSearch(text);\n"
    "}\n";

/* Frames drawn: wide enough, and their parent drawn. */
static bool *frames_drawn(struct drawing *d, size_t *omitted,
                          uint64_t *omitted_value)
{
    const struct hg_frame_tree *t = d->head;
    uint64_t all = t->frames[0].total;
    bool *drawn = hg_xcalloc(t->count + 1, sizeof *drawn);
    size_t i;

    *omitted = 0;
    *omitted_value = 0;
    d->levels = 1;
    drawn[0] = true;
    for (i = 1; i < t->count; i++) {
        const struct hg_frame *f = &t->frames[i];
        if (f->total == 0 || !drawn[f->parent])
            continue;
        if (hundredths(f->total, all, d->plot) < MIN_FRAME_HUNDREDTHS) {
            (*omitted)++;
            *omitted_value += f->total;
            continue;
        }
        drawn[i] = true;
        if (f->depth + 1 > d->levels)
            d->levels = f->depth + 1;
    }
    return drawn;
}

/* The frames of BASE that HEAD lacks, biggest first: those whose parent
   HEAD has (their own frames above them are gone with them). */
static size_t *gone_frames(const struct drawing *d, size_t *count)
{
    const struct hg_frame_tree *b = d->base;
    size_t *gone = hg_xcalloc(b->count + 1, sizeof *gone), i, j, n = 0;
    for (i = 1; i < b->count; i++)
        if (b->frames[i].other == HG_NO_FRAME && b->frames[i].total > 0
            && b->frames[b->frames[i].parent].other != HG_NO_FRAME)
            gone[n++] = i;
    /* Insertion sort by width, then by index: few frames go. */
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && b->frames[gone[j]].total
                              > b->frames[gone[j - 1]].total; j--) {
            size_t swap = gone[j];
            gone[j] = gone[j - 1];
            gone[j - 1] = swap;
        }
    *count = n;
    return gone;
}

static void print_text_line(FILE *out, unsigned x, unsigned y,
                            const char *anchor, const char *id,
                            const char *style)
{
    fprintf(out, "<text x=\"%u\" y=\"%u\"", x, y);
    if (anchor != NULL)
        fprintf(out, " text-anchor=\"%s\"", anchor);
    if (id != NULL)
        fprintf(out, " id=\"%s\"", id);
    if (style != NULL)
        fprintf(out, " class=\"%s\"", style);
    fputs(">", out);
}

/* The whole SVG of D: header, frames, notes, footer; under STYLE's
   root, if any, the subtitle says so. */
static void draw(struct drawing *d, const char *title,
                 const struct hg_flame_style *style)
{
    FILE *out = d->out;
    const struct hg_frame_tree *t = d->head;
    uint64_t all = t->frames[0].total, omitted_value;
    size_t omitted, gone_count = 0, notes, i;
    size_t *gone = d->base != NULL ? gone_frames(d, &gone_count) : NULL;
    bool *drawn = frames_drawn(d, &omitted, &omitted_value);
    unsigned height, bottom;

    notes = gone_count == 0 ? 0
            : 1 + (gone_count < GONE_LISTED ? gone_count : GONE_LISTED)
              + (gone_count > GONE_LISTED);
    bottom = HEADER + (unsigned)d->levels * FRAME_HEIGHT;
    height = bottom + FOOTER + (unsigned)notes * NOTE_LINE;
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\" "
            "standalone=\"no\"?>\n"
            "<svg version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\" "
            "width=\"%u\" height=\"%u\" viewBox=\"0 0 %u %u\" "
            "onload=\"hgInit()\">\n", d->width, height, d->width, height);
    fputs("<style>\n"
          "text { font-family: monospace; font-size: 12px; fill: #000; }\n"
          ".f text { pointer-events: none; }\n"
          ".f:hover rect { stroke: #000; stroke-width: 0.5; }\n"
          ".f { cursor: pointer; }\n"
          ".title { font-size: 17px; }\n"
          ".button { cursor: pointer; fill: #0645ad; }\n"
          "</style>\n<script type=\"text/ecmascript\"><![CDATA[\n", out);
    fputs(script, out);
    fputs("]]></script>\n", out);
    fprintf(out, "<rect x=\"0\" y=\"0\" width=\"%u\" height=\"%u\" "
            "fill=\"#f8f8f8\"/>\n", d->width, height);
    print_text_line(out, d->width / 2, 24, "middle", "title", "title");
    hg_print_xml_text(out, title);
    fputs("</text>\n", out);
    print_text_line(out, d->width / 2, 44, "middle", "subtitle", NULL);
    if (d->base != NULL) {
        fprintf(out, "widths: head; colour: change of self %s, red grew, "
                "blue shrank; total base ", d->metric->name);
        print_count(out, d->base->frames[0].total);
        fputs(", head ", out);
        print_count(out, all);
        fputs(", ", out);
        print_change(out, d->base->frames[0].total, all);
        if (style->root != NULL) {
            fputs("; under ", out);
            hg_print_xml_text(out, style->root);
        }
    } else if (style->root != NULL) {
        fprintf(out, "%s, ", d->metric->name);
        print_count(out, all);
        fputs(" under ", out);
        hg_print_xml_text(out, style->root);
        fputs(": ", out);
        print_share(out, all, style->run_total);
        fputs(" of the run's ", out);
        print_count(out, style->run_total);
    } else {
        fprintf(out, "%s, ", d->metric->name);
        print_count(out, all);
        fputs(" in all", out);
    }
    fputs("</text>\n", out);
    print_text_line(out, MARGIN, 24, NULL, "reset", "button");
    fputs("<tspan onclick=\"hgReset()\">Reset zoom</tspan></text>\n", out);
    print_text_line(out, d->width - MARGIN, 24, "end", "search", "button");
    fputs("<tspan onclick=\"hgAsk()\">Search</tspan></text>\n", out);
    for (i = 0; i < t->count; i++)
        if (drawn[i])
            draw_frame(d, i);
    print_text_line(out, MARGIN, bottom + 18, NULL, "details", NULL);
    fputs(" </text>\n", out);
    print_text_line(out, d->width - MARGIN, bottom + 18, "end", "matched",
                    NULL);
    fputs("</text>\n", out);
    /* What is not drawn, always said. */
    print_text_line(out, MARGIN, bottom + 32, NULL, "omitted", NULL);
    fprintf(out, "%zu frame%s narrower than 0.1 px not drawn: ", omitted,
            omitted == 1 ? "" : "s");
    print_count(out, omitted_value);
    fprintf(out, " %s (", d->metric->name);
    print_share(out, omitted_value, all);
    fputs(")</text>\n", out);
    for (i = 0; i < notes; i++) {
        unsigned y = bottom + FOOTER + 12 + (unsigned)i * NOTE_LINE;
        print_text_line(out, MARGIN, y, NULL, i == 0 ? "gone" : NULL, NULL);
        if (i == 0)
            fprintf(out, "In base, not in head (%zu frame%s, widths in "
                    "base):", gone_count, gone_count == 1 ? "" : "s");
        else if (i <= GONE_LISTED && i <= gone_count) {
            const struct hg_frame *b = &d->base->frames[gone[i - 1]];
            fputs("  ", out);
            print_stack(out, d->base, gone[i - 1]);
            fputs(" ", out);
            print_count(out, b->total);
            fprintf(out, " %s", d->metric->name);
        } else
            fprintf(out, "  ... and %zu more", gone_count - GONE_LISTED);
        fputs("</text>\n", out);
    }
    fputs("</svg>\n", out);
    free(drawn);
    free(gone);
}

static unsigned plot_width(const struct hg_flame_style *style)
{
    unsigned width = style->width ? style->width : HG_FLAME_DEFAULT_WIDTH;
    return width - 2 * MARGIN;
}

/* A drawing to OUT of HEAD's tree of REPORT in METRIC, as wide as STYLE
   says; a plain graph until a base tree is added. */
static void start_drawing(struct drawing *d, FILE *out,
                          const struct hg_report *report,
                          struct hg_frame_tree *head,
                          const struct hg_flame_metric *metric,
                          const struct hg_flame_style *style)
{
    hg_frame_tree_build(head, report, metric);
    memset(d, 0, sizeof *d);
    d->out = out;
    d->metric = metric;
    d->head = head;
    d->plot = plot_width(style);
    d->width = d->plot + 2 * MARGIN;
}

/* Draws D under STYLE's title, or "KIND: PROGRAM" (HEAD's program) when
   it has none. */
static void draw_titled(struct drawing *d, const struct hg_flame_style *style,
                        const char *kind, const struct hg_report *head)
{
    char *title = style->title != NULL ? hg_xstrdup(style->title)
                  : hg_xasprintf("%s: %s", kind, hg_report_program(head));
    draw(d, title, style);
    free(title);
}

void hg_write_flame_svg(FILE *out, const struct hg_report *report,
                        const struct hg_flame_metric *metric,
                        const struct hg_flame_style *style)
{
    struct hg_frame_tree tree;
    struct drawing d;

    start_drawing(&d, out, report, &tree, metric, style);
    draw_titled(&d, style, "Flame graph", report);
    hg_frame_tree_free(&tree);
}

void hg_write_flame_diff_svg(FILE *out, const struct hg_report *base,
                             const struct hg_report *head,
                             const struct hg_flame_metric *metric,
                             const struct hg_flame_style *style)
{
    struct hg_frame_tree base_tree, head_tree;
    struct drawing d;
    size_t i;

    start_drawing(&d, out, head, &head_tree, metric, style);
    hg_frame_tree_build(&base_tree, base, metric);
    d.base = &base_tree;
    /* The same stack in both: parents first, so a frame's parent is
       matched before it. */
    head_tree.frames[0].other = 0;
    base_tree.frames[0].other = 0;
    for (i = 1; i < head_tree.count; i++) {
        struct hg_frame *f = &head_tree.frames[i];
        size_t parent = head_tree.frames[f->parent].other;
        f->other = parent == HG_NO_FRAME ? HG_NO_FRAME
                   : hg_frame_tree_lookup(&base_tree, parent, f->name);
        if (f->other != HG_NO_FRAME)
            base_tree.frames[f->other].other = i;
    }
    for (i = 0; i < head_tree.count; i++) {
        int64_t delta = change(base_self(&d, &head_tree.frames[i]),
                               head_tree.frames[i].self);
        if ((int64_t)magnitude(delta) > d.largest_change)
            d.largest_change = (int64_t)magnitude(delta);
    }
    draw_titled(&d, style, "Differential flame graph", head);
    hg_frame_tree_free(&base_tree);
    hg_frame_tree_free(&head_tree);
}

/* ------------------------------------------------------------ settings */

char *hg_flame_settings(const char *metric_text, const char *title,
                        const char *width_text, struct hg_flame_metric *metric,
                        struct hg_flame_style *style)
{
    uint64_t width;
    if (!hg_flame_metric_named(metric_text ? metric_text : "Ir", metric)) {
        char *names = hg_flame_metric_names();
        char *problem = hg_xasprintf("unknown metric '%s' (%s)", metric_text,
                                     names);
        free(names);
        return problem;
    }
    style->title = title;
    style->width = HG_FLAME_DEFAULT_WIDTH;
    style->root = NULL;
    style->run_total = 0;
    if (width_text == NULL)
        return NULL;
    if (!hg_parse_count(width_text, &width) || width < HG_FLAME_MIN_WIDTH
        || width > HG_FLAME_MAX_WIDTH)
        return hg_xasprintf("--width '%s' is not a number of pixels from %d "
                            "to %d", width_text, HG_FLAME_MIN_WIDTH,
                            HG_FLAME_MAX_WIDTH);
    style->width = (unsigned)width;
    return NULL;
}
