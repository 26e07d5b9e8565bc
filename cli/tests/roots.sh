#!/bin/sh
# hotgrind show --tree --root and export --format=folded|svg --root on
# fixtures: the subtrees of contexts/names.xml under 'init' (two
# functions of that name, two roots) worked out by hand from the
# fixture; names made hostile (a ';', a newline, markup, a
# right-to-left override) come out as one clean line each in show, one
# frame in folded and escaped in well-formed UTF-8 SVG; each output the
# same bytes twice; the errors (no contexts, no match, --root without
# --tree or with another format) are one line and status 2.  diff
# --format=svg --root draws both reports' subtrees, an empty BASE where
# the root function ran in HEAD only.
# GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` with HOTGRIND and HG_TEST_DATA in the environment.

. "$(dirname "$0")/lib.sh"
py=/usr/bin/python3
checker=$(cd "$(dirname "$0")" && pwd)/hostile_check.py
names=$HG_TEST_DATA/contexts/names.xml
graph=$HG_TEST_DATA/graph/graph.xml
cd "$scratch" || exit 99

# twice ARGS...: the same bytes from two runs of hotgrind ARGS (status
# 0); leaves the output in $out.
twice() {
  run 0 "$@" || return 1
  cp "$out" "$scratch/first"
  run 0 "$@" || return 1
  same "$scratch/first" "$out" "a second run of hotgrind $*"
}

# The fixture with std::vector<int>::push_back(int&&), called by init of
# prog, renamed to hold a ';', a newline, markup and U+202E.
"$py" - "$names" hostile.xml <<'PYEOF' || exit 99
import sys
text = open(sys.argv[1], encoding="utf-8").read()
old = 'name="std::vector&lt;int&gt;::push_back(int&amp;&amp;)"'
assert old in text
new = 'name="evil;name&#10;&lt;/text&gt;&amp;\u202eokay"'
open(sys.argv[2], "w", encoding="utf-8").write(text.replace(old, new))
PYEOF

# --- show: main (15 self) calls init of prog (40 self, 50 inclusive)
# and init of libfoo.so (30, 35); each init one context: two roots, 85
# of the run's 100 Ir.
twice show --tree --root init "$names" && {
  cp "$out" show.txt
  for row in 'root init (prog): 50 Ir inclusive, 50.00% of the run, from 1 context' \
             'root init (libfoo.so): 35 Ir inclusive, 35.00% of the run, from 1 context' \
             'all roots: 85 Ir inclusive, 85.00% of the run, from 2 contexts'; do
    checks=$((checks + 1))
    grep -qxF -- "$row" show.txt || fail "show --tree --root init: no line '$row'"
  done
  # The tree's rows: IR (SHARE) CALLS, the name indented by depth.
  sed -n 's/^ *\([0-9]*\) *([0-9.]*%) *\([0-9]*\)  /\1 \2 /p' show.txt \
    >rows.txt
  printf '%s\n' '50 1 init (prog)' \
    '10 1   std::vector<int>::push_back(int&&) (prog)' \
    '35 1 init (libfoo.so)' '5 1   ??? (libc.so.6)' >rows-want.txt
  same rows-want.txt rows.txt "show --tree --root init rows"
}

# --- folded: the stacks start at the root; init is in two objects.
twice export --format=folded --root init "$names" && {
  sort "$out" >folded.txt
  printf '%s\n' 'init [libfoo.so] 30' 'init [libfoo.so];??? [libc.so.6] 5' \
    'init [prog] 40' 'init [prog];std::vector<int>::push_back(int&&) 10' |
    sort >folded-want.txt
  same folded-want.txt folded.txt "export --format=folded --root init"
}

# --- hostile names: one line each in show, one frame in folded, XML.
twice show --tree --root 'init' hostile.xml && {
  checks=$((checks + 1))
  if LC_ALL=C grep -q "$(printf '\342\200\256')" "$out" ||
     [ "$(lines "$out")" != "$(lines show.txt)" ]; then
    fail "show --root: a control character or a split line"
  fi
}
twice export --format=folded --root 'prog:init' hostile.xml && {
  checks=$((checks + 1))
  [ "$(cat "$out")" = "$(printf 'init [prog] 40\ninit [prog];evil?name?</text>&\342\200\256okay 10')" ] ||
    fail "folded --root: the hostile frame is not one frame"
}
twice export --format=svg --root '*</text>&*' hostile.xml && {
  cp "$out" hostile.svg
  checks=$((checks + 1))
  "$py" "$checker" xml hostile.svg >checker.txt 2>&1 ||
    fail "svg --root: $(cat checker.txt)"
  checks=$((checks + 1))
  grep -qF 'Ir, 10 under *&lt;/text&gt;&amp;*: 10.00% of the run' hostile.svg ||
    fail "svg --root: the subtitle does not have the escaped pattern"
}

# --- diff --format=svg --root: both sides' subtrees (init's two roots,
# 85 Ir each); a root that ran in HEAD only (the hostile function, 10 Ir
# under init of prog) is drawn against an empty BASE.
twice diff --format=svg --root init "$names" "$names" && {
  checks=$((checks + 1))
  grep -qF 'total base 85, head 85, 0 (0.00%); under init' "$out" ||
    fail "diff svg --root init: the subtitle is not the subtrees' totals"
}
twice diff --format=svg --root '*</text>&*' "$names" hostile.xml && {
  cp "$out" diff-hostile.svg
  checks=$((checks + 1))
  "$py" "$checker" xml diff-hostile.svg >checker.txt 2>&1 ||
    fail "diff svg --root: $(cat checker.txt)"
  checks=$((checks + 1))
  grep -qF 'total base 0, head 10, +10 (new); under *&lt;/text&gt;&amp;*' \
    diff-hostile.svg ||
    fail "diff svg --root: BASE is not drawn empty under the new function"
}
expect_trouble diff --format=svg --root 'no_such*' "$names" hostile.xml &&
  one_line_error hostile.xml diff --format=svg --root 'no_such*' "$names" hostile.xml
expect_trouble diff --root init "$names" "$names"

# --- errors: one line, status 2.
expect_trouble show --tree --root main "$graph" &&
  one_line_error "$graph" show --tree --root main "$graph"
expect_trouble show --tree --root 'no_such*' "$names" &&
  one_line_error "$names" show --tree --root 'no_such*' "$names"
expect_trouble export --format=folded --root "$(printf 'x\033]0;y')" "$names" &&
  one_line_error "$names" export --format=folded --root x "$names" && {
  checks=$((checks + 1))
  LC_ALL=C grep -q "$(printf '\033')" "$err" && fail "an escape in the error"
}
expect_trouble show --root init "$names"
expect_trouble export --format=json --root init "$names"

finish
