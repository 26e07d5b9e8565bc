/* wordbench: the example benchmark bundled with hotgrind.  GPL-2.0-or-later.
 *
 * It builds a fixed pseudo-random text, counts its words in a hash table,
 * and sorts them by frequency -- three functions whose instruction counts
 * `hotgrind show` puts side by side.  Everything is seeded, so every run
 * executes exactly the same instructions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N_BUCKETS 4096

struct entry {
    char word[16];
    unsigned count;
    struct entry *next;
};

static struct entry *buckets[N_BUCKETS];
static unsigned n_entries;

static unsigned next_random(unsigned *state)
{
    *state = *state * 1103515245u + 12345u;
    return (*state >> 16) & 0x7fff;
}

/* A fixed text of n_words words drawn from a small syllable alphabet. */
static char *make_text(unsigned n_words)
{
    static const char *syllables[] = { "ka", "lo", "mi", "ne", "su", "ta", "ri", "po" };
    char *text = malloc((size_t)n_words * 8 + 1), *p = text;
    unsigned state = 42;
    for (unsigned i = 0; i < n_words; i++) {
        unsigned len = 1 + next_random(&state) % 3;
        for (unsigned s = 0; s < len; s++) {
            const char *syl = syllables[next_random(&state) % 8];
            *p++ = syl[0];
            *p++ = syl[1];
        }
        *p++ = ' ';
    }
    *p = '\0';
    return text;
}

static unsigned hash_word(const char *w, size_t len)
{
    unsigned h = 2166136261u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)w[i]) * 16777619u;
    return h;
}

static void count_word(const char *w, size_t len)
{
    unsigned b = hash_word(w, len) % N_BUCKETS;
    for (struct entry *e = buckets[b]; e; e = e->next)
        if (strlen(e->word) == len && memcmp(e->word, w, len) == 0) {
            e->count++;
            return;
        }
    struct entry *e = calloc(1, sizeof *e);
    memcpy(e->word, w, len);
    e->count = 1;
    e->next = buckets[b];
    buckets[b] = e;
    n_entries++;
}

static int by_count_then_word(const void *a, const void *b)
{
    const struct entry *x = *(const struct entry *const *)a;
    const struct entry *y = *(const struct entry *const *)b;
    if (x->count != y->count)
        return x->count > y->count ? -1 : 1;
    return strcmp(x->word, y->word);
}

int main(int argc, char **argv)
{
    unsigned n_words = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 20000;
    char *text = make_text(n_words);

    for (char *p = text; *p; ) {
        char *end = strchr(p, ' ');
        count_word(p, (size_t)(end - p));
        p = end + 1;
    }

    struct entry **all = malloc(n_entries * sizeof *all);
    unsigned n = 0;
    for (unsigned b = 0; b < N_BUCKETS; b++)
        for (struct entry *e = buckets[b]; e; e = e->next)
            all[n++] = e;
    qsort(all, n, sizeof *all, by_count_then_word);

    printf("%u words, %u distinct; most frequent: %s (%u)\n",
           n_words, n, all[0]->word, all[0]->count);
    return 0;
}
