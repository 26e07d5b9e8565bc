/* hotgrind: the whole validity check of a report, the schema and the
   rules it cannot express.  GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_RULES_H
#define HOTGRIND_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <libxml/tree.h>

/* The reader (report.c) includes this header, to check the rules as it
   reads; the rules include only rules-figures.h, never report.h, so that
   the dependency goes one way: the rules know the format's names, not
   the reader's model (which they check before any model is made). */

/* Validates DOC against the built-in schema, then checks the rules of the
   format that XML Schema 1.0 cannot express (docs/report-format.md, "Rules
   the schema cannot express").  Returns true if DOC passes both; otherwise
   puts the first problem ("line N: ...") into PROBLEM. */
bool hg_validate_report(xmlDocPtr doc, char *problem, size_t problem_size);

/* The rules alone, for a DOC that the schema accepted. */
bool hg_check_rules(xmlDocPtr doc, char *problem, size_t problem_size);

/* The same rules, checked as a report is read (report.c): hg_rules_item
   with each item of a list (<function>, <object>, <zone>, <mark>, <thread>,
   <mutex>, <event>, <context>, <outside>) at its end tag, hg_rules_list
   with each list at its start tag (before its items), hg_rules_part with
   each element under the root at its end tag (after its items), in file
   order; then
   hg_rules_finish, which frees the state and returns what hg_check_rules
   would on the whole document.  Memory: the ids of the threads and
   mutexes and the names of the objects, nothing per function; with a
   call graph, what its identities need: 120 bytes a function and its
   name and object, 24 a call, and 48 bytes a function for the cycle
   search at the end; with contexts, about 400 bytes per level of the
   deepest context (the open path). */
struct hg_rules;
struct hg_rules *hg_rules_start(void);
void hg_rules_item(struct hg_rules *rules, const xmlNode *item);
void hg_rules_list(struct hg_rules *rules, const xmlNode *list);
void hg_rules_part(struct hg_rules *rules, const xmlNode *part);
bool hg_rules_finish(struct hg_rules *rules, char *problem,
                     size_t problem_size);

#endif
