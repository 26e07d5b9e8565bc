// hotgrind regression tests: a C++ program compared with Cachegrind.
// GPL-2.0-or-later

// Built with -O2 -g.  The test checks that every function's self Ir and
// the total equal Cachegrind's (--cache-sim=no).  It brings in what C++
// adds to attribution: libstdc++ start-up (iostream, locale), templates
// instantiated in this program (long demangled names), std::map and
// std::string (allocation, comparison), std::sort with a lambda, virtual
// calls, exceptions thrown and caught (the unwinder walks frames, and
// functions are left without a return).
//
// Usage: oracle_cxx [N]  (default 1500).  Output depends only on N.

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

namespace oracle {

// xorshift32: the same sequence on every machine.
class Rng {
public:
   explicit Rng(unsigned seed) : s_(seed) {}
   unsigned next()
   {
      s_ ^= s_ << 13;
      s_ ^= s_ >> 17;
      s_ ^= s_ << 5;
      return s_;
   }

private:
   unsigned s_;
};

std::string make_word(Rng& rng)
{
   static const char* const syl[] = {"ka", "lo", "mi", "nu", "pe", "ra",
                                     "si", "to", "vu", "ze", "an", "or"};
   std::string w;
   for (unsigned i = 0, n = 1 + rng.next() % 4; i < n; i++)
      w += syl[rng.next() % 12];
   return w;
}

template <typename K, typename V>
std::vector<std::pair<K, V>> top(const std::map<K, V>& m, std::size_t k)
{
   std::vector<std::pair<K, V>> v(m.begin(), m.end());
   std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) {
      return a.second != b.second ? a.second > b.second : a.first < b.first;
   });
   if (v.size() > k) v.resize(k);
   return v;
}

template <typename T>
T sum_of(const std::vector<T>& v)
{
   return std::accumulate(v.begin(), v.end(), T{});
}

struct Shape {
   virtual ~Shape() = default;
   virtual double area() const = 0;
};

struct Rect : Shape {
   double w, h;
   Rect(double w_, double h_) : w(w_), h(h_) {}
   double area() const override { return w * h; }
};

struct Tri : Shape {
   double b, h;
   Tri(double b_, double h_) : b(b_), h(h_) {}
   double area() const override { return b * h / 2; }
};

unsigned checked_div(unsigned a, unsigned b)
{
   if (b == 0) throw std::domain_error("division by zero");
   return a / b;
}

} // namespace oracle

int main(int argc, char** argv)
{
   unsigned n = argc > 1 ? unsigned(std::strtoul(argv[1], nullptr, 10)) : 1500;
   oracle::Rng rng(2463534242u);

   std::map<std::string, unsigned> counts;
   for (unsigned i = 0; i < n; i++)
      ++counts[oracle::make_word(rng)];
   std::cout << counts.size() << " distinct words of " << n << '\n';
   for (const auto& [word, c] : oracle::top(counts, 5))
      std::cout << word << ' ' << c << '\n';

   std::vector<long> numbers(n);
   for (auto& x : numbers) x = rng.next() % 100000;
   std::sort(numbers.begin(), numbers.end());
   std::cout << "sum " << oracle::sum_of(numbers) << " median "
             << numbers[n / 2] << '\n';

   std::vector<std::unique_ptr<oracle::Shape>> shapes;
   for (unsigned i = 0; i < 100; i++) {
      if (i % 3) shapes.push_back(std::make_unique<oracle::Rect>(i, 2.0));
      else       shapes.push_back(std::make_unique<oracle::Tri>(i, 4.0));
   }
   double area = 0;
   for (const auto& s : shapes) area += s->area();
   std::cout << "area " << area << '\n';

   unsigned ok = 0, caught = 0;
   for (unsigned i = 0; i < 20; i++) {
      try {
         ok += oracle::checked_div(1000, i % 5);
      } catch (const std::domain_error&) {
         caught++;
      }
   }
   std::cout << "quotients " << ok << ", caught " << caught << '\n';
   return 0;
}
