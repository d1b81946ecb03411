"""Helpers of the HTTP client integration tests: the servers client-driver talks to (nodecc's
http-test-server, a Node.js server, nginx) and running client-driver itself. Builds on
tests/integration/http/httptest.py (server processes, RSS sampling, the /stream pattern)."""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "http"))
import httptest  # noqa: E402
from httptest import (PATTERN, SKIP, Server, TestFailure, check, free_port,  # noqa: E402,F401
                      parse_args, rss_slack, run, test_server, wait_until)

HERE = os.path.dirname(os.path.abspath(__file__))


def node_server():
    """The Node.js server of node_server.js, or None when node is missing."""
    node = shutil.which("node")
    if node is None:
        return None
    return Server([node, os.path.join(HERE, "node_server.js"), "--port", "0"], name="node-server")


NGINX_CONF = """
{load_module}
worker_processes 1;
daemon off;
master_process off;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 1024; }}
http {{
  access_log off;
  client_body_temp_path {dir}/body;
  proxy_temp_path {dir}/proxy;
  fastcgi_temp_path {dir}/fastcgi;
  uwsgi_temp_path {dir}/uwsgi;
  scgi_temp_path {dir}/scgi;
  keepalive_requests 100000;
  keepalive_timeout 60s;
  server {{
    listen 127.0.0.1:{port};
    location = /hello {{ return 200 "hello\\n"; }}
    location /files/ {{ alias {dir}/files/; }}
    {echo}
  }}
}}
"""


class Nginx(Server):
    """nginx with a generated config in a temporary directory (one process, no master)."""

    def __init__(self, files=None):
        self.dir = tempfile.mkdtemp(prefix="nodecc-nginx-")
        os.makedirs(os.path.join(self.dir, "files"))
        for name, data in (files or {}).items():
            with open(os.path.join(self.dir, "files", name), "wb") as f:
                f.write(data)
        port = free_port()
        module = "/usr/lib/nginx/modules/ngx_http_echo_module.so"
        has_echo = os.path.exists(module)
        conf = NGINX_CONF.format(
            dir=self.dir, port=port,
            load_module=f"load_module {module};" if has_echo else "",
            echo=('location = /chunked { echo "hello"; echo_flush; echo "world"; }'
                  if has_echo else ""))
        path = os.path.join(self.dir, "nginx.conf")
        with open(path, "w") as f:
            f.write(conf)
        super().__init__([shutil.which("nginx") or "nginx", "-c", path, "-p", self.dir],
                         name="nginx", port=port)
        self.has_echo = has_echo

    def start(self, timeout=10.0):
        env = dict(os.environ)
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=self.stderr_file, env=env)
        if not wait_until(lambda: _port_open(self.port) or self.proc.poll() is not None, timeout):
            self.stop()
            raise TestFailure("nginx did not start")
        if self.proc.poll() is not None:
            raise TestFailure(f"nginx exited: {self.stderr()[-2000:]}")
        return self

    def stop(self):
        super().stop()
        shutil.rmtree(self.dir, ignore_errors=True)


def _port_open(port):
    import socket
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


def nginx(files=None):
    """An Nginx server, or None when nginx is not installed."""
    if shutil.which("nginx") is None and not os.path.exists("/usr/sbin/nginx"):
        return None
    if shutil.which("nginx") is None:
        os.environ["PATH"] += ":/usr/sbin"
    return Nginx(files)


def driver(bin_dir, *argv, timeout=120):
    """Runs client-driver; returns its stdout's last line (fails on a sanitizer report)."""
    env = dict(os.environ)
    if httptest.SANITIZED:
        quarantine = f"quarantine_size_mb={httptest.SANITIZER_QUARANTINE_MB}"
        env["ASAN_OPTIONS"] = ":".join(filter(None, [env.get("ASAN_OPTIONS"), quarantine]))
    p = subprocess.run([os.path.join(bin_dir, "client-driver"), *argv], capture_output=True,
                       timeout=timeout, env=env)
    out = p.stdout.decode("utf-8", "replace").strip()
    err = p.stderr.decode("utf-8", "replace")
    if "AddressSanitizer" in err or "runtime error:" in err or "LeakSanitizer" in err:
        raise TestFailure(f"client-driver {argv}: sanitizer report:\n{err[-6000:]}")
    check(p.returncode == 0, f"client-driver {argv} exited {p.returncode}: {out} {err[-2000:]}")
    return out.splitlines()[-1] if out else ""


def fields(line):
    """'ok 5 bytes 10 created 1' -> {'ok': '5', 'bytes': '10', 'created': '1'}."""
    parts = line.split()
    return {parts[i]: parts[i + 1] for i in range(0, len(parts) - 1, 2)}
