"""TLS interop over loopback: nodecc's https server (tls-test-server) against curl, openssl
s_client and Node's https client; nodecc's https client and fetch (tls-client-driver) against
nodecc's and Node's servers, their output compared with Node's own client (node_client.js) on
the same servers: verification errors, names, client certificates, session resumption. Also
plain HTTP to the TLS port, a handshake that never comes and garbage records.

Certificates are made with `openssl req` in a temporary directory. Every process started here
is stopped here, by its pid; everything is bounded in time."""
import argparse
import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SKIP = 77
STEP_TIMEOUT = 20
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what, flush=True)
    if not cond:
        failures.append(what)


def run(cmd, env=None, stdin=None, timeout=STEP_TIMEOUT):
    p = subprocess.run(cmd, input=stdin, capture_output=True, timeout=timeout, env=env)
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


def openssl(*args):
    code, out, err = run(["openssl", *args])
    if code != 0:
        raise RuntimeError("openssl %s: %s" % (" ".join(args), err))


def make_certs(d):
    """ca, server (localhost, 127.0.0.1; CA-signed), other (other.test; CA-signed), selfsigned,
    expired (CA-signed, past), client (client1; CA-signed)."""
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
    p = lambda name: os.path.join(d, name)  # noqa: E731
    openssl("req", "-x509", *ec, "-keyout", p("ca.key"), "-out", p("ca.pem"), "-days", "2",
            "-subj", "/CN=nodecc test CA")

    def signed(name, cn, ext, days="2"):
        openssl("req", *ec, "-keyout", p(name + ".key"), "-out", p(name + ".csr"),
                "-subj", "/CN=" + cn)
        with open(p(name + ".ext"), "w") as f:
            f.write(ext + "\n")
        openssl("x509", "-req", "-in", p(name + ".csr"), "-CA", p("ca.pem"), "-CAkey",
                p("ca.key"), "-CAcreateserial", "-out", p(name + ".pem"), "-days", days,
                "-extfile", p(name + ".ext"))

    signed("server", "localhost", "subjectAltName=DNS:localhost,IP:127.0.0.1")
    signed("other", "other.test", "subjectAltName=DNS:other.test")
    signed("client", "client1", "extendedKeyUsage=clientAuth")
    signed("expired", "localhost", "subjectAltName=DNS:localhost,IP:127.0.0.1", days="-1")
    openssl("req", "-x509", *ec, "-keyout", p("self.key"), "-out", p("self.pem"), "-days", "2",
            "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1")


def terminate(proc, timeout=5):
    """SIGTERM to this process (started here), SIGKILL when it has not exited within timeout;
    returns its exit status."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    return proc.returncode


class Proc:
    """A server process that prints "port <n>" when it listens."""

    def __init__(self, cmd, env=None):
        self.p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        line = self.p.stdout.readline().decode()
        if not line.startswith("port "):
            self.stop()
            raise RuntimeError("%s did not start: %r %s" % (cmd[0], line,
                                                           self.p.stderr.read().decode()))
        self.port = int(line.split()[1])

    def stop(self):
        terminate(self.p)
        return self.p.stderr.read().decode()


def s_client(port, *args, stdin=b"GET /s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"):
    code, out, err = run(["openssl", "s_client", "-connect", "127.0.0.1:%d" % port,
                          "-ign_eof", *args], stdin=stdin)
    return out + err


def summary():
    """The exit status of a test: 1 (and the count) when a check failed."""
    if failures:
        print("%d failure(s)" % len(failures))
        return 1
    print("all passed")
    return 0


class Env:
    """What the TLS tests run: the binaries of --bin-dir, Node (None when absent), and the
    temporary directory of the certificates (p(name): a path in it)."""

    def __init__(self, bin_dir, d):
        self.bin_dir = bin_dir
        self.server_bin = os.path.join(bin_dir, "tls-test-server")
        self.client_bin = os.path.join(bin_dir, "tls-client-driver")
        self.node = shutil.which("node")
        self.d = d

    def p(self, name):
        return os.path.join(self.d, name)


def harness(prefix, body, need=("openssl", "curl", "node")):
    """The main of the TLS tests beside this one: parses --bin-dir (and --sanitized), checks
    that the tools in `need` are installed (a missing one is a failure, not a skip), makes the
    certificates (make_certs) in a temporary directory, runs body(env) and removes the
    directory. Returns the exit status: 1 when a check failed."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--sanitized", action="store_true")
    a = ap.parse_args()
    missing = [tool for tool in need if not shutil.which(tool)]
    check(not missing, "installed (scripts/install-deps.sh): %s" % ", ".join(need))
    d = tempfile.mkdtemp(prefix=prefix)
    try:
        if not missing:
            make_certs(d)
            body(Env(a.bin_dir, d))
    finally:
        shutil.rmtree(d, ignore_errors=True)
    return summary()


@contextlib.contextmanager
def nodecc_serve_https(nodecc_bin, root, p):
    """`nodecc serve root --tls-cert --tls-key` (server.pem) on a free port: yields the port
    (None when its first line does not say https), stops it by its pid."""
    proc = subprocess.Popen([nodecc_bin, "serve", root, "--port", "0", "--workers", "1",
                             "--tls-cert", p("server.pem"), "--tls-key", p("server.key")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        line = proc.stdout.readline().decode()
        ok = line.startswith("Serving ") and "https://" in line
        check(ok, "nodecc serve https: %r" % line)
        yield int(line.rstrip().rstrip("/").rsplit(":", 1)[1]) if ok else None
    finally:
        terminate(proc)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--sanitized", action="store_true")
    a = ap.parse_args()
    server_bin = os.path.join(a.bin_dir, "tls-test-server")
    client_bin = os.path.join(a.bin_dir, "tls-client-driver")
    if not shutil.which("openssl") or not shutil.which("curl"):
        print("openssl or curl missing: skipped")
        return SKIP
    node = shutil.which("node")
    d = tempfile.mkdtemp(prefix="nodecc-tls-")
    p = lambda name: os.path.join(d, name)  # noqa: E731
    try:
        make_certs(d)
        srv = Proc([server_bin, "--cert", p("server.pem"), "--key", p("server.key"),
                    "--sni-name", "other.test", "--sni-cert", p("other.pem"), "--sni-key",
                    p("other.key"), "--handshake-timeout", "1000"])
        try:
            base_tests(srv.port, p, client_bin, node)
        finally:
            err = srv.stop()
        check("tlsClientError ERR_TLS_HANDSHAKE_TIMEOUT" in err,
              "handshake timeout reported as tlsClientError: %r" % err[-200:])
        error_tests(server_bin, client_bin, node, p)
        client_cert_tests(server_bin, client_bin, node, p)
        express_tests(server_bin, p)
        if node:
            node_server_tests(client_bin, node, p)
        serve_tests(os.path.join(a.bin_dir, "nodecc"), p, d)
    finally:
        shutil.rmtree(d, ignore_errors=True)
    return summary()


def base_tests(port, p, client_bin, node):
    url = "https://localhost:%d" % port
    resolve = ["--resolve", "localhost:%d:127.0.0.1" % port]
    code, out, _ = run(["curl", "-sk", "https://127.0.0.1:%d/k" % port])
    check(code == 0 and out.startswith("hello /k TLSv1.3 http/1.1 - false -"),
          "curl -k: %r" % out)
    code, out, _ = run(["curl", "-s", "--cacert", p("ca.pem"), *resolve, url + "/c"])
    check(code == 0 and out.startswith("hello /c TLSv1.3 http/1.1 localhost"),
          "curl --cacert: %r" % out)
    code, out, _ = run(["curl", "-s", "--tlsv1.2", "--tls-max", "1.2", "--cacert",
                        p("ca.pem"), *resolve, url + "/12"])
    check(out.startswith("hello /12 TLSv1.2"), "curl TLS 1.2: %r" % out)
    # Keep-alive: two requests on one connection.
    code, out, err = run(["curl", "-sv", "--cacert", p("ca.pem"), *resolve, url + "/a",
                          url + "/b"])
    check(out.count("hello") == 2 and "Re-using existing connection" in err,
          "curl keep-alive over TLS: %r" % out)
    # A large body across many records, uploaded and echoed in length.
    code, out, _ = run(["curl", "-sk", "-o", "/dev/null", "-w", "%{http_code}",
                        "--data-binary", "@" + p("ca.key"), "https://127.0.0.1:%d/up" % port])
    check(out == "200", "curl POST over TLS: %r" % out)

    out = s_client(port, "-tls1_2")
    check("Protocol  : TLSv1.2" in out and "hello /s TLSv1.2" in out, "s_client -tls1_2")
    out = s_client(port, "-tls1_3")
    check("Protocol  : TLSv1.3" in out and "hello /s TLSv1.3" in out, "s_client -tls1_3")
    out = s_client(port, "-alpn", "http/1.1")
    check("ALPN protocol: http/1.1" in out, "s_client -alpn http/1.1")
    out = s_client(port, "-alpn", "h2")
    check("hello" not in out and "no_application_protocol" in out.lower().replace(" ", "_"),
          "s_client -alpn h2 refused: %r" % out[-300:])
    out = s_client(port, "-servername", "other.test")
    check("CN = other.test" in out and "hello /s TLSv1.3 - other.test" in out,
          "s_client -servername other.test")
    out = s_client(port, "-servername", "localhost")
    check("CN = localhost" in out and "hello /s TLSv1.3 - localhost" in out,
          "s_client -servername localhost")
    for proto in ("-tls1_2", "-tls1_3"):
        sess = p("sess" + proto)
        first = s_client(port, proto, "-sess_out", sess)
        second = s_client(port, proto, "-sess_in", sess)
        check("New, TLSv1" in first and "Reused, TLSv1" in second,
              "s_client %s -sess_out/-sess_in resumes" % proto)

    # Plain HTTP to the TLS port: nginx's 400, then the connection closes.
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        data = b""
        while True:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
    check(data.startswith(b"HTTP/1.1 400 ") and b"plain HTTP request was sent to HTTPS port"
          in data, "plain HTTP answered 400: %r" % data[:80])
    # Garbage records: closed (a TLS alert at most, then EOF).
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(b"\x16\x03\x01\x00\x05garbagegarbagegarbage" * 10)
        closed = False
        try:
            while s.recv(4096):
                pass
            closed = True
        except (ConnectionResetError, socket.timeout):
            closed = True
    check(closed, "garbage records close the connection")
    # A handshake that never comes ends at handshakeTimeout (1 s here).
    t0 = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        try:
            s.recv(1)
        except ConnectionResetError:
            pass
    took = time.monotonic() - t0
    check(0.8 < took < 5, "silent client cut at handshakeTimeout (%.2f s)" % took)

    # nodecc's client and fetch against nodecc's server, compared with Node's client.
    cases = [
        ("request --ca", [url + "/r", "--ca", p("ca.pem")], None),
        ("request, no CA", [url + "/r"], None),
        ("request --insecure", [url + "/r", "--insecure"], None),
        ("request, wrong name", [url + "/r", "--ca", p("ca.pem"), "--servername", "wrong.test"],
         None),
        ("request resumes", [url + "/r", "--ca", p("ca.pem"), "--count", "3"], None),
        ("fetch, NODE_EXTRA_CA_CERTS", [url + "/f", "--fetch"], {"NODE_EXTRA_CA_CERTS":
                                                                p("ca.pem")}),
        ("fetch, untrusted", [url + "/f", "--fetch"], None),
    ]
    for name, args, extra in cases:
        env = dict(os.environ, **(extra or {}))
        env.pop("NODE_EXTRA_CA_CERTS", None) if not extra else None
        code, mine, err = run([client_bin, *args], env=env)
        if node:
            _, theirs, _ = run([node, os.path.join(HERE, "node_client.js"), *args], env=env)
            check(mine == theirs, "%s: nodecc %r, node %r %s" % (name, mine, theirs, err[-300:]))
        else:
            check(mine.startswith("status 200") or mine.startswith("error"),
                  "%s: %r" % (name, mine))


def error_tests(server_bin, client_bin, node, p):
    """Verification failures: nodecc's messages are Node's."""
    for cert, key, label in (("self.pem", "self.key", "self-signed"),
                             ("expired.pem", "expired.key", "expired")):
        srv = Proc([server_bin, "--cert", p(cert), "--key", p(key)])
        try:
            url = "https://localhost:%d/e" % srv.port
            args = [url] + (["--ca", p("ca.pem")] if label == "expired" else [])
            _, mine, _ = run([client_bin, *args])
            expected = {"self-signed": "error DEPTH_ZERO_SELF_SIGNED_CERT self-signed certificate",
                        "expired": "error CERT_HAS_EXPIRED certificate has expired"}[label]
            check(mine.strip() == expected, "%s server: %r" % (label, mine))
            if node:
                _, theirs, _ = run([node, os.path.join(HERE, "node_client.js"), *args])
                check(mine == theirs, "%s server, as Node: %r vs %r" % (label, mine, theirs))
        finally:
            srv.stop()


def client_cert_tests(server_bin, client_bin, node, p):
    srv = Proc([server_bin, "--cert", p("server.pem"), "--key", p("server.key"), "--ca",
                p("ca.pem"), "--request-cert"])
    try:
        url = "https://localhost:%d/cc" % srv.port
        resolve = ["--resolve", "localhost:%d:127.0.0.1" % srv.port]
        code, out, _ = run(["curl", "-s", "--cacert", p("ca.pem"), *resolve, "--cert",
                            p("client.pem"), "--key", p("client.key"), url])
        check(out.startswith("hello /cc TLSv1.3 http/1.1 localhost true client1"),
              "curl with a client certificate: %r" % out)
        code, out, _ = run(["curl", "-s", "--cacert", p("ca.pem"), *resolve, url])
        check(code != 0 and "hello" not in out, "curl without a client certificate refused")
        args = [url, "--ca", p("ca.pem"), "--cert", p("client.pem"), "--key", p("client.key")]
        _, mine, _ = run([client_bin, *args])
        check(mine.startswith("status 200 hello /cc TLSv1.3 - localhost true client1"),
              "nodecc client certificate to nodecc: %r" % mine)
        if node:
            _, theirs, _ = run([node, os.path.join(HERE, "node_client.js"), *args])
            check(mine == theirs, "Node's client certificate to nodecc: %r vs %r" % (mine, theirs))
    finally:
        srv.stop()


def express_tests(server_bin, p):
    """An Express app as https.createServer(options, app): req.protocol and req.secure."""
    srv = Proc([server_bin, "--cert", p("server.pem"), "--key", p("server.key"), "--express"])
    try:
        resolve = ["--resolve", "localhost:%d:127.0.0.1" % srv.port]
        url = "https://localhost:%d/whoami" % srv.port
        code, out, _ = run(["curl", "-s", "--cacert", p("ca.pem"), *resolve, url])
        check(code == 0 and json.loads(out) ==
              {"protocol": "https", "secure": True, "hostname": "localhost"},
              "express app over https: %r" % out)
        code, out, _ = run(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--cacert",
                            p("ca.pem"), *resolve, url.replace("/whoami", "/nope")])
        check(out == "404", "express app over https, unknown route: %r" % out)
    finally:
        srv.stop()


def node_server_tests(client_bin, node, p):
    srv = Proc([node, os.path.join(HERE, "node_server.js"), "--cert", p("server.pem"), "--key",
                p("server.key"), "--ca", p("ca.pem"), "--request-cert"])
    try:
        url = "https://localhost:%d/n" % srv.port
        for name, args in (("with a client certificate", ["--cert", p("client.pem"), "--key",
                                                          p("client.key")]),
                           ("without one", [])):
            full = [url, "--ca", p("ca.pem"), *args]
            _, mine, err = run([client_bin, *full])
            _, theirs, _ = run([node, os.path.join(HERE, "node_client.js"), *full])
            if args:
                check(mine == theirs and mine.startswith("status 200"),
                      "nodecc client vs Node's server, %s: %r vs %r %s" % (name, mine, theirs,
                                                                            err[-200:]))
            else:
                # OpenSSL's text differs (Node adds the thread and source line): the code must
                # not.
                check(mine.split()[:2] == theirs.split()[:2] and mine.startswith("error"),
                      "nodecc client vs Node's server, %s: %r vs %r" % (name, mine, theirs))
        cert = ["--cert", p("client.pem"), "--key", p("client.key")]
        _, mine, _ = run([client_bin, url, "--count", "3", "--ca", p("ca.pem"), *cert])
        _, theirs, _ = run([node, os.path.join(HERE, "node_client.js"), url, "--count", "3",
                            "--ca", p("ca.pem"), *cert])
        # Node's server sends no new ticket after a resumed handshake, and OpenSSL's client
        # does not offer a TLS 1.3 session twice: every other connection resumes there
        # (docs/tls.md); the responses are Node's.
        resumed = int(mine.split()[-1]) if mine.startswith("status") else -1
        check(mine.rsplit("\n", 2)[0] == theirs.rsplit("\n", 2)[0] and resumed >= 1,
              "resumption against Node's server: %r vs %r" % (mine, theirs))
    finally:
        srv.stop()


def serve_tests(nodecc_bin, p, d):
    """`nodecc serve --tls-cert --tls-key`: files (sent through TLS in pieces) and ranges."""
    if not os.path.exists(nodecc_bin):
        print("skip nodecc serve: %s not built" % nodecc_bin)
        return
    site = os.path.join(d, "site")
    os.makedirs(site)
    body = os.urandom(300 * 1024)
    with open(os.path.join(site, "big.bin"), "wb") as f:
        f.write(body)
    with nodecc_serve_https(nodecc_bin, site, p) as port:
        if port is None:
            return
        resolve = ["--resolve", "localhost:%d:127.0.0.1" % port]
        url = "https://localhost:%d/big.bin" % port
        got = subprocess.run(["curl", "-s", "--cacert", p("ca.pem"), *resolve, url],
                             capture_output=True, timeout=STEP_TIMEOUT).stdout
        check(got == body, "nodecc serve: a 300 KiB file over TLS (%d bytes)" % len(got))
        got = subprocess.run(["curl", "-s", "--cacert", p("ca.pem"), *resolve, "-r",
                              "1000-1999", url], capture_output=True, timeout=STEP_TIMEOUT).stdout
        check(got == body[1000:2000], "nodecc serve: a range over TLS")


if __name__ == "__main__":
    sys.exit(main())
