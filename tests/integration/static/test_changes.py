#!/usr/bin/env python3
"""The cache follows the disk: a file changed on disk is served fresh (new ETag and body)
within the revalidation interval (1 s), a deleted one becomes 404, one replaced by a directory
redirects, a new .gz beside a file is picked up, a file created after a 404 appears."""
import os
import shutil
import time

from statictest import ServeProcess, Tree, check, get, nginx_etag, parse_args, run

INTERVAL = 1.0  # StaticOptions::revalidateMs default


def eventually(fn, what, timeout=INTERVAL + 1.5):
    deadline = time.monotonic() + timeout
    while True:
        if fn():
            return time.monotonic()
        if time.monotonic() > deadline:
            check(False, what)
        time.sleep(0.05)


def main():
    args = parse_args()
    with Tree() as t:
        t.write("a.txt", "version one", mtime=1600000000)
        t.write("b.txt", "to be deleted")
        t.write("c.txt", "to become a directory")
        t.write("d.txt", "plain")
        t.write("big.bin", b"1" * 200000, mtime=1600000000)
        with ServeProcess(args.bin_dir, t.path) as srv:
            p = srv.port
            for name in ("a.txt", "b.txt", "c.txt", "d.txt", "big.bin"):
                check(get(p, "/" + name).status == 200, f"warm {name}")
            old = get(p, "/a.txt").header("ETag")
            # Same size, different content and mtime.
            t.write("a.txt", "version two", mtime=1600000100)
            start = time.monotonic()
            seen = eventually(lambda: get(p, "/a.txt").body == b"version two",
                              "changed file served fresh within the interval")
            r = get(p, "/a.txt")
            check(r.header("ETag") == nginx_etag(t.at("a.txt")) and r.header("ETag") != old,
                  f"new ETag: {r.header('ETag')} (was {old})")
            print(f"change visible after {seen - start:.2f} s")
            # A large (sendfile) file replaced by renaming a new one over it.
            t.write("big.tmp", b"2" * 150000)
            os.rename(t.at("big.tmp"), t.at("big.bin"))
            eventually(lambda: get(p, "/big.bin").body == b"2" * 150000, "replaced large file")
            os.remove(t.at("b.txt"))
            eventually(lambda: get(p, "/b.txt").status == 404, "deleted file becomes 404")
            os.remove(t.at("c.txt"))
            os.makedirs(t.at("c.txt"))
            t.write("c.txt/index.html", "now a directory")
            eventually(lambda: get(p, "/c.txt").status == 301, "file replaced by a directory")
            check(get(p, "/c.txt/").body == b"now a directory", "its index")
            shutil.copy(t.at("d.txt"), t.at("d.txt.gz"))
            eventually(lambda: get(p, "/d.txt", {"Accept-Encoding": "gzip"})
                       .header("Content-Encoding") == "gzip", "new .gz picked up")
            check(get(p, "/e.txt").status == 404, "not yet there")
            t.write("e.txt", "created")
            check(get(p, "/e.txt").body == b"created", "created after a 404 (no negative cache)")


if __name__ == "__main__":
    run(main)
