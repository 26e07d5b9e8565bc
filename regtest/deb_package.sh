#!/bin/sh
# hotgrind regression tests: the patched Valgrind as a Debian package
# (tools/build-deb.sh; docs/threads.md, "The patched Valgrind as a Debian
# package").  GPL-2.0-or-later
#
# The package comes from HOTGRIND_DEB_DIR when set (a folder holding
# valgrind_*.deb), else from tools/build-deb.sh: its cache of built
# packages (a few seconds when warm), or, run as root, a build (about 10
# minutes of CPU cold).  Not root and nothing cached: skipped.
# It is unpacked with dpkg -x into this test's folder (nothing is
# installed) and run through a launcher that points VALGRIND_LIB there,
# as the in-tree builds' vg-in-place does.  Checked:
#   1. the package is Debian's release with a +hotgrind revision, holds
#      every file of the installed stock valgrind package (when that is
#      Debian's own) but the 32-bit x86 tools, plus the hotgrind tool,
#      and its copyright file says what the patches change;
#   2. hotgrind under --det-sched=yes gives byte-identical reports in
#      three runs of det_sched.sh's programs (det_prog pingpong, bench's
#      prodcons), and Cachegrind under the option counts the same Ir in
#      every function (cg_compare.py); det_sched.sh runs them under load;
#   3. with HOTGRIND_INTREE (test.sh's in-tree 3.19 build), hotgrind's
#      det-sched totals are the in-tree build's, and on oracle_c the
#      package's Cachegrind writes the same file, its Callgrind the same
#      total and self Ir in every function, its DHAT the same figures
#      (the preload library's code and frames aside: below);
#   4. a stock tool that hotgrind's test builds do not have, Memcheck,
#      runs clean.
. "${srcdir:-.}/lib.sh"
. "$srcdir/thread_lib.sh"

if test -n "${HOTGRIND_DEB_DIR:-}"; then
   deb_dir=$HOTGRIND_DEB_DIR
elif deb_dir=$("$top_srcdir/tools/build-deb.sh" --cached-only); then
   :
elif test "$(id -u)" = 0; then
   deb_dir=$("$top_srcdir/tools/build-deb.sh" 2>build-deb.err) ||
      fail "tools/build-deb.sh failed: $(tail -n 20 build-deb.err)"
else
   skip "no package in tools/build-deb.sh's cache, and building one needs root (apt-get build-dep)"
fi
set -- "$deb_dir"/valgrind_*.deb
test -f "$1" || hard_error "no valgrind_*.deb in $deb_dir"
deb=$1
echo "package: $deb"

# 1. What the package is.
deb_version=$(dpkg-deb -f "$deb" Version)
case $deb_version in
   1:3.19.0-1+hotgrind*|1:3.24.0-3+hotgrind*|1:3.27.1-0.2+hotgrind*) ;;
   *) fail "package version $deb_version is not a Debian release with a +hotgrind revision" ;;
esac
dpkg-deb -x "$deb" root
root=$WORK/root
mkdir launcher
cat >launcher/vg-in-place <<EOS
#!/bin/sh
VALGRIND_LIB=$root/usr/libexec/valgrind exec $root/usr/bin/valgrind.bin "\$@"
EOS
chmod +x launcher/vg-in-place
PKG=$WORK/launcher/vg-in-place
dpkg-deb -c "$deb" | awk '{ print $6 }' | sed 's|^\./|/|; s|/$||' | sort >package.files
grep -qx "/usr/libexec/valgrind/hotgrind-$HT_ARCH-linux" package.files ||
   fail "the package has no /usr/libexec/valgrind/hotgrind-$HT_ARCH-linux"
stock=$(dpkg-query -W -f='${Version}' valgrind 2>/dev/null || :)
case $stock in
   *+hotgrind*|'')
      echo "note: the installed valgrind is not Debian's own (${stock:-none}): its file list not compared" ;;
   *)
      dpkg -L valgrind | grep -v '^/\.$' | sort >stock.files
      comm -23 stock.files package.files >missing.files
      # The 32-bit x86 tools, preloads and core libraries are not built
      # (tools/build-deb.sh says why), and DEB_BUILD_OPTIONS=nodoc leaves
      # out what dh_installdocs installs (README, AUTHORS, the FAQ, the
      # doc-base entry; the manual's HTML stays): those alone may be
      # missing.
      grep -Ev '^/usr/(libexec|lib/[^/]*)/valgrind/[^/]*-x86-linux(\.so|\.a)?$' missing.files |
         grep -Ev '^/usr/share/doc-base(/valgrind\.valgrind)?$|^/usr/share/doc/valgrind/[^/]*$' \
         >missing-other.files || :
      test ! -s missing-other.files ||
         fail "files of the stock valgrind $stock missing from the package: $(head -n 5 missing-other.files)"
      pass "the package has all $(wc -l <stock.files) files of the stock valgrind $stock but $(wc -l <missing.files) x86-linux and nodoc ones, and hotgrind" ;;
esac
copyright=$root/usr/share/doc/valgrind/copyright
grep -q 'debian/patches/hotgrind-' "$copyright" && grep -q -- '--det-sched=yes' "$copyright" ||
   fail "the copyright file does not say what hotgrind's patches change"
pass "version $deb_version; the copyright file names the patches and --det-sched"

# det_lib.sh's checks of the launcher (runs, accepts --det-sched=yes).
# shellcheck disable=SC2034  # read by det_lib.sh's det_intree
HOTGRIND_DEB_ROOT=$WORK/launcher
# shellcheck disable=SC2034
det_intree_var=HOTGRIND_DEB_ROOT
. "$srcdir/det_lib.sh"
det_intree --det-sched=yes
case $vg_version in
   "valgrind-$(echo "$deb_version" | sed 's/^[0-9]*://; s/-[^-]*$//')") ;;
   *) fail "the package's valgrind says $vg_version, its version is $deb_version" ;;
esac

# 2. Byte-identical reports under --det-sched=yes.
cc -O2 -g -pthread -o det_prog "$srcdir/det_prog.c" ||
   hard_error "cannot compile det_prog.c"
cc -O2 -g -pthread -o prodcons "$top_srcdir/bench/prodcons.c" ||
   hard_error "cannot compile bench/prodcons.c"
# det_same NAME PROG ARGS: three runs give the same report (lib.sh's
# three_runs and same_three), with two threads or more; Cachegrind under
# the option counts the same Ir in every function (lib.sh's oracle).
det_same() {
   _n=$1; shift
   three_runs hgt "$_n" --det-sched=yes -- "$@"
   same_three "$_n"
   test "$(xpath "$_n.1.xml" 'count(/hotgrind/threads/thread)')" -ge 2 ||
      fail "$_n: fewer than two threads in the report"
   cg "$_n.cg" --det-sched=yes "$@"
   oracle "$_n.1.xml" "$_n.cg" >/dev/null
   pass "$_n: total $(total_ir "$_n.1.xml") = Cachegrind's under --det-sched=yes, every function equal"
}
det_same pingpong ./det_prog pingpong
det_same prodcons ./prodcons 2000 16 20

# 3. The same as the in-tree build of the same release and patches.
if test -n "${HOTGRIND_INTREE:-}"; then
   # The client's environment holds VALGRIND_LIB, the launcher's path
   # and LD_PRELOAD's paths into VALGRIND_LIB, whose lengths change
   # start-up counts: both builds run from copies of their launchers
   # through paths of the same length (pkg/, tre/).
   mkdir pkg tre
   cp "$root/usr/bin/valgrind.bin" pkg/valgrind
   ln -s "$root/usr/libexec/valgrind" pkg/lib
   cp "$HOTGRIND_INTREE/coregrind/valgrind" tre/valgrind
   ln -s "$HOTGRIND_INTREE/.in_place" tre/lib
   # vg W TOOL-OPTIONS... PROG ARGS: the build W (pkg, tre) runs it.
   vg() {
      _w=$1; shift
      run_client_env VALGRIND_LIB="$WORK/$_w/lib" "$WORK/$_w/valgrind" "$@"
   }
   for w in pkg tre; do
      vg "$w" --tool=hotgrind --det-sched=yes --hotgrind-out-file="pp.$w.xml" \
         ./det_prog pingpong >"pp.$w.stdout" 2>"pp.$w.stderr" ||
         fail "pingpong: hotgrind ($w) exited with $?"
      vg "$w" --tool=hotgrind --det-sched=yes --hotgrind-out-file="pc.$w.xml" \
         ./prodcons 2000 16 20 >"pc.$w.stdout" 2>"pc.$w.stderr" ||
         fail "prodcons: hotgrind ($w) exited with $?"
   done
   expect_eq "pingpong under --det-sched=yes: total Ir, package against in-tree build" \
      "$(total_ir pp.pkg.xml)" "$(total_ir pp.tre.xml)"
   expect_eq "prodcons under --det-sched=yes: total Ir, package against in-tree build" \
      "$(total_ir pc.pkg.xml)" "$(total_ir pc.tre.xml)"
   # Each tool's output file, from both builds, on the same command.
   for w in pkg tre; do
      vg "$w" --tool=cachegrind --cache-sim=no --cachegrind-out-file="cg.$w" \
         ../oracle_c 2000 >"cg.$w.stdout" 2>"cg.$w.stderr" ||
         fail "cachegrind ($w) exited with $?"
      vg "$w" --tool=callgrind --callgrind-out-file="cgr.$w" \
         ../oracle_c 2000 >"cgr.$w.stdout" 2>"cgr.$w.stderr" ||
         fail "callgrind ($w) exited with $?"
      vg "$w" --tool=dhat --dhat-out-file="dhat.$w" \
         ../oracle_c 2000 >"dhat.$w.stdout" 2>"dhat.$w.stderr" ||
         fail "dhat ($w) exited with $?"
   done
   cmp cg.pkg cg.tre || fail "Cachegrind: the package's output differs from the in-tree build's"
   # Callgrind: the total, and every function's self Ir in every object
   # but Valgrind's preload library (the package's is stripped, as
   # Debian's is, so its functions have no names there; the in-tree
   # one's are named by address).  DHAT: every
   # figure but the pid and those in instructions (the time unit), which
   # count the preload's malloc, compiled with Debian's flags in one and
   # the default ones in the other; the preload's own frame dropped.
   "$PYTHON3" - cgr.pkg cgr.tre dhat.pkg dhat.tre >tools.cmp 2>&1 <<'EOF' ||
import json, re, sys

def callgrind(path):
    names = {}
    def name(kind, text):
        m = re.match(r'\((\d+)\)(?: (.*))?$', text)
        if not m:
            return text
        if m.group(2) is not None:
            names[(kind, m.group(1))] = m.group(2)
        return names[(kind, m.group(1))]
    selfs, total, ob, fn, skip = {}, None, None, None, False
    for line in open(path):
        line = line.rstrip('\n')
        key, _, val = line.partition('=')
        if key in ('ob', 'cob'):
            n = name('ob', val)
            if key == 'ob':
                ob = n
        elif key in ('fn', 'cfn'):
            n = name('fn', val)
            if key == 'fn':
                fn = n
        elif key in ('fl', 'fi', 'fe', 'cfi', 'cfl'):
            name('fl', val)
        elif key == 'calls':
            skip = True
        elif line.startswith('totals:'):
            total = int(line.split()[1])
        elif line and (line[0].isdigit() or line[0] in '+-*'):
            if skip:
                skip = False
            elif 'vgpreload_' not in ob:
                # A function with no name is named by its address, which
                # the preload library's size moves: one sum per object.
                k = (ob, 'unnamed' if re.match(r'0x[0-9a-f]+$', fn) else fn)
                selfs[k] = selfs.get(k, 0) + int(line.split()[1])
    return total, selfs

def dhat(path):
    d = json.load(open(path))
    frames = d['ftbl']
    top = {k: v for k, v in d.items() if k not in ('pid', 'te', 'tg', 'pps', 'ftbl')}
    pps = sorted(
        json.dumps([[frames[f] for f in p['fs'] if 'vgpreload_' not in frames[f]],
                    {k: v for k, v in p.items() if k not in ('fs', 'tl')}], sort_keys=True)
        for p in d['pps'])
    return top, pps

bad = 0
a, b = callgrind(sys.argv[1]), callgrind(sys.argv[2])
if a[0] != b[0]:
    print('Callgrind totals: %s and %s' % (a[0], b[0])); bad = 1
for k in sorted(set(a[1]) | set(b[1])):
    if a[1].get(k) != b[1].get(k):
        print('Callgrind %s %s: %s and %s' % (k[0], k[1], a[1].get(k), b[1].get(k))); bad = 1
print('Callgrind: total %s, %d functions' % (a[0], len(a[1])))
a, b = dhat(sys.argv[3]), dhat(sys.argv[4])
if a != b:
    print('DHAT differs: %s / %s' % (a[0], b[0]))
    for x, y in zip(a[1], b[1]):
        if x != y:
            print(x); print(y); break
    bad = 1
print('DHAT: %d program points' % len(a[1]))
sys.exit(bad)
EOF
      fail "the package's tools differ from the in-tree build's: $(head -n 20 tools.cmp)"
   pass "Cachegrind, Callgrind and DHAT on oracle_c: the package's output = the in-tree build's ($(sed -n 's/^summary: //p' cg.pkg) Ir; $(tr '\n' ' ' <tools.cmp))"
else
   echo "note: HOTGRIND_INTREE is not set: no comparison with the in-tree build (test.sh sets it)"
fi

# 4. A stock tool outside hotgrind's in-tree builds.
run_client_env "$PKG" --tool=memcheck --error-exitcode=3 --leak-check=no \
   ../oracle_c 200 >memcheck.stdout 2>memcheck.stderr ||
   fail "memcheck exited with $? (see $WORK/memcheck.stderr)"
grep -q 'ERROR SUMMARY: 0 errors' memcheck.stderr || fail "memcheck: no clean error summary"
pass "Memcheck from the package runs clean"
