#!/usr/bin/env python3
"""1 GB streamed through the server each way, with its RSS sampled during the transfer: an
upload to example-upload (hashed as it arrives, never held whole) and downloads from
http-test-server's /stream (res.write + 'drain'), Content-Length and chunked. The peak RSS may
grow at most MAX_GROWTH over the RSS before the transfer."""
import hashlib
import os
import time

from httptest import (Reader, RssSampler, PatternChecker, check, connect, example, parse_args,
                      rss_slack, run, test_server)

GB = 1 << 30
MAX_GROWTH = 64 << 20


def upload(args):
    block = os.urandom(1 << 20)
    total = GB
    digest = hashlib.sha256()
    for _ in range(total // len(block)):
        digest.update(block)
    want = f"{total} {digest.hexdigest()}\n".encode()
    with example(args.bin_dir, "upload") as up:
        with connect(up.port, timeout=60) as s:
            # Warm up (first request, allocations that stay), then measure from there.
            s.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
            rd = Reader(s)
            rd.read()
            start = time.monotonic()
            with RssSampler(up.pid) as rss:
                s.sendall(f"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: {total}\r\n\r\n".encode())
                for _ in range(total // len(block)):
                    s.sendall(block)
                r = rd.read()
            secs = time.monotonic() - start
        print(f"upload: {total / secs / 1e6:.0f} MB/s, RSS {rss.baseline >> 20} MiB -> peak "
              f"{rss.peak >> 20} MiB ({rss.samples} samples)")
        check(r.status == 200 and r.body == want, f"1 GB upload answered {r.status} {r.body!r}")
        check(rss.growth < MAX_GROWTH + rss_slack(), f"upload: RSS grew {rss.growth >> 20} MiB")


def download(args, total, chunked):
    with test_server(args.bin_dir) as srv:
        with connect(srv.port, timeout=60) as s:
            s.sendall(b"GET /stream?bytes=1000 HTTP/1.1\r\nHost: x\r\n\r\n")
            rd = Reader(s)
            rd.read()
            start = time.monotonic()
            checker = PatternChecker()
            with RssSampler(srv.pid) as rss:
                s.sendall(f"GET /stream?bytes={total}&piece=65536&chunked={int(chunked)} "
                          "HTTP/1.1\r\nHost: x\r\n\r\n".encode())
                r = rd.read(body_sink=checker)
            secs = time.monotonic() - start
        kind = "chunked" if chunked else "Content-Length"
        print(f"download ({kind}): {total / secs / 1e6:.0f} MB/s, RSS {rss.baseline >> 20} MiB -> "
              f"peak {rss.peak >> 20} MiB ({rss.samples} samples)")
        check(r.status == 200, f"download status {r.status}")
        check(checker.count == total and checker.ok,
              f"download ({kind}): {checker.count} bytes, pattern ok: {checker.ok}")
        check(rss.growth < MAX_GROWTH + rss_slack(),
              f"download ({kind}): RSS grew {rss.growth >> 20} MiB")


def main():
    args = parse_args()
    upload(args)
    download(args, GB, chunked=False)
    download(args, GB // 4, chunked=True)


if __name__ == "__main__":
    run(main)
