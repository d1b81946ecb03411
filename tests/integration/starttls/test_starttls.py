"""STARTTLS over loopback with Python's ssl module as the other side: a Python client that
speaks plaintext, then wraps its connected socket (SSLContext.wrap_socket) against nodecc's
STARTTLS server (tls::createTLSSocket over the accepted net socket), and nodecc's client
(tls::connect({socket})) against a Python server that upgrades its accepted socket after the
same plaintext exchange. Then `starttls churn`: hundreds of upgrades cut mid-handshake, which
must leave the descriptor count where it started.

The certificate is made with `openssl req` in a temporary directory. Every process started here
is stopped here, by its pid; every step is bounded in time."""
import argparse
import os
import socket
import ssl
import subprocess
import sys
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
# The TLS tests' reporting (tests/integration/tls/test_tls.py) and certificate
# (tests/integration/tls_socket/test_tls_socket.py).
sys.path.insert(0, os.path.join(HERE, "..", "tls"))
sys.path.insert(0, os.path.join(HERE, "..", "tls_socket"))
from test_tls import check as tls_check, summary  # noqa: E402
from test_tls_socket import make_cert  # noqa: E402

STEP_TIMEOUT = 30


def check(name, ok, detail=""):
    tls_check(ok, name + (": " + detail if detail and not ok else ""))


def read_line(sock):
    data = b""
    while not data.endswith(b"\n"):
        chunk = sock.recv(1)
        if not chunk:
            break
        data += chunk
    return data


def python_client_against_nodecc(binary, key, cert):
    srv = subprocess.Popen([binary, "server", key, cert], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
    try:
        line = srv.stdout.readline().decode()
        check("nodecc server starts", line.startswith("port "), repr(line))
        port = int(line.split()[1])
        for version in (ssl.TLSVersion.TLSv1_3, ssl.TLSVersion.TLSv1_2):
            raw = socket.create_connection(("127.0.0.1", port), timeout=STEP_TIMEOUT)
            raw.sendall(b"STARTTLS\n")
            go = read_line(raw)
            check("plaintext GO before TLS (%s)" % version.name, go == b"GO\n", repr(go))
            ctx = ssl.create_default_context(cafile=cert)
            ctx.minimum_version = ctx.maximum_version = version
            tls = ctx.wrap_socket(raw, server_hostname="localhost")
            check("python client handshake (%s)" % version.name, tls.version() == version.name
                  .replace("_", "."), tls.version())
            tls.sendall(b"hello starttls\n")
            answer = read_line(tls)
            check("echoed in upper case over TLS (%s)" % version.name,
                  answer == b"HELLO STARTTLS\n", repr(answer))
            tls.close()
            secure = srv.stdout.readline().decode().split()
            check("nodecc server 'secure' (%s)" % version.name,
                  secure == ["secure", version.name.replace("_", "."), "localhost"], repr(secure))
        # A client that never starts TLS after GO, and one that sends garbage instead: the
        # server goes on serving.
        raw = socket.create_connection(("127.0.0.1", port), timeout=STEP_TIMEOUT)
        raw.sendall(b"STARTTLS\n")
        read_line(raw)
        raw.sendall(b"\x16\x03\x01\x00\x05garbage")
        raw.settimeout(5)
        try:
            rest = raw.recv(100)
        except OSError:
            rest = b""
        raw.close()
        check("garbage after GO gets an alert or a close", rest == b"" or rest[0] == 0x15,
              repr(rest))
        raw = socket.create_connection(("127.0.0.1", port), timeout=STEP_TIMEOUT)
        raw.sendall(b"STARTTLS\n")
        read_line(raw)
        tls = ssl.create_default_context(cafile=cert).wrap_socket(raw, server_hostname="localhost")
        tls.sendall(b"again\n")
        check("server still serves", read_line(tls) == b"AGAIN\n")
        tls.close()
    finally:
        srv.terminate()
        try:
            srv.communicate(timeout=5)
        except subprocess.TimeoutExpired:
            srv.kill()
            srv.communicate()


def nodecc_client_against_python(binary, key, cert):
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    listener.settimeout(STEP_TIMEOUT)
    seen = {}

    def serve():
        try:
            conn, _ = listener.accept()
            conn.settimeout(STEP_TIMEOUT)
            seen["plain"] = read_line(conn)
            conn.sendall(b"GO\n")
            ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            ctx.load_cert_chain(cert, key)
            tls = ctx.wrap_socket(conn, server_side=True)
            seen["sni"] = tls.server_hostname if hasattr(tls, "server_hostname") else None
            seen["version"] = tls.version()
            line = read_line(tls)
            seen["line"] = line
            tls.sendall(line.upper())
            seen["eof"] = tls.recv(100)  # the client's close_notify: b""
            tls.close()
        except Exception as e:  # reported through `seen`
            seen["error"] = repr(e)

    t = threading.Thread(target=serve, daemon=True)
    t.start()
    out = subprocess.run([binary, "client", str(listener.getsockname()[1]), cert],
                         capture_output=True, timeout=STEP_TIMEOUT)
    t.join(STEP_TIMEOUT)
    listener.close()
    lines = out.stdout.decode().splitlines()
    check("python server saw STARTTLS in plaintext", seen.get("plain") == b"STARTTLS\n",
          repr(seen))
    check("python server handshake", seen.get("version") == "TLSv1.3", repr(seen))
    check("nodecc client events", lines == ["secureConnect true TLSv1.3", "data HELLO", "end",
                                             "close false"]
          or lines == ["secureConnect true TLSv1.3", "data HELLO", "close false"],
          repr(lines) + " " + out.stderr.decode()[-300:])
    check("nodecc client ended with close_notify", seen.get("eof") == b"", repr(seen))
    check("nodecc client exit status", out.returncode == 0, str(out.returncode))


def churn(binary, key, cert):
    out = subprocess.run([binary, "churn", "400", key, cert], capture_output=True,
                         timeout=STEP_TIMEOUT * 2)
    text = out.stdout.decode().strip()
    parts = text.split()
    ok = out.returncode == 0 and len(parts) == 7 and parts[3] == parts[4] and parts[6] == "0"
    check("400 upgrades cut mid-handshake free their descriptors", ok,
          text + " " + out.stderr.decode()[-300:])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        key, cert = make_cert(d)
        python_client_against_nodecc(a.bin, key, cert)
        nodecc_client_against_python(a.bin, key, cert)
        churn(a.bin, key, cert)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
