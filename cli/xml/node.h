/* hotgrind: the one set of helpers with which the readers of reports,
   rules, policies and suite files walk a parsed tree (node.c).
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_NODE_H
#define HOTGRIND_NODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <libxml/tree.h>

/* hotgrind's elements and attributes are in no namespace: an element in
   a namespace is never one of them, wherever it stands (the schemas
   refuse it too, so the check only matters before or without one). */

/* NODE's name, as a C string. */
const char *hg_node_name(const xmlNode *node);

/* True if NODE is an element of hotgrind's (in no namespace); with NAME
   not NULL, one named NAME. */
bool hg_node_is(const xmlNode *node, const char *name);

/* The first child element of PARENT named NAME, or NULL. */
xmlNode *hg_node_child(const xmlNode *parent, const char *name);

/* How many child elements PARENT has named NAME (NULL: of any name). */
size_t hg_node_count(const xmlNode *parent, const char *name);

/* True if NODE has the attribute NAME (in no namespace). */
bool hg_node_has(const xmlNode *node, const char *name);

/* The attribute NAME of NODE as a malloc'd string, or NULL if absent. */
char *hg_node_attribute(const xmlNode *node, const char *name);

/* The attribute NAME of NODE without its surrounding XML white space
   (what the schemas collapse in xs:token values), malloc'd; NULL if
   absent. */
char *hg_node_token(const xmlNode *node, const char *name);

/* The attribute NAME of NODE as a count (hg_parse_count); false if it is
   absent or not a count. */
bool hg_node_read_count(const xmlNode *node, const char *name,
                             uint64_t *value);

/* The text of NODE exactly as written, malloc'd ("" when it has none). */
char *hg_node_text(const xmlNode *node);

#endif
