#pragma once
// Building responses: from a cached file (selecting the representation, then RFC 9110's
// preconditions, then Range), and the fixed ones (errors, redirects, listings). The builder
// keeps scratch buffers whose capacity survives between requests, so a response costs no
// allocation once they are warm. Loop thread.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "static/byte_ranges.h"
#include "static/file_entry.h"
#include "static/request.h"

namespace nodecc::staticfiles::core {

class ResponseBuilder {
 public:
  ResponseBuilder();

  // GET/HEAD of a cached file.
  void fromEntry(const FileEntry& entry, const Request& req, Response* out);
  // 400, 403, 404, 405 (with Allow: GET, HEAD), 500, 503: a short HTML body, as nginx sends.
  void error(int status, bool head, Response* out);
  // 301 to `path` (normalized, decoded; a '/' is appended) keeping the query.
  void redirect(std::string_view path, bool hasQuery, std::string_view query, bool head,
                Response* out);
  // 200 with a directory listing (text/html; no validators, so clients revalidate).
  void listing(std::string_view html, bool head, Response* out);

  // The multipart boundary of the next response (exposed for tests).
  std::string_view lastBoundary() const { return {boundary_, kBoundaryLength}; }

 private:
  static constexpr size_t kBoundaryLength = 20;
  void singleRange(const Representation& rep, const ByteRange& r, bool head, Response* out);
  void multipart(const Representation& rep, const RangeSet& set, bool head, Response* out);
  void unsatisfiable(const FileEntry& entry, const Representation& rep, Response* out);
  void nextBoundary();

  std::string fields_;
  std::string body_;
  std::vector<Segment> segments_;
  RangeSet ranges_;
  uint64_t boundaryCounter_ = 0;
  char boundary_[kBoundaryLength];
};

}  // namespace nodecc::staticfiles::core
