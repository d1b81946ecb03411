#!/usr/bin/env python3
"""`nodecc serve` answers as nginx does, header by header: 200/HEAD, 405, conditional requests
(304, 412, precedence), Range (206, 416, multipart/byteranges, If-Range), precompressed
variants with Vary, empty files, directory redirects and index, listing, dotfiles, 404.
Clients: http.client, raw sockets and curl."""
import email.utils
import gzip
import http.client
import shutil
import subprocess

from statictest import (HOST, Reader, ServeProcess, Tree, check, connect, get, nginx_etag,
                        parse_args, run)

MTIME = 1600000000
APP = ("function f(x) { return x * 2; }\n" * 80).encode()


def make_tree(t):
    t.write("hello.txt", "hello, world\n", MTIME)
    t.write("empty.txt", b"")
    t.write("index.html", "<h1>home</h1>")
    t.write("docs/index.html", "<h1>docs</h1>")
    t.write("style.css", "body { color: red }")
    t.write("app.js", APP)
    t.write("app.js.gz", gzip.compress(APP))
    t.write("app.js.br", b"BROTLI-BYTES" * 10)
    t.write("big.bin", bytes(i % 251 for i in range(300000)))
    t.write(".env", "SECRET=1")
    t.write("list/<b>&.txt", "x")
    t.write("list/a b.txt", "y")
    t.write("list/sub/f", "z")


def check_200(port, t):
    r = get(port, "/hello.txt")
    check(r.status == 200 and r.body == b"hello, world\n", f"GET /hello.txt: {r}")
    want = {
        "Content-Type": "text/plain; charset=utf-8",
        "Content-Length": "13",
        "ETag": nginx_etag(t.at("hello.txt")),
        "Last-Modified": email.utils.formatdate(MTIME, usegmt=True),
        "Accept-Ranges": "bytes",
        "Cache-Control": "public, max-age=60",
        "Connection": "keep-alive",
    }
    for name, value in want.items():
        check(r.header(name) == value, f"{name}: {r.header(name)!r}, want {value!r}")
    check(r.header("Date") and r.header("Date").endswith(" GMT"), f"Date: {r.header('Date')}")
    check(r.header("Vary") is None, "Vary on a file without variants")
    check(get(port, "/style.css").header("Content-Type") == "text/css; charset=utf-8", "css type")
    check(get(port, "/big.bin").header("Content-Type") == "application/octet-stream", "bin type")
    check(get(port, "/big.bin").body == bytes(i % 251 for i in range(300000)), "big.bin body")


def check_head_and_methods(port):
    # HEAD then GET pipelined on one connection: the GET's response must start right after the
    # HEAD's head, so the HEAD carried no body.
    with connect(port) as s:
        s.sendall(b"HEAD /hello.txt HTTP/1.1\r\nHost: x\r\n\r\n"
                  b"GET /hello.txt HTTP/1.1\r\nHost: x\r\n\r\n")
        rd = Reader(s)
        h = rd.read(head_request=True)
        check(h.status == 200 and h.header("Content-Length") == "13", f"HEAD: {h}")
        g = rd.read()
        check(g.status == 200 and g.body == b"hello, world\n", f"GET after HEAD: {g}")
    for method in ("POST", "PUT", "DELETE", "OPTIONS", "PATCH"):
        r = get(port, "/hello.txt", method=method)
        check(r.status == 405 and r.header("Allow") == "GET, HEAD", f"{method}: {r}")


def check_conditionals(port, t):
    etag = nginx_etag(t.at("hello.txt"))
    lm = email.utils.formatdate(MTIME, usegmt=True)
    before = email.utils.formatdate(MTIME - 1, usegmt=True)
    after = email.utils.formatdate(MTIME + 1, usegmt=True)
    r = get(port, "/hello.txt", {"If-None-Match": etag})
    check(r.status == 304 and r.body == b"", f"If-None-Match: {r}")
    check(r.header("ETag") == etag and r.header("Last-Modified") == lm and
          r.header("Cache-Control") == "public, max-age=60", f"304 keeps validators: {r}")
    check(get(port, "/hello.txt", {"If-None-Match": f'"x", W/{etag}'}).status == 304, "weak INM")
    check(get(port, "/hello.txt", {"If-None-Match": "*"}).status == 304, "INM *")
    check(get(port, "/hello.txt", {"If-Modified-Since": lm}).status == 304, "IMS equal")
    check(get(port, "/hello.txt", {"If-Modified-Since": after}).status == 304, "IMS later")
    check(get(port, "/hello.txt", {"If-Modified-Since": before}).status == 200, "IMS earlier")
    check(get(port, "/hello.txt", {"If-Modified-Since": "garbage"}).status == 200, "IMS garbage")
    # If-None-Match wins over If-Modified-Since (RFC 9110 13.2.2).
    check(get(port, "/hello.txt", {"If-None-Match": '"other"', "If-Modified-Since": after}).status
          == 200, "INM precedence")
    r = get(port, "/hello.txt", {"If-Match": '"other"'})
    check(r.status == 412, f"If-Match: {r}")
    check(get(port, "/hello.txt", {"If-Match": etag}).status == 200, "If-Match ok")
    check(get(port, "/hello.txt", {"If-Unmodified-Since": before}).status == 412, "IUS")
    check(get(port, "/hello.txt", {"If-Unmodified-Since": lm}).status == 200, "IUS ok")
    if shutil.which("curl"):
        url = f"http://{HOST}:{port}/hello.txt"
        out = subprocess.run(["curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", "-z", lm,
                              url], capture_output=True, text=True, timeout=20)
        check(out.stdout == "304", f"curl -z: {out.stdout} {out.stderr}")
        out = subprocess.run(["curl", "-sS", "-I", url], capture_output=True, text=True, timeout=20)
        check(out.stdout.startswith("HTTP/1.1 200 OK") and "Content-Length: 13" in out.stdout,
              f"curl -I: {out.stdout}")


def parse_multipart(ctype, body):
    check(ctype.startswith("multipart/byteranges; boundary="), f"multipart type {ctype}")
    boundary = ctype.split("boundary=")[1].encode()
    parts = []
    chunks = body.split(b"\r\n--" + boundary)
    check(chunks[0] == b"" and chunks[-1] == b"--\r\n", f"multipart framing {body[:200]!r}")
    for chunk in chunks[1:-1]:
        head, _, data = chunk.partition(b"\r\n\r\n")
        fields = dict(line.split(": ", 1) for line in head.decode().strip().split("\r\n"))
        parts.append((fields, data))
    return parts


def check_ranges(port, t):
    big = bytes(i % 251 for i in range(300000))
    r = get(port, "/hello.txt", {"Range": "bytes=0-4"})
    check(r.status == 206 and r.body == b"hello" and r.header("Content-Range") == "bytes 0-4/13"
          and r.header("Content-Length") == "5", f"single range: {r}")
    check(get(port, "/hello.txt", {"Range": "bytes=-6"}).body == b"world\n", "suffix range")
    check(get(port, "/hello.txt", {"Range": "bytes=7-"}).body == b"world\n", "open range")
    r = get(port, "/big.bin", {"Range": "bytes=299990-"})
    check(r.status == 206 and r.body == big[299990:], "range from a sendfile file")
    r = get(port, "/hello.txt", {"Range": "bytes=13-"})
    check(r.status == 416 and r.header("Content-Range") == "bytes */13", f"416: {r}")
    r = get(port, "/big.bin", {"Range": "bytes=0-9,100000-100009,-5"})
    check(r.status == 206, f"multipart status {r.status}")
    parts = parse_multipart(r.header("Content-Type"), r.body)
    check(int(r.header("Content-Length")) == len(r.body), "multipart Content-Length")
    want = [(0, 9), (100000, 100009), (299995, 299999)]
    check(len(parts) == 3, f"{len(parts)} parts")
    for (fields, data), (a, b) in zip(parts, want):
        check(fields["Content-Type"] == "application/octet-stream", f"part type {fields}")
        check(fields["Content-Range"] == f"bytes {a}-{b}/300000", f"part range {fields}")
        check(data == big[a:b + 1], f"part data {a}-{b}")
    # Memory-held file, multipart too.
    t_body = b"hello, world\n"
    r = get(port, "/app.js", {"Range": "bytes=0-1,1000-1001"})
    parts = parse_multipart(r.header("Content-Type"), r.body)
    check([d for _, d in parts] == [APP[0:2], APP[1000:1002]], "memory multipart")
    # Overlapping ranges are coalesced, not repeated.
    r = get(port, "/hello.txt", {"Range": "bytes=0-5,2-8,0-0"})
    check(r.status == 206 and r.body == t_body[0:9], f"coalesced: {r}")
    # If-Range: the current ETag applies the range, another sends everything.
    etag = nginx_etag(t.at("hello.txt"))
    r = get(port, "/hello.txt", {"Range": "bytes=0-4", "If-Range": etag})
    check(r.status == 206, "If-Range")
    r = get(port, "/hello.txt", {"Range": "bytes=0-4", "If-Range": '"old"'})
    check(r.status == 200 and r.body == t_body, "If-Range mismatch")
    # Syntax we do not understand: the whole file.
    check(get(port, "/hello.txt", {"Range": "lines=1-2"}).status == 200, "other unit")
    if shutil.which("curl"):
        out = subprocess.run(["curl", "-sS", "-r", "7-11", f"http://{HOST}:{port}/hello.txt"],
                             capture_output=True, timeout=20)
        check(out.stdout == b"world", f"curl -r: {out.stdout!r}")


def check_precompressed(port, t):
    r = get(port, "/app.js", {"Accept-Encoding": "gzip"})
    gz = open(t.at("app.js.gz"), "rb").read()
    check(r.header("Content-Encoding") == "gzip" and r.body == gz and
          r.header("Content-Length") == str(len(gz)), f"gzip variant: {r}")
    check(r.header("Vary") == "Accept-Encoding", "Vary on gzip")
    check(r.header("ETag") == nginx_etag(t.at("app.js.gz")), "ETag of the variant")
    check(r.header("Content-Type") == "application/javascript; charset=utf-8", "variant type")
    r = get(port, "/app.js", {"Accept-Encoding": "gzip, deflate, br"})
    check(r.header("Content-Encoding") == "br" and r.body == b"BROTLI-BYTES" * 10, f"br: {r}")
    r = get(port, "/app.js", {"Accept-Encoding": "br;q=0.5, gzip;q=0.9"})
    check(r.header("Content-Encoding") == "gzip", "q-values")
    r = get(port, "/app.js")
    check(r.header("Content-Encoding") is None and r.body == APP and
          r.header("Vary") == "Accept-Encoding", f"identity with Vary: {r.headers}")
    r = get(port, "/app.js", {"Accept-Encoding": "gzip", "Range": "bytes=0-9"})
    check(r.status == 206 and r.body == gz[:10] and r.header("Content-Encoding") == "gzip",
          "range of the gzip variant")
    if shutil.which("curl"):
        out = subprocess.run(["curl", "-sS", "--compressed", "-H", "Accept-Encoding: gzip",
                              f"http://{HOST}:{port}/app.js"], capture_output=True, timeout=20)
        check(out.stdout == APP, "curl --compressed decodes the .gz to the original")


def check_paths(port):
    r = get(port, "/empty.txt")
    check(r.status == 200 and r.body == b"" and r.header("Content-Length") == "0", f"empty: {r}")
    check(get(port, "/empty.txt", {"Range": "bytes=0-"}).status == 200, "range on empty")
    r = get(port, "/docs")
    check(r.status == 301 and r.header("Location") == "/docs/", f"redirect: {r}")
    r = get(port, "/docs?a=1&b=%20")
    check(r.header("Location") == "/docs/?a=1&b=%20", f"redirect keeps query: {r.headers}")
    check(get(port, "/docs/").body == b"<h1>docs</h1>", "dir index")
    check(get(port, "/").body == b"<h1>home</h1>", "root index")
    check(get(port, "/docs/index.html").body == b"<h1>docs</h1>", "index by name")
    r = get(port, "/list/")
    check(r.status == 200 and b"&lt;b&gt;&amp;.txt" in r.body and
          b'href="%3Cb%3E&amp;.txt"' in r.body and b'href="a%20b.txt"' in r.body and
          b'href="sub/"' in r.body, f"listing: {r.body!r}")
    check(r.body.index(b"sub/") < r.body.index(b"a%20b.txt"), "directories first")
    r = get(port, "/.env")
    check(r.status == 404 and b"SECRET" not in r.body, "dotfile hidden")
    r = get(port, "/nope.txt")
    check(r.status == 404 and b"404 Not Found" in r.body, f"404: {r}")
    check(get(port, "/hello.txt/").status == 404, "file with trailing slash")
    check(get(port, "/hel%6co.txt").body == b"hello, world\n", "percent-decoding")
    check(get(port, "/docs/../hello.txt").body == b"hello, world\n", "dot segments inside root")


def check_pipelined_miss_then_hits(port, t):
    # The first request misses (a thread-pool lookup), the next two hit at once: the responses
    # must still leave in request order.
    t.write("cold.txt", "cold file")
    with connect(port) as s:
        s.sendall(b"GET /cold.txt HTTP/1.1\r\nHost: x\r\n\r\n"
                  b"GET /hello.txt HTTP/1.1\r\nHost: x\r\n\r\n"
                  b"GET /nope HTTP/1.1\r\nHost: x\r\n\r\n")
        rd = Reader(s)
        a, b, c = rd.read(), rd.read(), rd.read()
    check(a.body == b"cold file" and b.body == b"hello, world\n" and c.status == 404,
          f"pipelined order: {a} {b} {c}")


def check_clients_leaving_early(port, t):
    # Clients that reset the connection right after asking for files nobody asked for before
    # (their lookups are still on the thread pool): the server answers no one, leaks nothing
    # (ASan builds check) and goes on serving.
    import socket
    import struct
    for i in range(200):
        t.write(f"gone/{i}.txt", "x" * i)
    for i in range(200):
        s = connect(port)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        s.sendall(f"GET /gone/{i}.txt HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        s.close()
    check(get(port, "/gone/199.txt").body == b"x" * 199, "serving after early resets")


def check_keep_alive(port):
    conn = http.client.HTTPConnection(HOST, port, timeout=10)
    for _ in range(50):
        conn.request("GET", "/hello.txt")
        r = conn.getresponse()
        check(r.read() == b"hello, world\n", "keep-alive body")
    conn.close()


def main():
    args = parse_args()
    with Tree() as t:
        make_tree(t)
        with ServeProcess(args.bin_dir, t.path, "--list", "--cache-control",
                          "public, max-age=60") as srv:
            check_200(srv.port, t)
            check_head_and_methods(srv.port)
            check_conditionals(srv.port, t)
            check_ranges(srv.port, t)
            check_precompressed(srv.port, t)
            check_paths(srv.port)
            check_pipelined_miss_then_hits(srv.port, t)
            check_clients_leaving_early(srv.port, t)
            check_keep_alive(srv.port)


if __name__ == "__main__":
    run(main)
