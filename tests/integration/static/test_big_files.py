#!/usr/bin/env python3
"""Large files go out intact with sendfile: a 100 MB file (sha256 compared), ranges at the end
of a 3 GB sparse file, and 1,000 concurrent downloads of a 10 MB file (curl --parallel) with the
server's memory flat (its RSS grows by far less than one copy per download)."""
import hashlib
import http.client
import os
import shutil
import subprocess

from statictest import httptest  # noqa: I001  (statictest puts ../http on the path)
from statictest import HOST, ServeProcess, Tree, check, get, parse_args, run, sha256_file

SPARSE_SIZE = 3 << 30
MARKER = b"END-OF-BIG-FILE!"


def download_sha256(port, path):
    conn = http.client.HTTPConnection(HOST, port, timeout=60)
    conn.request("GET", path)
    r = conn.getresponse()
    check(r.status == 200, f"GET {path}: {r.status}")
    h = hashlib.sha256()
    n = 0
    while True:
        b = r.read(1 << 20)
        if not b:
            break
        h.update(b)
        n += len(b)
    conn.close()
    return h.hexdigest(), n, r.getheader("Content-Length")


def main():
    args = parse_args()
    with Tree() as t:
        with open(t.at("100mb.bin"), "wb") as f:
            block = os.urandom(1 << 20)
            for i in range(100):
                f.write(bytes([i]) + block[1:])
        with open(t.at("sparse.bin"), "wb") as f:
            f.truncate(SPARSE_SIZE)
            f.seek(SPARSE_SIZE - len(MARKER))
            f.write(MARKER)
        t.write("10mb.bin", os.urandom(10 << 20))
        with ServeProcess(args.bin_dir, t.path) as srv:
            p = srv.port
            digest, n, cl = download_sha256(p, "/100mb.bin")
            check(n == 100 << 20 and cl == str(100 << 20), f"100 MB length {n} {cl}")
            check(digest == sha256_file(t.at("100mb.bin")), "100 MB sha256")

            r = get(p, "/sparse.bin", method="HEAD")
            check(r.header("Content-Length") == str(SPARSE_SIZE), f"3 GB HEAD: {r.headers}")
            r = get(p, "/sparse.bin", {"Range": f"bytes=-{len(MARKER)}"})
            check(r.status == 206 and r.body == MARKER, f"end of 3 GB file: {r}")
            check(r.header("Content-Range") ==
                  f"bytes {SPARSE_SIZE - 16}-{SPARSE_SIZE - 1}/{SPARSE_SIZE}", "Content-Range")
            r = get(p, "/sparse.bin", {"Range": f"bytes={SPARSE_SIZE - 20}-{SPARSE_SIZE - 13}"})
            check(r.body == b"\0\0\0\0END-", f"straddling range: {r.body!r}")

            if not shutil.which("curl"):
                print("curl missing: the 1,000 downloads are skipped")
                return
            url = f"http://{HOST}:{p}/10mb.bin"
            get(p, "/10mb.bin", method="HEAD")  # warm the cache entry
            argv = ["curl", "-sS", "--no-progress-meter", "-Z", "--parallel-max", "1000",
                    "--parallel-immediate", "-w", "%{http_code} %{size_download}\n"]
            for _ in range(1000):
                argv += ["-o", "/dev/null", url]
            with httptest.RssSampler(srv.pid) as rss:
                out = subprocess.run(argv, capture_output=True, text=True, timeout=240)
            lines = out.stdout.split()
            ok = out.stdout.count(f"200 {10 << 20}\n")
            check(ok == 1000, f"{ok} of 1000 downloads complete; curl: {out.stderr[-500:]} "
                              f"{lines[:6]}")
            limit = (96 << 20) + httptest.rss_slack()
            print(f"RSS {rss.baseline >> 20} MB -> peak {rss.peak >> 20} MB over 1,000 x 10 MB "
                  f"({rss.samples} samples)")
            check(rss.growth < limit, f"server RSS grew {rss.growth >> 20} MB (limit "
                                      f"{limit >> 20} MB) for 1,000 concurrent 10 MB downloads")


if __name__ == "__main__":
    run(main)
