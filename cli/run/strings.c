/* The lists of strings of hotgrind run (environments, arguments), and
   their NAME=VALUE items.  GPL-2.0-or-later; part of hotgrind. */

#include <stdlib.h>
#include <string.h>

#include "run/run.h"
#include "util/xalloc.h"

/* Appends TEXT, which the list takes. */
void run_strings_take(struct run_strings *list, char *text)
{
    list->items = hg_xrealloc(list->items, list->count + 2,
                              sizeof *list->items);
    list->items[list->count++] = text;
    list->items[list->count] = NULL;
}

void run_strings_add(struct run_strings *list, const char *text)
{
    run_strings_take(list, hg_xstrdup(text));
}

void run_strings_free(struct run_strings *list)
{
    size_t i;
    for (i = 0; i < list->count; i++)
        free(list->items[i]);
    free(list->items);
    list->items = NULL;
    list->count = 0;
}

/* The length of NAME in "NAME=VALUE" (all of TEXT without a '='). */
size_t run_name_length(const char *text)
{
    const char *eq = strchr(text, '=');
    return eq ? (size_t)(eq - text) : strlen(text);
}

/* The index of the "NAME=..." item of LIST, or LIST->count. */
size_t run_find_name(const struct run_strings *list, const char *name,
                     size_t length)
{
    size_t i;
    for (i = 0; i < list->count; i++)
        if (run_name_length(list->items[i]) == length
            && strncmp(list->items[i], name, length) == 0)
            break;
    return i;
}

/* NAME=VALUE in LIST: in place of an item of that name, else last. */
void run_set_pair(struct run_strings *list, const char *name,
                  const char *value)
{
    size_t i = run_find_name(list, name, strlen(name));
    char *text = hg_xasprintf("%s=%s", name, value);
    if (i == list->count) {
        run_strings_take(list, text);
        return;
    }
    free(list->items[i]);
    list->items[i] = text;
}

