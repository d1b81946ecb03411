#include "access_log.h"

#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace nodecc::cli {

namespace {

constexpr size_t kFlushBytes = 64 * 1024;

bool equalsIgnoreCase(std::string_view a, std::string_view lower) {
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

// nginx escapes '"', '\' and bytes outside printable ASCII in logged variables as \xHH.
void appendEscaped(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\' || c < 0x20 || c >= 0x7f) {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += char(c);
    }
  }
}

void appendField(std::string& out, const http::IncomingMessage& req, std::string_view lower) {
  for (size_t i = 0; i + 1 < req.rawHeaders.size(); i += 2) {
    if (equalsIgnoreCase(req.rawHeaders[i], lower)) {
      std::string_view v = req.rawHeaders[i + 1];
      if (!v.empty()) {
        appendEscaped(out, v);
        return;
      }
      break;
    }
  }
  out += '-';
}

}  // namespace

AccessLog::~AccessLog() {
  close();
}

std::string AccessLog::open(const std::string& path) {
  if (path == "-") {
    fd_ = STDOUT_FILENO;
    ownsFd_ = false;
  } else {
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd_ < 0) {
      return std::string("cannot open access log '") + path + "': " + std::strerror(errno);
    }
    ownsFd_ = true;
  }
  struct stat st {};
  regularFile_ = ::fstat(fd_, &st) == 0 && S_ISREG(st.st_mode);
  buffer_.reserve(kFlushBytes + 4096);
  return "";
}

void AccessLog::appendTime() {
  std::time_t now = std::time(nullptr);
  if (now != cachedSecond_) {
    std::tm local{};
    ::localtime_r(&now, &local);
    cachedTimeLength_ =
        std::strftime(cachedTime_, sizeof cachedTime_, "%d/%b/%Y:%H:%M:%S %z", &local);
    cachedSecond_ = now;
  }
  buffer_.append(cachedTime_, cachedTimeLength_);
}

void AccessLog::log(http::IncomingMessage& req, int status, uint64_t bodyBytes) {
  if (fd_ < 0) {
    return;
  }
  buffer_ += req.socket().remoteAddress();
  buffer_ += " - - [";
  appendTime();
  buffer_ += "] \"";
  appendEscaped(buffer_, req.method);
  buffer_ += ' ';
  appendEscaped(buffer_, req.url);
  buffer_ += " HTTP/";
  buffer_ += req.httpVersion;
  buffer_ += "\" ";
  buffer_ += std::to_string(status);
  buffer_ += ' ';
  buffer_ += std::to_string(bodyBytes);
  buffer_ += " \"";
  appendField(buffer_, req, "referer");
  buffer_ += "\" \"";
  appendField(buffer_, req, "user-agent");
  buffer_ += "\"\n";
  if (buffer_.size() >= kFlushBytes) {
    flush();
  }
}

void AccessLog::flush() {
  size_t done = 0;
  while (done < buffer_.size() && fd_ >= 0) {
    // Workers share stdout (or a pipe): a write of at most PIPE_BUF bytes is atomic there, so
    // each ends at a line boundary and lines from several workers never interleave. Appends
    // to a regular file are atomic at any size.
    size_t length = buffer_.size() - done;
    if (!regularFile_ && length > PIPE_BUF) {
      size_t cut = buffer_.rfind('\n', done + PIPE_BUF - 1);
      length = cut != std::string::npos && cut >= done ? cut + 1 - done : length;
    }
    ssize_t n = ::write(fd_, buffer_.data() + done, length);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) {
        continue;
      }
      break;  // a full disk or a closed pipe: drop the lines rather than stop serving
    }
    done += size_t(n);
  }
  buffer_.clear();
}

void AccessLog::close() {
  flush();
  if (ownsFd_ && fd_ >= 0) {
    ::close(fd_);
  }
  fd_ = -1;
}

}  // namespace nodecc::cli
