/* hotgrind: --history-url of check and diff: in their markdown, each
   function that has a history is a link to its page of the site
   `hotgrind history html` writes (history/pages.h names the pages, and
   history.h's hg_history_report_benchmark a report's benchmark).
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_RENDER_HISTORY_LINK_H
#define HOTGRIND_RENDER_HISTORY_LINK_H

#include <stdbool.h>
#include <stdio.h>

#include "history/history.h"
#include "report/report.h"

/* Whether URL can be the site's base: http:// or https://, a host, then
   only characters that stand for themselves in a URL and in a markdown
   link's destination (letters, digits, - . _ ~ : / @ ! $ & * + , ; =,
   and % with two hex digits): no space, quote, parenthesis, '<', '>',
   '?' or '#', so that a page's path can follow it. */
bool hg_history_url_ok(const char *url);

/* "](URL/functions/HASH.html)": the end of a markdown link whose text
   names F, to F's page in BENCHMARK's history; URL passed
   hg_history_url_ok, the path is hex, so nothing needs escaping. */
void hg_history_link_end(FILE *out, const char *url, const char *benchmark,
                         const struct hg_function *f);

#endif
