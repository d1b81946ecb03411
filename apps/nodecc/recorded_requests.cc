#include "recorded_requests.h"

#include <algorithm>
#include <cstdlib>

#include "http_wire.h"

namespace nodecc::cli {

namespace {

enum class Cut { kWhole, kIncomplete, kMalformed };

// The length of the request at the start of `data` (kWhole), or why there is none.
Cut cutRequest(std::string_view data, size_t* length, std::string* method, std::string* target) {
  const size_t head = headEnd(data);
  if (head == std::string_view::npos) {
    return Cut::kIncomplete;
  }
  std::string line;
  HeaderList headers;
  parseHead(data.substr(0, head), &line, &headers);
  const size_t sp1 = line.find(' ');
  const size_t sp2 = sp1 == std::string::npos ? sp1 : line.find(' ', sp1 + 1);
  if (sp1 == 0 || sp2 == std::string::npos || line.compare(sp2 + 1, 5, "HTTP/") != 0) {
    return Cut::kMalformed;
  }
  *method = line.substr(0, sp1);
  *target = line.substr(sp1 + 1, sp2 - sp1 - 1);
  const std::string_view rest = data.substr(head);
  if (headerHasToken(headers, "transfer-encoding", "chunked")) {
    size_t consumed = 0;
    std::string body;
    switch (chunkedBody(rest, &consumed, &body)) {
      case BodyParse::kDone:
        *length = head + consumed;
        return Cut::kWhole;
      case BodyParse::kIncomplete:
        return Cut::kIncomplete;
      case BodyParse::kInvalid:
        return Cut::kMalformed;
    }
  }
  size_t body = 0;
  if (hasHeader(headers, "content-length")) {
    const std::string v = headerValue(headers, "content-length");
    char* end = nullptr;
    const unsigned long long n = std::strtoull(v.c_str(), &end, 10);
    if (v.empty() || *end != '\0') {
      return Cut::kMalformed;
    }
    body = size_t(n);
  }
  if (rest.size() < body) {
    return Cut::kIncomplete;
  }
  *length = head + body;
  return Cut::kWhole;
}

uint64_t frameOf(const recorder::RecordedConnection& c, size_t offset) {
  auto it = std::upper_bound(c.reads.begin(), c.reads.end(), offset,
                             [](size_t off, const auto& read) { return off < read.first; });
  return it == c.reads.begin() ? c.acceptFrame : std::prev(it)->second;
}

}  // namespace

RecordedTraffic splitRequests(const std::vector<recorder::RecordedConnection>& connections) {
  RecordedTraffic out;
  for (size_t ci = 0; ci < connections.size(); ++ci) {
    const recorder::RecordedConnection& c = connections[ci];
    std::string_view data = c.received;
    size_t offset = 0;
    size_t index = 0;
    while (offset < data.size()) {
      // Empty lines before a request line are allowed (RFC 9112 2.2); they carry nothing.
      if (data[offset] == '\r' || data[offset] == '\n') {
        ++offset;
        continue;
      }
      RecordedRequest r;
      r.connection = ci;
      r.index = index;
      r.frame = frameOf(c, offset);
      size_t length = 0;
      const Cut cut = cutRequest(data.substr(offset), &length, &r.method, &r.target);
      if (cut == Cut::kIncomplete) {
        ++out.incomplete;
        break;
      }
      if (cut == Cut::kMalformed) {
        // assign(1, '?'): GCC 12's -Wrestrict misfires on `= "?"` here.
        r.method.assign(1, '?');
        r.target.assign(1, '?');
        length = data.size() - offset;
      }
      r.bytes = std::string(data.substr(offset, length));
      offset += length;
      ++index;
      out.requests.push_back(std::move(r));
    }
    if (index > 0) {
      out.requests.back().last = true;
      ++out.connections;
    }
  }
  std::stable_sort(
      out.requests.begin(), out.requests.end(),
      [](const RecordedRequest& a, const RecordedRequest& b) { return a.frame < b.frame; });
  return out;
}

}  // namespace nodecc::cli
