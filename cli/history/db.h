/* hotgrind: the history database, one SQLite file (db.c): opening it,
   refusing a file that is not one of ours, its schema and version, and
   the one transaction each change is made in.  docs/history.md describes
   the tables.  GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_HISTORY_DB_H
#define HOTGRIND_HISTORY_DB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <sqlite3.h>

/* PRAGMA application_id of a history database: "HGhi". */
#define HG_HISTORY_APPLICATION_ID 0x48476869
/* PRAGMA user_version: the schema this hotgrind writes.  A newer one
   is refused.  Version 1 (no call-graph edges) is read as it is, and
   migrated to 2 by the first transaction that writes to it. */
#define HG_HISTORY_SCHEMA_VERSION 2
/* How long a record waits for another one's transaction (ms) before it
   gives up with a clear error; for the tests only,
   HOTGRIND_HISTORY_BUSY_SECONDS sets another wait (hg_history_open). */
#define HG_HISTORY_BUSY_MS 60000

struct hg_history_db {
    sqlite3 *db;
    const char *path;            /* as given, for messages */
    bool in_transaction;
    /* The file's schema version (1 or 2; 0 while it is new): readers of
       edges and runs.call_graph look for them only from version 2. */
    int version;
    int busy_ms;                 /* how long a lock is waited for */
};

enum hg_history_open_mode {
    HG_HISTORY_READ,             /* log, check: the file must exist */
    HG_HISTORY_WRITE,            /* record: made when missing */
};

/* Opens the history at PATH.  Refused, with one line in PROBLEM (no file
   name) and nothing written: a file that is not SQLite, an SQLite
   database that is not a history (another application_id, or tables
   without it), one of a newer schema, a corrupt or truncated one.  For
   HG_HISTORY_WRITE a missing or empty file becomes a new history when
   the first transaction begins. */
bool hg_history_open(struct hg_history_db *h, const char *path,
                     enum hg_history_open_mode mode, char *problem,
                     size_t problem_size);
void hg_history_close(struct hg_history_db *h);

/* What a reading command does: PATH opened with HG_HISTORY_READ, READ
   called with it and DATA, the database closed.  False after one line in
   PROBLEM, the opening's or READ's. */
bool hg_history_read(const char *path,
                     bool (*read)(struct hg_history_db *h, void *data,
                                  char *problem, size_t problem_size),
                     void *data, char *problem, size_t problem_size);

/* BEGIN IMMEDIATE (waiting up to HG_HISTORY_BUSY_MS for another writer),
   then the schema checked again inside it, and made when the database
   is new: two records started on an empty file both land.  A version-1
   file is migrated to version 2 in this transaction: it stays version 1
   unless the transaction commits.  Only writers begin transactions, so
   a reading command never migrates. */
bool hg_history_begin(struct hg_history_db *h, char *problem,
                       size_t problem_size);
bool hg_history_commit(struct hg_history_db *h, char *problem,
                       size_t problem_size);
/* Undoes the transaction, if one is open; nothing reaches the file. */
void hg_history_rollback(struct hg_history_db *h);

/* PRAGMA integrity_check and the schema's version and tables: true when
   all pass; else one line in PROBLEM. */
bool hg_history_check(struct hg_history_db *h, char *problem,
                      size_t problem_size);

/* SQL helpers: each false after one line in PROBLEM naming what SQLite
   said ("the database is corrupt", "locked by another record"...). */
sqlite3_stmt *hg_history_prepare(struct hg_history_db *h, const char *sql,
                                 char *problem, size_t problem_size);
/* hg_history_prepare, then the COUNT TEXTS bound to ?FIRST, ?FIRST+1...
   (not copied: they must last as long as the statement). */
sqlite3_stmt *hg_history_prepare_texts(struct hg_history_db *h,
                                       const char *sql, int first,
                                       const char *const *texts,
                                       size_t count, char *problem,
                                       size_t problem_size);
/* Column COLUMN of STMT's row, copied (malloc'd); NULL for NULL. */
char *hg_history_column_text(sqlite3_stmt *stmt, int column);
bool hg_history_exec(struct hg_history_db *h, const char *sql,
                     char *problem, size_t problem_size);
/* sqlite3_step, SQLITE_ROW or SQLITE_DONE; anything else becomes a
   problem and -1. */
int hg_history_step(struct hg_history_db *h, sqlite3_stmt *stmt,
                    char *problem, size_t problem_size);
/* The first row of SQL, with NUMBER bound to ?1 (when SQL has it) and
   COUNT TEXTS to ?2...: its first column into *ID and its second into
   *TEXT (malloc'd, NULL for NULL; not read when TEXT is NULL).
   SQLITE_ROW, SQLITE_DONE, or -1 after a problem. */
int hg_history_row(struct hg_history_db *h, const char *sql, int64_t number,
                   const char *const *texts, size_t count, int64_t *id,
                   char **text, char *problem, size_t problem_size);
/* The problem line for SQLite's error CODE on H. */
void hg_history_sql_problem(struct hg_history_db *h, int code,
                            char *problem, size_t problem_size);

/* The runs RUN resolves its figures through, as the common table
   "chain (run, depth)": RUN itself at depth 0 (bound as ?1), its base_run
   at 1, and so on.  A run's figure is the row of the chain's least depth
   that has one (a NULL row: the figure is gone). */
#define HG_HISTORY_CHAIN_SQL                                              \
    "WITH RECURSIVE chain (run, depth) AS ("                              \
    " SELECT ?1, 0 UNION ALL"                                             \
    " SELECT runs.base_run, chain.depth + 1 FROM runs"                    \
    " JOIN chain ON runs.id = chain.run"                                  \
    " WHERE runs.base_run IS NOT NULL)"

/* One figure in two runs (blame and show): the older, "before", and the
   newer, "after"; a figure a run does not have is not IN it. */
struct hg_history_pair {
    bool in_before, in_after;
    uint64_t before, after;
};

/* Whether the two sides of PAIR differ (in presence or value), and the
   size of the change, a missing side counting as 0. */
bool hg_history_pair_differs(const struct hg_history_pair *pair);
uint64_t hg_history_pair_size(const struct hg_history_pair *pair);

/* One figure of a run, resolved along base_run. */
struct hg_history_figure {
    int64_t entity;
    char *metric;
    bool present;                /* false: gone (a NULL row) */
    uint64_t value;
};

/* Every figure of RUN of the entities WHERE selects (an SQL condition on
   the alias e of entities, TEXTS bound to ?2...), resolved along
   base_run, by entity id then metric name, into *FIGURES (caller frees
   with hg_history_figures_free).  A figure no run of the chain has is
   left out; one gone is there with PRESENT false.  False after one line
   in PROBLEM. */
bool hg_history_resolve(struct hg_history_db *h, int64_t run,
                        const char *where, const char *const *texts,
                        size_t count, struct hg_history_figure **figures,
                        size_t *figure_count, char *problem,
                        size_t problem_size);
void hg_history_figures_free(struct hg_history_figure *figures,
                             size_t count);

/* A debugging hook for the tests of a killed or concurrent record
   (docs/history.md): when HOTGRIND_HISTORY_PAUSE is "STAGE:FILE" or
   "STAGE:FILE:SECONDS" and STAGE is this one ("migrate", "begin",
   "run", "figures", "commit"), FILE is created and the process sleeps SECONDS (60), inside
   the transaction, so that a test can kill it there or start another. */
void hg_history_pause(const char *stage);

#endif
