/* hotgrind: finding a program as a shell does (find-executable.c).
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_FIND_EXECUTABLE_H
#define HOTGRIND_FIND_EXECUTABLE_H

#include <stdbool.h>

/* Whether PATH is a regular file this process may execute. */
bool hg_is_executable_file(const char *path);


/* NAME itself when it has a '/', else the first executable NAME in this
   process's PATH (as a shell finds it), malloc'd; NULL when there is
   none.  How `run` finds its program, and `suite` checks a command
   before running any.  (find-executable.c) */
char *hg_find_executable(const char *name);

#endif
