#define ROUNDS 2000

static unsigned work(unsigned n)
{
    unsigned s = 0;
    /* The loop runs twice as long now:
       ROUNDS doubled. */
    for (unsigned i = 0; i < n; i++)
        s += i;
    return s;
}

int main(void)
{
    return (int)(work(ROUNDS) & 1);
}
