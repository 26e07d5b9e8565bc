/* hotgrind regression tests: a client that waits to be killed.
   GPL-2.0-or-later */

/* Usage: sleeper FILE
   Creates FILE once it is running (so a test knows the client has
   started under Valgrind), then sleeps; exits 0 by itself after about a
   minute so a test that fails to kill it does not hang the suite. */

#include <stdio.h>
#include <unistd.h>

int main(int argc, char** argv)
{
   FILE* f;
   int   i;
   if (argc != 2 || !(f = fopen(argv[1], "w"))) return 2;
   fputs("running\n", f);
   fclose(f);
   for (i = 0; i < 60; i++)
      sleep(1);
   return 0;
}
