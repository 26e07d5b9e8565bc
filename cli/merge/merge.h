/* hotgrind merge's library: one report from the reports of sharded runs
   of one program (docs/export.md, "hotgrind merge").  The inputs are
   read one by one, their functions, calls and contexts summed as they
   are read (functions.c, graph.c), checked to be alike (check.c), their
   objects, zones, threads and events merged (objects.c, threads.c,
   merge.c), and the merged report written by write.c through
   report/write.h.  GPL-2.0-or-later; part of hotgrind. */

#ifndef HG_MERGE_MERGE_H
#define HG_MERGE_MERGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "report/report.h"
#include "util/index-table.h"

/* One report to merge. */
struct merge_input {
    const char *path;
    struct hg_report *report;
};

struct merge_sums {
    bool overflow;       /* a sum did not fit in 64 bits */
};

/* The merged functions are summed as the inputs are read
   (hg_report_load_each), so that no input's functions are ever all in
   memory: merging two reports of 900,000 functions needs the merged
   functions only, each in a record about half the size of a struct
   hg_function, with the object and file names kept once. */

/* What a marked function adds (one function in many is marked). */
struct marked_sums {
    uint64_t calls;
    uint64_t inclusive_ir;
    struct hg_cache_costs inclusive_cache;
    struct hg_heap_traffic inclusive_heap;
};

/* What a function of a call graph adds besides calls and inclusive
   costs (its <callees> are summed in struct merged_calls). */
struct graph_sums {
    uint64_t outside_calls;
    bool recursive, mid_jump;    /* in any report */
    uint64_t no_symbol_ir;
    struct hg_cache_costs no_symbol_cache;
};

/* A merged function: the name, object, file and line of its first
   occurrence, and the sums of all of them. */
/* One <line> of a merged function: the sum of those with its file, dir
   and line number. */
struct merged_line {
    const char *file;            /* in the strings table */
    const char *dir;             /* in the strings table; NULL if none */
    unsigned line;
    uint64_t ir;
    struct hg_cache_costs cache;
    struct hg_branch_costs branch;
};

struct merged_function {
    char *name;                  /* owned */
    const char *object, *file;   /* in the strings table */
    const char *dir;             /* the first occurrence's; NULL if none */
    unsigned line;
    /* inline=yes: the function an inlined row's code is in (in the
       strings table), NULL for a real function. */
    const char *inlined_into;
    unsigned first_input;        /* where it first occurred */
    unsigned last_input;         /* where it last occurred */
    /* An inlined row: some input had it and the real function of its
       name, object, file and line both. */
    bool beside_real;
    bool marked;
    uint64_t self_ir;
    struct hg_cache_costs self_cache;
    struct hg_branch_costs self_branch;
    struct hg_heap_traffic heap;
    struct marked_sums *marked_sums;   /* NULL unless marked, inlined
                                          or in a call graph */
    struct graph_sums *graph_sums;     /* NULL unless in a call graph */
    /* lines=yes: the lines of every input, summed per (file, dir, line)
       up to lines_summed, appended after. */
    struct merged_line *lines;
    size_t line_count, line_capacity, lines_summed;
};

/* The calls of a call graph, summed by (caller, callee), both indexes of
   merged functions, through an index table. */
struct merged_call {
    size_t caller, callee;
    struct hg_call sum;          /* sum.callee unused */
};
struct merged_calls {
    struct merged_call *all;
    size_t count, capacity;
    struct index_table table;
};

/* The calling contexts of all inputs, summed by stack: a merged context
   is (its parent's merged context, its merged function, truncated or
   not), found through an open-addressing table of indices.  Its costs
   are a struct hg_context's, parent and function as merged indexes. */
struct merged_contexts {
    bool present, truncated;
    uint64_t max;                /* the largest of the inputs' */
    uint64_t outside_ir;
    struct hg_cache_costs outside_cache;
    struct hg_heap_traffic outside_heap;
    struct hg_context *all;
    size_t count, capacity;
    struct index_table table;
};

/* The <callees> of one function of the input being read, kept until the
   input has been read whole: a callee may come after its caller. */
struct pending_callees {
    size_t caller;               /* merged index */
    struct hg_call *callees;     /* taken from the function */
    size_t count;
};

/* The functions merged so far, found by name, object, file, line and the
   function an inlined row is in, through an index table. */
struct merged_functions {
    struct merged_function *all;
    size_t count, capacity;
    struct index_table table;
    char **strings;              /* object and file names, kept once */
    size_t string_count, string_slots;
    struct merge_sums *sums;
    size_t input;                /* the input being read */
    const struct merge_input *inputs;
    /* The first function marked in one report but not another. */
    bool mismatch;
    char mismatch_problem[HG_PROBLEM_SIZE];
    /* Call graph: the input's functions by index (their id - 1) as merged
       indexes, and their callees until the input is read. */
    size_t *merged_index;
    size_t merged_index_count, merged_index_capacity;
    struct pending_callees *pending;
    size_t pending_count, pending_capacity;
    struct merged_calls calls;
    struct merged_contexts contexts;
};

/* A merge: the inputs, the sums and the merged report. */
struct merge {
    struct merge_input *in;
    size_t inputs;
    struct merge_sums sums;
    struct merged_functions functions;
    struct hg_report report;     /* the merged one, once merge_sum */
};

/* The merge of the reports PATHS[0 .. COUNT), none read yet. */
void merge_init(struct merge *m, char **paths, size_t count);
/* Reads every input, summing its functions, calls and contexts, and
   checks that they were measured alike; false with *CULPRIT (the path to
   name) and PROBLEM when one cannot be read or merged. */
bool merge_read(struct merge *m, const char **culprit, char *problem,
                size_t size);
/* Builds the merged report; false with PROBLEM when it cannot be. */
bool merge_sum(struct merge *m, char *problem, size_t size);
/* Writes the merged report (as the tool writes one) to OUT. */
void merge_write_report(FILE *out, const struct merge *m);
void merge_free(struct merge *m);

/* Within the library. */
bool merge_same_text(const char *a, const char *b);
bool merge_incompatible(char *diff, size_t size, const struct hg_report *a,
                        const struct hg_report *b);
void merge_sum_function(void *data, struct hg_function *f);
void merge_sum_graph_function(struct merged_functions *m,
                              struct hg_function *f,
                              struct merged_function *sum);
void merge_sum_contexts(struct merged_functions *m, const struct hg_report *r);
void merge_sum_pending_calls(struct merged_functions *m);
void merge_sum_lines_up(struct merge_sums *s, struct merged_function *sum);
int merge_compare_functions(const void *a, const void *b);
void merge_note_beside_real(struct merged_functions *m);
bool merge_kinds_disagree(struct merged_functions *m, char *problem,
                          size_t size);
void merge_free_functions(struct merged_functions *m);
bool merge_objects(struct hg_report *out, const struct merge_input *in,
                   size_t inputs, char *problem, size_t size);
void merge_zones(struct hg_report *out, const struct merge_input *in,
                 size_t inputs, struct merge_sums *s);
void merge_lay_end_to_end(struct hg_report *out, const struct merge_input *in,
                          size_t inputs, struct merge_sums *s);

#endif
