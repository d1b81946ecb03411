#!/usr/bin/env python3
"""stream.pipeline() with http bodies over real sockets (stream-server):
- an upload through pipeline(req, createGzip(), createWriteStream(file)) lands in the file, which
  gunzips to exactly what was sent;
- an upload of 1 GiB (256 MiB under sanitizers) through the same pipeline (into /dev/null) keeps
  the server's RSS flat: gzip is slower than loopback, so the request pauses, the connection
  stops reading and TCP pushes back on the client;
- a download through pipeline(source, createGzip(), res) that the client stops reading pushes
  back to the source: it stops producing, far short of the body, and goes on when the client
  reads again; the body then gunzips intact.
Control for the first bound: the upload's RSS is sampled while the client sends as fast as it
can, and the byte count the server reports shows the whole body went through."""
import os
import socket
import tempfile
import time
import zlib

import httptest
from httptest import (HOST, Reader, RssSampler, Server, check, connect, hex_piece, parse_args,
                      rss_slack, run)

MiB = 1 << 20
PIECE = 64 * 1024


def piece(i):
    """stream_server.cc's text(i)."""
    return hex_piece(i, PIECE)


def upload(port, path, blocks, block):
    """POSTs len(block) * blocks bytes as fast as the server takes them; the response body."""
    with connect(port, timeout=120) as s:
        s.sendall(b"POST %s HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n"
                  % (path.encode(), blocks * len(block)))
        for _ in range(blocks):
            s.sendall(block)
        r = Reader(s).read()
        check(r.status == 200, f"upload {path}: {r.status} {r.body[:200]!r}")
        return r.body.decode()


def stats(port):
    with connect(port) as s:
        s.sendall(b"GET /stats HTTP/1.1\r\nHost: x\r\n\r\n")
        body = Reader(s).read().body.decode()
    return int(body.strip().split("=")[1])


def main():
    args = parse_args()
    with tempfile.TemporaryDirectory(prefix="nodecc-stream-") as tmp:
        out = os.path.join(tmp, "upload.gz")
        binary = os.path.join(args.bin_dir, "stream-server")
        with Server([binary, "--port", "0", "--host", HOST, "--out", out]) as srv:
            # Into a file: every byte, in order.
            block = os.urandom(MiB // 2).hex().encode()
            body = upload(srv.port, "/upload?level=6", 8, block)
            with open(out, "rb") as f:
                got = zlib.decompress(f.read(), 16 + zlib.MAX_WBITS)
            check(got == block * 8, f"the uploaded file gunzips to {len(got)} bytes, not the 8 MiB sent")
            check(body.startswith(f"in={8 * MiB} "), f"upload reply {body!r}")
            print(f"8 MiB upload through gzip into a file: intact ({body.strip()})")

        with Server([binary, "--port", "0", "--host", HOST, "--out", "/dev/null"]) as srv:
            total = 256 if httptest.SANITIZED else 1024
            with RssSampler(srv.pid) as rss:
                started = time.monotonic()
                body = upload(srv.port, "/upload?level=1", total, block)
                took = time.monotonic() - started
            check(body.startswith(f"in={total * MiB} "), f"upload reply {body!r}")
            print(f"{total} MiB upload through gzip in {took:.1f} s: RSS {rss.baseline >> 10} KiB "
                  f"-> peak {rss.peak >> 10} KiB over {rss.samples} samples")
            check(rss.samples > 10, "too few RSS samples")
            check(rss.growth < 24 * MiB + rss_slack(),
                  f"the upload grew the server's RSS by {rss.growth >> 10} KiB")

            # A download the client stops reading.
            mb = 256
            s = socket.socket()
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 32768)
            s.settimeout(60)
            s.connect((HOST, srv.port))
            with s:
                s.sendall(b"GET /download?mb=%d HTTP/1.1\r\nHost: x\r\n\r\n" % mb)
                time.sleep(1.5)
                first = stats(srv.port)
                time.sleep(0.5)
                second = stats(srv.port)
                print(f"download of {mb} MiB, client not reading: the source produced "
                      f"{first >> 10} KiB, then {second >> 10} KiB half a second later")
                check(first == second, "the source kept producing while the client did not read")
                check(first < 48 * MiB, f"the source ran {first >> 20} MiB ahead of the client")
                d = zlib.decompressobj(16 + zlib.MAX_WBITS)
                seen = {"n": 0, "head": b"", "tail": b""}

                def sink(data):
                    plain = d.decompress(bytes(data))
                    if len(seen["head"]) < PIECE:
                        seen["head"] += plain[:PIECE - len(seen["head"])]
                    seen["n"] += len(plain)
                    seen["tail"] = (seen["tail"] + plain)[-PIECE:]

                r = Reader(s).read(body_sink=sink)
                seen["tail"] = (seen["tail"] + d.flush())[-PIECE:]
                check(r.status == 200, f"download status {r.status}")
                check(seen["n"] == mb * MiB, f"download gunzipped to {seen['n']} bytes")
                check(seen["head"] == piece(0) and seen["tail"] == piece(mb * MiB // PIECE - 1),
                      "the download's first or last piece differs")
                print(f"then read to the end: {mb} MiB, first and last pieces intact; "
                      f"produced {stats(srv.port) >> 20} MiB")


if __name__ == "__main__":
    run(main)
