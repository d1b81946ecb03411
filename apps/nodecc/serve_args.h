#pragma once
// `nodecc serve` options, parsed from the command line.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace nodecc::cli {

struct ServeArgs {
  std::string dir = ".";
  uint16_t port = 8080;
  std::string host = "127.0.0.1";
  unsigned workers = 0;  // 0: one per core
  std::string cacheControl;
  bool list = false;
  bool followSymlinks = false;
  bool gzip = false;  // compress on the fly
  int gzipLevel = 6;
  size_t gzipCacheBytes = size_t(16) << 20;
  std::string accessLog;  // "" off, "-" stdout, else a file appended to
  std::string tlsCert;    // PEM files: both given, the server speaks https only
  std::string tlsKey;
  int redirectHttp = -1;  // with TLS: the cleartext port sending clients to https; -1 off
  bool help = false;
};

// Parses the arguments after "serve". Returns "" on success, else a message for the user.
// Accepts "--opt value" and "--opt=value".
std::string parseServeArgs(const std::vector<std::string>& args, ServeArgs* out);

extern const char* const kServeUsage;

}  // namespace nodecc::cli
