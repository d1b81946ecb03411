"""`nodecc serve --tls-cert --tls-key --redirect-http PORT` over loopback: the cleartext port
answers as nginx's `return 301 https://$host$request_uri;` (Host without its port, lower-case,
the https port appended, path and query as sent; absolute-form targets' own host), curl -L
lands on the file over https, keep-alive holds, HEAD has no body, a request without a Host or
with a malformed one gets 400 and the connection closes, the access log has both; the usage
errors (no TLS options, the https port reused). nginx 1.22 with that very line is the oracle of
the Location on the requests where both give a 301. Every process started here is stopped by
its pid; every step is bounded in time."""
import http.client
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

from test_tls import STEP_TIMEOUT, check, harness, run, terminate

MOVED_BODY = (b"<html>\r\n<head><title>301 Moved Permanently</title></head>\r\n<body>\r\n"
              b"<center><h1>301 Moved Permanently</h1></center>\r\n<hr><center>nodecc</center>\r\n"
              b"</body>\r\n</html>\r\n")


def raw(port, data, timeout=5):
    """Sends data on a fresh connection and reads until the server closes or timeout passes:
    (bytes, closed by the server)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(data)
        got = b""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            s.settimeout(max(0.05, min(0.5, deadline - time.monotonic())))
            try:
                piece = s.recv(65536)
            except socket.timeout:
                if got:
                    return got, False
                continue
            if not piece:
                return got, True
            got += piece
        return got, False


def status_and_location(response):
    head = response.split(b"\r\n\r\n", 1)[0].decode()
    status = int(head.split(" ", 2)[1]) if head.startswith("HTTP/1.1 ") else 0
    m = re.search(r"(?im)^location: ([^\r\n]*)", head)
    return status, m.group(1) if m else None


# Requests where nginx and nodecc both redirect: their Locations must be equal. Where they part,
# nodecc is stricter on purpose (docs/tls.md): a Host nginx passes into the Location as it is
# (`a@b`, `a;b`, `[zz]`, `x:8o`) or an HTTP/1.0 request without one (nginx: "https://:PORT/")
# gets 400, and `GET http://h?x=1` gets "https://h:PORT/?x=1" where nginx drops the slash.
ORACLE_REQUESTS = [
    b"GET /a/b.html?x=1&y=%20z HTTP/1.1\r\nHost: Example.COM:8080\r\n\r\n",
    b"GET http://Other.Test:81/p?q=1 HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET http://h HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: localhost.\r\n\r\n",
    b"GET /%7Eu/?a=%2F&b HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n",
    b"HEAD /x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET /z HTTP/1.0\r\nHost: LOCALHOST\r\n\r\n",
]
NGINX_CONF = """worker_processes 1;
daemon off;
master_process off;
pid {d}/nginx.pid;
error_log {d}/error.log warn;
events {{ worker_connections 64; }}
http {{
  access_log off;
  client_body_temp_path {d}/body;
  proxy_temp_path {d}/proxy;
  fastcgi_temp_path {d}/fastcgi;
  uwsgi_temp_path {d}/uwsgi;
  scgi_temp_path {d}/scgi;
  server {{
    listen 127.0.0.1:{port};
    return 301 https://$host:{tls_port}$request_uri;
  }}
}}
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def nginx_matches(tls_port, port):
    """Each ORACLE_REQUESTS to nginx and to nodecc: the same status and Location."""
    d = tempfile.mkdtemp(prefix="nodecc-redirect-nginx-")
    nginx_port = free_port()
    with open(os.path.join(d, "nginx.conf"), "w") as f:
        f.write(NGINX_CONF.format(d=d, port=nginx_port, tls_port=tls_port))
    proc = subprocess.Popen(["nginx", "-c", os.path.join(d, "nginx.conf"), "-p", d],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + STEP_TIMEOUT
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", nginx_port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        for req in ORACLE_REQUESTS:
            theirs = status_and_location(raw(nginx_port, req)[0])
            mine = status_and_location(raw(port, req)[0])
            check(theirs[0] == 301 and mine == theirs,
                  "as nginx: %r: %r (nginx %r)" % (req.split(b"\r\n")[:2], mine, theirs))
    finally:
        terminate(proc)
        shutil.rmtree(d, ignore_errors=True)


def usage_errors(nodecc, env):
    code, _, err = run([nodecc, "serve", env.d, "--redirect-http", "8081"])
    check(code == 2 and "--redirect-http needs --tls-cert and --tls-key" in err,
          "--redirect-http without TLS: exit 2 and a message (%d %r)" % (code, err[:120]))
    code, _, err = run([nodecc, "serve", env.d, "--port", "9443", "--redirect-http", "9443",
                        "--tls-cert", env.p("server.pem"), "--tls-key", env.p("server.key")])
    check(code == 2 and "--redirect-http 9443 is the https port" in err,
          "--redirect-http on the https port: exit 2 and a message (%d %r)" % (code, err[:120]))
    code, _, err = run([nodecc, "serve", env.d, "--redirect-http", "http",
                        "--tls-cert", env.p("server.pem"), "--tls-key", env.p("server.key")])
    check(code == 2 and "invalid port: http" in err, "--redirect-http http: %r" % err[:80])


def redirects(tls_port, port, env):
    got, closed = raw(port, b"GET /a/b.html?x=1&y=%20z HTTP/1.1\r\nHost: Example.COM:8080\r\n\r\n")
    status, location = status_and_location(got)
    check(status == 301 and location == "https://example.com:%d/a/b.html?x=1&y=%%20z" % tls_port
          and not closed, "301 to https, host lower-cased without its port: %r" % got[:300])
    check(got.endswith(b"\r\n\r\n" + MOVED_BODY) and
          b"Content-Length: %d\r\n" % len(MOVED_BODY) in got and b"Content-Type: text/html" in got,
          "the 301's body is the small HTML page: %r" % got[-200:])

    # Keep-alive: the same connection takes a second request (http.client reuses it).
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=STEP_TIMEOUT)
    c.request("GET", "/one", headers={"Host": "localhost"})
    r1 = c.getresponse()
    r1.read()
    sock = c.sock
    c.request("HEAD", "/two?q", headers={"Host": "localhost"})
    r2 = c.getresponse()
    body2 = r2.read()
    c.request("GET", "/three", headers={"Host": "localhost"})
    r3 = c.getresponse()
    r3.read()
    check(r1.status == 301 and r1.getheader("Location") == "https://localhost:%d/one" % tls_port,
          "keep-alive: first %d %r" % (r1.status, r1.getheader("Location")))
    check(r2.status == 301 and body2 == b"" and
          r2.getheader("Location") == "https://localhost:%d/two?q" % tls_port and
          r2.getheader("Content-Length") == str(len(MOVED_BODY)),
          "HEAD: 301, the GET's Content-Length, no body (%d %r)" % (r2.status, body2[:40]))
    check(r3.status == 301 and c.sock is sock, "keep-alive: three requests on one connection")
    c.close()

    got, _ = raw(port, b"GET http://Other.Test:81/p?q=1 HTTP/1.1\r\nHost: x\r\n\r\n")
    check(status_and_location(got) == (301, "https://other.test:%d/p?q=1" % tls_port),
          "absolute-form: its own host wins: %r" % got[:200])
    for host, want in (("[::1]:8080", "https://[::1]:%d/" % tls_port),
                       ("[::1]", "https://[::1]:%d/" % tls_port),
                       ("127.0.0.1", "https://127.0.0.1:%d/" % tls_port),
                       ("localhost.", "https://localhost:%d/" % tls_port)):
        got, _ = raw(port, b"GET / HTTP/1.1\r\nHost: %s\r\n\r\n" % host.encode())
        check(status_and_location(got) == (301, want), "Host %s: %r" % (host, got[:200]))

    # No usable host: 400 and the connection closed, as nginx.
    bad = [b"GET / HTTP/1.0\r\n\r\n", b"GET / HTTP/1.1\r\n\r\n"]
    for host in (b"evil.test/x", b"a@b", b"[zz]:1", b"..", b"a..b", b"x:8o", b"[::1]x", b"",
                 b"a\\b", b"%2f", b"a;b"):
        bad.append(b"GET / HTTP/1.1\r\nHost: " + host + b"\r\n\r\n")
    bad.append(b"OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n")
    for req in bad:
        got, closed = raw(port, req)
        status, location = status_and_location(got)
        check(status == 400 and location is None and closed,
              "%r: 400, no Location, closed (%r)" % (req, got[:80]))


def follow(tls_port, port, env):
    """curl -L from the cleartext port to the file over https."""
    resolve = []
    for p in (tls_port, port):
        resolve += ["--resolve", "localhost:%d:127.0.0.1" % p]
    code, out, err = run(["curl", "-sSL", "--cacert", env.p("ca.pem"), *resolve,
                          "-w", "\n%{url_effective} %{num_redirects}",
                          "http://localhost:%d/hello.txt?v=2" % port])
    check(code == 0 and out == "hello over https\n\nhttps://localhost:%d/hello.txt?v=2 1" % tls_port,
          "curl -L: the file over https after one redirect (%d %r %r)" % (code, out, err))


def body(env):
    nodecc = os.path.join(env.bin_dir, "nodecc")
    usage_errors(nodecc, env)
    site = env.p("site")
    os.makedirs(site)
    with open(os.path.join(site, "hello.txt"), "w") as f:
        f.write("hello over https\n")
    log = env.p("access.log")
    proc = subprocess.Popen([nodecc, "serve", site, "--port", "0", "--workers", "1",
                             "--tls-cert", env.p("server.pem"), "--tls-key", env.p("server.key"),
                             "--redirect-http", "0", "--access-log", log],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        first = proc.stdout.readline().decode()
        second = proc.stdout.readline().decode()
        m1 = re.match(r"Serving .* at https://127\.0\.0\.1:(\d+)/$", first.rstrip())
        m2 = re.match(r"Redirecting http://127\.0\.0\.1:(\d+)/ to https \(port (\d+)\)$",
                      second.rstrip())
        check(m1 and m2 and m1.group(1) == m2.group(2),
              "startup lines name both ports: %r %r" % (first, second))
        if m1 and m2:
            tls_port, port = int(m1.group(1)), int(m2.group(1))
            redirects(tls_port, port, env)
            follow(tls_port, port, env)
            nginx_matches(tls_port, port)
    finally:
        status = terminate(proc, timeout=10)
    check(status == 0, "SIGTERM: both listeners closed, exit 0 (%r)" % status)
    with open(log) as f:
        lines = f.read().splitlines()
    check(any('"GET /a/b.html?x=1&y=%20z HTTP/1.1" 301 ' + str(len(MOVED_BODY)) in l
              for l in lines) and
          any('"HEAD /two?q HTTP/1.1" 301 0' in l for l in lines) and
          any('"GET /hello.txt?v=2 HTTP/1.1" 200 ' in l for l in lines) and
          any('" 400 ' in l for l in lines),
          "access log: the 301s, the 400s and the https request (%d lines)" % len(lines))


if __name__ == "__main__":
    sys.exit(harness("nodecc-redirect-", body, need=("openssl", "curl", "nginx")))
