/* hotgrind: allocation that cannot fail, in one place.
   GPL-2.0-or-later; part of hotgrind. */

#define _GNU_SOURCE
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/messages.h"
#include "util/xalloc.h"

/* The one line on stderr that does not go through messages.c: its
   messages format into memory, which is what ran out. */
void hg_out_of_memory(void)
{
    fputs("hotgrind: out of memory\n", stderr);
    exit(HG_EXIT_TROUBLE);
}

static void *checked(void *block)
{
    if (block == NULL)
        hg_out_of_memory();
    return block;
}

void *hg_xmalloc(size_t size)
{
    return checked(malloc(size ? size : 1));
}

void *hg_xcalloc(size_t count, size_t size)
{
    return checked(calloc(count ? count : 1, size ? size : 1));
}

void *hg_xrealloc(void *block, size_t count, size_t size)
{
    size_t bytes = count * size;
    if (size != 0 && count > SIZE_MAX / size)
        hg_out_of_memory();
    return checked(realloc(block, bytes != 0 ? bytes : 1));
}

void *hg_xgrow(void *array, size_t *capacity, size_t needed, size_t size,
               size_t first)
{
    if (needed <= *capacity)
        return array;
    *capacity = *capacity ? 2 * *capacity : first;
    if (*capacity < needed)
        *capacity = needed;
    return hg_xrealloc(array, *capacity, size);
}

char *hg_xstrdup(const char *text)
{
    return checked(strdup(text));
}

char *hg_xstrndup(const char *text, size_t length)
{
    return checked(strndup(text, length));
}

char *hg_xasprintf(const char *format, ...)
{
    va_list args;
    char *text;
    int n;
    va_start(args, format);
    n = vasprintf(&text, format, args);
    va_end(args);
    if (n < 0)
        hg_out_of_memory();
    return text;
}

void hg_free_blocks(void *const *blocks, size_t count)
{
    size_t i;
    for (i = 0; i < count; i++)
        free(blocks[i]);
}

void hg_free_items(void *array, size_t count, size_t size,
                   void (*free_item)(void *item))
{
    size_t i;
    if (array != NULL)
        for (i = 0; i < count; i++)
            free_item((char *)array + i * size);
    free(array);
}

void hg_free_strings(char **strings, size_t count)
{
    size_t i;
    if (strings != NULL)
        for (i = 0; i < count; i++)
            free(strings[i]);
    free(strings);
}
