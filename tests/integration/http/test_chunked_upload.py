#!/usr/bin/env python3
"""Chunked uploads (sizes from 1 byte to 1 MiB, extensions, trailers, a request trickled one
byte per send) and Expect: 100-continue (an automatic 100 before the body, then the response;
417 for other expectations; none for HTTP/1.0)."""
import hashlib
import http.client
import os
import shutil
import subprocess
import tempfile
import time

from httptest import HOST, Reader, check, connect, example, parse_args, run, test_server


def expected(body, trailers=()):
    out = f"{len(body)} {hashlib.sha256(body).hexdigest()}\n"
    for name, value in trailers:
        out += f"trailer {name}: {value}\n"
    return out.encode()


def chunked(pieces, trailers=(), ext=b""):
    out = b""
    for p in pieces:
        out += b"%x" % len(p) + ext + b"\r\n" + p + b"\r\n"
    out += b"0\r\n"
    for name, value in trailers:
        out += f"{name}: {value}\r\n".encode()
    return out + b"\r\n"


def chunked_cases(args):
    rnd = os.urandom(3 << 20)
    cases = [
        ("one-byte chunks", [rnd[i:i + 1] for i in range(300)], (), b""),
        ("mixed sizes", [rnd[:7], rnd[7:70000], rnd[70000:70001], rnd[70001:200000]], (), b""),
        ("1 MiB chunks", [rnd[:1 << 20], rnd[1 << 20:2 << 20], rnd[2 << 20:]], (), b""),
        ("extensions", [rnd[:100], rnd[100:5000]], (), b';name=value;flag;q="quoted \\" str"'),
        ("trailers", [rnd[:1000], rnd[1000:3000]],
         (("X-Checksum", "abc123"), ("X-Other", "two words")), b""),
        ("empty body", [], (("X-Empty", "yes"),), b""),
    ]
    with test_server(args.bin_dir) as srv:
        with connect(srv.port, timeout=20) as s:
            rd = Reader(s)
            # All on one keep-alive connection: each body must end exactly at its last chunk.
            for name, pieces, trailers, ext in cases:
                body = b"".join(pieces)
                s.sendall(b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" +
                          chunked(pieces, trailers, ext))
                r = rd.read()
                check(r.status == 200 and r.body == expected(body, trailers),
                      f"chunked upload '{name}': {r.status} {r.body!r}")
        # The whole request one byte per send: every parser state resumes across reads.
        pieces = [b"hello ", b"chunked ", b"world"]
        raw = (b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" +
               chunked(pieces, (("X-T", "v"),), b";e=1"))
        with connect(srv.port) as s:
            for i in range(len(raw)):
                s.send(raw[i:i + 1])
                time.sleep(0.0005)
            r = Reader(s).read()
            check(r.body == expected(b"hello chunked world", (("X-T", "v"),)),
                  f"trickled chunked upload: {r.body!r}")
    # http.client's own chunked encoding against the example.
    with example(args.bin_dir, "upload") as up:
        body = rnd[:1234567]
        conn = http.client.HTTPConnection(HOST, up.port, timeout=20)
        pieces = [body[i:i + 65536] for i in range(0, len(body), 65536)]
        conn.request("POST", "/", body=iter(pieces), encode_chunked=True,
                     headers={"Transfer-Encoding": "chunked"})
        r = conn.getresponse()
        check(r.read() == expected(body), "http.client chunked upload")
        conn.close()


def expect_continue(args):
    body = os.urandom(500000)
    with example(args.bin_dir, "upload") as up:
        with connect(up.port) as s:
            s.sendall(f"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: {len(body)}\r\n"
                      "Expect: 100-continue\r\n\r\n".encode())
            # The 100 must come before any body byte is sent.
            s.settimeout(5)
            got = b""
            while b"\r\n\r\n" not in got:
                data = s.recv(4096)
                check(data, "closed before 100 Continue")
                got += data
            check(got.startswith(b"HTTP/1.1 100 Continue\r\n\r\n"), f"interim response {got!r}")
            s.sendall(body)
            rd = Reader(s)
            rd.buf = got[len(b"HTTP/1.1 100 Continue\r\n\r\n"):]
            r = rd.read()
            check(r.status == 200 and r.body == expected(body), f"after 100: {r}")
            # Chunked with Expect, on the same connection.
            s.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
                      b"Expect: 100-continue\r\n\r\n")
            s.sendall(chunked([body[:1000], body[1000:]]))
            r = rd.read()
            check(r.interim == [(100, "Continue")] and r.body == expected(body),
                  f"chunked after 100: {r.interim} {r.body!r}")
        if shutil.which("curl"):
            with tempfile.NamedTemporaryFile() as f:
                f.write(body)
                f.flush()
                out = subprocess.run(["curl", "-sS", "--max-time", "10",
                                      "-H", "Expect: 100-continue", "--data-binary", f"@{f.name}",
                                      f"http://{HOST}:{up.port}/", "-w", "|%{http_code}"],
                                     capture_output=True, timeout=20)
                check(out.stdout == expected(body) + b"|200", f"curl with Expect: {out.stdout!r}")
    with test_server(args.bin_dir) as srv:
        # Another expectation: 417 (Node's default without a checkExpectation listener).
        with connect(srv.port) as s:
            s.sendall(b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n"
                      b"Expect: something-else\r\n\r\nabc")
            r = Reader(s).read()
            check(r.status == 417 and r.interim == [], f"other expectation: {r}")
        # HTTP/1.0 gets no 100.
        with connect(srv.port) as s:
            s.sendall(b"POST /echo HTTP/1.0\r\nContent-Length: 3\r\n"
                      b"Expect: 100-continue\r\n\r\nabc")
            r = Reader(s).read()
            check(r.status == 200 and r.interim == [] and r.body == expected(b"abc"),
                  f"HTTP/1.0 with Expect: {r}")


def main():
    args = parse_args()
    chunked_cases(args)
    expect_continue(args)


if __name__ == "__main__":
    run(main)
