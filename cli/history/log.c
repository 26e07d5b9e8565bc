/* hotgrind: history log: the series of one figure along a branch.
   GPL-2.0-or-later; part of hotgrind. */

/* The branch is walked from its head (walk_branch says which commit)
   along first parents, as long as each parent is recorded.  A run's figure is its
   own row or, without one, that of the run it is based on, and so on
   (record.c stores only changes); each run is resolved once. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history/history.h"
#include "policy/policy.h"
#include "util/xalloc.h"

struct path_commit {
    int64_t id;
    char *sha, *time;
};

/* One run of the series' benchmark and architecture. */
struct series_run {
    int64_t id, commit, base;    /* base 0: none */
    char *status;
    bool has_figures;
    int row;                     /* 0 none, 1 a value, 2 a NULL row */
    int64_t value;
    int resolved;                /* 0 not yet, 1 a value, 2 none */
    int64_t resolved_value;
};

struct walker {
    struct hg_history_db *h;
    const struct hg_history_log_query *q;
    int64_t metric;
    const char *metric_name;
    char *branch;
    struct path_commit *path;
    size_t path_count, path_capacity;
    struct hg_history_log *log;
    char *problem;
    size_t problem_size;
};

/* hg_history_row, TEXTS bound to ?2... */
static int first_row(struct walker *w, const char *sql,
                     const char *const *texts, size_t count, int64_t *id,
                     char **text)
{
    return hg_history_row(w->h, sql, 0, texts, count, id, text, w->problem,
                          w->problem_size);
}

/* The branch's commits, newest first along first parents. */
static bool walk_branch(struct walker *w)
{
    const char *branch[1];
    int64_t head, commits;
    sqlite3_stmt *stmt;
    int rc = SQLITE_DONE;

    if (w->q->branch != NULL)
        w->branch = hg_xstrdup(w->q->branch);
    else if ((rc = first_row(w, "SELECT id, branch FROM commits ORDER BY"
                             " id LIMIT 1", NULL, 0, &head, &w->branch))
             != SQLITE_ROW)
        goto none;
    branch[0] = w->branch;
    /* The head: a commit of the branch that no other commit of it has as
       first parent, the newest by its time (the last recorded when
       times are missing or equal), so that commits recorded later but
       older, such as bisect's, do not become the head. */
    rc = first_row(w, "SELECT c.id FROM commits c WHERE c.branch = ?2"
                   " AND NOT EXISTS (SELECT 1 FROM parents p JOIN commits k"
                   " ON k.id = p.commit_id WHERE p.position = 0"
                   " AND p.sha = c.sha AND k.branch = c.branch)"
                   " ORDER BY julianday(c.time) IS NULL,"
                   " julianday(c.time) DESC, c.id DESC LIMIT 1",
                   branch, 1, &head, NULL);
    if (rc == SQLITE_DONE)      /* every commit someone's first parent */
        rc = first_row(w, "SELECT id FROM commits WHERE branch = ?2"
                       " ORDER BY id DESC LIMIT 1", branch, 1, &head, NULL);
    if (rc != SQLITE_ROW)
        goto none;
    if (first_row(w, "SELECT count(*) FROM commits", NULL, 0, &commits,
                  NULL) != SQLITE_ROW)
        return false;
    stmt = hg_history_prepare(w->h, "SELECT c.sha, c.time, (SELECT p.id"
        " FROM parents JOIN commits p ON p.sha = parents.sha WHERE"
        " parents.commit_id = c.id AND parents.position = 0)"
        " FROM commits c WHERE c.id = ?1", w->problem, w->problem_size);
    if (stmt == NULL)
        return false;
    /* A cycle of parents (hand-made) ends after every commit once. */
    while (head != 0 && w->path_count < (size_t)commits) {
        struct path_commit *c;
        sqlite3_bind_int64(stmt, 1, head);
        rc = hg_history_step(w->h, stmt, w->problem, w->problem_size);
        if (rc != SQLITE_ROW)
            break;
        w->path = hg_xgrow(w->path, &w->path_capacity, w->path_count + 1,
                           sizeof *w->path, 64);
        c = &w->path[w->path_count++];
        c->id = head;
        c->sha = hg_history_column_text(stmt, 0);
        c->time = hg_history_column_text(stmt, 1);
        head = sqlite3_column_int64(stmt, 2);
        sqlite3_reset(stmt);
    }
    sqlite3_finalize(stmt);
    return rc != -1;
none:
    if (rc != -1)
        snprintf(w->problem, w->problem_size, "no commit is recorded%s%s",
                 w->branch != NULL ? " on branch " : "",
                 w->branch != NULL ? w->branch : "");
    return false;
}

static int compare_run_id(const void *key, const void *element)
{
    int64_t id = *(const int64_t *)key;
    const struct series_run *run = element;
    return id < run->id ? -1 : id > run->id;
}

static struct series_run *find_run(struct series_run *runs, size_t count,
                                   int64_t id)
{
    return bsearch(&id, runs, count, sizeof *runs, compare_run_id);
}

/* The runs of BENCHMARK on ARCH, by id. */
static bool load_runs(struct walker *w, const char *benchmark,
                      const char *arch, struct series_run **runs,
                      size_t *count)
{
    const char *const texts[] = { benchmark, arch };
    sqlite3_stmt *stmt = hg_history_prepare_texts(w->h, "SELECT id,"
        " commit_id, ifnull(base_run, 0), status, has_figures FROM runs"
        " WHERE benchmark = ?1 AND arch = ?2 ORDER BY id", 1, texts, 2,
        w->problem, w->problem_size);
    size_t capacity = 0;
    int rc;
    *runs = NULL;
    *count = 0;
    if (stmt == NULL)
        return false;
    while ((rc = hg_history_step(w->h, stmt, w->problem, w->problem_size))
           == SQLITE_ROW) {
        struct series_run *r = hg_xpush(*runs, *count, &capacity, 16);
        r->id = sqlite3_column_int64(stmt, 0);
        r->commit = sqlite3_column_int64(stmt, 1);
        r->base = sqlite3_column_int64(stmt, 2);
        r->status = hg_history_column_text(stmt, 3);
        r->has_figures = sqlite3_column_int(stmt, 4) != 0;
    }
    sqlite3_finalize(stmt);
    return rc == SQLITE_DONE;
}

/* Whether RUN has the figure, and its value, along base_run. */
static bool resolve(struct series_run *runs, size_t count,
                    struct series_run *run, int64_t *value)
{
    struct series_run *r = run;
    size_t steps = 0;
    while (r != NULL && r->resolved == 0 && r->row == 0 && r->base != 0
           && steps++ < count)
        r = find_run(runs, count, r->base);
    if (r != NULL && r->resolved == 0) {
        r->resolved = r->row == 1 ? 1 : 2;
        r->resolved_value = r->value;
    }
    /* Every run walked over resolves to the same. */
    for (; run != NULL && run != r && run->resolved == 0;
         run = find_run(runs, count, run->base)) {
        run->resolved = r != NULL ? r->resolved : 2;
        run->resolved_value = r != NULL ? r->resolved_value : 0;
    }
    if (r == NULL || r->resolved != 1)
        return false;
    *value = r->resolved_value;
    return true;
}

static void free_points(struct hg_history_point *points, size_t count)
{
    size_t i;
    for (i = 0; i < count; i++) {
        free(points[i].sha);
        free(points[i].time);
        free(points[i].status);
    }
    free(points);
}

/* The series of ENTITY: its rows loaded into RUNS, then a point per run
   on the path.  Not added when no point has a value. */
static bool add_series(struct walker *w, struct series_run *runs,
                       size_t count, const size_t *path_run, int64_t entity,
                       const char *benchmark,
                       const char *arch, const char *kind, const char *name,
                       const char *object, const char *file)
{
    sqlite3_stmt *stmt = hg_history_prepare(w->h, "SELECT f.run_id, f.value"
        " FROM figures f JOIN runs r ON r.id = f.run_id WHERE"
        " f.entity_id = ?1 AND f.metric_id = ?2 AND r.benchmark = ?3 AND"
        " r.arch = ?4", w->problem, w->problem_size);
    struct hg_history_series s = { 0 };
    size_t points_capacity = 0;
    struct hg_history_point *older = NULL;
    bool any = false;
    size_t i;
    int rc;

    if (stmt == NULL)
        return false;
    for (i = 0; i < count; i++)
        runs[i].row = runs[i].resolved = 0;
    sqlite3_bind_int64(stmt, 1, entity);
    sqlite3_bind_int64(stmt, 2, w->metric);
    sqlite3_bind_text(stmt, 3, benchmark, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 4, arch, -1, SQLITE_STATIC);
    while ((rc = hg_history_step(w->h, stmt, w->problem, w->problem_size))
           == SQLITE_ROW) {
        struct series_run *r = find_run(runs, count,
                                        sqlite3_column_int64(stmt, 0));
        if (r == NULL)
            continue;
        r->row = sqlite3_column_type(stmt, 1) == SQLITE_NULL ? 2 : 1;
        r->value = sqlite3_column_int64(stmt, 1);
    }
    sqlite3_finalize(stmt);
    if (rc != SQLITE_DONE)
        return false;
    for (i = 0; i < w->path_count; i++) {
        struct series_run *r;
        struct hg_history_point *p;
        int64_t value;
        if (path_run[i] == count)
            continue;
        r = &runs[path_run[i]];
        s.points = hg_xgrow(s.points, &points_capacity, s.count + 1,
                            sizeof *s.points, 64);
        p = &s.points[s.count++];
        memset(p, 0, sizeof *p);
        p->sha = hg_xstrdup(w->path[i].sha);
        p->time = w->path[i].time != NULL ? hg_xstrdup(w->path[i].time)
                                          : NULL;
        p->status = hg_xstrdup(r->status);
        if (r->has_figures && resolve(runs, count, r, &value)) {
            p->has_value = true;
            p->value = (uint64_t)value;
            any = true;
        }
        /* A failed run (no figures) is never "older": the point before
           it is compared with the run before that. */
        p->has_older = !r->has_figures;
    }
    /* Comparisons run oldest to newest. */
    for (i = s.count; i-- > 0;) {
        struct hg_history_point *p = &s.points[i];
        bool figures = !p->has_older;
        p->has_older = older != NULL;
        if (older != NULL) {
            p->older_has_value = older->has_value;
            p->older_value = older->value;
            p->changed = figures && (older->has_value != p->has_value
                                     || older->value != p->value);
        }
        if (figures)
            older = p;
    }
    if (!any) {
        free_points(s.points, s.count);
        return true;
    }
    s.benchmark = hg_xstrdup(benchmark);
    s.arch = hg_xstrdup(arch);
    s.branch = hg_xstrdup(w->branch);
    s.metric = hg_xstrdup(w->metric_name);
    s.kind = hg_xstrdup(kind);
    s.name = hg_xstrdup(name);
    s.object = hg_xstrdup(object);
    s.file = hg_xstrdup(file);
    w->log->series = hg_xrealloc(w->log->series, w->log->count + 1,
                                 sizeof *w->log->series);
    w->log->series[w->log->count++] = s;
    return true;
}

/* Whether a function NAME of OBJECT matches [OBJ:]GLOB, as --mark and
   policies match (the object's file name only: the database keeps no
   sonames). */
static bool function_matches(const char *pattern, const char *name,
                             const char *object)
{
    const char *colon = hg_pattern_object_separator(pattern);
    char *glob;
    bool match;
    if (colon == NULL)
        return hg_glob_match(pattern, name);
    glob = hg_xstrndup(pattern, (size_t)(colon - pattern));
    match = hg_glob_match(glob, object) && hg_glob_match(colon + 1, name);
    free(glob);
    return match;
}

/* The kind of entity QUERY asks for (entities.kind). */
static const char *series_kind(const struct hg_history_log_query *query)
{
    return query->function != NULL ? "function"
           : query->zone != NULL ? "zone"
           : query->mark != NULL ? "mark" : "total";
}

/* Every series of one benchmark and architecture. */
static bool add_benchmark(struct walker *w, const char *benchmark,
                          const char *arch)
{
    struct series_run *runs;
    size_t count, i, j, *path_run;
    sqlite3_stmt *stmt;
    bool ok;
    int rc = SQLITE_DONE;

    if (!load_runs(w, benchmark, arch, &runs, &count))
        return false;
    /* The run of each commit of the path, COUNT when there is none. */
    path_run = hg_xcalloc(w->path_count + 1, sizeof *path_run);
    for (i = 0; i < w->path_count; i++) {
        path_run[i] = count;
        for (j = 0; j < count; j++)
            if (runs[j].commit == w->path[i].id)
                path_run[i] = j;
    }
    stmt = hg_history_prepare(w->h, "SELECT id, name, object, file FROM"
                              " entities WHERE kind = ?1"
                              " ORDER BY name, object, file", w->problem,
                              w->problem_size);
    ok = stmt != NULL;
    if (ok)
        sqlite3_bind_text(stmt, 1, series_kind(w->q), -1, SQLITE_STATIC);
    while (ok && (rc = hg_history_step(w->h, stmt, w->problem,
                                       w->problem_size)) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(stmt, 1);
        const char *object = (const char *)sqlite3_column_text(stmt, 2);
        const char *file = (const char *)sqlite3_column_text(stmt, 3);
        bool wanted = w->q->function != NULL
            ? function_matches(w->q->function, name, object)
            : w->q->zone != NULL ? hg_glob_match(w->q->zone, name)
            : w->q->mark != NULL ? hg_glob_match(w->q->mark, name)
            : true;
        if (wanted)
            ok = add_series(w, runs, count, path_run,
                            sqlite3_column_int64(stmt, 0), benchmark, arch,
                            series_kind(w->q), name, object, file);
    }
    if (ok && rc != SQLITE_DONE)
        ok = false;
    sqlite3_finalize(stmt);
    for (i = 0; i < count; i++)
        free(runs[i].status);
    free(runs);
    free(path_run);
    return ok;
}

bool hg_history_log(struct hg_history_db *h,
                    const struct hg_history_log_query *query,
                    struct hg_history_log *log, char *problem,
                    size_t problem_size)
{
    struct walker w = {
        .h = h, .q = query, .log = log, .problem = problem,
        .problem_size = problem_size,
        .metric_name = query->metric != NULL ? query->metric
                       : query->mark != NULL ? "entered"
                       : query->zone != NULL ? "incl-Ir" : "Ir",
    };
    const char *metric[1] = { w.metric_name };
    sqlite3_stmt *stmt = NULL;
    bool ok;
    int rc;
    size_t i;

    memset(log, 0, sizeof *log);
    rc = first_row(&w, "SELECT id FROM metrics WHERE name = ?2", metric, 1,
                   &w.metric, NULL);
    if (rc == SQLITE_DONE)
        snprintf(problem, problem_size, "no figure of metric %s is recorded",
                 w.metric_name);
    ok = rc == SQLITE_ROW && walk_branch(&w);
    if (ok)
        stmt = hg_history_prepare(h, "SELECT DISTINCT benchmark, arch FROM"
                                  " runs ORDER BY benchmark, arch", problem,
                                  problem_size);
    ok = ok && stmt != NULL;
    while (ok && (rc = hg_history_step(h, stmt, problem, problem_size))
           == SQLITE_ROW) {
        const char *benchmark = (const char *)sqlite3_column_text(stmt, 0);
        const char *arch = (const char *)sqlite3_column_text(stmt, 1);
        if ((query->benchmark == NULL
             || hg_glob_match(query->benchmark, benchmark))
            && (query->arch == NULL || strcmp(query->arch, arch) == 0))
            ok = add_benchmark(&w, benchmark, arch);
    }
    if (ok && rc != SQLITE_DONE)
        ok = false;
    sqlite3_finalize(stmt);
    if (ok && log->count == 0 && !query->empty_ok) {
        snprintf(problem, problem_size, "nothing recorded on branch %s "
                 "has a figure %s for the %s asked", w.branch,
                 w.metric_name, query->function != NULL
                 ? "benchmarks, architectures and functions"
                 : query->zone != NULL ? "benchmarks, architectures and zones"
                 : query->mark != NULL ? "benchmarks, architectures and marks"
                 : "benchmarks and architectures");
        ok = false;
    }
    for (i = 0; i < w.path_count; i++) {
        free(w.path[i].sha);
        free(w.path[i].time);
    }
    free(w.path);
    free(w.branch);
    if (!ok)
        hg_history_log_free(log);
    return ok;
}

void hg_history_log_free(struct hg_history_log *log)
{
    size_t i;
    for (i = 0; i < log->count; i++) {
        struct hg_history_series *s = &log->series[i];
        free_points(s->points, s->count);
        hg_free_each(s->benchmark, s->arch, s->branch, s->metric, s->kind,
                     s->name, s->object, s->file);
    }
    free(log->series);
    memset(log, 0, sizeof *log);
}
