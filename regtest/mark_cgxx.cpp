// hotgrind regression tests: non-recursive marked C++ functions whose
// inclusive Ir and calls are compared with Callgrind's.
// GPL-2.0-or-later

// Built with -O2 -g -std=c++17.  Usage: mark_cgxx N -- output depends
// only on N.  Marked by demangled names with '::' (mark_callgrind.sh):
// member functions of cgx::Inventory, a function template instance, and
// a lambda called through std::function.  They call into libstdc++ and
// libc (std::string, std::sort, memcmp, operator new) through the PLT.
//
// As in mark_cg.c, no marked function reaches code that Callgrind 3.19
// counts short of Cachegrind (malloc, free, stdio, ld.so's lazy binding
// and IFUNC resolvers): the names are short enough for std::string to
// keep them inside the object (no allocation), the vector is reserved
// by main, and warm_up() binds the PLT slots (std::sort's memcmp) first.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>
#include "mark.h"

namespace cgx {

class Inventory {
public:
   HT_NOIPA void add(unsigned i);
   HT_NOIPA std::size_t total_length() const;
   HT_NOIPA void sort_names();
   const std::vector<std::string>& names() const { return names_; }
   void reserve(std::size_t n) { names_.reserve(n); }

private:
   std::vector<std::string> names_;
};

void Inventory::add(unsigned i)
{
   char     buf[16] = "item-";
   unsigned v = i * 2654435761u % 100000, len = 5;
   for (unsigned d = 10000; d > 0; d /= 10)
      buf[len++] = (char)('0' + v / d % 10);
   names_.emplace_back(buf, len);
}

std::size_t Inventory::total_length() const
{
   std::size_t n = 0;
   for (const auto& s : names_)
      n += s.size();
   return n;
}

void Inventory::sort_names()
{
   std::sort(names_.begin(), names_.end());
}

template <typename T>
HT_NOIPA T sum_all(const std::vector<T>& v)
{
   T s{};
   for (const auto& x : v)
      s += x;
   return s;
}

} // namespace cgx

static void warm_up()
{
   std::vector<std::string> w;
   for (unsigned i = 0; i < 40; i++)
      w.emplace_back(i % 2 ? "item-a" : "item-b");
   std::sort(w.begin(), w.end());
   if (w.front() != "item-a")
      std::abort();
}

int main(int argc, char** argv)
{
   unsigned n = argc > 1 ? (unsigned)std::strtoul(argv[1], nullptr, 10) : 200;
   warm_up();

   cgx::Inventory inv;
   inv.reserve(n);
   for (unsigned i = 0; i < n; i++)
      inv.add(i);
   inv.sort_names();
   std::size_t len = inv.total_length();

   std::vector<unsigned long> nums;
   nums.reserve(n);
   for (unsigned i = 0; i < n; i++)
      nums.push_back(i * 31u);
   unsigned long s = cgx::sum_all(nums);

   std::function<unsigned long(unsigned long)> f =
      [](unsigned long x) { return x * x + 1; };
   for (unsigned i = 0; i < n; i++)
      s += f(i);

   std::printf("%zu %lu %s\n", len, s, inv.names().front().c_str());
   return 0;
}
