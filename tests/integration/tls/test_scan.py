"""sslyze (PyPI, pinned in sslyze/requirements.txt; scripts/install-deps.sh installs it into
sslyze/.venv) against nodecc's https server in its default configuration (tls-test-server with
only a key and certificate: https.createServer's defaults) and against `nodecc serve
--tls-cert --tls-key`, over loopback:

- no SSL 2.0, SSL 3.0, TLS 1.0 or TLS 1.1; TLS 1.2 and 1.3 accepted;
- no weak cipher suite: every accepted suite has forward secrecy (ECDHE/DHE, or TLS 1.3), a
  key of at least 128 bits, no RC4, 3DES/DES, NULL, EXPORT, MD5, anonymous key exchange;
- not vulnerable to Heartbleed, ROBOT, CCS injection; no TLS compression (CRIME);
- no client-initiated renegotiation accepted (no renegotiation DoS, no insecure renegotiation);
  TLS_FALLBACK_SCSV honoured; extended master secret supported.

Without sslyze the test fails: run scripts/install-deps.sh (make deps)."""
import json
import os
import re
import subprocess
import sys

import test_tls
from test_tls import HERE, Proc, check, nodecc_serve_https

SSLYZE = os.path.join(HERE, "sslyze", ".venv", "bin", "sslyze")
SCANS = ["--sslv2", "--sslv3", "--tlsv1", "--tlsv1_1", "--tlsv1_2", "--tlsv1_3", "--heartbleed",
         "--robot", "--openssl_ccs", "--reneg", "--compression", "--fallback", "--ems",
         "--elliptic_curves"]
WEAK = re.compile(r"RC4|3DES|_DES_|DES-CBC|NULL|EXPORT|EXP-|MD5|anon|IDEA|SEED|PSK|SRP")


def scan(port, d, label):
    out = os.path.join(d, "scan-%s.json" % label)
    p = subprocess.run([SSLYZE, "--quiet", "--mozilla_config", "disable", "--json_out", out,
                        *SCANS, "127.0.0.1:%d" % port], capture_output=True, timeout=120)
    check(p.returncode == 0 and os.path.exists(out), "sslyze ran against %s: %s" % (
        label, p.stderr.decode(errors="replace")[-500:]))
    with open(out) as f:
        server = json.load(f)["server_scan_results"][0]
    check(server["connectivity_status"] == "COMPLETED", "sslyze reached %s: %s" % (
        label, server.get("connectivity_error_trace")))
    return server["scan_result"]


def judge(r, label):
    def result(name):
        entry = r[name]
        check(entry and entry["status"] == "COMPLETED", "%s: sslyze's %s scan completed: %s" % (
            label, name, entry and entry.get("error_trace")))
        return entry["result"] if entry and entry["status"] == "COMPLETED" else {}

    for name in ("ssl_2_0", "ssl_3_0", "tls_1_0", "tls_1_1"):
        res = result(name + "_cipher_suites")
        accepted = [c["cipher_suite"]["name"] for c in res.get("accepted_cipher_suites", [])]
        check(not res.get("is_tls_version_supported", True) and not accepted,
              "%s: %s refused (%d suites accepted)" % (label, name, len(accepted)))
    suites = []
    for name in ("tls_1_2", "tls_1_3"):
        res = result(name + "_cipher_suites")
        check(res.get("is_tls_version_supported"), "%s: %s accepted" % (label, name))
        for c in res.get("accepted_cipher_suites", []):
            suites.append((name, c["cipher_suite"], c.get("ephemeral_key")))
    weak = []
    for version, suite, ephemeral in suites:
        forward = version == "tls_1_3" or suite["name"].startswith(("TLS_ECDHE_", "TLS_DHE_"))
        if (not forward or suite["key_size"] < 128 or suite["is_anonymous"] or
                WEAK.search(suite["name"]) or WEAK.search(suite["openssl_name"]) or
                (ephemeral and ephemeral["type_name"] == "DH" and ephemeral["size"] < 2048) or
                (ephemeral and ephemeral["type_name"] == "ECDH" and ephemeral["size"] < 253)):
            weak.append(suite["name"])
    print("%s: accepted %s" % (label, ", ".join(s["openssl_name"] for _, s, _ in suites)))
    check(suites and not weak, "%s: no weak cipher suite accepted: %r" % (label, weak))
    check(result("heartbleed").get("is_vulnerable_to_heartbleed") is False,
          "%s: not vulnerable to Heartbleed" % label)
    robot = result("robot").get("robot_result", "")
    check(robot.startswith("NOT_VULNERABLE"), "%s: not vulnerable to ROBOT (%s)" % (label, robot))
    check(result("openssl_ccs_injection").get("is_vulnerable_to_ccs_injection") is False,
          "%s: not vulnerable to CCS injection" % label)
    check(result("tls_compression").get("supports_compression") is False,
          "%s: no TLS compression" % label)
    reneg = result("session_renegotiation")
    check(reneg.get("is_vulnerable_to_client_renegotiation_dos") is False and
          reneg.get("client_renegotiations_success_count") == 0,
          "%s: client-initiated renegotiation refused: %r" % (label, reneg))
    check(reneg.get("supports_secure_renegotiation") is True,
          "%s: secure renegotiation indication (RFC 5746), no insecure renegotiation" % label)
    check(result("tls_fallback_scsv").get("supports_fallback_scsv") is True,
          "%s: TLS_FALLBACK_SCSV honoured" % label)
    check(result("tls_extended_master_secret").get("supports_ems_extension") is True,
          "%s: extended master secret" % label)
    curves = [c["name"] for c in result("elliptic_curves").get("supported_curves", [])]
    print("%s: curves %s; renegotiation %r" % (label, ", ".join(curves), reneg))


def main(env):
    p = env.p
    check(os.access(SSLYZE, os.X_OK), "sslyze installed at %s (scripts/install-deps.sh)" % SSLYZE)
    if test_tls.failures:
        return
    srv = Proc([env.server_bin, "--cert", p("server.pem"), "--key", p("server.key")])
    try:
        judge(scan(srv.port, env.d, "https.createServer"), "https.createServer")
    finally:
        srv.stop()
    with nodecc_serve_https(os.path.join(env.bin_dir, "nodecc"), env.d, p) as port:
        if port is not None:
            judge(scan(port, env.d, "nodecc serve"), "nodecc serve")


if __name__ == "__main__":
    sys.exit(test_tls.harness("nodecc-tls-scan-", main, need=("openssl",)))
