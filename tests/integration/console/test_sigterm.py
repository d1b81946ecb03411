#!/usr/bin/env python3
"""console output is not lost when the process is killed right after it logs.

The logger writes two lines to stdout (a pipe, then a file), READY to stderr, and idles. As soon
as READY arrives, the test sends SIGTERM (the default action ends the process at once) and
checks that stdout holds both lines: console.log must have made its write(2) before it returned.
Node is run the same way when it is found (the reference: it passes too). The control case, the
same program logging with printf, must LOSE its lines (stdio's block buffer when stdout is not a
terminal): it shows that the test can fail.
"""
import argparse
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

EXPECTED = "line one 1 of the log\n{ request: 'GET /', status: 200 }\n"
READY_TIMEOUT_S = 10


def run_once(argv, stdout_kind):
    """Runs argv, kills it with SIGTERM once it printed READY; returns (stdout text, status)."""
    with tempfile.TemporaryDirectory() as tmp:
        out_path = os.path.join(tmp, "stdout.txt")
        out_file = open(out_path, "wb") if stdout_kind == "file" else None
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                                stdout=out_file if out_file else subprocess.PIPE,
                                stderr=subprocess.PIPE)
        try:
            deadline = time.monotonic() + READY_TIMEOUT_S
            seen = b""
            while b"READY\n" not in seen:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise RuntimeError(f"no READY from {argv} within {READY_TIMEOUT_S} s")
                ready, _, _ = select.select([proc.stderr], [], [], left)
                if ready:
                    chunk = os.read(proc.stderr.fileno(), 4096)
                    if not chunk:
                        raise RuntimeError(f"{argv} closed stderr before READY: {seen!r}")
                    seen += chunk
            proc.send_signal(signal.SIGTERM)
            status = proc.wait(timeout=10)
            if stdout_kind == "pipe":
                text = proc.stdout.read().decode()
            else:
                out_file.close()
                with open(out_path, encoding="utf-8") as f:
                    text = f.read()
            return text, status
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            for stream in (proc.stdout, proc.stderr):
                if stream:
                    stream.close()
            if out_file and not out_file.closed:
                out_file.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", required=True, help="console-sigterm-logger")
    ap.add_argument("--js", required=True, help="sigterm_logger.js")
    ap.add_argument("--node", default="node")
    args = ap.parse_args()

    cases = [("nodecc", [args.bin], True),
             ("nodecc --printf (control)", [args.bin, "--printf"], False)]
    node = shutil.which(args.node)
    if node:
        cases.append(("node", [node, args.js], True))
    else:
        print("node not found: the reference run is skipped")

    failures = 0
    for name, argv, must_keep in cases:
        for kind in ("pipe", "file"):
            text, status = run_once(argv, kind)
            kept = text == EXPECTED
            ok = kept == must_keep and status == -signal.SIGTERM
            verdict = "ok" if ok else "FAIL"
            print(f"{verdict}: {name}, stdout to a {kind}: status {status}, "
                  f"{'lines kept' if kept else 'lines lost'}: {text!r}")
            failures += not ok
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
