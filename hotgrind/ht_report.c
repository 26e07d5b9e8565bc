/*--------------------------------------------------------------------*/
/*--- hotgrind: the XML report writer.                ht_report.c ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* The report is the contract with the host command and with CI, so it is
   byte-for-byte reproducible: no pid, time or absolute path unless the
   user asks for the separate <host> element, and a fixed order.  It is
   written to "<name>.<pid>.tmp" and renamed, so a report that exists is
   complete.  The schema is docs/hotgrind.xsd; the format is explained in
   docs/report-format.md. */

#include "pub_tool_basics.h"
#include "pub_tool_clientstate.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "pub_tool_vki.h"
#include "pub_tool_xarray.h"

#include "ht_include.h"

/*------------------------------------------------------------*/
/*--- Buffered output with error tracking                  ---*/
/*------------------------------------------------------------*/

typedef struct {
   Int   fd;
   Bool  failed;
   UInt  used;
   HChar buf[65536];
} Out;

static void out_flush(Out* o)
{
   UInt done = 0;
   while (!o->failed && done < o->used) {
      Int n = VG_(write)(o->fd, o->buf + done, o->used - done);
      if (n <= 0) o->failed = True;
      else done += (UInt)n;
   }
   o->used = 0;
}

static void out_char(Out* o, HChar c)
{
   if (o->used == sizeof o->buf) out_flush(o);
   o->buf[o->used++] = c;
}

static void out_str(Out* o, const HChar* s)
{
   for (; *s; s++) out_char(o, *s);
}

static void out_u64(Out* o, ULong v)
{
   HChar tmp[24];
   VG_(sprintf)(tmp, "%llu", v);
   out_str(o, tmp);
}

/* Length of the UTF-8 sequence starting at s if it encodes a character
   XML 1.0 allows, else 0: no overlong forms, no surrogates (U+D800..DFFF),
   nothing above U+10FFFF, and not U+FFFE or U+FFFF. */
static Int utf8_len(const UChar* s)
{
   UInt cp, min;
   Int  n, i;
   if (s[0] < 0x80) return 1;
   if ((s[0] & 0xE0) == 0xC0)      { n = 2; cp = s[0] & 0x1F; min = 0x80; }
   else if ((s[0] & 0xF0) == 0xE0) { n = 3; cp = s[0] & 0x0F; min = 0x800; }
   else if ((s[0] & 0xF8) == 0xF0) { n = 4; cp = s[0] & 0x07; min = 0x10000; }
   else return 0;
   for (i = 1; i < n; i++) {
      if ((s[i] & 0xC0) != 0x80) return 0;
      cp = (cp << 6) | (s[i] & 0x3F);
   }
   if (cp < min || cp > 0x10FFFF) return 0;
   if (cp >= 0xD800 && cp <= 0xDFFF) return 0;
   if (cp == 0xFFFE || cp == 0xFFFF) return 0;
   return n;
}

/* Escaped text for attributes and content.  Symbol names can hold any
   byte: '<' '&' '"' are escaped, bytes XML 1.0 cannot carry (control
   characters, broken UTF-8) become '?', so the report always parses. */
static void out_esc(Out* o, const HChar* s)
{
   const UChar* p = (const UChar*)s;
   while (*p) {
      Int n;
      switch (*p) {
         case '<':  out_str(o, "&lt;");   p++; continue;
         case '>':  out_str(o, "&gt;");   p++; continue;
         case '&':  out_str(o, "&amp;");  p++; continue;
         case '"':  out_str(o, "&quot;"); p++; continue;
         case '\'': out_str(o, "&apos;"); p++; continue;
         default: break;
      }
      if (*p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r') {
         out_char(o, '?'); p++; continue;
      }
      n = utf8_len(p);
      if (n == 0) { out_char(o, '?'); p++; continue; }
      while (n-- > 0) out_char(o, (HChar)*p++);
   }
}

static void out_attr(Out* o, const HChar* name, const HChar* value)
{
   out_char(o, ' ');
   out_str(o, name);
   out_str(o, "=\"");
   out_esc(o, value);
   out_char(o, '"');
}

static void out_attr_u64(Out* o, const HChar* name, ULong value)
{
   out_char(o, ' ');
   out_str(o, name);
   out_str(o, "=\"");
   out_u64(o, value);
   out_char(o, '"');
}

/*------------------------------------------------------------*/
/*--- Report sections                                      ---*/
/*------------------------------------------------------------*/

static void write_run(Out* o)
{
   Word i;
   out_str(o, "  <run>\n");
   out_str(o, "    <tool");
   out_attr(o, "name", "hotgrind");
   out_attr(o, "version", HT_VERSION);
   out_str(o, "/>\n    <valgrind");
   out_attr(o, "version", HT_VG_VERSION);
   out_str(o, "/>\n    <arch>" HT_ARCH "</arch>\n");
   out_str(o, "    <command>\n      <exe>");
   out_esc(o, VG_(args_the_exename) ? VG_(args_the_exename) : "");
   out_str(o, "</exe>\n");
   for (i = 0; i < VG_(sizeXA)(VG_(args_for_client)); i++) {
      out_str(o, "      <arg>");
      out_esc(o, *(HChar**)VG_(indexXA)(VG_(args_for_client), i));
      out_str(o, "</arg>\n");
   }
   out_str(o, "    </command>\n");
   out_str(o, "  </run>\n");
}

/* Opt-in, and kept apart so a diff or a hash of the report can drop it. */
static void write_host(Out* o)
{
   HChar tmp[24];
   out_str(o, "  <host");
   VG_(sprintf)(tmp, "%d", VG_(getpid)());
   out_attr(o, "pid", tmp);
   VG_(sprintf)(tmp, "%d", VG_(getppid)());
   out_attr(o, "ppid", tmp);
   out_attr(o, "cwd", VG_(get_startup_wd)());
   out_str(o, "/>\n");
}

static void write_functions(Out* o, HT_Fn** fns, UInt n)
{
   UInt i;
   out_str(o, "  <functions>\n");
   for (i = 0; i < n; i++) {
      HT_Fn* f = fns[i];
      out_str(o, "    <function");
      out_attr(o, "name", f->name);
      out_attr(o, "object", f->object);
      out_attr(o, "file", f->file);
      out_attr_u64(o, "line", f->line);
      out_str(o, ">\n      <self");
      out_attr_u64(o, "Ir", f->ir);
      out_str(o, "/>\n    </function>\n");
   }
   out_str(o, "  </functions>\n");
}

/*------------------------------------------------------------*/
/*--- Files                                                ---*/
/*------------------------------------------------------------*/

/* The tool API has no strerror; these are the failures a report path
   meets in practice. */
static const HChar* errno_text(Int err)
{
   switch (err) {
      case VKI_ENOENT:  return "No such file or directory";
      case VKI_EACCES:  return "Permission denied";
      case VKI_EISDIR:  return "Is a directory";
      case VKI_ENOTDIR: return "Not a directory";
      case VKI_EROFS:   return "Read-only file system";
      case VKI_ENOSPC:  return "No space left on device";
      default:          return "cannot open";
   }
}

static HChar* temp_name_for(const HChar* final_name)
{
   HChar* tmp = VG_(malloc)("hotgrind.tmpname",
                            VG_(strlen)(final_name) + 32);
   VG_(sprintf)(tmp, "%s.%d.tmp", final_name, VG_(getpid)());
   return tmp;
}

static Int create_file(const HChar* name)
{
   SysRes r = VG_(open)(name, VKI_O_CREAT | VKI_O_WRONLY | VKI_O_TRUNC,
                        VKI_S_IRUSR | VKI_S_IWUSR | VKI_S_IRGRP
                        | VKI_S_IROTH);
   return sr_isError(r) ? -(Int)sr_Err(r) : (Int)sr_Res(r);
}

void HT_(report_check_path)(const HChar* out_file_option)
{
   HChar* name = VG_(expand_file_name)("--hotgrind-out-file",
                                       out_file_option);
   HChar* tmp  = temp_name_for(name);
   Int    fd   = create_file(tmp);
   if (fd < 0) {
      VG_(fmsg)("cannot create the hotgrind report file '%s': %s\n",
                name, errno_text(-fd));
      VG_(fmsg)("choose a writable path with "
                "--hotgrind-out-file=FILE\n");
      VG_(exit)(1);
   }
   VG_(close)(fd);
   VG_(unlink)(tmp);
   VG_(free)(tmp);
   VG_(free)(name);
}

Bool HT_(report_write)(const HChar* out_file_option, Bool host_info)
{
   HChar*  name = VG_(expand_file_name)("--hotgrind-out-file",
                                        out_file_option);
   HChar*  tmp  = temp_name_for(name);
   Out*    o;
   HT_Fn** fns;
   UInt    n;
   ULong   total;
   Bool    ok;
   Int     fd = create_file(tmp);

   if (fd < 0) {
      VG_(umsg)("hotgrind: error: cannot create '%s': %s; no report "
                "written\n", tmp, errno_text(-fd));
      VG_(free)(tmp); VG_(free)(name);
      return False;
   }
   o = VG_(malloc)("hotgrind.out", sizeof(Out));
   o->fd = fd; o->failed = False; o->used = 0;

   fns = HT_(fn_sorted)(&n, &total);
   out_str(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
   out_str(o, "<hotgrind");
   out_attr_u64(o, "format", HT_REPORT_FORMAT);
   out_str(o, ">\n");
   write_run(o);
   if (host_info) write_host(o);
   out_str(o, "  <totals");
   out_attr_u64(o, "Ir", total);
   out_str(o, "/>\n");
   write_functions(o, fns, n);
   out_str(o, "</hotgrind>\n");
   out_flush(o);
   VG_(free)(fns);
   VG_(close)(fd);

   ok = !o->failed;
   if (!ok)
      VG_(umsg)("hotgrind: error: writing '%s' failed (disk full?); "
                "no report written\n", tmp);
   else if (VG_(rename)(tmp, name) != 0) {
      VG_(umsg)("hotgrind: error: cannot rename '%s' to '%s'; no report "
                "written\n", tmp, name);
      ok = False;
   }
   if (!ok) VG_(unlink)(tmp);
   VG_(free)(o);
   VG_(free)(tmp);
   VG_(free)(name);
   return ok;
}
