/* hotgrind: JSON output helpers shared by diff and export.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_JSON_H
#define HOTGRIND_JSON_H

#include <stdio.h>

/* TEXT (UTF-8, as the report reader gives it) as a JSON string, quotes
   included: '"', '\\' and control characters escaped (RFC 8259). */
void hg_json_string(FILE *out, const char *text);

#endif
