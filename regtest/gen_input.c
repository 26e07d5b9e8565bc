/* hotgrind regression tests and bench: deterministic inputs for real
   programs.  GPL-2.0-or-later */

/* gen_input text BYTES   text of pseudo-words and numbers, BYTES long:
                          compressible, but not trivially (for bzip2, xz)
   gen_input sql ROWS     an SQL script for sqlite3: a table of ROWS rows
                          inserted one statement each in a transaction, an
                          index, then aggregate, join, update and ordered
                          queries.

   The output is a function of the arguments only (xorshift32 with a fixed
   seed, no locale, no time), the same on every machine. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned state = 2463534242u;

static unsigned next_rand(void)
{
   state ^= state << 13;
   state ^= state >> 17;
   state ^= state << 5;
   return state;
}

static const char* const words[] = {
   "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf",
   "hotel", "india", "juliet", "kilo", "lima", "mike", "november",
   "oscar", "papa", "quebec", "romeo", "sierra", "tango", "uniform",
   "victor", "whiskey", "xray", "yankee", "zulu", "valgrind", "cache",
   "branch", "instruction", "function", "report",
};
#define N_WORDS (sizeof words / sizeof words[0])

static void text(unsigned long bytes)
{
   char          buf[64];
   unsigned long done = 0;
   while (done < bytes) {
      unsigned r = next_rand();
      int      len;
      if (r % 7 == 0)
         len = snprintf(buf, sizeof buf, "%u", r % 100000);
      else
         len = snprintf(buf, sizeof buf, "%s", words[(r >> 3) % N_WORDS]);
      buf[len++] = (r >> 8) % 11 == 0 ? '\n' : ' ';
      if ((unsigned long)len > bytes - done) len = (int)(bytes - done);
      fwrite(buf, 1, (size_t)len, stdout);
      done += (unsigned long)len;
   }
}

static void sql(unsigned long rows)
{
   unsigned long i;
   puts("CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT, grp INTEGER,"
        " price REAL, qty INTEGER);");
   puts("CREATE TABLE grp(id INTEGER PRIMARY KEY, label TEXT);");
   puts("BEGIN;");
   for (i = 0; i < 20; i++)
      printf("INSERT INTO grp VALUES(%lu, '%s');\n", i, words[i % N_WORDS]);
   for (i = 1; i <= rows; i++) {
      unsigned r = next_rand();
      printf("INSERT INTO item VALUES(%lu, '%s-%u', %u, %u.%02u, %u);\n",
             i, words[r % N_WORDS], r % 1000, (r >> 10) % 20,
             (r >> 4) % 500, r % 100, (r >> 16) % 50);
   }
   puts("COMMIT;");
   puts("CREATE INDEX item_grp ON item(grp, price);");
   puts("SELECT grp, count(*), round(sum(price), 2), max(qty) FROM item"
        " GROUP BY grp ORDER BY grp;");
   puts("SELECT g.label, count(*) FROM item i JOIN grp g ON g.id = i.grp"
        " WHERE i.price > 250 GROUP BY g.label ORDER BY 2 DESC, 1 LIMIT 5;");
   puts("UPDATE item SET qty = qty + 1 WHERE name LIKE 'a%';");
   puts("DELETE FROM item WHERE qty = 0;");
   puts("SELECT count(*), sum(qty) FROM item;");
   puts("SELECT name, price FROM item ORDER BY price DESC, id LIMIT 10;");
   puts("SELECT substr(name, 1, 3) AS p, count(*) FROM item GROUP BY p"
        " HAVING count(*) > 1 ORDER BY 2 DESC, 1 LIMIT 5;");
}

int main(int argc, char** argv)
{
   unsigned long n;
   if (argc != 3) {
      fprintf(stderr, "usage: %s text BYTES | sql ROWS\n", argv[0]);
      return 2;
   }
   n = strtoul(argv[2], NULL, 10);
   if (strcmp(argv[1], "text") == 0) text(n);
   else if (strcmp(argv[1], "sql") == 0) sql(n);
   else {
      fprintf(stderr, "%s: unknown kind '%s'\n", argv[0], argv[1]);
      return 2;
   }
   return fflush(stdout) == 0 ? 0 : 1;
}
