/* hotgrind: the report reader used by every host command.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_REPORT_H
#define HOTGRIND_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The only report format this reader understands; see docs/report-format.md. */
#define HG_REPORT_FORMAT 1

/* Room for a one-line problem description ("line 12: ..."). */
#define HG_PROBLEM_SIZE 512

/* The exact distribution of the inclusive Ir of single calls of a marked
   function or zone (<per-call>).  The mean is kept as written, a whole
   number and two decimals, so that nothing is lost to floating point. */
struct hg_per_call {
    uint64_t min;
    uint64_t max;
    uint64_t mean_units;         /* "103.56": 103 */
    unsigned mean_hundredths;    /*           56 */
    uint64_t p50;
    uint64_t p95;
    uint64_t p99;
};

struct hg_function {
    char *name;          /* never empty: "???" when unknown */
    char *object;        /* basename of the object file, never empty */
    char *file;          /* source file, "" when unknown */
    unsigned line;       /* first line of the function, 0 when unknown */
    uint64_t self_ir;    /* instructions executed in the function itself */

    /* Marked functions (marked="yes") only; zero otherwise. */
    bool marked;
    uint64_t calls;              /* entries while collection was on */
    uint64_t inclusive_ir;       /* counted once under recursion */
    bool has_per_call;           /* <per-call> is absent when calls is 0 */
    struct hg_per_call per_call;
};

/* A HOTGRIND_ZONE_BEGIN/END region, reported like a marked function. */
struct hg_zone {
    char *name;          /* never empty */
    uint64_t calls;
    uint64_t inclusive_ir;
    bool has_per_call;
    struct hg_per_call per_call;
};

/* A --mark pattern and what it matched during the run. */
struct hg_mark {
    char *pattern;       /* as given, "OBJ:" included */
    uint64_t functions;  /* distinct functions that ran and matched */
    uint64_t entered;    /* how many of those were called */
};

struct hg_report {
    unsigned format;
    char *tool_version;
    char *valgrind_version;
    char *arch;
    char *exe;           /* the client as given on the command line */
    char **args;
    size_t arg_count;

    bool has_host;       /* <host> is opt-in; the rest is reproducible */
    unsigned host_pid;
    unsigned host_ppid;
    char *host_cwd;

    uint64_t total_ir;
    struct hg_function *functions;   /* in file order */
    size_t function_count;
    struct hg_zone *zones;           /* in file order; none without <zones> */
    size_t zone_count;
    struct hg_mark *marks;           /* in file order; none without <marks> */
    size_t mark_count;
};

/* Reads the report at PATH.  On failure returns NULL and writes one line
   (without the file name or a newline) into PROBLEM.  Elements and
   attributes this version does not know are ignored, so newer reports of
   the same format still load; `hotgrind validate` is the strict check. */
struct hg_report *hg_report_load(const char *path, char *problem,
                                 size_t problem_size);

void hg_report_free(struct hg_report *report);

/* Parses a decimal count the way the schema's xs:unsignedLong does
   (surrounding XML white space allowed, digits only).  Returns false if
   TEXT is not such a number or does not fit. */
bool hg_parse_count(const char *text, uint64_t *value);

/* Parses a <per-call> mean: digits, '.', exactly two digits (surrounding
   XML white space allowed), as the schema's "mean" type.  Returns false if
   TEXT is not such a number or its whole part does not fit in 64 bits. */
bool hg_parse_mean(const char *text, uint64_t *units, unsigned *hundredths);

#endif
