/* hotgrind regression tests: C++ allocation, for the heap totals against
   DHAT (heap_dhat.sh).  GPL-2.0-or-later */

/* Usage: heap_cxx ROUNDS
   Runs round_() ROUNDS times and prints a checksum.

   One round, in order, with what each step allocates (operator new and
   new[] of every form count once each, whatever they call inside: the
   spec's outermost-call rule; DHAT replaces them whole), and frees:

      step                                          allocs  bytes  frees
      new int / delete (sized: operator delete(p, 4))  1        4     1
      new char[300] / delete[]                         1      300     1
      new Dtor[4] / delete[]: 4 * 12 bytes + the       1       56     1
        8-byte count cookie (non-trivial destructor;
        delete[] is operator delete[](p, 56))
      new char[0] / delete[]: 0 bytes count as 1       1        1     1
      new (nothrow) double[10] / delete[]              1       80     1
      new (nothrow) long / delete                      1        8     1
      new (nothrow) char[SIZE_MAX - 4095]: NULL        -        -     -
        (libstdc++'s nothrow new throws bad_alloc
        inside and catches it: its exception's
        malloc and free are nested, not counted)
      new A64 (alignas(64), 128 bytes) / delete        1      128     1
        (operator new(128, align_val_t(64)),
        operator delete(p, 128, align_val_t(64)))
      new A64[3] / delete[]                            1      384     1
      operator new(200, align_val_t(256)) /            1      200     1
        operator delete(p, 200, align_val_t(256))
      operator new(50, align_val_t(32), nothrow) /     1       50     1
        operator delete(p, align_val_t(32), nothrow)
      vector<int>: 100 push_back from empty: the      8     1020     8
        capacity doubles from 1 (libstdc++): 1, 2, 4,
        ..., 128 ints, 4 * 255 bytes, each buffer
        freed when the next is made, the last at
        the end of the scope
      vector<long>: reserve(10), 11 push_back: 10,      2      240     2
        then 2 * 10 longs (80 + 160 bytes)
      string: 100 times += 'x': past the 15 chars      3      213     3
        held in place, capacity max(needed, 2 * old):
        30, 60, 120, each + 1 byte: 31 + 61 + 121
      kept: new std::string(200, 'k'): the string      2      233     -
        object (32 bytes) and its 201-byte buffer,
        never freed

   A round: allocs 10 + 8 + 2 + 3 + 2 = 25,
            bytes 4+300+56+1+80+8+128+384+200+50 = 1211, + 1020 + 240
                  + 213 + 233 = 2917,
            frees 23 (all but the kept 2) of 2917 - 233 = 2684 bytes,
            and 2 blocks of 233 bytes more live at the end.

   Every block is passed to escape() (not inlined, not analysed), so that
   gcc cannot drop a new/delete pair. */

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#if defined(__GNUC__) && !defined(__clang__)
#  define HH_NOIPA __attribute__((noipa))
#else
#  define HH_NOIPA __attribute__((noinline))
#endif

static unsigned long checksum, failures;
static std::string*  kept[64];

HH_NOIPA static void escape(const void* p)
{
   checksum += (std::uintptr_t)p != 0;
}

HH_NOIPA static void check(bool ok)
{
   if (!ok)
      failures++;
}

static volatile std::size_t huge = SIZE_MAX - 4095;

struct Dtor {
   int x[3];
   HH_NOIPA ~Dtor() { checksum += x[0]; }
};

struct alignas(64) A64 {
   char c[100];
};

HH_NOIPA static void round_(unsigned long r)
{
   int* a = new int(5);
   escape(a);
   delete a;

   char* b = new char[300];
   escape(b);
   delete[] b;

   Dtor* d = new Dtor[4];
   for (int i = 0; i < 4; i++)
      d[i].x[0] = i;
   escape(d);
   delete[] d;

   char* z0 = new char[0];
   escape(z0);
   delete[] z0;

   double* nd = new (std::nothrow) double[10];
   check(nd != nullptr);
   escape(nd);
   delete[] nd;

   long* nl = new (std::nothrow) long(7);
   check(nl != nullptr);
   escape(nl);
   delete nl;

   char* nf = new (std::nothrow) char[huge];
   check(nf == nullptr);

   A64* al = new A64;
   check(((std::uintptr_t)al & 63) == 0);
   escape(al);
   delete al;

   A64* ala = new A64[3];
   check(((std::uintptr_t)ala & 63) == 0);
   escape(ala);
   delete[] ala;

   void* o = ::operator new(200, std::align_val_t(256));
   check(((std::uintptr_t)o & 255) == 0);
   escape(o);
   ::operator delete(o, 200, std::align_val_t(256));

   void* on = ::operator new(50, std::align_val_t(32), std::nothrow);
   check(on != nullptr && ((std::uintptr_t)on & 31) == 0);
   escape(on);
   ::operator delete(on, std::align_val_t(32), std::nothrow);

   {
      std::vector<int> v;
      for (int i = 0; i < 100; i++)
         v.push_back(i);
      check(v.capacity() == 128);
      escape(v.data());
      checksum += v[99];
   }
   {
      std::vector<long> w;
      w.reserve(10);
      for (long i = 0; i < 11; i++)
         w.push_back(i);
      check(w.capacity() == 20);
      escape(w.data());
      checksum += w[10];
   }
   {
      std::string s;
      for (int i = 0; i < 100; i++)
         s += 'x';
      check(s.capacity() == 120);
      escape(s.data());
      checksum += s.size();
   }
   kept[r % 64] = new std::string(200, 'k');
   escape(kept[r % 64]->data());
}

int main(int argc, char** argv)
{
   if (argc != 2) {
      std::fprintf(stderr, "usage: %s ROUNDS\n", argv[0]);
      return 2;
   }
   unsigned long rounds = std::strtoul(argv[1], nullptr, 10);
   for (unsigned long r = 0; r < rounds; r++)
      round_(r);
   if (failures) {
      std::printf("heap_cxx: %lu checks failed\n", failures);
      return 1;
   }
   std::printf("heap_cxx %lu %lu\n", rounds, checksum);
   return 0;
}
