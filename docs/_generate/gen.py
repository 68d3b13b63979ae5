#!/usr/bin/env python3
"""Expands the doc templates (*.md.in) into docs/*.md by RUNNING tirx-pp.

Every input, output, message and exit status in the pages comes from a run of
the binary; nothing is typed by hand.  Directives, one per line:

  @@golden NAME.cu [ARGS...]   input from tests/golden/NAME.cu, then the run
  @@bad NAME.cu [ARGS...]      input from tests/bad/NAME.cu, then the run (its
                               NAME.stderr checked as a golden's expectation is)
  @@example NAME.cu [ARGS...]  input from the ```cuda block that follows, then the run
  @@file NAME                  writes the fenced block that follows, and shows it
  @@run NAME.cu [ARGS...]      the run only (input shown before)
  @@shell COMMAND              a shell command and everything it prints
  @@copy-golden NAME           copies tests/golden/NAME into the work directory, silently
  @@stderr PATH.cu [ARGS...]   what tirx-pp prints on standard error for the repository's
                               PATH.cu (tests/golden/..., tests/bad/...), with ARGS, else
                               with its NAME.flags: a quoted diagnostic that stays true
  @@help                       `tirx-pp --help`, verbatim

Usage (from the repository root, after building build/tirx-pp):
  python3 docs/_generate/gen.py . docs/_generate docs
Needs nvcc on PATH or in /usr/local/cuda/bin for the few nvcc examples.  Exits 1
(after writing the pages) when a golden input run with its own flags no longer
matches its tests/golden expectation.
"""
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

REPO, TEMPLATES, OUT = (os.path.abspath(p) for p in sys.argv[1:4])
TOOL = os.environ.get("TIRX_PP_TOOL", os.path.join(REPO, "build", "tirx-pp"))  # another build directory
GOLDEN = os.path.join(REPO, "tests", "golden")
BAD = os.path.join(REPO, "tests", "bad")
problems = []

bindir = tempfile.mkdtemp(prefix="tirx-doc-bin-")
os.symlink(TOOL, os.path.join(bindir, "tirx-pp"))
ENV = dict(os.environ, PATH=bindir + ":/usr/local/cuda/bin:" + os.environ["PATH"], LC_ALL="C",
           TIRX_HEADERS=os.path.join(REPO, "headers"),
           TIRX_PP_CACHE_DIR=os.environ.get("TIRX_PP_CACHE_DIR",
                                             os.path.join(tempfile.gettempdir(), "tirx-doc-cache")))


def fence(text, lang):
    if text and not text.endswith("\n"):
        text += "\n"
    return "```%s\n%s```\n" % (lang, text)


def run(work, name, args):
    p = subprocess.run(["tirx-pp"] + args + [name], cwd=work, env=ENV, capture_output=True)
    return p.stdout.decode(), p.stderr.decode(), p.returncode


def expected_files(cases, stem):
    """What a case's run must print: (stdout file, stderr file) of a golden or a bad case."""
    if cases == BAD:
        return os.path.join(BAD, stem + ".stdout"), os.path.join(BAD, stem + ".stderr")
    return os.path.join(GOLDEN, stem + ".expected.cu"), os.path.join(GOLDEN, stem + ".expected.err")


def show_run(work, name, args, golden_check=False, cases=GOLDEN):
    out, err, rc = run(work, name, args)
    cmd = " ".join(["tirx-pp"] + [shlex.quote(a) for a in args] + [name])
    parts = ["```console\n$ %s\n```\n" % cmd]
    if out:
        parts.append("\nOutput:\n\n" + fence(out, "cuda"))
    if err:
        parts.append("\nStandard error:\n\n" + fence(err, "text"))
    if not out and rc != 0:
        parts.append("\nNo output is written. ")
    else:
        parts.append("\n")
    parts.append("Exit status %d.\n" % rc)
    if golden_check:
        stem = name[:-3]
        exp_out, exp_err = expected_files(cases, stem)
        if os.path.exists(exp_out) and open(exp_out).read() != out:
            problems.append("%s: stdout differs from %s" % (cmd, exp_out))
        if os.path.exists(exp_err) and open(exp_err).read() != err:
            problems.append("%s: stderr differs from %s" % (cmd, exp_err))
        if not os.path.exists(exp_err) and err:
            problems.append("%s: unexpected stderr" % cmd)
    return "".join(parts)


def golden_flags(stem, cases=GOLDEN):
    p = os.path.join(cases, stem + ".flags")
    return open(p).read().split() if os.path.exists(p) else []


def read_block(lines, i):
    """The fenced block starting at lines[i] (after blank lines); returns (text, next i)."""
    while lines[i].strip() == "":
        i += 1
    if not lines[i].startswith("```"):
        sys.exit("expected a fenced block at template line %d" % (i + 1))
    body = []
    i += 1
    while not lines[i].startswith("```"):
        body.append(lines[i])
        i += 1
    return "".join(body), i + 1


def expand(path, work):
    lines = open(path).read().splitlines(keepends=True)
    out = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.startswith("@@"):
            out.append(line)
            i += 1
            continue
        words = shlex.split(line[2:])
        kind, rest = words[0], words[1:]
        i += 1
        if kind in ("golden", "bad"):
            name, args = rest[0], rest[1:]
            cases = GOLDEN if kind == "golden" else BAD
            shutil.copy(os.path.join(cases, name), os.path.join(work, name))
            src = open(os.path.join(cases, name)).read()
            out.append("Input [`tests/%s/%s`](../tests/%s/%s):\n\n" % (kind, name, kind, name))
            out.append(fence(src, "cuda") + "\n")
            out.append(show_run(work, name, args, golden_check=(args == golden_flags(name[:-3], cases)), cases=cases))
        elif kind == "copy-golden":
            shutil.copy(os.path.join(GOLDEN, rest[0]), os.path.join(work, rest[0]))
        elif kind == "golden-run":
            name, args = rest[0], rest[1:]
            shutil.copy(os.path.join(GOLDEN, name), os.path.join(work, name))
            out.append(show_run(work, name, args, golden_check=(args == golden_flags(name[:-3]))))
        elif kind in ("example", "file"):
            name, args = rest[0], rest[1:]
            src, i = read_block(lines, i)
            os.makedirs(os.path.dirname(os.path.join(work, name)), exist_ok=True)
            with open(os.path.join(work, name), "w") as f:
                f.write(src)
            lang = "cuda" if name.endswith((".cu", ".cuh", ".h")) else "text"
            out.append("`%s`:\n\n" % name + fence(src, lang))
            if kind == "example":
                out.append("\n" + show_run(work, name, args))
        elif kind == "stderr":
            path, args = rest[0], rest[1:]
            name = os.path.basename(path)
            shutil.copy(os.path.join(REPO, path), os.path.join(work, name))
            flags = os.path.join(REPO, path[:-3] + ".flags")
            if not args and os.path.exists(flags):
                args = open(flags).read().split()
            p = subprocess.run(["tirx-pp"] + args + [name], cwd=work, env=ENV, capture_output=True)
            out.append(fence(p.stderr.decode(), "text"))
        elif kind == "run":
            name, args = rest[0], rest[1:]
            out.append(show_run(work, name, args))
        elif kind == "shell":
            # consecutive @@shell lines make one console block
            cmds = [line[2:].strip()[len("shell"):].strip()]
            while i < len(lines) and lines[i].startswith("@@shell"):
                cmds.append(lines[i][2:].strip()[len("shell"):].strip())
                i += 1
            text = ""
            for cmd in cmds:
                p = subprocess.run(["bash", "-c", "exec 2>&1\n" + cmd], cwd=work, env=ENV, capture_output=True)
                text += "$ %s\n%s" % (cmd, p.stdout.decode())
            out.append(fence(text, "console"))
        elif kind == "help":
            p = subprocess.run(["tirx-pp", "--help"], env=ENV, capture_output=True)
            out.append(fence(p.stdout.decode(), "text"))
        else:
            sys.exit("%s:%d: unknown directive %s" % (path, i, kind))
    return "".join(out)


os.makedirs(OUT, exist_ok=True)
for t in sorted(os.listdir(TEMPLATES)):
    if not t.endswith(".md.in"):
        continue
    work = tempfile.mkdtemp(prefix="tirx-doc-")
    text = ("<!-- Generated by _generate/gen.py from _generate/%s: edit that file, not this one. -->\n" % t
            + expand(os.path.join(TEMPLATES, t), work))
    with open(os.path.join(OUT, t[:-3]), "w") as f:
        f.write(text)
    shutil.rmtree(work)
shutil.rmtree(bindir)
for p in problems:
    print("PROBLEM:", p, file=sys.stderr)
sys.exit(1 if problems else 0)
