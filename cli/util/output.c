/* hotgrind: output files that appear complete or not at all.
   GPL-2.0-or-later; part of hotgrind. */

/* `export -o OUT` and `merge -o OUT` write OUT.tmp.XXXXXX (mkstemp, in
   OUT's folder so that the rename stays on one file system) and rename it
   to OUT once everything is written and flushed to the disk, so a CI step
   that finds OUT finds a complete file, and a failed run leaves no half
   file under the final name.  The name is unique so that two commands
   writing the same OUT at once do not write, then rename, each other's
   temporary file: the last rename wins, and both succeed.  As in the tool's own report writer, an existing
   device or FIFO (/dev/stdout, a pipe) is written in place: a rename would
   replace it with a plain file. */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/output.h"
#include "util/xalloc.h"

static void say_errno(char *problem, size_t problem_size, const char *what,
                      const char *path)
{
    snprintf(problem, problem_size, "cannot %s %s: %s", what, path,
             strerror(errno));
}

bool hg_output_open(struct hg_output *output, const char *path,
                    char *problem, size_t problem_size)
{
    struct stat st;
    mode_t mask;
    int fd;

    memset(output, 0, sizeof *output);
    if (path == NULL) {
        output->file = stdout;
        return true;
    }
    output->path = path;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(problem, problem_size, "cannot write %s: Is a directory",
                 path);
        return false;
    }
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        output->file = fopen(path, "w");
        if (output->file == NULL) {
            say_errno(problem, problem_size, "write", path);
            return false;
        }
        return true;
    }
    output->tmp_path = hg_xasprintf("%s.tmp.XXXXXX", path);
    fd = mkstemp(output->tmp_path);
    if (fd < 0) {
        /* mkstemp may have changed the Xs: name the pattern. */
        int saved = errno;
        snprintf(problem, problem_size, "cannot create %s.tmp.XXXXXX: %s",
                 path, strerror(saved));
        free(output->tmp_path);
        output->tmp_path = NULL;
        return false;
    }
    /* mkstemp makes the file 0600; OUT gets what fopen would give it. */
    mask = umask(0);
    umask(mask);
    if (fchmod(fd, 0666 & ~mask) != 0
        || (output->file = fdopen(fd, "w")) == NULL) {
        say_errno(problem, problem_size, "create", output->tmp_path);
        close(fd);
        remove(output->tmp_path);
        free(output->tmp_path);
        output->tmp_path = NULL;
        return false;
    }
    return true;
}

bool hg_output_commit(struct hg_output *output, char *problem,
                      size_t problem_size)
{
    const char *written = output->tmp_path ? output->tmp_path : output->path;
    bool ok = true;

    if (output->file == stdout) {
        memset(output, 0, sizeof *output);
        return true;       /* main() checks stdout once, at the end */
    }
    if (fflush(output->file) != 0 || ferror(output->file)) {
        say_errno(problem, problem_size, "write", written);
        ok = false;
    } else if (output->tmp_path != NULL && fsync(fileno(output->file)) != 0) {
        say_errno(problem, problem_size, "write", written);
        ok = false;
    }
    if (fclose(output->file) != 0 && ok) {
        say_errno(problem, problem_size, "write", written);
        ok = false;
    }
    output->file = NULL;
    if (ok && output->tmp_path != NULL
        && rename(output->tmp_path, output->path) != 0) {
        int saved = errno;
        snprintf(problem, problem_size, "cannot rename %s to %s: %s",
                 output->tmp_path, output->path, strerror(saved));
        ok = false;
    }
    if (!ok && output->tmp_path != NULL)
        remove(output->tmp_path);
    free(output->tmp_path);
    memset(output, 0, sizeof *output);
    return ok;
}

void hg_output_abandon(struct hg_output *output)
{
    if (output->file != NULL && output->file != stdout)
        fclose(output->file);
    if (output->tmp_path != NULL)
        remove(output->tmp_path);
    free(output->tmp_path);
    memset(output, 0, sizeof *output);
}
