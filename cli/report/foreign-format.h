/* hotgrind: what a file that is not a hotgrind report is, for the one
   line a command prints when it cannot read it.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_FOREIGN_FORMAT_H
#define HOTGRIND_FOREIGN_FORMAT_H

#include <stdbool.h>
#include <stddef.h>

/* If the regular file at PATH begins as a file of another kind that
   people give hotgrind by mistake (the output of Cachegrind, Callgrind,
   DHAT or Massif; an export of hotgrind's; a policy; Valgrind's XML; an
   executable; compressed data; other binary data or text), PROBLEM gets
   "not a hotgrind report: this is ..." and what to do instead, and the
   answer is true; for XML, PROBLEM (the loader's words on its root) gets
   ": this is ..." added instead.  False, PROBLEM untouched, for anything
   else, a hotgrind report among them. */
bool hg_describe_foreign_file(const char *path, char *problem,
                              size_t problem_size);

#endif
