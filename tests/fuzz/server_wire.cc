#include "server_wire.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "http/chunked.h"
#include "http/parser.h"

namespace fuzzserver {

using nodecc::http::core::BodyKind;
using nodecc::http::core::ChunkedDecoder;
using nodecc::http::core::Header;
using nodecc::http::core::ParseError;
using nodecc::http::core::ParserLimits;

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "property violated: %s\n", what);
    std::abort();
  }
}

namespace {

bool isWordChar(char c) {
  return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_';
}

// Node's /(?:^|\W)100-continue(?:$|\W)/i, written out.
bool mentions100Continue(std::string_view v) {
  constexpr std::string_view kWord = "100-continue";
  for (size_t i = 0; i + kWord.size() <= v.size(); ++i) {
    bool match = true;
    for (size_t k = 0; k < kWord.size() && match; ++k) {
      char c = v[i + k];
      if (c >= 'A' && c <= 'Z') {
        c = char(c + 32);
      }
      match = c == kWord[k];
    }
    if (match && (i == 0 || !isWordChar(v[i - 1])) &&
        (i + kWord.size() == v.size() || !isWordChar(v[i + kWord.size()]))) {
      return true;
    }
  }
  return false;
}

bool equalsLower(std::string_view a, std::string_view lower) {
  if (a.size() != lower.size()) {
    return false;
  }
  for (size_t i = 0; i < a.size(); ++i) {
    char c = a[i];
    if (c >= 'A' && c <= 'Z') {
      c = char(c + 32);
    }
    if (c != lower[i]) {
      return false;
    }
  }
  return true;
}

// Whether a comma-separated list holds `token` (case-insensitive).
bool hasToken(std::string_view list, std::string_view token) {
  while (!list.empty()) {
    const size_t comma = list.find(',');
    std::string_view item = list.substr(0, comma);
    while (!item.empty() && (item.front() == ' ' || item.front() == '\t')) {
      item.remove_prefix(1);
    }
    while (!item.empty() && (item.back() == ' ' || item.back() == '\t')) {
      item.remove_suffix(1);
    }
    if (equalsLower(item, token)) {
      return true;
    }
    if (comma == std::string_view::npos) {
      break;
    }
    list.remove_prefix(comma + 1);
  }
  return false;
}

// Decodes a chunked body at the start of `in`: its length on the wire (0: incomplete).
size_t dechunk(std::string_view in, std::string* body) {
  ChunkedDecoder dec;
  ParserLimits limits;
  size_t pos = 0;
  for (;;) {
    Header trailers[64];
    size_t count = 0;
    ParseError err;
    auto s = dec.decode(in.substr(pos), trailers, 64, &count, limits, &err);
    check(s.consumed >= 0, "a well-formed chunked body");
    body->append(s.data);
    pos += size_t(s.consumed);
    if (s.done) {
      return pos;
    }
    if (s.consumed == 0) {
      return 0;
    }
  }
}

}  // namespace

StreamRequests readRequests(std::string_view s, const ParserLimits& limits) {
  StreamRequests out;
  std::vector<Header> slots(limits.maxHeadersCount);
  size_t pos = 0;
  while (pos < s.size()) {
    nodecc::http::core::RequestHead head;
    ParseError err;
    const ssize_t n = nodecc::http::core::parseRequest(s.substr(pos), 0, head, slots.data(),
                                                       slots.size(), limits, &err);
    if (n <= 0) {
      // Rejected, or unfinished when the client stopped: at most one (error) response.
      out.maxResponses = out.requests.size() + 1;
      return out;
    }
    pos += size_t(n);
    StreamRequest r;
    r.method = head.method;
    r.target = head.target;
    const bool http11 = head.versionMajor == 1 && head.versionMinor >= 1;
    r.notForHandler = r.method == "CONNECT" ||
                      (http11 && !head.expect.empty() && !mentions100Continue(head.expect));
    bool rejected = false;
    if (head.body == BodyKind::kLength) {
      const size_t take = size_t(std::min<uint64_t>(head.contentLength, s.size() - pos));
      r.body = s.substr(pos, take);
      r.bodyComplete = take == head.contentLength;
      pos += take;
    } else if (head.body == BodyKind::kChunked) {
      ChunkedDecoder dec;
      for (;;) {
        Header trailers[64];
        size_t count = 0;
        ParseError cerr;
        auto st = dec.decode(s.substr(pos), trailers, 64, &count, limits, &cerr);
        if (st.consumed < 0) {
          rejected = true;
          break;
        }
        r.body += st.data;
        pos += size_t(st.consumed);
        if (st.done) {
          r.bodyComplete = true;
          break;
        }
        if (st.consumed == 0) {
          break;
        }
      }
    } else {
      r.bodyComplete = true;
    }
    const bool connect = r.method == "CONNECT";
    out.requests.push_back(std::move(r));
    out.bodyCutShort = rejected || !out.requests.back().bodyComplete;
    if (rejected || !out.requests.back().bodyComplete || connect || !head.keepAlive) {
      // The connection reads no further request.
      out.maxResponses = out.requests.size() + (rejected ? 1 : 0);
      return out;
    }
  }
  out.maxResponses = out.requests.size();
  return out;
}

void checkResponses(std::string_view wire, const std::vector<HandlerRecord>& log,
                    const StreamRequests& stream, const WireFacts& wireFacts) {
  WireFacts facts = wireFacts;
  facts.truncationAllowed = facts.truncationAllowed || stream.bodyCutShort;
  ParserLimits limits;
  limits.maxHeaderSize = size_t(1) << 20;
  size_t pos = 0;
  size_t finals = 0;
  long lastSeq = -1;
  bool closing = false;
  std::vector<bool> answered(log.size(), false);
  while (pos < wire.size()) {
    check(!closing, "nothing follows a response that closes the connection");
    nodecc::http::core::ResponseHead h;
    Header fields[64];
    ParseError err;
    const ssize_t n =
        nodecc::http::core::parseResponse(wire.substr(pos), 0, h, fields, 64, limits, &err);
    if (n == 0) {
      check(facts.truncationAllowed, "every response head is complete");
      break;
    }
    if (n < 0) {
      std::fprintf(stderr, "response parse error %d %s at %zu\n", err.status, err.code, pos);
    }
    check(n > 0, "every response head is well-formed HTTP/1.1");
    check(h.versionMajor == 1 && h.versionMinor == 1, "responses are HTTP/1.1");
    pos += size_t(n);
    long seq = -1;
    int contentLengths = 0;
    bool connectionClose = false;
    for (size_t i = 0; i < h.headerCount; ++i) {
      if (equalsLower(fields[i].name, "connection")) {
        connectionClose = connectionClose || hasToken(fields[i].value, "close");
      } else if (equalsLower(fields[i].name, "x-seq")) {
        check(seq == -1, "one X-Seq per response");
        seq = std::strtol(std::string(fields[i].value).c_str(), nullptr, 10);
      } else if (equalsLower(fields[i].name, "content-length")) {
        ++contentLengths;
      }
    }
    check(contentLengths <= 1, "at most one Content-Length");
    if (h.status < 200) {
      check(h.status == 100, "the only interim response is 100 Continue");
      continue;
    }
    ++finals;
    if (seq >= 0) {
      check(size_t(seq) < log.size(), "X-Seq names a request the handler got");
      check(seq > lastSeq, "responses in request order, each at most once");
      lastSeq = seq;
      answered[size_t(seq)] = true;
    } else {
      check(h.status >= 400, "a response the handler did not make is an error");
    }
    const HandlerRecord* rec = seq >= 0 ? &log[size_t(seq)] : nullptr;
    const bool bodyless = (rec && rec->method == "HEAD") || h.status == 204 || h.status == 304;
    std::string body;
    if (!bodyless) {
      const std::string_view rest = wire.substr(pos);
      if (h.body == BodyKind::kLength) {
        if (rest.size() < h.contentLength) {
          check(facts.truncationAllowed, "every Content-Length body is complete");
          break;
        }
        body = rest.substr(0, size_t(h.contentLength));
        pos += size_t(h.contentLength);
      } else if (h.body == BodyKind::kChunked) {
        const size_t used = dechunk(rest, &body);
        if (used == 0) {
          check(facts.truncationAllowed, "every chunked body is complete");
          break;
        }
        pos += used;
      } else if (h.body == BodyKind::kUntilClose) {
        body = rest;
        pos = wire.size();
      }
    }
    if (rec && rec->expectBody && !bodyless) {
      check(body == *rec->expectBody, "the response body is the one the handler sent");
    }
    if (rec && rec->isStatic && !facts.secret.empty()) {
      check(body.find(facts.secret) == std::string::npos,
            "no file outside the static root is served");
    }
    // (The parser's keepAlive does not know a HEAD response has no body.)
    if (connectionClose || (!bodyless && h.body == BodyKind::kUntilClose)) {
      closing = true;
    }
  }
  if (finals > stream.maxResponses) {
    std::fprintf(stderr, "%zu responses to %zu requests\n", finals, stream.maxResponses);
  }
  check(finals <= stream.maxResponses, "no more responses than requests");
  for (long k = 0; k < lastSeq; ++k) {
    check(!log[size_t(k)].finished || answered[size_t(k)],
          "a finished response before an answered one is on the wire");
  }
}

void checkHandlerSawStream(const std::vector<HandlerRecord>& log, const StreamRequests& stream) {
  size_t j = 0;
  for (const HandlerRecord& rec : log) {
    while (j < stream.requests.size() && stream.requests[j].notForHandler) {
      ++j;
    }
    check(j < stream.requests.size(), "every request the handler got is in the stream");
    const StreamRequest& want = stream.requests[j];
    if (rec.method != want.method || rec.url != want.target) {
      std::fprintf(stderr, "handler got %s %s, the stream has %s %s\n", rec.method.c_str(),
                   rec.url.c_str(), want.method.c_str(), want.target.c_str());
    }
    check(rec.method == want.method && rec.url == want.target,
          "the handler gets the stream's requests in order");
    if (rec.bodyRead && rec.ended) {
      check(want.bodyComplete && rec.body == want.body, "a body read to its end is the stream's");
    } else if (rec.bodyRead) {
      check(want.body.compare(0, rec.body.size(), rec.body) == 0 &&
                rec.body.size() <= want.body.size(),
            "a body read in part is a prefix of the stream's");
    }
    ++j;
  }
}

}  // namespace fuzzserver
