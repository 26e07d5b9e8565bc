/* hotgrind regression tests: a benchmark with one function whose cost
   depends on addresses and one whose cost does not, for
   `hotgrind run --perturb` (run_audit.sh).  GPL-2.0-or-later

   hash_pointers puts heap blocks in a chained table by a multiplicative
   hash of their addresses and counts the links it walks, and probes for
   a stack object by its address: move the heap and other blocks share a
   bucket, move the stack and the probe is longer or shorter, so its
   instruction count moves.  sum_values reads the same blocks' contents
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

/* The number of links walked to append every heap block to its chain,
   plus the probes a stack object takes.  The chains move with the heap.
   The stack object is not put in a chain: its old and new bucket could
   hold chains of the same length (with it in the table, a 64-byte stack
   move gave 3103 Ir both ways in one environment).  It probes as many
   slots as its address in 16-byte steps modulo 13 instead, so any stack
   move by a multiple of 16 bytes short of 208 changes the count, and
   only that loop's count. */
__attribute__((noinline)) static unsigned
hash_pointers(struct block **blocks, unsigned count)
{
    struct block *heads[BUCKETS] = { 0 }, on_stack = { 0, 0 };
    unsigned i, walked = 0;
    for (i = 0; i < count; i++) {
        struct block *b = blocks[i];
        struct block **link = &heads[bucket_of(b)];
        while (*link != NULL) {
            link = &(*link)->next;
            walked++;
        }
        b->next = NULL;
        *link = b;
    }
    /* The asm keeps GCC from folding the loop into one add. */
    for (i = (unsigned)(((uintptr_t)&on_stack >> 4) % 13); i > 0; i--) {
        __asm__ volatile("" : "+r"(walked));
        walked++;
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
