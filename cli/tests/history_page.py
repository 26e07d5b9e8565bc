#!/usr/bin/env python3
"""The history site's page of each function of a report, computed apart
from hotgrind for the --history-url tests of check and diff: the path is
FNV-1a 64 over (benchmark, object, name, file), each field after a step
with its position (h = (h ^ i) * prime, then its bytes folded in), as
history/pages.h names pages.  The benchmark is BENCHMARK, or the file name
of the report's program (the launcher's program setting, else <exe>).

Usage: history_page.py REPORT [BENCHMARK].  Prints one line per function:
name, object, file and the page, separated by tabs.
GPL-2.0-or-later; part of hotgrind."""
import os, sys
import xml.etree.ElementTree as ET

BASIS, PRIME, MASK = 14695981039346656037, 1099511628211, (1 << 64) - 1

def page(fields):
    h = BASIS
    for i, field in enumerate(fields):
        h = ((h ^ i) * PRIME) & MASK
        for byte in field.encode():
            h = ((h ^ byte) * PRIME) & MASK
    return "functions/%016x.html" % h

root = ET.parse(sys.argv[1]).getroot()
if len(sys.argv) > 2:
    benchmark = sys.argv[2]
else:
    program = root.find("run/command/exe").text or ""
    launcher = root.find("run/launcher")
    if launcher is not None:
        for s in launcher.findall("setting"):
            if s.get("name") == "program" and s.get("value"):
                program = s.get("value")
    benchmark = os.path.basename(program)
for f in root.iter("function"):
    name, obj, src = f.get("name"), f.get("object"), f.get("file") or ""
    print("\t".join([name, obj, src, page([benchmark, obj, name, src])]))
