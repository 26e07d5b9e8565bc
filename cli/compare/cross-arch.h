/* hotgrind: what hg_diff_reports does only when the two reports are of
   two architectures (compare/diff.c): the keys that pair functions by the
   role of their object and by name without the symbol version, and the
   per-call view.  GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_CROSS_ARCH_H
#define HOTGRIND_CROSS_ARCH_H

#include <stdbool.h>
#include <stddef.h>

#include "compare/diff.h"
#include "report/report.h"

/* "NAME\tOBJECT\tFILE" of F in REPORT, the name without its symbol version
   ("fopen@@GLIBC_2.17" is "fopen") and the object by its role when it has
   one (the program, the dynamic loader), so that the same function of two
   architectures has the same key; without WITH_FILE, no file. */
char *hg_arch_key(const struct hg_report *report, const struct hg_function *f,
                  bool with_file);

/* Counts the pair BASE, HEAD (functions of DIFF's two reports paired by
   hg_arch_key) under each rule that made it pair. */
void hg_arch_count_pair(struct hg_diff *diff, const struct hg_function *base,
                        const struct hg_function *head);

/* Fills DIFF's ports from the functions each base function I is paired
   with, HEAD_OF[I] (SIZE_MAX: none), and sorts them. */
void hg_diff_make_ports(struct hg_diff *diff, const size_t *head_of);

#endif
