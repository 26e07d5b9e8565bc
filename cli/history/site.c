/* hotgrind: the data of `history html` (site.h).
   GPL-2.0-or-later; part of hotgrind. */

/* Every series comes from hg_history_log, so the site walks the branch
   exactly as log does.  The one axis of commits is the union of the
   totals' commits, each series a stretch of the same first-parent path:
   merged in the order the series give (the older before the newer), and
   where no series orders two commits, the one recorded first first. */

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history/pages.h"
#include "history/site.h"
#include "util/xalloc.h"

/* A commit of the database, for the merge. */
struct db_commit {
    const char *sha;         /* the database's, kept in SHAS */
    int64_t id;
    size_t site;             /* its site commit; NONE until placed */
    bool used;               /* on a series */
    size_t waiting;          /* older commits not yet placed */
    const char *point_sha, *time;    /* a series' copies */
};

/* free() of the pointers at the MEMBERS offsets that follow in each of
   the COUNT elements of SIZE bytes of ARRAY. */
static void free_each(void *array, size_t count, size_t size, int members,
                      ...)
{
    va_list offsets;
    va_start(offsets, members);
    for (; members > 0; members--) {
        size_t offset = va_arg(offsets, size_t), i;
        for (i = 0; i < count; i++) {
            void *block;
            memcpy(&block, (char *)array + i * size + offset, sizeof block);
            free(block);
        }
    }
    va_end(offsets);
}

/* An edge of the merge: OLDER comes before NEWER (db_commit indexes). */
struct edge {
    size_t older, newer;
};

struct gather {
    struct hg_history_db *h;
    struct hg_history_site *site;
    struct db_commit *db;
    char **shas;
    size_t db_count;
    /* The room in the site's arrays. */
    size_t series_capacity, function_capacity, benchmark_capacity;
    char *problem;
    size_t problem_size;
};

static int compare_db_sha(const void *key, const void *element)
{
    return strcmp(key, ((const struct db_commit *)element)->sha);
}

static struct db_commit *find_commit(struct gather *g, const char *sha)
{
    return bsearch(sha, g->db, g->db_count, sizeof *g->db, compare_db_sha);
}

static int compare_db_commits(const void *a, const void *b)
{
    return strcmp(((const struct db_commit *)a)->sha,
                  ((const struct db_commit *)b)->sha);
}

/* Every commit of the database, by SHA. */
static bool load_commits(struct gather *g)
{
    sqlite3_stmt *stmt = hg_history_prepare(g->h, "SELECT sha, id FROM"
        " commits", g->problem, g->problem_size);
    size_t capacity = 0, shas_capacity = 0;
    int rc;
    if (stmt == NULL)
        return false;
    while ((rc = hg_history_step(g->h, stmt, g->problem, g->problem_size))
           == SQLITE_ROW) {
        struct db_commit *c;
        g->db = hg_xgrow(g->db, &capacity, g->db_count + 1, sizeof *g->db,
                         64);
        g->shas = hg_xgrow(g->shas, &shas_capacity, g->db_count + 1,
                           sizeof *g->shas, 64);
        g->shas[g->db_count] =
            hg_xstrdup((const char *)sqlite3_column_text(stmt, 0));
        c = &g->db[g->db_count++];
        memset(c, 0, sizeof *c);
        c->sha = g->shas[g->db_count - 1];
        c->id = sqlite3_column_int64(stmt, 1);
        c->site = HG_HISTORY_SITE_NONE;
    }
    sqlite3_finalize(stmt);
    qsort(g->db, g->db_count, sizeof *g->db, compare_db_commits);
    return rc == SQLITE_DONE;
}

static int compare_edges(const void *a, const void *b)
{
    const struct edge *x = a, *y = b;
    if (x->older != y->older)
        return x->older < y->older ? -1 : 1;
    return x->newer < y->newer ? -1 : x->newer > y->newer;
}

/* The site's commits: every commit of the totals, oldest first. */
static bool place_commits(struct gather *g)
{
    struct hg_history_site *site = g->site;
    struct edge *edges = NULL;
    size_t edge_count = 0, edge_capacity = 0, *first_edge, i, j;
    size_t used = 0;

    for (i = 0; i < site->totals.count; i++) {
        const struct hg_history_series *s = &site->totals.series[i];
        struct db_commit *newer = NULL;
        for (j = 0; j < s->count; j++) {
            struct db_commit *c = find_commit(g, s->points[j].sha);
            if (c == NULL) {
                snprintf(g->problem, g->problem_size,
                         "commit %s of a series is not in the database",
                         s->points[j].sha);
                free(edges);
                return false;
            }
            if (!c->used) {
                c->used = true;
                c->point_sha = s->points[j].sha;
                c->time = s->points[j].time;
                used++;
            }
            if (newer != NULL) {
                edges = hg_xgrow(edges, &edge_capacity, edge_count + 1,
                                 sizeof *edges, 256);
                edges[edge_count].older = (size_t)(c - g->db);
                edges[edge_count++].newer = (size_t)(newer - g->db);
                newer->waiting++;
            }
            newer = c;
        }
    }
    qsort(edges, edge_count, sizeof *edges, compare_edges);
    first_edge = hg_xcalloc(g->db_count + 1, sizeof *first_edge);
    for (i = 0, j = 0; i <= g->db_count; i++) {
        while (j < edge_count && edges[j].older < i)
            j++;
        first_edge[i] = j;
    }
    site->commits = hg_xcalloc(used, sizeof *site->commits);
    while (site->commit_count < used) {
        /* The ready commit recorded first; after a cycle (which one path
           cannot have) any commit recorded first. */
        size_t best = g->db_count;
        for (i = 0; i < g->db_count; i++) {
            const struct db_commit *c = &g->db[i];
            if (c->used && c->site == HG_HISTORY_SITE_NONE
                && (best == g->db_count
                    || (c->waiting == 0) > (g->db[best].waiting == 0)
                    || ((c->waiting == 0) == (g->db[best].waiting == 0)
                        && c->id < g->db[best].id)))
                best = i;
        }
        g->db[best].site = site->commit_count;
        site->commits[site->commit_count].sha = g->db[best].point_sha;
        site->commits[site->commit_count++].time = g->db[best].time;
        for (j = first_edge[best]; j < first_edge[best + 1]; j++)
            if (g->db[edges[j].newer].waiting > 0)
                g->db[edges[j].newer].waiting--;
    }
    free(first_edge);
    free(edges);
    for (i = 0; i < site->commit_count; i++) {
        struct hg_history_site_commit *c = &site->commits[i];
        if (!hg_history_sha_ok(c->sha)) {
            snprintf(g->problem, g->problem_size, "commit %s in the database"
                     " is not 7 to 40 hex digits", c->sha);
            return false;
        }
        c->page = hg_history_commit_page(c->sha);
    }
    return true;
}

/* A series of the site for LOG, its points placed on the axis. */
static size_t add_series(struct gather *g, const struct hg_history_series *log,
                         size_t benchmark, size_t arch, size_t function)
{
    struct hg_history_site *site = g->site;
    struct hg_history_site_series *s;
    size_t j;
    site->series = hg_xgrow(site->series, &g->series_capacity,
                            site->series_count + 1, sizeof *site->series, 64);
    s = &site->series[site->series_count];
    s->log = log;
    s->benchmark = benchmark;
    s->arch = arch;
    s->function = function;
    s->commit = hg_xcalloc(log->count + 1, sizeof *s->commit);
    for (j = 0; j < log->count; j++) {
        const struct db_commit *c = find_commit(g, log->points[j].sha);
        /* A function's runs are its benchmark's, whose total placed them. */
        s->commit[j] = c != NULL && c->site != HG_HISTORY_SITE_NONE
                       ? c->site : 0;
    }
    return site->series_count++;
}

/* The benchmarks, each with its architectures, from the totals (log
   gives them by benchmark, then architecture). */
static void add_benchmarks(struct gather *g)
{
    struct hg_history_site *site = g->site;
    size_t i;
    for (i = 0; i < site->totals.count; i++) {
        const struct hg_history_series *s = &site->totals.series[i];
        struct hg_history_site_benchmark *b;
        if (site->benchmark_count == 0
            || strcmp(site->benchmarks[site->benchmark_count - 1].name,
                      s->benchmark) != 0) {
            site->benchmarks = hg_xgrow(site->benchmarks,
                                        &g->benchmark_capacity,
                                        site->benchmark_count + 1,
                                        sizeof *site->benchmarks, 8);
            b = &site->benchmarks[site->benchmark_count++];
            memset(b, 0, sizeof *b);
            b->name = s->benchmark;
            b->page = hg_history_benchmark_page(s->benchmark);
            /* Room for as many architectures as there are totals. */
            b->arches = hg_xcalloc(site->totals.count, sizeof *b->arches);
        }
        b = &site->benchmarks[site->benchmark_count - 1];
        b->arches[b->arch_count++] = s->arch;
    }
}

static size_t arch_index(const struct hg_history_site_benchmark *b,
                         const char *arch)
{
    size_t a;
    for (a = 0; a < b->arch_count; a++)
        if (strcmp(b->arches[a], arch) == 0)
            return a;
    return HG_HISTORY_SITE_NONE;
}

/* The function series of LOG that are BENCHMARK's own (its name as a
   glob may match others), by name, object, file, then architecture. */
struct function_key {
    const struct hg_history_series *s;
    size_t arch;
};

static int compare_function_keys(const void *a, const void *b)
{
    const struct function_key *x = a, *y = b;
    int c = strcmp(x->s->name, y->s->name);
    if (c == 0)
        c = strcmp(x->s->object, y->s->object);
    if (c == 0)
        c = strcmp(x->s->file, y->s->file);
    if (c == 0)
        c = x->arch < y->arch ? -1 : x->arch > y->arch;
    return c;
}

static bool same_function(const struct hg_history_series *a,
                          const struct hg_history_series *b)
{
    return strcmp(a->name, b->name) == 0 && strcmp(a->object, b->object) == 0
           && strcmp(a->file, b->file) == 0;
}

/* The newest value of S, 0 when none. */
static uint64_t newest_value(const struct hg_history_series *s)
{
    size_t j;
    for (j = 0; j < s->count; j++)
        if (s->points[j].has_value)
            return s->points[j].value;
    return 0;
}

static void add_functions(struct gather *g, size_t benchmark)
{
    struct hg_history_site *site = g->site;
    struct hg_history_site_benchmark *b = &site->benchmarks[benchmark];
    const struct hg_history_log *log = &site->function_logs[benchmark];
    struct function_key *keys = hg_xcalloc(log->count + 1, sizeof *keys);
    size_t count = 0, i;

    for (i = 0; i < log->count; i++) {
        const struct hg_history_series *s = &log->series[i];
        size_t arch = arch_index(b, s->arch);
        if (strcmp(s->benchmark, b->name) != 0
            || arch == HG_HISTORY_SITE_NONE)
            continue;
        keys[count].s = s;
        keys[count++].arch = arch;
    }
    qsort(keys, count, sizeof *keys, compare_function_keys);
    b->first_function = site->function_count;
    for (i = 0; i < count; i++) {
        struct hg_history_site_function *f;
        uint64_t latest = newest_value(keys[i].s);
        if (i == 0 || !same_function(keys[i - 1].s, keys[i].s)) {
            site->functions = hg_xgrow(site->functions, &g->function_capacity,
                                       site->function_count + 1,
                                       sizeof *site->functions, 64);
            f = &site->functions[site->function_count++];
            memset(f, 0, sizeof *f);
            f->name = keys[i].s->name;
            f->object = keys[i].s->object;
            f->file = keys[i].s->file;
            f->benchmark = benchmark;
            f->page = hg_history_function_page(b->name, f->object, f->name,
                                               f->file);
            /* A series per architecture at most. */
            f->series = hg_xcalloc(b->arch_count, sizeof *f->series);
        }
        f = &site->functions[site->function_count - 1];
        f->series[f->series_count++] =
            add_series(g, keys[i].s, benchmark, keys[i].arch,
                       site->function_count - 1);
        if (latest > f->latest)
            f->latest = latest;
    }
    b->function_count = site->function_count - b->first_function;
    free(keys);
}

/* The HG_HISTORY_SITE_TOP functions of B of the largest latest value
   (the first by name among equals). */
static void pick_top(struct hg_history_site *site,
                     struct hg_history_site_benchmark *b)
{
    size_t i, k;
    for (i = b->first_function; i < b->first_function + b->function_count;
         i++) {
        uint64_t latest = site->functions[i].latest;
        for (k = b->top_count; k > 0
             && site->functions[b->top[k - 1]].latest < latest; k--)
            if (k < HG_HISTORY_SITE_TOP)
                b->top[k] = b->top[k - 1];
        if (k < HG_HISTORY_SITE_TOP) {
            b->top[k] = i;
            if (b->top_count < HG_HISTORY_SITE_TOP)
                b->top_count++;
        }
    }
}

/* Every changed point, listed at its commit. */
static void list_changes(struct hg_history_site *site)
{
    size_t i, j;
    size_t *capacity = hg_xcalloc(site->commit_count + 1, sizeof *capacity);
    for (i = 0; i < site->series_count; i++) {
        const struct hg_history_site_series *s = &site->series[i];
        for (j = 0; j < s->log->count; j++) {
            struct hg_history_site_commit *c;
            if (!s->log->points[j].changed)
                continue;
            c = &site->commits[s->commit[j]];
            c->changes = hg_xgrow(c->changes, &capacity[s->commit[j]],
                                  c->change_count + 1, sizeof *c->changes,
                                  8);
            c->changes[c->change_count].series = i;
            c->changes[c->change_count++].point = j;
        }
    }
    free(capacity);
}

/* The functions of BENCHMARK's runs along the branch: none is not a
   fault here, a benchmark may have runs without functions on it. */
static bool log_functions(struct gather *g, const char *branch,
                          size_t benchmark)
{
    struct hg_history_log_query query = {
        .benchmark = g->site->benchmarks[benchmark].name,
        .function = "*", .branch = branch, .empty_ok = true,
    };
    return hg_history_log(g->h, &query, &g->site->function_logs[benchmark],
                          g->problem, g->problem_size);
}

bool hg_history_site_gather(struct hg_history_db *h, const char *branch,
                            struct hg_history_site *site, char *problem,
                            size_t problem_size)
{
    struct hg_history_log_query totals = { .branch = branch };
    struct gather g = {
        .h = h, .site = site, .problem = problem,
        .problem_size = problem_size,
    };
    size_t b, a, i;
    bool ok;

    memset(site, 0, sizeof *site);
    ok = hg_history_log(h, &totals, &site->totals, problem, problem_size)
         && load_commits(&g) && place_commits(&g);
    if (ok) {
        site->branch = site->totals.series[0].branch;
        add_benchmarks(&g);
        site->function_logs = hg_xcalloc(site->benchmark_count + 1,
                                         sizeof *site->function_logs);
    }
    for (b = 0; ok && b < site->benchmark_count; b++) {
        struct hg_history_site_benchmark *bench = &site->benchmarks[b];
        bench->totals = hg_xcalloc(bench->arch_count, sizeof *bench->totals);
        for (a = 0; a < bench->arch_count; a++)
            for (i = 0; i < site->totals.count; i++)
                if (strcmp(site->totals.series[i].benchmark, bench->name) == 0
                    && strcmp(site->totals.series[i].arch,
                              bench->arches[a]) == 0)
                    bench->totals[a] = add_series(&g, &site->totals.series[i],
                                                  b, a, HG_HISTORY_SITE_NONE);
        ok = log_functions(&g, branch, b);
        if (ok) {
            add_functions(&g, b);
            pick_top(site, bench);
        }
    }
    if (ok)
        list_changes(site);
    else
        hg_history_site_free(site);
    free_each(g.shas, g.db_count, sizeof *g.shas, 1, (size_t)0);
    free(g.shas);
    free(g.db);
    return ok;
}

void hg_history_site_free(struct hg_history_site *site)
{
    typedef struct hg_history_site_benchmark bench;
    typedef struct hg_history_site_function function;
    typedef struct hg_history_site_commit commit;
    free_each(site->benchmarks, site->benchmark_count, sizeof(bench), 3,
              offsetof(bench, page), offsetof(bench, arches),
              offsetof(bench, totals));
    free_each(site->functions, site->function_count, sizeof(function), 2,
              offsetof(function, page), offsetof(function, series));
    free_each(site->series, site->series_count, sizeof *site->series, 1,
              offsetof(struct hg_history_site_series, commit));
    free_each(site->commits, site->commit_count, sizeof(commit), 2,
              offsetof(commit, page), offsetof(commit, changes));
    while (site->function_logs != NULL && site->benchmark_count > 0)
        hg_history_log_free(&site->function_logs[--site->benchmark_count]);
    free(site->benchmarks);
    free(site->functions);
    free(site->series);
    free(site->commits);
    free(site->function_logs);
    hg_history_log_free(&site->totals);
    memset(site, 0, sizeof *site);
}

const struct hg_history_point *
hg_history_site_point_at(const struct hg_history_site *site, size_t series,
                         size_t commit)
{
    const struct hg_history_site_series *s = &site->series[series];
    size_t low = 0, high = s->log->count;
    /* Points are newest first: their commits descend. */
    while (low < high) {
        size_t mid = low + (high - low) / 2;
        if (s->commit[mid] == commit)
            return &s->log->points[mid];
        if (s->commit[mid] > commit)
            low = mid + 1;
        else
            high = mid;
    }
    return NULL;
}
