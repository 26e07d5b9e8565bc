// hotgrind regression test (det_hashmap.sh): 20,000 strings into a std
// HashMap, whose RandomState draws its SipHash keys from getrandom, then
// a lookup of each and 1,000 lookups that miss.  GPL-2.0-or-later
//
// Prints "LEN SUM": SUM adds 3 * v + 1 over every key found, v the
// value stored under it (0 ... 19,999), so it is 3 * (0 + ... + 19,999)
// + 20,000 = 599,990,000 whatever order the table keeps; LEN is 20000.
// The instructions executed depend on the keys' hashes: where they
// collide, probing runs longer.
use std::collections::HashMap;

fn key(i: u64) -> String {
    format!("key-{}-{}", i, i * 7919 % 1000)
}

fn main() {
    let n: u64 = 20000;
    let mut m: HashMap<String, u64> = HashMap::new();
    for i in 0..n {
        m.insert(key(i), i);
    }
    let mut sum: u64 = 0;
    for i in 0..n {
        if let Some(v) = m.get(&key(i)) {
            sum += 3 * v + 1;
        }
    }
    for i in n..n + 1000 {
        if m.contains_key(&format!("key-{}-x", i)) {
            sum += 1;
        }
    }
    println!("{} {}", m.len(), sum);
}
