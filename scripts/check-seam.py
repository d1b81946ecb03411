#!/usr/bin/env python3
"""The determinism seam, enforced: code above it must not read the clock, randomness or the
network except through src/os and the loop backend (docs/architecture.md, docs/replay.md).

    scripts/check-seam.py [--root DIR]

Scans src/ (comments and string literals removed) for direct calls of the clock, random and
socket I/O primitives outside the files that make up the seam, and exits 1 listing each one.
A call that is deliberately above the seam (its result never reaches a loop: it runs on a pool
thread, or before any loop) is listed in ALLOWED with the reason.
"""
import argparse
import os
import re
import sys

# The seam: the only files that may call these primitives.
SEAM = (
    "src/os/",
    "src/recorder/",
    "src/loop/epoll_backend.cc",
    "src/loop/replay_backend.cc",
)

# Calls of the primitives: global-scope ones (`::read(`: a member named read is not one) of
# any, and unqualified ones of names only libc has.
GLOBAL_ONLY = ["read", "readv", "write", "writev", "pread", "pwrite", "recv", "send", "accept",
               "connect", "bind", "listen", "sendfile", "socket", "close_range", "time", "rand",
               "random"]
LIBC_ONLY = ["clock_gettime", "gettimeofday", "timespec_get", "getrandom", "getentropy",
             "epoll_wait", "epoll_pwait", "epoll_pwait2", "accept4", "recvfrom", "recvmsg",
             "recvmmsg", "sendto", "sendmsg", "sendmmsg", "getsockname", "getpeername",
             "io_uring_enter", "signalfd", "arc4random"]
CALL = re.compile(r"(?<![A-Za-z0-9_.>:])(?:(?:std)?::(?:" + "|".join(GLOBAL_ONLY + LIBC_ONLY) +
                  r")|(?:" + "|".join(LIBC_ONLY) + r"))\s*\(")
OTHER = re.compile(r"std::chrono::(system_clock|steady_clock|high_resolution_clock)::now|"
                   r"std::random_device|\btime\s*\(\s*(nullptr|NULL|0)\s*\)|\brand\s*\(\s*\)")

# path: reason. Each is a call whose result does not flow into a loop's callbacks.
ALLOWED = {
}


def strip(text):
    """Removes comments, string and character literals, keeping line numbers."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif c == '"' or c == "'":
            m = re.match(r'R"([^(]*)\(', text[i:]) if c == '"' and text[i - 1:i] == "R" else None
            if m:
                end = text.find(")" + m.group(1) + '"', i)
                j = n if end < 0 else end + len(m.group(1)) + 2
            else:
                j = i + 1
                while j < n and text[j] != c:
                    j += 2 if text[j] == "\\" else 1
                j += 1
            out.append(c + "\n" * text.count("\n", i, j) + c)
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def self_test():
    """The check must catch planted calls and pass members and comments: else it proves nothing."""
    import tempfile
    planted = (
        "void f(Stream& s, int fd) {\n"
        "  timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts);\n"    # caught
        "  ::write(fd, \"x\", 1);\n"                              # caught
        "  auto t = std::chrono::steady_clock::now();\n"          # caught
        "  getrandom(buf, 16, 0);\n"                               # caught
        "  s.write(\"clock_gettime(\");  // ::read(fd)\n"          # member, literal, comment
        "  write(std::move(v));\n"                                 # unqualified member call
        "}\n")
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "src", "net"))
        os.makedirs(os.path.join(root, "src", "os"))
        with open(os.path.join(root, "src", "net", "planted.cc"), "w") as f:
            f.write(planted)
        with open(os.path.join(root, "src", "os", "clock.cc"), "w") as f:
            f.write("uint64_t f() { clock_gettime(CLOCK_MONOTONIC, &ts); }\n")
        found = scan(root)
    lines = sorted({int(x.split(":")[1]) for x in found})
    if lines != [2, 3, 4, 5] or any("src/os" in x for x in found):
        print("seam check self-test FAILED: flagged lines", lines)
        print("\n".join(found))
        return 1
    print("seam check self-test: planted calls caught, members and comments passed")
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."))
    ap.add_argument("--self-test", action="store_true")
    args = ap.parse_args()
    if args.self_test:
        return self_test()
    found = scan(os.path.abspath(args.root))
    if found:
        print("Calls that bypass the determinism seam (use src/os or the loop backend):")
        print("\n".join(found))
        return 1
    print("seam check: no direct clock, random or socket calls above the seam")
    return 0


def scan(root):
    found = []
    for dirpath, _, files in os.walk(os.path.join(root, "src")):
        for name in sorted(files):
            if not name.endswith((".cc", ".h")):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            if rel.startswith(SEAM) or rel in ALLOWED:
                continue
            with open(path, encoding="utf-8") as f:
                code = strip(f.read())
            for lineno, line in enumerate(code.split("\n"), 1):
                for m in list(CALL.finditer(line)) + list(OTHER.finditer(line)):
                    found.append(f"{rel}:{lineno}: {m.group(0).strip()}  | {line.strip()}")
    return found


if __name__ == "__main__":
    sys.exit(main())
