/* hotgrind: text inside XML the command writes, escaped as the tool
   escapes it in a report.  GPL-2.0-or-later; part of hotgrind. */

#include "xml/xml-text.h"

void hg_print_xml_text(FILE *out, const char *text)
{
    for (; *text; text++) {
        unsigned char c = (unsigned char)*text;
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
            fputc(c < 0x20 ? '?' : c, out);
        }
    }
}
