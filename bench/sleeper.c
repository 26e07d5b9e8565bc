/* bench/sleeper.c: a sleep-heavy threaded program for bench/run.sh's
   "sleep" workload, where virtual time (--det-sched=yes) is measured
   against --virtual-time=no.

   Two workers and main each run ROUNDS rounds of a little arithmetic, a
   1 ms nanosleep and a 1 ms timed condition wait that times out (nobody
   signals it).  The output is a checksum of the arithmetic alone, so it
   is the same natively and under any scheduler or clock.

   Usage: sleeper [ROUNDS]   (default 100)
   GPL-2.0-or-later */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t never = PTHREAD_COND_INITIALIZER;
static int rounds = 100;

static unsigned long work(unsigned long seed)
{
    unsigned long x = seed;
    for (int i = 0; i < 20000; i++)
        x = x * 6364136223846793005UL + 1442695040888963407UL;
    return x;
}

static void *run(void *arg)
{
    unsigned long sum = (unsigned long)arg;
    struct timespec nap = { 0, 1000000 };

    for (int r = 0; r < rounds; r++) {
        struct timespec deadline;
        sum ^= work(sum + (unsigned long)r);
        nanosleep(&nap, NULL);
        clock_gettime(CLOCK_REALTIME, &deadline);
        deadline.tv_nsec += 1000000;
        if (deadline.tv_nsec >= 1000000000) {
            deadline.tv_sec++;
            deadline.tv_nsec -= 1000000000;
        }
        pthread_mutex_lock(&lock);
        while (pthread_cond_timedwait(&never, &lock, &deadline) == 0)
            ;
        pthread_mutex_unlock(&lock);
    }
    return (void *)sum;
}

int main(int argc, char **argv)
{
    pthread_t workers[2];
    unsigned long total = 0;

    if (argc > 1)
        rounds = atoi(argv[1]);
    for (unsigned long i = 0; i < 2; i++)
        if (pthread_create(&workers[i], NULL, run, (void *)(i + 1)) != 0)
            return 1;
    total = (unsigned long)run((void *)0);
    for (int i = 0; i < 2; i++) {
        void *ret;
        pthread_join(workers[i], &ret);
        total += (unsigned long)ret;
    }
    printf("sleeper: %d rounds, checksum %lx\n", rounds, total);
    return 0;
}
