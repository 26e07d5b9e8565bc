/* hotgrind: history record: reports and suite runs into the database,
   one transaction.  GPL-2.0-or-later; part of hotgrind. */

/* Every operand is read before the transaction begins, so the write
   lock is held only while rows are written.  A run's figures go first
   into the temporary table cur; prev gets the figures of the run it is
   based on (its series' last run: same benchmark, architecture and
   branch), resolved along base_run; only the rows that differ are
   stored (docs/history.md, "Storage"). */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "compare/diff.h"
#include "history/history.h"
#include "report/metrics.h"
#include "report/report.h"
#include "suite/suite.h"
#include "util/xalloc.h"

/* Figures the metric table does not have: the two counts of a mark
   pattern, and a function's no-symbol Ir in a report with a call graph
   (hotgrind diff's explanation of a change of incl-Ir has it as a
   part). */
static const char *const extra_metrics[] = {
    "functions", "entered", "no-symbol",
};
enum { EXTRA_FUNCTIONS, EXTRA_ENTERED, EXTRA_NO_SYMBOL, EXTRA_METRICS };

/* One run to record: a report's, or a suite benchmark that failed. */
struct pending {
    char *benchmark;
    const char *status;          /* the manifest's word; "ok" for a report */
    char *exit;                  /* hg_describe_exit, or the manifest's */
    struct hg_report *report;    /* NULL: no figures */
    const char *source;          /* for messages */
};

struct hg_history_runs {
    struct pending *runs;
    size_t count;
    char *arch_fallback;         /* for benchmarks without a report */
};

struct recorder {
    struct hg_history_db *h;
    struct hg_history_runs *in;
    int64_t commit_id;
    char *branch;
    bool replace;
    sqlite3_stmt *entity_get, *entity_put, *cur_put;
    int64_t *metric_ids;         /* by hg_metrics() index, then
                                    extra_metrics' */
    const char **problem_file;
    char *problem;
    size_t problem_size;
};

bool hg_history_sha_ok(const char *text)
{
    size_t n = strlen(text), i;
    if (n < 7 || n > 40)
        return false;
    for (i = 0; i < n; i++)
        if (!isxdigit((unsigned char)text[i]))
            return false;
    return true;
}

/* Whether TEXT starts with the digits and separators of PATTERN ('9' a
   digit, anything else itself); *TEXT moves past them. */
static bool take_shape(const char **text, const char *pattern)
{
    const char *t = *text;
    for (; *pattern; pattern++, t++) {
        if (*pattern == '9' ? !isdigit((unsigned char)*t) : *t != *pattern)
            return false;
    }
    *text = t;
    return true;
}

/* The two digits at TEXT as a number. */
static unsigned two_digits(const char *text)
{
    return (unsigned)(text[0] - '0') * 10 + (unsigned)(text[1] - '0');
}

bool hg_history_time_ok(const char *text)
{
    const char *start = text;
    if (!take_shape(&text, "9999-99-99") || two_digits(start + 5) < 1
        || two_digits(start + 5) > 12 || two_digits(start + 8) < 1
        || two_digits(start + 8) > 31)
        return false;
    if (*text == '\0')
        return true;
    start = text;
    if (!take_shape(&text, "T99:99") || two_digits(start + 1) > 23
        || two_digits(start + 4) > 59)
        return false;
    if (*text == ':') {
        if (!take_shape(&text, ":99"))
            return false;
        if (*text == '.') {
            text++;
            if (!isdigit((unsigned char)*text))
                return false;
            while (isdigit((unsigned char)*text))
                text++;
        }
    }
    if (*text == 'Z')
        return text[1] == '\0';
    if (*text == '+' || *text == '-') {
        text++;
        return take_shape(&text, "99:99") && *text == '\0';
    }
    return *text == '\0';
}

static bool fail(struct recorder *r, const char *file, const char *format,
                 const char *a, const char *b, const char *c)
{
    *r->problem_file = file;
    snprintf(r->problem, r->problem_size, format, a, b, c);
    return false;
}

static bool sql_failed(struct recorder *r)
{
    *r->problem_file = r->h->path;
    return false;
}

/* ------------------------------------------------------ reading runs */

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash != NULL ? slash + 1 : path;
}

const char *hg_history_report_benchmark(const struct hg_report *report)
{
    return base_name(hg_report_program(report));
}

static void add_pending(struct recorder *r, const char *benchmark,
                        const char *status, char *exit,
                        struct hg_report *report, const char *source)
{
    struct hg_history_runs *in = r->in;
    struct pending *p;
    in->runs = hg_xrealloc(in->runs, in->count + 1, sizeof *in->runs);
    p = &in->runs[in->count++];
    p->benchmark = hg_xstrdup(benchmark);
    p->status = status;
    p->exit = exit;
    p->report = report;
    p->source = source;
    if (report != NULL && in->arch_fallback == NULL)
        in->arch_fallback = hg_xstrdup(report->arch);
}

static char *describe_exit(const struct hg_report *report)
{
    char text[128];
    hg_describe_exit(&report->exit, text, sizeof text);
    return hg_xstrdup(text);
}

static bool read_report(struct recorder *r, const char *path)
{
    char problem[HG_PROBLEM_SIZE];
    struct hg_report *report = hg_report_load(path, problem, sizeof problem);
    if (report == NULL)
        return fail(r, path, "%s", problem, "", "");
    add_pending(r, hg_history_report_benchmark(report), "ok",
                describe_exit(report), report, path);
    return true;
}

/* A suite run: one pending run per benchmark; only those of status ok
   have their report read (a failed one's figures are not invented). */
static bool read_suite_run(struct recorder *r, const char *operand)
{
    char problem[HG_PROBLEM_SIZE], exit[64];
    char *copy = hg_xstrdup(operand), *part, *save = NULL;
    const char **paths = NULL;
    char *problem_file = NULL;
    struct hg_suite_run *run;
    size_t count = 0, i;

    for (part = strtok_r(copy, ",", &save); part != NULL;
         part = strtok_r(NULL, ",", &save)) {
        paths = hg_xrealloc(paths, count + 1, sizeof *paths);
        paths[count++] = part;
    }
    run = hg_suite_run_load_many(paths, count, &problem_file, problem,
                                 sizeof problem);
    free(paths);
    if (run == NULL) {
        /* The operand names the file well enough; the manifest's own
           path is freed here. */
        free(problem_file);
        free(copy);
        return fail(r, operand, "%s", problem, "", "");
    }
    for (i = 0; i < run->count; i++) {
        const struct hg_suite_result *b = &run->results[i];
        struct hg_report *report = NULL;
        if (b->status == HG_SUITE_OK) {
            report = hg_report_load(b->report_path, problem, sizeof problem);
            if (report == NULL) {
                char *file = hg_xstrdup(b->report_path);
                hg_suite_run_free(run);
                free(copy);
                /* Kept for the message: freed at exit. */
                return fail(r, file, "%s", problem, "", "");
            }
        }
        if (b->status == HG_SUITE_CRASHED)
            snprintf(exit, sizeof exit, "signal %s",
                     b->signal != NULL ? b->signal : "?");
        else if (b->has_exit)
            snprintf(exit, sizeof exit, "status %u", b->exit_status);
        else
            exit[0] = '\0';
        add_pending(r, b->name, hg_suite_status_name(b->status),
                    hg_xstrdup(exit), report, operand);
    }
    hg_suite_run_free(run);
    free(copy);
    return true;
}

static bool is_suite_operand(const char *operand)
{
    struct stat st;
    if (strchr(operand, ',') != NULL
        || strcmp(base_name(operand), HG_SUITE_MANIFEST) == 0)
        return true;
    return stat(operand, &st) == 0 && S_ISDIR(st.st_mode);
}

/* What changes the counts of a run, one line each: two runs of a
   benchmark with the same text were measured the same way. */
static char *settings_text(const struct hg_report *report)
{
    char *text = NULL;
    size_t size = 0, i;
    FILE *f = open_memstream(&text, &size);
    if (f == NULL)
        hg_out_of_memory();
    fprintf(f, "tool %s\nvalgrind %s\n", report->tool_version,
            report->valgrind_version);
    for (i = 0; i < report->arg_count; i++)
        fprintf(f, "arg %s\n", report->args[i]);
    for (i = 0; i < report->option_count; i++)
        fprintf(f, "option %s=%s\n", report->options[i].name,
                report->options[i].value);
    if (report->launcher != NULL)
        fprintf(f, "launcher %s\n", report->launcher);
    for (i = 0; i < report->setting_count; i++)
        fprintf(f, "setting %s=%s\n", report->settings[i].name,
                report->settings[i].value);
    if (report->platform_hwcaps != NULL)
        fprintf(f, "hwcaps %s\n", report->platform_hwcaps);
    if (report->libc_name != NULL)
        fprintf(f, "libc %s %s\n", report->libc_name,
                report->libc_version != NULL ? report->libc_version : "");
    if (report->has_cache_geometry)
        fprintf(f, "cache %s %s %s\n", report->cache_i1, report->cache_d1,
                report->cache_ll);
    if (report->has_cost_model)
        fprintf(f, "cost-model %s %llu\n", report->cost_model_name,
                (unsigned long long)report->cost_model_version);
    for (i = 0; i < report->mark_count; i++)
        fprintf(f, "mark %s\n", report->marks[i].pattern);
    if (fclose(f) != 0)
        hg_out_of_memory();
    return text;
}

/* ------------------------------------------------------- the database */

static bool prepare_all(struct recorder *r)
{
    static const char temp_sql[] =
        "CREATE TEMP TABLE IF NOT EXISTS cur (entity_id INTEGER,"
        " metric_id INTEGER, value INTEGER,"
        " PRIMARY KEY (entity_id, metric_id)) WITHOUT ROWID;"
        "CREATE TEMP TABLE IF NOT EXISTS prev (entity_id INTEGER,"
        " metric_id INTEGER, value INTEGER,"
        " PRIMARY KEY (entity_id, metric_id)) WITHOUT ROWID;";
    size_t count, i;
    const struct hg_metric *metrics = hg_metrics(&count);
    sqlite3_stmt *get, *put;
    bool ok = true;

    if (!hg_history_exec(r->h, temp_sql, r->problem, r->problem_size))
        return sql_failed(r);
    r->entity_get = hg_history_prepare(r->h, "SELECT id FROM entities WHERE"
        " kind = ?1 AND name = ?2 AND object = ?3 AND file = ?4"
        " AND callee_name = ?5 AND callee_object = ?6 AND callee_file = ?7",
        r->problem, r->problem_size);
    r->entity_put = hg_history_prepare(r->h, "INSERT INTO entities"
        " (kind, name, object, file, callee_name, callee_object,"
        " callee_file) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        r->problem, r->problem_size);
    r->cur_put = hg_history_prepare(r->h, "INSERT INTO temp.cur VALUES"
        " (?1, ?2, ?3) ON CONFLICT DO NOTHING", r->problem, r->problem_size);
    get = hg_history_prepare(r->h, "SELECT id FROM metrics WHERE name = ?1",
                             r->problem, r->problem_size);
    put = hg_history_prepare(r->h, "INSERT INTO metrics (name) VALUES (?1)",
                             r->problem, r->problem_size);
    if (r->entity_get == NULL || r->entity_put == NULL || r->cur_put == NULL
        || get == NULL || put == NULL)
        ok = false;
    r->metric_ids = hg_xcalloc(count + EXTRA_METRICS, sizeof *r->metric_ids);
    for (i = 0; ok && i < count + EXTRA_METRICS; i++) {
        const char *name = i < count ? metrics[i].name
                                     : extra_metrics[i - count];
        int rc;
        sqlite3_bind_text(get, 1, name, -1, SQLITE_STATIC);
        rc = hg_history_step(r->h, get, r->problem, r->problem_size);
        if (rc == SQLITE_ROW) {
            r->metric_ids[i] = sqlite3_column_int64(get, 0);
        } else if (rc == SQLITE_DONE) {
            sqlite3_bind_text(put, 1, name, -1, SQLITE_STATIC);
            ok = hg_history_step(r->h, put, r->problem,
                                 r->problem_size) == SQLITE_DONE;
            r->metric_ids[i] = sqlite3_last_insert_rowid(r->h->db);
            sqlite3_reset(put);
        } else {
            ok = false;
        }
        sqlite3_reset(get);
    }
    sqlite3_finalize(get);
    sqlite3_finalize(put);
    return ok || sql_failed(r);
}

static void finalize_all(struct recorder *r)
{
    sqlite3_finalize(r->entity_get);
    sqlite3_finalize(r->entity_put);
    sqlite3_finalize(r->cur_put);
    free(r->metric_ids);
}

/* The id of an entity, added when new; -1 after a problem.  CALLEE is
   the callee of an edge, NULL for every other kind. */
static int64_t entity_id(struct recorder *r, const char *kind,
                         const char *name, const char *object,
                         const char *file, const struct hg_function *callee)
{
    sqlite3_stmt *s[2] = { r->entity_get, r->entity_put };
    int64_t id = -1;
    int rc, i;
    for (i = 0; i < 2; i++) {
        sqlite3_bind_text(s[i], 1, kind, -1, SQLITE_STATIC);
        sqlite3_bind_text(s[i], 2, name, -1, SQLITE_STATIC);
        sqlite3_bind_text(s[i], 3, object, -1, SQLITE_STATIC);
        sqlite3_bind_text(s[i], 4, file, -1, SQLITE_STATIC);
        sqlite3_bind_text(s[i], 5, callee != NULL ? callee->name : "", -1,
                          SQLITE_STATIC);
        sqlite3_bind_text(s[i], 6, callee != NULL ? callee->object : "", -1,
                          SQLITE_STATIC);
        sqlite3_bind_text(s[i], 7, callee != NULL ? callee->file : "", -1,
                          SQLITE_STATIC);
    }
    rc = hg_history_step(r->h, s[0], r->problem, r->problem_size);
    if (rc == SQLITE_ROW)
        id = sqlite3_column_int64(s[0], 0);
    else if (rc == SQLITE_DONE
             && hg_history_step(r->h, s[1], r->problem, r->problem_size)
                == SQLITE_DONE)
        id = sqlite3_last_insert_rowid(r->h->db);
    sqlite3_reset(s[0]);
    sqlite3_reset(s[1]);
    return id;
}

/* One figure into cur.  SQLite's integers are signed: a count above
   INT64_MAX is kept as its two's complement and read back unsigned. */
static bool put_figure(struct recorder *r, int64_t entity, int64_t metric,
                       uint64_t value)
{
    int rc;
    sqlite3_bind_int64(r->cur_put, 1, entity);
    sqlite3_bind_int64(r->cur_put, 2, metric);
    sqlite3_bind_int64(r->cur_put, 3, (int64_t)value);
    rc = hg_history_step(r->h, r->cur_put, r->problem, r->problem_size);
    sqlite3_reset(r->cur_put);
    return rc == SQLITE_DONE;
}

/* Every metric ENTITY of REPORT has, into cur. */
static bool put_entity(struct recorder *r, const struct hg_report *report,
                       const struct hg_entity *entity, const char *kind,
                       const char *name, const char *object,
                       const char *file)
{
    size_t count, i;
    const struct hg_metric *metrics = hg_metrics(&count);
    int64_t id = entity_id(r, kind, name, object, file, NULL);
    if (id < 0)
        return false;
    for (i = 0; i < count; i++) {
        uint64_t value;
        if (hg_diff_metric_value(&metrics[i], report, entity,
                                 report->has_call_graph, &value)
            && !put_figure(r, id, r->metric_ids[i], value))
            return false;
    }
    return true;
}

/* The figure of an edge that METRIC (an incl- metric, or calls) names,
   when the report has it: the edge's calls, and the sums of its calls'
   inclusive costs (Ir, cache, heap). */
static bool edge_value(const struct hg_metric *metric,
                       const struct hg_call *call, uint64_t *value)
{
    const struct hg_metric *own;
    int index;
    if (strcmp(metric->name, "calls") == 0) {
        *value = call->calls;
        return true;
    }
    if (strncmp(metric->name, "incl-", 5) != 0
        || (own = hg_metric_named(metric->name + 5)) == NULL)
        return false;
    switch (hg_metric_context_figure(own, &index)) {
    case HG_CONTEXT_IR:
        *value = call->ir;
        return true;
    case HG_CONTEXT_CACHE:
        if (!call->cache.present
            || (index == HG_CYCLES && !call->cache.has_cycles))
            return false;
        *value = call->cache.value[index];
        return true;
    case HG_CONTEXT_HEAP:
        if (!call->has_heap)
            return false;
        *value = hg_heap_figure(&call->heap, index);
        return true;
    default:
        return false;
    }
}

/* F's no-symbol Ir and each of its callee edges (kind "edge": F, then
   the callee), with every figure the edge has, into cur. */
static bool put_graph(struct recorder *r, const struct hg_report *report,
                      const struct hg_function *f)
{
    size_t count, i, k;
    const struct hg_metric *metrics = hg_metrics(&count);
    int64_t id = entity_id(r, f->inlined ? "inlined" : "function", f->name,
                           f->object, f->file, NULL);
    if (id < 0 || !put_figure(r, id, r->metric_ids[count + EXTRA_NO_SYMBOL],
                              f->no_symbol_ir))
        return false;
    for (k = 0; k < f->callee_count; k++) {
        const struct hg_call *call = &f->callees[k];
        id = entity_id(r, "edge", f->name, f->object, f->file,
                       &report->functions[call->callee]);
        if (id < 0)
            return false;
        for (i = 0; i < count; i++) {
            uint64_t value;
            if (edge_value(&metrics[i], call, &value)
                && !put_figure(r, id, r->metric_ids[i], value))
                return false;
        }
    }
    return true;
}

/* The report's figures into cur: totals, functions (an inlined row as
   kind "inlined"; of two rows with one identity the first is kept),
   with a call graph their no-symbol Ir and their edges, zones, and the
   counts of each mark pattern. */
static bool fill_current(struct recorder *r, const struct hg_report *report)
{
    struct hg_entity entity = { NULL, NULL };
    size_t count, i;
    hg_metrics(&count);
    if (!hg_history_exec(r->h, "DELETE FROM temp.cur", r->problem,
                         r->problem_size)
        || !put_entity(r, report, &entity, "total", "", "", ""))
        return false;
    for (i = 0; i < report->function_count; i++) {
        const struct hg_function *f = &report->functions[i];
        entity.function = f;
        if (!put_entity(r, report, &entity,
                        f->inlined ? "inlined" : "function", f->name,
                        f->object, f->file)
            || (f->has_call_graph && !put_graph(r, report, f)))
            return false;
    }
    entity.function = NULL;
    for (i = 0; i < report->zone_count; i++) {
        entity.zone = &report->zones[i];
        if (!put_entity(r, report, &entity, "zone", report->zones[i].name,
                        "", ""))
            return false;
    }
    for (i = 0; i < report->mark_count; i++) {
        int64_t id = entity_id(r, "mark", report->marks[i].pattern, "", "",
                               NULL);
        if (id < 0 || !put_figure(r, id, r->metric_ids[count
                                                       + EXTRA_FUNCTIONS],
                                  report->marks[i].functions)
            || !put_figure(r, id, r->metric_ids[count + EXTRA_ENTERED],
                           report->marks[i].entered))
            return false;
    }
    return true;
}

/* Runs SQL with RUN bound to ?1 (and ?2 when used), to its end. */
static bool run_sql(struct recorder *r, const char *sql, int64_t run,
                    int64_t other)
{
    sqlite3_stmt *stmt = hg_history_prepare(r->h, sql, r->problem,
                                            r->problem_size);
    int rc;
    if (stmt == NULL)
        return false;
    sqlite3_bind_int64(stmt, 1, run);
    if (sqlite3_bind_parameter_count(stmt) >= 2)
        sqlite3_bind_int64(stmt, 2, other);
    do
        rc = hg_history_step(r->h, stmt, r->problem, r->problem_size);
    while (rc == SQLITE_ROW);
    sqlite3_finalize(stmt);
    return rc == SQLITE_DONE;
}

/* prev gets every figure of RUN (0: none), resolved along base_run: the
   row of the nearest run of the chain wins (SQLite gives the bare columns
   of min()'s row); NULL values (figures gone) are kept, as rows. */
static bool fill_previous(struct recorder *r, int64_t run)
{
    return hg_history_exec(r->h, "DELETE FROM temp.prev", r->problem,
                           r->problem_size)
        && (run == 0 || run_sql(r,
            HG_HISTORY_CHAIN_SQL
            " INSERT INTO temp.prev SELECT entity_id, metric_id, value FROM"
            " (SELECT f.entity_id, f.metric_id, f.value, min(chain.depth)"
            " FROM chain JOIN figures f ON f.run_id = chain.run"
            " GROUP BY f.entity_id, f.metric_id)", run, 0));
}

/* How many figures of cur differ from prev (either way). */
static int64_t count_differences(struct recorder *r)
{
    static const char sql[] =
        "SELECT (SELECT count(*) FROM temp.cur c LEFT JOIN temp.prev p"
        " ON p.entity_id = c.entity_id AND p.metric_id = c.metric_id"
        " WHERE p.value IS NOT c.value)"
        " + (SELECT count(*) FROM temp.prev p WHERE p.value IS NOT NULL"
        " AND NOT EXISTS (SELECT 1 FROM temp.cur c WHERE"
        " c.entity_id = p.entity_id AND c.metric_id = p.metric_id))";
    sqlite3_stmt *stmt = hg_history_prepare(r->h, sql, r->problem,
                                            r->problem_size);
    int64_t n = -1;
    if (stmt != NULL
        && hg_history_step(r->h, stmt, r->problem, r->problem_size)
           == SQLITE_ROW)
        n = sqlite3_column_int64(stmt, 0);
    sqlite3_finalize(stmt);
    return n;
}

/* RUN's rows: those of cur that differ from prev, and a NULL for each
   figure of prev that cur no longer has. */
static bool store_differences(struct recorder *r, int64_t run)
{
    return run_sql(r,
        "INSERT INTO figures (run_id, entity_id, metric_id, value)"
        " SELECT ?1, c.entity_id, c.metric_id, c.value FROM temp.cur c"
        " LEFT JOIN temp.prev p ON p.entity_id = c.entity_id"
        " AND p.metric_id = c.metric_id WHERE p.value IS NOT c.value",
        run, 0)
        && run_sql(r,
        "INSERT INTO figures (run_id, entity_id, metric_id, value)"
        " SELECT ?1, p.entity_id, p.metric_id, NULL FROM temp.prev p"
        " WHERE p.value IS NOT NULL AND NOT EXISTS (SELECT 1 FROM temp.cur c"
        " WHERE c.entity_id = p.entity_id AND c.metric_id = p.metric_id)",
        run, 0);
}

/* Removes RUN.  The runs based on it first take its own rows where they
   have none, and its base: what they resolve to does not change. */
static bool delete_run(struct recorder *r, int64_t run)
{
    return run_sql(r,
        "INSERT OR IGNORE INTO figures (run_id, entity_id, metric_id, value)"
        " SELECT runs.id, f.entity_id, f.metric_id, f.value FROM runs"
        " JOIN figures f ON f.run_id = ?1 WHERE runs.base_run = ?1", run, 0)
        && run_sql(r, "UPDATE runs SET base_run = (SELECT base_run FROM runs"
                   " WHERE id = ?1) WHERE base_run = ?1", run, 0)
        && run_sql(r, "DELETE FROM figures WHERE run_id = ?1", run, 0)
        && run_sql(r, "DELETE FROM runs WHERE id = ?1", run, 0);
}

/* hg_history_row with the commit's id as ?1. */
static int query_row(struct recorder *r, const char *sql,
                     const char *const *texts, size_t count,
                     int64_t *id, char **text)
{
    return hg_history_row(r->h, sql, r->commit_id, texts, count, id, text,
                          r->problem, r->problem_size);
}

/* What is already recorded of P for this commit: refused, the same run
   again (*SKIP), or removed for --replace. */
static bool handle_existing(struct recorder *r, const struct pending *p,
                            const char *arch, const char *settings,
                            const char *sha, bool *skip)
{
    const char *key[3] = { p->benchmark, arch, NULL };
    char *old_settings = NULL;
    int64_t old = 0, differences = 0;
    int rc = query_row(r, "SELECT id, settings || char(10) || status FROM"
                       " runs WHERE commit_id = ?1 AND benchmark = ?2 AND"
                       " arch = ?3", key, 2, &old, &old_settings);
    char *new_settings = hg_xasprintf("%s\n%s", settings, p->status);
    bool same = old_settings != NULL
                && strcmp(old_settings, new_settings) == 0;
    *skip = false;
    free(old_settings);
    free(new_settings);
    if (rc == -1)
        return sql_failed(r);
    if (rc == SQLITE_DONE)
        return true;
    if (same && p->report != NULL) {
        if (!fill_current(r, p->report) || !fill_previous(r, old)
            || (differences = count_differences(r)) < 0)
            return sql_failed(r);
    }
    if (same && differences == 0) {
        *skip = true;
        return true;
    }
    if (!r->replace)
        return fail(r, p->source, same
                    ? "benchmark %s (%s) is already recorded for commit %s "
                      "with other figures; --replace replaces it"
                    : "benchmark %s (%s) is already recorded for commit %s "
                      "with other settings; --replace replaces it",
                    p->benchmark, arch, sha);
    return delete_run(r, old) || sql_failed(r);
}

static bool record_one(struct recorder *r, const struct pending *p,
                       const char *sha)
{
    const char *arch = p->report != NULL ? p->report->arch
                                         : r->in->arch_fallback;
    const char *program = p->report != NULL
                          ? hg_history_report_benchmark(p->report) : NULL;
    char *settings = p->report != NULL ? settings_text(p->report)
                                       : hg_xstrdup("");
    const char *key[3] = { p->benchmark, arch, r->branch };
    char *old_program = NULL;
    int64_t base = 0, run, ignored;
    bool skip, ok = false;
    sqlite3_stmt *put = NULL;
    int rc;

    if (arch == NULL) {
        free(settings);
        return fail(r, p->source, "no report of this run gives the "
                    "architecture of benchmark %s", p->benchmark, "", "");
    }
    if (!handle_existing(r, p, arch, settings, sha, &skip) || skip) {
        free(settings);
        return skip;
    }
    /* Another program under a recorded benchmark name is refused. */
    rc = program == NULL ? SQLITE_DONE : query_row(r,
        "SELECT ?1, program FROM runs WHERE benchmark = ?2 AND arch = ?3"
        " AND program IS NOT NULL ORDER BY id DESC LIMIT 1",
        key, 2, &ignored, &old_program);
    if (rc == SQLITE_ROW && strcmp(old_program, program) != 0) {
        fail(r, p->source, "benchmark %s was recorded as a run of %s, not "
             "of %s", p->benchmark, old_program, program);
        goto done;
    }
    if (rc == -1
        || query_row(r, "SELECT id, '' FROM runs WHERE ?1 IS NOT NULL AND"
                     " benchmark = ?2 AND arch = ?3 AND branch = ?4 AND"
                     " has_figures = 1 ORDER BY id DESC LIMIT 1",
                     key, 3, &base, NULL) == -1)
        goto sql;
    put = hg_history_prepare(r->h, "INSERT INTO runs (commit_id, benchmark,"
        " arch, branch, program, platform, valgrind_version, tool_version,"
        " settings, status, exit, has_figures, base_run, call_graph) VALUES"
        " (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
        r->problem, r->problem_size);
    if (put == NULL)
        goto sql;
    sqlite3_bind_int64(put, 1, r->commit_id);
    sqlite3_bind_text(put, 2, p->benchmark, -1, SQLITE_STATIC);
    sqlite3_bind_text(put, 3, arch, -1, SQLITE_STATIC);
    sqlite3_bind_text(put, 4, r->branch, -1, SQLITE_STATIC);
    sqlite3_bind_text(put, 5, program, -1, SQLITE_STATIC);
    if (p->report != NULL) {
        sqlite3_bind_text(put, 6, p->report->platform_hwcaps, -1,
                          SQLITE_STATIC);
        sqlite3_bind_text(put, 7, p->report->valgrind_version, -1,
                          SQLITE_STATIC);
        sqlite3_bind_text(put, 8, p->report->tool_version, -1,
                          SQLITE_STATIC);
    }
    sqlite3_bind_text(put, 9, settings, -1, SQLITE_STATIC);
    sqlite3_bind_text(put, 10, p->status, -1, SQLITE_STATIC);
    sqlite3_bind_text(put, 11, p->exit, -1, SQLITE_STATIC);
    sqlite3_bind_int(put, 12, p->report != NULL);
    if (p->report != NULL && base != 0)
        sqlite3_bind_int64(put, 13, base);
    sqlite3_bind_int(put, 14, p->report != NULL
                              && p->report->has_call_graph);
    if (hg_history_step(r->h, put, r->problem, r->problem_size)
        != SQLITE_DONE)
        goto sql;
    run = sqlite3_last_insert_rowid(r->h->db);
    hg_history_pause("run");
    if (p->report != NULL
        && (!fill_current(r, p->report)
            || !fill_previous(r, p->report != NULL ? base : 0)
            || !store_differences(r, run)))
        goto sql;
    hg_history_pause("figures");
    ok = true;
    goto done;
sql:
    sql_failed(r);
done:
    sqlite3_finalize(put);
    free(old_program);
    free(settings);
    return ok;
}

/* The commit's row, made or checked: parents, branch and time given again
   must be those recorded, unless --replace updates them. */
static bool record_commit(struct recorder *r,
                          const struct hg_history_commit *c, const char *sha)
{
    const char *key[1] = { sha };
    char *old = NULL, *given;
    size_t i;
    int rc;

    r->commit_id = 0;
    rc = query_row(r, "SELECT id, branch || char(10) || ifnull(time, '') ||"
                   " (SELECT ifnull(group_concat(char(10) || sha, ''), '')"
                   " FROM (SELECT sha FROM parents WHERE commit_id = id"
                   " ORDER BY position)) FROM commits WHERE ?1 IS NOT NULL"
                   " AND sha = ?2", key, 1, &r->commit_id, &old);
    if (rc == -1)
        return sql_failed(r);
    if (rc == SQLITE_ROW) {
        /* OLD is "BRANCH\nTIME" then "\nPARENT" for each parent. */
        char *time = strchr(old, '\n') + 1, *parents = strchr(time, '\n');
        bool differs;
        time[-1] = '\0';
        if (parents == NULL)
            parents = time + strlen(time);
        given = hg_xstrdup("");
        for (i = 0; i < c->parent_count; i++) {
            char *more = hg_xasprintf("%s\n%s", given, c->parents[i]);
            free(given);
            given = more;
        }
        differs = (c->branch != NULL && strcmp(c->branch, old) != 0)
                  || (c->parent_count > 0 && strcmp(given, parents) != 0);
        *parents = '\0';
        differs = differs || (c->time != NULL && strcmp(c->time, time) != 0);
        r->branch = hg_xstrdup(c->branch != NULL ? c->branch : old);
        free(given);
        free(old);
        if (!differs)
            return true;
        if (!r->replace)
            return fail(r, r->h->path, "commit %s is recorded with another "
                        "branch, time or parents; --replace updates them",
                        sha, "", "");
        if (c->parent_count > 0
            && !run_sql(r, "DELETE FROM parents WHERE commit_id = ?1",
                        r->commit_id, 0))
            return sql_failed(r);
        /* The commit's runs move with it; each keeps its base_run, so
           what they resolve to does not change. */
        if (c->branch != NULL) {
            char *sql = sqlite3_mprintf("UPDATE runs SET branch = %Q"
                                        " WHERE commit_id = ?1", c->branch);
            bool ok = sql != NULL && run_sql(r, sql, r->commit_id, 0);
            sqlite3_free(sql);
            if (!ok)
                return sql_failed(r);
        }
    }
    {
        sqlite3_stmt *stmt = hg_history_prepare(r->h,
            rc == SQLITE_ROW
            ? "UPDATE commits SET branch = ?2, time = ifnull(?3, time)"
              " WHERE id = ?1"
            : "INSERT INTO commits (id, branch, time, sha) VALUES"
              " (NULL, ?2, ?3, ?4)", r->problem, r->problem_size);
        if (stmt == NULL)
            return sql_failed(r);
        if (r->branch == NULL)
            r->branch = hg_xstrdup(c->branch != NULL ? c->branch : "");
        if (rc == SQLITE_ROW)
            sqlite3_bind_int64(stmt, 1, r->commit_id);
        sqlite3_bind_text(stmt, 2, r->branch, -1, SQLITE_STATIC);
        sqlite3_bind_text(stmt, 3, c->time, -1, SQLITE_STATIC);
        if (rc != SQLITE_ROW)
            sqlite3_bind_text(stmt, 4, sha, -1, SQLITE_STATIC);
        if (hg_history_step(r->h, stmt, r->problem, r->problem_size)
            != SQLITE_DONE) {
            sqlite3_finalize(stmt);
            return sql_failed(r);
        }
        sqlite3_finalize(stmt);
        if (rc != SQLITE_ROW)
            r->commit_id = sqlite3_last_insert_rowid(r->h->db);
    }
    for (i = 0; i < c->parent_count; i++) {
        char *sql = hg_xasprintf("INSERT INTO parents (commit_id, position,"
                                 " sha) VALUES (?1, ?2, '%s')",
                                 c->parents[i]);
        bool ok = run_sql(r, sql, r->commit_id, (int64_t)i);
        free(sql);
        if (!ok)
            return sql_failed(r);
    }
    return true;
}

static char *lowercase(const char *text)
{
    char *copy = hg_xstrdup(text), *p;
    for (p = copy; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    return copy;
}

struct hg_history_runs *hg_history_read_runs(char *const *runs,
                                             size_t count,
                                             const char **problem_file,
                                             char *problem,
                                             size_t problem_size)
{
    struct recorder r = {
        .problem_file = problem_file, .problem = problem,
        .problem_size = problem_size,
    };
    bool ok = true;
    size_t i;
    r.in = hg_xcalloc(1, sizeof *r.in);
    for (i = 0; ok && i < count; i++)
        ok = is_suite_operand(runs[i]) ? read_suite_run(&r, runs[i])
                                       : read_report(&r, runs[i]);
    if (!ok) {
        hg_history_runs_free(r.in);
        return NULL;
    }
    return r.in;
}

static void free_pending(void *item)
{
    struct pending *p = item;
    hg_report_free(p->report);
    hg_free_each(p->exit, p->benchmark);
}

void hg_history_runs_free(struct hg_history_runs *runs)
{
    if (runs == NULL)
        return;
    hg_free_items(runs->runs, runs->count, sizeof *runs->runs, free_pending);
    hg_free_each(runs->arch_fallback, runs);
}

bool hg_history_record(struct hg_history_db *h,
                       const struct hg_history_commit *commit, bool replace,
                       struct hg_history_runs *runs,
                       const char **problem_file, char *problem,
                       size_t problem_size)
{
    struct recorder r = {
        .h = h, .in = runs, .replace = replace,
        .problem_file = problem_file, .problem = problem,
        .problem_size = problem_size,
    };
    struct hg_history_commit c = *commit;
    char *sha = lowercase(commit->sha);
    char **parents = hg_xcalloc(commit->parent_count + 1, sizeof *parents);
    bool ok = true;
    size_t i;

    for (i = 0; i < commit->parent_count; i++)
        parents[i] = lowercase(commit->parents[i]);
    c.parents = (const char *const *)parents;
    if (!hg_history_begin(h, problem, problem_size))
        ok = sql_failed(&r);
    if (ok) {
        hg_history_pause("begin");
        ok = prepare_all(&r) && record_commit(&r, &c, sha);
        for (i = 0; ok && i < runs->count; i++)
            ok = record_one(&r, &runs->runs[i], sha);
        finalize_all(&r);
        if (ok && !hg_history_commit(h, problem, problem_size))
            ok = sql_failed(&r);
        if (!ok)
            hg_history_rollback(h);
    }
    for (i = 0; i < commit->parent_count; i++)
        free(parents[i]);
    free(parents);
    free(r.branch);
    free(sha);
    return ok;
}
