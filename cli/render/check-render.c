/* hotgrind: check's renderers by name, and a suite's output written
   whole or not at all (check-render.h).
   GPL-2.0-or-later; part of hotgrind. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/check-render.h"
#include "util/xalloc.h"

const struct check_renderer *check_renderer_named(const char *name)
{
    static const struct check_renderer *const all[] = {
        &check_text_renderer, &check_markdown_renderer,
        &check_json_renderer, &check_junit_renderer,
    };
    size_t i;
    for (i = 0; i < sizeof all / sizeof all[0]; i++)
        if (strcmp(name, all[i]->name) == 0)
            return all[i];
    return NULL;
}

bool check_write_suite(const struct check_out *out,
                       const struct hg_suite_check *s)
{
    struct check_out buffered = *out;
    char *text = NULL;
    size_t size = 0;
    bool written;

    if ((buffered.file = open_memstream(&text, &size)) == NULL)
        hg_out_of_memory();
    written = out->renderer->suite(&buffered, s);
    if (fclose(buffered.file) != 0 || text == NULL)
        hg_out_of_memory();
    if (written)
        fwrite(text, 1, size, out->file);
    free(text);
    return written;
}
