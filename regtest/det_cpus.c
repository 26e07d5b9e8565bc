/* hotgrind regression test (det_cpus.sh): a program that asks how many
   CPUs it has every way glibc and the runtimes ask, and sizes a pool of
   threads by it, for --cpus=N.  GPL-2.0-or-later

   Prints, one line each:
     onln N           sysconf(_SC_NPROCESSORS_ONLN)
     conf N           sysconf(_SC_NPROCESSORS_CONF)
     get_nprocs N     get_nprocs()
     nprocs_conf N    get_nprocs_conf()
     affinity N       CPU_COUNT of sched_getaffinity(0)
     online TEXT      /sys/devices/system/cpu/online, as read ("0-1")
     possible TEXT    .../possible
     present TEXT     .../present
     cpuinfo N        /proc/cpuinfo's "processor" lines
     stat N           /proc/stat's cpuN lines (not the "cpu " total)
     cpu.max TEXT     /sys/fs/cgroup/cpu.max (cgroup v2), or "absent"
     cfs_quota TEXT   /sys/fs/cgroup/cpu/cpu.cfs_quota_us (v1), or "absent"
     cpuset TEXT      /sys/fs/cgroup/cpuset/cpuset.cpus (v1), or "absent"
     workers N sum S  one thread per CPU (sysconf ONLN, as most pools are
                      sized), each summing i * (its number + 1) over
                      100000 values of i; joined in order.              */

#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysinfo.h>
#include <unistd.h>

static void file_line(const char *name, const char *path)
{
   char buf[256];
   FILE *f = fopen(path, "r");
   if (f == NULL) {
      printf("%s absent\n", name);
      return;
   }
   if (fgets(buf, sizeof buf, f) == NULL)
      buf[0] = 0;
   fclose(f);
   buf[strcspn(buf, "\n")] = 0;
   printf("%s %s\n", name, buf);
}

/* Lines of PATH that start with PREFIX followed by a digit when DIGIT. */
static int count_lines(const char *path, const char *prefix, int digit)
{
   char buf[4096];
   int n = 0;
   size_t len = strlen(prefix);
   FILE *f = fopen(path, "r");
   if (f == NULL)
      return -1;
   while (fgets(buf, sizeof buf, f) != NULL)
      if (strncmp(buf, prefix, len) == 0 &&
          (!digit || (buf[len] >= '0' && buf[len] <= '9')))
         n++;
   fclose(f);
   return n;
}

static void *worker(void *arg)
{
   unsigned long k = (unsigned long)arg + 1, s = 0;
   for (unsigned long i = 0; i < 100000; i++)
      s += i * k;
   return (void *)s;
}

int main(void)
{
   cpu_set_t set;
   long onln = sysconf(_SC_NPROCESSORS_ONLN);
   printf("onln %ld\n", onln);
   printf("conf %ld\n", sysconf(_SC_NPROCESSORS_CONF));
   printf("get_nprocs %d\n", get_nprocs());
   printf("nprocs_conf %d\n", get_nprocs_conf());
   CPU_ZERO(&set);
   if (sched_getaffinity(0, sizeof set, &set) != 0) {
      perror("sched_getaffinity");
      return 1;
   }
   printf("affinity %d\n", CPU_COUNT(&set));
   file_line("online", "/sys/devices/system/cpu/online");
   file_line("possible", "/sys/devices/system/cpu/possible");
   file_line("present", "/sys/devices/system/cpu/present");
   printf("cpuinfo %d\n", count_lines("/proc/cpuinfo", "processor", 0));
   printf("stat %d\n", count_lines("/proc/stat", "cpu", 1));
   file_line("cpu.max", "/sys/fs/cgroup/cpu.max");
   file_line("cfs_quota", "/sys/fs/cgroup/cpu/cpu.cfs_quota_us");
   file_line("cpuset", "/sys/fs/cgroup/cpuset/cpuset.cpus");
   fflush(stdout);

   if (onln < 1 || onln > 1024) {
      fprintf(stderr, "onln %ld\n", onln);
      return 1;
   }
   pthread_t *t = calloc((size_t)onln, sizeof *t);
   unsigned long sum = 0;
   for (long i = 0; i < onln; i++)
      if (pthread_create(&t[i], NULL, worker, (void *)i) != 0) {
         perror("pthread_create");
         return 1;
      }
   for (long i = 0; i < onln; i++) {
      void *r;
      pthread_join(t[i], &r);
      sum += (unsigned long)r;
   }
   free(t);
   printf("workers %ld sum %lu\n", onln, sum);
   return 0;
}
