#!/usr/bin/env python3
"""express::compression() on a bare http server streams: the client receives compressed bytes
(that decode to the start of the body) long before the handler ends, res.flush() gets each
event out at once, and a client that stops reading pushes back on a handler that honours
write()'s return value and 'drain' (it stops producing), after which the whole body still
arrives and decodes intact."""
import http.client
import os
import socket
import time
import zlib

from httptest import HOST, Server, check, hex_piece, parse_args, run

PIECE = 16 * 1024


def text(i):
    """compression_server.cc's text(i): 16 KiB of hex_piece."""
    return hex_piece(i, PIECE)


class ChunkedGzip:
    """Reads a chunked, gzip-coded response as it arrives, decoding as it goes."""

    def __init__(self, sock):
        self.sock = sock
        self.buf = b""
        self.decoder = zlib.decompressobj(wbits=31)
        self.decoded = bytearray()
        self.done = False
        self.head = None

    def read_head(self):
        while b"\r\n\r\n" not in self.buf:
            data = self.sock.recv(65536)
            check(data, "connection closed before the head")
            self.buf += data
        head, self.buf = self.buf.split(b"\r\n\r\n", 1)
        self.head = head.decode("latin-1")
        return self.head

    def pump(self, data):
        self.buf += data
        pos = 0
        while True:
            line_end = self.buf.find(b"\r\n", pos)
            if line_end < 0:
                break
            size = int(self.buf[pos:line_end].split(b";")[0], 16)
            if size == 0:
                self.done = True
                break
            if len(self.buf) < line_end + 2 + size + 2:
                break
            self.decoded += self.decoder.decompress(self.buf[line_end + 2:line_end + 2 + size])
            pos = line_end + 2 + size + 2
        self.buf = self.buf[pos:]

    def read_some(self):
        data = self.sock.recv(65536)
        check(data, "connection closed before the body ended")
        self.pump(data)


def get(port, path, rcvbuf=None):
    s = socket.socket()
    if rcvbuf:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.settimeout(20)
    s.connect((HOST, port))
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n".encode())
    r = ChunkedGzip(s)
    head = r.read_head()
    check("Content-Encoding: gzip" in head and "Transfer-Encoding: chunked" in head,
          f"a chunked gzip response: {head}")
    return s, r


def stats(port):
    conn = http.client.HTTPConnection(HOST, port, timeout=10)
    try:
        conn.request("GET", "/stats")
        body = conn.getresponse().read().decode()
    finally:
        conn.close()
    fields = dict(kv.split("=") for kv in body.split())
    return int(fields["produced"]), fields["done"] == "1"


def main():
    args = parse_args()
    server = Server([os.path.join(args.bin_dir, "compression-server"), "--port", "0", "--host",
                     HOST], name="compression-server")
    with server as srv:
        # 1. Incremental: 20 pieces, one every 100 ms (the handler ends after ~2 s).
        start = time.monotonic()
        s, r = get(srv.port, "/slow?pieces=20&ms=100")
        with s:
            while len(r.decoded) == 0:
                r.read_some()
            first = time.monotonic() - start
            check(first < 1.5, f"first decoded bytes after {first:.2f} s (handler ends at ~2 s)")
            expected = b"".join(text(i) for i in range(20))
            check(expected.startswith(bytes(r.decoded)), "the first decoded bytes are the body's start")
            while not r.done:
                r.read_some()
            total = time.monotonic() - start
            check(r.decoded == expected, f"whole body decodes ({len(r.decoded)} bytes)")
            print(f"slow: first decoded bytes after {first:.2f} s, end after {total:.2f} s")

        # 2. res.flush(): each event decodes on its own, before the next is written.
        s, r = get(srv.port, "/events?count=5")
        with s:
            seen = []
            while not r.done:
                r.read_some()
                events = r.decoded.decode().count("\n\n")
                if events > len(seen):
                    seen.append(time.monotonic())
            check(r.decoded == b"".join(b"data: event %d\n\n" % i for i in range(5)),
                  f"events decode: {r.decoded!r}")
            check(len(seen) == 5, f"each event arrived on its own ({len(seen)} arrivals)")
            print("events: each flushed event decoded on arrival")

        # 3. Backpressure: 64 MiB; the client reads the head, then stops for 2 s.
        total = 64 << 20
        s, r = get(srv.port, "/big?mb=64", rcvbuf=32768)
        with s:
            time.sleep(2.0)
            produced, done = stats(srv.port)
            check(not done and produced < total // 3,
                  f"a client that stops reading pushes back: the handler wrote {produced} of "
                  f"{total} bytes")
            print(f"backpressure: handler paused after {produced >> 10} KiB of {total >> 20} MiB")
            while not r.done:
                r.read_some()
            check(len(r.decoded) == total, f"whole body after resuming ({len(r.decoded)} bytes)")
            for i in (0, 1, 2000, total // PIECE - 1):
                check(r.decoded[i * PIECE:(i + 1) * PIECE] == text(i), f"piece {i} intact")
            produced, done = stats(srv.port)
            check(done and produced == total, "the handler finished")


if __name__ == "__main__":
    run(main)
