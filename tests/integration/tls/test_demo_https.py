"""The demo site (examples/demo: example-demo and its twin server.js under Node) with
--https-port, as `make run` starts it: the first start makes a self-signed certificate for
localhost in $XDG_DATA_HOME/nodecc-demo (key 0600, folder 0700) and serves the same routes over
https, which curl verifies with --cacert and refuses without; the http port still serves;
SIGINT closes both and exits 0; a second start reuses the certificate (same bytes, no new
one made). XDG_DATA_HOME is a temporary folder: the user's own is never touched. Every process
started here is stopped by its pid; every step is bounded in time."""
import hashlib
import os
import re
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time

from test_tls import STEP_TIMEOUT, check, run, summary

HERE = os.path.dirname(os.path.abspath(__file__))
DEMO = os.path.join(HERE, "..", "..", "..", "examples", "demo")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(argv, xdg):
    """Starts the demo; returns (process, lines printed up to the https one, https port)."""
    env = dict(os.environ, XDG_DATA_HOME=xdg)
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    lines = []
    deadline = time.monotonic() + STEP_TIMEOUT
    while time.monotonic() < deadline:
        line = proc.stdout.readline().decode()
        if not line:
            break
        lines.append(line.rstrip("\n"))
        m = re.match(r"nodecc demo on https://127\.0\.0\.1:(\d+)/", line)
        if m:
            return proc, lines, int(m.group(1))
    return proc, lines, None


def stop(proc):
    """SIGINT, as Ctrl-C: the exit status, or None when it had to be killed."""
    proc.send_signal(signal.SIGINT)
    try:
        return proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        return None


def curl(*args):
    return run(["curl", "-sS", "--max-time", "10", *args])


def demo_run(kind, argv, xdg, first):
    cert = os.path.join(xdg, "nodecc-demo", "localhost-cert.pem")
    key = os.path.join(xdg, "nodecc-demo", "localhost-key.pem")
    before = open(cert, "rb").read() if not first else None
    http_port = free_port()
    proc, lines, port = start([*argv, "--port", str(http_port), "--https-port", "0"], xdg)
    try:
        made = any(line.startswith("made a self-signed certificate") for line in lines)
        check(port is not None and made == first,
              "%s: %s start prints both URLs%s: %r" %
              (kind, "first" if first else "second", ", the certificate made" if first else
               ", no certificate made", lines))
        if port is None:
            return
        check(os.path.exists(cert) and stat.S_IMODE(os.stat(key).st_mode) == 0o600 and
              stat.S_IMODE(os.stat(os.path.dirname(key)).st_mode) == 0o700,
              "%s: key file 0600 in a 0700 folder" % kind)
        if not first:
            check(open(cert, "rb").read() == before, "%s: the certificate reused as it was" % kind)
        resolve = ["--resolve", "localhost:%d:127.0.0.1" % port]
        with open(os.path.join(DEMO, "public", "index.html")) as f:
            page = f.read()
        code, out, err = curl("--cacert", cert, *resolve, "https://localhost:%d/" % port)
        check(code == 0 and out == page, "%s: the page over https, verified (%d %r)" %
              (kind, code, err))
        code, out, err = curl("--cacert", cert, "https://127.0.0.1:%d/echo?value=tls" % port)
        check(code == 0 and out == "tls", "%s: /echo over https by IP (%d %r %r)" %
              (kind, code, out, err))
        body = os.urandom(100000)
        code, out, err = run(["curl", "-sS", "--max-time", "10", "--cacert", cert, *resolve,
                              "--data-binary", "@-", "https://localhost:%d/api/upload" % port],
                             stdin=body)
        want = '{"bytes":100000,"sha256":"%s"}' % hashlib.sha256(body).hexdigest()
        check(code == 0 and out == want, "%s: an upload over https (%r %r)" % (kind, out, err))
        code, _, err = curl(*resolve, "https://localhost:%d/" % port)
        check(code == 60, "%s: curl without --cacert refuses the certificate (%d %r)" %
              (kind, code, err[:100]))
        code, out, _ = curl("http://127.0.0.1:%d/echo?value=plain" % http_port)
        check(code == 0 and out == "plain", "%s: the http port still serves" % kind)
    finally:
        status = stop(proc)
    check(status == 0, "%s: SIGINT closes both servers and exits 0 (%r)" % (kind, status))


def main():
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--sanitized", action="store_true")
    a = ap.parse_args()
    kinds = [("nodecc", [os.path.join(a.bin_dir, "example-demo")])]
    node = shutil.which("node")
    check(node and shutil.which("openssl") and shutil.which("curl"),
          "installed (scripts/install-deps.sh): node, openssl, curl")
    if node:
        kinds.append(("server.js", [node, os.path.join(DEMO, "server.js")]))
    for kind, argv in kinds:
        xdg = tempfile.mkdtemp(prefix="nodecc-demo-xdg-")
        try:
            demo_run(kind, argv, xdg, first=True)
            demo_run(kind, argv, xdg, first=False)
        finally:
            shutil.rmtree(xdg, ignore_errors=True)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
