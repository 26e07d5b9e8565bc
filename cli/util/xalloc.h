/* hotgrind: memory that is there or the end of the command (git's
   xmalloc).  GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_XALLOC_H
#define HOTGRIND_XALLOC_H

#include <stddef.h>
#include <string.h>

/* Each prints "hotgrind: out of memory" and exits with status 2
   (HG_EXIT_TROUBLE) when the memory is not there, so none returns NULL:
   a command has nothing better to do than stop, and its callers need not
   pass the failure back by hand.  A size of 0 gives a block that can be
   freed, as for any other size. */
void *hg_xmalloc(size_t size);
/* COUNT zeroed elements of SIZE bytes; a product that overflows is out of
   memory too. */
void *hg_xcalloc(size_t count, size_t size);
/* BLOCK resized to COUNT elements of SIZE bytes. */
void *hg_xrealloc(void *block, size_t count, size_t size);
/* ARRAY of *CAPACITY elements of SIZE bytes with room for NEEDED: when it
   has not, resized to twice as many (FIRST the first time), or NEEDED if
   more, and *CAPACITY updated, so that appending one at a time takes
   few copies. */
void *hg_xgrow(void *array, size_t *capacity, size_t needed, size_t size,
               size_t first);
/* A new element, zeroed, at the end of ARRAY (an lvalue, as its COUNT):
   ARRAY grown as hg_xgrow does (*CAPACITY, FIRST), COUNT one more; the
   element's address.  For reading rows one at a time into an array. */
#define hg_xpush(array, count, capacity, first)                            \
    ((array) = hg_xgrow((array), (capacity), (count) + 1, sizeof *(array), \
                        (first)),                                          \
     memset(&(array)[(count)], 0, sizeof *(array)), &(array)[(count)++])
char *hg_xstrdup(const char *text);
char *hg_xstrndup(const char *text, size_t length);
char *hg_xasprintf(const char *format, ...)
    __attribute__((format(printf, 1, 2)));

/* What a struct owns, freed in one call: each of the COUNT BLOCKS
   (NULL ones too, as free does), for a list of fields that are each a
   block of their own.  hg_free_each(a, b, ...) lists them in place. */
void hg_free_blocks(void *const *blocks, size_t count);
#define hg_free_each(...)                                                  \
    hg_free_blocks((void *const[]){ __VA_ARGS__ },                         \
                   sizeof (void *const[]){ __VA_ARGS__ } / sizeof(void *))
/* The COUNT items of SIZE bytes at ARRAY, what each owns freed by
   FREE_ITEM (given the item's address), then ARRAY; ARRAY may be NULL,
   with any COUNT. */
void hg_free_items(void *array, size_t count, size_t size,
                   void (*free_item)(void *item));
/* The COUNT strings of the array STRINGS, then the array; STRINGS may be
   NULL, with any COUNT. */
void hg_free_strings(char **strings, size_t count);

/* The message and exit status above, for an allocation made elsewhere
   (libxml2's). */
void hg_out_of_memory(void) __attribute__((noreturn));

#endif
