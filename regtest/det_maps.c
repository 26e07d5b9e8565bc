/* hotgrind regression tests: a program that reads its address map.
   GPL-2.0-or-later

   Under Valgrind the map holds Valgrind's own mappings, and with the
   gdbserver on (Valgrind's default) one of them is a file named with the
   process ID.  This program reads the map three ways:

   1. glibc's pthread_getattr_np on the main thread, which reads
      /proc/self/maps up to the stack's line (Rust's runtime does this at
      start-up);
   2. /proc/self/maps, then /proc/thread-self/maps, with fopen and getline;
   3. /proc/self/smaps the same way.

   For 2 and 3 it prints "FILE: N, L" where N is how many mappings name
   the gdbserver file ("-shared-mem-vgdb-") and L the bytes of their
   lines (with smaps, of the mapping's "Key: value" lines too), so a test
   can set them beside the tool's <input bytes>. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GDBSERVER_FILE "-shared-mem-vgdb-"

/* Whether 'line' starts a mapping (an address in lowercase hexadecimal)
   rather than being one of smaps' "Key: value" lines. */
static int starts_mapping(const char *line)
{
    return (line[0] >= '0' && line[0] <= '9')
           || (line[0] >= 'a' && line[0] <= 'f');
}

static void scan(const char *path)
{
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    unsigned long mappings = 0, bytes = 0;
    int in_gdbserver = 0;

    if (f == NULL) {
        perror(path);
        exit(1);
    }
    while ((len = getline(&line, &cap, f)) > 0) {
        if (starts_mapping(line)) {
            in_gdbserver = strstr(line, GDBSERVER_FILE) != NULL;
            mappings += in_gdbserver;
        }
        if (in_gdbserver)
            bytes += (unsigned long)len;
    }
    free(line);
    fclose(f);
    printf("%s: %lu, %lu\n", path, mappings, bytes);
}

int main(void)
{
    pthread_attr_t attr;
    void *stack;
    size_t size;

    if (pthread_getattr_np(pthread_self(), &attr) != 0
        || pthread_attr_getstack(&attr, &stack, &size) != 0) {
        fputs("pthread_getattr_np failed\n", stderr);
        return 1;
    }
    pthread_attr_destroy(&attr);
    scan("/proc/self/maps");
    scan("/proc/thread-self/maps");
    scan("/proc/self/smaps");
    return 0;
}
