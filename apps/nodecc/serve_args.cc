#include "serve_args.h"

#include <charconv>

namespace nodecc::cli {

const char* const kServeUsage =
    "Usage: nodecc serve [DIR] [options]\n"
    "\n"
    "Serves the files under DIR (default: the current directory) over HTTP.\n"
    "\n"
    "Options:\n"
    "  --port N              port to listen on (default 8080; 0 picks a free one)\n"
    "  --host ADDR           address to listen on (default 127.0.0.1; 0.0.0.0 for all)\n"
    "  --workers N           worker threads sharing the port (default: one per core)\n"
    "  --cache-control VALUE Cache-Control header sent with files (default: none)\n"
    "  --list                HTML listing for directories without index.html\n"
    "  --follow-symlinks     follow symbolic links that lead outside DIR\n"
    "  --gzip                gzip compressible files that have no .gz beside them, on the\n"
    "                        fly, keeping the results in the cache (Range: the file itself)\n"
    "  --gzip-level N        compression level 1-9 (default 6)\n"
    "  --gzip-cache BYTES    compressed bytes kept per worker (default 16m; k, m, g suffixes)\n"
    "  --access-log FILE|-   append an access log in nginx's combined format (- : stdout)\n"
    "  --tls-cert FILE       serve https with this PEM certificate chain (needs --tls-key)\n"
    "  --tls-key FILE        the certificate's PEM private key\n"
    "  -h, --help            this help\n"
    "\n"
    "Ctrl-C (SIGINT) or SIGTERM stops accepting, lets responses in flight finish and exits 0;\n"
    "a second signal exits at once.\n";

namespace {

bool parseUnsigned(const std::string& s, unsigned long max, unsigned long* out) {
  unsigned long v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || s.empty() || v > max) {
    return false;
  }
  *out = v;
  return true;
}

// "1048576", "512k", "16m", "1g".
bool parseSize(const std::string& s, size_t* out) {
  if (s.empty()) {
    return false;
  }
  std::string digits = s;
  size_t shift = 0;
  switch (s.back()) {
    case 'k':
    case 'K':
      shift = 10;
      break;
    case 'm':
    case 'M':
      shift = 20;
      break;
    case 'g':
    case 'G':
      shift = 30;
      break;
    default:
      break;
  }
  if (shift != 0) {
    digits.pop_back();
  }
  unsigned long v = 0;
  if (!parseUnsigned(digits, (~0ul) >> (shift + 1), &v)) {
    return false;
  }
  *out = size_t(v) << shift;
  return true;
}

}  // namespace

std::string parseServeArgs(const std::vector<std::string>& args, ServeArgs* out) {
  bool haveDir = false;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string arg = args[i];
    std::string value;
    bool inlineValue = false;
    if (arg.rfind("--", 0) == 0) {
      size_t eq = arg.find('=');
      if (eq != std::string::npos) {
        value = arg.substr(eq + 1);
        arg.resize(eq);
        inlineValue = true;
      }
    }
    auto takeValue = [&](std::string* v) -> bool {
      if (inlineValue) {
        *v = value;
        return true;
      }
      if (i + 1 >= args.size()) {
        return false;
      }
      *v = args[++i];
      return true;
    };
    auto isFlag = [&](const char* name) { return arg == name && !inlineValue; };
    if (arg == "-h" || isFlag("--help")) {
      out->help = true;
    } else if (isFlag("--list")) {
      out->list = true;
    } else if (isFlag("--follow-symlinks")) {
      out->followSymlinks = true;
    } else if (isFlag("--gzip")) {
      out->gzip = true;
    } else if (arg == "--gzip-level") {
      std::string v;
      unsigned long n;
      if (!takeValue(&v) || !parseUnsigned(v, 9, &n) || n == 0) {
        return "--gzip-level needs a level from 1 to 9";
      }
      out->gzipLevel = int(n);
    } else if (arg == "--gzip-cache") {
      std::string v;
      if (!takeValue(&v) || !parseSize(v, &out->gzipCacheBytes)) {
        return "--gzip-cache needs a size in bytes (k, m, g suffixes allowed)";
      }
    } else if (arg == "--redirect-http") {
      std::string v;
      unsigned long n;
      if (!takeValue(&v)) {
        return arg + " needs a port";
      }
      if (!parseUnsigned(v, 65535, &n)) {
        return "invalid port: " + v;
      }
      out->redirectHttp = int(n);
    } else if (arg == "--port" || arg == "--workers") {
      std::string v;
      unsigned long n;
      if (!takeValue(&v)) {
        return arg + " needs a value";
      }
      if (arg == "--port") {
        if (!parseUnsigned(v, 65535, &n)) {
          return "invalid port: " + v;
        }
        out->port = uint16_t(n);
      } else {
        if (!parseUnsigned(v, 1024, &n) || n == 0) {
          return "invalid worker count: " + v;
        }
        out->workers = unsigned(n);
      }
    } else if (arg == "--host") {
      if (!takeValue(&out->host) || out->host.empty()) {
        return "--host needs a value";
      }
    } else if (arg == "--cache-control") {
      if (!takeValue(&out->cacheControl)) {
        return "--cache-control needs a value";
      }
      for (char c : out->cacheControl) {
        if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f) {
          return "--cache-control: control characters are not allowed in a header value";
        }
      }
    } else if (arg == "--tls-cert" || arg == "--tls-key") {
      std::string* target = arg == "--tls-cert" ? &out->tlsCert : &out->tlsKey;
      if (!takeValue(target) || target->empty()) {
        return arg + " needs a file name";
      }
    } else if (arg == "--access-log") {
      if (!takeValue(&out->accessLog) || out->accessLog.empty()) {
        return "--access-log needs a file name or -";
      }
    } else if (!arg.empty() && arg[0] == '-' && arg != "-") {
      return "unknown option: " + args[i];
    } else if (!haveDir) {
      out->dir = arg;
      haveDir = true;
    } else {
      return "more than one directory given: " + arg;
    }
  }
  if (out->tlsCert.empty() != out->tlsKey.empty()) {
    return "--tls-cert and --tls-key go together";
  }
  if (out->redirectHttp >= 0 && out->tlsCert.empty()) {
    return "--redirect-http needs --tls-cert and --tls-key (it sends clients to https)";
  }
  if (out->redirectHttp > 0 && out->redirectHttp == out->port) {
    return "--redirect-http " + std::to_string(out->redirectHttp) +
           " is the https port (--port): the redirect needs a port of its own";
  }
  return "";
}

}  // namespace nodecc::cli
