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

struct hg_function {
    char *name;          /* never empty: "???" when unknown */
    char *object;        /* basename of the object file, never empty */
    char *file;          /* source file, "" when unknown */
    unsigned line;       /* first line of the function, 0 when unknown */
    uint64_t self_ir;    /* instructions executed in the function itself */
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

#endif
