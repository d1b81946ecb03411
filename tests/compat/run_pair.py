#!/usr/bin/env python3
"""Runs one compat pair: the Node.js program and its nodecc twin must print the same stdout and
exit with the same status. Node is the oracle: on a mismatch the diff reads node -> nodecc.

--unprivileged: when running as root, both programs run as the unprivileged user nobody
(setpriv), for pairs whose subject is a permission check that root would bypass.

--merge-stderr: each program's stderr goes to the same pipe as its stdout (a shell's 2>&1), so
that what it prints to stderr (console.error, console.warn, process.stderr.write) is compared
too, in order with stdout.

Exit status: 0 same, 1 different (a unified diff is printed), 2 a program hung or could not be
started, 77 node is missing (ctest's SKIP_RETURN_CODE) or the Node.js program exited 77: its
oracle is missing (an npm package the pair requires is not installed, as ws/ says), so the
nodecc program is not run and the pair is skipped. stderr is shown but never compared:
error messages name the runtime ("node:internal..." vs "nodecc").
"""
import argparse
import difflib
import os
import shutil
import subprocess
import sys

SKIP = 77
TIMEOUT_S = 10
NOBODY = 65534  # uid and gid of nobody / nogroup on Debian


def run(argv, cwd, merge_stderr=False):
    try:
        p = subprocess.run(argv, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT if merge_stderr else subprocess.PIPE,
                           timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired as e:
        print(f"TIMEOUT after {TIMEOUT_S} s: {' '.join(argv)}")
        sys.stdout.write((e.stdout or b"").decode("utf-8", "replace"))
        sys.exit(2)
    except OSError as e:
        print(f"cannot run {' '.join(argv)}: {e}")
        sys.exit(2)
    return (p.returncode, p.stdout.decode("utf-8", "replace"),
            (p.stderr or b"").decode("utf-8", "replace"))


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

    node_rc, node_out, node_err = run(prefix + [node, js] + args.arg, cwd, args.merge_stderr)
    if node_rc == SKIP:
        sys.stdout.write(node_out)
        return SKIP
    cc_rc, cc_out, cc_err = run(prefix + [binary] + args.arg, cwd, args.merge_stderr)

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
