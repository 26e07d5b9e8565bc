/* hotgrind: JSON strings.  GPL-2.0-or-later; part of hotgrind. */

#include "json.h"

void hg_json_string(FILE *out, const char *text)
{
    const unsigned char *p;
    fputc('"', out);
    for (p = (const unsigned char *)text; *p; p++) {
        switch (*p) {
        case '"':  fputs("\\\"", out); break;
        case '\\': fputs("\\\\", out); break;
        case '\n': fputs("\\n", out); break;
        case '\r': fputs("\\r", out); break;
        case '\t': fputs("\\t", out); break;
        default:
            if (*p < 0x20 || *p == 0x7f)
                fprintf(out, "\\u%04x", *p);
            else
                fputc(*p, out);
        }
    }
    fputc('"', out);
}
