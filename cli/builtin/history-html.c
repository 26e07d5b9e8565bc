/* hotgrind history html (docs/history.md): a static site of the
   history, its options read here, its data gathered by history/site.c,
   each page written by render/history-html.c into the file opened here.
   GPL-2.0-or-later; part of hotgrind. */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "builtin/builtin.h"
#include "history/site.h"
#include "render/history-html.h"
#include "report/rules-figures.h"
#include "util/messages.h"
#include "util/parse-options.h"
#include "util/xalloc.h"

static const char html_usage[] =
    "usage: hotgrind history html --db FILE -o DIR [--title T]"
    " [--commit-url TEMPLATE]";

static const char html_help[] =
    "usage: hotgrind history html --db FILE -o DIR [--title T]"
    " [--commit-url TEMPLATE]\n"
    "\n"
    "Writes a static site of the history in FILE into DIR (made when\n"
    "missing): index.html with each benchmark's total Ir along the branch,\n"
    "a page per benchmark (its total and top functions charted, and the\n"
    "ratio of architectures), per function (its changes) and per commit\n"
    "(what changed there).  The pages load nothing from anywhere: they\n"
    "open from file:// or any static host.  The branch is the one log\n"
    "walks (that of the first commit recorded).\n"
    "  -o DIR                the site's folder\n"
    "  --title T             the site's title (default: hotgrind history)\n"
    "  --commit-url TEMPLATE a link on each commit's page: an http:// or\n"
    "                        https:// address with {sha} where the commit\n"
    "                        goes\n"
    "\n"
    "Exit status: 0 when written; 2, with one line on stderr, when an\n"
    "option or FILE cannot be used or a page cannot be written.\n";

struct html_options {
    const char *db, *out, *title, *commit_url;
};

/* DIR, made when missing; false (after one line) when it cannot be, or
   is not a folder. */
static bool make_folder(const char *path)
{
    struct stat st;
    if (mkdir(path, 0777) != 0 && errno != EEXIST) {
        hg_problem(path, "cannot make the folder: %s", strerror(errno));
        return false;
    }
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
        hg_say_problem(path, "not a folder");
        return false;
    }
    return true;
}

/* Which page a call of write_page writes. */
enum page_kind { PAGE_INDEX, PAGE_BENCHMARK, PAGE_FUNCTION, PAGE_COMMIT };

/* DIR/PAGE, written by the renderer of KIND for item I. */
static bool write_page(const char *dir, const char *page, enum page_kind kind,
                       const struct hg_history_site *site, size_t i,
                       const struct hg_history_html_style *style)
{
    char *path = hg_xasprintf("%s/%s", dir, page);
    FILE *f = fopen(path, "w");
    bool ok;
    if (f == NULL) {
        hg_problem(path, "cannot write: %s", strerror(errno));
        free(path);
        return false;
    }
    switch (kind) {
    case PAGE_INDEX:
        hg_render_history_html_index(f, site, style);
        break;
    case PAGE_BENCHMARK:
        hg_render_history_html_benchmark(f, site, i, style);
        break;
    case PAGE_FUNCTION:
        hg_render_history_html_function(f, site, i, style);
        break;
    case PAGE_COMMIT:
        hg_render_history_html_commit(f, site, i, style);
        break;
    }
    ok = !ferror(f);
    if (fclose(f) != 0)
        ok = false;
    if (!ok)
        hg_problem(path, "cannot write: %s", strerror(errno));
    free(path);
    return ok;
}

static bool write_site(const char *dir, const struct hg_history_site *site,
                       const struct hg_history_html_style *style)
{
    static const char *const folders[] = {
        "benchmarks", "functions", "commits",
    };
    bool ok = make_folder(dir);
    size_t i;
    for (i = 0; ok && i < sizeof folders / sizeof folders[0]; i++) {
        char *path = hg_xasprintf("%s/%s", dir, folders[i]);
        ok = make_folder(path);
        free(path);
    }
    for (i = 0; ok && i < site->benchmark_count; i++)
        ok = write_page(dir, site->benchmarks[i].page, PAGE_BENCHMARK, site,
                        i, style);
    for (i = 0; ok && i < site->function_count; i++)
        ok = write_page(dir, site->functions[i].page, PAGE_FUNCTION, site, i,
                        style);
    for (i = 0; ok && i < site->commit_count; i++)
        ok = write_page(dir, site->commits[i].page, PAGE_COMMIT, site, i,
                        style);
    /* The index last: a site with one is complete. */
    return ok && write_page(dir, "index.html", PAGE_INDEX, site, 0, style);
}

/* -1 when the options can be used, else the exit status after a usage
   error. */
static int check_options(const struct html_options *o, int operands,
                         char **argv)
{
    char problem[HG_PROBLEM_SIZE];
    const char *command = "history html";
    if (o->db == NULL)
        return hg_usage_error(command, html_usage, "no --db %s given",
                              "FILE");
    if (o->out == NULL)
        return hg_usage_error(command, html_usage, "no -o %s given", "DIR");
    if (operands > 0)
        return hg_usage_error(command, html_usage, "takes no operand: %s",
                              argv[0]);
    if (o->commit_url != NULL
        && !hg_history_commit_url_ok(o->commit_url, problem, sizeof problem))
        return hg_usage_error(command, html_usage, "%s", problem);
    return -1;
}

int cmd_history_html(int argc, char **argv)
{
    struct html_options o = { 0 };
    struct hg_command_line line = {
        .command = "history html", .usage = html_usage, .help = html_help,
        .options = {
            { .name = "--db", .value = &o.db, .once = true },
            { .name = "-o", .value = &o.out, .once = true },
            { .name = "--title", .value = &o.title, .once = true },
            { .name = "--commit-url", .value = &o.commit_url, .once = true },
        },
    };
    struct hg_history_html_style style = { 0 };
    char problem[HG_PROBLEM_SIZE];
    struct hg_history_site site;
    struct hg_history_db h;
    int status, operands;
    bool ok;

    status = hg_parse_options(&line, argc, argv, &operands);
    if (status == -1)
        status = check_options(&o, operands, argv);
    if (status != -1)
        return status;
    style.title = o.title != NULL ? o.title : "hotgrind history";
    style.commit_url = o.commit_url;
    if (!hg_history_open_or_say(&h, o.db, HG_HISTORY_READ))
        return HG_EXIT_TROUBLE;
    ok = hg_history_site_gather(&h, NULL, &site, problem, sizeof problem);
    hg_history_close(&h);
    if (!ok) {
        hg_say_problem(o.db, problem);
        return HG_EXIT_TROUBLE;
    }
    ok = write_site(o.out, &site, &style);
    hg_history_site_free(&site);
    return ok ? HG_EXIT_OK : HG_EXIT_TROUBLE;
}
