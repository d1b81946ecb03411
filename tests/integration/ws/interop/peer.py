"""The Python peer of the WebSocket interop test (run_interop.py runs it with the virtualenv's
python, where scripts/install-deps.sh installed the `websockets` package requirements.txt pins).

  peer.py client PLAIN_URL DEFLATE_URL   the cases against nodecc's echo server (one without
                                         and one with permessage-deflate); prints one
                                         "ok   ..." or "FAIL ..." line per check
  peer.py server                         an echo server on 127.0.0.1 (see SERVER below);
                                         prints "port N", then one "conn {json}" line per
                                         closed connection
"""
import asyncio
import json
import random
import sys

import websockets
from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import ServerConnection, serve

MiB = 1 << 20
TEXT = "h\u00e9llo, nodecc \u2713 \U0001F30D"
ALL_BYTES = bytes(range(256))
COMPRESSIBLE_TEXT = ("nodecc interop " * (MiB // 15 + 1))[:MiB]
COMPRESSIBLE_BINARY = ALL_BYTES * (MiB // 256)
# A compressed 1 MiB message must take less than this on the wire (each way).
COMPRESSED_MAX = 64 * 1024
STEP_TIMEOUT = 10
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + "python " + what, flush=True)
    if not cond:
        failures.append(what)


class Counting:
    """Counts the bytes a connection reads and writes (handshake included)."""

    def connection_made(self, transport):
        self.bytes_in = 0
        self.bytes_out = 0
        write = transport.write

        def counted(data):
            self.bytes_out += len(data)
            write(data)

        transport.write = counted
        super().connection_made(transport)

    def data_received(self, data):
        self.bytes_in += len(data)
        super().data_received(data)


class CountingClient(Counting, ClientConnection):
    pass


class CountingServer(Counting, ServerConnection):
    pass


async def echo(ws, message, what, fragments=None):
    """Sends message (or its fragments) and checks that the echo is the same, of the same type."""
    await ws.send(fragments if fragments is not None else message)
    got = await asyncio.wait_for(ws.recv(), STEP_TIMEOUT)
    check(type(got) is type(message) and got == message,
          "client: %s echoed (%d bytes)" % (what, len(message)))


async def client_plain(url):
    rng = random.Random(1)
    big = rng.randbytes(MiB)
    big_text = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789 ") for _ in range(MiB))
    async with connect(url, subprotocols=["chat.v1", "chat.v2"], compression=None,
                       max_size=16 * MiB, open_timeout=STEP_TIMEOUT) as ws:
        check(ws.subprotocol == "chat.v1", "client: subprotocol chat.v1 chosen (%r)" %
              ws.subprotocol)
        check(ws.response.headers.get("Sec-WebSocket-Extensions") is None,
              "client: no extension without an offer")
        await echo(ws, TEXT, "text")
        await echo(ws, ALL_BYTES, "binary of all 256 byte values")
        await echo(ws, "", "empty text")
        await echo(ws, b"", "empty binary")
        await echo(ws, big, "1 MiB binary")
        await echo(ws, big_text, "1 MiB text")
        await echo(ws, "frag:one-two-three", "text in 3 fragments",
                   ["frag:one-", "two-", "three"])
        await echo(ws, b"\x00\x01\x02\xff\xfe", "binary in 2 fragments",
                   [b"\x00\x01\x02", b"\xff\xfe"])
        waiter = await ws.ping(b"python-ping")
        try:
            await asyncio.wait_for(waiter, STEP_TIMEOUT)
            ponged = True
        except asyncio.TimeoutError:
            ponged = False
        check(ponged, "client: ping answered by a pong with its payload")
        await ws.close(4000, "bye from python")
        check(ws.close_code == 4000 and ws.close_reason == "bye from python",
              "client: close 4000 'bye from python' answered with (%r, %r)" %
              (ws.close_code, ws.close_reason))


async def client_deflate(url):
    async with connect(url, subprotocols=["chat.v1"], max_size=16 * MiB,
                       open_timeout=STEP_TIMEOUT, create_connection=CountingClient) as ws:
        header = ws.response.headers.get("Sec-WebSocket-Extensions") or ""
        params = [p.strip() for p in header.split(";")]
        check(params[:1] == ["permessage-deflate"] and "server_no_context_takeover" in params
              and "client_no_context_takeover" in params,
              "client: permessage-deflate negotiated: %r" % header)
        await echo(ws, "small", "small compressed text")
        await echo(ws, "", "empty compressed text")
        for message, what in ((COMPRESSIBLE_TEXT, "1 MiB compressible text"),
                              (COMPRESSIBLE_BINARY, "1 MiB compressible binary")):
            before_in, before_out = ws.bytes_in, ws.bytes_out
            await echo(ws, message, what)
            sent, received = ws.bytes_out - before_out, ws.bytes_in - before_in
            check(sent < COMPRESSED_MAX and received < COMPRESSED_MAX,
                  "client: %s compressed both ways (%d bytes sent, %d received)" %
                  (what, sent, received))
        part = "frag:" + "abc" * 1000
        await echo(ws, part * 3, "compressed text in 3 fragments", [part, part, part])
        for i in range(5):
            await echo(ws, "message %d " % i + "z" * 4096, "compressed message %d of 5" % (i + 1))
        await ws.close(1000, "done")
        check(ws.close_code == 1000, "client: compressed connection closed with 1000")


async def client(plain_url, deflate_url):
    for name, case, url in (("plain", client_plain, plain_url),
                            ("deflate", client_deflate, deflate_url)):
        try:
            await asyncio.wait_for(case(url), 60)
        except Exception as e:  # noqa: BLE001 - any failure is a failed check, with its cause
            check(False, "client: %s connection: %s: %s" % (name, type(e).__name__, e))


async def handler(ws):
    """SERVER: echoes every message as it came (a text message starting with "frag:" in 3
    fragments); "ping-me" makes it ping the client with "server-ping" and answer "pong-ok:"
    and the pong's payload; "close-me" makes it close with 4001 "server closing"."""
    try:
        async for message in ws:
            if message == "ping-me":
                waiter = await ws.ping(b"server-ping")
                await asyncio.wait_for(waiter, STEP_TIMEOUT)
                await ws.send("pong-ok:server-ping")
            elif message == "close-me":
                await ws.close(4001, "server closing")
            elif isinstance(message, str) and message.startswith("frag:") and len(message) >= 3:
                third = len(message) // 3
                await ws.send([message[:third], message[third:2 * third], message[2 * third:]])
            else:
                await ws.send(message)
    except websockets.ConnectionClosed:
        pass
    await ws.wait_closed()
    print("conn " + json.dumps({
        "path": ws.request.path, "protocol": ws.subprotocol,
        "offer": ws.request.headers.get("Sec-WebSocket-Extensions"),
        "in": ws.bytes_in, "out": ws.bytes_out,
        "close": ws.close_code, "reason": ws.close_reason}), flush=True)


async def server():
    async with serve(handler, "127.0.0.1", 0, subprotocols=["chat.v1"], max_size=16 * MiB,
                     create_connection=CountingServer) as srv:
        port = srv.sockets[0].getsockname()[1]
        print("port %d" % port, flush=True)
        await asyncio.Future()


def main():
    if sys.argv[1:2] == ["server"]:
        try:
            asyncio.run(server())
        except KeyboardInterrupt:
            pass
        return 0
    print("python websockets %s" % websockets.__version__, flush=True)
    asyncio.run(client(sys.argv[2], sys.argv[3]))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
