#include "static/responses.h"

#include <charconv>
#include <string>

#include "http/status_codes.h"
#include "static/content_coding.h"
#include "static/path_resolution.h"

namespace nodecc::staticfiles::core {

namespace {

void appendNumber(std::string& out, uint64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, size_t(r.ptr - buf));
}

void appendContentRange(std::string& out, uint64_t first, uint64_t last, uint64_t size) {
  out += "Content-Range: bytes ";
  appendNumber(out, first);
  out += '-';
  appendNumber(out, last);
  out += '/';
  appendNumber(out, size);
  out += "\r\n";
}

constexpr std::string_view kHtmlType = "Content-Type: text/html; charset=utf-8\r\n";

// A fixed response: its head fields and nginx-like HTML body, formatted once per process.
struct Canned {
  std::string fields;
  std::string body;
};

Canned makeCanned(int status, std::string_view extraFields) {
  Canned c;
  std::string title = std::to_string(status);
  title += ' ';
  title += http::core::statusReason(status);
  c.body = "<html>\r\n<head><title>" + title + "</title></head>\r\n<body>\r\n<center><h1>" + title +
           "</h1></center>\r\n</body>\r\n</html>\r\n";
  c.fields = "HTTP/1.1 " + title + "\r\n";
  c.fields += kHtmlType;
  c.fields += "Content-Length: " + std::to_string(c.body.size()) + "\r\n";
  c.fields += extraFields;
  return c;
}

const Canned& canned(int status) {
  static const Canned k301 = makeCanned(301, "");
  static const Canned k400 = makeCanned(400, "");
  static const Canned k403 = makeCanned(403, "");
  static const Canned k404 = makeCanned(404, "");
  static const Canned k405 = makeCanned(405, "Allow: GET, HEAD\r\n");
  static const Canned k412 = makeCanned(412, "");
  static const Canned k416 = makeCanned(416, "");
  static const Canned k500 = makeCanned(500, "");
  static const Canned k503 = makeCanned(503, "");
  switch (status) {
    case 301:
      return k301;
    case 400:
      return k400;
    case 403:
      return k403;
    case 404:
      return k404;
    case 405:
      return k405;
    case 412:
      return k412;
    case 416:
      return k416;
    case 503:
      return k503;
    default:
      return k500;
  }
}

bool safeForHeader(std::string_view s) {
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    if (c < 0x21 || c == 0x7f) {
      return false;
    }
  }
  return true;
}

}  // namespace

ResponseBuilder::ResponseBuilder() {
  fields_.reserve(512);
  segments_.reserve(kMaxRangeSpecs + 1);
}

void ResponseBuilder::fromEntry(const FileEntry& entry, const Request& req, Response* out) {
  *out = Response{};
  Coding coding = Coding::kIdentity;
  if (entry.varies) {
    coding = chooseCoding(req.acceptEncoding, entry.reps[int(Coding::kGzip)].present,
                          entry.reps[int(Coding::kBrotli)].present);
  }
  const bool head = req.isHead();
  if (entry.reps[int(coding)].onTheFly && !head && present(req.range)) {
    // nginx's order: a Range request is answered from the file (its range filter runs before
    // gzip, which compresses only 200s); the 206 keeps Vary.
    coding = Coding::kIdentity;
  }
  const Representation& rep = entry.reps[int(coding)];
  Validators v{rep.etagView(), rep.mtimeSec};
  if (present(req.ifMatch) || present(req.ifNoneMatch) || present(req.ifModifiedSince) ||
      present(req.ifUnmodifiedSince)) {
    Precondition p = evaluatePreconditions(
        {req.ifMatch, req.ifNoneMatch, req.ifModifiedSince, req.ifUnmodifiedSince}, v);
    if (p == Precondition::kNotModified) {
      out->status = 304;
      out->fields = rep.fields304;
      return;
    }
    if (p == Precondition::kPreconditionFailed) {
      const Canned& c = canned(412);
      fields_.assign(c.fields);
      if (entry.varies) {
        fields_ += "Vary: Accept-Encoding\r\n";
      }
      out->status = 412;
      out->fields = fields_;
      if (!head) {
        out->body = c.body;
        out->bodyBytes = c.body.size();
      }
      return;
    }
  }
  // Range is defined for GET only (RFC 9110 §14.2): HEAD gets the whole representation's head.
  if (!head && present(req.range) && ifRangeHolds(req.ifRange, v)) {
    switch (parseRange(req.range, rep.size, &ranges_)) {
      case RangeOutcome::kSatisfiable:
        if (ranges_.count == 1) {
          singleRange(rep, ranges_.ranges[0], head, out);
          return;
        }
        // The ranges of a content-coded representation would each need their coding named
        // per part; such requests get the whole representation instead (allowed by §14.2).
        if (coding == Coding::kIdentity) {
          multipart(rep, ranges_, head, out);
          return;
        }
        break;
      case RangeOutcome::kUnsatisfiable:
        unsatisfiable(entry, rep, out);
        return;
      case RangeOutcome::kIgnore:
        break;
    }
  }
  out->status = 200;
  out->fields = rep.fields200;
  if (!head) {
    out->bodyBytes = rep.size;
    if (rep.inMemory()) {
      out->body = rep.body;
    } else {
      out->file = {rep.file, 0, rep.size};
    }
  }
}

void ResponseBuilder::singleRange(const Representation& rep, const ByteRange& r, bool head,
                                  Response* out) {
  fields_.assign("HTTP/1.1 206 Partial Content\r\n");
  fields_ += rep.contentType;
  fields_ += rep.encodingLine;
  appendContentRange(fields_, r.first, r.last, rep.size);
  fields_ += "Content-Length: ";
  appendNumber(fields_, r.length());
  fields_ += "\r\n";
  fields_ += rep.tail;
  out->status = 206;
  out->fields = fields_;
  if (head) {
    return;
  }
  out->bodyBytes = r.length();
  if (rep.inMemory()) {
    out->body = std::string_view(rep.body).substr(r.first, r.length());
  } else {
    out->file = {rep.file, int64_t(r.first), r.length()};
  }
}

void ResponseBuilder::nextBoundary() {
  // A counter, not randomness: part contents cannot contain "\r\n--<boundary>" by accident
  // any more than with a random string of this length, and responses stay reproducible.
  ++boundaryCounter_;
  static constexpr char kHex[] = "0123456789abcdef";
  uint64_t v = boundaryCounter_;
  for (size_t i = kBoundaryLength; i-- > 0;) {
    boundary_[i] = kHex[v & 15];
    v >>= 4;
  }
}

void ResponseBuilder::multipart(const Representation& rep, const RangeSet& set, bool head,
                                Response* out) {
  nextBoundary();
  std::string_view boundary(boundary_, kBoundaryLength);
  // All part headers go into body_ first, so the views taken below stay valid.
  body_.clear();
  size_t partStart[kMaxRangeSpecs + 1];
  uint64_t total = 0;
  for (size_t i = 0; i < set.count; ++i) {
    const ByteRange& r = set.ranges[i];
    partStart[i] = body_.size();
    body_ += "\r\n--";
    body_ += boundary;
    body_ += "\r\n";
    body_ += rep.contentType;
    appendContentRange(body_, r.first, r.last, rep.size);
    body_ += "\r\n";
    total += r.length();
  }
  partStart[set.count] = body_.size();
  body_ += "\r\n--";
  body_ += boundary;
  body_ += "--\r\n";
  total += body_.size();

  fields_.assign("HTTP/1.1 206 Partial Content\r\nContent-Type: multipart/byteranges; boundary=");
  fields_ += boundary;
  fields_ += "\r\nContent-Length: ";
  appendNumber(fields_, total);
  fields_ += "\r\n";
  fields_ += rep.tail;
  out->status = 206;
  out->fields = fields_;
  if (head) {
    return;
  }
  out->bodyBytes = total;
  std::string_view all(body_);
  if (rep.inMemory()) {
    // Assemble the whole body after the part headers, then point at that copy.
    size_t headersEnd = body_.size();
    body_.reserve(headersEnd + total);
    for (size_t i = 0; i < set.count; ++i) {
      const ByteRange& r = set.ranges[i];
      body_.append(body_.data() + partStart[i], partStart[i + 1] - partStart[i]);
      body_.append(rep.body, r.first, r.length());
    }
    body_.append(body_.data() + partStart[set.count], headersEnd - partStart[set.count]);
    out->body = std::string_view(body_).substr(headersEnd);
    return;
  }
  segments_.clear();
  for (size_t i = 0; i < set.count; ++i) {
    const ByteRange& r = set.ranges[i];
    segments_.push_back({all.substr(partStart[i], partStart[i + 1] - partStart[i]),
                         {rep.file, int64_t(r.first), r.length()}});
  }
  segments_.push_back({all.substr(partStart[set.count]), {}});
  out->segments = segments_.data();
  out->segmentCount = segments_.size();
}

void ResponseBuilder::unsatisfiable(const FileEntry& entry, const Representation& rep,
                                    Response* out) {
  // As nginx: a short HTML body, and the size the client can ask ranges of.
  const Canned& c = canned(416);
  fields_.assign(c.fields);
  fields_ += "Content-Range: bytes */";
  appendNumber(fields_, rep.size);
  fields_ += "\r\n";
  if (entry.varies) {
    fields_ += "Vary: Accept-Encoding\r\n";
  }
  out->status = 416;
  out->fields = fields_;
  out->body = c.body;  // Range applies to GET only, so this is never a HEAD
  out->bodyBytes = c.body.size();
}

void ResponseBuilder::error(int status, bool head, Response* out) {
  *out = Response{};
  const Canned& c = canned(status);
  out->status = status == 400 || status == 403 || status == 404 || status == 405 || status == 503
                    ? status
                    : 500;
  out->clientError = out->status >= 400 && out->status < 500;
  out->fields = c.fields;
  if (!head) {
    out->body = c.body;
    out->bodyBytes = c.body.size();
  }
}

void ResponseBuilder::redirect(std::string_view path, bool hasQuery, std::string_view query,
                               bool head, Response* out) {
  *out = Response{};
  const Canned& c = canned(301);
  fields_.assign("HTTP/1.1 301 Moved Permanently\r\nLocation: ");
  appendPercentEncodedPath(fields_, path);
  if (fields_.back() != '/') {
    fields_ += '/';
  }
  if (hasQuery && safeForHeader(query)) {
    fields_ += '?';
    fields_ += query;
  }
  fields_ += "\r\n";
  // The canned 301 fields minus the status line: Content-Type and Content-Length.
  fields_ += std::string_view(c.fields).substr(c.fields.find("\r\n") + 2);
  out->status = 301;
  out->fields = fields_;
  if (!head) {
    out->body = c.body;
    out->bodyBytes = c.body.size();
  }
}

void ResponseBuilder::listing(std::string_view html, bool head, Response* out) {
  *out = Response{};
  fields_.assign("HTTP/1.1 200 OK\r\n");
  fields_ += kHtmlType;
  fields_ += "Content-Length: ";
  appendNumber(fields_, html.size());
  fields_ += "\r\n";
  out->status = 200;
  out->fields = fields_;
  if (!head) {
    out->body = html;
    out->bodyBytes = html.size();
  }
}

}  // namespace nodecc::staticfiles::core
