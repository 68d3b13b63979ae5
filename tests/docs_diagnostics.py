#!/usr/bin/env python3
"""Every diagnostic quoted in the documentation is what tirx-pp prints today.

  docs_diagnostics.py TIRX_PP REPO PAGE.md...

In each fenced block of each page, a line 'FILE:LINE:COL: error|warning|note|remark: ...'
starts a quoted message; the lines after it up to the next such line (the source line,
the caret) belong to it. FILE is found by its name in tests/golden, tests/bad, examples
(or as a path from the repository root); tirx-pp runs on it from its folder, with
NAME.flags when there is one, and each quoted message must appear in its standard
error, every line as quoted. A message whose file is not in the repository is a
failure: quote an input that the reader (and this test) can run.
"""
import os
import re
import subprocess
import sys

tool, repo, pages = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), sys.argv[3:]
DIAG = re.compile(r"^(?P<file>[\w./+-]+\.(?:cu|cuh|h|hpp)):\d+:\d+: (?:error|warning|note|remark): ")
SEARCH = ["tests/golden", "tests/bad", "examples", "tests/user_headers", "tests/launcher"]


def blocks(text):
    """The fenced blocks of a page, as (first line number, lines)."""
    out, cur, start = [], None, 0
    for n, line in enumerate(text.split("\n"), 1):
        if line.startswith("```"):
            if cur is None:
                cur, start = [], n + 1
            else:
                out.append((start, cur))
                cur = None
        elif cur is not None:
            cur.append(line)
    return out


def messages(lines):
    """The quoted messages of a block: lists of lines, each starting with a diagnostic."""
    msgs = []
    for line in lines:
        if DIAG.match(line):
            msgs.append([line])
        elif msgs and line.strip() and not line.startswith("$ "):
            msgs[-1].append(line)
    return msgs


def find_input(name):
    if os.path.isfile(os.path.join(repo, name)):
        return os.path.join(repo, name), "."
    for d in SEARCH:
        path = os.path.join(repo, d, name)
        if os.path.isfile(path):
            return path, d
    return None, None


cache = {}


def stderr_of(path):
    if path not in cache:
        folder, base = os.path.split(path)
        flags = []
        stem = os.path.splitext(path)[0]
        if os.path.isfile(stem + ".flags"):
            flags = open(stem + ".flags").read().split()
        p = subprocess.run([tool, base] + flags, cwd=folder, capture_output=True,
                           env=dict(os.environ, LC_ALL="C"))
        cache[path] = p.stderr.decode(errors="replace")
    return cache[path]


failures = checked = 0
for page in pages:
    text = open(page).read()
    for start, lines in blocks(text):
        for msg in messages(lines):
            name = DIAG.match(msg[0]).group("file")
            path, _ = find_input(os.path.basename(name) if "/" not in name else name)
            if path is None:
                path, _ = find_input(os.path.basename(name))
            where = "%s (block at line %d)" % (os.path.relpath(page, repo), start)
            checked += 1
            if path is None:
                failures += 1
                print("FAIL %s: %s is not an input in the repository" % (where, name))
                continue
            got = stderr_of(path)
            quoted = "\n".join(msg)
            # The tool names the file as it was given (its name in its folder).
            quoted_as_run = quoted.replace(name + ":", os.path.basename(path) + ":")
            if quoted_as_run + "\n" not in got:
                failures += 1
                print("FAIL %s: tirx-pp %s does not print\n%s\n--- it prints:\n%s" %
                      (where, os.path.relpath(path, repo), quoted, got))
print("%d quoted messages checked, %d failed" % (checked, failures))
sys.exit(1 if failures else 0)
