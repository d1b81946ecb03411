"""The interop matrix beyond test_tls.py: Python's ssl module and Go's crypto/tls (tls_probe.go,
built here with the installed `go`) as clients of nodecc's https server (tls-test-server): TLS
1.2 and 1.3, ALPN, SNI with two names, resumption, a client certificate; and Go's server for
nodecc's https client (tls-client-driver), whose lines are compared with Node's client
(node_client.js) on the same Go server.

Go is required (scripts/install-deps.sh installs it): without it this test fails, it does not
skip. Every process started here is stopped here, by its pid; every step is bounded in time."""
import os
import shutil
import socket
import ssl
import sys

import test_tls
from test_tls import HERE, Proc, check, run

HOST = "127.0.0.1"


def py_get(port, path, ctx, server_hostname=None, session=None):
    """One GET with Python's ssl on a new connection: (version, alpn, peer CN, first body line,
    session, reused). An EOF without close_notify counts as the end of the body."""
    with socket.create_connection((HOST, port), timeout=10) as raw:
        with ctx.wrap_socket(raw, server_hostname=server_hostname, session=session) as s:
            s.sendall(b"GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" % path.encode())
            data = b""
            try:
                while True:
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    data += chunk
            except ssl.SSLEOFError:
                pass
            peer = s.getpeercert() or {}
            cn = dict(x[0] for x in peer.get("subject", ())).get("commonName", "-")
            body = data.split(b"\r\n\r\n", 1)[-1].decode(errors="replace").split("\n")[0]
            return s.version(), s.selected_alpn_protocol(), cn, body, s.session, s.session_reused


def py_context(p, version=None, alpn=None, cert=None):
    ctx = ssl.create_default_context(cafile=p("ca.pem"))
    if version:
        ctx.minimum_version = ctx.maximum_version = version
    if alpn:
        ctx.set_alpn_protocols(alpn)
    if cert:
        ctx.load_cert_chain(p(cert + ".pem"), p(cert + ".key"))
    return ctx


def python_tests(port, p):
    for version, name in ((ssl.TLSVersion.TLSv1_2, "TLSv1.2"), (ssl.TLSVersion.TLSv1_3,
                                                                 "TLSv1.3")):
        got = py_get(port, "/py", py_context(p, version, ["h2", "http/1.1"]), "localhost")
        check(got[:4] == (name, "http/1.1", "localhost",
                          "hello /py %s http/1.1 localhost false -" % name),
              "python ssl %s, ALPN h2,http/1.1: %r" % (name, got[:4]))
    got = py_get(port, "/py", py_context(p), "other.test")
    check(got[2:4] == ("other.test", "hello /py TLSv1.3 - other.test false -"),
          "python ssl, SNI other.test: %r" % (got[:4],))
    got = py_get(port, "/py", py_context(p), "localhost")
    check(got[2:4] == ("localhost", "hello /py TLSv1.3 - localhost false -"),
          "python ssl, SNI localhost: %r" % (got[:4],))
    for version in (ssl.TLSVersion.TLSv1_2, ssl.TLSVersion.TLSv1_3):
        ctx = py_context(p, version)
        first = py_get(port, "/py", ctx, "localhost")
        second = py_get(port, "/py", ctx, "localhost", session=first[4])
        check(not first[5] and second[5], "python ssl %s resumes a session: %r, %r" % (
            version.name, first[5], second[5]))
    try:
        py_get(port, "/py", py_context(p, alpn=["h2"]), "localhost")
        refused = False
    except ssl.SSLError as e:
        refused = "NO_APPLICATION_PROTOCOL" in str(e).upper().replace(" ", "_")
    check(refused, "python ssl, ALPN h2 only: no_application_protocol")


def python_client_cert(port, p):
    for version in (ssl.TLSVersion.TLSv1_2, ssl.TLSVersion.TLSv1_3):
        got = py_get(port, "/pc", py_context(p, version, cert="client"), "localhost")
        check(got[3].endswith("localhost true client1"),
              "python ssl %s with a client certificate: %r" % (version.name, got[3]))
        try:
            got = py_get(port, "/pc", py_context(p, version), "localhost")
            refused = "hello" not in got[3]
        except (ssl.SSLError, ConnectionResetError, BrokenPipeError):
            refused = True
        check(refused, "python ssl %s without a client certificate refused" % version.name)


def build_go(d):
    go = shutil.which("go")
    out = os.path.join(d, "tls_probe")
    env = dict(os.environ, GOPROXY="off", GOFLAGS="", GOTOOLCHAIN="local", GO111MODULE="on",
               CGO_ENABLED="0")
    # ctest may run without HOME: Go needs a build cache and a GOPATH (no modules are fetched).
    home = os.path.expanduser("~")
    env.setdefault("GOCACHE", os.path.join(home, ".cache", "go-build"))
    env.setdefault("GOPATH", os.path.join(home, "go"))
    code, _, err = run([go, "build", "-o", out, os.path.join(HERE, "tls_probe.go")], env=env,
                       timeout=180)
    check(code == 0, "go build tls_probe.go: %s" % err[-500:])
    return out if code == 0 else None


def go_client_tests(probe, port, p, client_cert=False):
    url = "https://localhost:%d/go" % port
    ca = ["-ca", p("ca.pem")]
    if client_cert:
        _, out, _ = run([probe, "client", url, *ca, "-cert", p("client.pem"), "-key",
                         p("client.key")])
        check(out.startswith("status 200 TLSv1.3 http/1.1 false hello /go TLSv1.3 http/1.1 "
                             "localhost true client1"),
              "go client with a client certificate: %r" % out)
        code, out, _ = run([probe, "client", url, *ca])
        check(out.startswith("error"), "go client without a client certificate refused: %r" % out)
        return
    for v in ("1.2", "1.3"):
        _, out, _ = run([probe, "client", url, *ca, "-tls", v, "-alpn", "h2,http/1.1"])
        check(out.startswith("status 200 TLSv%s http/1.1 false hello /go TLSv%s http/1.1 "
                             "localhost false -" % (v, v)),
              "go client TLS %s, ALPN h2,http/1.1: %r" % (v, out))
        _, out, _ = run([probe, "client", url, *ca, "-tls", v, "-count", "3"])
        lines = out.splitlines()
        check(len(lines) == 3 and [ln.split()[4] for ln in lines] == ["false", "true", "true"],
              "go client TLS %s resumes: %r" % (v, out))
    _, out, _ = run([probe, "client", url, *ca, "-servername", "other.test", "-alpn", ""])
    check(out.startswith("status 200 TLSv1.3 - false hello /go TLSv1.3 - other.test"),
          "go client, SNI other.test (verified against other.test's certificate): %r" % out)
    # The server's ALPN whatever context SNICallback chose, as Node 20 negotiates it.
    _, out, _ = run([probe, "client", url, *ca, "-servername", "other.test"])
    check(out.startswith("status 200 TLSv1.3 http/1.1 false hello /go TLSv1.3 http/1.1 "
                         "other.test"), "go client, SNI other.test with ALPN http/1.1 (Node "
          "negotiates http/1.1 after SNICallback): %r" % out)
    _, out, _ = run([probe, "client", url, *ca, "-alpn", "h2"])
    check(out.startswith("error") and "no application protocol" in out,
          "go client, ALPN h2 only refused: %r" % out)
    _, out, _ = run([probe, "client", url])
    check(out.startswith("error") and "certificate" in out,
          "go client, CA not trusted: %r" % out)


def go_server_tests(probe, client_bin, node, p):
    """nodecc's https client against Go's server; Node's client on the same server is the
    oracle."""
    for request_cert in (False, True):
        extra = ["-ca", p("ca.pem"), "-request-cert"] if request_cert else []
        srv = Proc([probe, "server", "-cert", p("server.pem"), "-key", p("server.key"), *extra])
        try:
            url = "https://localhost:%d/g" % srv.port
            cert = ["--cert", p("client.pem"), "--key", p("client.key")]
            cases = [("with a client certificate" if request_cert else "--ca",
                      [url, "--ca", p("ca.pem"), *(cert if request_cert else [])]),
                     ("resumes", [url, "--ca", p("ca.pem"), "--count", "3",
                                  *(cert if request_cert else [])])]
            if request_cert:
                cases.append(("without a client certificate", [url, "--ca", p("ca.pem")]))
            else:
                cases.append(("untrusted", [url]))
            for name, args in cases:
                _, mine, err = run([client_bin, *args])
                _, theirs, _ = run([node, os.path.join(HERE, "node_client.js"), *args])
                if name == "without a client certificate":
                    # OpenSSL's text differs (Node adds the thread and source line).
                    ok = mine.startswith("error") and mine.split()[:2] == theirs.split()[:2]
                else:
                    ok = mine == theirs and (mine.startswith("status 200") or name == "untrusted")
                if name == "resumes":
                    ok = ok and mine.rstrip().endswith("resumed 2")
                check(ok, "nodecc client vs Go's server, %s: nodecc %r, node %r %s" % (
                    name, mine, theirs, err[-200:]))
        finally:
            srv.stop()


def main(env):
    p = env.p
    probe = build_go(env.d)
    srv = Proc([env.server_bin, "--cert", p("server.pem"), "--key", p("server.key"),
                "--sni-name", "other.test", "--sni-cert", p("other.pem"), "--sni-key",
                p("other.key")])
    try:
        python_tests(srv.port, p)
        if probe:
            go_client_tests(probe, srv.port, p)
    finally:
        srv.stop()
    srv = Proc([env.server_bin, "--cert", p("server.pem"), "--key", p("server.key"), "--ca",
                p("ca.pem"), "--request-cert"])
    try:
        python_client_cert(srv.port, p)
        if probe:
            go_client_tests(probe, srv.port, p, client_cert=True)
    finally:
        srv.stop()
    if probe:
        go_server_tests(probe, env.client_bin, env.node, p)


if __name__ == "__main__":
    sys.exit(test_tls.harness("nodecc-tls-interop-", main, need=("openssl", "node", "go")))
