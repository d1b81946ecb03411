#pragma once
// An access log in nginx's "combined" format:
//   $remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent
//   "$http_referer" "$http_user_agent"
// Lines are appended to a buffer and written when it passes 64 KiB, once a second, and at
// close: no syscall per request. One per worker (loop thread only); workers' lines never
// interleave (see flush).
#include <nodecc/nodecc.h>

#include <cstdint>
#include <ctime>
#include <string>

namespace nodecc::cli {

class AccessLog {
 public:
  AccessLog() = default;
  ~AccessLog();
  AccessLog(const AccessLog&) = delete;
  AccessLog& operator=(const AccessLog&) = delete;

  // "-" is stdout; any other name is opened for appending. "" on success, else the error.
  std::string open(const std::string& path);
  bool isOpen() const { return fd_ >= 0; }
  void log(http::IncomingMessage& req, int status, uint64_t bodyBytes);
  void flush();
  void close();

 private:
  void appendTime();
  int fd_ = -1;
  bool ownsFd_ = false;
  bool regularFile_ = false;
  std::string buffer_;
  std::time_t cachedSecond_ = -1;
  char cachedTime_[32] = {};
  size_t cachedTimeLength_ = 0;
};

}  // namespace nodecc::cli
