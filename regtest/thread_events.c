/* hotgrind regression tests: threads whose lifecycle and synchronisation
   events follow from the code alone.  GPL-2.0-or-later */

/* Usage: thread_events MODE ARGS...

   Every mode is written so that the events thread_events.sh expects
   (which thread, which kind, which mutex or condition variable, and the
   order where it matters) cannot depend on how the kernel or Valgrind
   schedules the threads: a thread that must run after another is
   created after the other was joined, or waits for it through
   something that blocks until the other has done its part.  The
   program's own mutexes and condition variables are globals named
   te_*, so that the report names them (<mutex name="...">); glibc locks
   mutexes of its own too (ld.so's _dl_load_tls_lock when a thread is
   created, for instance), which the test leaves out by name.

     seq NA NB K
        main creates A (thread 2) and joins it, then creates B
        (thread 3) and joins it, then locks and unlocks te_seq once.
        A locks and unlocks te_seq K times, then runs ht_loop_n(NA)
        (2 NA + 2 Ir, asm_amd64.S).  B runs ht_loop_n(NB), then locks
        te_pair.m (a mutex at offset 8 of a global struct) and a mutex
        in a malloc'd block once each; then trylock and timedlock
        (free mutexes: both succeed) on te_try.  A thread runs its
        locks only while the others wait in pthread_join or have ended:
        nothing contends.
     held
        main locks te_held, creates A (thread 2) and joins it, unlocks
        te_held.  A: trylock(te_held) fails (EBUSY), timedlock(te_held)
        with a deadline in the past fails (ETIMEDOUT, after a futex wait
        system call inside glibc), then A locks and unlocks te_free,
        which nobody holds: a lock that must say waited="no" although
        the same thread waited in a futex just before (in a call that
        failed: not an acquisition).
     names
        A (thread 2): pthread_setname_np(self, "te-alpha"), then a name
        of 22 characters, which fails (ERANGE: the limit is 15).
        B (thread 3): prctl(PR_SET_NAME, "te-beta").
        C (thread 4): named by main with pthread_setname_np(C, "te-gamma")
        while C waits on a pipe that main writes afterwards.
        D (thread 5): prctl(PR_SET_NAME, "te-first"), then
        pthread_setname_np(self, "te-last"): its last name is te-last.
        E (thread 6): prctl(PR_SET_NAME, "te-very-long-thread-name"):
        the kernel keeps the first 15 bytes, "te-very-long-th".
        F (thread 7): names main, by main's pthread_t:
        pthread_setname_np(main, "te-main").
        Each is created after the previous one was joined.
     mainexit
        main creates A (thread 2) and calls pthread_exit.  A joins main
        (pthread_join of main's pthread_t returns once main has ended),
        then returns; as the last thread, glibc's start_thread calls
        exit(0) in A.  main exited, and so did A, the thread calling
        exit.
     running
        A (thread 2) writes a byte on a pipe, then blocks forever in a
        read of another pipe; B (thread 3) writes a byte, then sleeps
        in a loop.  main reads both bytes and calls exit(0): A and B
        are still alive when the program ends.
     exitthread
        main creates A (thread 2) and blocks forever in a read of a
        pipe; A calls exit(0): A exited, main was still running.
     cond
        main locks te_cv_mutex, creates A (thread 2), and waits on
        te_cv (while flag == 0, pthread_cond_wait).  A takes
        te_cv_mutex with trylock, in a loop (sched_yield between
        tries): it succeeds only once main's pthread_cond_wait has
        released the mutex, and never waits in a futex.  A sets flag,
        unlocks, signals te_cv (after the unlock, so main's wait takes
        the mutex back from nobody), broadcasts te_cv2 (no waiter),
        returns.  main's wait returns, main unlocks and joins A.
     contend
        main creates H (thread 2).  H locks te_contended, creates W
        (thread 3), and yields until W is waiting for the mutex:
        glibc's lock word (te_contended.__data.__lock) is 2 only once
        a locker found it held and announced that it will sleep, and
        from there that locker makes the futex wait system call (if H
        has unlocked meanwhile the call returns at once, but it was
        made).  H then unlocks; W's lock returns having waited.  W
        unlocks and returns; H joins W; main joins H.
     lockstep NA NB K
        The same work as seq, in two children (threads 2 and 3, each
        created after the previous one was joined), but with the run
        handed from main to each child and back so that main and the
        child never both have client code left to run, except in
        stretches where neither records an event and neither's path
        depends on the other: the whole report, event Ir included, is
        then the same in every run.  A plain create/join (seq) does not
        give that: Valgrind yields after every clone ("let the child
        have the chance to run", syswrap-linux.c) and whichever thread
        the kernel then gives Valgrind's lock to runs first, so the
        child sometimes ends before main reaches pthread_join, which
        then does not wait in a futex (94 instructions fewer in glibc
        2.36: measured in 2 of 40 Cachegrind runs of seq), and the
        child's events may count main's last instructions before
        pthread_join or not.  How lockstep hands over, for each child:
          1. The child calls unshare(CLONE_FILES): it gets its own copy
             of the file table, with its own reference to the read end
             of pipe P.  It tells main (a byte on pipe Q) and blocks in
             a 1-byte read of P.
          2. main, woken by that byte, closes its own read end of P:
             the child now holds the only one.  main writes
             capacity + 1 bytes into P in one write(): the pipe fills,
             which wakes the child, and main blocks in that write
             until a page of P is freed or P has no reader.  The child
             reads 1 byte and never more, which frees no page: main
             stays in the kernel while the child runs.
          3. The child records its events and ends.  When the kernel
             ends the thread it clears the thread id glibc's
             pthread_join waits on (exit_mm), then drops the child's
             file table (exit_files), closing P's last read end: main's
             write returns (capacity bytes written; SIGPIPE ignored).
             main's pthread_join then finds the child gone and does not
             wait, in every run.
        Between the clone and step 2, and between step 1's byte and
        main's write, both threads may run, in either order, but
        neither records an event there and neither's instructions
        depend on the other's -- once main has called read() and
        write() before the clone: the first call of a libc function
        through the PLT resolves it (ld.so's _dl_fixup and its symbol
        lookup), and the thread that happens to call it first pays for
        that (615 instructions moved between main and
        the child in Callgrind's per-thread counts before main did).
        Child 1 (thread 2): pthread_setname_np(self, "te-one"), K times
        lock/unlock te_seq, work(NA), pthread_cond_signal(te_cv) (no
        waiter).  main then locks and unlocks te_seq.  Child 2
        (thread 3): prctl(PR_SET_NAME, "te-two"), work(NB), locks
        te_pair.m, trylock te_try, unlocks both, then
        pthread_cond_broadcast(te_cv2) (no waiter).
   Prints "ok MODE" (running and exitthread print nothing). */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>
#include "hand.h"

pthread_mutex_t te_seq = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t te_try = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t te_held = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t te_free = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t te_cv_mutex = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t te_contended = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t  te_cv = PTHREAD_COND_INITIALIZER;
pthread_cond_t  te_cv2 = PTHREAD_COND_INITIALIZER;
/* A mutex that is not at the start of its symbol: te_pair+8. */
struct te_pair_s {
   int             tag;
   pthread_mutex_t m;
} te_pair = { 1, PTHREAD_MUTEX_INITIALIZER };

static unsigned    na, nb, k;
static volatile int flag;
static int         pipe_a[2], pipe_b[2], pipe_never[2];

static void die(const char* what, int err)
{
   fprintf(stderr, "thread_events: %s: %s\n", what, strerror(err));
   exit(1);
}

static void check(const char* what, int err)
{
   if (err != 0) die(what, err);
}

static pthread_t start(void* (*fn)(void*), void* arg)
{
   pthread_t t;
   check("pthread_create", pthread_create(&t, NULL, fn, arg));
   return t;
}

static void join(pthread_t t)
{
   check("pthread_join", pthread_join(t, NULL));
}

static void lock_unlock(pthread_mutex_t* m)
{
   check("pthread_mutex_lock", pthread_mutex_lock(m));
   check("pthread_mutex_unlock", pthread_mutex_unlock(m));
}

static void work(unsigned n)
{
#ifdef HT_HAVE_HAND_ASM
   ht_loop_n(n);
#else
   volatile unsigned i;
   for (i = 0; i < n; i++)
      ;
#endif
}

/*---------------------------------------------------------------- seq */

static void* seq_a(void* unused)
{
   unsigned i;
   (void)unused;
   for (i = 0; i < k; i++)
      lock_unlock(&te_seq);
   work(na);
   return NULL;
}

static void* seq_b(void* unused)
{
   pthread_mutex_t* hm;
   /* A fixed deadline, far ahead (2100): no clock read, whose cost
      could vary. */
   struct timespec  ts = { 4102444800, 0 };
   (void)unused;
   work(nb);
   lock_unlock(&te_pair.m);
   hm = malloc(sizeof *hm);
   if (!hm) die("malloc", ENOMEM);
   check("pthread_mutex_init", pthread_mutex_init(hm, NULL));
   lock_unlock(hm);
   pthread_mutex_destroy(hm);
   free(hm);
   check("pthread_mutex_trylock", pthread_mutex_trylock(&te_try));
   check("pthread_mutex_unlock", pthread_mutex_unlock(&te_try));
   check("pthread_mutex_timedlock", pthread_mutex_timedlock(&te_try, &ts));
   check("pthread_mutex_unlock", pthread_mutex_unlock(&te_try));
   return NULL;
}

/*--------------------------------------------------------------- held */

static void* held_a(void* unused)
{
   struct timespec past = { 1, 0 };   /* 1970: long gone */
   int             r;
   (void)unused;
   r = pthread_mutex_trylock(&te_held);
   if (r != EBUSY) die("trylock of a held mutex did not fail with EBUSY", r);
   r = pthread_mutex_timedlock(&te_held, &past);
   if (r != ETIMEDOUT) die("timedlock in the past did not time out", r);
   lock_unlock(&te_free);
   return NULL;
}

/*-------------------------------------------------------------- names */

static void* name_a(void* unused)
{
   int r;
   (void)unused;
   check("pthread_setname_np", pthread_setname_np(pthread_self(), "te-alpha"));
   r = pthread_setname_np(pthread_self(), "te-alpha-much-too-long");
   if (r != ERANGE) die("a 22-character name was not refused", r);
   return NULL;
}

static void* name_b(void* unused)
{
   (void)unused;
   if (prctl(PR_SET_NAME, "te-beta", 0, 0, 0) != 0) die("prctl", errno);
   return NULL;
}

static void* name_c(void* unused)
{
   char c;
   (void)unused;
   if (read(pipe_a[0], &c, 1) != 1) die("read", errno);
   return NULL;
}

static void* name_d(void* unused)
{
   (void)unused;
   if (prctl(PR_SET_NAME, "te-first", 0, 0, 0) != 0) die("prctl", errno);
   check("pthread_setname_np", pthread_setname_np(pthread_self(), "te-last"));
   return NULL;
}

static void* name_e(void* unused)
{
   (void)unused;
   if (prctl(PR_SET_NAME, "te-very-long-thread-name", 0, 0, 0) != 0)
      die("prctl", errno);
   return NULL;
}

static pthread_t main_thread;

static void* name_f(void* unused)
{
   (void)unused;
   check("pthread_setname_np", pthread_setname_np(main_thread, "te-main"));
   return NULL;
}

/*----------------------------------------------------------- mainexit */

static void* join_main(void* unused)
{
   (void)unused;
   check("pthread_join of main", pthread_join(main_thread, NULL));
   printf("ok mainexit\n");
   fflush(stdout);
   return NULL;
}

/*------------------------------------------------- running, exitthread */

static void* blocked_reader(void* unused)
{
   char c = 'a';
   (void)unused;
   if (write(pipe_a[1], &c, 1) != 1) die("write", errno);
   for (;;)
      if (read(pipe_never[0], &c, 1) != 1 && errno != EINTR) die("read", errno);
   return NULL;
}

static void* sleeper(void* unused)
{
   char c = 'b';
   (void)unused;
   if (write(pipe_b[1], &c, 1) != 1) die("write", errno);
   for (;;)
      sleep(10);
   return NULL;
}

static void* exiter(void* unused)
{
   (void)unused;
   fflush(stdout);
   exit(0);
}

/*--------------------------------------------------------------- cond */

static void* cond_a(void* unused)
{
   (void)unused;
   while (pthread_mutex_trylock(&te_cv_mutex) != 0)
      sched_yield();
   flag = 1;
   check("pthread_mutex_unlock", pthread_mutex_unlock(&te_cv_mutex));
   check("pthread_cond_signal", pthread_cond_signal(&te_cv));
   check("pthread_cond_broadcast", pthread_cond_broadcast(&te_cv2));
   return NULL;
}

/*------------------------------------------------------------ contend */

static void* contend_w(void* unused)
{
   (void)unused;
   lock_unlock(&te_contended);
   return NULL;
}

static void* contend_h(void* unused)
{
   pthread_t w;
   (void)unused;
   check("pthread_mutex_lock", pthread_mutex_lock(&te_contended));
   w = start(contend_w, NULL);
   while (__atomic_load_n(&te_contended.__data.__lock, __ATOMIC_ACQUIRE) != 2)
      sched_yield();
   check("pthread_mutex_unlock", pthread_mutex_unlock(&te_contended));
   join(w);
   return NULL;
}

/*----------------------------------------------------------- lockstep */

struct lk_child {
   int  p[2], q[2];          /* P: main -> child, Q: child -> main */
   void (*segment)(void);
};

static char lk_fill[(1 << 20) + 1];

static void* lk_start(void* arg)
{
   struct lk_child* c = arg;
   char             b = 0;
   if (unshare(CLONE_FILES) != 0) die("unshare", errno);
   if (write(c->q[1], &b, 1) != 1) die("write", errno);
   if (read(c->p[0], &b, 1) != 1) die("read", errno);
   c->segment();
   return NULL;
}

static void lk_run(void (*segment)(void))
{
   struct lk_child c;
   pthread_t       t;
   char            b;
   int             cap;
   ssize_t         w;

   c.segment = segment;
   if (pipe(c.p) != 0 || pipe(c.q) != 0) die("pipe", errno);
   cap = fcntl(c.p[1], F_GETPIPE_SZ);
   if (cap <= 0 || (size_t)cap + 1 > sizeof lk_fill) die("F_GETPIPE_SZ", errno);
   /* Lazy binding: read and write are resolved by main, not by
      whichever of main and the child reaches them first. */
   if (write(c.q[1], "w", 1) != 1 || read(c.q[0], &b, 1) != 1) die("warm-up", errno);
   t = start(lk_start, &c);
   if (read(c.q[0], &b, 1) != 1) die("read", errno);
   if (close(c.p[0]) != 0) die("close", errno);
   w = write(c.p[1], lk_fill, (size_t)cap + 1);
   if (w != cap) die("write to the child's pipe did not stop at its capacity", errno);
   join(t);
   close(c.p[1]);
   close(c.q[0]);
   close(c.q[1]);
}

static void lk_one(void)
{
   unsigned i;
   check("pthread_setname_np", pthread_setname_np(pthread_self(), "te-one"));
   for (i = 0; i < k; i++)
      lock_unlock(&te_seq);
   work(na);
   check("pthread_cond_signal", pthread_cond_signal(&te_cv));
}

static void lk_two(void)
{
   if (prctl(PR_SET_NAME, "te-two", 0, 0, 0) != 0) die("prctl", errno);
   work(nb);
   check("pthread_mutex_lock", pthread_mutex_lock(&te_pair.m));
   check("pthread_mutex_trylock", pthread_mutex_trylock(&te_try));
   check("pthread_mutex_unlock", pthread_mutex_unlock(&te_try));
   check("pthread_mutex_unlock", pthread_mutex_unlock(&te_pair.m));
   check("pthread_cond_broadcast", pthread_cond_broadcast(&te_cv2));
}

int main(int argc, char** argv)
{
   const char* mode = argc > 1 ? argv[1] : "";
   pthread_t   t;
   char        c;

   if (!strcmp(mode, "seq") && argc == 5) {
      na = (unsigned)strtoul(argv[2], NULL, 10);
      nb = (unsigned)strtoul(argv[3], NULL, 10);
      k = (unsigned)strtoul(argv[4], NULL, 10);
      join(start(seq_a, NULL));
      join(start(seq_b, NULL));
      lock_unlock(&te_seq);
   } else if (!strcmp(mode, "lockstep") && argc == 5) {
      na = (unsigned)strtoul(argv[2], NULL, 10);
      nb = (unsigned)strtoul(argv[3], NULL, 10);
      k = (unsigned)strtoul(argv[4], NULL, 10);
      signal(SIGPIPE, SIG_IGN);
      lk_run(lk_one);
      lock_unlock(&te_seq);
      lk_run(lk_two);
   } else if (!strcmp(mode, "held") && argc == 2) {
      check("pthread_mutex_lock", pthread_mutex_lock(&te_held));
      join(start(held_a, NULL));
      check("pthread_mutex_unlock", pthread_mutex_unlock(&te_held));
   } else if (!strcmp(mode, "names") && argc == 2) {
      if (pipe(pipe_a) != 0) die("pipe", errno);
      join(start(name_a, NULL));
      join(start(name_b, NULL));
      t = start(name_c, NULL);
      check("pthread_setname_np", pthread_setname_np(t, "te-gamma"));
      if (write(pipe_a[1], "c", 1) != 1) die("write", errno);
      join(t);
      join(start(name_d, NULL));
      join(start(name_e, NULL));
      main_thread = pthread_self();
      join(start(name_f, NULL));
   } else if (!strcmp(mode, "mainexit") && argc == 2) {
      main_thread = pthread_self();
      start(join_main, NULL);
      pthread_exit(NULL);
   } else if (!strcmp(mode, "running") && argc == 2) {
      if (pipe(pipe_a) || pipe(pipe_b) || pipe(pipe_never)) die("pipe", errno);
      start(blocked_reader, NULL);
      start(sleeper, NULL);
      if (read(pipe_a[0], &c, 1) != 1 || read(pipe_b[0], &c, 1) != 1)
         die("read", errno);
      exit(0);
   } else if (!strcmp(mode, "exitthread") && argc == 2) {
      if (pipe(pipe_never) != 0) die("pipe", errno);
      start(exiter, NULL);
      for (;;)
         if (read(pipe_never[0], &c, 1) != 1 && errno != EINTR) die("read", errno);
   } else if (!strcmp(mode, "cond") && argc == 2) {
      check("pthread_mutex_lock", pthread_mutex_lock(&te_cv_mutex));
      t = start(cond_a, NULL);
      while (!flag)
         check("pthread_cond_wait", pthread_cond_wait(&te_cv, &te_cv_mutex));
      check("pthread_mutex_unlock", pthread_mutex_unlock(&te_cv_mutex));
      join(t);
   } else if (!strcmp(mode, "contend") && argc == 2) {
      join(start(contend_h, NULL));
   } else {
      fprintf(stderr, "usage: %s seq NA NB K | lockstep NA NB K | held | names | mainexit | "
                      "running | exitthread | cond | contend\n", argv[0]);
      return 2;
   }
   printf("ok %s\n", mode);
   return 0;
}
