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
#      Debian's own), plus the hotgrind tool, and its copyright file says
#      what the patches change;
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

# HOTGRIND_DEB_INSTALL=yes (as root): instead of the checks below, the
# package installed for real over the stock one, then the stock one put
# back.  ./test.sh runs this after make check, alone: it replaces
# /usr/bin/valgrind, which nothing else may be using meanwhile.
if test "${HOTGRIND_DEB_INSTALL:-no}" = yes; then
   test "$(id -u)" = 0 || skip "HOTGRIND_DEB_INSTALL=yes: installing needs root"
   stock=$(dpkg-query -W -f='${Version}' valgrind 2>/dev/null || :)
   case $stock in
      ''|*+hotgrind*) hard_error "the installed valgrind is not a stock one (${stock:-none}): nothing to go back to" ;;
   esac
   deb_version=$(dpkg-deb -f "$deb" Version)
   upstream=$(echo "$deb_version" | sed 's/^[0-9]*://; s/-[^-]*$//')
   arch_tool=/usr/libexec/valgrind/hotgrind-$HT_ARCH-linux
   # A hotgrind that make install put there: the package replaces it and
   # going back removes it, so it is put back at the end.
   test ! -f "$arch_tool" || cp -p "$arch_tool" installed-hotgrind
   # The stock package goes back even when a check fails (lib.sh turns
   # fail's TERM into exit 1, which runs the EXIT trap).
   back_to_stock() {
      "$top_srcdir/tools/install-deb.sh" --stock >stock.log 2>&1 ||
         echo "ERROR: tools/install-deb.sh --stock failed (see $WORK/stock.log)" >&2
      test ! -f installed-hotgrind || cp -p installed-hotgrind "$arch_tool"
   }
   trap back_to_stock EXIT
   # What tools/install-deb.sh does once the package is built; it is
   # called itself when the package is build-deb.sh's.
   if test -n "${HOTGRIND_DEB_DIR:-}"; then
      DEBIAN_FRONTEND=noninteractive apt-get install -y -q --reinstall \
         --no-install-recommends "$deb" >install.log 2>&1
   else
      "$top_srcdir/tools/install-deb.sh" >install.log 2>&1
   fi || fail "installing the package failed (see $WORK/install.log)"
   expect_eq "the installed valgrind's version" \
      "$(dpkg-query -W -f='${Version}' valgrind)" "$deb_version"
   # valgrind --version gives the upstream release (Debian's revision,
   # +hotgrind1, is the package's alone).
   expect_eq "valgrind --version" "$(valgrind --version)" "valgrind-$upstream"
   cc -O2 -g -pthread -o prodcons "$top_srcdir/bench/prodcons.c" ||
      hard_error "cannot compile bench/prodcons.c"
   for i in 1 2 3; do
      run_client_env valgrind -q --tool=hotgrind --det-sched=yes \
         --hotgrind-out-file="pc.$i.xml" ./prodcons 2000 16 20 \
         >"pc.$i.out" 2>&1 || fail "hotgrind run $i exited with $? (see $WORK/pc.$i.out)"
   done
   cmp pc.1.xml pc.2.xml && cmp pc.1.xml pc.3.xml ||
      fail "three runs of plain valgrind --tool=hotgrind --det-sched=yes gave different reports"
   threads=$("$PYTHON3" -c 'import sys, xml.etree.ElementTree as E
print(len(E.parse(sys.argv[1]).getroot().findall("threads/thread")))' pc.1.xml)
   test "$threads" -ge 2 || fail "prodcons: $threads thread(s) in the report"
   pass "installed $deb_version: valgrind --tool=hotgrind --det-sched=yes gives identical reports of prodcons ($threads threads) three times"
   run_client_env valgrind -q --tool=memcheck --error-exitcode=3 ./prodcons 200 4 2 \
      >mc.out 2>&1 || fail "installed Memcheck exited with $? (see $WORK/mc.out)"
   run_client_env valgrind -q --tool=cachegrind --cache-sim=no \
      --cachegrind-out-file=cg.out /bin/true >cg.log 2>&1 &&
      grep -q '^summary: [1-9]' cg.out || fail "installed Cachegrind: no summary (see $WORK/cg.log)"
   run_client_env valgrind -q --tool=callgrind --callgrind-out-file=cgr.out \
      /bin/true >cgr.log 2>&1 &&
      grep -q '^totals: [1-9]' cgr.out || fail "installed Callgrind: no totals (see $WORK/cgr.log)"
   pass "installed Memcheck (clean), Cachegrind and Callgrind run"
   trap - EXIT
   back_to_stock
   expect_eq "the valgrind version after going back" \
      "$(dpkg-query -W -f='${Version}' valgrind)" "$stock"
   run_client_env valgrind -q --tool=memcheck --error-exitcode=3 /bin/true \
      >mc-stock.out 2>&1 || fail "stock Memcheck exited with $? (see $WORK/mc-stock.out)"
   if test ! -f installed-hotgrind; then
      run_client_env valgrind --tool=hotgrind /bin/true >hg-stock.out 2>&1 &&
         fail "--tool=hotgrind still runs after going back to the stock package"
      grep -q "can't find tool\|no such tool\|failed to start tool" hg-stock.out ||
         fail "--tool=hotgrind after going back: $(head -n 2 hg-stock.out)"
   fi
   run_client_env valgrind --tool=none --det-sched=yes /bin/true >det-stock.out 2>&1 &&
      fail "the stock valgrind accepts --det-sched=yes"
   pass "back to the stock valgrind $stock: Memcheck runs, --tool=hotgrind and --det-sched=yes are gone"
   exit 0
fi

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
# The platforms the build has: tools/build-deb.sh leaves 32-bit x86 out
# where its build dependencies would remove the cross compilers.  A
# folder from elsewhere (HOTGRIND_DEB_DIR) without that file: what the
# package holds.
if test -f "$deb_dir/platforms"; then
   platforms=$(cat "$deb_dir/platforms")
elif grep -q -- '-x86-linux$' package.files; then
   platforms="$HT_ARCH-linux x86-linux"
else
   platforms="$HT_ARCH-linux"
fi
case " $platforms " in
   *" x86-linux "*) x86=yes ;;
   *) x86=no ;;
esac
grep -qx "/usr/libexec/valgrind/hotgrind-$HT_ARCH-linux" package.files ||
   fail "the package has no /usr/libexec/valgrind/hotgrind-$HT_ARCH-linux"
stock=$(dpkg-query -W -f='${Version}' valgrind 2>/dev/null || :)
case $stock in
   *+hotgrind*|'')
      echo "note: the installed valgrind is not Debian's own (${stock:-none}): its file list not compared" ;;
   *)
      dpkg -L valgrind | grep -v '^/\.$' | sort >stock.files
      comm -23 stock.files package.files >missing.files
      # Every one, the documents dh_installdocs ships (README, AUTHORS,
      # the FAQ, the doc-base entry) too, and the 32-bit x86 tools
      # unless the build left that platform out (its "platforms" file,
      # written by tools/build-deb.sh, says why it may).
      if test "$x86" = yes; then
         cp missing.files missing-other.files
      else
         grep -Ev '^/usr/(libexec|lib/[^/]*)/valgrind/[^/]*-x86-linux(\.so|\.a)?$' \
            missing.files >missing-other.files || :
      fi
      test ! -s missing-other.files ||
         fail "files of the stock valgrind $stock missing from the package: $(head -n 5 missing-other.files)"
      pass "the package has all $(wc -l <stock.files) files of the stock valgrind $stock but $(wc -l <missing.files) x86-linux ones, and hotgrind (platforms: $platforms)" ;;
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
det_build_progs
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

# 5. The 32-bit x86 platform of an amd64 package built with it (as
# Debian's is): every tool is there, and a two-thread program that waits for its other
# thread in socketcall's recv and uses ipc's semop (32-bit x86 has no
# direct calls for them) runs under none, Memcheck and hotgrind, with
# and without --det-sched=yes.  The program needs no libc (binutils
# makes it); it runs under qemu-i386-static, whose Valgrind runs such a
# program (not glibc's start-up: a host state check fails in the stock
# package too), because a kernel may lack 32-bit support, as this
# machine's does.
if test "$x86" = no; then
   echo "note: the package has no 32-bit x86 platform (platforms: $platforms)"
else
   for t in none memcheck cachegrind callgrind hotgrind; do
      grep -qx "/usr/libexec/valgrind/$t-x86-linux" package.files ||
         fail "the package has no /usr/libexec/valgrind/$t-x86-linux"
   done
   if ! command -v qemu-i386-static >/dev/null 2>&1; then
      echo "note: no qemu-i386-static (qemu-user-static): the x86 tools are not run"
   else
      cat >x86.s <<'EOS'
# 32-bit x86 reaches sockets and SysV IPC through socketcall and ipc.
# Two threads: the second waits in a blocking recv (socketcall) until the
# first has spun a while and sent a byte, then sends one back, for which
# the first waits the same way; around them, a recv with MSG_DONTWAIT
# and semops with IPC_NOWAIT that must not wait.  Exits 0 when each call
# gives what it should.  No libc: as --32 and ld -m elf_i386 make it.
        .section .data
pair:   .long 1, 1, 0, sv          # AF_UNIX, SOCK_STREAM, 0, sv
msg:    .ascii "x"
sops:   .short 0, 1, 0             # sem 0, +1
        .short 0, -1, 04000        # sem 0, -1, IPC_NOWAIT
        .section .bss
        .lcomm sv, 8
        .lcomm buf, 4
        .lcomm buf2, 4
        .lcomm semid, 4
        .lcomm arg, 4
        .lcomm stack, 8192
        .section .text
        .globl _start
# socketcall CALL on the four words pushed before it
.macro sockcall call
        movl %esp, %ecx
        movl $102, %eax
        movl $\call, %ebx
        int $0x80
        addl $16, %esp
.endm
# recv(FD, BUF, 1, FLAGS)
.macro recv1 fd, buf, flags
        pushl $\flags
        pushl $1
        pushl $\buf
        pushl \fd
        sockcall 10
.endm
# send(FD, "x", 1, 0)
.macro send1 fd
        pushl $0
        pushl $1
        pushl $msg
        pushl \fd
        sockcall 9
.endm
_start:
        movl $102, %eax            # socketpair(AF_UNIX, SOCK_STREAM, 0, sv)
        movl $8, %ebx
        movl $pair, %ecx
        int $0x80
        testl %eax, %eax
        jnz fail
        recv1 sv+4, buf, 0x40      # MSG_DONTWAIT, nothing to read: EAGAIN
        cmpl $-11, %eax
        jne fail
        movl $120, %eax            # clone(VM|FS|FILES|SIGHAND|THREAD|SYSVSEM)
        movl $0x50f00, %ebx
        movl $stack+8192, %ecx
        xorl %edx, %edx
        xorl %esi, %esi
        xorl %edi, %edi
        int $0x80
        testl %eax, %eax
        js fail
        jz child
        movl $3000000, %ecx        # spin, so that the child waits first
spin:   decl %ecx
        jnz spin
        send1 sv
        cmpl $1, %eax
        jne fail
        recv1 sv, buf2, 0          # waits for the child's answer
        cmpl $1, %eax
        jne fail
        movl $117, %eax            # ipc(SEMGET, IPC_PRIVATE, 1, 0600)
        movl $2, %ebx
        xorl %ecx, %ecx
        movl $1, %edx
        movl $0600, %esi
        int $0x80
        testl %eax, %eax
        js fail
        movl %eax, semid
        movl $117, %eax            # ipc(SEMOP, semid, 2, 0, sops): +1, -1
        movl $1, %ebx
        movl semid, %ecx
        movl $2, %edx
        xorl %esi, %esi
        movl $sops, %edi
        int $0x80
        testl %eax, %eax
        jnz fail
        movl $117, %eax            # ipc(SEMOP, semid, 1, 0, sops+6): EAGAIN
        movl $1, %ebx
        movl semid, %ecx
        movl $1, %edx
        xorl %esi, %esi
        movl $sops+6, %edi
        int $0x80
        cmpl $-11, %eax
        jne fail
        movl $117, %eax            # ipc(SEMCTL, semid, 0, IPC_RMID|IPC_64, &arg)
        movl $3, %ebx
        movl semid, %ecx
        xorl %edx, %edx
        movl $0x100, %esi
        movl $arg, %edi
        int $0x80
        testl %eax, %eax
        jnz fail
        movl $252, %eax            # exit_group(0)
        xorl %ebx, %ebx
        int $0x80
child:
        recv1 sv+4, buf, 0         # waits for the parent's byte
        cmpl $1, %eax
        jne fail
        send1 sv+4
        movl $1, %eax              # exit(0): this thread only
        xorl %ebx, %ebx
        int $0x80
fail:
        movl $252, %eax            # exit_group(1)
        movl $1, %ebx
        int $0x80
EOS
      { as --32 -o x86.o x86.s && ld -m elf_i386 -o x86prog x86.o; } >x86.build 2>&1 ||
         hard_error "cannot assemble the x86 program: $(cat x86.build)"
      timeout 60 qemu-i386-static ./x86prog ||
         hard_error "the x86 program fails under qemu-i386-static alone ($?)"
      # vg_x86 TOOL OPTIONS...: the package's x86 tool on x86prog, as its
      # launcher would run it.
      vg_x86() {
         _t=$1; shift
         run_client_env VALGRIND_LIB="$root/usr/libexec/valgrind" \
            VALGRIND_LAUNCHER="$root/usr/bin/valgrind.bin" \
            timeout 300 qemu-i386-static "$root/usr/libexec/valgrind/$_t-x86-linux" \
            --tool="$_t" "$@" ./x86prog
      }
      for t in none memcheck hotgrind; do
         for det in no yes; do
            set -- --det-sched=$det --error-exitcode=3
            test "$t" != hotgrind || set -- "$@" --hotgrind-out-file="x86.$t.$det.xml"
            vg_x86 "$t" "$@" >"x86.$t.$det.out" 2>&1 ||
               fail "x86 $t --det-sched=$det exited with $? (see $WORK/x86.$t.$det.out)"
         done
      done
      grep -q 'ERROR SUMMARY: 0 errors' x86.memcheck.yes.out ||
         fail "x86 Memcheck under --det-sched=yes: no clean error summary"
      for i in 1 2; do
         vg_x86 hotgrind --det-sched=yes --hotgrind-out-file="x86.det.$i.xml" \
            >"x86.det.$i.out" 2>&1 || fail "x86 hotgrind run $i exited with $?"
      done
      cmp x86.hotgrind.yes.xml x86.det.1.xml && cmp x86.det.1.xml x86.det.2.xml ||
         fail "x86: three hotgrind runs under --det-sched=yes gave different reports"
      test "$(xpath x86.det.1.xml 'count(/hotgrind/threads/thread)')" -eq 2 ||
         fail "x86: the report does not have the program's two threads"
      pass "x86: none, Memcheck and hotgrind run the two-thread socketcall/ipc program with and without --det-sched=yes; hotgrind's three reports under it are identical"
   fi
fi
