/* hotgrind regression test: programs for Valgrind's --det-sched=yes
   (patches/0003-det-sched/), run by det_sched.sh.
   GPL-2.0-or-later

   Usage: det_prog MODE

   Every mode prints a result that depends on nothing but the mode, so the
   output under Valgrind must equal the native one.  The modes marked
   "repeatable" only synchronise through futexes (mutexes, condition
   variables, barriers, semaphores, join), so with --det-sched=yes their
   counts must not change from run to run; the others exercise the paths
   where the scheduler has to let real time in (a pipe read that blocks,
   a cancellation signal, exit while threads wait, fork) and must simply
   work.

   pingpong    (repeatable) two threads take turns 2000 times through one
               mutex and one condition variable
   pool        (repeatable) 6 workers: a shared counter under a mutex, a
               barrier between two phases, a semaphore handing out 60
               tickets, joined in creation order; then 4 detached threads
               that report through a semaphore
   timed       (repeatable) a timed condition wait that nobody signals
               (times out), then a sleeping thread beside a computing one
   pipe        a writer and a reader thread around a pipe (the reader
               blocks in read() on an empty pipe)
   cancel      a thread cancelled while it waits on a condition variable
   exitblocked main calls exit() while two threads wait on a condvar
   fork        a thread forks; the child computes and exits; waitpid
   fifo        a thread opens a FIFO for reading, which blocks until another
               thread opens it for writing: a system call that waits for
               another thread without the scheduler knowing
   deadlock    two threads each hold one mutex and wait for the other's:
               hangs, natively too
   waitv       a thread waits in futex_waitv (which glibc never uses, so
               the scheduler leaves it to the kernel) on a private futex
               that main then wakes with FUTEX_WAKE; Valgrind wraps
               futex_waitv from 3.27 on (before: ENOSYS)                  */

#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <errno.h>
#include <stdint.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t  cond = PTHREAD_COND_INITIALIZER;

static void die(const char* what)
{
   fprintf(stderr, "det_prog: %s failed\n", what);
   exit(1);
}

/* Some arithmetic that the compiler cannot drop. */
static unsigned long crunch(unsigned long seed, int rounds)
{
   unsigned long x = seed | 1;
   for (int i = 0; i < rounds; i++) {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
   }
   return x;
}

/* ---------------------------------------------------------- pingpong */

static int turn_of, rounds_left = 2000;
static unsigned long pingpong_sum;

static void* pingpong_side(void* arg)
{
   int me = (int)(long)arg;
   pthread_mutex_lock(&lock);
   while (rounds_left > 0) {
      while (turn_of != me && rounds_left > 0)
         pthread_cond_wait(&cond, &lock);
      if (rounds_left == 0)
         break;
      pingpong_sum += crunch((unsigned long)rounds_left, 50);
      rounds_left--;
      turn_of = 1 - me;
      pthread_cond_broadcast(&cond);
   }
   pthread_mutex_unlock(&lock);
   return NULL;
}

static void pingpong(void)
{
   pthread_t t[2];
   for (long i = 0; i < 2; i++)
      if (pthread_create(&t[i], NULL, pingpong_side, (void*)i) != 0)
         die("pthread_create");
   for (int i = 0; i < 2; i++)
      pthread_join(t[i], NULL);
   printf("pingpong: 2000 rounds, sum %lu\n", pingpong_sum);
}

/* -------------------------------------------------------------- pool */

#define WORKERS 6
static pthread_barrier_t barrier;
static sem_t tickets, reports;
static unsigned long shared_total;
static int tickets_taken;
static volatile unsigned long ticket_work;

static void* pool_worker(void* arg)
{
   long id = (long)arg;
   unsigned long mine = crunch((unsigned long)id + 1, 3000);
   pthread_mutex_lock(&lock);
   shared_total += mine;
   pthread_mutex_unlock(&lock);
   pthread_barrier_wait(&barrier);
   /* Phase two: take tickets until none are left. */
   for (;;) {
      if (sem_trywait(&tickets) != 0)
         break;
      unsigned long w = crunch((unsigned long)id * 7 + 3, 500);
      pthread_mutex_lock(&lock);
      tickets_taken++;
      ticket_work += w;   /* depends on who took which ticket */
      pthread_mutex_unlock(&lock);
   }
   return NULL;
}

static void* detached_worker(void* arg)
{
   long id = (long)arg;
   unsigned long v = crunch((unsigned long)id + 100, 800);
   pthread_mutex_lock(&lock);
   shared_total += v & 0xff;
   pthread_mutex_unlock(&lock);
   sem_post(&reports);
   return NULL;
}

static void pool(void)
{
   pthread_t t[WORKERS];
   pthread_attr_t detached;

   pthread_barrier_init(&barrier, NULL, WORKERS);
   sem_init(&tickets, 0, 60);
   sem_init(&reports, 0, 0);
   for (long i = 0; i < WORKERS; i++)
      if (pthread_create(&t[i], NULL, pool_worker, (void*)i) != 0)
         die("pthread_create");
   for (int i = 0; i < WORKERS; i++)
      pthread_join(t[i], NULL);
   pthread_attr_init(&detached);
   pthread_attr_setdetachstate(&detached, PTHREAD_CREATE_DETACHED);
   for (long i = 0; i < 4; i++) {
      pthread_t d;
      if (pthread_create(&d, &detached, detached_worker, (void*)i) != 0)
         die("pthread_create");
   }
   for (int i = 0; i < 4; i++)
      sem_wait(&reports);
   /* Sums do not depend on the order of the additions. */
   printf("pool: %d tickets taken, total %lu\n", tickets_taken, shared_total);
}

/* ------------------------------------------------------------- timed */

static volatile int sleeper_done;

static void* sleeper(void* arg)
{
   (void)arg;
   usleep(20000);
   sleeper_done = 1;
   return NULL;
}

static void* computer(void* arg)
{
   return (void*)crunch((unsigned long)arg, 200000);
}

static void timed(void)
{
   struct timespec deadline;
   pthread_t s, c;
   void* r;
   int rc;

   /* 50 ms from now.  No branch on the clock's value: the carry comes
      from a division (a multiply and shifts), so the instructions
      executed do not depend on the time, only the values do. */
   clock_gettime(CLOCK_REALTIME, &deadline);
   deadline.tv_nsec += 50 * 1000 * 1000;
   long carry = deadline.tv_nsec / 1000000000;
   deadline.tv_sec += carry;
   deadline.tv_nsec -= carry * 1000000000;
   pthread_mutex_lock(&lock);
   rc = pthread_cond_timedwait(&cond, &lock, &deadline);
   pthread_mutex_unlock(&lock);
   printf("timed: condition wait %s\n", rc == 0 ? "signalled" : strerror(rc));

   if (pthread_create(&s, NULL, sleeper, NULL) != 0
       || pthread_create(&c, NULL, computer, (void*)5) != 0)
      die("pthread_create");
   pthread_join(s, NULL);
   pthread_join(c, &r);
   printf("timed: sleeper done %d, computed %lu\n", sleeper_done,
          (unsigned long)r);
}

/* -------------------------------------------------------------- pipe */

static int fds[2];

static void* pipe_writer(void* arg)
{
   (void)arg;
   for (int i = 0; i < 1000; i++) {
      unsigned v = (unsigned)crunch((unsigned long)i, 100);
      if (write(fds[1], &v, sizeof v) != sizeof v)
         die("write");
   }
   close(fds[1]);
   return NULL;
}

static void* pipe_reader(void* arg)
{
   unsigned long sum = 0;
   unsigned v;
   ssize_t n;
   (void)arg;
   while ((n = read(fds[0], &v, sizeof v)) == sizeof v)
      sum += v;
   return (void*)sum;
}

static void pipe_mode(void)
{
   pthread_t w, r;
   void* sum;
   if (pipe(fds) != 0)
      die("pipe");
   if (pthread_create(&r, NULL, pipe_reader, NULL) != 0
       || pthread_create(&w, NULL, pipe_writer, NULL) != 0)
      die("pthread_create");
   pthread_join(w, NULL);
   pthread_join(r, &sum);
   printf("pipe: sum %lu\n", (unsigned long)sum);
}

/* ------------------------------------------------------------ cancel */

static void* waits_forever(void* arg)
{
   (void)arg;
   pthread_mutex_lock(&lock);
   for (;;)
      pthread_cond_wait(&cond, &lock);
   return NULL;
}

static void unlock_on_cancel(void* arg)
{
   pthread_mutex_unlock((pthread_mutex_t*)arg);
}

static void* waits_cancellably(void* arg)
{
   (void)arg;
   pthread_mutex_lock(&lock);
   pthread_cleanup_push(unlock_on_cancel, &lock);
   for (;;)
      pthread_cond_wait(&cond, &lock);
   pthread_cleanup_pop(1);
   return NULL;
}

static void cancel(void)
{
   pthread_t t;
   void* r;
   if (pthread_create(&t, NULL, waits_cancellably, NULL) != 0)
      die("pthread_create");
   usleep(10000);   /* let it reach the wait (it does either way) */
   pthread_cancel(t);
   pthread_join(t, &r);
   printf("cancel: %s\n", r == PTHREAD_CANCELED ? "cancelled" : "not cancelled");
}

/* ------------------------------------------------------- exitblocked */

static void exitblocked(void)
{
   pthread_t t[2];
   for (int i = 0; i < 2; i++)
      if (pthread_create(&t[i], NULL, waits_forever, NULL) != 0)
         die("pthread_create");
   usleep(10000);
   printf("exitblocked: exiting\n");
   fflush(stdout);
   exit(0);
}

/* -------------------------------------------------------------- fork */

static void* forker(void* arg)
{
   int status;
   pid_t pid;
   (void)arg;
   pid = fork();
   if (pid < 0)
      die("fork");
   if (pid == 0)
      _exit((int)(crunch(9, 1000) & 0x3f));
   if (waitpid(pid, &status, 0) != pid)
      die("waitpid");
   return (void*)(long)WEXITSTATUS(status);
}

static void fork_mode(void)
{
   pthread_t t, c;
   void* r;
   if (pthread_create(&c, NULL, computer, (void*)7) != 0
       || pthread_create(&t, NULL, forker, NULL) != 0)
      die("pthread_create");
   pthread_join(t, &r);
   pthread_join(c, NULL);
   printf("fork: child exit status %ld (expected %lu)\n", (long)r,
          crunch(9, 1000) & 0x3f);
}

/* -------------------------------------------------------------- fifo */

static const char* fifo_path = "det_prog.fifo";

static void* fifo_reader(void* arg)
{
   char buf[16] = { 0 };
   int fd = open(fifo_path, O_RDONLY);   /* waits for the writer */
   (void)arg;
   if (fd < 0 || read(fd, buf, sizeof buf - 1) <= 0)
      die("fifo read");
   close(fd);
   return (void*)(long)strlen(buf);
}

static void fifo_mode(void)
{
   pthread_t r;
   void* n;
   int fd;
   unlink(fifo_path);
   if (mkfifo(fifo_path, 0600) != 0)
      die("mkfifo");
   if (pthread_create(&r, NULL, fifo_reader, NULL) != 0)
      die("pthread_create");
   usleep(10000);   /* the reader is in open() by now (either way works) */
   fd = open(fifo_path, O_WRONLY);
   if (fd < 0 || write(fd, "hello", 5) != 5)
      die("fifo write");
   close(fd);
   pthread_join(r, &n);
   unlink(fifo_path);
   printf("fifo: read %ld bytes\n", (long)n);
}

/* ---------------------------------------------------------- deadlock */

static pthread_mutex_t first = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t second = PTHREAD_MUTEX_INITIALIZER;
static pthread_barrier_t both_hold;

static void* holds_second(void* arg)
{
   (void)arg;
   pthread_mutex_lock(&second);
   pthread_barrier_wait(&both_hold);
   pthread_mutex_lock(&first);
   return NULL;
}

static void deadlock(void)
{
   pthread_t t;
   pthread_barrier_init(&both_hold, NULL, 2);
   if (pthread_create(&t, NULL, holds_second, NULL) != 0)
      die("pthread_create");
   pthread_mutex_lock(&first);
   pthread_barrier_wait(&both_hold);
   pthread_mutex_lock(&second);
   printf("deadlock: not reached\n");
}

/* ------------------------------------------------------------- waitv */

static volatile uint32_t waitv_word;

static void* waitv_waiter(void* arg)
{
   (void)arg;
#if defined(SYS_futex_waitv)
   struct futex_waitv w = { .val = 0, .uaddr = (uintptr_t)&waitv_word,
                            .flags = FUTEX_32 | FUTEX_PRIVATE_FLAG };
   while (waitv_word == 0)
      if (syscall(SYS_futex_waitv, &w, 1, 0, NULL, 0) < 0
          && errno != EAGAIN && errno != EINTR)
         die("futex_waitv");
#else
   die("futex_waitv: not in these headers");
#endif
   return NULL;
}

static void waitv_mode(void)
{
   pthread_t t;
   if (pthread_create(&t, NULL, waitv_waiter, NULL) != 0)
      die("pthread_create");
   usleep(10000);   /* the waiter is in futex_waitv by now (either way works) */
   waitv_word = 1;
   syscall(SYS_futex, &waitv_word, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, 1,
           NULL, NULL, 0);
   pthread_join(t, NULL);
   printf("waitv: woken\n");
}

int main(int argc, char** argv)
{
   static const struct { const char* name; void (*run)(void); } modes[] = {
      { "pingpong", pingpong }, { "pool", pool }, { "timed", timed },
      { "pipe", pipe_mode }, { "cancel", cancel },
      { "exitblocked", exitblocked }, { "fork", fork_mode },
      { "fifo", fifo_mode }, { "deadlock", deadlock },
      { "waitv", waitv_mode },
   };
   if (argc == 2)
      for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
         if (strcmp(argv[1], modes[i].name) == 0) {
            modes[i].run();
            return 0;
         }
   fprintf(stderr, "usage: det_prog pingpong|pool|timed|pipe|cancel|exitblocked|fork|fifo|deadlock|waitv\n");
   return 2;
}
