/* hotgrind regression tests: a benchmark whose count follows the
   threads' interleaving, for `hotgrind run --repeat` (run_audit.sh).
   GPL-2.0-or-later

   wait_for_worker yields until the worker thread has finished its loop,
   which sleeps 1 ms each round: how many times main goes round meanwhile
   depends on real time and on when the system hands the CPU (under
   Valgrind: its lock) to each thread, which differs from run to run
   without --det-sched=yes, on a busy machine and on an idle one. */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <time.h>

static atomic_int done;
static volatile unsigned sink;

static void *work(void *unused)
{
    unsigned i, round;
    (void)unused;
    for (round = 0; round < 20; round++) {
        struct timespec pause = { 0, 1000000 };
        for (i = 0; i < 2000; i++)
            sink += i;
        nanosleep(&pause, NULL);
    }
    atomic_store(&done, 1);
    return NULL;
}

__attribute__((noinline)) static unsigned wait_for_worker(void)
{
    unsigned rounds = 0;
    while (!atomic_load(&done)) {
        rounds++;
        sched_yield();
    }
    return rounds;
}

int main(void)
{
    pthread_t worker;
    if (pthread_create(&worker, NULL, work, NULL) != 0)
        return 1;
    sink += wait_for_worker();
    return pthread_join(worker, NULL) != 0;
}
