/*--------------------------------------------------------------------*/
/*--- hotgrind: the objects (executable, libraries) code ran in.   ---*/
/*---                                                 ht_object.c ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* An object is known by its file's basename, the name functions carry
   (function@object).  Its soname (DT_SONAME) lets a mark name a library
   as the program linked it (libz.so.1) as well as by its file
   (libz.so.1.2.13), and its build id says which build of the file ran,
   for <objects> in the report.  Both are resolved once, when the first
   function of the object is seen at translation time, never per
   instruction.  Two different files with one basename are one object:
   the first seen gives the soname and build id. */

#include "pub_tool_basics.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_vki.h"

#include "ht_include.h"

/* The objects by basename; a program maps tens, a plug-in host more. */
static HT_Table   objects = HT_TABLE_INIT(HT_Object, 64);
static HT_Object  unknown_object = { NULL, "???", NULL, NULL, 0, False };

/*------------------------------------------------------------*/
/*--- The build id and soname, read from the object's file ---*/
/*------------------------------------------------------------*/

/* ELF fields read by offset, so that one reader serves ELFCLASS32 and
   ELFCLASS64 files (in the host's byte order, the only ones it runs). */
static ULong field(const UChar* p, UInt size)
{
   ULong v = 0;
   UInt  i;
#if defined(VG_BIGENDIAN)
   for (i = 0; i < size; i++) v = (v << 8) | p[i];
#else
   for (i = size; i > 0; i--) v = (v << 8) | p[i - 1];
#endif
   return v;
}

/* The tool API has no pread: a seek, then a read. */
static Bool read_at(Int fd, void* buf, UInt size, ULong offset)
{
   return VG_(lseek)(fd, (Off64T)offset, VKI_SEEK_SET) == (Off64T)offset
          && VG_(read)(fd, buf, (Int)size) == (Int)size;
}

#define NT_GNU_BUILD_ID 3
#define PT_NOTE         4
#define MAX_NOTE_BYTES  65536   /* a build-id note segment is tiny */
#define MAX_ID_BYTES    64      /* SHA-1 ids are 20 bytes */

/* The NT_GNU_BUILD_ID note in the 'size' note bytes at 'notes' whose
   entries are aligned to 'align', as lowercase hex (malloc'd), or NULL. */
static HChar* build_id_in_notes(const UChar* notes, ULong size, ULong align)
{
   static const HChar hex[] = "0123456789abcdef";
   ULong off = 0;
   if (align != 8) align = 4;
   while (off + 12 <= size) {
      ULong namesz = field(notes + off, 4);
      ULong descsz = field(notes + off + 4, 4);
      ULong type   = field(notes + off + 8, 4);
      ULong name   = off + 12;
      ULong desc   = name + ((namesz + align - 1) & ~(align - 1));
      if (namesz > size || descsz > size || desc + descsz > size)
         return NULL;
      if (type == NT_GNU_BUILD_ID && namesz == 4
          && VG_(memcmp)(notes + name, "GNU", 4) == 0
          && descsz > 0 && descsz <= MAX_ID_BYTES) {
         HChar* id = VG_(malloc)("hotgrind.build_id", 2 * descsz + 1);
         ULong  i;
         for (i = 0; i < descsz; i++) {
            id[2 * i]     = hex[notes[desc + i] >> 4];
            id[2 * i + 1] = hex[notes[desc + i] & 15];
         }
         id[2 * descsz] = '\0';
         return id;
      }
      off = desc + ((descsz + align - 1) & ~(align - 1));
   }
   return NULL;
}

#define PT_LOAD         1
#define PT_DYNAMIC      2
#define DT_NULL         0
#define DT_STRTAB       5
#define DT_SONAME       14
#define MAX_PHDRS       256
#define MAX_SONAME      256

/* A program header's fields, whichever the class. */
typedef struct { ULong type, offset, vaddr, filesz, align; } Phdr;

/* The file offset of virtual address 'va', through the PT_LOAD headers;
   False when no segment maps it from the file. */
static Bool file_offset_of(const Phdr* ph, UInt n, ULong va, ULong* off)
{
   UInt i;
   for (i = 0; i < n; i++)
      if (ph[i].type == PT_LOAD && va >= ph[i].vaddr
          && va - ph[i].vaddr < ph[i].filesz) {
         *off = ph[i].offset + (va - ph[i].vaddr);
         return True;
      }
   return False;
}

/* DT_SONAME of the PT_DYNAMIC segment 'dyn' (malloc'd), or NULL. */
static HChar* soname_in_dynamic(Int fd, Bool is64, const Phdr* ph, UInt n,
                                const Phdr* dyn)
{
   UInt   entry = is64 ? 16 : 8, half = entry / 2;
   UChar  d[16];
   ULong  i, strtab = 0, soname = 0, off;
   Bool   has_strtab = False, has_soname = False;
   HChar  buf[MAX_SONAME];
   for (i = 0; i + entry <= dyn->filesz && i < 4096 * entry; i += entry) {
      ULong tag;
      if (!read_at(fd, d, entry, dyn->offset + i)) return NULL;
      tag = field(d, half);
      if (tag == DT_NULL) break;
      if (tag == DT_STRTAB) { strtab = field(d + half, half); has_strtab = True; }
      if (tag == DT_SONAME) { soname = field(d + half, half); has_soname = True; }
   }
   if (!has_strtab || !has_soname
       || !file_offset_of(ph, n, strtab + soname, &off))
      return NULL;
   VG_(memset)(buf, 0, sizeof buf);
   if (VG_(lseek)(fd, (Off64T)off, VKI_SEEK_SET) != (Off64T)off
       || VG_(read)(fd, buf, sizeof buf - 1) <= 0 || buf[0] == '\0')
      return NULL;
   return VG_(strdup)("hotgrind.soname", buf);
}

/* The build id and soname of the ELF file at 'path', from its program
   headers (PT_NOTE, PT_DYNAMIC), each NULL when the file has none or
   cannot be read: a missing one only leaves its attribute out. */
static void read_identity(const HChar* path, HChar** build_id,
                          HChar** soname)
{
   UChar  ehdr[64], raw[56];
   Phdr   ph[MAX_PHDRS];
   SysRes r;
   Int    fd;
   Bool   is64;
   ULong  phoff, phentsize, phnum;
   UInt   i, n = 0;

   *build_id = *soname = NULL;
   if (path == NULL) return;
   r = VG_(open)(path, VKI_O_RDONLY, 0);
   if (sr_isError(r)) return;
   fd = (Int)sr_Res(r);
   if (!read_at(fd, ehdr, sizeof ehdr, 0)
       || VG_(memcmp)(ehdr, "\177ELF", 4) != 0
       || (ehdr[4] != 1 && ehdr[4] != 2)
#if defined(VG_BIGENDIAN)
       || ehdr[5] != 2
#else
       || ehdr[5] != 1
#endif
      ) {
      VG_(close)(fd);
      return;
   }
   is64      = ehdr[4] == 2;
   phoff     = is64 ? field(ehdr + 32, 8) : field(ehdr + 28, 4);
   phentsize = field(ehdr + (is64 ? 54 : 42), 2);
   phnum     = field(ehdr + (is64 ? 56 : 44), 2);
   if (phentsize < (is64 ? 56u : 32u) || phentsize > sizeof raw) {
      VG_(close)(fd);
      return;
   }
   for (i = 0; i < phnum && n < MAX_PHDRS; i++) {
      Phdr* p = &ph[n];
      if (!read_at(fd, raw, (UInt)phentsize, phoff + i * phentsize))
         break;
      p->type   = field(raw, 4);
      p->offset = is64 ? field(raw + 8, 8)  : field(raw + 4, 4);
      p->vaddr  = is64 ? field(raw + 16, 8) : field(raw + 8, 4);
      p->filesz = is64 ? field(raw + 32, 8) : field(raw + 16, 4);
      p->align  = is64 ? field(raw + 48, 8) : field(raw + 28, 4);
      if (p->type == PT_LOAD || p->type == PT_NOTE || p->type == PT_DYNAMIC)
         n++;
   }
   for (i = 0; i < n; i++) {
      UChar* notes;
      if (ph[i].type == PT_DYNAMIC && *soname == NULL)
         *soname = soname_in_dynamic(fd, is64, ph, n, &ph[i]);
      if (ph[i].type != PT_NOTE || *build_id != NULL || ph[i].filesz == 0
          || ph[i].filesz > MAX_NOTE_BYTES)
         continue;
      notes = VG_(malloc)("hotgrind.notes", ph[i].filesz);
      if (read_at(fd, notes, (UInt)ph[i].filesz, ph[i].offset))
         *build_id = build_id_in_notes(notes, ph[i].filesz, ph[i].align);
      VG_(free)(notes);
   }
   VG_(close)(fd);
}

/*------------------------------------------------------------*/
/*--- The table                                            ---*/
/*------------------------------------------------------------*/

static const HChar* basename_of(const HChar* path)
{
   const HChar* slash = VG_(strrchr)(path, '/');
   return slash ? slash + 1 : path;
}

/* The new object 'name', whose code is at 'a': its soname and build id
   from its file. */
static HT_Object* new_object(DiEpoch ep, Addr a, const HChar* name,
                             const HChar* path, UInt hash)
{
   HT_Object*       o  = VG_(malloc)("hotgrind.object", sizeof(HT_Object));
   const DebugInfo* di = VG_(find_DebugInfo)(ep, a);
   const HChar*     so = di ? VG_(DebugInfo_get_soname)(di) : NULL;
   HChar*           build_id;
   HChar*           file_soname;
   read_identity(path, &build_id, &file_soname);
   o->name     = VG_(strdup)("hotgrind.object", name);
   /* Valgrind 3.19 misses some sonames (Debian 12's stripped libz.so.1
      gets "NONE", its word for none), so the file's DT_SONAME is the
      one used; Valgrind's only when the file could not be read. */
   if (file_soname != NULL)
      o->soname = file_soname;
   else
      o->soname = so && so[0] != '\0' && VG_(strcmp)(so, "NONE") != 0
                  ? VG_(strdup)("hotgrind.object", so) : NULL;
   o->build_id = build_id;
   o->hash     = hash;
   o->listed   = False;
   HT_(table_add)(&objects, o);
   return o;
}

HT_Object* HT_(object_at)(DiEpoch ep, Addr a)
{
   const HChar* path;
   const HChar* name;
   UInt         h;
   HT_Object*   o;
   if (!VG_(get_objname)(ep, a, &path) || path[0] == '\0')
      return &unknown_object;
   name = basename_of(path);
   h = HT_(hash_str)(HT_HASH_START, name);
   for (o = HT_(table_chain)(&objects, h); o; o = o->next)
      if (o->hash == h && VG_(strcmp)(o->name, name) == 0)
         return o;
   /* get_objname's buffer lasts until the next debug-info call. */
   {
      HChar* copy = VG_(strdup)("hotgrind.objpath", path);
      o = new_object(ep, a, basename_of(copy), copy, h);
      VG_(free)(copy);
   }
   return o;
}

static Int cmp_object_names(const void* pa, const void* pb)
{
   const HT_Object* a = *(const HT_Object* const*)pa;
   const HT_Object* b = *(const HT_Object* const*)pb;
   return VG_(strcmp)(a->name, b->name);
}

HT_Object** HT_(objects_sorted)(UInt* n_out)
{
   HT_Object** all = VG_(malloc)("hotgrind.objects_sorted",
                                 (objects.n ? objects.n : 1)
                                 * sizeof(HT_Object*));
   UInt        n = 0, i;
   for (i = 0; i < objects.n_buckets; i++) {
      HT_Object* o;
      for (o = objects.buckets[i]; o; o = o->next) all[n++] = o;
   }
   tl_assert(n == objects.n);
   VG_(ssort)(all, n, sizeof(HT_Object*), cmp_object_names);
   *n_out = n;
   return all;
}
