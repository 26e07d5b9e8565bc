/* hotgrind: text as well-formed UTF-8 in the outputs that must be
   (JSON, XML, SVG, HTML, markdown), whatever bytes a name or a file name
   holds.  GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_UTF8_H
#define HOTGRIND_UTF8_H

#include <stddef.h>

/* U+FFFD, what stands for a byte that starts no well-formed sequence. */
#define HG_UTF8_REPLACEMENT "\xef\xbf\xbd"

/* The length of the well-formed UTF-8 sequence at TEXT (RFC 3629: no
   overlong forms, no surrogates, nothing past U+10FFFF): 1 for an ASCII
   byte, 0 when none starts there.  Reads no further than a NUL. */
size_t hg_utf8_length(const char *text);

#endif
