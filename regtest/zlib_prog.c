/* hotgrind regression tests: a zlib benchmark against the system's libz
   (Debian 12: /lib/x86_64-linux-gnu/libz.so.1, from zlib1g, stripped).
   Compresses a generated buffer with compress2, then decompresses it
   with inflate into a small window, so inflate is called several times
   (argv[1] rounds of everything; default 1).  Exits 0 when the round
   trip gives the buffer back.  GPL-2.0-or-later */

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "xorshift.h"

#define INPUT_BYTES  (64 * 1024)
#define WINDOW_BYTES 4096

/* Text-like bytes (a few hundred distinct words) so deflate finds
   matches: the work lands in libz's internal, unnamed functions. */
static void generate(unsigned char *buf, size_t n)
{
    static const char *const words[] = {
        "inflate ", "deflate ", "window ", "huffman ", "match ", "length ",
        "distance ", "literal ", "block ", "stored ", "fixed ", "dynamic ",
    };
    unsigned state = 12345;
    size_t i = 0;
    while (i < n) {
        const char *w = words[next_rand(&state) % 12];
        size_t len = strlen(w);
        if (len > n - i)
            len = n - i;
        memcpy(buf + i, w, len);
        i += len;
    }
}

/* The words of BUF (N bytes), counted by spaces: a parse_* function in
   the program for the README's --mark='parse_*'. */
__attribute__((noinline)) size_t parse_words(const unsigned char *buf,
                                             size_t n)
{
    size_t words = 0, i;
    for (i = 0; i < n; i++)
        words += buf[i] == ' ';
    return words;
}

/* Decompresses SRC (SRC_LEN bytes) into OUT with inflate, WINDOW_BYTES
   at a time; the number of bytes it gave, or 0 on an error. */
static size_t decompress(const unsigned char *src, size_t src_len,
                         unsigned char *out, size_t out_cap)
{
    z_stream z;
    size_t done = 0;
    int status = Z_OK;

    memset(&z, 0, sizeof z);
    if (inflateInit(&z) != Z_OK)
        return 0;
    z.next_in = (unsigned char *)src;
    z.avail_in = (uInt)src_len;
    while (status == Z_OK && done < out_cap) {
        size_t room = out_cap - done;
        z.next_out = out + done;
        z.avail_out = (uInt)(room < WINDOW_BYTES ? room : WINDOW_BYTES);
        status = inflate(&z, Z_NO_FLUSH);
        done = z.total_out;
    }
    inflateEnd(&z);
    return status == Z_STREAM_END ? done : 0;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 1, r;
    unsigned char *input = malloc(INPUT_BYTES);
    uLongf packed_len = compressBound(INPUT_BYTES);
    unsigned char *packed = malloc(packed_len);
    unsigned char *output = malloc(INPUT_BYTES);
    int ok = input && packed && output;

    if (ok) {
        generate(input, INPUT_BYTES);
        ok = parse_words(input, INPUT_BYTES) > 0;
    }
    for (r = 0; ok && r < rounds; r++) {
        packed_len = compressBound(INPUT_BYTES);
        ok = compress2(packed, &packed_len, input, INPUT_BYTES, 6) == Z_OK
             && decompress(packed, packed_len, output, INPUT_BYTES)
                == INPUT_BYTES
             && memcmp(input, output, INPUT_BYTES) == 0;
    }
    free(input);
    free(packed);
    free(output);
    return ok ? 0 : 1;
}
