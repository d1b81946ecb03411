#!/usr/bin/env python3
"""`nodecc serve --gzip`: a compressible file without a .gz beside it is gzipped on the fly
(once per cache fill) and sent with Content-Encoding: gzip, its own Content-Length, the file's
ETag made weak, Vary: Accept-Encoding and no Accept-Ranges; identity requests get the file with
Vary; Range requests are answered from the file (as nginx does); 304 for the weak ETag; a
.gz sibling still wins; small, incompressible and unaccepted cases are left alone; a change on
disk is compressed afresh; curl --compressed reads it; without --gzip nothing changes."""
import gzip
import shutil
import subprocess
import time

from statictest import ServeProcess, Tree, check, get, nginx_etag, parse_args, run

PAGE = "".join(f"<p>line {i}: the quick brown fox jumps over the lazy dog</p>\n"
               for i in range(200)).encode()


def main():
    args = parse_args()
    with Tree() as t:
        t.write("index.html", PAGE, mtime=1600000000)
        t.write("app.js", b"function f(x) { return x * 2; }\n" * 300, mtime=1600000000)
        t.write("tiny.txt", b"hi", mtime=1600000000)
        t.write("photo.png", bytes(range(256)) * 40, mtime=1600000000)
        t.write("twin.css", b"a { color: red }\n" * 200, mtime=1600000000)
        t.write("twin.css.gz", gzip.compress(b"a { color: red }\n" * 200, mtime=0),
                mtime=1600000000)
        t.write("big.txt", b"0123456789abcdef\n" * 40000, mtime=1600000000)  # 680 KB: sendfile
        with ServeProcess(args.bin_dir, t.path, "--gzip") as srv:
            p = srv.port
            etag = nginx_etag(t.at("index.html"))
            r = get(p, "/index.html", {"Accept-Encoding": "gzip, deflate, br"})
            check(r.status == 200 and r.header("Content-Encoding") == "gzip",
                  f"gzipped: {r.status} {r.headers}")
            check(gzip.decompress(r.body) == PAGE, "the body gunzips to the file")
            check(int(r.header("Content-Length")) == len(r.body) < len(PAGE) // 3,
                  f"Content-Length of the compressed body: {r.header('Content-Length')}")
            check(r.header("ETag") == "W/" + etag, f"weak ETag: {r.header('ETag')} (file {etag})")
            check(r.header("Vary") == "Accept-Encoding", "Vary")
            check(r.header("Accept-Ranges") is None, "no Accept-Ranges on the compressed body")
            check(r.header("Content-Type") == "text/html; charset=utf-8", "Content-Type kept")
            again = get(p, "/index.html", {"Accept-Encoding": "gzip"})
            check(again.body == r.body, "served from the cache the second time")

            plain = get(p, "/index.html")
            check(plain.header("Content-Encoding") is None and plain.body == PAGE,
                  "identity without Accept-Encoding")
            check(plain.header("ETag") == etag and plain.header("Vary") == "Accept-Encoding",
                  f"identity: strong ETag and Vary ({plain.headers})")
            check(plain.header("Accept-Ranges") == "bytes", "identity keeps Accept-Ranges")
            for ae in ("br", "gzip;q=0", "identity", "deflate"):
                o = get(p, "/index.html", {"Accept-Encoding": ae})
                check(o.header("Content-Encoding") is None and o.body == PAGE,
                      f"Accept-Encoding {ae}: identity")

            head = get(p, "/index.html", {"Accept-Encoding": "gzip"}, method="HEAD")
            check(head.status == 200 and head.body == b"" and
                  head.header("Content-Length") == r.header("Content-Length") and
                  head.header("Content-Encoding") == "gzip", "HEAD: the gzip head, no body")

            rng = get(p, "/index.html", {"Accept-Encoding": "gzip", "Range": "bytes=10-99"})
            check(rng.status == 206 and rng.header("Content-Encoding") is None and
                  rng.body == PAGE[10:100], f"Range: the file's bytes ({rng.status})")
            check(rng.header("Vary") == "Accept-Encoding", "the 206 keeps Vary")

            nm = get(p, "/index.html", {"Accept-Encoding": "gzip", "If-None-Match": "W/" + etag})
            check(nm.status == 304 and nm.header("ETag") == "W/" + etag, f"304: {nm.status}")

            js = get(p, "/app.js", {"Accept-Encoding": "gzip"})
            check(js.header("Content-Encoding") == "gzip" and
                  gzip.decompress(js.body) == b"function f(x) { return x * 2; }\n" * 300,
                  "JavaScript is compressed")
            big = get(p, "/big.txt", {"Accept-Encoding": "gzip"})
            check(big.header("Content-Encoding") == "gzip" and
                  gzip.decompress(big.body) == b"0123456789abcdef\n" * 40000,
                  "a file past the in-memory size (sendfile) is compressed too")
            for path in ("/tiny.txt", "/photo.png"):
                o = get(p, path, {"Accept-Encoding": "gzip"})
                check(o.status == 200 and o.header("Content-Encoding") is None,
                      f"{path} left alone")
            check(get(p, "/photo.png").header("Vary") is None, "no Vary for an image")
            twin = get(p, "/twin.css", {"Accept-Encoding": "gzip"})
            check(twin.header("ETag") == nginx_etag(t.at("twin.css.gz")) and
                  twin.header("Accept-Ranges") == "bytes", "a .gz sibling is served as before")

            if shutil.which("curl"):
                out = subprocess.run(["curl", "-sS", "--compressed", "-D", "-",
                                      f"http://127.0.0.1:{p}/index.html"],
                                     capture_output=True, timeout=20)
                head_text, _, body = out.stdout.partition(b"\r\n\r\n")
                check(b"Content-Encoding: gzip" in head_text and body == PAGE,
                      "curl --compressed decodes it")

            # A change on disk: compressed afresh within the revalidation interval (1 s).
            new = PAGE.replace(b"fox", b"cat")
            t.write("index.html", new, mtime=1600000100)
            deadline = time.monotonic() + 5
            while True:
                c = get(p, "/index.html", {"Accept-Encoding": "gzip"})
                if c.header("Content-Encoding") == "gzip" and gzip.decompress(c.body) == new:
                    break
                check(time.monotonic() < deadline, "the changed file is compressed afresh")
                time.sleep(0.1)
            check(c.header("ETag") == "W/" + nginx_etag(t.at("index.html")), "new weak ETag")

        # A cache too small for a compressed body: still correct, compressed each fill.
        with ServeProcess(args.bin_dir, t.path, "--gzip", "--gzip-cache", "1k",
                          "--gzip-level", "1") as srv:
            for _ in range(3):
                r = get(srv.port, "/index.html", {"Accept-Encoding": "gzip"})
                check(r.header("Content-Encoding") == "gzip" and gzip.decompress(r.body) == new,
                      "a cache too small to keep it: compressed on each fill")

        with ServeProcess(args.bin_dir, t.path) as srv:
            r = get(srv.port, "/index.html", {"Accept-Encoding": "gzip"})
            check(r.header("Content-Encoding") is None and r.header("Vary") is None,
                  "without --gzip nothing is compressed")


if __name__ == "__main__":
    run(main)
