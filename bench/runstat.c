/* hotgrind bench: run a command and report its wall-clock time, CPU time
   and peak resident memory (bench/run.sh).  GPL-2.0-or-later

   Usage: runstat OUT PROG [ARGS...]

   Runs PROG with ARGS (PATH is searched), waits for it and appends one
   line to the file OUT:

       WALL USER SYS MAXRSS STATUS

   in seconds (wall from CLOCK_MONOTONIC, user and system from the
   rusage of the child), kilobytes (the child's peak resident set,
   ru_maxrss: the largest of every program it exec'd, so a shell
   launcher that execs Valgrind that execs the tool gives the tool's
   peak) and the child's exit status (128 + N for a signal).  Exits with
   the child's status.  /usr/bin/time -f '%e %M' gives the same figures
   with 10 ms resolution. */

#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double seconds(struct timeval tv)
{
   return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

int main(int argc, char** argv)
{
   struct timespec t0, t1;
   struct rusage   ru;
   pid_t           pid;
   int             status, code;
   FILE*           out;

   if (argc < 3) {
      fprintf(stderr, "usage: runstat OUT PROG [ARGS...]\n");
      return 2;
   }
   clock_gettime(CLOCK_MONOTONIC, &t0);
   pid = fork();
   if (pid < 0) {
      perror("runstat: fork");
      return 2;
   }
   if (pid == 0) {
      execvp(argv[2], argv + 2);
      fprintf(stderr, "runstat: %s: %s\n", argv[2], strerror(errno));
      _exit(127);
   }
   while (wait4(pid, &status, 0, &ru) < 0) {
      if (errno != EINTR) {
         perror("runstat: wait4");
         return 2;
      }
   }
   clock_gettime(CLOCK_MONOTONIC, &t1);
   code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
   out = fopen(argv[1], "a");
   if (!out) {
      perror(argv[1]);
      return 2;
   }
   fprintf(out, "%.4f %.4f %.4f %ld %d\n",
           (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9,
           seconds(ru.ru_utime), seconds(ru.ru_stime), ru.ru_maxrss, code);
   fclose(out);
   return code;
}
