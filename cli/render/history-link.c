/* hotgrind: links from check's and diff's markdown to the history site
   (history-link.h).  GPL-2.0-or-later; part of hotgrind. */

#include <stdlib.h>
#include <string.h>

#include "history/pages.h"
#include "render/history-link.h"

static bool hex_digit(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')
           || (c >= 'A' && c <= 'F');
}

static bool plain(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
           || (c >= '0' && c <= '9') || strchr("-._~:/@!$&*+,;=", c) != NULL;
}

bool hg_history_url_ok(const char *url)
{
    const char *p;
    if (strncmp(url, "https://", 8) == 0)
        p = url + 8;
    else if (strncmp(url, "http://", 7) == 0)
        p = url + 7;
    else
        return false;
    if (*p == '\0' || *p == '/')        /* no host */
        return false;
    for (; *p != '\0'; p++) {
        if (*p == '%') {
            if (!hex_digit(p[1]) || !hex_digit(p[2]))
                return false;
            p += 2;
        } else if (!plain(*p)) {
            return false;
        }
    }
    return true;
}

void hg_history_link_end(FILE *out, const char *url, const char *benchmark,
                         const struct hg_function *f)
{
    char *page = hg_history_function_page(benchmark, f->object, f->name,
                                          f->file);
    size_t n = strlen(url);
    fprintf(out, "](%s%s%s)", url, n > 0 && url[n - 1] == '/' ? "" : "/",
            page);
    free(page);
}
