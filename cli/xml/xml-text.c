/* hotgrind: text inside XML the command writes, escaped as the tool
   escapes it in a report.  GPL-2.0-or-later; part of hotgrind. */

#include "util/utf8.h"
#include "xml/xml-text.h"

/* Besides the entities and '?' for control characters, a byte that starts
   no well-formed UTF-8 is written as U+FFFD: a --title or a file name may
   hold any bytes, and an XML document with one is not well-formed. */
void hg_print_xml_text(FILE *out, const char *text)
{
    size_t n;
    for (; *text; text += n != 0 ? n : 1) {
        unsigned char c = (unsigned char)*text;
        n = hg_utf8_length(text);
        switch (c) {
        case '<':  fputs("&lt;", out); break;
        case '>':  fputs("&gt;", out); break;
        case '&':  fputs("&amp;", out); break;
        case '"':  fputs("&quot;", out); break;
        case '\'': fputs("&apos;", out); break;
        /* As character references: a parser turns a raw tab or line end
           inside an attribute into a space, so a merged report would
           change the name that held it. */
        case '\t': fputs("&#9;", out); break;
        case '\n': fputs("&#10;", out); break;
        case '\r': fputs("&#13;", out); break;
        default:
            if (c < 0x20)
                fputc('?', out);
            else if (n == 0)
                fputs(HG_UTF8_REPLACEMENT, out);
            else
                fwrite(text, 1, n, out);
        }
    }
}
