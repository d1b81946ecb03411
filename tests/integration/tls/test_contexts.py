"""server.addContext and server.setSecureContext, compared with Node 20: tls-contexts-server and
its twin node_contexts_server.js, each as an https and as a tls server, with

- addContext("a.test", {key, cert}) and addContext("*.wild.test", createSecureContext(...)),
  asked by `openssl s_client -servername X` for a.test, x.wild.test, a.b.wild.test ('*' does
  not cross a dot), .wild.test ('*' may be empty), A.test (case counts), unknown.test and no
  name at all: the certificate subject each gets, before and after setSecureContext put a new
  default certificate in place (only the names no entry takes change); curl --resolve verifies
  the a.test and x.wild.test certificates against the CA;
- a connection accepted before setSecureContext and shaken hands after it: the old context;
- setSecureContext with a key that does not match the certificate, and with one that is no
  PEM: the error (code and message) Node's throws, and the server serves on unchanged;
- an SNICallback beside addContext entries: the callback decides, the entries are never used;
- a client that resets its connection after the handshake, with no 'error' listener on the
  socket, leaves the server serving (Node's keeps a listener of its own on each socket).

Every answer of nodecc is checked against the expected subject and against Node's. Every
process started here is stopped here, by its pid; every step is bounded in time."""
import os
import socket
import ssl
import sys
import time

import test_tls
from test_tls import HERE, Proc, check, openssl, run, s_client

NAMES = ["a.test", "x.wild.test", "a.b.wild.test", ".wild.test", "A.test", "unknown.test", None]


def make_context_certs(d):
    """CA-signed P-256 certificates: default.test, a.test, *.wild.test, new-default.test and
    sni.test (each NAME.pem / NAME.key)."""
    p = lambda name: os.path.join(d, name)  # noqa: E731
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
    for name, cn in (("default", "default.test"), ("a", "a.test"), ("wild", "*.wild.test"),
                     ("new", "new-default.test"), ("sni", "sni.test")):
        openssl("req", *ec, "-keyout", p(name + ".key"), "-out", p(name + ".csr"), "-subj",
                "/CN=" + cn)
        with open(p(name + ".ext"), "w") as f:
            f.write("subjectAltName=DNS:%s\n" % cn)
        openssl("x509", "-req", "-in", p(name + ".csr"), "-CA", p("ca.pem"), "-CAkey",
                p("ca.key"), "-CAcreateserial", "-out", p(name + ".pem"), "-days", "2",
                "-extfile", p(name + ".ext"))


def subject(out):
    """The CN of the certificate s_client printed ("subject=CN = a.test"), or "none"."""
    for line in out.splitlines():
        if line.startswith("subject=") and "CN = " in line:
            return line.split("CN = ", 1)[1].strip()
    return "none"


def request(kind, what):
    """What to send for `what` (a path for https, a line for tls)."""
    if kind == "https":
        return ("GET /%s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" % what).encode()
    return (what + "\n").encode()


def ask(kind, port, name, what="who"):
    """One s_client connection: (subject CN served, the server's answer line)."""
    sni = ["-servername", name] if name is not None else ["-noservername"]
    out = s_client(port, *sni, stdin=request(kind, what))
    answer = "none"
    for line in out.splitlines():
        if line.startswith(("hello ", "set ok", "error ")):
            answer = line.strip()
    return subject(out), answer


def server_args(kind, p, *extra):
    return ["--kind", kind, "--cert", p("default.pem"), "--key", p("default.key"),
            "--context", "a.test", p("a.pem"), p("a.key"),
            "--secure-context", "*.wild.test", p("wild.pem"), p("wild.key"), *extra]


def start(env, args):
    """nodecc's and Node's server with `args`: {"nodecc": Proc, "node": Proc}."""
    procs = {"nodecc": Proc([os.path.join(env.bin_dir, "tls-contexts-server"), *args])}
    try:
        procs["node"] = Proc([env.node, os.path.join(HERE, "node_contexts_server.js"), *args])
    except Exception:
        procs["nodecc"].stop()
        raise
    return procs


def compare(procs, what, fn, expect):
    """fn(port) on both servers: nodecc's result must be `expect`, and Node's the same."""
    seen = {name: fn(proc.port) for name, proc in procs.items()}
    check(seen["nodecc"] == expect and seen["nodecc"] == seen["node"],
          "%s: nodecc %r, Node %r (expected %r)" % (what, seen["nodecc"], seen["node"], expect))
    return seen


def expected_cn(name, default):
    if name == "a.test":
        return "a.test"
    if name in ("x.wild.test", ".wild.test"):
        return "*.wild.test"
    return default


def names_round(kind, procs, default, when):
    for name in NAMES:
        want = (expected_cn(name, default), "hello " + (name or "-"))
        compare(procs, "%s %s: SNI %s" % (kind, when, name or "(none)"),
                lambda port, name=name: ask(kind, port, name), want)


def peer_cn(der):
    code, out, _ = run(["openssl", "x509", "-inform", "der", "-noout", "-subject"], stdin=der)
    return out.split("CN = ", 1)[1].strip() if "CN = " in out else "none"


def early_connection(kind, port, trigger):
    """A TCP connection accepted before `trigger` (setSecureContext) runs and shaken hands after
    it, without SNI: the subject it gets, then (the old one, then) a new connection's."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=test_tls.STEP_TIMEOUT)
    try:
        time.sleep(0.3)  # the server has accepted it
        trigger(port)
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
        with ctx.wrap_socket(sock, server_hostname=None) as tls_sock:
            early = peer_cn(tls_sock.getpeercert(binary_form=True))
    finally:
        sock.close()
    return early, ask(kind, port, None)[0]


def kind_tests(env, kind):
    p = env.p
    procs = start(env, server_args(kind, p, "--new-cert", p("new.pem"), "--new-key", p("new.key"),
                                   "--bad-key", p("a.key")))
    try:
        names_round(kind, procs, "default.test", "before setSecureContext")
        for kind_of_bad in ("set-bad", "set-garbage"):
            seen = {name: ask(kind, proc.port, "a.test", kind_of_bad)[1]
                    for name, proc in procs.items()}
            check(seen["nodecc"].startswith("error ERR_OSSL_") and seen["nodecc"] == seen["node"],
                  "%s setSecureContext refused (%s): nodecc %r, Node %r" % (
                      kind, kind_of_bad, seen["nodecc"], seen["node"]))
        compare(procs, "%s after a refused setSecureContext, no SNI" % kind,
                lambda port: ask(kind, port, None), ("default.test", "hello -"))
        compare(procs, "%s setSecureContext, then (accepted before) and (after)" % kind,
                lambda port: early_connection(kind, port,
                                              lambda port: ask(kind, port, None, "set")),
                ("default.test", "new-default.test"))
        names_round(kind, procs, "new-default.test", "after setSecureContext")
        if kind == "https":
            for name in ("a.test", "x.wild.test"):
                def curl(port, name=name):
                    code, out, err = run(["curl", "-s", "--cacert", p("ca.pem"), "--resolve",
                                          "%s:%d:127.0.0.1" % (name, port),
                                          "https://%s:%d/who" % (name, port)])
                    return code, out.strip()
                compare(procs, "https curl --cacert for %s" % name, curl, (0, "hello " + name))
    finally:
        stderr = {name: proc.stop() for name, proc in procs.items()}
    # The early connection's client resets it (its TLS 1.3 tickets unread): Node's server keeps
    # an 'error' listener on its sockets, so neither process may end on it.
    check("Uncaught" not in stderr["nodecc"], "%s: no uncaught error in nodecc: %r" % (
        kind, stderr["nodecc"][-300:]))


def sni_callback_tests(env, kind):
    p = env.p
    procs = start(env, server_args(kind, p, "--sni-callback", "sni.test", p("sni.pem"),
                                   p("sni.key")))
    try:
        for name, cn in (("sni.test", "sni.test"), ("a.test", "default.test"),
                         ("x.wild.test", "default.test"), (None, "default.test")):
            compare(procs, "%s SNICallback beside addContext: SNI %s" % (kind, name or "(none)"),
                    lambda port, name=name: ask(kind, port, name)[0], cn)
    finally:
        for proc in procs.values():
            proc.stop()


def main(env):
    make_context_certs(env.d)
    for kind in ("https", "tls"):
        kind_tests(env, kind)
        sni_callback_tests(env, kind)


if __name__ == "__main__":
    sys.exit(test_tls.harness("nodecc-tls-contexts-", main))
