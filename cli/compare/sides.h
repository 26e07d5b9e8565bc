/* hotgrind: the two sides of a comparison, as compare/ indexes its
   pairs (private to compare/).  GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_COMPARE_SIDES_H
#define HOTGRIND_COMPARE_SIDES_H

#include <stdint.h>

enum { BASE, HEAD };
/* No partner: an entity of one report only. */
#define NONE SIZE_MAX

#endif
