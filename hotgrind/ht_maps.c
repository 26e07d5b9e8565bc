/*--------------------------------------------------------------------*/
/*--- hotgrind: the address map without the process ID.            ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* Under Valgrind, /proc/self/maps lists Valgrind's own mappings beside
   the program's, and with the gdbserver on (--vgdb=yes, Valgrind's
   default) one of them is the file Valgrind shares with vgdb, named with
   the process ID (/tmp/vgdb-pipe-shared-mem-vgdb-PID-by-USER-on-HOST).
   A program that reads its map reads that line: glibc's
   pthread_getattr_np does for the main thread, up to the stack's line,
   and Rust's runtime calls it at start-up in every program.  The line's
   length follows the PID's digits and getline's work follows the line,
   so such a program's count moved by a few instructions between runs.

   Under --det-random=yes, when the program opens its map
   (/proc/self/maps or /proc/self/smaps, of its process or of one of its
   threads) and the map holds that file, the program gets a copy of the
   map without its line, through the same replacement of the descriptor
   as ht_cpus.c's files.  (Not the map of a run with --vgdb=no: without
   the file, Valgrind's own mappings fall elsewhere.)  With --vgdb=no
   there is no such line and the program reads the kernel's map.  The copy is the
   map at the open; the kernel's is made at each read, which comes to the
   same for a program that reads the map through at once (glibc, Rust,
   Boehm GC).  Each open is noted as OS randomness: source
   /proc/self/maps or /proc/self/smaps, its bytes the length of the text
   taken out (with --det-random=no, left in). */

#include "pub_tool_basics.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_vki.h"
#include "pub_tool_xarray.h"

#include "ht_include.h"

/* Part of the name of Valgrind's gdbserver file ("%s-shared-mem-vgdb-
   %d-by-%s-on-%s", whatever --vgdb-prefix says). */
#define GDBSERVER_FILE "-shared-mem-vgdb-"

/* Skips the decimal number at *p; its value, or -1 if there is none. */
static Long skip_number(const HChar** p)
{
   HChar* end;
   Long   value;
   if (!VG_(isdigit)(**p)) return -1;
   value = VG_(strtoll10)(*p, &end);
   *p = end;
   return value;
}

/* Whether 'path' (the kernel's name of an open descriptor) is the map of
   this process or of one of its threads: /proc/PID/maps,
   /proc/PID/task/TID/maps, or smaps; *smaps says which. */
static Bool is_own_map(const HChar* path, Bool* smaps)
{
   const HChar* p;
   Long         pid;
   if (VG_(strncmp)(path, "/proc/", 6) != 0) return False;
   p = path + 6;
   if ((pid = skip_number(&p)) < 0 || *p++ != '/') return False;
   if (VG_(strncmp)(p, "task/", 5) == 0) {
      p += 5;
      if (skip_number(&p) < 0 || *p++ != '/') return False;
   }
   if (VG_(strcmp)(p, "maps") == 0) *smaps = False;
   else if (VG_(strcmp)(p, "smaps") == 0) *smaps = True;
   else return False;
   return pid == VG_(getpid)();
}

/* Whether 'line' starts a mapping (both files) rather than being one of
   smaps' "Key: value" lines: the kernel writes addresses in lowercase
   hexadecimal, the keys start with a capital. */
static Bool starts_mapping(const HChar* line)
{
   return VG_(isdigit)(line[0]) || (line[0] >= 'a' && line[0] <= 'f');
}

/* Copies 'map' into 'kept' without the mappings of Valgrind's gdbserver
   file (with smaps, their "Key: value" lines too); the number of bytes
   left out. */
static SizeT without_gdbserver_file(HChar* map, XArray* kept)
{
   HChar*       line = map;
   SizeT        dropped = 0;
   Bool         dropping = False;
   while (*line != '\0') {
      const HChar* nl = VG_(strchr)(line, '\n');
      SizeT        len = nl ? (SizeT)(nl - line) + 1 : VG_(strlen)(line);
      if (starts_mapping(line)) {
         HChar* end = line + len;
         HChar  saved = *end;
         *end = '\0';   /* strstr within this line only (our copy) */
         dropping = VG_(strstr)(line, GDBSERVER_FILE) != NULL;
         *end = saved;
      }
      if (dropping) dropped += len;
      else if (kept != NULL) VG_(addBytesToXA)(kept, line, len);
      line += len;
   }
   return dropped;
}

void HT_(maps_fd_opened)(ThreadId tid, Int fd, const HChar* path,
                         Bool cloexec)
{
   Bool         smaps;
   const HChar* source;
   HChar*       map;
   XArray*      kept = NULL;
   SizeT        dropped;
   Int          text;

   if (!is_own_map(path, &smaps)) return;
   source = smaps ? "/proc/self/smaps" : "/proc/self/maps";
   map = HT_(read_text_file)(source, 0);
   if (map == NULL) {
      HT_(input_note)(tid, HT_Input_Random, source, 0, HT_(clo).det_random);
      return;
   }
   if (HT_(clo).det_random)
      kept = VG_(newXA)(VG_(malloc), "hotgrind.maps.kept", VG_(free),
                        sizeof(HChar));
   dropped = without_gdbserver_file(map, kept);
   HT_(input_note)(tid, HT_Input_Random, source, dropped, HT_(clo).det_random);
   if (kept != NULL && dropped > 0) {
      text = HT_(text_file)("hotgrind-maps",
                            VG_(sizeXA)(kept) ? VG_(indexXA)(kept, 0) : "",
                            VG_(sizeXA)(kept));
      if (text < 0 || !HT_(show_text_file)(fd, text, cloexec))
         VG_(umsg)("hotgrind: warning: --det-random: cannot give the "
                   "program a copy of %s in %s; it reads the kernel's, which "
                   "names Valgrind's gdbserver file with the process ID "
                   "(--vgdb=no leaves it out)\n", source, VG_(tmpdir)());
      if (text >= 0) VG_(close)(text);
   }
   if (kept != NULL) VG_(deleteXA)(kept);
   VG_(free)(map);
}

