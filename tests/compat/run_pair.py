#!/usr/bin/env python3
"""Runs one compat pair: the Node.js program and its nodecc twin must print the same stdout and
exit with the same status. Node is the oracle: on a mismatch the diff reads node -> nodecc.

--unprivileged: when running as root, both programs run as the unprivileged user nobody
(setpriv), for pairs whose subject is a permission check that root would bypass.

--merge-stderr: each program's stderr goes to the same pipe as its stdout (a shell's 2>&1), so
that what it prints to stderr (console.error, console.warn, process.stderr.write) is compared
too, in order with stdout.

--stdin SPEC: what both programs get on fd 0 (default /dev/null):
  file:PATH         the file itself (a regular file on fd 0)
  pipe:PATH[*N]     a pipe the runner writes PATH into (N times), then closes
  open-pipe[:PATH]  a pipe the runner writes PATH into and keeps open until the program exits
  null              /dev/null
  closed            no fd 0 at all (a shell's <&-)
  wronly-file       a temporary file opened write-only (reads fail with EBADF)
  wronly-pipe       the write end of a pipe (a stream that cannot be read)
  tty[:PATH]        a pseudo-terminal (canonical mode) given PATH's lines, then ^D (EOF)
PATH is relative to --cwd.

Exit status: 0 same, 1 different (a unified diff is printed), 2 a program hung or could not be
started, 77 node is missing (ctest's SKIP_RETURN_CODE) or the Node.js program exited 77: its
oracle is missing (an npm package the pair requires is not installed, as ws/ says), so the
nodecc program is not run and the pair is skipped. stderr is shown but never compared:
error messages name the runtime ("node:internal..." vs "nodecc").
"""
import argparse
import difflib
import os
import pty
import shutil
import subprocess
import sys
import tempfile
import threading

SKIP = 77
TIMEOUT_S = 10
NOBODY = 65534  # uid and gid of nobody / nogroup on Debian


def parse_stdin(spec, cwd):
    """(kind, bytes or path, repeat) from a --stdin SPEC."""
    if spec in (None, "null"):
        return ("null", None, 1)
    if spec in ("closed", "wronly-file", "wronly-pipe"):
        return (spec, None, 1)
    kind, _, rest = spec.partition(":")
    if kind in ("open-pipe", "tty"):
        data = b""
        if rest:
            with open(os.path.join(cwd, rest), "rb") as f:
                data = f.read()
        return (kind, data, 1)
    path, _, times = rest.partition("*")
    path = os.path.join(cwd, path)
    if kind == "file":
        return ("file", path, 1)
    if kind == "pipe":
        with open(path, "rb") as f:
            return ("pipe", f.read(), int(times or 1))
    raise SystemExit(f"unknown --stdin spec {spec!r}")


def feed(fd, data, repeat, close):
    """Writes data into the pipe repeat times (a reader that leaves early is not an error)."""
    try:
        with os.fdopen(fd, "wb", closefd=close) as w:
            for _ in range(repeat):
                w.write(data)
            w.flush()
    except (BrokenPipeError, OSError):
        pass


def run(argv, cwd, merge_stderr=False, stdin=("null", None, 1)):
    kind, data, repeat = stdin
    stdin_arg, preexec, writer, keep = subprocess.DEVNULL, None, None, None
    if kind == "file":
        stdin_arg = os.open(data, os.O_RDONLY)  # a directory too
    elif kind == "wronly-file":
        tmp = tempfile.TemporaryFile()
        stdin_arg = os.open(f"/proc/self/fd/{tmp.fileno()}", os.O_WRONLY)
        tmp.close()
    elif kind == "wronly-pipe":
        keep, stdin_arg = os.pipe()
    elif kind == "tty":
        keep, stdin_arg = pty.openpty()  # the master stays open: closing it hangs the tty up
    elif kind == "closed":
        preexec = lambda: os.close(0)
    elif kind in ("pipe", "open-pipe"):
        r, w = os.pipe()
        stdin_arg = r
        keep = w if kind == "open-pipe" else None
        writer = threading.Thread(target=feed, args=(w, data, repeat, kind == "pipe"),
                                  daemon=True)
    try:
        p = subprocess.Popen(argv, cwd=cwd, stdin=stdin_arg, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT if merge_stderr else subprocess.PIPE,
                             preexec_fn=preexec)
    except OSError as e:
        print(f"cannot run {' '.join(argv)}: {e}")
        sys.exit(2)
    if kind in ("pipe", "open-pipe"):
        os.close(stdin_arg)
        writer.start()
    elif kind in ("file", "wronly-file", "wronly-pipe", "tty"):
        os.close(stdin_arg)
    if kind == "tty":
        os.write(keep, data + b"\x04")  # the line discipline holds it until it is read
    try:
        out, err = p.communicate(timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        p.kill()
        out, _ = p.communicate()
        print(f"TIMEOUT after {TIMEOUT_S} s: {' '.join(argv)}")
        sys.stdout.write((out or b"").decode("utf-8", "replace"))
        sys.exit(2)
    finally:
        if keep is not None:
            os.close(keep)  # the open pipe's writer goes only once the program has exited
        if writer is not None:
            writer.join()
    return (p.returncode, out.decode("utf-8", "replace"), (err or b"").decode("utf-8", "replace"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--node", default="node", help="the node executable")
    ap.add_argument("--js", required=True, help="the Node.js program")
    ap.add_argument("--bin", required=True, help="the compiled nodecc program")
    ap.add_argument("--cwd", help="working directory of both (default: the .js file's)")
    ap.add_argument("--arg", action="append", default=[],
                    help="a command-line argument for both programs (repeatable)")
    ap.add_argument("--unprivileged", action="store_true",
                    help="as root, run both programs as nobody (permission checks apply)")
    ap.add_argument("--merge-stderr", action="store_true",
                    help="send each program's stderr to its stdout pipe (2>&1) and compare both")
    ap.add_argument("--stdin", help="fd 0 of both programs: file:PATH, pipe:PATH[*N], "
                    "open-pipe[:PATH], null (the default) or closed")
    args = ap.parse_args()

    node = shutil.which(args.node)
    if node is None:
        print(f"SKIP: {args.node} not found")
        return SKIP
    js = os.path.abspath(args.js)
    binary = os.path.abspath(args.bin)
    cwd = os.path.abspath(args.cwd) if args.cwd else os.path.dirname(js)

    prefix = []
    if args.unprivileged and os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            print("cannot drop root for an --unprivileged pair: setpriv (util-linux) is missing")
            return 2
        prefix = [setpriv, f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]
        # A checkout or a node under a private directory (/root) is out of nobody's reach: that
        # is the machine's layout, not a difference between the two programs.
        probe = subprocess.run(prefix + ["sh", "-c", 'test -x "$1" && test -r "$2" && '
                                         'test -x "$3" && cd "$4"', "probe", node, js, binary,
                                         cwd], capture_output=True)
        if probe.returncode != 0:
            print("skipped: user nobody cannot reach node, the programs or their directory")
            return SKIP

    stdin = parse_stdin(args.stdin, cwd)
    node_rc, node_out, node_err = run(prefix + [node, js] + args.arg, cwd, args.merge_stderr,
                                      stdin)
    if node_rc == SKIP:
        sys.stdout.write(node_out)
        return SKIP
    cc_rc, cc_out, cc_err = run(prefix + [binary] + args.arg, cwd, args.merge_stderr, stdin)

    if node_rc == cc_rc and node_out == cc_out:
        return 0

    print(f"MISMATCH: {os.path.basename(js)} vs {os.path.basename(binary)}")
    if node_out != cc_out:
        diff = difflib.unified_diff(node_out.splitlines(keepends=True),
                                    cc_out.splitlines(keepends=True),
                                    fromfile="node stdout", tofile="nodecc stdout")
        for line in diff:
            sys.stdout.write(line if line.endswith("\n") else line + "\n\\ No newline at end\n")
    if node_rc != cc_rc:
        print(f"exit status: node {node_rc}, nodecc {cc_rc}")
    for name, err in (("node", node_err), ("nodecc", cc_err)):
        if err:
            print(f"--- {name} stderr ---")
            sys.stdout.write(err if err.endswith("\n") else err + "\n")
    return 1


if __name__ == "__main__":
    sys.exit(main())
