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
  @@registry TABLE             a table made from the registry,
                               rewriters/front/constructs.def (no run): TABLE
                               `constructs` (each directive and call: spelling,
                               macros, class, stub, rewriter, their .c files,
                               page) or `spellings` (the #pragma, _Pragma and
                               macro spellings, one line per TIRX_SPELLING row)

Usage (from the repository root, after building build/tirx-pp):
  python3 docs/_generate/gen.py . docs/_generate docs
Needs nvcc on PATH or in /usr/local/cuda/bin for the few nvcc examples.  Exits 1
(after writing the pages) when a golden input run with its own flags no longer
matches its tests/golden expectation.
  python3 docs/_generate/gen.py --registry-check REPO
writes nothing and runs no tool: exits 1, with a diff, when a generated page
does not hold the tables its template's @@registry lines make from the rows as
they are now (test `registry`).
"""
import difflib
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile


# The registry: rewriters/front/constructs.def's rows, read as the C
# preprocessor would expand them (NAME(arg, arg, ...) at a line's start).
def split_args(text):
    """A row's arguments: split at the commas outside strings and brackets."""
    args, depth, cur, quoted, i = [], 0, "", False, 0
    while i < len(text):
        ch = text[i]
        if quoted:
            cur += ch
            if ch == "\\":
                cur += text[i + 1]
                i += 1
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted, cur = True, cur + ch
        elif ch in "([":
            depth, cur = depth + 1, cur + ch
        elif ch in ")]":
            depth, cur = depth - 1, cur + ch
        elif ch == "," and depth == 0:
            args.append(cur.strip())
            cur = ""
        else:
            cur += ch
        i += 1
    args.append(cur.strip())
    return [a[1:-1].replace('\\"', '"') if a.startswith('"') else (None if a == "0" else a) for a in args]


def registry_rows(repo):
    """[(kind, args)] in the file's order."""
    rows = []
    for line in open(os.path.join(repo, "rewriters", "front", "constructs.def")):
        m = re.match(r"(TIRX_DIRECTIVE|TIRX_MACRO|TIRX_SPELLING|TIRX_CALL)\((.*)\)\s*(//.*)?$", line)
        if m:
            rows.append((m.group(1), split_args(m.group(2))))
    return rows


def defining_file(repo, function):
    """The rewriters/ .c file that defines FUNCTION (a line that starts its definition)."""
    pattern = re.compile(r"^[A-Za-z].*[ *]%s\([^;]*$" % re.escape(function))
    for path in sorted(glob.glob(os.path.join(repo, "rewriters", "**", "*.c"), recursive=True)):
        if any(pattern.match(line) for line in open(path)):
            return os.path.relpath(path, os.path.join(repo, "rewriters"))
    sys.exit("constructs.def names %s, which no file of rewriters/ defines" % function)


def code(text):
    return "`%s`" % text


def function_cell(repo, function, none):
    return "%s (`%s`)" % (code(function), defining_file(repo, function)) if function else none


CLASSES = {"CLASS_LOOP": "loop", "CLASS_STATEMENT": "statement", "CLASS_REGION": "region",
           "CLASS_DECLARATION": "declaration", "CALL_THREAD": "thread call", "CALL_CONCURRENCY": "concurrency call"}


def constructs_table(repo):
    rows = registry_rows(repo)
    out = ["| spelling | `TIRX_` macros | class | stub (its file) | rewriter (its file) | page |\n",
           "| --- | --- | --- | --- | --- | --- |\n"]
    for i, (kind, a) in enumerate(rows):
        if kind == "TIRX_DIRECTIVE":
            name, _, cls, clauses, stub, rewrite, page = a
            macros = []
            for k, m in rows[i + 1:]:
                if k == "TIRX_DIRECTIVE" or k == "TIRX_CALL":
                    break
                if k == "TIRX_MACRO":
                    macros.append(code(m[0]))
            spelling = code("#pragma tirx " + name) + (" (clauses: %s)" % ", ".join(map(code, clauses.split()))
                                                       if clauses else "")
            out.append("| %s | %s | %s | %s | %s | [%s](%s) |\n" % (
                spelling, ", ".join(macros) or "none", CLASSES[cls], function_cell(repo, stub, "none"),
                function_cell(repo, rewrite, "none: lowered by `concurrency.c`"), page, page))
        elif kind == "TIRX_CALL":
            name, cls, stub, page = a
            out.append("| %s | none | %s | %s | %s | [%s](%s) |\n" % (
                code(name + "()"), CLASSES[cls], code(stub) if stub else "`((void)(ARGS))`",
                "none: read by `scan.c`" + (", lowered by `concurrency.c`" if cls == "CALL_CONCURRENCY" else
                                           ", rewritten by `thread.c`"), page, page))
    return "".join(out)


def spellings_table(repo):
    out = ["| `#pragma` line | `_Pragma` | macro from `headers/tirx.h` |\n", "| --- | --- | --- |\n"]
    for kind, a in registry_rows(repo):
        if kind == "TIRX_SPELLING":
            pragma, macro = a
            macro = "(none)" if macro is None else code(macro) if macro.startswith("TIRX_") else macro
            out.append("| %s | %s | %s |\n" % (code("#pragma tirx " + pragma), code('_Pragma("tirx %s")' % pragma), macro))
    return "".join(out)


REGISTRY_TABLES = {"constructs": constructs_table, "spellings": spellings_table}


def page_table(text, header):
    """The lines of the table in TEXT that starts with HEADER (none when there is none)."""
    lines = text.splitlines(keepends=True)
    if header not in lines:
        return []
    i = lines.index(header)
    j = i
    while j < len(lines) and lines[j].startswith("|"):
        j += 1
    return lines[i:j]


def registry_check(repo):
    """Each generated page holds the tables its template's @@registry lines make now."""
    problems = []
    for template in sorted(glob.glob(os.path.join(repo, "docs", "_generate", "*.md.in"))):
        page = os.path.join(repo, "docs", os.path.basename(template)[:-3])
        for line in open(template):
            if line.startswith("@@registry"):
                table = REGISTRY_TABLES[line.split()[1]](repo)
                text = open(page).read() if os.path.exists(page) else ""
                if table not in text:
                    old = page_table(text, table.splitlines(keepends=True)[0])
                    diff = "".join(difflib.unified_diff(old, table.splitlines(keepends=True), "docs/" + os.path.basename(page),
                                                        "constructs.def"))
                    problems.append("docs/%s: its %s table is not what constructs.def makes (run gen.py):\n%s"
                                    % (os.path.basename(page), line.split()[1], diff))
    for p in problems:
        print("registry:", p)
    return 1 if problems else 0


if sys.argv[1] == "--registry-check":
    sys.exit(registry_check(os.path.abspath(sys.argv[2])))

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
        elif kind == "registry":
            out.append(REGISTRY_TABLES[rest[0]](REPO))
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
