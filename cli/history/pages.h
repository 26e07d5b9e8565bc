/* hotgrind: where `history html` puts each page of its site, relative to
   the site's folder.  One place, because the pull-request comments of
   check and diff link to the same pages (--history-url).
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_HISTORY_PAGES_H
#define HOTGRIND_HISTORY_PAGES_H

/* Each returns a new string (free it).  Names that a pull request
   controls never appear in a path: a benchmark's and a function's pages
   are named by the hash of their identity (16 hex digits), a commit's
   by its SHA (hex digits only, as record checks). */

/* "benchmarks/HASH.html": the benchmark's page. */
char *hg_history_benchmark_page(const char *benchmark);

/* "functions/HASH.html": the page of the function NAME of OBJECT and
   FILE ("" when the report gives none) in BENCHMARK, one page for every
   architecture. */
char *hg_history_function_page(const char *benchmark, const char *object,
                               const char *name, const char *file);

/* "commits/SHA.html": what changed at the commit. */
char *hg_history_commit_page(const char *sha);

#endif
