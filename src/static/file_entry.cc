#include "static/file_entry.h"

#include <algorithm>
#include <charconv>

#include "os/fd.h"
#include "os/fs_ops.h"
#include "static/http_date.h"

namespace nodecc::staticfiles::core {

namespace {
void appendNumber(std::string& out, uint64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, size_t(r.ptr - buf));
}
}  // namespace

FileEntry::~FileEntry() {
  for (auto& rep : reps) {
    if (rep.file != nullptr) {
      rep.file->release();
    }
  }
}

std::string_view codingSuffix(Coding c) {
  switch (c) {
    case Coding::kGzip:
      return ".gz";
    case Coding::kBrotli:
      return ".br";
    case Coding::kIdentity:
      break;
  }
  return "";
}

namespace {

// The header bytes of a representation whose size, mtime and ETag are set.
void formatFields(Representation& rep, std::string_view contentTypeLine, Coding coding, bool varies,
                  bool acceptRanges, const Options& options) {
  char date[kHttpDateLength];
  formatHttpDate(rep.mtimeSec, date);
  rep.contentType.assign(contentTypeLine);
  rep.encodingLine.clear();
  if (coding != Coding::kIdentity) {
    rep.encodingLine =
        coding == Coding::kGzip ? "Content-Encoding: gzip\r\n" : "Content-Encoding: br\r\n";
  }
  std::string validators = "Last-Modified: ";
  validators.append(date, kHttpDateLength);
  validators += "\r\nETag: ";
  validators += rep.etagView();
  validators += "\r\n";
  std::string extra;
  if (varies) {
    extra += "Vary: Accept-Encoding\r\n";
  }
  if (!options.cacheControl.empty()) {
    extra += "Cache-Control: ";
    extra += options.cacheControl;
    extra += "\r\n";
  }
  // 206 responses leave Accept-Ranges out, as nginx does (the client evidently knows).
  rep.tail = validators + extra;

  rep.fields200 = "HTTP/1.1 200 OK\r\n";
  rep.fields200 += rep.contentType;
  rep.fields200 += rep.encodingLine;
  rep.fields200 += "Content-Length: ";
  appendNumber(rep.fields200, rep.size);
  rep.fields200 += "\r\n";
  rep.fields200 += validators;
  if (acceptRanges) {
    rep.fields200 += "Accept-Ranges: bytes\r\n";
  }
  rep.fields200 += extra;

  // RFC 9110 §15.4.5: a 304 carries the validators and the Cache-Control/Vary a 200 would.
  rep.fields304 = "HTTP/1.1 304 Not Modified\r\n" + validators + extra;
}

}  // namespace

void buildCompressedRepresentation(Representation& rep, const Representation& identity,
                                   std::string body, const Options& options) {
  rep.present = true;
  rep.onTheFly = true;
  rep.size = body.size();
  rep.mtimeSec = identity.mtimeSec;
  rep.body = std::move(body);
  rep.etag[0] = 'W';
  rep.etag[1] = '/';
  std::copy_n(identity.etag, identity.etagLength, rep.etag + 2);
  rep.etagLength = uint8_t(identity.etagLength + 2);
  // Ranges of this representation are not offered: a Range request gets the file's.
  formatFields(rep, identity.contentType, Coding::kGzip, true, false, options);
}

bool buildRepresentation(Representation& rep, int fd, const os::core::FileStat& st,
                         std::string_view mimeType, Coding coding, bool varies,
                         const Options& options) {
  os::core::Fd owned(fd);
  rep.present = true;
  rep.size = st.size;
  rep.mtimeSec = st.mtime.sec;
  if (st.size <= options.memoryFileMaxBytes) {
    rep.body.resize(st.size);
    auto n = os::core::readAt(fd, rep.body.data(), rep.body.size(), 0);
    if (!n) {
      return false;
    }
    // A file that shrank between fstat and read: serve what was read (the next revalidation
    // sees the new size and refills).
    rep.body.resize(*n);
    rep.size = *n;
  } else {
    rep.file = net::core::SharedFile::adopt(owned.release());
  }
  rep.etagLength = uint8_t(formatEntityTag(rep.mtimeSec, rep.size, rep.etag));
  std::string contentType = "Content-Type: ";
  contentType += mimeType;
  contentType += "\r\n";
  formatFields(rep, contentType, coding, varies, true, options);
  return true;
}

}  // namespace nodecc::staticfiles::core
