/* hotgrind: docs/hotgrind.xsd built into the command (embedded-schema.c is
   generated from it by cli/Makefile.am).  GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_EMBEDDED_SCHEMA_H
#define HOTGRIND_EMBEDDED_SCHEMA_H

#include <stddef.h>

extern const char hg_embedded_schema[];
extern const size_t hg_embedded_schema_size;   /* without the final NUL */

/* docs/policy.xsd, for `hotgrind check` (embedded-policy-schema.c). */
extern const char hg_embedded_policy_schema[];
extern const size_t hg_embedded_policy_schema_size;

/* docs/suite.xsd and docs/suite-run.xsd, for `hotgrind suite` and the
   readers of suite runs (embedded-suite-schema.c,
   embedded-suite-run-schema.c). */
extern const char hg_embedded_suite_schema[];
extern const size_t hg_embedded_suite_schema_size;
extern const char hg_embedded_suite_run_schema[];
extern const size_t hg_embedded_suite_run_schema_size;

#endif
