#!/usr/bin/env python3
"""1 GB downloaded by the client with its RSS sampled during the transfer: from nodecc's server
(Content-Length) and from a Node.js server (chunked). Every byte is checked against the
pattern as it arrives; the client's peak RSS may exceed its RSS at the start by at most
MAX_GROWTH (the body is never held: reading stops while the consumer is behind)."""
import time

from clienttest import check, driver, fields, node_server, parse_args, rss_slack, run, test_server

GB = 1 << 30
MAX_GROWTH = 64 << 20


def download(args, name, server, path, total):
    start = time.monotonic()
    out = fields(driver(args.bin_dir, "download", "--url",
                        f"http://127.0.0.1:{server.port}{path}", timeout=240))
    secs = time.monotonic() - start
    growth = int(out.get("rss_peak", 0)) - int(out.get("rss_base", 0))
    print(f"{name}: {total / secs / 1e6:.0f} MB/s, client RSS {int(out['rss_base']) >> 20} MiB"
          f" -> peak {int(out['rss_peak']) >> 20} MiB")
    check(out.get("status") == "200" and out.get("bytes") == str(total) and
          out.get("pattern") == "ok", f"{name}: {out}")
    check(growth < MAX_GROWTH + rss_slack(), f"{name}: client RSS grew {growth >> 20} MiB")


def main():
    args = parse_args()
    with test_server(args.bin_dir) as srv:
        download(args, "nodecc server, Content-Length", srv,
                 f"/stream?bytes={GB}&piece=65536", GB)
    node = node_server()
    if node is None:
        print("node: not installed, skipped")
        return
    with node:
        download(args, "Node.js server, chunked", node, f"/stream?bytes={GB}&chunked=1", GB)


if __name__ == "__main__":
    run(main)
