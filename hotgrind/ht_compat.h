/*--------------------------------------------------------------------*/
/*--- hotgrind: the differences between the Valgrind versions the  ---*/
/*--- tool builds against (3.19 to 3.27).            ht_compat.h ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* Every use of the Valgrind API that is not the same in all supported
   versions goes through this header, so the rest of the tool is written
   once.  The version is the one of the headers compiled against
   (valgrind.h), which is right for both builds: out of tree (configure
   checks the same numbers) and in a Valgrind source tree (patches/). */

#ifndef HT_COMPAT_H
#define HT_COMPAT_H

#include "pub_tool_basics.h"
#include "valgrind.h"

/* MAJOR * 100 + MINOR: 319 for Valgrind 3.19. */
#define HT_VG_VERSION_CODE (__VALGRIND_MAJOR__ * 100 + __VALGRIND_MINOR__)

#if HT_VG_VERSION_CODE < 319 || HT_VG_VERSION_CODE > 327
#  error "hotgrind builds against Valgrind 3.19.x to 3.27.x only"
#endif

/* The core's --read-inline-info flag: a core global (pub_core_options.h),
   not in the tool headers, read when debug info is loaded; a Bool from
   3.19 to 3.27. */
extern Bool VG_(clo_read_inline_info);

/* Core functions and data no tool header declares, the same from 3.19 to
   3.27 (pub_core_libcfile.h, pub_core_clientstate.h): the auxiliary
   vector of the client's initial stack, set before post_clo_init
   (ht_random.c, AT_RANDOM); fcntl and a temporary file in Valgrind's own
   descriptor range (ht_cpus.c). */
extern UWord* VG_(client_auxv);
extern Int    VG_(fcntl)(Int fd, Int cmd, Addr arg);
extern SizeT  VG_(mkstemp_fullname_bufsz)(SizeT part_of_name_len);
extern Int    VG_(mkstemp)(const HChar* part_of_name, HChar* fullname);

/* The stderr summary copies Cachegrind's labels.  Cachegrind 3.21 made
   "I   refs:" and "D   refs:" "I refs:" and "D refs:", padded to the same
   width, so the figures stay in their columns. */
#if HT_VG_VERSION_CODE >= 321
#  define HT_CG_I_REFS "I refs:  "
#  define HT_CG_D_REFS "D refs:  "
#else
#  define HT_CG_I_REFS "I   refs:"
#  define HT_CG_D_REFS "D   refs:"
#endif

#endif /* HT_COMPAT_H */
