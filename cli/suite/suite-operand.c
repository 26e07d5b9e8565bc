/* hotgrind: the suite operands of `diff` and `check` (suite-operand.h).
   GPL-2.0-or-later; part of hotgrind. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "report/report.h"
#include "suite/suite-operand.h"
#include "util/messages.h"
#include "util/xalloc.h"

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
                   && strchr(" \t\r\n/>", p[10]) != NULL && p[10] != '\0';
    return false;
}

bool hg_is_suite_operand(const char *operand)
{
    struct stat st;
    if (strchr(operand, ',') != NULL)
        return true;
    if (stat(operand, &st) == 0 && S_ISDIR(st.st_mode))
        return true;
    return file_is_manifest(operand);
}

/* Whether the directory DIR holds a manifest. */
static bool has_manifest(const char *dir)
{
    struct stat st;
    char *path = hg_suite_manifest_path(dir);
    bool there = stat(path, &st) == 0;
    free(path);
    return there;
}

struct hg_suite_run *hg_suite_gather(const char *operand)
{
    char problem[HG_PROBLEM_SIZE];
    char *list = hg_xstrdup(operand), *part, *save = NULL,
         *problem_file = NULL;
    const char **paths = NULL;
    struct hg_suite_run *run;
    struct stat st;
    size_t n = 0, i;

    for (part = strtok_r(list, ",", &save); part != NULL;
         part = strtok_r(NULL, ",", &save)) {
        paths = hg_xrealloc(paths, n + 1, sizeof *paths);
        paths[n++] = part;
    }
    run = NULL;
    for (i = 0; i < n; i++)
        if (stat(paths[i], &st) == 0 && S_ISDIR(st.st_mode)
            && !has_manifest(paths[i])) {
            hg_say_problem(paths[i], "has no " HG_SUITE_MANIFEST ", so it "
                           "is not a suite run directory (`hotgrind suite "
                           "run` writes one)");
            break;
        }
    if (i < n) {
        /* said */
    } else if (n == 0) {
        hg_say_problem(operand, "names no suite run directory");
    } else if ((run = hg_suite_run_load_many(paths, n, &problem_file,
                                             problem, sizeof problem))
               == NULL) {
        hg_say_problem(problem_file ? problem_file : operand, problem);
    }
    for (i = 0; run != NULL && i < run->count; i++) {
        const struct hg_suite_result *r = &run->results[i];
        if (r->status == HG_SUITE_OK && r->report_path != NULL
            && stat(r->report_path, &st) != 0) {
            snprintf(problem, sizeof problem, "benchmark '%s' is ok in %s, "
                     "but its report is not there", r->name, r->manifest);
            hg_say_problem(r->report_path, problem);
            hg_suite_run_free(run);
            run = NULL;
        }
    }
    free(problem_file);
    free(paths);
    free(list);
    return run;
}

const char *hg_suite_ended(const struct hg_suite_result *r,
                           char text[HG_SUITE_ENDED_SIZE])
{
    if (r->status == HG_SUITE_CRASHED)
        snprintf(text, HG_SUITE_ENDED_SIZE, "signal %s",
                 r->signal ? r->signal : "(unknown)");
    else if (r->status == HG_SUITE_TIMEOUT)
        snprintf(text, HG_SUITE_ENDED_SIZE, "timeout");
    else if (r->has_exit && r->exit_status != 0)
        snprintf(text, HG_SUITE_ENDED_SIZE, "exit status %u",
                 r->exit_status);
    else
        snprintf(text, HG_SUITE_ENDED_SIZE, "no complete report");
    return text;
}

static int by_name(const void *a, const void *b)
{
    return strcmp((*(const struct hg_suite_result *const *)a)->name,
                  (*(const struct hg_suite_result *const *)b)->name);
}

/* The results of RUN (or none) by name. */
static const struct hg_suite_result **sorted(const struct hg_suite_run *run,
                                             size_t *count)
{
    size_t n = run ? run->count : 0, i;
    const struct hg_suite_result **all = hg_xcalloc(n ? n : 1, sizeof *all);
    for (i = 0; i < n; i++)
        all[i] = &run->results[i];
    qsort(all, n, sizeof *all, by_name);
    *count = n;
    return all;
}

struct hg_bench_pair *hg_suite_pairs(const struct hg_suite_run *base,
                                     const struct hg_suite_run *head,
                                     size_t *count)
{
    size_t nb, nh, i = 0, k = 0, n = 0;
    const struct hg_suite_result **b = sorted(base, &nb),
                                 **h = sorted(head, &nh);
    struct hg_bench_pair *pairs = hg_xcalloc(nb + nh + 1, sizeof *pairs);
    /* A merge of two name-sorted lists. */
    while (i < nb || k < nh) {
        int order = i == nb ? 1 : k == nh ? -1
                    : strcmp(b[i]->name, h[k]->name);
        struct hg_bench_pair *p = &pairs[n++];
        if (order <= 0)
            p->base = b[i++];
        if (order >= 0)
            p->head = h[k++];
        p->name = p->head ? p->head->name : p->base->name;
    }
    free(b);
    free(h);
    *count = n;
    return pairs;
}

enum hg_pair_kind hg_pair_kind(const struct hg_bench_pair *p)
{
    if (p->head == NULL)
        return HG_PAIR_REMOVED;
    if (p->head->status != HG_SUITE_OK
        || (p->base != NULL && p->base->status != HG_SUITE_OK))
        return HG_PAIR_NOT_RUN;
    return p->base == NULL ? HG_PAIR_ADDED : HG_PAIR_COMPARED;
}
