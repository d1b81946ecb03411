"""The soak's HTTP/1.1 client side on asyncio: one connection with the ways a client can end it
(FIN, half-close, RST), and a response reader that checks the framing of every response.

Nothing here knows the servers' routes (soak_site.py does) or the mix of clients
(soak_clients.py does).
"""
import asyncio
import socket
import struct

HOST = "127.0.0.1"
# Bigger than any head the servers send; bodies are read with readexactly, not against it.
READ_LIMIT = 1 << 20


class SoakFailure(Exception):
    """A check failed: a wrong response, a response cut short, a hang."""


class ClosedBeforeResponse(SoakFailure):
    """The peer closed the connection cleanly before the first byte of a response."""


def fail(what):
    raise SoakFailure(what)


class Response:
    def __init__(self):
        self.version = ""
        self.status = 0
        self.reason = ""
        self.headers = []  # [(name, value)] in the order received
        self.body = b""
        self.interim = []  # 1xx statuses before the final response

    def header(self, name, default=None):
        lname = name.lower()
        for n, v in self.headers:
            if n.lower() == lname:
                return v
        return default

    def closes(self):
        """The server said it closes the connection after this response."""
        return "close" in (self.header("connection") or "").lower()

    def __repr__(self):
        return f"<{self.status} {self.headers} {self.body[:80]!r}>"


class Connection:
    """One client connection. Every way out (close, half_close, rst) is safe to call twice."""

    def __init__(self, reader, writer):
        self.reader = reader
        self.writer = writer
        self.closed = False

    @classmethod
    async def open(cls, port):
        reader, writer = await asyncio.open_connection(HOST, port, limit=READ_LIMIT)
        sock = writer.get_extra_info("socket")
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return cls(reader, writer)

    async def send(self, data, rng=None, pieces=1):
        """Writes `data`, split at random points into `pieces` writes (each flushed, with a
        yield between), so the server also sees heads and bodies cut anywhere."""
        if pieces <= 1 or len(data) < 2 or rng is None:
            self.writer.write(data)
            await self.writer.drain()
            return
        cuts = sorted(rng.sample(range(1, len(data)), min(pieces - 1, len(data) - 1)))
        start = 0
        for cut in cuts + [len(data)]:
            self.writer.write(data[start:cut])
            await self.writer.drain()
            await asyncio.sleep(0)
            start = cut

    async def read_response(self, head_request=False):
        """The next final response, its framing checked; fails on EOF or a reset before its
        last byte."""
        r = Response()
        try:
            while True:
                try:
                    line = await self.reader.readuntil(b"\r\n")
                except asyncio.IncompleteReadError as e:
                    if not e.partial:  # a clean close where a response (or the next) begins
                        raise ClosedBeforeResponse(
                            f"connection closed before a response (after interim {r.interim})"
                        ) from None
                    raise
                parts = line[:-2].decode("latin1").split(" ", 2)
                if len(parts) < 2 or not parts[0].startswith("HTTP/1.") or not parts[1].isdigit():
                    fail(f"bad status line {line[:100]!r}")
                status = int(parts[1])
                headers = await self._fields()
                if 100 <= status < 200:
                    r.interim.append(status)
                    continue
                r.version, r.status = parts[0], status
                r.reason = parts[2] if len(parts) > 2 else ""
                r.headers = headers
                break
            te = (r.header("transfer-encoding") or "").lower()
            cl = r.header("content-length")
            if head_request or r.status in (204, 304):
                pass
            elif "chunked" in te:
                r.body = await self._chunked()
            elif cl is not None:
                if not cl.isdigit():
                    fail(f"bad Content-Length {cl!r}")
                r.body = await self.reader.readexactly(int(cl))
            else:
                fail(f"response {r.status} without Content-Length or chunked framing")
        except asyncio.IncompleteReadError as e:
            fail(f"connection closed inside a response ({len(e.partial)} bytes of a read of "
                 f"{e.expected}; status {r.status or 'not read'})")
        except asyncio.LimitOverrunError:
            fail("response head line longer than 1 MiB")
        except ConnectionResetError:
            fail(f"connection reset inside a response (status {r.status or 'not read'})")
        return r

    async def _fields(self):
        fields = []
        while True:
            line = await self.reader.readuntil(b"\r\n")
            if line == b"\r\n":
                return fields
            name, sep, value = line[:-2].decode("latin1").partition(":")
            if not sep or not name or name != name.strip():
                fail(f"bad header line {line[:100]!r}")
            fields.append((name, value.strip()))

    async def _chunked(self):
        parts = []
        while True:
            line = await self.reader.readuntil(b"\r\n")
            size_text = line[:-2].split(b";")[0].strip()
            try:
                size = int(size_text, 16)
            except ValueError:
                fail(f"bad chunk size line {line[:60]!r}")
            if size == 0:
                await self._fields()  # trailers
                return b"".join(parts)
            parts.append(await self.reader.readexactly(size))
            if await self.reader.readexactly(2) != b"\r\n":
                fail("chunk data not followed by CRLF")

    async def read_some(self, n):
        """Reads up to `n` bytes (fewer at EOF); for clients that leave mid-response."""
        got = 0
        while got < n:
            try:
                data = await self.reader.read(min(n - got, 65536))
            except ConnectionResetError:
                fail("connection reset while the response was being read")
            if not data:
                break
            got += len(data)
        return got

    async def expect_eof(self, timeout=10.0, what="the server to close"):
        """Fails unless the peer ends the connection (FIN, or a reset after it answered) with
        no further bytes within `timeout`."""
        try:
            data = await asyncio.wait_for(self.reader.read(65536), timeout)
        except asyncio.TimeoutError:
            fail(f"timed out waiting for {what}")
        except ConnectionResetError:
            return
        if data:
            fail(f"{len(data)} unexpected bytes while waiting for {what}: {data[:80]!r}")

    async def read_until_eof(self, timeout):
        """Everything until the peer closes (a reset counts as a close)."""
        chunks = []

        async def pump():
            while True:
                try:
                    data = await self.reader.read(65536)
                except ConnectionResetError:
                    return
                if not data:
                    return
                chunks.append(data)

        try:
            await asyncio.wait_for(pump(), timeout)
        except asyncio.TimeoutError:
            fail(f"no close within {timeout} s")
        return b"".join(chunks)

    def half_close(self):
        """shutdown(SHUT_WR): the request is complete, the response is still wanted."""
        if self.writer.can_write_eof():
            self.writer.write_eof()

    def close(self):
        """An orderly close (FIN; the kernel sends RST instead when unread bytes remain)."""
        if not self.closed:
            self.closed = True
            self.writer.close()

    def rst(self):
        """SO_LINGER {on, 0} then close: the kernel sends RST and drops what is queued."""
        if not self.closed:
            self.closed = True
            sock = self.writer.get_extra_info("socket")
            try:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            except OSError:
                pass
            self.writer.transport.abort()

    async def wait_closed(self):
        try:
            await self.writer.wait_closed()
        except (ConnectionError, OSError):
            pass
