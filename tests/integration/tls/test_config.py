"""TLS configuration proofs: what https.createServer's options do, each compared with Node 20
running the same program (node_server.js, the twin of tls-test-server):

- minVersion TLSv1.3 refuses a TLS 1.2 client (the alert the client sees and the server's
  'tlsClientError' code are Node's);
- `ciphers` restricting the TLS 1.2 suites takes effect (another suite gets a handshake
  failure; a list without TLS 1.3 suites turns TLS 1.3 off, as Node's does), and a TLS 1.3 list
  restricts TLS 1.3's;
- an RSA-2048 certificate (every other test certificate is ECDSA P-256) with ECDHE-RSA suites;
- an encrypted key with `passphrase`, and a wrong passphrase failing with Node's error;
- renegotiation refused (openssl s_client -tls1_2, then `R`), where Node 20 allows it.

Every process started here is stopped here, by its pid; every step is bounded in time."""
import os
import subprocess
import sys
import time

import test_tls
from test_tls import HERE, Proc, check, openssl, run, s_client


def make_more_certs(d):
    """rsa (RSA-2048, CA-signed, localhost) and enc.key (server.key under a passphrase)."""
    p = lambda name: os.path.join(d, name)  # noqa: E731
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", p("rsa.key"), "-out",
            p("rsa.csr"), "-subj", "/CN=localhost")
    with open(p("rsa.ext"), "w") as f:
        f.write("subjectAltName=DNS:localhost,IP:127.0.0.1\n")
    openssl("x509", "-req", "-in", p("rsa.csr"), "-CA", p("ca.pem"), "-CAkey", p("ca.key"),
            "-CAcreateserial", "-out", p("rsa.pem"), "-days", "2", "-extfile", p("rsa.ext"))
    openssl("pkey", "-in", p("server.key"), "-aes256", "-passout", "pass:s3cret", "-out",
            p("enc.key"))


class Twins:
    """tls-test-server and node_server.js started with the same options."""

    def __init__(self, server_bin, node, args):
        self.procs = {"nodecc": Proc([server_bin, *args])}
        if node:
            self.procs["node"] = Proc([node, os.path.join(HERE, "node_server.js"), *args])

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stderr = {name: proc.stop() for name, proc in self.procs.items()}

    def ports(self):
        return {name: proc.port for name, proc in self.procs.items()}


def outcome(out):
    """What a client saw of an s_client run: "ok <protocol> <cipher>" or "alert <description>"
    or "failed"."""
    if "hello /s" in out:
        proto = cipher = "?"
        for line in out.splitlines():
            line = line.strip()
            if line.startswith("Protocol  :"):
                proto = line.split(":", 1)[1].strip()
            elif line.startswith("Cipher    :"):
                cipher = line.split(":", 1)[1].strip()
        return "ok %s %s" % (proto, cipher)
    for line in out.splitlines():
        if "alert" in line and ":" in line:
            # "...:ssl/record/rec_layer_s3.c:1586:SSL alert number 70" or
            # "...routines::tlsv1 alert protocol version:..."
            for part in line.split(":"):
                if "alert" in part:
                    return "alert " + part.strip()
    return "failed"


def compare(twins, what, *s_args, expect):
    """Runs s_client with s_args against each twin; nodecc must see `expect` (a prefix of the
    outcome), and Node the same outcome."""
    seen = {name: outcome(s_client(port, *s_args)) for name, port in twins.ports().items()}
    check(seen["nodecc"].startswith(expect), "%s: nodecc %r (expected %r)" % (
        what, seen["nodecc"], expect))
    if "node" in seen:
        check(seen["nodecc"] == seen["node"], "%s: nodecc %r, Node %r" % (
            what, seen["nodecc"], seen["node"]))


def client_errors(stderr):
    return sorted({line.split()[1] for line in stderr.splitlines()
                   if line.startswith("tlsClientError ")})


def min_version_tests(server_bin, node, p):
    base = ["--cert", p("server.pem"), "--key", p("server.key")]
    with Twins(server_bin, node, [*base, "--min-version", "TLSv1.3"]) as t:
        compare(t, "minVersion TLSv1.3, a TLS 1.2 client", "-tls1_2",
                expect="alert tlsv1 alert protocol version")
        compare(t, "minVersion TLSv1.3, a TLS 1.3 client", "-tls1_3", expect="ok TLSv1.3")
    mine = client_errors(t.stderr["nodecc"])
    check(mine == ["ERR_SSL_UNSUPPORTED_PROTOCOL"],
          "minVersion TLSv1.3: tlsClientError %r" % mine)
    if node:
        check(mine == client_errors(t.stderr["node"]), "minVersion TLSv1.3: tlsClientError "
              "nodecc %r, Node %r" % (mine, client_errors(t.stderr["node"])))
    with Twins(server_bin, node, [*base, "--max-version", "TLSv1.2"]) as t:
        compare(t, "maxVersion TLSv1.2, a TLS 1.3 client", "-tls1_3",
                expect="alert tlsv1 alert protocol version")
        compare(t, "maxVersion TLSv1.2, a TLS 1.2 client", "-tls1_2", expect="ok TLSv1.2")


def cipher_tests(server_bin, node, p):
    base = ["--cert", p("server.pem"), "--key", p("server.key")]
    with Twins(server_bin, node, [*base, "--ciphers", "ECDHE-ECDSA-AES256-GCM-SHA384"]) as t:
        compare(t, "ciphers: the one TLS 1.2 suite allowed", "-tls1_2", "-cipher",
                "ECDHE-ECDSA-AES256-GCM-SHA384", expect="ok TLSv1.2 ECDHE-ECDSA-AES256-GCM-SHA384")
        compare(t, "ciphers: another TLS 1.2 suite", "-tls1_2", "-cipher",
                "ECDHE-ECDSA-AES128-GCM-SHA256", expect="alert sslv3 alert handshake failure")
        compare(t, "ciphers: another TLS 1.2 suite (CHACHA20)", "-tls1_2", "-cipher",
                "ECDHE-ECDSA-CHACHA20-POLY1305", expect="alert sslv3 alert handshake failure")
        # No TLS 1.3 suite in the list: TLS 1.3 keeps OpenSSL's default suites, as in Node.
        compare(t, "ciphers without TLS 1.3 suites, a TLS 1.3 client", "-tls1_3",
                expect="ok TLSv1.3 TLS_AES_256_GCM_SHA384")
    with Twins(server_bin, node, [*base, "--ciphers",
                                  "TLS_AES_256_GCM_SHA384:ECDHE-ECDSA-AES128-GCM-SHA256"]) as t:
        compare(t, "ciphers: the one TLS 1.3 suite allowed", "-tls1_3", "-ciphersuites",
                "TLS_AES_256_GCM_SHA384", expect="ok TLSv1.3 TLS_AES_256_GCM_SHA384")
        compare(t, "ciphers: another TLS 1.3 suite", "-tls1_3", "-ciphersuites",
                "TLS_CHACHA20_POLY1305_SHA256", expect="alert sslv3 alert handshake failure")
        compare(t, "ciphers: TLS 1.2 with the listed suite", "-tls1_2",
                expect="ok TLSv1.2 ECDHE-ECDSA-AES128-GCM-SHA256")
    # Only TLS 1.3 suites: Node raises the minimum version to TLS 1.3, so a TLS 1.2 client gets
    # protocol_version (OpenSSL's default TLS 1.2 list must not stay in force).
    with Twins(server_bin, node, [*base, "--ciphers", "TLS_AES_256_GCM_SHA384"]) as t:
        compare(t, "ciphers: TLS 1.3 suites only, a TLS 1.3 client", "-tls1_3",
                expect="ok TLSv1.3 TLS_AES_256_GCM_SHA384")
        seen = {name: outcome(s_client(port, "-tls1_2")) for name, port in t.ports().items()}
        if "node" in seen:
            check(seen["node"].startswith("alert"), "Node, TLS 1.3 suites only, a TLS 1.2 "
                  "client: %r" % seen["node"])
        check(seen["nodecc"].startswith("alert") and seen["nodecc"] == seen.get("node",
                                                                                 seen["nodecc"]),
              "ciphers: TLS 1.3 suites only, a TLS 1.2 client: nodecc %r, Node %r"
              % (seen["nodecc"], seen.get("node")))
    # A list OpenSSL refuses: createServer throws, as Node's.
    args = [server_bin, *base, "--ciphers", "NOT-A-CIPHER"]
    code, mine, _ = run(args)
    check(code == 1 and mine.startswith("error "), "ciphers NOT-A-CIPHER: %r" % mine)
    if node:
        _, theirs, _ = run([node, os.path.join(HERE, "node_server.js"), *args[1:]])
        check(mine.split()[:2] == theirs.split()[:2],
              "ciphers NOT-A-CIPHER: nodecc %r, Node %r" % (mine, theirs))


def rsa_tests(server_bin, client_bin, node, p):
    with Twins(server_bin, node, ["--cert", p("rsa.pem"), "--key", p("rsa.key")]) as t:
        port = t.ports()["nodecc"]
        out = s_client(port, "-tls1_3")
        check("Server public key is 2048 bit" in out and "Peer signature type: RSA-PSS" in out
              and "hello /s TLSv1.3" in out, "RSA-2048, TLS 1.3: %r" % outcome(out))
        compare(t, "RSA-2048, TLS 1.2", "-tls1_2", expect="ok TLSv1.2 ECDHE-RSA-AES128-GCM-SHA256")
        compare(t, "RSA-2048, TLS 1.2, ECDHE-RSA-CHACHA20-POLY1305", "-tls1_2", "-cipher",
                "ECDHE-RSA-CHACHA20-POLY1305", expect="ok TLSv1.2 ECDHE-RSA-CHACHA20-POLY1305")
        compare(t, "RSA-2048, an ECDSA-only suite", "-tls1_2", "-cipher",
                "ECDHE-ECDSA-AES128-GCM-SHA256", expect="alert sslv3 alert handshake failure")
        url = "https://localhost:%d/rsa" % port
        resolve = ["--resolve", "localhost:%d:127.0.0.1" % port]
        code, out, _ = run(["curl", "-s", "--cacert", p("ca.pem"), *resolve, url])
        check(code == 0 and out.startswith("hello /rsa TLSv1.3 http/1.1 localhost"),
              "RSA-2048, curl: %r" % out)
        _, out, err = run([client_bin, url, "--ca", p("ca.pem")])
        check(out.startswith("status 200 hello /rsa TLSv1.3 - localhost"),
              "RSA-2048, nodecc's client: %r %s" % (out, err[-200:]))


def passphrase_tests(server_bin, node, p):
    base = ["--cert", p("server.pem"), "--key", p("enc.key")]
    with Twins(server_bin, node, [*base, "--passphrase", "s3cret"]) as t:
        compare(t, "an encrypted key and its passphrase", "-tls1_3", expect="ok TLSv1.3")
    for what, extra in (("a wrong passphrase", ["--passphrase", "wrong"]),
                        ("no passphrase", [])):
        code, mine, err = run([server_bin, *base, *extra], stdin=b"")
        # A wrong passphrase decrypts the key to noise; about 1 in 256 salts leaves the noise
        # with valid CBC padding, and then OpenSSL's decoder, not the cipher, refuses it
        # (ERR_OSSL_UNSUPPORTED, Node the same). The salt is new each run.
        check(code == 1 and mine.startswith(("error ERR_OSSL_BAD_DECRYPT",
                                             "error ERR_OSSL_UNSUPPORTED"))
              if extra else code == 1 and mine.startswith("error "),
              "%s: nodecc %r %s" % (what, mine, err[-200:]))
        if node:
            _, theirs, _ = run([node, os.path.join(HERE, "node_server.js"), *base, *extra],
                               stdin=b"")
            check(mine == theirs, "%s: nodecc %r, Node %r" % (what, mine, theirs))


def s_client_commands(port, *steps):
    """openssl s_client -tls1_2 with its commands on (no -ign_eof: "R" renegotiates), fed
    `steps` half a second apart; its whole output."""
    proc = subprocess.Popen(["openssl", "s_client", "-connect", "127.0.0.1:%d" % port,
                             "-tls1_2"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    try:
        for step in steps:
            time.sleep(0.5)
            proc.stdin.write(step)
            proc.stdin.flush()
        time.sleep(0.5)
    except BrokenPipeError:
        pass  # s_client ended: the server closed the connection
    try:
        return proc.communicate(timeout=10)[0].decode(errors="replace")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def renegotiation_tests(server_bin, node, p):
    """A client-initiated renegotiation (s_client's "R") is refused, then the request sent
    after it tells whether the connection went on. Node 20 allows three per 10 minutes
    (tls.CLIENT_RENEG_LIMIT): it answers there, which shows the probe renegotiates."""
    after = b"GET /after HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    with Twins(server_bin, node, ["--cert", p("server.pem"), "--key", p("server.key")]) as t:
        outs = {name: s_client_commands(port, b"R\n", after)
                for name, port in t.ports().items()}
        mine = outs["nodecc"]
        tail = mine[mine.find("RENEGOTIATING"):]
        check("RENEGOTIATING" in mine and "hello /after" not in mine and
              ("no renegotiation" in tail or "alert" in tail),
              "renegotiation refused by nodecc: %r" % tail[:300])
        if "node" in outs:
            check("RENEGOTIATING" in outs["node"] and "hello /after" in outs["node"],
                  "the probe renegotiates with Node's server: %r" % outs["node"][-300:])
        code, out, _ = run(["curl", "-sk", "https://127.0.0.1:%d/still" % t.ports()["nodecc"]])
        check(out.startswith("hello /still"), "the server serves on after a refused "
              "renegotiation: %r" % out)
    print("nodecc after 'R': %s" % " | ".join(tail.splitlines()[:3]))


def main(env):
    make_more_certs(env.d)
    min_version_tests(env.server_bin, env.node, env.p)
    cipher_tests(env.server_bin, env.node, env.p)
    rsa_tests(env.server_bin, env.client_bin, env.node, env.p)
    passphrase_tests(env.server_bin, env.node, env.p)
    renegotiation_tests(env.server_bin, env.node, env.p)


if __name__ == "__main__":
    sys.exit(test_tls.harness("nodecc-tls-config-", main))
