/* linecount: the second program of the bundled example suite
 * (example/suite.xml).  GPL-2.0-or-later.
 *
 * Counts the lines, words and bytes of each file it is given, as wc
 * does, and names the longest line's number: a benchmark that reads an
 * input file, which the suite file lists so that `hotgrind suite run`
 * checks it exists before running anything. */
#include <ctype.h>
#include <stdio.h>

struct counts {
    unsigned long lines, words, bytes;
    unsigned long longest, longest_line;
};

/* Neither inlined nor cloned (count_file.constprop.0), so that
   --mark=count_file has a function of that name to measure. */
#if defined(__GNUC__) && !defined(__clang__)
#define MEASURED __attribute__((noipa))
#else
#define MEASURED __attribute__((noinline))
#endif
static MEASURED int count_file(FILE *in, struct counts *c)
{
    unsigned long length = 0;
    int ch, in_word = 0;
    while ((ch = getc(in)) != EOF) {
        c->bytes++;
        if (ch == '\n') {
            c->lines++;
            if (length > c->longest) {
                c->longest = length;
                c->longest_line = c->lines;
            }
            length = 0;
        } else {
            length++;
        }
        if (isspace(ch))
            in_word = 0;
        else if (!in_word) {
            in_word = 1;
            c->words++;
        }
    }
    return ferror(in) ? -1 : 0;
}

int main(int argc, char **argv)
{
    int status = 0;
    for (int i = 1; i < argc; i++) {
        struct counts c = { 0, 0, 0, 0, 0 };
        FILE *in = fopen(argv[i], "r");
        if (in == NULL || count_file(in, &c) != 0) {
            perror(argv[i]);
            status = 1;
        } else {
            printf("%s: %lu lines, %lu words, %lu bytes; longest: line %lu "
                   "(%lu bytes)\n", argv[i], c.lines, c.words, c.bytes,
                   c.longest_line, c.longest);
        }
        if (in != NULL)
            fclose(in);
    }
    return argc < 2 ? 2 : status;
}
