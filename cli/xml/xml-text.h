/* hotgrind: text inside XML the command writes (a merged report, an SVG
   flame graph), escaped in one place.  GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_XML_TEXT_H
#define HOTGRIND_XML_TEXT_H

#include <stdio.h>

/* TEXT as the tool escapes it in a report (docs/report-format.md,
   "Text"), for an attribute or an element: the five XML entities,
   control characters XML cannot hold as '?', and each byte that starts
   no well-formed UTF-8 character as U+FFFD. */
void hg_print_xml_text(FILE *out, const char *text);

#endif
