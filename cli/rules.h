/* hotgrind: the whole validity check of a report, the schema and the
   rules it cannot express.  GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_RULES_H
#define HOTGRIND_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <libxml/tree.h>

/* Validates DOC against the built-in schema, then checks the rules of the
   format that XML Schema 1.0 cannot express (docs/report-format.md, "Rules
   the schema cannot express").  Returns true if DOC passes both; otherwise
   puts the first problem ("line N: ...") into PROBLEM. */
bool hg_validate_report(xmlDocPtr doc, char *problem, size_t problem_size);

/* The rules alone, for a DOC that the schema accepted. */
bool hg_check_rules(xmlDocPtr doc, char *problem, size_t problem_size);

#endif
