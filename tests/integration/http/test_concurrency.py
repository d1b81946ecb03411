#!/usr/bin/env python3
"""1,000 connections open at once against example-echo: every one is accepted and answered,
twice (keep-alive), and the server's RSS stays modest; then all close and the server still
answers."""
import asyncio
import resource

from httptest import HOST, RssSampler, check, example, parse_args, request, rss_slack, run

CONNECTIONS = 1000


async def read_response(reader):
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    length = 0
    for line in lines[1:]:
        if line.lower().startswith("content-length:"):
            length = int(line.split(":", 1)[1])
    body = await reader.readexactly(length)
    return status, body


async def scenario(port):
    conns = await asyncio.gather(*(asyncio.open_connection(HOST, port)
                                   for _ in range(CONNECTIONS)))
    for rnd in range(2):
        for i, (_, writer) in enumerate(conns):
            writer.write(f"GET /?value=c{i}r{rnd} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        results = await asyncio.gather(*(read_response(reader) for reader, _ in conns))
        for i, (status, body) in enumerate(results):
            check(status == 200 and body == f"c{i}r{rnd}".encode(),
                  f"round {rnd}, connection {i}: {status} {body!r}")
    for _, writer in conns:
        writer.close()
    await asyncio.gather(*(w.wait_closed() for _, w in conns), return_exceptions=True)


def main():
    args = parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < CONNECTIONS + 100:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))
    with example(args.bin_dir, "echo") as echo:
        with RssSampler(echo.pid) as rss:
            asyncio.run(asyncio.wait_for(scenario(echo.port), 60))
        print(f"{CONNECTIONS} connections: RSS {rss.baseline >> 10} KiB -> "
              f"peak {rss.peak >> 10} KiB")
        check(rss.growth < (64 << 20) + rss_slack(),
              f"RSS grew {rss.growth >> 20} MiB for {CONNECTIONS} connections")
        r = request(echo.port, b"GET /?value=after HTTP/1.1\r\nHost: x\r\n\r\n")
        check(r.body == b"after", "answer after the 1,000 connections closed")


if __name__ == "__main__":
    run(main)
