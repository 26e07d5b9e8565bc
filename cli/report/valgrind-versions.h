/* hotgrind: what differs between the Valgrind releases hotgrind supports,
   as far as its figures are concerned.  GPL-2.0-or-later; part of
   hotgrind. */

#ifndef HOTGRIND_VALGRIND_VERSIONS_H
#define HOTGRIND_VALGRIND_VERSIONS_H

/* Why two reports of ARCH ("amd64") measured under Valgrind BASE and HEAD
   (their <valgrind version>, "3.19.0") may differ for that reason alone:
   which figures moved between those releases on hotgrind's cross-version
   tests and what in Valgrind changed, or that none did.  NULL when both
   are the same release (major.minor).  The caller frees the text. */
char *hg_valgrind_versions_note(const char *base, const char *head,
                                const char *arch);

#endif
