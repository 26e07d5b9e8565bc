/* hotgrind run: what it prints on stdout: the verdict of --repeat and
   --perturb (a struct run_audit), and the command --dry-run shows.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_RENDER_RUN_AUDIT_H
#define HOTGRIND_RENDER_RUN_AUDIT_H

#include <stdio.h>

#include "run/run-audit.h"
#include "run/run.h"

/* AUDIT's verdict for people, with the policy lines --perturb suggests
   (XML); nothing for a report that could not be read before anything
   was found. */
void hg_render_run_audit(FILE *out, const struct run_audit *audit);

/* The command PLAN would exec, as shell words: the descriptors it
   opened, the directory, the environment, Valgrind and its arguments. */
void hg_render_run_dry_run(FILE *out, const struct run_plan *plan);

#endif
