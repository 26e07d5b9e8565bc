/* hotgrind: benchmark suites: the suite file (docs/suite.md, schema
   docs/suite.xsd) and the manifest of a suite run (docs/suite-run.xsd),
   read as safely as policies (xml-safe.c).  `hotgrind suite` writes the
   runs (cmd-suite.c); diff and check read them with hg_suite_run_load.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_SUITE_H
#define HOTGRIND_SUITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The only suite file and manifest format these readers understand. */
#define HG_SUITE_FORMAT 1

/* The manifest's name in a suite run's directory: no benchmark may have
   its name, since NAME.xml is the benchmark's report. */
#define HG_SUITE_MANIFEST_NAME "manifest"
#define HG_SUITE_MANIFEST HG_SUITE_MANIFEST_NAME ".xml"

/* The longest name of a benchmark (or a suite): NAME.xml and NAME.log,
   the files a suite run writes for it, must fit NAME_MAX (255 on Linux);
   docs/suite.xsd's maxLength. */
#define HG_SUITE_NAME_MAX 251

/* Whether TEXT is a benchmark's (or a suite's) name: [A-Za-z0-9_.-]+,
   not starting with '.', at most HG_SUITE_NAME_MAX characters, so that
   NAME.xml is a plain file of the run's directory. */
bool hg_suite_name_ok(const char *text);

/* ------------------------------------------------------ the suite file */

/* One <benchmark>, its <defaults> applied. */
struct hg_suite_benchmark {
    long line;                   /* of <benchmark> in the suite file */
    char *name;
    char *command;               /* as written: with a '/', relative to
                                    the suite file's directory; without,
                                    looked for in PATH */
    char **args;                 /* <arg>s, in order */
    size_t arg_count;
    /* `hotgrind run` options: <defaults>' <option>s then the benchmark's,
       then one --mark=PATTERN per <mark> (defaults' first). */
    char **options;
    size_t option_count;
    char *dir;                   /* as written (relative to the suite
                                    file's directory), or NULL */
    char **inputs;               /* as written (likewise) */
    size_t input_count;
    long *input_lines;           /* the line of each <input> */
    unsigned timeout;            /* seconds; 0: none */
};

struct hg_suite {
    char *path;                  /* the suite file, as given */
    char *base;                  /* its directory, which relative paths
                                    are resolved against */
    char *name;                  /* <suite name> */
    struct hg_suite_benchmark *benchmarks;   /* in file order */
    size_t count;
};

/* Reads and validates the suite file at PATH: the schema built in from
   docs/suite.xsd, then unique names and the options a suite may not give
   (those `hotgrind suite run` sets itself: -o, --cwd, --valgrind...).
   Files are not looked at (hg_suite_check_files does).  On failure NULL,
   and one line "line N: why" (no file name) in PROBLEM. */
struct hg_suite *hg_suite_load(const char *path, char *problem,
                               size_t problem_size);

/* Whether B's dir is a directory, its inputs exist and its command (one
   with a '/') is an executable file, each relative to SUITE's base; on
   failure one line "line N: why" in PROBLEM. */
bool hg_suite_check_files(const struct hg_suite *suite,
                          const struct hg_suite_benchmark *b,
                          char *problem, size_t problem_size);

void hg_suite_free(struct hg_suite *suite);

/* --------------------------------------------------- a run's manifest */

enum hg_suite_status {
    HG_SUITE_OK,          /* the program exited 0 and wrote its report */
    HG_SUITE_FAILED,      /* exited non-zero, could not start, or left
                             no complete report */
    HG_SUITE_CRASHED,     /* killed by a signal */
    HG_SUITE_TIMEOUT      /* killed by suite run after its timeout */
};

/* "ok", "failed", "crashed", "timeout": the manifest's status words. */
const char *hg_suite_status_name(enum hg_suite_status status);

/* One <benchmark> of a manifest. */
struct hg_suite_result {
    long line;                   /* in its manifest */
    char *name;
    unsigned position;           /* 1-based, in the suite file */
    enum hg_suite_status status;
    bool has_exit;               /* exit="N" */
    unsigned exit_status;
    char *signal;                /* crashed: "SEGV"...; else NULL */
    char *report;                /* report="NAME.xml" as written, or NULL
                                    when there is no complete report */
    char *report_path;           /* it, joined to the manifest's
                                    directory: the file to open */
    bool has_ir;
    uint64_t ir;                 /* the report's total Ir */
    const char *manifest;        /* the manifest it was read from (a
                                    string of struct hg_suite_run) */
};

struct hg_suite_run {
    char *suite;                 /* <suite-run suite> */
    /* The benchmarks, in suite-file order (by position), those of every
       manifest when several were gathered. */
    struct hg_suite_result *results;
    size_t count;
    /* <shard>: of one manifest; 0 and 0 when not sharded, and after
       gathering every shard of a run. */
    unsigned shard_index, shard_count;
    char *only;                  /* <only pattern>, or NULL */
    char **manifests;            /* the manifest files read */
    size_t manifest_count;
};

/* The manifest DIR_OR_MANIFEST names: DIR/manifest.xml when it is a
   directory, else itself (malloc'd): the file to name in messages. */
char *hg_suite_manifest_path(const char *dir_or_manifest);

/* Reads the manifest at DIR_OR_MANIFEST: a suite run's directory (its
   manifest.xml) or the manifest file itself.  Validated against the
   schema built in from docs/suite-run.xsd, then: unique names and
   positions.  On failure NULL and one line "line N: why" in PROBLEM,
   about the file hg_suite_manifest_path gives. */
struct hg_suite_run *hg_suite_run_load(const char *dir_or_manifest,
                                       char *problem, size_t problem_size);

/* Reads COUNT directories or manifests, the shards of one run, as one:
   the same suite and --only, each shard of a sharded run exactly once
   and none missing (or a single unsharded run), no benchmark twice.  On
   failure NULL, one line in PROBLEM and in *PROBLEM_FILE the manifest it
   is about (malloc'd; the caller frees it), for hg_say_problem. */
struct hg_suite_run *hg_suite_run_load_many(const char *const *paths,
                                            size_t count,
                                            char **problem_file,
                                            char *problem,
                                            size_t problem_size);

/* The benchmark called NAME of RUN, or NULL. */
const struct hg_suite_result *hg_suite_run_find(const struct hg_suite_run *run,
                                                const char *name);

void hg_suite_run_free(struct hg_suite_run *run);

#endif
