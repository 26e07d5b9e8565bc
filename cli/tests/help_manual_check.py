#!/usr/bin/python3
"""Checks that three descriptions of each subcommand's command line agree:
its `hotgrind CMD --help`, its row of the command table in docs/manual.md
("The hotgrind command") and the option table its cli/builtin/ file gives
hg_parse_options.  Usage: help_manual_check.py HOTGRIND MANUAL BUILTIN-DIR.

Prints one line per disagreement, naming the option and where it is
missing, and exits 1 if there is any.  GPL-2.0-or-later; part of hotgrind.

What counts as a command's options:
- --help: the options in its synopsis (the usage lines; a help of several
  actions, suite's and history's, has one synopsis per action), plus, when
  the synopsis says [OPTIONS] or the help has one synopsis, the options
  its option lines define (lines starting "  -"; in a help of several
  actions, those of the "ACTION:" paragraph when it has any, else the
  ones outside any such paragraph).
- the manual: every option in the first code span of the row's first
  cell, the synopsis `hotgrind CMD [ACTION] ...`; one row per command and
  action (the "does" cell is prose and not read).
- the source: each `.name = "-..."` in cli/builtin/CMD-ACTION.c if it
  exists, else CMD.c; one file may serve several actions (their options
  are then compared as a whole).
--format's values are compared too: the synopsis's --format=A|B|C, an
option line "--format=A", or the words of an option line "--format F
text (default), json or csv".
"""

import os
import re
import subprocess
import sys

OPTION = re.compile(r'(?<![\w-])(--?[A-Za-z][\w-]*)')
FORMATS = re.compile(r'--format=([a-z]+(?:\|[a-z]+)*)')
# Every command prints its help on --help or -h: neither is listed.
NOT_LISTED = {'--help', '-h'}


def help_text(hotgrind, words):
    done = subprocess.run([hotgrind] + words + ['--help'], text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if done.returncode != 0:
        sys.exit('hotgrind %s --help: exit status %d: %s'
                 % (' '.join(words), done.returncode, done.stderr.strip()))
    return done.stdout


def definition(line):
    """The options and --format values of an option line of a help."""
    parts = re.split(r'\s{2,}', line.strip(), 1)
    head, meaning = parts[0], parts[1] if len(parts) > 1 else ''
    options, formats = set(), set()
    for token in head.replace(',', ' ').split():
        m = re.fullmatch(r'(--?[A-Za-z][\w-]*)(.*)', token)
        if m:
            options.add(m.group(1))
            value = m.group(2)
            if m.group(1) == '--format':
                if re.fullmatch(r'=[a-z]+', value):
                    formats.add(value[1:])
                else:
                    # "--format F   text (default), json or csv"
                    words = re.sub(r'\([^)]*\)', ' ', meaning)
                    formats.update(w for w in re.split(r'[\s,]+', words)
                                   if re.fullmatch(r'[a-z]+', w)
                                   and w not in ('or', 'and'))
        elif re.search(r'[a-z]', token):
            break       # the meaning, after a single space
    return options, formats


def parse_help(text):
    """Its synopses (the words after "hotgrind"), the option lines outside
    any "ACTION:" paragraph, and those in each: (options, formats)."""
    lines = text.split('\n')
    synopses = []
    i = 0
    while i < len(lines) and lines[i].strip():
        m = re.match(r'(?:usage:)?\s*hotgrind (.*)', lines[i])
        if m:
            synopses.append(m.group(1).strip())
        elif synopses:
            synopses[-1] += ' ' + lines[i].strip()
        i += 1
    shared = (set(), set())
    sections = {}
    section = None
    for line in lines[i:]:
        if not line.strip():
            section = None
            continue
        m = re.match(r'([a-z]+): ', line)
        if m:
            section = sections.setdefault(m.group(1), (set(), set()))
            continue
        if re.match(r'  --?[A-Za-z]', line):
            options, formats = definition(line)
            where = section if section is not None else shared
            where[0].update(options)
            where[1].update(formats)
    return synopses, shared, sections


def synopsis_sets(text):
    formats = set()
    for m in FORMATS.finditer(text):
        formats.update(m.group(1).split('|'))
    return set(OPTION.findall(text)) - NOT_LISTED, formats


def help_commands(hotgrind):
    """The commands (each a list of words) `hotgrind help` lists, with
    suite's and history's actions, and for each its options and --format
    values as its --help gives them."""
    out = subprocess.run([hotgrind, 'help'], text=True,
                         stdout=subprocess.PIPE, check=True).stdout
    names = re.findall(r'^  ([a-z]+) ', out.split('Commands:\n', 1)[1],
                       re.M)
    commands = {}
    for name in names:
        if name == 'help':
            continue
        synopses, _, _ = parse_help(help_text(hotgrind, [name]))
        actions = []
        for s in synopses:
            words = s.split()
            if len(words) > 1 and re.fullmatch(r'[a-z]+(\|[a-z]+)*',
                                               words[1]):
                actions += words[1].split('|')
        for action in actions or [None]:
            key = [name] + ([action] if action else [])
            synopses, shared, sections = parse_help(help_text(hotgrind,
                                                              key))
            mine = [s for s in synopses if s.split()[:len(key)] == key]
            if len(mine) != 1:
                sys.exit('hotgrind %s --help: %d usage lines for it, want 1'
                         % (' '.join(key), len(mine)))
            options, formats = synopsis_sets(mine[0])
            if len(synopses) == 1:
                defined = [shared] + list(sections.values())
            elif '[OPTIONS]' not in mine[0]:
                defined = []
            elif action in sections and sections[action][0]:
                defined = [sections[action]]
            else:
                defined = [shared]
            for d in defined:
                options |= d[0] - NOT_LISTED
                formats |= d[1]
            commands[' '.join(key)] = (options, formats)
    return commands


def manual_rows(path):
    """The rows of the manual's command table: command -> (line number,
    options, formats), and the problems met reading it."""
    rows, problems = {}, []
    in_section = False
    with open(path, encoding='utf-8') as f:
        for number, line in enumerate(f, 1):
            if line.startswith('## '):
                in_section = line.strip() == '## The hotgrind command'
                continue
            if not in_section or not line.startswith('| `hotgrind '):
                continue
            first = re.split(r'(?<!\\) \| ', line[2:], 1)[0]
            spans = re.findall(r'`hotgrind ([^`]*)`', first)
            m = re.match(r'[a-z]+(?: [a-z]+)*(?= |$)', spans[0])
            key = m.group(0) if m else spans[0]
            where = '%s:%d' % (path, number)
            if key != 'help' and len(spans) != 1:
                problems.append('%s: one command a row, please (`hotgrind '
                                '%s`)' % (where, '`, `hotgrind '.join(spans)))
            if key in rows:
                problems.append('%s: a second row for `hotgrind %s`'
                                % (where, key))
            text = spans[0].replace('\\|', '|')
            rows[key] = (where,) + synopsis_sets(text)
    if not rows:
        problems.append('%s: no command table under "## The hotgrind '
                        'command"' % path)
    return rows, problems


def parser_options(path):
    with open(path, encoding='utf-8') as f:
        return set(re.findall(r'\.name\s*=\s*"(-[^"]*)"', f.read()))


def main():
    hotgrind, manual, builtin = sys.argv[1:4]
    commands = help_commands(hotgrind)
    rows, problems = manual_rows(manual)
    for key, (options, formats) in sorted(commands.items()):
        if key not in rows:
            problems.append('%s: no row for `hotgrind %s` in the command '
                            'table' % (manual, key))
            continue
        where, row_options, row_formats = rows[key]
        for o in sorted(options - row_options):
            problems.append('%s: `hotgrind %s`: %s is in its --help but not '
                            'in the manual\'s row' % (where, key, o))
        for o in sorted(row_options - options):
            problems.append('%s: `hotgrind %s`: %s is in the manual\'s row '
                            'but not in its --help' % (where, key, o))
        for v in sorted(formats - row_formats):
            problems.append('%s: `hotgrind %s`: --format=%s is in its --help '
                            'but not in the manual\'s row' % (where, key, v))
        for v in sorted(row_formats - formats):
            problems.append('%s: `hotgrind %s`: --format=%s is in the '
                            'manual\'s row but not in its --help'
                            % (where, key, v))
    for key in sorted(set(rows) - set(commands) - {'help'}):
        problems.append('%s: a row for `hotgrind %s`, which `hotgrind help` '
                        'and the commands\' --help do not list'
                        % (rows[key][0], key))
    # Each source file against the commands it parses the options of.
    served = {}
    for key, (options, _) in commands.items():
        words = key.split()
        path = os.path.join(builtin, '-'.join(words) + '.c')
        if not os.path.exists(path):
            path = os.path.join(builtin, words[0] + '.c')
        served.setdefault(path, [set(), []])
        served[path][0].update(options)
        served[path][1].append('`hotgrind %s`' % key)
    for path, (options, keys) in sorted(served.items()):
        table = parser_options(path)
        for o in sorted(table - options):
            problems.append('%s: %s is in the option table but not in the '
                            '--help of %s' % (path, o, ', '.join(keys)))
        for o in sorted(options - table):
            problems.append('%s: %s is in the --help of %s but not in the '
                            'option table' % (path, o, ', '.join(keys)))
    for p in problems:
        print(p)
    print('%d commands, %d problems' % (len(commands), len(problems)))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
