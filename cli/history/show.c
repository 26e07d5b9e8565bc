/* hotgrind: history show: one commit's runs and what changed there.
   GPL-2.0-or-later; part of hotgrind. */

/* record stores a run's figures only where they differ from its base
   run's, so the rows of a run are where to look for its changes; each is
   still compared with the base's value resolved along base_run, since a
   --replace can leave a run rows equal to its new base's. */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history/show.h"
#include "policy/policy.h"
#include "report/metrics.h"
#include "util/xalloc.h"

struct shower {
    struct hg_history_db *h;
    char *problem;
    size_t problem_size;
};

/* The commit whose sha starts with QUERY->commit: its row into SHOW,
   its id into *ID. */
static bool find_commit(struct shower *w, const char *prefix,
                        struct hg_history_show *show, int64_t *id)
{
    char *lower = hg_xstrdup(prefix), *p;
    sqlite3_stmt *stmt;
    int rc, found = 0;

    for (p = lower; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    stmt = hg_history_prepare(w->h, "SELECT id, sha, branch, time FROM"
        " commits WHERE substr(sha, 1, length(?1)) = ?1 ORDER BY sha"
        " LIMIT 2", w->problem, w->problem_size);
    if (stmt == NULL) {
        free(lower);
        return false;
    }
    sqlite3_bind_text(stmt, 1, lower, -1, SQLITE_STATIC);
    while ((rc = hg_history_step(w->h, stmt, w->problem, w->problem_size))
           == SQLITE_ROW && found++ == 0) {
        *id = sqlite3_column_int64(stmt, 0);
        show->sha = hg_history_column_text(stmt, 1);
        show->branch = hg_history_column_text(stmt, 2);
        show->time = hg_history_column_text(stmt, 3);
    }
    sqlite3_finalize(stmt);
    if (rc != -1 && found == 0)
        snprintf(w->problem, w->problem_size, "no commit %s is recorded",
                 lower);
    else if (rc != -1 && found > 1)
        snprintf(w->problem, w->problem_size, "commit %s is ambiguous: "
                 "several recorded commits start with it", lower);
    free(lower);
    return rc != -1 && found == 1;
}

static bool load_parents(struct shower *w, int64_t commit,
                         struct hg_history_show *show)
{
    sqlite3_stmt *stmt = hg_history_prepare(w->h, "SELECT sha FROM parents"
        " WHERE commit_id = ?1 ORDER BY position", w->problem,
        w->problem_size);
    int rc;
    if (stmt == NULL)
        return false;
    sqlite3_bind_int64(stmt, 1, commit);
    while ((rc = hg_history_step(w->h, stmt, w->problem, w->problem_size))
           == SQLITE_ROW) {
        show->parents = hg_xrealloc(show->parents, show->parent_count + 1,
                                    sizeof *show->parents);
        show->parents[show->parent_count++] = hg_history_column_text(stmt, 0);
    }
    sqlite3_finalize(stmt);
    return rc == SQLITE_DONE;
}

/* SETTINGS split at its newlines into R's lines. */
static void split_settings(struct hg_history_show_run *r,
                           const char *settings)
{
    const char *line = settings, *end;
    while (line != NULL && *line != '\0') {
        end = strchr(line, '\n');
        r->settings = hg_xrealloc(r->settings, r->setting_count + 1,
                                  sizeof *r->settings);
        r->settings[r->setting_count++] =
            end != NULL ? hg_xstrndup(line, (size_t)(end - line))
                        : hg_xstrdup(line);
        line = end != NULL ? end + 1 : NULL;
    }
}

/* A total's place in hg_metrics(), so that Ir comes first. */
static size_t metric_rank(const char *name)
{
    size_t count;
    const struct hg_metric *all = hg_metrics(&count);
    const struct hg_metric *m = hg_metric_named(name);
    return m != NULL ? (size_t)(m - all) : count;
}

static int compare_totals(const void *a, const void *b)
{
    const struct hg_history_show_total *x = a, *y = b;
    size_t rx = metric_rank(x->metric), ry = metric_rank(y->metric);
    if (rx != ry)
        return rx < ry ? -1 : 1;
    return strcmp(x->metric, y->metric);
}

static bool load_totals(struct shower *w, int64_t run,
                        struct hg_history_show_run *r)
{
    struct hg_history_figure *figures;
    size_t n, i;
    if (!hg_history_resolve(w->h, run, "e.kind = 'total'", NULL, 0,
                            &figures, &n, w->problem, w->problem_size))
        return false;
    r->totals = hg_xcalloc(n + 1, sizeof *r->totals);
    for (i = 0; i < n; i++) {
        if (!figures[i].present)
            continue;
        r->totals[r->total_count].metric = hg_xstrdup(figures[i].metric);
        r->totals[r->total_count++].value = figures[i].value;
    }
    hg_history_figures_free(figures, n);
    qsort(r->totals, r->total_count, sizeof *r->totals, compare_totals);
    return true;
}

/* Largest |change| first, then kind, names and metric, byte by byte. */
static int compare_changes(const void *a, const void *b)
{
    const struct hg_history_show_change *x = a, *y = b;
    uint64_t cx = hg_history_pair_size(&x->value);
    uint64_t cy = hg_history_pair_size(&y->value);
    const char *const tx[] = { x->kind, x->name, x->object, x->file,
                               x->callee_name, x->callee_object,
                               x->callee_file, x->metric };
    const char *const ty[] = { y->kind, y->name, y->object, y->file,
                               y->callee_name, y->callee_object,
                               y->callee_file, y->metric };
    size_t i;
    int order;
    if (cx != cy)
        return cx > cy ? -1 : 1;
    for (i = 0; i < sizeof tx / sizeof tx[0]; i++)
        if ((order = strcmp(tx[i], ty[i])) != 0)
            return order;
    return 0;
}

/* RUN's rows against BASE's figures (resolved along its base_run): the
   ones that differ into R. */
static bool load_changes(struct shower *w, int64_t run, int64_t base,
                         struct hg_history_show_run *r)
{
    char *sql = hg_xasprintf(HG_HISTORY_CHAIN_SQL
        ", base (entity, metric, value, depth) AS ("
        " SELECT f.entity_id, f.metric_id, f.value, min(chain.depth)"
        " FROM chain JOIN figures f ON f.run_id = chain.run"
        " GROUP BY f.entity_id, f.metric_id)"
        " SELECT e.kind, e.name, e.object, e.file, %s, m.name,"
        " x.value, b.value FROM figures x"
        " JOIN entities e ON e.id = x.entity_id"
        " JOIN metrics m ON m.id = x.metric_id"
        " LEFT JOIN base b ON b.entity = x.entity_id"
        " AND b.metric = x.metric_id WHERE x.run_id = ?2",
        w->h->version >= 2 ? "e.callee_name, e.callee_object, e.callee_file"
                           : "'', '', ''");
    sqlite3_stmt *stmt = hg_history_prepare(w->h, sql, w->problem,
                                            w->problem_size);
    size_t capacity = 0;
    int rc, i;

    free(sql);
    if (stmt == NULL)
        return false;
    sqlite3_bind_int64(stmt, 1, base);
    sqlite3_bind_int64(stmt, 2, run);
    while ((rc = hg_history_step(w->h, stmt, w->problem, w->problem_size))
           == SQLITE_ROW) {
        struct hg_history_show_change c;
        char **texts[] = { &c.kind, &c.name, &c.object, &c.file,
                           &c.callee_name, &c.callee_object,
                           &c.callee_file, &c.metric };
        c.value.in_after = sqlite3_column_type(stmt, 8) != SQLITE_NULL;
        c.value.after = (uint64_t)sqlite3_column_int64(stmt, 8);
        c.value.in_before = sqlite3_column_type(stmt, 9) != SQLITE_NULL;
        c.value.before = (uint64_t)sqlite3_column_int64(stmt, 9);
        if (!hg_history_pair_differs(&c.value))
            continue;
        for (i = 0; i < 8; i++)
            *texts[i] = hg_history_column_text(stmt, i);
        r->changes = hg_xgrow(r->changes, &capacity, r->change_count + 1,
                              sizeof *r->changes, 16);
        r->changes[r->change_count++] = c;
    }
    sqlite3_finalize(stmt);
    qsort(r->changes, r->change_count, sizeof *r->changes, compare_changes);
    return rc == SQLITE_DONE;
}

static bool load_runs(struct shower *w, int64_t commit,
                      const struct hg_history_show_query *q,
                      struct hg_history_show *show)
{
    char *sql = hg_xasprintf("SELECT r.id, ifnull(r.base_run, 0),"
        " r.benchmark, r.arch, r.branch, r.program, r.platform,"
        " r.valgrind_version, r.tool_version, r.status, r.exit, r.settings,"
        " r.has_figures, %s, (SELECT c.sha FROM runs b JOIN commits c"
        " ON c.id = b.commit_id WHERE b.id = r.base_run)"
        " FROM runs r WHERE r.commit_id = ?1 ORDER BY r.benchmark, r.arch",
        w->h->version >= 2 ? "r.call_graph" : "0");
    sqlite3_stmt *stmt = hg_history_prepare(w->h, sql, w->problem,
                                            w->problem_size);
    bool ok = stmt != NULL;
    int rc = SQLITE_DONE, i;

    free(sql);
    if (ok)
        sqlite3_bind_int64(stmt, 1, commit);
    while (ok && (rc = hg_history_step(w->h, stmt, w->problem,
                                       w->problem_size)) == SQLITE_ROW) {
        const char *benchmark = (const char *)sqlite3_column_text(stmt, 2);
        const char *arch = (const char *)sqlite3_column_text(stmt, 3);
        int64_t run = sqlite3_column_int64(stmt, 0);
        int64_t base = sqlite3_column_int64(stmt, 1);
        struct hg_history_show_run *r;
        char **texts[9];
        if ((q->benchmark != NULL && !hg_glob_match(q->benchmark, benchmark))
            || (q->arch != NULL && strcmp(q->arch, arch) != 0))
            continue;
        show->runs = hg_xrealloc(show->runs, show->count + 1,
                                 sizeof *show->runs);
        r = &show->runs[show->count++];
        memset(r, 0, sizeof *r);
        texts[0] = &r->benchmark;
        texts[1] = &r->arch;
        texts[2] = &r->branch;
        texts[3] = &r->program;
        texts[4] = &r->platform;
        texts[5] = &r->valgrind_version;
        texts[6] = &r->tool_version;
        texts[7] = &r->status;
        texts[8] = &r->exit;
        for (i = 0; i < 9; i++)
            *texts[i] = hg_history_column_text(stmt, i + 2);
        split_settings(r, (const char *)sqlite3_column_text(stmt, 11));
        r->has_figures = sqlite3_column_int(stmt, 12) != 0;
        r->call_graph = sqlite3_column_int(stmt, 13) != 0;
        r->base_sha = hg_history_column_text(stmt, 14);
        if (r->has_figures)
            ok = load_totals(w, run, r)
                 && (base == 0 || load_changes(w, run, base, r));
    }
    sqlite3_finalize(stmt);
    return ok && rc == SQLITE_DONE;
}

bool hg_history_show(struct hg_history_db *h,
                     const struct hg_history_show_query *query,
                     struct hg_history_show *show, char *problem,
                     size_t problem_size)
{
    struct shower w = {
        .h = h, .problem = problem, .problem_size = problem_size,
    };
    int64_t commit = 0;
    bool ok;

    memset(show, 0, sizeof *show);
    ok = find_commit(&w, query->commit, show, &commit)
         && load_parents(&w, commit, show)
         && load_runs(&w, commit, query, show);
    if (ok && show->count == 0) {
        snprintf(problem, problem_size, "nothing recorded for commit %s "
                 "is of the benchmarks and architectures asked", show->sha);
        ok = false;
    }
    if (!ok)
        hg_history_show_free(show);
    return ok;
}

void hg_history_show_free(struct hg_history_show *show)
{
    size_t i, k;
    for (i = 0; i < show->count; i++) {
        struct hg_history_show_run *r = &show->runs[i];
        hg_free_each(r->benchmark, r->arch, r->branch, r->program,
                     r->platform, r->valgrind_version, r->tool_version,
                     r->status, r->exit, r->base_sha);
        hg_free_strings(r->settings, r->setting_count);
        for (k = 0; k < r->total_count; k++)
            free(r->totals[k].metric);
        free(r->totals);
        for (k = 0; k < r->change_count; k++) {
            struct hg_history_show_change *c = &r->changes[k];
            hg_free_each(c->kind, c->name, c->object, c->file,
                         c->callee_name, c->callee_object, c->callee_file,
                         c->metric);
        }
        free(r->changes);
    }
    free(show->runs);
    hg_free_strings(show->parents, show->parent_count);
    hg_free_each(show->sha, show->branch, show->time);
    memset(show, 0, sizeof *show);
}
