/* hotgrind bench: a producer and a consumer around a bounded queue, for
   measuring how much instruction counts of a multithreaded program vary
   from run to run (bench/thread-spread.sh).  GPL-2.0-or-later

   Usage: prodcons [ITEMS [CAPACITY [WORK]]]   (defaults 200000 64 20)

   main creates two threads and joins them:
     thread 2, the producer: for i = 0 .. ITEMS-1 computes an item
       (WORK rounds of xorshift32 from i) and puts it in the queue,
       waiting on `not_full` while the queue holds CAPACITY items;
     thread 3, the consumer: takes ITEMS items, waiting on `not_empty`
       while the queue is empty, and folds each into a checksum with
       WORK rounds of its own.
   One mutex guards the queue; a put signals `not_empty`, a take signals
   `not_full` (each only when the other side may be waiting, as a careful
   program does).  Prints the checksum, which depends on the arguments
   only.

   What each thread computes is fixed by the arguments; what varies is
   how often each side finds the queue full or empty, and so how many
   times it waits, signals and locks a mutex somebody holds: that is
   decided by when Valgrind (or the kernel) switches threads. */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned long  items, capacity, work;
static unsigned*      queue;
static unsigned long  head, count;                 /* under lock */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t  not_full = PTHREAD_COND_INITIALIZER;
static pthread_cond_t  not_empty = PTHREAD_COND_INITIALIZER;
static unsigned long   checksum;

static unsigned mix(unsigned x, unsigned long rounds)
{
   unsigned long r;
   x |= 1;
   for (r = 0; r < rounds; r++) {
      x ^= x << 13;
      x ^= x >> 17;
      x ^= x << 5;
   }
   return x;
}

static void* producer(void* unused)
{
   unsigned long i;
   (void)unused;
   for (i = 0; i < items; i++) {
      unsigned v = mix((unsigned)i, work);
      pthread_mutex_lock(&lock);
      while (count == capacity)
         pthread_cond_wait(&not_full, &lock);
      queue[(head + count) % capacity] = v;
      if (count++ == 0)
         pthread_cond_signal(&not_empty);
      pthread_mutex_unlock(&lock);
   }
   return NULL;
}

static void* consumer(void* unused)
{
   unsigned long i, sum = 0;
   (void)unused;
   for (i = 0; i < items; i++) {
      unsigned v;
      pthread_mutex_lock(&lock);
      while (count == 0)
         pthread_cond_wait(&not_empty, &lock);
      v = queue[head];
      head = (head + 1) % capacity;
      if (count-- == capacity)
         pthread_cond_signal(&not_full);
      pthread_mutex_unlock(&lock);
      sum = sum * 31 + mix(v, work);
   }
   checksum = sum;
   return NULL;
}

int main(int argc, char** argv)
{
   pthread_t p, c;
   items = argc > 1 ? strtoul(argv[1], NULL, 10) : 200000;
   capacity = argc > 2 ? strtoul(argv[2], NULL, 10) : 64;
   work = argc > 3 ? strtoul(argv[3], NULL, 10) : 20;
   if (capacity == 0 || !(queue = malloc(capacity * sizeof *queue))) {
      fprintf(stderr, "prodcons: bad capacity\n");
      return 2;
   }
   if (pthread_create(&p, NULL, producer, NULL) != 0
       || pthread_create(&c, NULL, consumer, NULL) != 0) {
      fprintf(stderr, "prodcons: pthread_create failed\n");
      return 1;
   }
   pthread_join(p, NULL);
   pthread_join(c, NULL);
   printf("%lu items, checksum %lu\n", items, checksum);
   free(queue);
   return 0;
}
