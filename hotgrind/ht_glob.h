/* hotgrind: the glob matcher of --mark patterns, shared by the tool
   (ht_mark.c) and the command's policies and queries (cli/policy/policy.c)
   so that a pattern matches the same names in both.  It uses no library
   at all, not even a header, since the tool has no libc and the command
   has no VG_ functions.  GPL-2.0-or-later; part of hotgrind. */

#ifndef HT_GLOB_H
#define HT_GLOB_H

/* 1 if PAT ('*' any run of bytes, '?' exactly one, nothing escaped)
   matches the whole of TEXT, else 0.  The classic backtracking walk: a
   mismatch only moves the last '*' seen one byte on (what an earlier '*'
   could match, the last one can too), so the cost is at most
   strlen(PAT) x strlen(TEXT) steps, never exponential in the '*'s. */
static inline int ht_glob_walk(const char *pat, const char *text)
{
   const char *star = 0;
   const char *star_text = 0;
   while (*text != '\0') {
      if (*pat == '*') {
         star = pat++;
         star_text = text;
      } else if (*pat == '?' || *pat == *text) {
         /* *pat is not NUL here: *text is not, so NUL == *text fails. */
         pat++;
         text++;
      } else if (star != 0) {
         pat = star + 1;
         text = ++star_text;
      } else {
         return 0;
      }
   }
   while (*pat == '*')
      pat++;
   return *pat == '\0';
}

#endif
