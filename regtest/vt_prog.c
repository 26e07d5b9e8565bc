/* hotgrind regression test: a program that reads every clock, branches on
   what it reads, sleeps and waits with timeouts, for Valgrind's
   --det-sched=yes with virtual time (patches/0003-det-sched/), run by
   virtual_time.sh.
   GPL-2.0-or-later

   Usage: vt_prog MODE

   clocks   prints every clock as it reads them (clock_gettime for each
            clock id, gettimeofday, time, the time stamp counter:
            rdtsc/rdtscp on x86-64, CNTVCT_EL0 on arm64), whether the
            process has a vDSO (AT_SYSINFO_EHDR), then checks what the
            virtual clock promises (docs/threads.md, section 5) and prints
            "ok" or what failed.  Under virtual time two runs print the
            same; natively the figures differ from run to run.
   threads  a thread spins on the clocks until 1 ms has passed on
            CLOCK_MONOTONIC (how many reads it took depends on how fast
            the clock runs), beside main, which sleeps (nanosleep, then
            clock_nanosleep to an absolute time), waits on a condition
            variable nobody signals (pthread_cond_timedwait times out),
            on a semaphore nobody posts (sem_timedwait), and polls and
            selects with a timeout on a pipe nobody writes; it prints how
            long each wait took on CLOCK_MONOTONIC.
   sleep30  sleeps 30 seconds in three threads (10 s, 20 s, 30 s) and
            prints how long that took on CLOCK_MONOTONIC.
   signals  a thread sleeping 100 s is cancelled by main 1 ms in, and a
            thread in nanosleep(50 s) gets a signal from main 1 ms in:
            the cancellation ends the sleep, nanosleep returns -1 with
            49 s left.
   realtime prints CLOCK_REALTIME's seconds (virtual_time.sh compares it
            with date +%s under --virtual-time=no).
   pollwake main polls, selects and epoll-waits with a 10 s timeout on a
            pipe that a thread writes to after a 5 ms sleep: each wait
            returns with the pipe ready, after 5 ms and less than 1 s,
            not at its timeout.
   timerfd  timerfds on the virtual clock: a one-shot timer of 45 ms
            polled with a 1 s timeout, alone and while a thread spins on
            the clock for 60 ms, a blocking read of a 20 ms timer,
            an epoll_wait without timeout on a timer set to an absolute
            time 30 ms ahead, a 10 ms periodic timer read after a 35 ms
            sleep (3 expirations, 5 ms left by timerfd_gettime), a
            non-blocking read before expiry (EAGAIN), a re-armed timer
            that forgets its unread expiration, a disarmed one, and a
            timer closed before it expires whose descriptor number a
            pipe then takes (the pipe stays empty).  Each line gives
            what the call returned and how long it took on
            CLOCK_MONOTONIC, to the microsecond.                        */

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>
#if defined(__x86_64__)
#  include <x86intrin.h>
#endif

#define NS_PER_S 1000000000ULL

static uint64_t clock_ns(clockid_t id)
{
   struct timespec ts;
   if (clock_gettime(id, &ts) != 0) {
      perror("clock_gettime");
      exit(1);
   }
   return (uint64_t)ts.tv_sec * NS_PER_S + (uint64_t)ts.tv_nsec;
}

/* The time stamp counter; its auxiliary word (x86-64's TSC_AUX) in *aux. */
static uint64_t tsc(unsigned* aux)
{
#if defined(__x86_64__)
   return __rdtscp(aux);
#elif defined(__aarch64__)
   uint64_t v;
   *aux = 0;
   __asm__ volatile("isb; mrs %0, cntvct_el0" : "=r"(v));
   return v;
#else
   *aux = 0;
   return 0;
#endif
}

static uint64_t tsc_frequency(void)
{
#if defined(__aarch64__)
   uint64_t f;
   __asm__ volatile("mrs %0, cntfrq_el0" : "=r"(f));
   return f;
#else
   return 0;   /* x86-64 does not say */
#endif
}

static int failures = 0;

static void check(int ok, const char* what)
{
   if (!ok) {
      printf("FAILED: %s\n", what);
      failures++;
   }
}

static const struct { clockid_t id; const char* name; } clocks[] = {
   { CLOCK_REALTIME, "REALTIME" }, { CLOCK_MONOTONIC, "MONOTONIC" },
   { CLOCK_PROCESS_CPUTIME_ID, "PROCESS_CPUTIME_ID" },
   { CLOCK_THREAD_CPUTIME_ID, "THREAD_CPUTIME_ID" },
   { CLOCK_MONOTONIC_RAW, "MONOTONIC_RAW" },
   { CLOCK_REALTIME_COARSE, "REALTIME_COARSE" },
   { CLOCK_MONOTONIC_COARSE, "MONOTONIC_COARSE" },
   { CLOCK_BOOTTIME, "BOOTTIME" }, { CLOCK_TAI, "TAI" },
};
#define N_CLOCKS (sizeof clocks / sizeof clocks[0])

static void read_clocks(void)
{
   uint64_t ns[N_CLOCKS], t0, t1, mono_before, mono_after;
   struct timespec res;
   struct timeval tv;
   unsigned aux = 12345;
   unsigned i;
   time_t now;

   mono_before = clock_ns(CLOCK_MONOTONIC);
   t0 = tsc(&aux);
   for (i = 0; i < N_CLOCKS; i++)
      ns[i] = clock_ns(clocks[i].id);
   gettimeofday(&tv, NULL);
   now = time(NULL);
   t1 = tsc(&aux);
   mono_after = clock_ns(CLOCK_MONOTONIC);
   for (i = 0; i < N_CLOCKS; i++) {
      clock_getres(clocks[i].id, &res);
      printf("%-18s %llu.%09llu (resolution %ld ns)\n", clocks[i].name,
             (unsigned long long)(ns[i] / NS_PER_S),
             (unsigned long long)(ns[i] % NS_PER_S),
             res.tv_sec * 1000000000L + res.tv_nsec);
   }
   printf("gettimeofday       %lld.%06ld\n", (long long)tv.tv_sec, (long)tv.tv_usec);
   printf("time               %lld\n", (long long)now);
   printf("time stamp counter %llu then %llu, aux %u, frequency %llu\n",
          (unsigned long long)t0, (unsigned long long)t1, aux,
          (unsigned long long)tsc_frequency());
   printf("vDSO               %s\n", getauxval(AT_SYSINFO_EHDR) ? "yes" : "no");

   /* What virtual time promises (docs/threads.md, section 5). */
   check(getauxval(AT_SYSINFO_EHDR) == 0, "no vDSO under Valgrind");
   check(ns[0] / NS_PER_S - ns[1] / NS_PER_S == 946684800 - 1000,
         "REALTIME starts at 2000-01-01, MONOTONIC at 1000 s");
   check(ns[0] / NS_PER_S == (uint64_t)tv.tv_sec && (uint64_t)tv.tv_sec == (uint64_t)now,
         "REALTIME, gettimeofday and time agree");
   check(ns[0] < ns[5] + NS_PER_S && ns[1] <= ns[4] && ns[4] <= ns[6]
         && ns[6] <= ns[7], "the clocks read in order");
   check(ns[2] > 0 && ns[3] > 0
         && ns[3] <= clock_ns(CLOCK_PROCESS_CPUTIME_ID),
         "CPU clocks: thread <= process");
   check(t1 > t0 && t1 - t0 <= mono_after - mono_before,
         "the time stamp counter ticks once a ns, within MONOTONIC's reads");
#if defined(__x86_64__)
   check(aux == 0, "rdtscp's TSC_AUX is 0");
#elif defined(__aarch64__)
   check(tsc_frequency() == NS_PER_S, "CNTFRQ_EL0 is 1 GHz");
#endif
   check(clock_getres(CLOCK_MONOTONIC, &res) == 0 && res.tv_sec == 0
         && res.tv_nsec == 1, "resolution 1 ns");
   check(clock_gettime((clockid_t)10, &res) == -1 && errno == EINVAL,
         "an invalid clock id gives EINVAL");
   printf("%s\n", failures ? "some checks failed" : "ok");
}

/* ----------------------------------------------------------- threads */

static volatile int spinner_reads;
static volatile uint64_t spinner_last_tsc;

static void* spinner(void* arg)
{
   uint64_t start = clock_ns(CLOCK_MONOTONIC), now;
   unsigned aux;
   (void)arg;
   /* Branch on the clock: loop until 1 ms has passed. */
   do {
      now = clock_ns(CLOCK_MONOTONIC);
      spinner_last_tsc = tsc(&aux);
      spinner_reads++;
   } while (now - start < 1000000);
   return NULL;
}

static void took(const char* what, uint64_t before, int rc)
{
   uint64_t after = clock_ns(CLOCK_MONOTONIC);
   printf("%-30s returned %-10s after %llu.%09llu s\n", what,
          rc == 0 ? "0" : strerror(rc),
          (unsigned long long)((after - before) / NS_PER_S),
          (unsigned long long)((after - before) % NS_PER_S));
}

static void threads(void)
{
   static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
   static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
   pthread_t th;
   struct timespec ts;
   struct timeval tv;
   struct pollfd pfd;
   sem_t sem;
   fd_set set;
   uint64_t t;
   int fds[2], rc;

   if (pipe(fds) != 0 || sem_init(&sem, 0, 0) != 0)
      exit(1);
   pthread_create(&th, NULL, spinner, NULL);

   t = clock_ns(CLOCK_MONOTONIC);
   ts.tv_sec = 0; ts.tv_nsec = 2000000;   /* 2 ms */
   rc = nanosleep(&ts, NULL) ? errno : 0;
   took("nanosleep 2 ms", t, rc);

   t = clock_ns(CLOCK_MONOTONIC);
   clock_gettime(CLOCK_MONOTONIC, &ts);
   ts.tv_sec += 1;                         /* 1 s from now, absolute */
   rc = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
   took("clock_nanosleep absolute +1 s", t, rc);

   t = clock_ns(CLOCK_MONOTONIC);
   clock_gettime(CLOCK_REALTIME, &ts);
   ts.tv_nsec += 5000000;                  /* 5 ms */
   if (ts.tv_nsec >= 1000000000) { ts.tv_sec++; ts.tv_nsec -= 1000000000; }
   pthread_mutex_lock(&lock);
   rc = pthread_cond_timedwait(&cond, &lock, &ts);
   pthread_mutex_unlock(&lock);
   took("pthread_cond_timedwait 5 ms", t, rc);

   t = clock_ns(CLOCK_MONOTONIC);
   clock_gettime(CLOCK_REALTIME, &ts);
   ts.tv_sec += 2;
   rc = sem_timedwait(&sem, &ts) ? errno : 0;
   took("sem_timedwait 2 s", t, rc);

   t = clock_ns(CLOCK_MONOTONIC);
   pfd.fd = fds[0]; pfd.events = POLLIN; pfd.revents = 0;
   rc = poll(&pfd, 1, 30);
   printf("poll 30 ms on an empty pipe: %d ready\n", rc);
   took("poll 30 ms", t, rc < 0 ? errno : 0);

   t = clock_ns(CLOCK_MONOTONIC);
   FD_ZERO(&set); FD_SET(fds[0], &set);
   tv.tv_sec = 0; tv.tv_usec = 40000;
   rc = select(fds[0] + 1, &set, NULL, NULL, &tv);
   printf("select 40 ms on an empty pipe: %d ready\n", rc);
   took("select 40 ms", t, rc < 0 ? errno : 0);

   pthread_join(th, NULL);
   printf("spinner: %d clock reads for 1 ms, last time stamp %llu\n",
          spinner_reads, (unsigned long long)spinner_last_tsc);
}

/* ----------------------------------------------------------- signals */

static volatile int in_sleep;

static void* long_sleeper(void* arg)
{
   (void)arg;
   sleep(100);
   return NULL;   /* not reached: cancelled in the sleep */
}

static void on_usr1(int sig)
{
   (void)sig;
}

static void* interrupted_sleeper(void* arg)
{
   struct timespec req = { 50, 0 }, rem = { 0, 0 };
   int rc;
   (void)arg;
   in_sleep = 1;
   rc = nanosleep(&req, &rem);
   printf("nanosleep returned %d (%s), %ld s left\n", rc,
          rc ? strerror(errno) : "no error", (long)rem.tv_sec);
   return NULL;
}

static void signals(void)
{
   pthread_t th;
   void* result;
   struct sigaction sa;

   pthread_create(&th, NULL, long_sleeper, NULL);
   usleep(1000);
   pthread_cancel(th);
   pthread_join(th, &result);
   printf("sleeping thread %s\n",
          result == PTHREAD_CANCELED ? "cancelled" : "not cancelled");

   memset(&sa, 0, sizeof sa);
   sa.sa_handler = on_usr1;   /* no SA_RESTART: nanosleep never restarts */
   sigaction(SIGUSR1, &sa, NULL);
   pthread_create(&th, NULL, interrupted_sleeper, NULL);
   while (!in_sleep)
      usleep(1000);
   usleep(1000);
   pthread_kill(th, SIGUSR1);
   pthread_join(th, NULL);
}

/* ----------------------------------------------------------- sleep30 */

static void* sleeper(void* arg)
{
   sleep((unsigned)(uintptr_t)arg);
   return NULL;
}

static void sleep30(void)
{
   pthread_t th[2];
   uint64_t t = clock_ns(CLOCK_MONOTONIC);
   pthread_create(&th[0], NULL, sleeper, (void*)(uintptr_t)10);
   pthread_create(&th[1], NULL, sleeper, (void*)(uintptr_t)20);
   sleep(30);
   pthread_join(th[0], NULL);
   pthread_join(th[1], NULL);
   t = clock_ns(CLOCK_MONOTONIC) - t;
   printf("slept %llu s\n", (unsigned long long)(t / NS_PER_S));
}

/* ---------------------------------------------------------- pollwake */

static int wake_pipe[2];

static void* late_writer(void* arg)
{
   struct timespec five_ms = { 0, 5000000 };
   (void)arg;
   nanosleep(&five_ms, NULL);
   if (write(wake_pipe[1], "x", 1) != 1)
      failures++;
   return NULL;
}

/* One wait of kind 0 (poll), 1 (select) or 2 (epoll_wait) on the pipe,
   while a thread writes to it 5 ms in; prints how many were ready and
   whether it took between 5 ms and 1 s. */
static void wait_for_writer(int kind)
{
   static const char* const names[] = { "poll", "select", "epoll_wait" };
   pthread_t th;
   uint64_t t, waited;
   int ready = -1;
   char byte;

   if (pipe(wake_pipe) != 0)
      exit(1);
   t = clock_ns(CLOCK_MONOTONIC);
   pthread_create(&th, NULL, late_writer, NULL);
   if (kind == 0) {
      struct pollfd pfd = { wake_pipe[0], POLLIN, 0 };
      ready = poll(&pfd, 1, 10000);
   } else if (kind == 1) {
      fd_set set;
      struct timeval tv = { 10, 0 };
      FD_ZERO(&set);
      FD_SET(wake_pipe[0], &set);
      ready = select(wake_pipe[0] + 1, &set, NULL, NULL, &tv);
   } else {
      struct epoll_event ev = { .events = EPOLLIN | EPOLLET }, out;
      int ep = epoll_create1(0);
      ev.data.fd = wake_pipe[0];
      epoll_ctl(ep, EPOLL_CTL_ADD, wake_pipe[0], &ev);
      ready = epoll_wait(ep, &out, 1, 10000);
      close(ep);
   }
   waited = clock_ns(CLOCK_MONOTONIC) - t;
   pthread_join(th, NULL);
   if (read(wake_pipe[0], &byte, 1) != 1)
      failures++;
   close(wake_pipe[0]);
   close(wake_pipe[1]);
   printf("%-10s 10 s timeout: %d ready, %s\n", names[kind], ready,
          waited >= 5000000 && waited < NS_PER_S
             ? "after 5 ms to 1 s" : "NOT between 5 ms and 1 s");
}

static void pollwake(void)
{
   for (int kind = 0; kind < 3; kind++)
      wait_for_writer(kind);
}

/* ----------------------------------------------------------- timerfd */

static unsigned long long us_since(uint64_t before)
{
   return (unsigned long long)((clock_ns(CLOCK_MONOTONIC) - before) / 1000);
}

static void* spin_60ms(void* arg)
{
   uint64_t start = clock_ns(CLOCK_MONOTONIC);
   (void)arg;
   while (clock_ns(CLOCK_MONOTONIC) - start < 60000000)
      ;
   return NULL;
}

/* A timerfd on CLOCK_MONOTONIC armed with value and interval (ns). */
static int armed_timerfd(int flags, uint64_t value, uint64_t interval)
{
   struct itimerspec its = {
      { (time_t)(interval / NS_PER_S), (long)(interval % NS_PER_S) },
      { (time_t)(value / NS_PER_S), (long)(value % NS_PER_S) } };
   int fd = timerfd_create(CLOCK_MONOTONIC, flags);
   if (fd < 0 || timerfd_settime(fd, 0, &its, NULL) != 0) {
      printf("FAILED: timerfd_create or timerfd_settime: %s\n",
             strerror(errno));
      exit(1);
   }
   return fd;
}

/* Reads fd's expiration count; -errno when the read fails. */
static long long expirations(int fd)
{
   uint64_t n;
   return read(fd, &n, sizeof n) == (ssize_t)sizeof n ? (long long)n
                                                      : -(long long)errno;
}

static void timerfds(void)
{
   struct itimerspec its;
   unsigned long long took_us;
   long long n;
   uint64_t t;
   int fd, ready;

   /* One-shot, polled with a longer timeout. */
   t = clock_ns(CLOCK_MONOTONIC);
   fd = armed_timerfd(0, 45000000, 0);
   {
      struct pollfd pfd = { fd, POLLIN, 0 };
      ready = poll(&pfd, 1, 1000);
   }
   took_us = us_since(t);
   printf("one-shot 45 ms, poll 1 s: %d ready after %llu us, read %lld\n",
          ready, took_us, expirations(fd));
   close(fd);

   /* The same while a thread spins on the clock for 60 ms: the timer
      expires when the turn passes after 45 ms, and the poll returns when
      the turn next comes to main, after the spinner's next timeslice:
      within two timeslices of 1 ms (--det-quantum's default). */
   {
      pthread_t th;
      struct pollfd pfd;
      t = clock_ns(CLOCK_MONOTONIC);
      pthread_create(&th, NULL, spin_60ms, NULL);
      fd = armed_timerfd(0, 45000000, 0);
      pfd.fd = fd;
      pfd.events = POLLIN;
      pfd.revents = 0;
      ready = poll(&pfd, 1, 1000);
      took_us = us_since(t);
      pthread_join(th, NULL);
      printf("one-shot 45 ms, poll 1 s, a thread spinning: %d ready after "
             "%s, read %lld\n", ready,
             took_us >= 45000 && took_us < 48000 ? "45 to 48 ms"
                                                 : "NOT 45 to 48 ms",
             expirations(fd));
      close(fd);
   }

   /* A blocking read, nothing else to run. */
   t = clock_ns(CLOCK_MONOTONIC);
   fd = armed_timerfd(0, 20000000, 0);
   n = expirations(fd);
   took_us = us_since(t);
   printf("one-shot 20 ms, blocking read: %lld after %llu us\n", n,
          took_us);
   close(fd);

   /* An absolute deadline, and epoll_wait without a timeout. */
   {
      struct epoll_event ev = { .events = EPOLLIN }, out;
      int ep = epoll_create1(0);
      uint64_t at;
      t = clock_ns(CLOCK_MONOTONIC);
      at = t + 30000000;
      fd = timerfd_create(CLOCK_MONOTONIC, 0);
      its.it_interval.tv_sec = its.it_interval.tv_nsec = 0;
      its.it_value.tv_sec = (time_t)(at / NS_PER_S);
      its.it_value.tv_nsec = (long)(at % NS_PER_S);
      timerfd_settime(fd, TFD_TIMER_ABSTIME, &its, NULL);
      ev.data.fd = fd;
      epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev);
      ready = epoll_wait(ep, &out, 1, -1);
      took_us = us_since(t);
      printf("absolute +30 ms, epoll_wait -1: %d ready after %llu us, "
             "read %lld\n", ready, took_us, expirations(fd));
      close(ep);
      close(fd);
   }

   /* Periodic: three expirations in 35 ms, 5 ms to the fourth. */
   {
      struct timespec ms35 = { 0, 35000000 };
      fd = armed_timerfd(0, 10000000, 10000000);
      nanosleep(&ms35, NULL);
      timerfd_gettime(fd, &its);
      n = expirations(fd);
      printf("periodic 10 ms, after 35 ms: read %lld, next in %ld us, "
             "interval %ld us\n", n, its.it_value.tv_nsec / 1000,
             its.it_interval.tv_nsec / 1000);
      close(fd);
   }

   /* Non-blocking before expiry; re-armed, the expiration unread is
      forgotten; disarmed. */
   {
      struct timespec ms2 = { 0, 2000000 };
      fd = armed_timerfd(TFD_NONBLOCK, 1000000, 0);
      printf("non-blocking before expiry: %s\n",
             expirations(fd) == -EAGAIN ? "EAGAIN" : "NOT EAGAIN");
      nanosleep(&ms2, NULL);
      its.it_interval.tv_sec = its.it_interval.tv_nsec = 0;
      its.it_value.tv_sec = 5;
      its.it_value.tv_nsec = 0;
      timerfd_settime(fd, 0, &its, NULL);
      printf("re-armed after it expired: %s\n",
             expirations(fd) == -EAGAIN ? "EAGAIN" : "NOT EAGAIN");
      its.it_value.tv_sec = 0;
      timerfd_settime(fd, 0, &its, NULL);
      timerfd_gettime(fd, &its);
      printf("disarmed: %ld s %ld ns left\n", (long)its.it_value.tv_sec,
             its.it_value.tv_nsec);
      close(fd);
   }

   /* Closed before it expires; a pipe takes its descriptor number. */
   {
      struct timespec ms10 = { 0, 10000000 };
      struct pollfd pfd;
      int p[2], old;
      old = armed_timerfd(0, 5000000, 0);
      close(old);
      if (pipe(p) != 0)
         exit(1);
      nanosleep(&ms10, NULL);
      pfd.fd = p[0];
      pfd.events = POLLIN;
      pfd.revents = 0;
      printf("closed timer's number reused by a pipe: %s, pipe %s\n",
             p[0] == old ? "same number" : "another number",
             poll(&pfd, 1, 0) == 0 ? "empty" : "NOT empty");
      close(p[0]);
      close(p[1]);
   }
}

/* The realtime mode: the second CLOCK_REALTIME reads. */
static void realtime(void)
{
   printf("%llu\n", (unsigned long long)(clock_ns(CLOCK_REALTIME) / NS_PER_S));
}

/* The modes, by the name the first argument gives. */
static const struct {
   const char* name;
   void (*run)(void);
} modes[] = {
   { "clocks", read_clocks },
   { "threads", threads },
   { "sleep30", sleep30 },
   { "signals", signals },
   { "pollwake", pollwake },
   { "timerfd", timerfds },
   { "realtime", realtime },
};

int main(int argc, char** argv)
{
   const char* mode = argc > 1 ? argv[1] : "";
   size_t i;
   setvbuf(stdout, NULL, _IOLBF, 0);
   for (i = 0; i < sizeof modes / sizeof modes[0]; i++) {
      if (strcmp(mode, modes[i].name) == 0) {
         modes[i].run();
         return failures ? 1 : 0;
      }
   }
   fprintf(stderr, "usage: vt_prog ");
   for (i = 0; i < sizeof modes / sizeof modes[0]; i++)
      fprintf(stderr, "%s%s", i > 0 ? "|" : "", modes[i].name);
   fprintf(stderr, "\n");
   return 2;
}
