/* hotgrind: finding a program in PATH as a shell does.
   GPL-2.0-or-later; part of hotgrind. */

#define _GNU_SOURCE
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/find-executable.h"
#include "util/xalloc.h"

bool hg_is_executable_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode)
           && access(path, X_OK) == 0;
}

char *hg_find_executable(const char *name)
{
    const char *path = getenv("PATH"), *start;
    if (strchr(name, '/') != NULL)
        return hg_xstrdup(name);
    if (path == NULL)
        path = "/usr/bin:/bin";
    for (start = path;; start++) {
        const char *end = strchrnul(start, ':');
        char *candidate = end == start
            ? hg_xasprintf("./%s", name)
            : hg_xasprintf("%.*s/%s", (int)(end - start), start, name);
        if (hg_is_executable_file(candidate))
            return candidate;
        free(candidate);
        if (*end == '\0')
            return NULL;
        start = end;
    }
}
