# hotgrind bench: what the bench scripts share.  GPL-2.0-or-later
# Sourced after the script has set `top` (the source tree).

# find_built GIVEN REL: the absolute path of a built program: GIVEN when it
# is not empty, else the first of ../build/REL next to the source tree and
# build/REL inside it that exists.  Exits 2, saying so, when there is none
# (use as var=$(find_built ...) under set -e).
find_built() {
   _fb_path=$1
   if test -z "$_fb_path"; then
      for _fb_c in "$top/../build/$2" "$top/build/$2"; do
         if test -x "$_fb_c"; then _fb_path=$_fb_c; break; fi
      done
   fi
   if test -z "$_fb_path" || ! test -x "$_fb_path"; then
      echo "$0: no $(basename "$2") at '${_fb_path:-$top/../build/$2}'; pass the built one" >&2
      exit 2
   fi
   echo "$(cd "$(dirname "$_fb_path")" && pwd)/$(basename "$_fb_path")"
}
