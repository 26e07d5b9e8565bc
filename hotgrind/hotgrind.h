/*
   hotgrind.h: client requests for hotgrind, the Valgrind tool for
   deterministic per-function instruction counts.

   This header may be included in any program, under any licence (the
   same terms as valgrind.h, which it builds on).  Every request is a
   no-op costing a few instructions when the program does not run under
   hotgrind, so it can stay in release builds.

     HOTGRIND_ZONE_BEGIN("parse");   ...   HOTGRIND_ZONE_END();
        A zone: a region that is not a function, reported like a marked
        function (calls, inclusive Ir, per-call distribution).  Zones
        nest; END closes the innermost open zone of the calling thread.
        The name is copied when BEGIN runs (its first 255 bytes), so it
        need not outlive the call; zones of the same name are one zone.

     HOTGRIND_STOP_INSTRUMENTATION;   ...   HOTGRIND_START_INSTRUMENTATION;
        Stop and resume counting, e.g. to leave start-up and tear-down out
        (run with --collect-atstart=no to start stopped).
*/

#ifndef __HOTGRIND_H
#define __HOTGRIND_H

#include "valgrind.h"

/* Request codes.  Append new ones at the end: the numbers are part of
   the binary interface of programs already compiled with this header. */
typedef enum {
   VG_USERREQ__HOTGRIND_ZONE_BEGIN = VG_USERREQ_TOOL_BASE('H', 'T'),
   VG_USERREQ__HOTGRIND_ZONE_END,
   VG_USERREQ__HOTGRIND_START_INSTRUMENTATION,
   VG_USERREQ__HOTGRIND_STOP_INSTRUMENTATION
} Vg_HotgrindClientRequest;

#define HOTGRIND_ZONE_BEGIN(name)                                        \
   VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__HOTGRIND_ZONE_BEGIN,      \
                                   (name), 0, 0, 0, 0)

#define HOTGRIND_ZONE_END()                                              \
   VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__HOTGRIND_ZONE_END,        \
                                   0, 0, 0, 0, 0)

#define HOTGRIND_START_INSTRUMENTATION                                   \
   VALGRIND_DO_CLIENT_REQUEST_STMT(                                      \
      VG_USERREQ__HOTGRIND_START_INSTRUMENTATION, 0, 0, 0, 0, 0)

#define HOTGRIND_STOP_INSTRUMENTATION                                    \
   VALGRIND_DO_CLIENT_REQUEST_STMT(                                      \
      VG_USERREQ__HOTGRIND_STOP_INSTRUMENTATION, 0, 0, 0, 0, 0)

#endif /* __HOTGRIND_H */
