/* prog.c: the fixture annotate reads. */
#include "util.h"

static unsigned sum(unsigned n)
{
    unsigned s = 0;
    for (unsigned i = 0; i < n; i++)
        s += twice(i);
    return s;
}

/* Nothing below runs until main. */
/* padding */
/* padding */
/* padding */
/* padding */
/* padding */
/* padding */
/* padding */
/* padding */
/* padding */
/* padding */

int main(void)
{
    return (int)sum(1000) & 1;
}
