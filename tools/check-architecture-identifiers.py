#!/usr/bin/env python3
"""Every name between backticks in docs/dev/architecture.md exists in the
tree, so that the guide cannot go stale silently (issue 28).

  check-architecture-identifiers.py [TOP [DOC]]

TOP is the source tree (default: this script's parent folder), DOC the
guide (default TOP/docs/dev/architecture.md).  Fenced blocks (``` ... ```)
are examples, not claims, and are skipped.  In each backticked span every
word that looks like a name is checked:

  - a path (it has a '/'): a file or folder under TOP, or under one of
    the folders the guide talks from (cli/, hotgrind/, docs/, regtest/);
    a '*' in it is a glob;
  - a file name (NAME.EXT): some file of that name in the tree;
  - an option (--NAME, --NAME=VALUE: the part before '='), a function,
    macro, type or variable (HT_(x), VG_(x), name(), NAME): its text in a
    source file (not a .md file).

Words of plain lower-case letters ("struct", "int", "make") are not
names.  tools/architecture-pending-identifiers.txt lists names of the
target layout that do not exist yet: they pass, with a note once they do
exist (then take them off the list).  Exit 0 when all are found, else 1
after one line per missing name.
GPL-2.0-or-later; part of hotgrind.
"""
import fnmatch
import os
import re
import sys

SKIP_DIRS = {".git", "autom4te.cache", ".in_place", ".deps", "__pycache__",
             "node_modules"}
SOURCE_SUFFIXES = (".c", ".h", ".am", ".ac", ".in", ".sh", ".py", ".xsd",
                   ".patch", ".json", ".yml", ".S", ".cpp", ".cjs", ".txt")
SELF = os.path.basename(__file__)
BASES = ("", "cli/", "hotgrind/", "docs/", "regtest/", "patches/", "tools/")


def tree(top):
    """(paths relative to TOP, file names, the text of the sources)."""
    paths, names, texts = set(), set(), []
    pending = os.path.join("tools", "architecture-pending-identifiers.txt")
    for dirpath, dirnames, filenames in os.walk(top):
        rel = os.path.relpath(dirpath, top)
        # Build trees (configure run in a subfolder) are not the tree.
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and
                             not os.path.exists(os.path.join(
                                 dirpath, d, "config.status")))
        if rel != ".":
            paths.add(rel)
        for f in filenames:
            path = f if rel == "." else os.path.join(rel, f)
            paths.add(path)
            names.add(f)
            if not f.endswith(SOURCE_SUFFIXES) and f != "Makefile.am" or \
               path in (pending, os.path.join("tools", SELF)):
                continue
            try:
                with open(os.path.join(top, path), "rb") as fh:
                    data = fh.read(4 << 20)
            except OSError:
                continue
            if b"\0" not in data:
                texts.append(data.decode("utf-8", "replace"))
    return paths, names, "\n".join(texts)


def spans(doc):
    """(line number, text) of each backticked span outside fences."""
    fenced = False
    with open(doc, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if line.lstrip().startswith("```"):
                fenced = not fenced
                continue
            if fenced:
                continue
            for m in re.finditer(r"`([^`]+)`", line):
                yield n, m.group(1)


def words(span):
    """The words of SPAN that name something."""
    for word in span.split():
        word = word.strip(",;:'\"")
        if word.startswith("--"):
            word = word.split("=", 1)[0]
            if len(word) > 2:
                yield word
            continue
        if word.startswith("#") or word.startswith("$") or \
                word.startswith("<") or not word:
            continue
        if re.fullmatch(r"[a-z]+", word) or re.fullmatch(r"[0-9.,]+", word):
            continue
        if word.endswith("()"):
            word = word[:-2]
        word = word.rstrip(")") if word.count(")") > word.count("(") \
            else word
        word = word.lstrip("(*&")
        if word:
            yield word


def found(word, paths, names, text):
    if "/" in word:
        w = word.rstrip("/")
        for base in BASES:
            cand = os.path.normpath(base + w)
            if "*" in cand:
                if any(fnmatch.fnmatch(p, cand) for p in paths):
                    return True
            elif cand in paths or cand + ".in" in paths:
                return True    # a file configure makes counts as its .in
        return False
    if "*" in word:
        return any(fnmatch.fnmatch(f, word) for f in names)
    if re.fullmatch(r"[\w.+-]+\.[A-Za-z]{1,5}", word) and word in names:
        return True
    # A whole name: `hg_fnv` is not found in hg_fnv1a.
    pattern = re.escape(word)
    if re.match(r"\w", word[0]):
        pattern = r"(?<!\w)" + pattern
    if re.match(r"\w", word[-1]):
        pattern += r"(?!\w)"
    return re.search(pattern, text) is not None


def main(argv):
    top = os.path.abspath(argv[1] if len(argv) > 1 else
                          os.path.join(os.path.dirname(__file__), ".."))
    doc = argv[2] if len(argv) > 2 else os.path.join(
        top, "docs", "dev", "architecture.md")
    pending_file = os.path.join(top, "tools",
                                "architecture-pending-identifiers.txt")
    pending = set()
    if os.path.exists(pending_file):
        with open(pending_file, encoding="utf-8") as fh:
            pending = {l.strip() for l in fh
                       if l.strip() and not l.startswith("#")}
    paths, names, text = tree(top)
    missing, checked = [], 0
    for n, span in spans(doc):
        for word in words(span):
            checked += 1
            here = found(word, paths, names, text)
            if word in pending:
                if here:
                    print("note: %s:%d: `%s` exists now: take it off %s" %
                          (os.path.relpath(doc, top), n, word,
                           os.path.relpath(pending_file, top)))
                continue
            if not here:
                missing.append("%s:%d: `%s` (in `%s`) is not in the tree" %
                               (os.path.relpath(doc, top), n, word, span))
    for m in missing:
        print(m)
    print("%d names checked, %d missing" % (checked, len(missing)))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
