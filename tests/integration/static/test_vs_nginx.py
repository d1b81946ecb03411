#!/usr/bin/env python3
"""nginx as the oracle: the same files and requests against nginx (1 worker, started here on a
free port with its own config, stopped by PID) and `nodecc serve`; status, Content-Length,
ETag, Last-Modified, Accept-Ranges, Content-Range, the media type, Vary/Content-Encoding and
the bodies must agree. Skips (77) when nginx is not installed."""
import os
import shutil
import signal
import subprocess
import time

from statictest import httptest  # noqa: I001  (statictest puts ../http on the path)
from statictest import ServeProcess, Tree, check, get, parse_args, run

CONFIG = """
worker_processes 1;
daemon off;
master_process off;
error_log {dir}/error.log;
pid {dir}/nginx.pid;
events {{ worker_connections 256; }}
http {{
  include {mime};
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path {dir}/tmp;
  proxy_temp_path {dir}/tmp;
  fastcgi_temp_path {dir}/tmp;
  uwsgi_temp_path {dir}/tmp;
  scgi_temp_path {dir}/tmp;
  server {{
    listen 127.0.0.1:{port};
    root {root};
    gzip_static on;
    gzip_vary on;
    location / {{ }}
  }}
}}
"""

COMPARED = ["Content-Length", "ETag", "Last-Modified", "Accept-Ranges", "Content-Range",
            "Content-Encoding", "Vary"]


def media_type(v):
    return (v or "").split(";")[0].strip()


def main():
    args = parse_args()
    nginx = shutil.which("nginx")
    if not nginx and os.path.exists("/usr/sbin/nginx"):
        nginx = "/usr/sbin/nginx"
    if not nginx or not os.path.exists("/etc/nginx/mime.types"):
        print("nginx not installed: skipped")
        raise SystemExit(httptest.SKIP)
    with Tree() as t:
        t.write("www/hello.txt", "hello, world\n", mtime=1600000000)
        t.write("www/page.html", "<p>page</p>" * 50)
        t.write("www/style.css", "body{}")
        t.write("www/data.json", "{}")
        t.write("www/image.png", b"\x89PNG" + bytes(100))
        t.write("www/big.bin", bytes(i % 253 for i in range(200000)))
        t.write("www/app.js", "x" * 3000)
        t.write("www/app.js.gz", b"\x1f\x8b" + bytes(50))
        t.write("www/docs/index.html", "docs")
        t.write("www/empty.txt", b"")
        os.makedirs(t.at("ngx/tmp"))
        port = httptest.free_port()
        conf = t.at("ngx/nginx.conf")
        with open(conf, "w") as f:
            f.write(CONFIG.format(dir=t.at("ngx"), mime="/etc/nginx/mime.types", port=port,
                                  root=t.at("www")))
        ngx = subprocess.Popen([nginx, "-c", conf, "-p", t.at("ngx")], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
        try:
            check(httptest.wait_until(lambda: _listening(port), 10), "nginx did not start")
            with ServeProcess(args.bin_dir, t.at("www")) as srv:
                cases = [
                    ("GET", "/hello.txt", {}),
                    ("HEAD", "/hello.txt", {}),
                    ("GET", "/page.html", {}),
                    ("GET", "/style.css", {}),
                    ("GET", "/data.json", {}),
                    ("GET", "/image.png", {}),
                    ("GET", "/big.bin", {}),
                    ("GET", "/empty.txt", {}),
                    ("GET", "/docs/", {}),
                    ("GET", "/hello.txt", {"If-None-Match": '"5f5e1000-d"'}),
                    ("GET", "/hello.txt", {"If-Modified-Since": "Sun, 13 Sep 2020 12:26:40 GMT"}),
                    ("GET", "/hello.txt", {"If-Modified-Since": "Sun, 13 Sep 2020 12:26:39 GMT"}),
                    ("GET", "/hello.txt", {"Range": "bytes=0-4"}),
                    ("GET", "/hello.txt", {"Range": "bytes=-3"}),
                    ("GET", "/big.bin", {"Range": "bytes=199000-"}),
                    ("GET", "/hello.txt", {"Range": "bytes=20-"}),
                    ("GET", "/hello.txt", {"Range": "bytes=0-4", "If-Range": '"5f5e1000-d"'}),
                    ("GET", "/hello.txt", {"Range": "bytes=0-4", "If-Range": '"old"'}),
                    ("GET", "/app.js", {"Accept-Encoding": "gzip"}),
                    ("GET", "/app.js", {}),
                    ("GET", "/nope.txt", {}),
                    ("GET", "/docs", {}),
                ]
                for method, path, headers in cases:
                    a = get(port, path, headers, method)
                    b = get(srv.port, path, headers, method)
                    what = f"{method} {path} {headers}"
                    check(a.status == b.status, f"{what}: nginx {a.status}, nodecc {b.status}")
                    if a.status in (200, 206, 304, 416):
                        for h in COMPARED:
                            if h == "Vary" and "Accept-Encoding" not in headers:
                                continue  # nodecc sends Vary on every response of such a file
                            if h == "Accept-Ranges" and b.header("Content-Encoding"):
                                continue  # nginx leaves it out of gzip_static responses
                            if a.status == 416 and h == "Content-Length":
                                continue  # nginx adds an HTML body to its 416
                            check(a.header(h) == b.header(h),
                                  f"{what}: {h}: nginx {a.header(h)!r}, nodecc {b.header(h)!r}")
                        check(media_type(a.header("Content-Type")) ==
                              media_type(b.header("Content-Type")),
                              f"{what}: Content-Type nginx {a.header('Content-Type')!r}, "
                              f"nodecc {b.header('Content-Type')!r}")
                        check(a.body == b.body or a.status == 416, f"{what}: bodies differ")
                    if a.status == 301:
                        check(a.header("Location").endswith(b.header("Location")),
                              f"{what}: Location {a.header('Location')} vs {b.header('Location')}")
                print(f"{len(cases)} requests agree with nginx")
        finally:
            ngx.send_signal(signal.SIGTERM)
            try:
                ngx.wait(5)
            except subprocess.TimeoutExpired:
                ngx.kill()
                ngx.wait(5)


def _listening(port):
    import socket
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        time.sleep(0.05)
        return False


if __name__ == "__main__":
    run(main)
