// bench-json: JSON.parse and JSON.stringify throughput of nodecc on the files given, in MB of
// JSON per CPU-second, for bench/json/run.py to set beside Node's (node_bench.js does the same
// operations the same way). One line of JSON per measurement on stdout:
//   {"file":"twitter.json","op":"parse","bytes":631514,"runs":812,"cpu_s":0.5006,"mb_per_s":1024.3}
// and, per file, the SHA-256 of stringify(parse(text)) and of stringify(parse(text), null, 2),
// which run.py compares with Node's.
//
//   bench-json [--seconds S] [--parser nodecc|simdjson] FILE...
//
// --parser simdjson (when built with simdjson) parses with simdjson's DOM parser and builds the
// same JSON::Value through the public API: the alternative measured for docs/json.md.
#include <nodecc/crypto.h>
#include <nodecc/json.h>

#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#if defined(NODECC_BENCH_SIMDJSON)
#include <simdjson.h>
#endif

using namespace nodecc;

namespace {

double cpuSeconds() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

std::string readFile(const char* path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string baseName(const std::string& path) {
  auto slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

#if defined(NODECC_BENCH_SIMDJSON)
JSON::Value fromSimdjson(simdjson::dom::element e) {
  switch (e.type()) {
    case simdjson::dom::element_type::ARRAY: {
      simdjson::dom::array a = e.get_array();
      JSON::Array out;
      out.reserve(a.size());
      for (simdjson::dom::element x : a) {
        out.push_back(fromSimdjson(x));
      }
      return out;
    }
    case simdjson::dom::element_type::OBJECT: {
      JSON::Object out;
      for (simdjson::dom::key_value_pair kv : simdjson::dom::object(e)) {
        out.set(kv.key, fromSimdjson(kv.value));
      }
      return out;
    }
    case simdjson::dom::element_type::INT64:
      return static_cast<double>(std::int64_t(e));
    case simdjson::dom::element_type::UINT64:
      return static_cast<double>(std::uint64_t(e));
    case simdjson::dom::element_type::DOUBLE:
      return double(e);
    case simdjson::dom::element_type::STRING:
      return std::string_view(e);
    case simdjson::dom::element_type::BOOL:
      return bool(e);
    case simdjson::dom::element_type::NULL_VALUE:
      return nullptr;
  }
  return {};
}
#endif

template <class F>
void measure(const std::string& file, const char* op, std::size_t bytes, double seconds, F&& f) {
  f();  // warm-up: caches, and the block cache of the JSON values
  double start = cpuSeconds();
  double elapsed = 0;
  long runs = 0;
  do {
    f();
    ++runs;
    elapsed = cpuSeconds() - start;
  } while (elapsed < seconds);
  std::printf(
      "{\"file\":\"%s\",\"op\":\"%s\",\"bytes\":%zu,\"runs\":%ld,\"cpu_s\":%.4f,"
      "\"mb_per_s\":%.1f}\n",
      file.c_str(), op, bytes, runs, elapsed,
      static_cast<double>(bytes) * static_cast<double>(runs) / elapsed / 1e6);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 0.5;
  bool simdjson = false;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--seconds") == 0 && i + 1 < argc) {
      seconds = std::stod(argv[++i]);
    } else if (std::strcmp(argv[i], "--parser") == 0 && i + 1 < argc) {
      simdjson = std::strcmp(argv[++i], "simdjson") == 0;
    } else {
      files.push_back(argv[i]);
    }
  }
#if !defined(NODECC_BENCH_SIMDJSON)
  if (simdjson) {
    std::fprintf(stderr, "bench-json: built without simdjson\n");
    return 2;
  }
#else
  simdjson::dom::parser simdParser;
#endif
  for (const std::string& path : files) {
    const std::string text = readFile(path.c_str());
    const std::string file = baseName(path);
    JSON::Value v;
    auto parse = [&] {
#if defined(NODECC_BENCH_SIMDJSON)
      if (simdjson) {
        v = fromSimdjson(simdParser.parse(text));
        return;
      }
#endif
      v = JSON::parse(text);
    };
    measure(file, "parse", text.size(), seconds, parse);
    const std::string compact = JSON::stringify(v);
    measure(file, "stringify", compact.size(), seconds, [&] { JSON::stringify(v); });
    const std::string indented = JSON::stringify(v, nullptr, 2);
    std::printf(
        "{\"file\":\"%s\",\"op\":\"roundtrip\",\"sha256\":\"%s\",\"sha256_indented\":\"%s\"}\n",
        file.c_str(), crypto::createHash("sha256").update(compact).digest("hex").c_str(),
        crypto::createHash("sha256").update(indented).digest("hex").c_str());
  }
  return 0;
}
