/* hotgrind: the one place that hands bytes to libxml2, with the settings
   that keep an untrusted file harmless.  GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_XML_SAFE_H
#define HOTGRIND_XML_SAFE_H

#include <stdbool.h>
#include <stddef.h>
#include <libxml/tree.h>

/* Parses the file at PATH: no network, no entity substitution, no DTD
   loading, and any DOCTYPE refused.  libxml2 prints nothing; on failure
   this returns NULL and puts one line ("line N: why") into PROBLEM. */
xmlDocPtr hg_xml_read_report(const char *path, char *problem,
                             size_t problem_size);

/* Validates DOC against the schema built into the command.  Returns true
   if valid; otherwise puts the first violation into PROBLEM. */
bool hg_xml_validate(xmlDocPtr doc, char *problem, size_t problem_size);

/* The line NODE starts on.  Unlike xmlGetLineNo, right past line 65535
   too (libxml2 2.9 then answers with a neighbour's line). */
long hg_xml_line(const xmlNode *node);

/* Frees the compiled schema and libxml2's globals (for leak checkers). */
void hg_xml_cleanup(void);

#endif
