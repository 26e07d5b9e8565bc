/* hotgrind: history blame: the commits where a function's figure
   changed, explained from the call graph.  GPL-2.0-or-later; part of
   hotgrind. */

/* The series are log's (log.c walks the branch and resolves each run's
   figure), so blame and log never disagree about what changed where.
   What blame adds: the run each change is measured against and, when
   both runs have a call graph, the function's parts in each, resolved
   along base_run as record stored them (schema 2; a version-1 file has
   no call graph recorded, so nothing is explained there). */

#include <stdlib.h>
#include <string.h>

#include "history/blame.h"
#include "util/xalloc.h"

/* A run of the benchmark and architecture being blamed, by commit. */
struct run_info {
    char *sha;
    int64_t id;
    bool has_figures, call_graph;
};

struct blamer {
    struct hg_history_db *h;
    /* The runs of the last benchmark and architecture looked at, by sha:
       log gives a benchmark's series one after another. */
    char *benchmark, *arch;
    struct run_info *runs;
    size_t run_count;
    char *problem;
    size_t problem_size;
};

static char *copy_or_null(const char *text)
{
    return text != NULL ? hg_xstrdup(text) : NULL;
}

static void free_runs(struct blamer *b)
{
    size_t i;
    for (i = 0; i < b->run_count; i++)
        free(b->runs[i].sha);
    free(b->runs);
    free(b->benchmark);
    free(b->arch);
    b->runs = NULL;
    b->run_count = 0;
    b->benchmark = b->arch = NULL;
}

static bool load_runs(struct blamer *b, const char *benchmark,
                      const char *arch)
{
    const char *const texts[] = { benchmark, arch };
    sqlite3_stmt *stmt;
    size_t capacity = 0;
    int rc;
    if (b->benchmark != NULL && strcmp(b->benchmark, benchmark) == 0
        && strcmp(b->arch, arch) == 0)
        return true;
    free_runs(b);
    b->benchmark = hg_xstrdup(benchmark);
    b->arch = hg_xstrdup(arch);
    stmt = hg_history_prepare_texts(b->h, b->h->version >= 2
        ? "SELECT c.sha, r.id, r.has_figures, r.call_graph FROM runs r"
          " JOIN commits c ON c.id = r.commit_id WHERE r.benchmark = ?1"
          " AND r.arch = ?2 ORDER BY c.sha"
        : "SELECT c.sha, r.id, r.has_figures, 0 FROM runs r"
          " JOIN commits c ON c.id = r.commit_id WHERE r.benchmark = ?1"
          " AND r.arch = ?2 ORDER BY c.sha", 1, texts, 2, b->problem,
        b->problem_size);
    if (stmt == NULL)
        return false;
    while ((rc = hg_history_step(b->h, stmt, b->problem, b->problem_size))
           == SQLITE_ROW) {
        struct run_info *r = hg_xpush(b->runs, b->run_count, &capacity, 64);
        r->sha = hg_xstrdup((const char *)sqlite3_column_text(stmt, 0));
        r->id = sqlite3_column_int64(stmt, 1);
        r->has_figures = sqlite3_column_int(stmt, 2) != 0;
        r->call_graph = sqlite3_column_int(stmt, 3) != 0;
    }
    sqlite3_finalize(stmt);
    return rc == SQLITE_DONE;
}

static int compare_run_sha(const void *key, const void *element)
{
    return strcmp(key, ((const struct run_info *)element)->sha);
}

static const struct run_info *find_run(const struct blamer *b,
                                       const char *sha)
{
    return bsearch(sha, b->runs, b->run_count, sizeof *b->runs,
                   compare_run_sha);
}

/* ------------------------------------------------------- explanation */

/* An edge of the function, by entity id. */
struct edge_entity {
    int64_t id;
    struct hg_history_blame_edge edge;
};

static int compare_edge_id(const void *key, const void *element)
{
    int64_t id = *(const int64_t *)key;
    const struct edge_entity *e = element;
    return id < e->id ? -1 : id > e->id;
}

/* Largest |change of Ir| first, then the callee's name, object and file:
   the order of diff's explanations. */
static int compare_edges(const void *a, const void *b)
{
    const struct hg_history_blame_edge *x = a, *y = b;
    uint64_t cx = hg_history_pair_size(&x->ir);
    uint64_t cy = hg_history_pair_size(&y->ir);
    int order;
    if (cx != cy)
        return cx > cy ? -1 : 1;
    if ((order = strcmp(x->name, y->name)) != 0
        || (order = strcmp(x->object, y->object)) != 0)
        return order;
    return strcmp(x->file, y->file);
}

/* The figure of one side of PAIR. */
static void set_side(struct hg_history_pair *pair, bool after,
                     const struct hg_history_figure *f)
{
    if (after) {
        pair->in_after = f->present;
        pair->after = f->value;
    } else {
        pair->in_before = f->present;
        pair->before = f->value;
    }
}

/* The edges of function IDENTITY (name, object, file), by id. */
static bool load_edges(struct blamer *b, const char *const identity[3],
                       struct edge_entity **edges, size_t *count)
{
    sqlite3_stmt *stmt;
    size_t capacity = 0;
    int rc;
    *edges = NULL;
    *count = 0;
    if (b->h->version < 2)
        return true;
    stmt = hg_history_prepare_texts(b->h, "SELECT id, callee_name,"
        " callee_object, callee_file FROM entities WHERE kind = 'edge'"
        " AND name = ?1 AND object = ?2 AND file = ?3 ORDER BY id", 1,
        identity, 3, b->problem, b->problem_size);
    if (stmt == NULL)
        return false;
    while ((rc = hg_history_step(b->h, stmt, b->problem, b->problem_size))
           == SQLITE_ROW) {
        struct edge_entity *e = hg_xpush(*edges, *count, &capacity, 16);
        e->id = sqlite3_column_int64(stmt, 0);
        e->edge.name = hg_xstrdup((const char *)sqlite3_column_text(stmt, 1));
        e->edge.object = hg_xstrdup((const char *)sqlite3_column_text(stmt,
                                                                      2));
        e->edge.file = hg_xstrdup((const char *)sqlite3_column_text(stmt, 3));
    }
    sqlite3_finalize(stmt);
    return rc == SQLITE_DONE;
}

/* Whether self + no-symbol + the edges is incl-Ir on side AFTER. */
static bool adds_up(const struct hg_history_blame_why *why,
                    const struct edge_entity *edges, size_t count,
                    bool after)
{
    uint64_t sum, inclusive;
    size_t i;
    if (!(after ? why->inclusive.in_after : why->inclusive.in_before))
        return false;
    inclusive = after ? why->inclusive.after : why->inclusive.before;
    sum = after ? why->self.after + why->no_symbol.after
                : why->self.before + why->no_symbol.before;
    for (i = 0; i < count; i++)
        sum += after ? edges[i].edge.ir.after : edges[i].edge.ir.before;
    return sum == inclusive;
}

/* The parts of function IDENTITY in runs BEFORE and AFTER into WHY. */
static bool explain(struct blamer *b, int64_t before, int64_t after,
                    const char *const identity[3],
                    struct hg_history_blame_why *why)
{
    static const char where[] = "e.kind IN ('function', 'edge')"
        " AND e.name = ?2 AND e.object = ?3 AND e.file = ?4";
    struct edge_entity *edges;
    size_t count, i;
    int side;
    bool ok = load_edges(b, identity, &edges, &count);

    memset(why, 0, sizeof *why);
    for (side = 0; ok && side < 2; side++) {
        struct hg_history_figure *figures;
        size_t n;
        if (!hg_history_resolve(b->h, side ? after : before, where,
                                identity, 3, &figures, &n, b->problem,
                                b->problem_size)) {
            ok = false;
            break;
        }
        for (i = 0; i < n; i++) {
            const struct hg_history_figure *f = &figures[i];
            struct edge_entity *e = bsearch(&f->entity, edges, count,
                                            sizeof *edges, compare_edge_id);
            if (e != NULL && strcmp(f->metric, "calls") == 0)
                set_side(&e->edge.calls, side, f);
            else if (e != NULL && strcmp(f->metric, "incl-Ir") == 0)
                set_side(&e->edge.ir, side, f);
            else if (e == NULL && strcmp(f->metric, "Ir") == 0)
                set_side(&why->self, side, f);
            else if (e == NULL && strcmp(f->metric, "incl-Ir") == 0)
                set_side(&why->inclusive, side, f);
            else if (e == NULL && strcmp(f->metric, "no-symbol") == 0)
                set_side(&why->no_symbol, side, f);
        }
        hg_history_figures_free(figures, n);
    }
    why->adds_up = ok && adds_up(why, edges, count, false)
                   && adds_up(why, edges, count, true);
    why->edges = hg_xcalloc(count + 1, sizeof *why->edges);
    for (i = 0; i < count; i++) {
        struct hg_history_blame_edge *e = &edges[i].edge;
        if (ok && (hg_history_pair_differs(&e->calls)
                   || hg_history_pair_differs(&e->ir))) {
            why->edges[why->edge_count++] = *e;
        } else {
            free(e->name);
            free(e->object);
            free(e->file);
        }
    }
    free(edges);
    qsort(why->edges, why->edge_count, sizeof *why->edges, compare_edges);
    return ok;
}

static void why_free(struct hg_history_blame_why *why)
{
    size_t i;
    for (i = 0; i < why->edge_count; i++) {
        free(why->edges[i].name);
        free(why->edges[i].object);
        free(why->edges[i].file);
    }
    free(why->edges);
    memset(why, 0, sizeof *why);
}

/* ------------------------------------------------------------ series */

/* S's changes from log's series L: each point log marks changed, with
   the run before it that has figures. */
static bool blame_series(struct blamer *b,
                         const struct hg_history_series *l,
                         struct hg_history_blame_series *s)
{
    const char *const identity[3] = { l->name, l->object, l->file };
    const struct run_info *older = NULL;
    const struct hg_history_point *older_point = NULL;
    size_t capacity = 0, i;

    memset(s, 0, sizeof *s);
    s->benchmark = hg_xstrdup(l->benchmark);
    s->arch = hg_xstrdup(l->arch);
    s->branch = hg_xstrdup(l->branch);
    s->metric = hg_xstrdup(l->metric);
    s->name = hg_xstrdup(l->name);
    s->object = hg_xstrdup(l->object);
    s->file = hg_xstrdup(l->file);
    if (!load_runs(b, l->benchmark, l->arch))
        return false;
    /* Oldest to newest, so each change knows the run before it. */
    for (i = l->count; i-- > 0;) {
        const struct hg_history_point *p = &l->points[i];
        const struct run_info *run = find_run(b, p->sha);
        struct hg_history_blame_change *c;
        if (run == NULL || !run->has_figures)
            continue;
        s->runs++;
        if (older == NULL) {
            s->first_sha = hg_xstrdup(p->sha);
            s->first_time = copy_or_null(p->time);
            s->first_has_value = p->has_value;
            s->first_value = p->value;
        } else if (p->changed) {
            s->changes = hg_xgrow(s->changes, &capacity, s->count + 1,
                                  sizeof *s->changes, 16);
            c = &s->changes[s->count++];
            memset(c, 0, sizeof *c);
            c->sha = hg_xstrdup(p->sha);
            c->time = copy_or_null(p->time);
            c->before_sha = hg_xstrdup(older_point->sha);
            c->value.in_before = older_point->has_value;
            c->value.before = older_point->value;
            c->value.in_after = p->has_value;
            c->value.after = p->value;
            c->explained = older->call_graph && run->call_graph;
            if (c->explained && !explain(b, older->id, run->id, identity,
                                         &c->why))
                return false;
        }
        older = run;
        older_point = p;
    }
    /* Newest first, as log lists them. */
    for (i = 0; i < s->count / 2; i++) {
        struct hg_history_blame_change t = s->changes[i];
        s->changes[i] = s->changes[s->count - 1 - i];
        s->changes[s->count - 1 - i] = t;
    }
    return true;
}

static void series_free(struct hg_history_blame_series *s)
{
    size_t i;
    hg_free_each(s->benchmark, s->arch, s->branch, s->metric, s->name,
                 s->object, s->file, s->first_sha, s->first_time);
    for (i = 0; i < s->count; i++) {
        hg_free_each(s->changes[i].sha, s->changes[i].time,
                     s->changes[i].before_sha);
        why_free(&s->changes[i].why);
    }
    free(s->changes);
}

bool hg_history_blame(struct hg_history_db *h,
                      const struct hg_history_log_query *query,
                      struct hg_history_blame *blame, char *problem,
                      size_t problem_size)
{
    struct blamer b = {
        .h = h, .problem = problem, .problem_size = problem_size,
    };
    struct hg_history_log log;
    bool ok = true;
    size_t i;

    memset(blame, 0, sizeof *blame);
    if (!hg_history_log(h, query, &log, problem, problem_size))
        return false;
    blame->series = hg_xcalloc(log.count + 1, sizeof *blame->series);
    for (i = 0; ok && i < log.count; i++) {
        ok = blame_series(&b, &log.series[i],
                          &blame->series[blame->count]);
        blame->count++;
    }
    free_runs(&b);
    hg_history_log_free(&log);
    if (!ok)
        hg_history_blame_free(blame);
    return ok;
}

void hg_history_blame_free(struct hg_history_blame *blame)
{
    size_t i;
    for (i = 0; i < blame->count; i++)
        series_free(&blame->series[i]);
    free(blame->series);
    memset(blame, 0, sizeof *blame);
}
