/* hotgrind: the pages of `history html` (history-html.c): a static site
   of the series history/site.c gathered, each page one self-contained
   HTML file (inline CSS, SVG and a small script; nothing loaded from
   anywhere).  Renderers write to the stream they are given and open no
   file: the command opens each page's file, named by history/pages.h.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_RENDER_HISTORY_HTML_H
#define HOTGRIND_RENDER_HISTORY_HTML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "history/site.h"

struct hg_history_html_style {
    const char *title;       /* the site's title */
    const char *commit_url;  /* NULL, or a template hg_history_commit_url_ok
                                accepted */
};

/* Whether TEMPLATE can be --commit-url: http:// or https://, then
   printable ASCII that needs no quoting in an attribute, with {sha}
   where the commit goes.  Else what is wrong, in PROBLEM. */
bool hg_history_commit_url_ok(const char *template, char *problem,
                              size_t problem_size);

/* index.html: each benchmark and architecture with a trend line of its
   total Ir, linked to the benchmark's page. */
void hg_render_history_html_index(FILE *out,
                                  const struct hg_history_site *site,
                                  const struct hg_history_html_style *style);

/* A benchmark's page: its total and its top functions charted, every
   function listed, and with several architectures the ratio of each
   function's Ir to the first's at their newest common commit. */
void hg_render_history_html_benchmark(FILE *out,
                                      const struct hg_history_site *site,
                                      size_t benchmark,
                                      const struct hg_history_html_style *style);

/* A function's page: its series on each architecture and every commit
   where it changed. */
void hg_render_history_html_function(FILE *out,
                                     const struct hg_history_site *site,
                                     size_t function,
                                     const struct hg_history_html_style *style);

/* A commit's page: for each benchmark and architecture run there, its
   total and each function whose Ir changed from the run before. */
void hg_render_history_html_commit(FILE *out,
                                   const struct hg_history_site *site,
                                   size_t commit,
                                   const struct hg_history_html_style *style);

/* TEXT as HTML (or SVG) text or attribute value: markup characters
   escaped, a byte that does not begin well-formed UTF-8 and a control
   character (a tab excepted) as U+FFFD. */
void hg_history_html_text(FILE *out, const char *text);

#endif
