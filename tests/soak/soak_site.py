"""What the soak asks the two servers and what each answer must be.

- DemoRoutes: examples/demo (GET /, /style.css, /echo?value=, /api/time, POST /api/upload with
  Content-Length, chunked or Expect: 100-continue bodies, 404s).
- StaticTree + StaticRoutes: a generated directory for `nodecc serve` (small files on both sides
  of the 32 KiB memory/sendfile line, 1-16 MiB files, a precompressed .gz sibling, a directory
  index, a dotfile) and GET/HEAD/Range/multipart/conditional/redirect/error requests against it.

A Req is the bytes of one request and the check of its response. Checks compare every body
byte for byte (a hash for uploads, whose bodies the demo hashes).
"""
import gzip
import hashlib
import json
import os
import random
import shutil
import tempfile
import time

from soak_http import fail

DEMO_TYPES = {"index.html": "text/html; charset=utf-8", "style.css": "text/css; charset=utf-8"}
UPLOAD_BLOB_BYTES = 4 << 20
ECHO_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~"


class Req:
    """One request. `sync`: the demo answers it from inside the handler call (no thread-pool
    round trip), so a client that half-closes right after it still gets the response (the
    server, as Node's, aborts requests still waiting when the client's FIN arrives).
    `may_close`: the server may end the connection after answering it."""

    __slots__ = ("name", "raw", "check", "head", "sync", "may_close")

    def __init__(self, name, raw, check, head=False, sync=False, may_close=False):
        self.name = name
        self.raw = raw
        self.check = check
        self.head = head
        self.sync = sync
        self.may_close = may_close


def request_bytes(method, target, headers=(), body=b""):
    lines = [f"{method} {target} HTTP/1.1", "Host: soak"]
    lines += [f"{n}: {v}" for n, v in headers]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin1") + body


def expect(name, r, status, body=None, ctype=None):
    # Neither server names its software (RFC 9110 §17.12, disclosure of product information).
    if r.header("server") is not None or r.header("x-powered-by") is not None:
        fail(f"{name}: the response names the server software: {r.headers}")
    if r.status != status:
        fail(f"{name}: status {r.status}, expected {status} ({r!r})")
    if ctype is not None and r.header("content-type") != ctype:
        fail(f"{name}: Content-Type {r.header('content-type')!r}, expected {ctype!r}")
    if body is not None and r.body != body:
        fail(f"{name}: body of {len(r.body)} bytes differs from the expected {len(body)} "
             f"(first bytes {r.body[:60]!r} vs {body[:60]!r})")


def chunked(body, rng):
    """`body` in random chunks, sometimes with chunk extensions and a trailer."""
    out = []
    at = 0
    while at < len(body):
        n = min(len(body) - at, rng.choice([1, 7, 100, 1000, 4096, 65536, 300000]))
        ext = ";soak=1" if rng.random() < 0.1 else ""
        out.append(b"%x%s\r\n" % (n, ext.encode()) + body[at:at + n] + b"\r\n")
        at += n
    trailer = b"X-Soak-Trailer: 1\r\n" if rng.random() < 0.2 else b""
    out.append(b"0\r\n" + trailer + b"\r\n")
    return b"".join(out)


class DemoRoutes:
    def __init__(self, public_dir, rng):
        self.rng = rng
        self.files = {}
        for name in DEMO_TYPES:
            with open(os.path.join(public_dir, name), "rb") as f:
                self.files[name] = f.read()
        self.blob = rng.randbytes(UPLOAD_BLOB_BYTES)
        self._table = [
            (12, self.page), (8, self.style), (25, self.echo), (3, self.echo_empty),
            (10, self.time), (5, self.not_found), (2, self.head), (10, self.upload_length),
            (8, self.upload_chunked), (3, self.upload_continue), (2, self.upload_big),
            (2, self.post_not_found),
        ]
        self._weights = [w for w, _ in self._table]

    def pick(self):
        return self.rng.choices(self._table, self._weights)[0][1]()

    def _file(self, name, target):
        data = self.files[name]
        return Req(f"demo GET {target}", request_bytes("GET", target),
                   lambda r: expect(f"demo GET {target}", r, 200, data, DEMO_TYPES[name]))

    def page(self):
        return self._file("index.html", "/")

    def style(self):
        return self._file("style.css", "/style.css")

    def echo(self):
        rng = self.rng
        value = "".join(rng.choice(ECHO_ALPHABET) for _ in range(rng.randint(1, 300)))
        encoded = value
        if rng.random() < 0.3:  # percent-encoded and '+' forms decode to the same value
            encoded = value.replace("A", "%41").replace("-", "%2D")
            value = value + " x"
            encoded = encoded + "+x"
        target = f"/echo?value={encoded}" + ("&other=1" if rng.random() < 0.2 else "")
        body = value.encode()
        return Req(f"demo GET {target[:60]}", request_bytes("GET", target),
                   lambda r: expect("demo echo", r, 200, body, "text/plain; charset=utf-8"),
                   sync=True)

    def echo_empty(self):
        target = self.rng.choice(["/echo", "/echo?value=", "/echo?other=x"])
        return Req(f"demo GET {target}", request_bytes("GET", target),
                   lambda r: expect("demo echo without value", r, 200, b"no value specified"),
                   sync=True)

    def time(self):
        before = time.time() * 1000

        def check(r):
            expect("demo /api/time", r, 200, ctype="application/json")
            try:
                doc = json.loads(r.body)
                now = int(doc["now"])
                iso = doc["iso"]
            except (ValueError, KeyError, TypeError):
                fail(f"demo /api/time: not the expected JSON: {r.body[:100]!r}")
            # The response is checked when read: `now` lies between the request's creation
            # and this check (plus clock slack).
            if not before - 2000 <= now <= time.time() * 1000 + 2000:
                fail(f"demo /api/time: now={now} outside [{before:.0f}, {time.time()*1000:.0f}]")
            want = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now // 1000))
            if iso != f"{want}.{now % 1000:03d}Z":
                fail(f"demo /api/time: iso {iso!r} does not match now={now}")

        return Req("demo GET /api/time", request_bytes("GET", "/api/time"), check, sync=True)

    def not_found(self):
        target = self.rng.choice(["/nope", "/api", "/style.css/x", "/index.html", "/echo/x"])
        return Req(f"demo GET {target}", request_bytes("GET", target),
                   lambda r: expect(f"demo GET {target}", r, 404, b"not found\n", "text/plain"),
                   sync=True)

    def head(self):
        # The demo routes GET only: a HEAD is its 404, without the body.
        def check(r):
            expect("demo HEAD /echo", r, 404, b"")
            if r.header("content-length") not in ("10", None):
                fail(f"demo HEAD /echo: Content-Length {r.header('content-length')!r}")

        return Req("demo HEAD /echo", request_bytes("HEAD", "/echo?value=x"), check, head=True,
                   sync=True)

    def _upload_body(self, max_bytes):
        n = min(int(self.rng.paretovariate(1.2) * 200) - 200, max_bytes)
        at = self.rng.randrange(0, UPLOAD_BLOB_BYTES - n + 1)
        return self.blob[at:at + n]

    def _upload(self, name, body, headers, wire_body, interim=()):
        want = {"bytes": len(body), "sha256": hashlib.sha256(body).hexdigest()}

        def check(r):
            expect(name, r, 200, ctype="application/json")
            try:
                got = json.loads(r.body)
            except ValueError:
                fail(f"{name}: not JSON: {r.body[:100]!r}")
            if got != want:
                fail(f"{name}: {got} for an upload of {want}")
            if list(interim) != r.interim:
                fail(f"{name}: interim responses {r.interim}, expected {list(interim)}")

        return Req(name, request_bytes("POST", "/api/upload", headers, wire_body), check)

    def upload_length(self):
        body = self._upload_body(256 << 10)
        return self._upload(f"demo upload Content-Length {len(body)}", body,
                            [("Content-Length", len(body))], body)

    def upload_chunked(self):
        body = self._upload_body(256 << 10)
        return self._upload(f"demo upload chunked {len(body)}", body,
                            [("Transfer-Encoding", "chunked")], chunked(body, self.rng))

    def upload_continue(self):
        body = self._upload_body(64 << 10)
        return self._upload(f"demo upload Expect: 100-continue {len(body)}", body,
                            [("Content-Length", len(body)), ("Expect", "100-continue")], body,
                            interim=(100,))

    def upload_big(self):
        n = self.rng.randint(256 << 10, 2 << 20)
        body = self.blob[:n]
        if self.rng.random() < 0.5:
            return self._upload(f"demo upload chunked {n}", body,
                                [("Transfer-Encoding", "chunked")], chunked(body, self.rng))
        return self._upload(f"demo upload Content-Length {n}", body,
                            [("Content-Length", n)], body)

    def post_not_found(self):
        body = self._upload_body(8192)
        raw = request_bytes("POST", "/api/other", [("Content-Length", len(body))], body)
        return Req("demo POST /api/other", raw,
                   lambda r: expect("demo POST /api/other", r, 404, b"not found\n"), sync=True)


# --- nodecc serve


SMALL_SIZES = [0, 1, 13, 100, 512, 1000, 1024, 4095, 4096, 8192, 16384, 32767, 32768, 32769,
               40000, 65536, 100000, 250000]
LARGE_SIZES = [(1 << 20) + 7, (4 << 20) + 123, 16 << 20]


class StaticTree:
    """The served directory, generated from the seed; removed by remove()."""

    def __init__(self, rng):
        self.path = tempfile.mkdtemp(prefix="nodecc-soak-")
        self.files = {}  # URL path -> bytes
        for i in range(40):
            size = SMALL_SIZES[i % len(SMALL_SIZES)] if i < len(SMALL_SIZES) else \
                rng.randint(0, 120000)
            self._write(f"/small/s{i}.bin", rng.randbytes(size))
        for i, size in enumerate(LARGE_SIZES):
            self._write(f"/large/l{i}.bin", rng.randbytes(size))
        words = " ".join(rng.choice(["soak", "nodecc", "http", "range", "file"])
                         for _ in range(4000)).encode()
        self._write("/text/notes.txt", words)
        self.gz = gzip.compress(words, mtime=0)
        self._write("/text/notes.txt.gz", self.gz, served=False)
        self._write("/site/index.html", b"<!doctype html><title>soak</title><p>index</p>\n")
        self._write("/site/page.html", b"<p>" + b"page " * 2000 + b"</p>\n")
        os.makedirs(os.path.join(self.path, "site", "empty"), exist_ok=True)
        self._write("/.hidden", b"secret\n", served=False)
        self.etags = {}
        for url in list(self.files) + ["/text/notes.txt.gz"]:
            st = os.stat(self.path + url)
            self.etags[url] = '"%x-%x"' % (int(st.st_mtime), st.st_size)
        self.last_modified = {
            url: time.strftime("%a, %d %b %Y %H:%M:%S GMT",
                               time.gmtime(os.stat(self.path + url).st_mtime))
            for url in self.files}

    def _write(self, url, data, served=True):
        p = self.path + url
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as f:
            f.write(data)
        if served:
            self.files[url] = data

    def remove(self):
        shutil.rmtree(self.path, ignore_errors=True)


def content_type(url):
    if url.endswith(".html"):
        return "text/html; charset=utf-8"
    if url.endswith(".txt"):
        return "text/plain; charset=utf-8"
    return "application/octet-stream"


def multipart_parts(name, r):
    """[(content-range, data)] of a multipart/byteranges body."""
    ctype = r.header("content-type") or ""
    if not ctype.startswith("multipart/byteranges; boundary="):
        fail(f"{name}: Content-Type {ctype!r}")
    delim = b"--" + ctype.split("boundary=", 1)[1].encode()
    segments = r.body.split(delim)
    if segments[0] not in (b"", b"\r\n") or not segments[-1].startswith(b"--"):
        fail(f"{name}: multipart body does not start or end with the boundary")
    parts = []
    for seg in segments[1:-1]:
        head, sep, rest = seg.partition(b"\r\n\r\n")
        if not seg.startswith(b"\r\n") or not sep or not rest.endswith(b"\r\n"):
            fail(f"{name}: malformed part {seg[:80]!r}")
        fields = dict(line.split(": ", 1) for line in head[2:].decode("latin1").split("\r\n"))
        parts.append((fields.get("Content-Range"), rest[:-2]))
    return parts


class StaticRoutes:
    def __init__(self, tree, rng):
        self.tree = tree
        self.rng = rng
        self.small = sorted(u for u in tree.files if u.startswith("/small/"))
        self.ranged = [u for u, d in tree.files.items() if len(d) >= 4096]
        self.large = sorted(u for u in tree.files if u.startswith("/large/"))
        self._table = [
            (30, self.get_small), (3, self.get_large), (5, self.head), (10, self.range_one),
            (4, self.range_suffix), (3, self.range_open), (6, self.range_multi),
            (2, self.range_unsatisfiable), (5, self.if_none_match), (2, self.if_modified_since),
            (3, self.gzip), (3, self.html), (2, self.redirect), (2, self.missing),
            (2, self.traversal), (2, self.post),
        ]
        self._weights = [w for w, _ in self._table]

    def pick(self):
        return self.rng.choices(self._table, self._weights)[0][1]()

    def large_get(self):
        return self._get(self.rng.choice(self.large))

    def _get(self, url, target=None):
        data = self.tree.files[url]
        etag = self.tree.etags[url]
        name = f"serve GET {target or url}"

        def check(r):
            expect(name, r, 200, data, content_type(url))
            if r.header("etag") != etag:
                fail(f"{name}: ETag {r.header('etag')!r}, expected {etag}")

        return Req(name, request_bytes("GET", target or url), check)

    def get_small(self):
        return self._get(self.rng.choice(self.small))

    def get_large(self):
        return self.large_get()

    def html(self):
        if self.rng.random() < 0.5:
            return self._get("/site/index.html", "/site/")
        return self._get("/site/page.html")

    def head(self):
        url = self.rng.choice(self.small + self.large)
        size = str(len(self.tree.files[url]))

        def check(r):
            expect(f"serve HEAD {url}", r, 200, b"")
            if r.header("content-length") != size:
                fail(f"serve HEAD {url}: Content-Length {r.header('content-length')}, want {size}")

        return Req(f"serve HEAD {url}", request_bytes("HEAD", url), check, head=True)

    def _range(self, url, spec, first, last):
        data = self.tree.files[url]
        name = f"serve GET {url} Range: bytes={spec}"
        want_range = f"bytes {first}-{last}/{len(data)}"

        def check(r):
            expect(name, r, 206, data[first:last + 1])
            if r.header("content-range") != want_range:
                fail(f"{name}: Content-Range {r.header('content-range')!r}, want {want_range}")

        return Req(name, request_bytes("GET", url, [("Range", f"bytes={spec}")]), check)

    def range_one(self):
        url = self.rng.choice(self.ranged)
        size = len(self.tree.files[url])
        first = self.rng.randrange(size)
        last = min(size - 1, first + self.rng.choice([0, 1, 100, 5000, 70000, 1 << 20]))
        return self._range(url, f"{first}-{last}", first, last)

    def range_suffix(self):
        url = self.rng.choice(self.ranged)
        size = len(self.tree.files[url])
        n = self.rng.randint(1, size)
        return self._range(url, f"-{n}", size - n, size - 1)

    def range_open(self):
        url = self.rng.choice(self.ranged)
        size = len(self.tree.files[url])
        first = self.rng.randrange(size)
        return self._range(url, f"{first}-", first, size - 1)

    def range_multi(self):
        url = self.rng.choice(self.ranged)
        data = self.tree.files[url]
        size = len(data)
        # Disjoint, ascending and more than 80 bytes apart, so the server merges none.
        count = self.rng.randint(2, 6)
        points = sorted(self.rng.sample(range(0, size // 200), count * 2))
        spans = [(points[2 * i] * 200, points[2 * i + 1] * 200 - 100) for i in range(count)]
        spec = ",".join(f"{a}-{b}" for a, b in spans)
        name = f"serve GET {url} Range: bytes={spec[:60]}"
        ctype = content_type(url)

        def check(r):
            expect(name, r, 206)
            parts = multipart_parts(name, r)
            want = [(f"bytes {a}-{b}/{size}", data[a:b + 1]) for a, b in spans]
            if parts != want:
                fail(f"{name}: parts {[p[0] for p in parts]} (or their bytes) differ from "
                     f"{[w[0] for w in want]}")
            if ctype not in r.body[:300].decode("latin1"):
                fail(f"{name}: part Content-Type is not {ctype}")

        return Req(name, request_bytes("GET", url, [("Range", f"bytes={spec}")]), check)

    def range_unsatisfiable(self):
        url = self.rng.choice(self.ranged)
        size = len(self.tree.files[url])
        name = f"serve GET {url} Range beyond the end"

        def check(r):
            expect(name, r, 416)
            if r.header("content-range") != f"bytes */{size}":
                fail(f"{name}: Content-Range {r.header('content-range')!r}")

        raw = request_bytes("GET", url, [("Range", f"bytes={size}-{size + 10}")])
        return Req(name, raw, check)

    def if_none_match(self):
        url = self.rng.choice(self.small)
        etag = self.tree.etags[url]
        name = f"serve GET {url} If-None-Match"

        def check(r):
            expect(name, r, 304, b"")
            if r.header("etag") != etag:
                fail(f"{name}: 304 with ETag {r.header('etag')!r}")

        return Req(name, request_bytes("GET", url, [("If-None-Match", f'"x", {etag}')]), check)

    def if_modified_since(self):
        url = self.rng.choice(self.small)
        raw = request_bytes("GET", url, [("If-Modified-Since", self.tree.last_modified[url])])
        return Req(f"serve GET {url} If-Modified-Since", raw,
                   lambda r: expect(f"serve GET {url} If-Modified-Since", r, 304, b""))

    def gzip(self):
        name = "serve GET /text/notes.txt Accept-Encoding: gzip"

        def check(r):
            expect(name, r, 200, self.tree.gz, "text/plain; charset=utf-8")
            if r.header("content-encoding") != "gzip" or \
                    r.header("etag") != self.tree.etags["/text/notes.txt.gz"]:
                fail(f"{name}: {r.headers}")

        raw = request_bytes("GET", "/text/notes.txt", [("Accept-Encoding", "gzip, deflate")])
        return Req(name, raw, check)

    def redirect(self):
        def check(r):
            expect("serve GET /site?q=1", r, 301)
            if r.header("location") != "/site/?q=1":
                fail(f"serve GET /site?q=1: Location {r.header('location')!r}")

        return Req("serve GET /site?q=1", request_bytes("GET", "/site?q=1"), check)

    def missing(self):
        target = self.rng.choice(["/nope.bin", "/small/", "/site/empty/", "/.hidden",
                                  "/small/s1.bin/"])
        return Req(f"serve GET {target}", request_bytes("GET", target),
                   lambda r: expect(f"serve GET {target}", r, 404))

    def traversal(self):
        target = self.rng.choice(["/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd",
                                  "/small/%2Fetc", "/a%00b"])
        return Req(f"serve GET {target}", request_bytes("GET", target),
                   lambda r: expect(f"serve GET {target}", r, 400), may_close=True)

    def post(self):
        body = self.rng.randbytes(self.rng.choice([0, 10, 5000]))
        raw = request_bytes("POST", "/small/s1.bin", [("Content-Length", len(body))], body)

        def check(r):
            expect("serve POST", r, 405)
            if r.header("allow") != "GET, HEAD":
                fail(f"serve POST: Allow {r.header('allow')!r}")

        return Req("serve POST /small/s1.bin", raw, check, may_close=True)


def new_rng(seed, stream):
    return random.Random(f"{seed}/{stream}")
