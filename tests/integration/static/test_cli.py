#!/usr/bin/env python3
"""The nodecc command: --help, --version, serve --help, bad arguments, an unservable
directory, the access log (nginx combined format, buffered, flushed at exit), a graceful stop
on SIGINT and SIGTERM (exit 0, a download in flight completes), and --workers 2 (two
listeners on one port, whole log lines, graceful stop)."""
import http.client
import os
import re
import shutil
import signal
import subprocess
import time

from statictest import HOST, ServeProcess, Tree, check, get, parse_args, run

COMBINED = re.compile(r'^(\S+) - - \[(\d\d/\w{3}/\d{4}:\d\d:\d\d:\d\d [+-]\d{4})\] '
                      r'"([^"]*)" (\d{3}) (\d+) "([^"]*)" "([^"]*)"$')


def cli(bin_dir, *argv, timeout=10):
    return subprocess.run([os.path.join(bin_dir, "nodecc"), *argv], capture_output=True,
                          text=True, timeout=timeout)


def check_commands(bin_dir):
    r = cli(bin_dir, "--help")
    check(r.returncode == 0 and "serve" in r.stdout, f"--help: {r}")
    r = cli(bin_dir, "--version")
    check(r.returncode == 0 and re.match(r"^nodecc \d+\.\d+\.\d+\n$", r.stdout), f"--version: {r}")
    r = cli(bin_dir, "serve", "--help")
    check(r.returncode == 0 and "--access-log" in r.stdout and "--follow-symlinks" in r.stdout,
          f"serve --help: {r}")
    r = cli(bin_dir)
    check(r.returncode == 2 and "Usage" in r.stderr, f"no command: {r}")
    r = cli(bin_dir, "frobnicate")
    check(r.returncode == 2 and "unknown command" in r.stderr, f"unknown command: {r}")
    r = cli(bin_dir, "serve", ".", "--bogus")
    check(r.returncode == 2 and "unknown option: --bogus" in r.stderr, f"unknown option: {r}")
    r = cli(bin_dir, "serve", ".", "--port", "70000")
    check(r.returncode == 2 and "invalid port" in r.stderr, f"bad port: {r}")
    r = cli(bin_dir, "serve", ".", "--workers", "0")
    check(r.returncode == 2 and "invalid worker count" in r.stderr, f"--workers 0: {r}")
    for workers in ("1", "3"):
        r = cli(bin_dir, "serve", "/nonexistent/dir", "--port", "0", "--workers", workers)
        check(r.returncode == 1 and "ENOENT" in r.stderr and r.stderr.count("cannot serve") == 1,
              f"missing dir, {workers} worker(s): {r}")


def check_access_log_and_sigint(bin_dir):
    with Tree() as t:
        t.write("www/a.txt", "0123456789")
        log = t.at("access.log")
        srv = ServeProcess(bin_dir, t.at("www"), "--access-log", log,
                           "--cache-control=no-cache").start()
        try:
            p = srv.port
            r = get(p, "/a.txt", {"Referer": "http://ref/", "User-Agent": 'agent "quoted"'})
            check(r.header("Cache-Control") == "no-cache", "--cache-control=VALUE form")
            get(p, "/nope")
            get(p, "/a.txt", method="HEAD")
            get(p, "/a.txt", {"Range": "bytes=0-3"})
            # Buffered: nothing is written per request (the interval flush may have run).
            srv.proc.send_signal(signal.SIGINT)
            code = srv.wait_exit(10)
            check(code == 0, f"exit code after SIGINT: {code}; {srv.stderr()}")
        finally:
            srv.stop()
        lines = open(log).read().splitlines()
        check(len(lines) == 4, f"4 log lines: {lines}")
        parsed = [COMBINED.match(line) for line in lines]
        check(all(parsed), f"combined format: {lines}")
        m = parsed[0]
        check(m.group(1) == "127.0.0.1" and m.group(3) == "GET /a.txt HTTP/1.1" and
              m.group(4) == "200" and m.group(5) == "10" and m.group(6) == "http://ref/" and
              m.group(7) == "agent \\x22quoted\\x22", f"line 1: {lines[0]}")
        check(parsed[1].group(4) == "404", f"line 2: {lines[1]}")
        check(parsed[2].group(3).startswith("HEAD") and parsed[2].group(5) == "0",
              f"line 3: {lines[2]}")
        check(parsed[3].group(4) == "206" and parsed[3].group(5) == "4", f"line 4: {lines[3]}")


def check_sigterm_lets_a_download_finish(bin_dir):
    with Tree() as t:
        size = 64 << 20
        with open(t.at("big.bin"), "wb") as f:
            f.truncate(size)
        srv = ServeProcess(bin_dir, t.path).start()
        try:
            conn = http.client.HTTPConnection(HOST, srv.port, timeout=30)
            conn.request("GET", "/big.bin")
            r = conn.getresponse()
            first = r.read(1 << 20)  # the response is in flight
            srv.proc.send_signal(signal.SIGTERM)
            time.sleep(0.2)
            check(srv.alive(), "the server waits for the download in flight")
            rest = 0
            while True:
                b = r.read(1 << 20)
                if not b:
                    break
                rest += len(b)
            check(len(first) + rest == size, f"download completed: {len(first) + rest}")
            conn.close()
            code = srv.wait_exit(10)
            check(code == 0, f"exit code after SIGTERM: {code}")
        finally:
            srv.stop()


def check_stdout_log(bin_dir):
    with Tree() as t:
        t.write("x.txt", "x")
        srv = ServeProcess(bin_dir, t.path, "--access-log", "-").start()
        try:
            get(srv.port, "/x.txt")
            deadline = time.monotonic() + 3
            while time.monotonic() < deadline and not any("GET /x.txt" in line
                                                          for line in srv.stdout_lines):
                time.sleep(0.05)  # the once-a-second flush
            check(any(COMBINED.match(line) and "GET /x.txt" in line for line in srv.stdout_lines),
                  f"log on stdout: {srv.stdout_lines}")
        finally:
            srv.stop()


def check_no_log_without_access_log(bin_dir):
    """RFC 9110 §17.8: without --access-log nothing about a request is written anywhere the
    server writes (stdout, stderr, the working and served directories)."""
    with Tree() as t:
        t.write("www/x.txt", "x")
        os.makedirs(t.at("cwd"))
        srv = ServeProcess(bin_dir, t.at("www"))
        srv.proc_cwd = t.at("cwd")
        srv.start()
        try:
            marker = "privacy-marker-7f3a"
            get(srv.port, f"/x.txt?{marker}")
            get(srv.port, f"/missing-{marker}")
            time.sleep(1.3)  # past the access log's once-a-second flush, were there one
        finally:
            srv.stop()
        written = "\n".join(srv.stdout_lines) + srv.stderr()
        check(marker not in written and "GET /" not in written,
              f"a request was logged without --access-log: {written!r}")
        check(len(srv.stdout_lines) == 1, f"stdout beyond the startup line: {srv.stdout_lines}")
        check(os.listdir(t.at("cwd")) == [], f"files in the working directory: "
              f"{os.listdir(t.at('cwd'))}")
        check(sorted(os.listdir(t.at("www"))) == ["x.txt"],
              f"files in the served directory: {os.listdir(t.at('www'))}")


def listening_sockets(port):
    out = subprocess.run(["ss", "-Hltn", f"sport = :{port}"], capture_output=True, text=True,
                         timeout=10).stdout
    return len([line for line in out.splitlines() if line.strip()])


def check_workers(bin_dir):
    with Tree() as t:
        t.write("www/a.txt", "0123456789")
        with open(t.at("www/big.bin"), "wb") as f:
            f.truncate(16 << 20)
        log = t.at("access.log")
        srv = ServeProcess(bin_dir, t.at("www"), "--workers", "2", "--access-log", log).start()
        try:
            p = srv.port
            if shutil.which("ss"):
                # Worker 1 announces the port; worker 2 joins it a moment later.
                deadline = time.monotonic() + 5
                n = listening_sockets(p)
                while n < 2 and time.monotonic() < deadline:
                    time.sleep(0.05)
                    n = listening_sockets(p)
                check(n == 2, f"two listeners share port {p}: {n}")
            count = 300
            for _ in range(count):
                r = get(p, "/a.txt")
                check(r.status == 200 and r.body == b"0123456789", f"GET /a.txt: {r.status}")
            conn = http.client.HTTPConnection(HOST, p, timeout=30)
            conn.request("GET", "/big.bin")
            resp = conn.getresponse()
            first = resp.read(1 << 20)
            srv.proc.send_signal(signal.SIGTERM)
            time.sleep(0.2)
            check(srv.alive(), "the workers wait for the download in flight")
            rest = len(resp.read())
            check(len(first) + rest == 16 << 20, f"download completed: {len(first) + rest}")
            conn.close()
            code = srv.wait_exit(10)
            check(code == 0, f"exit code after SIGTERM: {code}; {srv.stderr()}")
        finally:
            srv.stop()
        lines = open(log).read().splitlines()
        check(len(lines) == count + 1, f"{count + 1} log lines: {len(lines)}")
        check(all(COMBINED.match(line) for line in lines), "every line whole")


def main():
    args = parse_args()
    check_commands(args.bin_dir)
    check_access_log_and_sigint(args.bin_dir)
    check_sigterm_lets_a_download_finish(args.bin_dir)
    check_stdout_log(args.bin_dir)
    check_no_log_without_access_log(args.bin_dir)
    check_workers(args.bin_dir)


if __name__ == "__main__":
    run(main)
