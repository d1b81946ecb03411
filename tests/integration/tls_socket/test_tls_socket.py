"""tls sockets across runtimes, over loopback: Node's tls server with nodecc's tls client, and
nodecc's server with Node's client, compared with Node against Node (the oracle) and nodecc
against nodecc: each client's events (secureConnect, authorization, protocol, cipher, ALPN,
servername, the peer certificate, a refused self-signed certificate's error, a resumed
session, TLS 1.2) and each server connection's events must be the same lines.

The certificate is made with `openssl req` in a temporary directory. Every process started
here is stopped here, by its pid; every step is bounded in time."""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
# The https tests' reporting and limits (tests/integration/tls/test_tls.py).
sys.path.insert(0, os.path.join(HERE, "..", "tls"))
from test_tls import SKIP, STEP_TIMEOUT, check, failures  # noqa: E402


def make_cert(d):
    key, cert = os.path.join(d, "key.pem"), os.path.join(d, "cert.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                    "ec_paramgen_curve:P-256", "-nodes", "-keyout", key, "-out", cert, "-days",
                    "2", "-subj", "/O=nodecc test/CN=localhost", "-addext",
                    "subjectAltName=DNS:localhost,IP:127.0.0.1"],
                   check=True, capture_output=True, timeout=STEP_TIMEOUT)
    return key, cert


def run_pair(server_cmd, client_cmd):
    """Runs a server and a client against it: (client lines, server lines sorted by
    connection)."""
    srv = subprocess.Popen(server_cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        line = srv.stdout.readline().decode()
        if not line.startswith("port "):
            raise RuntimeError("%s did not start: %r" % (server_cmd[0], line))
        port, quiet = line.split()[1:3]
        c = subprocess.run(client_cmd(port, quiet), capture_output=True, timeout=STEP_TIMEOUT)
        client = c.stdout.decode().splitlines()
        if c.returncode != 0:
            client.append("exit %d %s" % (c.returncode, c.stderr.decode()[-300:]))
    finally:
        srv.terminate()
        try:
            out, err = srv.communicate(timeout=5)
        except subprocess.TimeoutExpired:
            srv.kill()
            out, err = srv.communicate()
    server = sorted(l for l in out.decode().splitlines() if l.startswith("conn "))
    return client, server


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    a = ap.parse_args()
    node = shutil.which("node")
    if not node or not shutil.which("openssl"):
        print("node or openssl missing: skipped")
        return SKIP
    d = tempfile.mkdtemp(prefix="nodecc-tls-socket-")
    try:
        key, cert = make_cert(d)
        servers = {
            "node": [node, os.path.join(HERE, "tls_echo.js"), "server", key, cert],
            "nodecc": [os.path.join(a.bin_dir, "tls-socket-echo"), "server", key, cert],
        }
        clients = {
            "node": lambda p, q: [node, os.path.join(HERE, "tls_echo.js"), "client", p, q, cert],
            "nodecc": lambda p, q: [os.path.join(a.bin_dir, "tls-socket-echo"), "client", p, q,
                                    cert],
        }
        results = {}
        for s in servers:
            for c in clients:
                results[(s, c)] = run_pair(servers[s], clients[c])
        oracle_client, oracle_server = results[("node", "node")]
        check(len(oracle_client) == 4 and len(oracle_server) == 3,
              "node against node: 4 client and 3 server lines: %r %r" %
              (oracle_client, oracle_server))
        for (s, c), (client, server) in results.items():
            if (s, c) == ("node", "node"):
                continue
            check(client == oracle_client, "%s client against %s server: client lines as node's"
                  "\n  got:  %r\n  node: %r" % (c, s, client, oracle_client))
            check(server == oracle_server, "%s client against %s server: server lines as node's"
                  "\n  got:  %r\n  node: %r" % (c, s, server, oracle_server))
    finally:
        shutil.rmtree(d, ignore_errors=True)
    print("%d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
