/* hotgrind: an output file that is never left partial (output.c).
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_OUTPUT_H
#define HOTGRIND_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* An output of `export` or `merge` (output.c): stdout when PATH is NULL;
   otherwise a new PATH.tmp.XXXXXX (mkstemp), renamed to PATH by
   hg_output_commit once written and synced, so PATH only ever holds a complete file (an existing device
   or FIFO is written in place).  On failure PROBLEM gets one line naming
   the file. */
struct hg_output {
    FILE *file;
    const char *path;
    char *tmp_path;      /* NULL when writing in place */
};
bool hg_output_open(struct hg_output *output, const char *path,
                    char *problem, size_t problem_size);
bool hg_output_commit(struct hg_output *output, char *problem,
                      size_t problem_size);
/* Closes and removes the temporary file (after an error). */
void hg_output_abandon(struct hg_output *output);

#endif
