#!/usr/bin/env python3
"""bench/gzip: on-the-fly gzip of a 10 KiB HTML page at level 6, per server CPU-second: nodecc
(express::compression() in front of http::createServer; the page whole to res.end() and in
4 KiB res.write() calls), Node 20 with the npm compression package (the same two forms) and
nginx's `gzip on` (gzip_comp_level 6, serving the page as a file), in the same run, interleaved.

Each server runs on core 0 (taskset -c 0), wrk -t1 -c50 with `Accept-Encoding: gzip` on core 1;
CPU is utime+stime of the server and its children (nginx's worker) from /proc over the measured
run. Every response is checked once first: 200, Content-Encoding gzip, and the page back from
gunzip. A peer that is not installed (nginx; Node's compression: npm ci in tests/express) is
skipped with a message.

  run.py --bin build/bin/bench-gzip [--reps 3] [--seconds 5] [--servers nodecc,node,nginx]
"""
import argparse
import gzip
import os
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(HERE, "..", "http"))
from peers import free_port, tree_cpu_seconds  # noqa: E402
PAGE_BYTES = 10 * 1024
WARMUP_SECONDS = 2

NGINX_CONF = """daemon off;
master_process on;
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    keepalive_requests 4294967295;
    keepalive_timeout 300s;
    types {{ text/html html; }}
    charset utf-8;
    gzip on;
    gzip_comp_level 6;
    gzip_types text/html;
    gzip_vary on;
    client_body_temp_path {dir}/client_body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    server {{
        listen 127.0.0.1:{port};
        root {dir};
        location = / {{ try_files /page.html =404; }}
    }}
}}
"""


def make_page():
    """A product listing of exactly PAGE_BYTES: markup repeats, names and prices vary (a seeded
    generator, so every run serves the same bytes), compressing about as a real page does."""
    rng = random.Random(10240)
    words = ["alpine", "bright", "cedar", "delta", "ember", "fjord", "granite", "harbor",
             "indigo", "juniper", "kestrel", "lumen", "meadow", "nimbus", "orchid", "prairie"]
    head = ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<title>Catalog</title><link rel=\"stylesheet\" href=\"/site.css\"></head>\n"
            "<body><main><h1>Catalog</h1><table class=\"items\">\n")
    tail = "</table></main></body></html>\n"
    rows, size, n = [], len(head) + len(tail), 0
    while True:
        n += 1
        name = " ".join(rng.choice(words) for _ in range(rng.randint(2, 4))).title()
        row = ("<tr id=\"item-%d\"><td class=\"name\"><a href=\"/items/%d\">%s</a></td>"
               "<td class=\"price\">$%d.%02d</td><td class=\"stock\">%d</td></tr>\n"
               % (n, n, name, rng.randint(1, 999), rng.randint(0, 99), rng.randint(0, 500)))
        if size + len(row) > PAGE_BYTES:
            break
        rows.append(row)
        size += len(row)
    page = head + "".join(rows) + tail
    return page + " " * (PAGE_BYTES - len(page) - 1) + "\n"


def wait_listening(port, proc, timeout=15):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError("the server exited with %d before listening" % proc.returncode)
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("nothing listens on %d" % port)


def check_response(url, page):
    req = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(req, timeout=5) as r:
        body = r.read()
        if r.status != 200 or r.headers.get("Content-Encoding") != "gzip":
            raise RuntimeError("%s: status %d, Content-Encoding %s" %
                               (url, r.status, r.headers.get("Content-Encoding")))
    if gzip.decompress(body).decode() != page:
        raise RuntimeError("%s: the gunzipped body is not the page" % url)
    return len(body)


def wrk(url, seconds):
    out = subprocess.run(["taskset", "-c", "1", "wrk", "-t1", "-c50", "-d%ds" % seconds,
                          "-H", "Accept-Encoding: gzip", url],
                         capture_output=True, text=True, check=True).stdout
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if errors:
        raise RuntimeError("%s: %s non-2xx responses" % (url, errors.group(1)))
    return int(re.search(r"(\d+) requests in", out).group(1))


def start(server, mode, args, tmp, port):
    env = dict(os.environ, PORT=str(port), MODE=mode, PAGE=os.path.join(tmp, "page.html"),
               NODE_ENV="production")
    if server == "nodecc":
        cmd = [args.bin]
    elif server == "node":
        cmd = [args.node, os.path.join(HERE, "server.js")]
    else:
        conf = os.path.join(tmp, "nginx.conf")
        with open(conf, "w") as f:
            f.write(NGINX_CONF.format(dir=tmp, port=port))
        cmd = [shutil.which("nginx") or "/usr/sbin/nginx", "-p", tmp, "-e",
               os.path.join(tmp, "error.log"), "-c", conf]
    return subprocess.Popen(["taskset", "-c", "0"] + cmd, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, cwd=tmp)


def measure(server, mode, args, tmp, page):
    port = free_port()
    p = start(server, mode, args, tmp, port)
    try:
        wait_listening(port, p)
        url = "http://127.0.0.1:%d/" % port
        compressed = check_response(url, page)
        wrk(url, WARMUP_SECONDS)
        before = tree_cpu_seconds(p.pid)
        requests = wrk(url, args.seconds)
        cpu = tree_cpu_seconds(p.pid) - before
        return requests / cpu, requests / args.seconds, compressed
    finally:
        p.terminate()
        try:
            p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


def available(server, args):
    if server == "nginx" and not (shutil.which("nginx") or os.path.exists("/usr/sbin/nginx")):
        return "nginx not installed"
    if server == "node" and not os.path.isdir(
            os.path.join(HERE, "../../tests/express/node_modules/compression")):
        return "npm compression not installed (npm ci in tests/express)"
    if server == "nodecc" and not os.access(args.bin, os.X_OK):
        return "%s not built (cmake --build build --target bench-gzip)" % args.bin
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--node", default="node")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--seconds", type=int, default=5)
    ap.add_argument("--servers", default="nodecc,node,nginx")
    args = ap.parse_args()
    args.bin = os.path.abspath(args.bin)  # the servers run in the temporary directory
    cells = []
    for server in args.servers.split(","):
        why = available(server, args)
        if why:
            print("%s: skipped (%s)" % (server, why), flush=True)
            continue
        cells += [(server, "file")] if server == "nginx" else [(server, "whole"), (server, "stream")]
    tmp = tempfile.mkdtemp(prefix="bench-gzip-")
    os.chmod(tmp, 0o755)  # nginx's worker may drop privileges
    try:
        page = make_page()
        with open(os.path.join(tmp, "page.html"), "w") as f:
            f.write(page)
        with open("/proc/loadavg") as f:
            print("page %d bytes; load average %s" % (len(page), " ".join(f.read().split()[:3])))
        results = {cell: [] for cell in cells}
        for rep in range(args.reps):
            for cell in cells:
                per_cpu, per_s, size = measure(cell[0], cell[1], args, tmp, page)
                results[cell].append(per_cpu)
                print("rep %d %-6s %-6s %9.0f req/CPU-s %9.0f req/s  gzip %d bytes" %
                      (rep + 1, cell[0], cell[1], per_cpu, per_s, size), flush=True)
        print("\nmedians (requests per server CPU-second)")
        for cell, values in results.items():
            print("%-6s %-6s %9.0f" % (cell[0], cell[1], statistics.median(values)))
        reference = ("nginx", "file")
        if reference in results:
            print("\nratio to nginx gzip on (median of per-repetition ratios, range)")
            for cell, values in results.items():
                if cell == reference:
                    continue
                ratios = [v / r for v, r in zip(values, results[reference])]
                print("%-6s %-6s %5.2fx (%.2f-%.2f)" % (cell[0], cell[1],
                                                       statistics.median(ratios),
                                                       min(ratios), max(ratios)))
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
