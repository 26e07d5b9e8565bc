"""hotgrind regression test (det_hashmap.sh): CPython dict work, whose
string hashes are keyed by a secret CPython draws from getrandom at
start-up (without PYTHONHASHSEED).  GPL-2.0-or-later

    det_dict.py            20,000 strings into a dict, then a lookup of
                           each: prints "20000 599990000" (3 * v + 1
                           summed over the values 0 ... 19,999, whatever
                           the order of the table)
    det_dict.py threads    four threads, each filling its own dict of
                           5,000 strings and summing it the same way (3 *
                           (0 + ... + 4,999) + 5,000 = 37,497,500 each):
                           prints "4 149990000"

Runs without site (python3 -S): only what it imports itself.
"""
import sys


def fill_and_sum(n, tag):
    d = {}
    for i in range(n):
        d["key-%s-%d-%d" % (tag, i, i * 7919 % 1000)] = i
    s = 0
    for i in range(n):
        s += 3 * d["key-%s-%d-%d" % (tag, i, i * 7919 % 1000)] + 1
    return len(d), s


def main():
    if sys.argv[1:] == ["threads"]:
        import threading
        sums = [0] * 4

        def work(k):
            sums[k] = fill_and_sum(5000, "t%d" % k)[1]

        threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        print(len(threads), sum(sums))
    else:
        print(*fill_and_sum(20000, "m"))


main()
