/* hotgrind: the suite operands of `diff` and `check` (suite-operand.h).
   GPL-2.0-or-later; part of hotgrind. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/tree.h>

#include "cli.h"
#include "suite-operand.h"
#include "xalloc.h"
#include "xml-safe.h"

/* The manifest of DIR, or OPERAND itself when it is a file. */
static char *manifest_path(const char *operand)
{
    struct stat st;
    if (stat(operand, &st) == 0 && S_ISDIR(st.st_mode))
        return hg_xasprintf("%s/manifest.xml", operand);
    return hg_xstrdup(operand);
}

/* Whether the first element of the file at PATH is <suite-run>: looked
   for in its first bytes, past the declaration and comments, so that a
   report is not parsed twice. */
static bool file_is_manifest(const char *path)
{
    char head[4096];
    size_t n;
    const char *p;
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return false;
    n = fread(head, 1, sizeof head - 1, f);
    fclose(f);
    head[n] = '\0';
    for (p = head; (p = strchr(p, '<')) != NULL; p++)
        if (p[1] != '?' && p[1] != '!')
            return strncmp(p, "<suite-run", 10) == 0
                   && (p[10] == ' ' || p[10] == '>' || p[10] == '\t'
                       || p[10] == '\n' || p[10] == '\r' || p[10] == '/');
    return false;
}

bool hg_is_suite_operand(const char *operand)
{
    struct stat st;
    char *first;
    bool suite;
    if (strchr(operand, ',') != NULL)
        return true;
    if (stat(operand, &st) == 0 && S_ISDIR(st.st_mode))
        return true;
    first = manifest_path(operand);
    suite = file_is_manifest(first);
    free(first);
    return suite;
}

/* The attribute NAME of NODE, a copy, or NULL. */
static char *attribute(const xmlNode *node, const char *name)
{
    xmlChar *value = xmlGetNoNsProp(node, (const xmlChar *)name);
    char *copy = value ? hg_xstrdup((const char *)value) : NULL;
    xmlFree(value);
    return copy;
}

static bool named(const xmlNode *node, const char *name)
{
    return node->type == XML_ELEMENT_NODE && node->ns == NULL
           && strcmp((const char *)node->name, name) == 0;
}

static bool benchmark_name_ok(const char *name)
{
    return name[0] != '\0'
           && strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvw"
                     "xyz0123456789_.-") == strlen(name);
}

/* What one manifest adds to a gathering. */
struct shard {
    char *suite;
    long index, count;         /* -1 when the run was not sharded */
};

static bool read_benchmark(const xmlNode *node, const char *dir,
                           struct hg_suite_bench *b, char *problem,
                           size_t size)
{
    static const char *const runs[] = { "ok", "failed", "crashed",
                                        "timeout" };
    long line = hg_xml_line(node);
    char *status = attribute(node, "status"), *report, *exit_status,
         *signal_name;
    int r;
    bool ok = true;

    b->name = attribute(node, "name");
    if (b->name == NULL || !benchmark_name_ok(b->name)) {
        hg_xml_problem(problem, size, line, "<benchmark> needs a name of "
                       "letters, digits, '_', '.' and '-'");
        free(status);
        return false;
    }
    for (r = 0; r < 4; r++)
        if (status != NULL && strcmp(status, runs[r]) == 0)
            break;
    free(status);
    if (r == 4) {
        hg_xml_problem(problem, size, line, "benchmark '%s' has no status "
                       "ok, failed, crashed or timeout", b->name);
        return false;
    }
    b->run = (enum hg_bench_run)r;
    report = attribute(node, "report");
    exit_status = attribute(node, "exit");
    signal_name = attribute(node, "signal");
    if (b->run == HG_BENCH_OK) {
        if (report == NULL || strchr(report, '/') != NULL
            || report[0] == '\0' || strcmp(report, "..") == 0) {
            hg_xml_problem(problem, size, line, "benchmark '%s' is ok but "
                           "names no report file in its directory",
                           b->name);
            ok = false;
        } else {
            b->report = hg_xasprintf("%s/%s", dir, report);
        }
    } else if (b->run == HG_BENCH_CRASHED) {
        b->ended = hg_xasprintf("signal %s", signal_name ? signal_name
                                                         : "(unknown)");
    } else if (b->run == HG_BENCH_FAILED) {
        b->ended = hg_xasprintf("exit status %s", exit_status ? exit_status
                                                              : "(unknown)");
    } else {
        b->ended = hg_xstrdup("timeout");
    }
    free(report);
    free(exit_status);
    free(signal_name);
    return ok;
}

/* Adds the benchmarks of the manifest at PATH (in directory DIR) to RUNS;
   SHARD gets its suite name and shard. */
static bool read_manifest(const char *path, const char *dir,
                          struct hg_suite_runs *runs, struct shard *shard,
                          char *problem, size_t size)
{
    xmlDocPtr doc = hg_xml_read_file(path, "manifest", problem, size);
    const xmlNode *root, *node;
    char *format = NULL;
    bool ok = false;

    shard->index = shard->count = -1;
    if (doc == NULL)
        return false;
    root = xmlDocGetRootElement(doc);
    if (root == NULL || !named(root, "suite-run")) {
        hg_xml_problem(problem, size, root ? hg_xml_line(root) : 0,
                       "not a suite run manifest (its root element is "
                       "<suite-run>)");
        goto done;
    }
    format = attribute(root, "format");
    if (format == NULL || strcmp(format, "1") != 0) {
        hg_xml_problem(problem, size, hg_xml_line(root), "manifest format "
                       "'%s' is not supported (this hotgrind reads format 1)",
                       format ? format : "");
        goto done;
    }
    if ((shard->suite = attribute(root, "suite")) == NULL) {
        hg_xml_problem(problem, size, hg_xml_line(root),
                       "<suite-run> has no suite attribute");
        goto done;
    }
    for (node = root->children; node != NULL; node = node->next) {
        if (named(node, "shard")) {
            char *index = attribute(node, "index"), *count =
                attribute(node, "count");
            shard->index = index ? strtol(index, NULL, 10) : -1;
            shard->count = count ? strtol(count, NULL, 10) : -1;
            free(index);
            free(count);
        } else if (named(node, "benchmark")) {
            struct hg_suite_bench *b;
            runs->benchmarks = hg_xrealloc(runs->benchmarks, runs->count + 1,
                                           sizeof *runs->benchmarks);
            b = &runs->benchmarks[runs->count++];
            memset(b, 0, sizeof *b);
            if (!read_benchmark(node, dir, b, problem, size))
                goto done;
        }
    }
    ok = true;
done:
    free(format);
    xmlFreeDoc(doc);
    return ok;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const struct hg_suite_bench *)a)->name,
                  ((const struct hg_suite_bench *)b)->name);
}

/* The directory of a manifest path: "DIR" of "DIR/manifest.xml", "." for
   a bare file name. */
static char *directory_of(const char *manifest)
{
    const char *slash = strrchr(manifest, '/');
    return slash ? hg_xstrndup(manifest, (size_t)(slash - manifest))
                 : hg_xstrdup(".");
}

/* The checks of a gathering once every manifest is read: one suite, each
   shard once, no benchmark twice, every report there. */
static bool check_gathering(struct hg_suite_runs *runs, struct shard *shards,
                            char **paths, size_t n)
{
    char problem[HG_PROBLEM_SIZE];
    struct stat st;
    size_t i, k;

    for (i = 1; i < n; i++)
        if (strcmp(shards[i].suite, shards[0].suite) != 0) {
            snprintf(problem, sizeof problem, "is a run of suite '%s', but "
                     "%s is one of suite '%s': shards of one suite only",
                     shards[i].suite, paths[0], shards[0].suite);
            hg_say_problem(paths[i], problem);
            return false;
        }
    for (i = 0; i < n && n > 1; i++) {
        if (shards[i].count != (long)n) {
            snprintf(problem, sizeof problem, "is %s, but %zu directories "
                     "were given to gather: give every shard of the run "
                     "once", shards[i].count < 0 ? "not a shard"
                     : "a shard of a run in other counts", n);
            if (shards[i].count > 0)
                snprintf(problem, sizeof problem, "is shard %ld of %ld, but "
                         "%zu directories were given to gather: give every "
                         "shard of the run once", shards[i].index,
                         shards[i].count, n);
            hg_say_problem(paths[i], problem);
            return false;
        }
        for (k = 0; k < i; k++)
            if (shards[k].index == shards[i].index) {
                snprintf(problem, sizeof problem, "is shard %ld of %ld, as "
                         "%s is: give every shard once", shards[i].index,
                         shards[i].count, paths[k]);
                hg_say_problem(paths[i], problem);
                return false;
            }
    }
    runs->suite = hg_xstrdup(shards[0].suite);
    qsort(runs->benchmarks, runs->count, sizeof *runs->benchmarks, by_name);
    for (i = 1; i < runs->count; i++)
        if (strcmp(runs->benchmarks[i].name, runs->benchmarks[i - 1].name)
            == 0) {
            snprintf(problem, sizeof problem, "benchmark '%s' is listed "
                     "twice in the manifests gathered",
                     runs->benchmarks[i].name);
            hg_say_problem(runs->operand, problem);
            return false;
        }
    for (i = 0; i < runs->count; i++) {
        const char *report = runs->benchmarks[i].report;
        if (report != NULL && stat(report, &st) != 0) {
            snprintf(problem, sizeof problem, "benchmark '%s' is ok in its "
                     "manifest, but its report is not there",
                     runs->benchmarks[i].name);
            hg_say_problem(report, problem);
            return false;
        }
    }
    return true;
}

bool hg_suite_gather(const char *operand, struct hg_suite_runs *runs)
{
    char problem[HG_PROBLEM_SIZE];
    char *list = hg_xstrdup(operand), *part, *save = NULL;
    char **paths = NULL;
    struct shard *shards = NULL;
    size_t n = 0, i;
    bool ok = true;

    memset(runs, 0, sizeof *runs);
    runs->operand = operand;
    for (part = strtok_r(list, ",", &save); part != NULL && ok;
         part = strtok_r(NULL, ",", &save)) {
        char *dir;
        paths = hg_xrealloc(paths, n + 1, sizeof *paths);
        shards = hg_xrealloc(shards, n + 1, sizeof *shards);
        paths[n] = manifest_path(part);
        memset(&shards[n], 0, sizeof shards[n]);
        dir = strcmp(paths[n], part) == 0 ? directory_of(part)
                                          : hg_xstrdup(part);
        n++;
        if (strcmp(paths[n - 1], part) != 0
            && access(paths[n - 1], F_OK) != 0) {
            hg_say_problem(part, "has no manifest.xml, so it is not a suite "
                           "run directory (`hotgrind suite run` writes "
                           "one)");
            ok = false;
        } else if (!read_manifest(paths[n - 1], dir, runs, &shards[n - 1],
                                  problem, sizeof problem)) {
            hg_say_problem(paths[n - 1], problem);
            ok = false;
        }
        free(dir);
    }
    if (ok && n == 0) {
        hg_say_problem(operand, "names no suite run directory");
        ok = false;
    }
    ok = ok && check_gathering(runs, shards, paths, n);
    for (i = 0; i < n; i++) {
        free(paths[i]);
        free(shards[i].suite);
    }
    free(paths);
    free(shards);
    free(list);
    if (!ok)
        hg_suite_runs_free(runs);
    return ok;
}

const struct hg_suite_bench *hg_suite_find(const struct hg_suite_runs *runs,
                                           const char *name)
{
    struct hg_suite_bench key = { .name = (char *)name };
    if (runs == NULL || runs->count == 0)
        return NULL;
    return bsearch(&key, runs->benchmarks, runs->count,
                   sizeof *runs->benchmarks, by_name);
}

void hg_suite_runs_free(struct hg_suite_runs *runs)
{
    size_t i;
    for (i = 0; i < runs->count; i++) {
        free(runs->benchmarks[i].name);
        free(runs->benchmarks[i].ended);
        free(runs->benchmarks[i].report);
    }
    free(runs->benchmarks);
    free(runs->suite);
    memset(runs, 0, sizeof *runs);
}

struct hg_bench_pair *hg_suite_pairs(const struct hg_suite_runs *base,
                                     const struct hg_suite_runs *head,
                                     size_t *count)
{
    size_t nb = base ? base->count : 0, i = 0, k = 0, n = 0;
    struct hg_bench_pair *pairs = hg_xcalloc(nb + head->count + 1,
                                             sizeof *pairs);
    /* A merge of two name-sorted lists. */
    while (i < nb || k < head->count) {
        int order = i == nb ? 1 : k == head->count ? -1
                    : strcmp(base->benchmarks[i].name,
                             head->benchmarks[k].name);
        struct hg_bench_pair *p = &pairs[n++];
        if (order <= 0)
            p->base = &base->benchmarks[i++];
        if (order >= 0)
            p->head = &head->benchmarks[k++];
        p->name = p->head ? p->head->name : p->base->name;
    }
    *count = n;
    return pairs;
}
