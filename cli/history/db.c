/* hotgrind: the history database: open, refuse, schema, transactions.
   GPL-2.0-or-later; part of hotgrind. */

/* The file is checked before SQLite is given it (its first bytes), so a
   file that is not a database is never touched; then, inside SQLite,
   before anything is written (application_id, user_version, the tables).
   The journal is SQLite's rollback journal: the database stays one file
   between commands, and a record killed mid-transaction leaves a hot
   journal that the next opening rolls back. */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "history/db.h"
#include "util/xalloc.h"

/* The entities of schema 2: an edge (kind "edge") is named by its
   caller (name, object, file) and its callee (callee_name, ...); the
   callee columns are '' for every other kind. */
#define ENTITIES_TABLE(name)                                              \
    "CREATE TABLE " name " ("                                             \
    " id INTEGER PRIMARY KEY,"                                            \
    " kind TEXT NOT NULL,"                                                \
    " name TEXT NOT NULL,"                                                \
    " object TEXT NOT NULL,"                                              \
    " file TEXT NOT NULL,"                                                \
    " callee_name TEXT NOT NULL DEFAULT '',"                              \
    " callee_object TEXT NOT NULL DEFAULT '',"                            \
    " callee_file TEXT NOT NULL DEFAULT '',"                              \
    " UNIQUE (kind, name, object, file, callee_name, callee_object,"      \
    " callee_file));"

/* Every table; docs/history.md explains them.  Figures hold a value only
   where it differs from the run's base_run (the previous run of the same
   benchmark, architecture and branch), NULL where the figure is no
   longer there. */
static const char schema_sql[] =
    "CREATE TABLE commits ("
    " id INTEGER PRIMARY KEY,"
    " sha TEXT NOT NULL UNIQUE,"
    " branch TEXT NOT NULL,"
    " time TEXT);"
    "CREATE TABLE parents ("
    " commit_id INTEGER NOT NULL REFERENCES commits(id),"
    " position INTEGER NOT NULL,"
    " sha TEXT NOT NULL,"
    " PRIMARY KEY (commit_id, position)) WITHOUT ROWID;"
    "CREATE TABLE runs ("
    " id INTEGER PRIMARY KEY,"
    " commit_id INTEGER NOT NULL REFERENCES commits(id),"
    " benchmark TEXT NOT NULL,"
    " arch TEXT NOT NULL,"
    " branch TEXT NOT NULL,"
    " program TEXT,"
    " platform TEXT,"
    " valgrind_version TEXT,"
    " tool_version TEXT,"
    " settings TEXT NOT NULL,"
    " status TEXT NOT NULL,"
    " exit TEXT NOT NULL,"
    " has_figures INTEGER NOT NULL,"
    " base_run INTEGER REFERENCES runs(id),"
    " call_graph INTEGER NOT NULL DEFAULT 0,"
    " UNIQUE (commit_id, benchmark, arch));"
    "CREATE INDEX runs_series ON runs (benchmark, arch, branch, id);"
    ENTITIES_TABLE("entities")
    "CREATE TABLE metrics ("
    " id INTEGER PRIMARY KEY,"
    " name TEXT NOT NULL UNIQUE);"
    "CREATE TABLE figures ("
    " run_id INTEGER NOT NULL REFERENCES runs(id),"
    " entity_id INTEGER NOT NULL REFERENCES entities(id),"
    " metric_id INTEGER NOT NULL REFERENCES metrics(id),"
    " value INTEGER,"
    " PRIMARY KEY (run_id, entity_id, metric_id)) WITHOUT ROWID;"
    "CREATE INDEX figures_series ON figures (entity_id, metric_id, run_id);";

/* Version 1 to 2: entities gains the callee columns (its UNIQUE
   constraint changes, so the table is made again, ids kept: figures
   refer to them) and runs whether a run has a call graph. */
static const char migrate_1_sql[] =
    ENTITIES_TABLE("entities_2")
    "INSERT INTO entities_2 (id, kind, name, object, file)"
    " SELECT id, kind, name, object, file FROM entities;"
    "DROP TABLE entities;"
    "ALTER TABLE entities_2 RENAME TO entities;"
    "ALTER TABLE runs ADD COLUMN call_graph INTEGER NOT NULL DEFAULT 0;"
    "PRAGMA user_version = 2;";

/* The tables a history of this schema has, for check. */
static const char *const schema_tables[] = {
    "commits", "parents", "runs", "entities", "metrics", "figures",
};
/* The columns version 2 added, for check. */
static const char *const columns_2[][2] = {
    { "entities", "callee_name" }, { "entities", "callee_object" },
    { "entities", "callee_file" }, { "runs", "call_graph" },
};

void hg_history_sql_problem(struct hg_history_db *h, int code,
                            char *problem, size_t problem_size)
{
    switch (code & 0xff) {
    case SQLITE_NOTADB:
        snprintf(problem, problem_size, "not an SQLite database");
        break;
    case SQLITE_CORRUPT:
        snprintf(problem, problem_size, "the database is corrupt (%s)",
                 sqlite3_errmsg(h->db));
        break;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        snprintf(problem, problem_size,
                 "the database is locked by another process (waited %d s)",
                 h->busy_ms / 1000);
        break;
    case SQLITE_FULL:
        snprintf(problem, problem_size, "the disk is full");
        break;
    default:
        snprintf(problem, problem_size, "SQLite: %s",
                 h->db != NULL ? sqlite3_errmsg(h->db) : sqlite3_errstr(code));
    }
}

sqlite3_stmt *hg_history_prepare(struct hg_history_db *h, const char *sql,
                                 char *problem, size_t problem_size)
{
    sqlite3_stmt *stmt = NULL;
    int rc = sqlite3_prepare_v2(h->db, sql, -1, &stmt, NULL);
    if (rc != SQLITE_OK) {
        hg_history_sql_problem(h, rc, problem, problem_size);
        sqlite3_finalize(stmt);
        return NULL;
    }
    return stmt;
}

sqlite3_stmt *hg_history_prepare_texts(struct hg_history_db *h,
                                       const char *sql, int first,
                                       const char *const *texts,
                                       size_t count, char *problem,
                                       size_t problem_size)
{
    sqlite3_stmt *stmt = hg_history_prepare(h, sql, problem, problem_size);
    size_t i;
    if (stmt != NULL)
        for (i = 0; i < count; i++)
            sqlite3_bind_text(stmt, first + (int)i, texts[i], -1,
                              SQLITE_STATIC);
    return stmt;
}

char *hg_history_column_text(sqlite3_stmt *stmt, int column)
{
    const unsigned char *t = sqlite3_column_text(stmt, column);
    return t != NULL ? hg_xstrdup((const char *)t) : NULL;
}

bool hg_history_exec(struct hg_history_db *h, const char *sql,
                     char *problem, size_t problem_size)
{
    int rc = sqlite3_exec(h->db, sql, NULL, NULL, NULL);
    if (rc != SQLITE_OK) {
        hg_history_sql_problem(h, rc, problem, problem_size);
        return false;
    }
    return true;
}

int hg_history_step(struct hg_history_db *h, sqlite3_stmt *stmt,
                    char *problem, size_t problem_size)
{
    int rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW || rc == SQLITE_DONE)
        return rc;
    hg_history_sql_problem(h, rc, problem, problem_size);
    return -1;
}

int hg_history_row(struct hg_history_db *h, const char *sql, int64_t number,
                   const char *const *texts, size_t count, int64_t *id,
                   char **text, char *problem, size_t problem_size)
{
    sqlite3_stmt *stmt = hg_history_prepare_texts(h, sql, 2, texts, count,
                                                  problem, problem_size);
    int rc;
    if (stmt == NULL)
        return -1;
    sqlite3_bind_int64(stmt, 1, number);
    rc = hg_history_step(h, stmt, problem, problem_size);
    if (rc == SQLITE_ROW) {
        *id = sqlite3_column_int64(stmt, 0);
        if (text != NULL)
            *text = hg_history_column_text(stmt, 1);
    }
    sqlite3_finalize(stmt);
    return rc;
}

/* The first integer of SQL's first row into *VALUE. */
static bool query_int(struct hg_history_db *h, const char *sql,
                      int64_t *value, char *problem, size_t problem_size)
{
    sqlite3_stmt *stmt = hg_history_prepare(h, sql, problem, problem_size);
    int rc;
    if (stmt == NULL)
        return false;
    rc = hg_history_step(h, stmt, problem, problem_size);
    if (rc == SQLITE_ROW)
        *value = sqlite3_column_int64(stmt, 0);
    else if (rc == SQLITE_DONE)
        *value = 0;
    sqlite3_finalize(stmt);
    return rc != -1;
}

/* What the file's first bytes say: SQLite's 16-byte header string, or an
   empty (or missing, *EXISTS false) file.  Read with stdio, so that a
   file that is not a database never reaches SQLite. */
static bool check_header(const char *path, bool *exists, bool *empty,
                         char *problem, size_t problem_size)
{
    static const char magic[16] = "SQLite format 3";
    unsigned char header[100];
    struct stat st;
    size_t got;
    FILE *f;

    *exists = *empty = false;
    if (stat(path, &st) != 0) {
        if (errno == ENOENT)
            return true;
        snprintf(problem, problem_size, "cannot open: %s", strerror(errno));
        return false;
    }
    *exists = true;
    if (!S_ISREG(st.st_mode)) {
        snprintf(problem, problem_size, "not a regular file");
        return false;
    }
    if (st.st_size == 0) {
        *empty = true;
        return true;
    }
    f = fopen(path, "rb");
    if (f == NULL) {
        snprintf(problem, problem_size, "cannot open: %s", strerror(errno));
        return false;
    }
    got = fread(header, 1, sizeof header, f);
    fclose(f);
    if (got < sizeof header || memcmp(header, magic, sizeof magic) != 0) {
        snprintf(problem, problem_size, "not an SQLite database");
        return false;
    }
    return true;
}

/* Whether the open database is a history this hotgrind can use: *FRESH
   when it has no tables and no application_id yet (a new file). */
static bool check_schema(struct hg_history_db *h, bool *fresh,
                         char *problem, size_t problem_size)
{
    int64_t tables, application, version;

    *fresh = false;
    if (!query_int(h, "SELECT count(*) FROM sqlite_schema", &tables,
                   problem, problem_size)
        || !query_int(h, "PRAGMA application_id", &application, problem,
                      problem_size)
        || !query_int(h, "PRAGMA user_version", &version, problem,
                      problem_size))
        return false;
    h->version = (int)version;
    if (tables == 0 && application == 0 && version == 0) {
        *fresh = true;
        return true;
    }
    if (application != HG_HISTORY_APPLICATION_ID) {
        snprintf(problem, problem_size,
                 "not a hotgrind history database (an SQLite database of "
                 "another application)");
        return false;
    }
    if (version > HG_HISTORY_SCHEMA_VERSION) {
        snprintf(problem, problem_size,
                 "history schema version %lld is newer than this hotgrind's "
                 "(%d): use a newer hotgrind", (long long)version,
                 HG_HISTORY_SCHEMA_VERSION);
        return false;
    }
    if (version < 1) {
        snprintf(problem, problem_size,
                 "history schema version %lld is not one hotgrind wrote",
                 (long long)version);
        return false;
    }
    return true;
}

/* SQLite notices a file shorter than its header says only when it reads
   past the end; the header's page count is checked here, so a truncated
   file is refused before anything is written to it. */
static bool check_size(struct hg_history_db *h, char *problem,
                       size_t problem_size)
{
    int64_t pages, page_size;
    struct stat st;
    if (!query_int(h, "PRAGMA page_count", &pages, problem, problem_size)
        || !query_int(h, "PRAGMA page_size", &page_size, problem,
                      problem_size))
        return false;
    if (stat(h->path, &st) == 0 && st.st_size > 0
        && (st.st_size % page_size != 0 || st.st_size < pages * page_size)) {
        snprintf(problem, problem_size,
                 "the database is corrupt (truncated: %lld bytes, pages of "
                 "%lld)", (long long)st.st_size, (long long)page_size);
        return false;
    }
    return true;
}

bool hg_history_open(struct hg_history_db *h, const char *path,
                     enum hg_history_open_mode mode, char *problem,
                     size_t problem_size)
{
    bool exists, empty, fresh;
    int flags = SQLITE_OPEN_READWRITE;
    const char *busy;
    int rc;

    memset(h, 0, sizeof *h);
    h->path = path;
    if (!check_header(path, &exists, &empty, problem, problem_size))
        return false;
    if (mode == HG_HISTORY_READ && !exists) {
        snprintf(problem, problem_size, "cannot open: %s", strerror(ENOENT));
        return false;
    }
    if (mode == HG_HISTORY_READ && empty) {
        snprintf(problem, problem_size,
                 "not a hotgrind history database (an empty file)");
        return false;
    }
    if (mode == HG_HISTORY_WRITE)
        flags |= SQLITE_OPEN_CREATE;
    rc = sqlite3_open_v2(path, &h->db, flags, NULL);
    if (rc != SQLITE_OK) {
        hg_history_sql_problem(h, rc, problem, problem_size);
        hg_history_close(h);
        return false;
    }
    sqlite3_extended_result_codes(h->db, 0);
    h->busy_ms = HG_HISTORY_BUSY_MS;
    if ((busy = getenv("HOTGRIND_HISTORY_BUSY_SECONDS")) != NULL
        && busy[0] != '\0' && strlen(busy) <= 4
        && strspn(busy, "0123456789") == strlen(busy))
        h->busy_ms = atoi(busy) * 1000;
    sqlite3_busy_timeout(h->db, h->busy_ms);
    if (!check_schema(h, &fresh, problem, problem_size)
        || !check_size(h, problem, problem_size)) {
        hg_history_close(h);
        return false;
    }
    if (mode == HG_HISTORY_READ && fresh) {
        snprintf(problem, problem_size,
                 "not a hotgrind history database (no tables)");
        hg_history_close(h);
        return false;
    }
    return true;
}

bool hg_history_read(const char *path,
                     bool (*read)(struct hg_history_db *h, void *data,
                                  char *problem, size_t problem_size),
                     void *data, char *problem, size_t problem_size)
{
    struct hg_history_db h;
    bool ok;
    if (!hg_history_open(&h, path, HG_HISTORY_READ, problem, problem_size))
        return false;
    ok = read(&h, data, problem, problem_size);
    hg_history_close(&h);
    return ok;
}

void hg_history_close(struct hg_history_db *h)
{
    if (h->in_transaction)
        hg_history_rollback(h);
    if (h->db != NULL)
        sqlite3_close(h->db);
    h->db = NULL;
}

bool hg_history_begin(struct hg_history_db *h, char *problem,
                       size_t problem_size)
{
    bool fresh;
    char sql[128];

    if (!hg_history_exec(h, "BEGIN IMMEDIATE", problem, problem_size))
        return false;
    h->in_transaction = true;
    if (!check_schema(h, &fresh, problem, problem_size)) {
        hg_history_rollback(h);
        return false;
    }
    if (fresh) {
        snprintf(sql, sizeof sql,
                 "PRAGMA application_id = %d; PRAGMA user_version = %d;",
                 HG_HISTORY_APPLICATION_ID, HG_HISTORY_SCHEMA_VERSION);
        if (!hg_history_exec(h, schema_sql, problem, problem_size)
            || !hg_history_exec(h, sql, problem, problem_size)) {
            hg_history_rollback(h);
            return false;
        }
        h->version = HG_HISTORY_SCHEMA_VERSION;
    } else if (h->version == 1) {
        /* In the caller's transaction: the file is version 2 only once
           what is recorded with it is in too. */
        if (!hg_history_exec(h, migrate_1_sql, problem, problem_size)) {
            hg_history_rollback(h);
            return false;
        }
        h->version = 2;
        hg_history_pause("migrate");
    }
    return true;
}

bool hg_history_commit(struct hg_history_db *h, char *problem,
                       size_t problem_size)
{
    hg_history_pause("commit");
    if (!hg_history_exec(h, "COMMIT", problem, problem_size)) {
        hg_history_rollback(h);
        return false;
    }
    h->in_transaction = false;
    return true;
}

void hg_history_rollback(struct hg_history_db *h)
{
    if (h->in_transaction)
        sqlite3_exec(h->db, "ROLLBACK", NULL, NULL, NULL);
    h->in_transaction = false;
}

bool hg_history_check(struct hg_history_db *h, char *problem,
                      size_t problem_size)
{
    sqlite3_stmt *stmt;
    size_t i;
    int rc;
    const char *text;

    stmt = hg_history_prepare(h, "PRAGMA integrity_check", problem,
                              problem_size);
    if (stmt == NULL)
        return false;
    rc = hg_history_step(h, stmt, problem, problem_size);
    if (rc == SQLITE_ROW) {
        text = (const char *)sqlite3_column_text(stmt, 0);
        if (text == NULL || strcmp(text, "ok") != 0) {
            snprintf(problem, problem_size, "the database is corrupt (%s)",
                     text != NULL ? text : "integrity_check");
            rc = -1;
        }
    }
    sqlite3_finalize(stmt);
    if (rc == -1)
        return false;
    for (i = 0; i < sizeof schema_tables / sizeof schema_tables[0]; i++) {
        char sql[128];
        int64_t found;
        snprintf(sql, sizeof sql, "SELECT count(*) FROM sqlite_schema "
                 "WHERE type = 'table' AND name = '%s'", schema_tables[i]);
        if (!query_int(h, sql, &found, problem, problem_size))
            return false;
        if (found != 1) {
            snprintf(problem, problem_size,
                     "not a hotgrind history database (no table %s)",
                     schema_tables[i]);
            return false;
        }
    }
    for (i = 0; h->version >= 2
                && i < sizeof columns_2 / sizeof columns_2[0]; i++) {
        char sql[160];
        int64_t found;
        snprintf(sql, sizeof sql, "SELECT count(*) FROM pragma_table_info"
                 "('%s') WHERE name = '%s'", columns_2[i][0],
                 columns_2[i][1]);
        if (!query_int(h, sql, &found, problem, problem_size))
            return false;
        if (found != 1) {
            snprintf(problem, problem_size, "the database is corrupt "
                     "(schema version 2 without column %s.%s)",
                     columns_2[i][0], columns_2[i][1]);
            return false;
        }
    }
    return true;
}

bool hg_history_resolve(struct hg_history_db *h, int64_t run,
                        const char *where, const char *const *texts,
                        size_t count, struct hg_history_figure **figures,
                        size_t *figure_count, char *problem,
                        size_t problem_size)
{
    char *sql = hg_xasprintf(HG_HISTORY_CHAIN_SQL
        " SELECT f.entity_id, m.name, f.value, min(chain.depth)"
        " FROM chain JOIN figures f ON f.run_id = chain.run"
        " JOIN entities e ON e.id = f.entity_id"
        " JOIN metrics m ON m.id = f.metric_id WHERE %s"
        " GROUP BY f.entity_id, f.metric_id ORDER BY f.entity_id, m.name",
        where);
    sqlite3_stmt *stmt = hg_history_prepare(h, sql, problem, problem_size);
    size_t capacity = 0, i;
    int rc = -1;

    free(sql);
    *figures = NULL;
    *figure_count = 0;
    if (stmt == NULL)
        return false;
    sqlite3_bind_int64(stmt, 1, run);
    for (i = 0; i < count; i++)
        sqlite3_bind_text(stmt, (int)i + 2, texts[i], -1, SQLITE_STATIC);
    while ((rc = hg_history_step(h, stmt, problem, problem_size))
           == SQLITE_ROW) {
        struct hg_history_figure *f;
        *figures = hg_xgrow(*figures, &capacity, *figure_count + 1,
                            sizeof **figures, 16);
        f = &(*figures)[(*figure_count)++];
        f->entity = sqlite3_column_int64(stmt, 0);
        f->metric = hg_xstrdup((const char *)sqlite3_column_text(stmt, 1));
        f->present = sqlite3_column_type(stmt, 2) != SQLITE_NULL;
        f->value = (uint64_t)sqlite3_column_int64(stmt, 2);
    }
    sqlite3_finalize(stmt);
    if (rc == SQLITE_DONE)
        return true;
    hg_history_figures_free(*figures, *figure_count);
    *figures = NULL;
    *figure_count = 0;
    return false;
}

void hg_history_figures_free(struct hg_history_figure *figures,
                             size_t count)
{
    size_t i;
    for (i = 0; i < count; i++)
        free(figures[i].metric);
    free(figures);
}

bool hg_history_pair_differs(const struct hg_history_pair *pair)
{
    return pair->in_before != pair->in_after
           || (pair->in_before && pair->before != pair->after);
}

uint64_t hg_history_pair_size(const struct hg_history_pair *pair)
{
    uint64_t before = pair->in_before ? pair->before : 0;
    uint64_t after = pair->in_after ? pair->after : 0;
    return after >= before ? after - before : before - after;
}

void hg_history_pause(const char *stage)
{
    const char *pause = getenv("HOTGRIND_HISTORY_PAUSE");
    size_t length = strlen(stage);
    unsigned seconds = 60;
    char *file, *colon;
    FILE *f;
    if (pause == NULL || strncmp(pause, stage, length) != 0
        || pause[length] != ':')
        return;
    file = strdup(pause + length + 1);
    if (file == NULL)
        return;
    colon = strrchr(file, ':');
    if (colon != NULL && colon[1] != '\0'
        && strspn(colon + 1, "0123456789") == strlen(colon + 1)) {
        seconds = (unsigned)strtoul(colon + 1, NULL, 10);
        *colon = '\0';
    }
    f = fopen(file, "w");
    if (f != NULL)
        fclose(f);
    free(file);
    sleep(seconds);
}
