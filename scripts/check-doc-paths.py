#!/usr/bin/env python3
"""Checks that the Markdown documents name only files that exist: every relative link, every
`code span` that looks like a path, and every word that starts with a top-level directory of
the repository (src/, tests/, docs/ ...), in README.md, docs/*.md and the other tracked *.md
files (benchmark result reports left out: they record the tree of their day). A path resolves
if it names a tracked file or directory relative to the repository, to the document's folder,
or, for short forms the docs use, to src/, include/, tests/ or bench/ (`unit/http/x_test.cc`,
`nodecc/http.h`, `api/url/host.cc`). A trailing :LINE is ignored; `x.{h,cc}` names x.h and
x.cc; `x*` and a stem (`examples/hello` for hello.cc and hello.js) must match some file.
Placeholders (`test_NAME.py`, `results/DATE-COMMIT.md`, `src/<area>/`) are not checked; a
document lists the paths it names that are not the repository's (those of a generated tree)
in a comment: <!-- check-doc-paths: ignore src/util/format_12.js src/legacy/ -->.

    python3 scripts/check-doc-paths.py [FILE.md ...]

Prints one line per broken path (file:line: path) and exits 1 if there is any, else 0.
"""
import bisect
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Where a short path may be rooted, besides the repository and the document's own folder.
SHORT_ROOTS = ["src", "include", "tests", "bench"]
# Code spans ending in these are meant as files even when they do not start at a known root.
FILE_SUFFIXES = (".cc", ".h", ".py", ".js", ".md", ".txt", ".cmake", ".sh", ".lua", ".go",
                 ".json", ".in", ".tsv")
# Reports written by the benchmarks: records of their commit's tree, not kept current.
SKIP_DOCS = re.compile(r"^bench/(.*/)?results/")

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
CODE = re.compile(r"`([^`\n]+)`")
WORD = re.compile(r"[A-Za-z0-9_.\-+]*/[A-Za-z0-9_.\-/+]*")  # words with a slash
PATHISH = re.compile(r"^[A-Za-z0-9_.\-/+]+$")
PLACEHOLDER = re.compile(r"(?<![A-Za-z])(NAME|DATE|COMMIT|DIR|FILE|MODULE|TOPIC|LAYER)(?![A-Za-z])")
IGNORE = re.compile(r"<!--\s*check-doc-paths:\s*ignore\s+(.*?)-->", re.S)


def tracked():
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True,
                         stdout=subprocess.PIPE).stdout.decode()
    files = set(p for p in out.split("\0") if p)
    dirs = set()
    for f in files:
        parts = f.split("/")
        for i in range(1, len(parts)):
            dirs.add("/".join(parts[:i]))
    return files, dirs


FILES, DIRS = tracked()
SORTED = sorted(FILES)
TOP = sorted(d for d in DIRS if "/" not in d)


def exists(path):
    path = os.path.normpath(path).replace(os.sep, "/")
    return path in FILES or path in DIRS


def matches_prefix(prefix):
    prefix = os.path.normpath(prefix).replace(os.sep, "/")
    i = bisect.bisect_left(SORTED, prefix)
    return i < len(SORTED) and SORTED[i].startswith(prefix)


def resolves(path, doc_dir, mode="plain"):
    """mode: plain (a file, a directory or a stem), prefix (path*)."""
    path = re.sub(r":\d+(-\d+)?$", "", path)
    if not path.rstrip("/") or path.startswith("/"):
        return True  # an absolute path (a URL path, /tmp, /proc): not a file of the repository
    if path.startswith(".."):
        return True  # outside the repository: not this check's business
    bases = ["", doc_dir] + SHORT_ROOTS
    for base in bases:
        c = os.path.join(base, path.rstrip("/")) if base else path.rstrip("/")
        if mode == "prefix":
            if matches_prefix(c):
                return True
        elif exists(c) or matches_prefix(c + "."):
            return True
    return False


def placeholder(path):
    return bool(PLACEHOLDER.search(path)) or "<" in path


TOP_RE = re.compile("^(%s)/" % "|".join(re.escape(t) for t in TOP))


def starts_at_top(path):
    return bool(TOP_RE.match(path))


def candidates(line):
    """(path, mode) for each word of the line that may name a file, braces expanded."""
    for m in WORD.finditer(line):
        word, after = m.group(0), line[m.end():m.end() + 1]
        if word.endswith(".") and after == "{":
            close = line.find("}", m.end())
            if close > 0:
                for alt in line[m.end() + 1:close].split(","):
                    yield word + alt.strip(), "plain"
                continue
        word = word.rstrip(".")
        yield word, "prefix" if after == "*" else "plain"


def check(doc):
    doc_dir = os.path.dirname(doc)
    problems = []
    fenced = False
    with open(os.path.join(ROOT, doc), encoding="utf-8") as f:
        text = f.read()
    ignored = set()
    for m in IGNORE.finditer(text):
        ignored.update(m.group(1).split())
    for n, line in enumerate(text.split("\n"), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        seen = set()

        def report(path):
            if path not in seen and path not in ignored and not placeholder(path):
                seen.add(path)
                problems.append("%s:%d: %s" % (doc, n, path))

        if not fenced:
            for target in LINK.findall(line):
                if re.match(r"^[a-z]+:", target) or target.startswith("#"):
                    continue
                target = target.split("#")[0]
                if target and not exists(os.path.join(doc_dir, target)):
                    report(target)
            for span in CODE.findall(line):
                span = span.strip()
                if not PATHISH.match(span) or "/" not in span or starts_at_top(span):
                    continue  # paths from the top are checked word by word below
                if span.endswith(FILE_SUFFIXES) and not resolves(span, doc_dir):
                    report(span)
        for word, mode in candidates(line):
            if starts_at_top(word) and not resolves(word, doc_dir, mode):
                report(word)
    return problems


def main():
    if len(sys.argv) > 1:
        docs = [os.path.relpath(os.path.abspath(p), ROOT) for p in sys.argv[1:]]
    else:
        docs = sorted(f for f in FILES if f.endswith(".md") and not SKIP_DOCS.match(f))
    problems = []
    for doc in docs:
        problems += check(doc)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
