/* hotgrind regression tests: a benchmark with one function whose cost
   depends on addresses and one whose cost does not, for
   `hotgrind run --perturb` (run_audit.sh).  GPL-2.0-or-later

   hash_pointers puts heap blocks and a stack object in a chained table
   by a multiplicative hash of their addresses and counts the links it
   walks: move the heap or the stack and other blocks share a bucket, so
   its instruction count moves.  sum_values reads the same blocks' contents
   only: its count cannot move. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCKS 64
#define BUCKETS 16

struct block {
    struct block *next;          /* chain of its bucket */
    unsigned value;
};

static unsigned bucket_of(const void *address)
{
    uint64_t bits = (uint64_t)(uintptr_t)address;
    return (unsigned)((bits * 0x9E3779B97F4A7C15ULL) >> 60) % BUCKETS;
}

/* The number of links walked to append every block to its chain. */
__attribute__((noinline)) static unsigned
hash_pointers(struct block **blocks, unsigned count)
{
    struct block *heads[BUCKETS] = { 0 }, on_stack = { 0, 0 };
    unsigned i, walked = 0;
    for (i = 0; i <= count; i++) {
        struct block *b = i < count ? blocks[i] : &on_stack;
        struct block **link = &heads[bucket_of(b)];
        while (*link != NULL) {
            link = &(*link)->next;
            walked++;
        }
        b->next = NULL;
        *link = b;
    }
    return walked;
}

__attribute__((noinline)) static unsigned
sum_values(struct block **blocks, unsigned count)
{
    unsigned i, sum = 0;
    for (i = 0; i < count; i++)
        sum += blocks[i]->value * (i + 1);
    return sum;
}

int main(void)
{
    struct block *blocks[BLOCKS];
    unsigned i, walked, sum;
    for (i = 0; i < BLOCKS; i++) {
        blocks[i] = malloc(sizeof *blocks[i] + 16 * (i % 3));
        if (blocks[i] == NULL)
            return 1;
        blocks[i]->value = i * 7 + 1;
    }
    walked = hash_pointers(blocks, BLOCKS);
    sum = sum_values(blocks, BLOCKS);
    for (i = 0; i < BLOCKS; i++)
        free(blocks[i]);
    /* What the run computed, so that neither call is optimised away; the
       walk's length is not printed (it is what moves). */
    return walked == 0 ? 1 : sum == 0 ? 1 : 0;
}
