#!/usr/bin/env python3
"""A short wrk load (2 s, 50 connections, then 16-deep pipelining) against example-echo and
example-hello: non-zero throughput, no socket errors, no non-2xx responses."""
import os
import re
import shutil
import subprocess

from httptest import HOST, SKIP, check, example, parse_args, run

HERE = os.path.dirname(os.path.abspath(__file__))


def wrk(url, *extra):
    out = subprocess.run(["wrk", "-t1", "-c50", "-d2s", "--timeout", "2s", *extra, url],
                         capture_output=True, text=True, timeout=30)
    check(out.returncode == 0, f"wrk failed: {out.stdout} {out.stderr}")
    text = out.stdout
    m = re.search(r"Requests/sec:\s+([\d.]+)", text)
    check(m is not None, f"no Requests/sec in wrk output:\n{text}")
    rps = float(m.group(1))
    check(rps > 0, f"zero throughput:\n{text}")
    check("Socket errors" not in text, f"socket errors:\n{text}")
    check("Non-2xx" not in text, f"non-2xx responses:\n{text}")
    m = re.search(r"(\d+) requests in", text)
    check(m is not None and int(m.group(1)) > 0, f"no requests completed:\n{text}")
    return rps


def main():
    args = parse_args()
    if not shutil.which("wrk"):
        print("SKIP: wrk not found")
        raise SystemExit(SKIP)
    with example(args.bin_dir, "hello") as hello:
        rps = wrk(f"http://{HOST}:{hello.port}/")
        print(f"hello: {rps:.0f} req/s")
    with example(args.bin_dir, "echo") as echo:
        rps = wrk(f"http://{HOST}:{echo.port}/?value=wrk")
        print(f"echo: {rps:.0f} req/s")
        rps = wrk(f"http://{HOST}:{echo.port}/", "-s", os.path.join(HERE, "pipeline.lua"))
        print(f"echo, 16-deep pipelining: {rps:.0f} req/s")


if __name__ == "__main__":
    run(main)
