#!/usr/bin/env python3
"""slowhttptest (Debian's package; scripts/install-deps.sh installs it) against
robust-test-server: its probe connection must find the service available in every second of
each run.

- Slow headers (slowloris), headersTimeout 3 s: 1,000 connections; the server closes them.
- Slow headers with Node's default timeouts (60 s): 1,000 connections stay open all along
  and the service stays available beside them.
- Slow read: connections that advertise a 512-1024 byte window and read 32 bytes every 5 s
  of 1 MiB responses; server RSS stays at about highWaterMark per connection.
"""
import csv
import os
import shutil
import subprocess
import tempfile

from robusttest import httptest  # noqa: I100 - robusttest puts ../http on sys.path
from robusttest import (HOST, SKIP, check, parse_args, raise_own_nofile, robust_server, run)


def slowhttptest(port, mode_args, seconds, workdir, name):
    """Runs slowhttptest; returns its CSV rows as dicts (one per second)."""
    prefix = os.path.join(workdir, name)
    argv = ["slowhttptest", *mode_args, "-l", str(seconds), "-p", "3", "-g", "-o", prefix]
    out = subprocess.run(argv, capture_output=True, text=True, timeout=seconds + 60,
                         cwd=workdir)
    check(out.returncode == 0, f"slowhttptest {name} failed ({out.returncode}): "
                               f"{out.stdout[-2000:]} {out.stderr[-2000:]}")
    with open(prefix + ".csv") as f:
        rows = list(csv.DictReader(f))
    check(rows, f"slowhttptest {name}: empty report")
    return rows, out.stdout


def availability(rows):
    """Seconds in which the probe found the service unavailable."""
    return [int(r["Seconds"]) for r in rows if int(r["Service Available"]) == 0]


def summary(rows):
    last = rows[-1]
    return (f"{len(rows)} s, at the end connected {last['Connected']}, closed {last['Closed']}, "
            f"pending {last['Pending']}; peak connected {max(int(r['Connected']) for r in rows)}")


def main():
    args = parse_args()
    if not shutil.which("slowhttptest"):
        print("SKIP: slowhttptest not installed (apt-get install slowhttptest; "
              "scripts/install-deps.sh installs it)")
        raise SystemExit(SKIP)
    raise_own_nofile(4096)
    conns = 500 if httptest.SANITIZED else 1000
    work = tempfile.mkdtemp(prefix="nodecc-robust-sht-")
    try:
        # Slowloris against a short headersTimeout: every connection is closed by the server.
        with robust_server(args.bin_dir, "--headers-timeout", "3000", nofile=4096) as srv:
            url = f"http://{HOST}:{srv.port}/hello"
            rows, out = slowhttptest(srv.port, ["-H", "-c", str(conns), "-r", "500", "-i", "1",
                                                "-u", url], 10, work, "headers-short")
            down = availability(rows)
            # The report's last row can be a second old: slowhttptest ends when it finds every
            # connection closed, and says so.
            closed = conns if "No open connections left" in out else int(rows[-1]["Closed"])
            print(f"slow headers, headersTimeout 3 s, {conns} connections: {summary(rows)}; "
                  f"unavailable in {len(down)} s")
            check(not down, f"slow headers: service unavailable in seconds {down}")
            check(closed >= 0.9 * conns,
                  f"slow headers: the server closed only {closed} of {conns}")

        # Node's default timeouts: the connections stay and the service with them.
        with robust_server(args.bin_dir, nofile=4096) as srv:
            url = f"http://{HOST}:{srv.port}/hello"
            rows, _ = slowhttptest(srv.port, ["-H", "-c", str(conns), "-r", "500", "-i", "2",
                                              "-u", url], 8, work, "headers-default")
            down = availability(rows)
            peak = max(int(r["Connected"]) for r in rows)
            print(f"slow headers, default timeouts, {conns} connections: {summary(rows)}; "
                  f"unavailable in {len(down)} s")
            check(not down, f"slow headers (default timeouts): unavailable in seconds {down}")
            check(peak >= 0.9 * conns, f"slow headers: only {peak} of {conns} connected")

        # Slow read of 1 MiB responses.
        readers = 150 if httptest.SANITIZED else 300
        with robust_server(args.bin_dir, nofile=4096) as srv:
            url = f"http://{HOST}:{srv.port}/pattern?id=1&bytes={1 << 20}"
            with httptest.RssSampler(srv.pid, interval=0.1) as rss:
                mode = ["-X", "-c", str(readers), "-r", "150", "-w", "512", "-y", "1024", "-n", "5",
                        "-z", "32", "-k", "1", "-u", url]
                rows, _ = slowhttptest(srv.port, mode, 10, work, "slow-read")
            down = availability(rows)
            per_conn = 16384 + 16384 + (64 << 10)
            bound = readers * per_conn + (4 << 20) + httptest.rss_slack()
            print(f"slow read, {readers} connections: {summary(rows)}; unavailable in "
                  f"{len(down)} s; RSS +{rss.growth >> 10} KiB (bound {bound >> 10} KiB)")
            check(not down, f"slow read: service unavailable in seconds {down}")
            check(rss.growth < bound, f"slow read: RSS grew {rss.growth >> 10} KiB")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    run(main)
