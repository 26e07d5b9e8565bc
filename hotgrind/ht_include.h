/*--------------------------------------------------------------------*/
/*--- hotgrind: declarations shared by the tool's files.           ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind, a Valgrind tool that counts, per
   function and deterministically, the instructions a program executes.

   hotgrind is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.
*/

#ifndef HT_INCLUDE_H
#define HT_INCLUDE_H

#include "pub_tool_basics.h"

#define HT_(str) VGAPPEND(vgHotgrind_, str)

/* Version of the XML report format (the format="" attribute).  Bump it
   only for changes that break a reader of the previous version; see
   docs/report-format.md. */
#define HT_REPORT_FORMAT 1

/*------------------------------------------------------------*/
/*--- Functions (ht_fn.c)                                  ---*/
/*------------------------------------------------------------*/

/* One function as the report names it: demangled name, object basename,
   and the source file and line of its entry.  Instrumented code adds to
   'ir' directly, so an HT_Fn never moves and is never freed. */
typedef struct _HT_Fn {
   struct _HT_Fn* next;     /* hash chain in the identity table */
   const HChar*   name;     /* "???" when the address has no symbol */
   const HChar*   object;   /* basename of the mapped file, or "???" */
   const HChar*   file;     /* "" when there is no line info */
   UInt           line;     /* 0 when there is no line info */
   UInt           hash;
   ULong          ir;       /* self instruction count */
} HT_Fn;

void    HT_(fn_init)(void);
/* The function containing guest address 'a', resolved once per
   instruction at translation time. */
HT_Fn*  HT_(fn_at)(Addr a);
/* All functions with a non-zero count, in report order (self Ir
   descending, then name, object, file, line).  Caller frees the array. */
HT_Fn** HT_(fn_sorted)(UInt* n_out, ULong* total_ir_out);

/*------------------------------------------------------------*/
/*--- Report (ht_report.c)                                 ---*/
/*------------------------------------------------------------*/

/* Checks at start-up that the report can be created, so a bad path
   fails before the client runs rather than after. */
void HT_(report_check_path)(const HChar* out_file_option);
/* Writes the report to a temporary name and renames it into place.
   Returns False (after printing why) if it could not. */
Bool HT_(report_write)(const HChar* out_file_option, Bool host_info);

#endif /* HT_INCLUDE_H */
