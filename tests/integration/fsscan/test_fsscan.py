#!/usr/bin/env python3
"""fs-scan: the generator writes the same project for the same seed and refuses a cyclic
graph; on the 100-file project the nodecc scanner (coroutines and callbacks), Node.js with
sync fs and Node.js with fs.promises print the counts the generator recorded, from an absolute
and from a relative entry path; a missing module fails each of them with ENOENT.

    test_fsscan.py --scanner BUILD/bin/fs-scan --bench-dir bench/fs-scan

Exits 77 (skipped) after the nodecc checks when node is not installed.
"""
import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
FILES = 100
TIMEOUT = 60


def tree_digest(root):
    h = hashlib.sha256()
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(filenames):
            full = os.path.join(dirpath, name)
            h.update(os.path.relpath(full, root).encode() + b"\0")
            with open(full, "rb") as f:
                h.update(f.read())
    return h.hexdigest()


def run(argv, cwd=None):
    r = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT)
    return r.returncode, r.stdout.strip(), r.stderr.strip()


class Checks:
    def __init__(self):
        self.failures = 0

    def expect(self, ok, what, detail=""):
        print(f"{'ok  ' if ok else 'FAIL'} {what}" + (f"\n     {detail}" if detail and not ok else ""))
        if not ok:
            self.failures += 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--scanner", required=True, help="the fs-scan binary")
    ap.add_argument("--bench-dir", required=True, help="bench/fs-scan (gen.py, scan_*.js)")
    args = ap.parse_args()
    args.bench_dir = os.path.abspath(args.bench_dir)
    args.scanner = os.path.abspath(args.scanner)
    sys.path.insert(0, args.bench_dir)
    import gen  # noqa: E402

    node = shutil.which("node")
    c = Checks()
    tmp = tempfile.mkdtemp(prefix="nodecc-fsscan-")
    try:
        proj = os.path.join(tmp, "p100")
        manifest = gen.generate(proj, FILES, seed=4)
        expected = manifest["expected"]
        c.expect(manifest["files"] == FILES and manifest["dead"] >= 1 and
                 manifest["on_disk"] == FILES + manifest["dead"],
                 f"the project has {FILES} reachable files and {manifest['dead']} dead ones",
                 str(manifest))

        again = os.path.join(tmp, "again")
        gen.generate(again, FILES, seed=4)
        c.expect(tree_digest(proj) == tree_digest(again), "same seed, same project")
        other = os.path.join(tmp, "other")
        gen.generate(other, FILES, seed=5)
        c.expect(tree_digest(proj) != tree_digest(other), "another seed, another project")
        gen.check_acyclic({0: [1, 2], 1: [2], 2: []}, 3)
        try:
            gen.check_acyclic({0: [1], 1: [2], 2: [0]}, 3)
            c.expect(False, "check_acyclic refuses a cycle")
        except ValueError:
            c.expect(True, "check_acyclic refuses a cycle")

        entry = os.path.join(proj, "index.js")
        scanners = [("nodecc", [args.scanner]), ("nodecc --callbacks", [args.scanner, "--callbacks"])]
        if node:
            scanners += [("node sync", [node, os.path.join(args.bench_dir, "scan_sync.js")]),
                         ("node async", [node, os.path.join(args.bench_dir, "scan_async.js")])]
            rc, out, err = run([node, "index.js"], cwd=proj)
            c.expect(rc == 0, "node links the generated project (every import resolves)", err[-500:])
        for name, argv in scanners:
            rc, out, err = run(argv + [entry])
            c.expect(rc == 0 and out == expected and err == "", f"{name}: {out}",
                     f"rc {rc}, expected {expected!r}, stderr {err[-500:]}")
            rc, out, err = run(argv + ["./index.js", "--time"], cwd=proj)
            c.expect(rc == 0 and out == expected and err.startswith("scan-ms "),
                     f"{name} from a relative path, --time: {err}",
                     f"rc {rc}, stdout {out!r}, stderr {err[-500:]}")

        # A module the graph reaches, gone: every scanner fails with Node's ENOENT message.
        victim = next(p for p in sorted(os.listdir(os.path.join(proj, "src", "core"))))
        os.unlink(os.path.join(proj, "src", "core", victim))
        for name, argv in scanners:
            rc, out, err = run(argv + [entry])
            c.expect(rc == 1 and "ENOENT: no such file or directory, open" in err and
                     victim in err and "files" not in out and "Sanitizer" not in err,
                     f"{name} fails on a missing module (exit {rc})",
                     f"stdout {out!r}, stderr {err[-500:]}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    if c.failures:
        print(f"{c.failures} check(s) failed")
        return 1
    if not node:
        print("node not found: the Node.js scanners were not compared (skipped)")
        return 77
    return 0


if __name__ == "__main__":
    sys.exit(main())
