"""The kinds of client the soak mixes, each one connection's life (soak.py picks them at random):

  keepalive       1-20 requests one after another, each response checked; then FIN or RST
  pipeline        2-16 requests in one write (or cut into random pieces), responses in order
  abort_request   a request cut anywhere (head or body), then FIN or RST
  abort_response  a large response (a file, or a pipelined batch) read partly, then FIN or RST
  half_close      requests, then shutdown(SHUT_WR), then read: every response complete, then EOF
  rst_idle        complete requests, then RST on the idle keep-alive connection

Every complete response is checked by its Req. A failure raises SoakFailure.
"""
import asyncio

from soak_http import ClosedBeforeResponse, Connection, SoakFailure, fail


class Stats:
    def __init__(self):
        self.runs = {}  # client kind -> connections
        self.responses = 0  # complete responses checked
        self.requests_cut = 0
        self.responses_cut = 0
        self.half_close_answered = 0
        self.half_close_dropped = 0  # async requests the server aborted at the FIN (as Node)

    def ran(self, kind):
        self.runs[kind] = self.runs.get(kind, 0) + 1


async def _exchange(conn, req, stats):
    """Sends one request and checks its response; False when the server closed after it."""
    await conn.send(req.raw)
    r = await _read(conn, req)
    req.check(r)
    stats.responses += 1
    if r.closes():
        if not req.may_close:
            fail(f"{req.name}: unexpected Connection: close")
        await conn.expect_eof(what=f"the close announced after {req.name}")
        return False
    return True


async def _read(conn, req):
    """The response to `req`; a failure names the request."""
    try:
        return await conn.read_response(req.head)
    except SoakFailure as e:
        raise type(e)(f"{req.name}: {e}") from None


def _leave(conn, rng, rst_share=0.3):
    if rng.random() < rst_share:
        conn.rst()
    else:
        conn.close()


async def keepalive(port, routes, rng, stats):
    conn = await Connection.open(port)
    try:
        for _ in range(rng.randint(1, 20)):
            if not await _exchange(conn, routes.pick(), stats):
                break
    finally:
        _leave(conn, rng)
        await conn.wait_closed()


async def pipeline(port, routes, rng, stats):
    reqs = []
    for _ in range(rng.randint(2, 16)):
        reqs.append(routes.pick())
        if reqs[-1].may_close:
            break  # nothing after a request the server may close on
    conn = await Connection.open(port)
    try:
        await conn.send(b"".join(r.raw for r in reqs), rng, rng.choice([1, 1, 2, 5, 20]))
        for req in reqs:
            r = await _read(conn, req)
            req.check(r)
            stats.responses += 1
            if r.closes():
                if not req.may_close:
                    fail(f"{req.name}: unexpected Connection: close in a pipeline")
                await conn.expect_eof(what=f"the close announced after {req.name}")
                break
    finally:
        _leave(conn, rng)
        await conn.wait_closed()


async def abort_request(port, routes, rng, stats):
    conn = await Connection.open(port)
    try:
        # Sometimes after complete requests on the same connection.
        for _ in range(rng.choice([0, 0, 1, 3])):
            if not await _exchange(conn, routes.pick(), stats):
                return
        req = routes.pick()
        cut = rng.randrange(1, len(req.raw))
        await conn.send(req.raw[:cut], rng, rng.choice([1, 3]))
        if rng.random() < 0.5:
            await asyncio.sleep(rng.choice([0, 0.001, 0.02]))
        stats.requests_cut += 1
    finally:
        _leave(conn, rng, rst_share=0.5)
        await conn.wait_closed()


async def abort_response(port, routes, rng, stats, large=None):
    conn = await Connection.open(port)
    try:
        if large is not None and rng.random() < 0.7:
            raw = large().raw
            total = 1 << 20
        else:
            batch = [routes.pick() for _ in range(rng.randint(4, 32))]
            raw = b"".join(r.raw for r in batch)
            total = 64 << 10
        await conn.send(raw)
        await conn.read_some(rng.randint(0, total))
        stats.responses_cut += 1
    finally:
        _leave(conn, rng, rst_share=0.5)
        await conn.wait_closed()


async def half_close(port, routes, rng, stats):
    reqs = []
    for _ in range(rng.choice([1, 1, 1, 2, 4])):
        reqs.append(routes.pick())
        if reqs[-1].may_close:
            break
    conn = await Connection.open(port)
    try:
        await conn.send(b"".join(r.raw for r in reqs))
        conn.half_close()
        # As Node's server (no httpAllowHalfOpen): the FIN aborts the requests that are still
        # waiting for their handler's response; those already answered are delivered whole.
        # So the responses must be a complete, correct prefix of the requests, then EOF; and
        # when every request is answered from inside its handler call (sync), all of them.
        answered = 0
        for req in reqs:
            try:
                r = await _read(conn, req)
            except ClosedBeforeResponse:
                break  # aborted by the FIN
            req.check(r)
            stats.responses += 1
            answered += 1
            if r.closes():
                break
        await conn.expect_eof(what="EOF after a half-closed client's responses")
        stats.half_close_answered += answered
        stats.half_close_dropped += len(reqs) - answered
        if answered < len(reqs) and all(r.sync for r in reqs):
            fail(f"half-close: {answered} of {len(reqs)} synchronous requests answered "
                 f"({[r.name for r in reqs]})")
    finally:
        conn.close()
        await conn.wait_closed()


async def rst_idle(port, routes, rng, stats):
    conn = await Connection.open(port)
    try:
        for _ in range(rng.randint(1, 5)):
            if not await _exchange(conn, routes.pick(), stats):
                break
        await asyncio.sleep(rng.choice([0, 0.01, 0.1]))
    finally:
        conn.rst()
        await conn.wait_closed()


# kind -> (function, weight)
CLIENTS = {
    "keepalive": (keepalive, 30),
    "pipeline": (pipeline, 20),
    "abort_request": (abort_request, 12),
    "abort_response": (abort_response, 10),
    "half_close": (half_close, 12),
    "rst_idle": (rst_idle, 8),
}
