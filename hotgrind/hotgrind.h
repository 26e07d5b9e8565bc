/*
   hotgrind.h: client requests for hotgrind, the Valgrind tool for
   deterministic per-function instruction counts.

   This header is free to include in any program, under any licence (the
   same terms as valgrind.h).  Every request is a no-op costing a few
   instructions when the program is not running under hotgrind.
*/

#ifndef __HOTGRIND_H
#define __HOTGRIND_H

#include "valgrind.h"

/* Request codes.  Append new ones at the end: the numbers are part of
   the binary interface of programs already compiled with this header. */
typedef enum {
   VG_USERREQ__HOTGRIND_BASE = VG_USERREQ_TOOL_BASE('H', 'T')
} Vg_HotgrindClientRequest;

#endif /* __HOTGRIND_H */
