/*--------------------------------------------------------------------*/
/*--- hotgrind: which functions are marked.            ht_mark.c ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* The patterns of --mark=PATTERN, --mark=OBJ:PATTERN, --mark-file=FILE,
   --alloc-fn and --free-fn (the options are read in ht_main.c).
   Patterns are globs (* and ?) over the demangled name the report shows.
   A single ':' that is not part of a C++/Rust '::' separates an object
   glob (over the file basename or the soname) from the pattern.
   Matching happens once per function, when it is first translated, so it
   costs nothing at run time. */

#include "pub_tool_basics.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_vki.h"

#include "ht_include.h"
#include "ht_glob.h"

typedef struct {
   HChar* text;      /* as given, for the report */
   HChar* origin;    /* the option, or file and line, for warnings */
   HChar* object;    /* NULL: any object */
   HChar* pattern;
   Bool   is_free;   /* --free-fn (custom allocators only) */
} Mark;

#define MAX_MARKS 256
/* A mark file larger than this is not a list of at most MAX_MARKS
   patterns (with comments), but something read by mistake. */
#define MAX_MARK_FILE_BYTES (16u << 20)
static Mark   marks[MAX_MARKS];
static UInt   n_marks;
static UInt   n_mark_options;   /* of n_marks, from --mark */
/* --alloc-fn and --free-fn: the same pattern syntax. */
static Mark   allocators[MAX_MARKS];
static UInt   n_allocators;

/* The object/pattern separator: a ':' with no ':' on either side. */
static const HChar* find_separator(const HChar* s)
{
   const HChar* p;
   for (p = s; *p; p++) {
      if (*p != ':') continue;
      if (p[1] == ':') { p++; continue; }
      if (p > s && p[-1] == ':') continue;
      return p;
   }
   return NULL;
}

/* Parses [OBJ:]PATTERN into the next free slot of 'table'; 'where' is
   the option ("--mark") or the file and line ("--mark-file=F:N") that
   gave it. */
static Mark* add_to(Mark* table, UInt* n, const HChar* text,
                    const HChar* where)
{
   Mark*        m;
   const HChar* sep = find_separator(text);
   if (text[0] == '\0' || (sep && (sep == text || sep[1] == '\0'))) {
      VG_(fmsg)("hotgrind: %s: an empty pattern ('%s')\n", where, text);
      VG_(exit)(1);
   }
   if (*n == MAX_MARKS) {
      /* Mark files are read after every --mark, so the pattern that
         overflows is not necessarily where the many came from: say how
         many each kind of option gave. */
      if (table == marks)
         VG_(fmsg)("hotgrind: %s: more than %d mark patterns in all "
                   "(%u from --mark options, %u from --mark-file lines)\n",
                   where, MAX_MARKS, n_mark_options,
                   n_marks - n_mark_options);
      else
         VG_(fmsg)("hotgrind: %s: more than %d --alloc-fn and --free-fn "
                   "patterns in all\n", where, MAX_MARKS);
      VG_(exit)(1);
   }
   m = &table[(*n)++];
   m->is_free = False;
   m->text = VG_(strdup)("hotgrind.mark", text);
   /* "--mark=TEXT" for an option, "--mark-file=F:N: TEXT" for a line */
   m->origin = VG_(malloc)("hotgrind.mark",
                           VG_(strlen)(where) + VG_(strlen)(text) + 3);
   VG_(sprintf)(m->origin, VG_(strchr)(where, '=') ? "%s: %s" : "%s=%s",
                where, text);
   if (sep) {
      SizeT olen = (SizeT)(sep - text);
      m->object = VG_(malloc)("hotgrind.mark", olen + 1);
      VG_(memcpy)(m->object, text, olen);
      m->object[olen] = '\0';
      m->pattern = VG_(strdup)("hotgrind.mark", sep + 1);
   } else {
      m->object  = NULL;
      m->pattern = VG_(strdup)("hotgrind.mark", text);
   }
   return m;
}

/* A function that is both an allocator and a deallocator makes
   impossible figures (--alloc-fn=free --free-fn=malloc counted frees of
   blocks never allocated): a standard allocator named as another kind,
   and the same pattern given to both options, are refused here; two
   different globs that match one function, at the function
   (HT_(custom_allocator)). */
static void check_allocator_pattern(const Mark* m, const HChar* option)
{
   Bool         is_free = m->is_free;
   const HT_Known* clash = HT_(standard_allocator_clash)(
                              m->pattern, is_free ? HT_Obs_Free : HT_Obs_Malloc);
   UInt            i;
   if (clash) {
      VG_(fmsg)("hotgrind: %s=%s: matches '%s', which hotgrind already "
                "observes as %s\n", option, m->text, clash->name,
                clash->kind == HT_Obs_Free ? "a standard free function"
                : is_free ? "a standard allocator"
                : "a standard allocator that takes its size differently");
      VG_(exit)(1);
   }
   for (i = 0; i + 1 < n_allocators; i++)
      if (allocators[i].is_free != is_free
          && VG_(strcmp)(allocators[i].text, m->text) == 0) {
         VG_(fmsg)("hotgrind: '%s' is given to both --alloc-fn and "
                   "--free-fn\n", m->text);
         VG_(exit)(1);
      }
}

void HT_(add_pattern)(HT_PatternKind kind, const HChar* text,
                      const HChar* option)
{
   Mark* m;
   if (kind == HT_Pat_Mark) {
      add_to(marks, &n_marks, text, option);
      n_mark_options++;
      return;
   }
   m = add_to(allocators, &n_allocators, text, option);
   m->is_free = kind == HT_Pat_FreeFn;
   check_allocator_pattern(m, option);
}

/* Strips leading and trailing blanks in place. */
static HChar* trim(HChar* s)
{
   HChar* end;
   while (*s == ' ' || *s == '\t' || *s == '\r') s++;
   end = s + VG_(strlen)(s);
   while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
      *--end = '\0';
   return s;
}

/* The first byte of 'text' that no text file has (NUL or another control
   character but TAB, LF, CR), or NULL. */
static const HChar* binary_byte(const HChar* text, SizeT len)
{
   SizeT i;
   for (i = 0; i < len; i++) {
      UChar c = (UChar)text[i];
      if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f)
         return text + i;
   }
   return NULL;
}

/* Reads the whole file, then takes it line by line: '#' starts a
   comment, blank lines are skipped.  A file that is not text (a NUL
   would silently end the text early, a binary file would become one
   garbage pattern) is refused with its line; a UTF-8 byte order mark,
   which editors add, is not part of the first pattern. */
static void read_mark_file(const HChar* path)
{
   SysRes       r = VG_(open)(path, VKI_O_RDONLY, 0);
   SizeT        cap = 4096, len = 0;
   HChar*       text;
   HChar*       line;
   const HChar* bad;
   UInt         lineno = 0;
   Int          fd, n;

   if (sr_isError(r)) {
      VG_(fmsg)("hotgrind: --mark-file=%s: cannot open the file: %s\n",
                path, HT_(strerror)((Int)sr_Err(r)));
      VG_(exit)(1);
   }
   fd = (Int)sr_Res(r);
   text = VG_(malloc)("hotgrind.markfile", cap);
   /* Each chunk is checked as it comes, so an endless or huge binary
      source (/dev/zero, a device) is refused at its first bad byte
      instead of being read into memory. */
   bad = NULL;
   for (;;) {
      if (len + 1 == cap) {
         if (cap >= MAX_MARK_FILE_BYTES) {
            VG_(fmsg)("hotgrind: --mark-file=%s: larger than %u bytes: a "
                      "mark file holds at most %u patterns\n", path,
                      (UInt)MAX_MARK_FILE_BYTES, (UInt)MAX_MARKS);
            VG_(exit)(1);
         }
         text = VG_(realloc)("hotgrind.markfile", text, cap *= 2);
      }
      n = VG_(read)(fd, text + len, (Int)(cap - 1 - len));
      if (n < 0) {
         VG_(fmsg)("hotgrind: --mark-file=%s: read error: %s\n", path,
                   HT_(strerror)(-n));
         VG_(exit)(1);
      }
      if (n == 0) break;
      bad = binary_byte(text + len, (SizeT)n);
      len += (SizeT)n;
      if (bad != NULL) break;
   }
   VG_(close)(fd);
   text[len] = '\0';

   if (bad != NULL) {
      const HChar* p;
      for (p = text, lineno = 1; p < bad; p++)
         if (*p == '\n') lineno++;
      VG_(fmsg)("hotgrind: --mark-file=%s:%u: a %s byte (0x%02x): a mark "
                "file must be text\n", path, lineno,
                *bad == '\0' ? "NUL" : "control", (UInt)(UChar)*bad);
      VG_(exit)(1);
   }
   line = text;
   if (len >= 3 && (UChar)text[0] == 0xef && (UChar)text[1] == 0xbb
       && (UChar)text[2] == 0xbf)
      line += 3;

   for (lineno = 0; line && *line; ) {
      HChar* nl   = VG_(strchr)(line, '\n');
      HChar* hash;
      HChar* pat;
      HChar  where[256];
      if (nl) *nl = '\0';
      lineno++;
      if ((hash = VG_(strchr)(line, '#')) != NULL) *hash = '\0';
      pat = trim(line);
      if (*pat) {
         VG_(snprintf)(where, sizeof where, "--mark-file=%s:%u", path, lineno);
         add_to(marks, &n_marks, pat, where);
      }
      line = nl ? nl + 1 : NULL;
   }
   VG_(free)(text);
}

void HT_(mark_post_clo_init)(void)
{
   UInt i;
   for (i = 0; i < HT_(clo).n_mark_files; i++)
      read_mark_file(HT_(clo).mark_files[i]);
}

UInt HT_(n_marks)(void) { return n_marks; }

const HChar* HT_(mark_text)(UInt i)
{
   tl_assert(i < n_marks);
   return marks[i].text;
}

/* Whether the glob 'pat' (* and ?) matches all of 'text'.  Not
   VG_(string_match): that backtracks over every '*', which is exponential
   in their number ('*x*x*x*x*x*x*x*x*x*x*x*x*y' against a 3,000-byte C++
   name ran for minutes).  ht_glob.h's walk is linear in memory and at
   most len(pat) x len(text) steps, and the command's policies use the
   same one. */
Bool HT_(glob_match)(const HChar* pat, const HChar* text)
{
   return ht_glob_walk(pat, text) ? True : False;
}

/* OBJ of OBJ:PATTERN is a glob over the object's file basename
   (libz.so.1.2.13) or its soname (libz.so.1), so a mark can name a
   library the way the program links it.  The CLI's policy matching
   (cli/policy*.c) implements the same rule. */
static Bool object_matches(const HChar* glob, const HT_Object* object)
{
   return HT_(glob_match)(glob, object->name)
          || (object->soname != NULL && HT_(glob_match)(glob, object->soname));
}

static Bool pattern_matches(const Mark* m, const HChar* name,
                            const HT_Object* object)
{
   if (m->object && !object_matches(m->object, object))
      return False;
   return HT_(glob_match)(m->pattern, name);
}

Bool HT_(mark_matches)(UInt i, const HChar* name, const HT_Object* object)
{
   tl_assert(i < n_marks);
   return pattern_matches(&marks[i], name, object);
}

HT_Observed HT_(custom_allocator)(const HChar* name,
                                  const HT_Object* object)
{
   UInt i, j;
   for (i = 0; i < n_allocators; i++)
      if (pattern_matches(&allocators[i], name, object)) {
         for (j = i + 1; j < n_allocators; j++)
            if (allocators[j].is_free != allocators[i].is_free
                && pattern_matches(&allocators[j], name, object)) {
               const Mark* a = allocators[i].is_free ? &allocators[j]
                                                     : &allocators[i];
               const Mark* f = allocators[i].is_free ? &allocators[i]
                                                     : &allocators[j];
               VG_(fmsg)("hotgrind: %s in %s matches both --alloc-fn=%s "
                         "and --free-fn=%s; no report is written\n",
                         name, object->name, a->text, f->text);
               VG_(exit)(1);
            }
         return allocators[i].is_free ? HT_Obs_Free : HT_Obs_Malloc;
      }
   return HT_Obs_None;
}

UInt HT_(n_custom_allocators)(void) { return n_allocators; }

const HChar* HT_(custom_allocator_text)(UInt i, Bool* is_free)
{
   tl_assert(i < n_allocators);
   *is_free = allocators[i].is_free;
   return allocators[i].text;
}

Bool HT_(is_marked)(const HChar* name, const HT_Object* object)
{
   UInt i;
   for (i = 0; i < n_marks; i++)
      if (HT_(mark_matches)(i, name, object)) return True;
   return False;
}

/* An OBJ:PATTERN mark that matched nothing, while a function PATTERN
   matches ran in another object: names that object (the first by name,
   so the message is the same on every run), as the likely fix is OBJ. */
static Bool warn_ran_elsewhere(const Mark* m)
{
   HT_Fn* f;
   UInt   objects;
   HChar  others[48] = "";
   if (m->object == NULL) return False;
   objects = HT_(fn_named_like)(m->pattern, &f);
   if (objects == 0) return False;
   if (objects > 1)
      VG_(snprintf)(others, sizeof others, " and %u other object%s",
                    objects - 1, objects == 2 ? "" : "s");
   VG_(umsg)("hotgrind: warning: %s matched no function that ran; '%s' "
             "ran in %s%s%s%s%s\n", m->origin, f->name, f->object,
             f->obj->soname ? " (soname " : "",
             f->obj->soname ? f->obj->soname : "",
             f->obj->soname ? ")" : "", others);
   return True;
}

UInt HT_(dead_marks)(void)
{
   UInt i, functions, entered, dead = 0;
   for (i = 0; i < n_marks; i++) {
      HT_(mark_stats)(i, &functions, &entered);
      if (entered == 0) dead++;
   }
   return dead;
}

/* Below this many inclusive Ir a call on average, the functions of a
   mark measure their call overhead, not work: the work they call, or
   did, was most likely inlined elsewhere by the compiler. */
#define EMPTY_MARK_IR_PER_CALL 100
/* Below this share of the run, in percent, all marked functions
   together measure a window that misses the program's work; only said
   when at least EMPTY_MARKS_MISSED Ir ran outside them, as a program
   that small is mostly the dynamic loader's and the C library's
   start-up (the regression tests' programs), not work a mark missed. */
#define EMPTY_MARKS_PERCENT    1
#define EMPTY_MARKS_MISSED     1000000ULL
/* The patterns named in the warning about all marks together. */
#define EMPTY_MARKS_LISTED     3

/* A measured window that measures nothing: a mark whose functions'
   calls average under EMPTY_MARK_IR_PER_CALL inclusive Ir each (each
   call's own, recursive ones included, as the report's per-call
   figures), or marked functions that together ran under
   EMPTY_MARKS_PERCENT of the program's Ir.  The sum of their inclusive
   Ir counts nested marked calls twice, so it is at least the share they
   cover: under the threshold, the window is surely that small. */
static void warn_empty_marks(void)
{
   const HChar* why = HT_(clo).inlined ? "" : " (the compiler inlined the "
                                              "work? try --inline=yes)";
   UInt    n, i, j, n_marked = 0;
   ULong   total, covered = 0;
   HT_Fn** fns;
   HChar   names[EMPTY_MARKS_LISTED * 200 + 8] = "";

   if (n_marks == 0) return;
   fns = HT_(fn_sorted)(&n, &total);
   /* The marked functions that were entered, first in fns. */
   for (i = 0; i < n; i++)
      if (fns[i]->marked && fns[i]->calls > 0) {
         covered += fns[i]->incl.ir;
         fns[n_marked++] = fns[i];
      }
   for (i = 0; i < n_marks; i++) {
      UInt              functions = 0;
      ULong             calls = 0, ir = 0;
      const HT_Fn*      one = NULL;
      HT_PerCallSummary pc;
      HChar             what[300];
      for (j = 0; j < n_marked; j++) {
         if (!pattern_matches(&marks[i], fns[j]->name, fns[j]->obj))
            continue;
         HT_(percall_summary)(fns[j]->percall, &pc);
         functions++;
         one = fns[j];
         calls += pc.n;
         ir += pc.sum;
      }
      if (calls == 0 || ir >= calls * EMPTY_MARK_IR_PER_CALL) continue;
      if (functions == 1)
         VG_(snprintf)(what, sizeof what, "%s (%s)", one->name, one->object);
      else
         VG_(snprintf)(what, sizeof what, "its %u functions", functions);
      VG_(umsg)("hotgrind: warning: %s: %s averaged %llu Ir a call over "
                "%'llu call%s: it measures almost nothing%s\n",
                marks[i].origin, what, ir / calls, calls,
                calls == 1 ? "" : "s", why);
   }
   VG_(free)(fns);
   if (n_marked == 0 || covered * 100 >= total * EMPTY_MARKS_PERCENT
       || total - covered < EMPTY_MARKS_MISSED)
      return;
   for (i = 0; i < n_marks && i < EMPTY_MARKS_LISTED; i++) {
      HChar one[200];
      VG_(snprintf)(one, sizeof one, "%s%s", i ? ", " : "", marks[i].origin);
      VG_(strcat)(names, one);
   }
   if (n_marks > EMPTY_MARKS_LISTED) VG_(strcat)(names, ", ...");
   VG_(umsg)("hotgrind: warning: the functions of %s together ran %'llu "
             "of the program's %'llu Ir (under %d%%): the measured window "
             "misses the work%s\n", names, covered, total,
             EMPTY_MARKS_PERCENT, why);
}

void HT_(warn_unused_marks)(void)
{
   UInt i, functions, entered;
   for (i = 0; i < n_marks; i++) {
      HT_(mark_stats)(i, &functions, &entered);
      if (functions == 0 && warn_ran_elsewhere(&marks[i]))
         continue;
      if (functions == 0)
         VG_(umsg)("hotgrind: warning: %s matched no function that "
                   "ran (inlined? never called? misspelt?)\n",
                   marks[i].origin);
      else if (entered == 0)
         VG_(umsg)("hotgrind: warning: %s matched %u function%s, "
                   "never entered\n", marks[i].origin, functions,
                   functions == 1 ? "" : "s");
   }
   warn_empty_marks();
}
