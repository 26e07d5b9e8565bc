/* The suite runner and its choice of benchmarks: what `hotgrind suite
   run` and `suite list` do once their options are read.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HG_SUITE_RUNNER_H
#define HG_SUITE_RUNNER_H

#include <stdbool.h>
#include <stddef.h>

#include "suite/suite.h"

/* The options of suite run and suite list, as given. */
struct suite_options {
    const char *out;
    const char *jobs_text;
    const char *shard_text;
    const char *only;
    const char *valgrind;
    const char **previous;       /* --previous, in order */
    size_t previous_count;
    bool force;
    unsigned jobs;
    unsigned shard_index, shard_count;   /* 0 and 0: no --shard */
};

/* CHOSEN[i] for each benchmark i of SUITE that O selects; false after
   one line on stderr when --only matches none or --previous cannot be
   read. */
bool suite_choose(const struct hg_suite *suite,
                  const struct suite_options *o, bool *chosen);

/* Runs the benchmarks CHOSEN of SUITE as O says, into the directory
   O->out and its manifest; the exit status (HG_EXIT_OK, HG_EXIT_JUDGED
   when one did not pass, HG_EXIT_TROUBLE). */
int suite_run_chosen(const struct hg_suite *suite, const bool *chosen,
                     const struct suite_options *o);

#endif
