// zlib-tool: nodecc's side of test_interop.py, as zlib_tool.js is Node's.
//   zlib-tool MODE [LEVEL] < in > out   one one-shot (MODE: gzip gunzip deflate inflate
//                                       deflateRaw inflateRaw unzip brotliCompress
//                                       brotliDecompress; LEVEL: level or brotli quality), or
//                                       with MODE stream-gzip ... the stream class, written in
//                                       64 KiB pieces
//   zlib-tool batch JOBS                each line of JOBS: "MODE LEVEL|- IN OUT"
// A failure writes "String(err) code errno" (to stdout, or as OUT) and, alone, exits 1.
#include <nodecc/nodecc.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <optional>
#include <sstream>
#include <string>

using namespace nodecc;

namespace {

std::unique_ptr<zlib::ZlibBase> makeStream(const std::string& mode, std::optional<int> level) {
  const zlib::Options o{.level = level};
  zlib::BrotliOptions b;
  if (level) {
    b.params[zlib::constants::BROTLI_PARAM_QUALITY] = uint32_t(*level);
  }
  if (mode == "gzip") {
    return std::make_unique<zlib::Gzip>(o);
  } else if (mode == "gunzip") {
    return std::make_unique<zlib::Gunzip>();
  } else if (mode == "deflate") {
    return std::make_unique<zlib::Deflate>(o);
  } else if (mode == "inflate") {
    return std::make_unique<zlib::Inflate>();
  } else if (mode == "deflateRaw") {
    return std::make_unique<zlib::DeflateRaw>(o);
  } else if (mode == "inflateRaw") {
    return std::make_unique<zlib::InflateRaw>();
  } else if (mode == "unzip") {
    return std::make_unique<zlib::Unzip>();
  } else if (mode == "brotliCompress") {
    return std::make_unique<zlib::BrotliCompress>(b);
  } else if (mode == "brotliDecompress") {
    return std::make_unique<zlib::BrotliDecompress>();
  }
  return nullptr;
}

// The stream form: input written in 64 KiB pieces, the loop run until the stream closed.
bool convertStream(const std::string& mode, std::optional<int> level, const std::string& input,
                   std::string& result) {
  std::unique_ptr<zlib::ZlibBase> s = makeStream(mode, level);
  if (!s) {
    result = "unknown mode stream-" + mode + "\n";
    return false;
  }
  std::string out;
  std::optional<Error> failure;
  s->on("data", [&out](const Buffer& chunk) { out += chunk.view(); });
  s->on("error", [&failure](const Error& e) { failure = e; });
  for (size_t i = 0; i < input.size(); i += 65536) {
    s->write(Buffer::from(std::string_view(input).substr(i, 65536)));
  }
  s->end();
  run();
  if (failure) {
    result =
        failure->toString() + " " + failure->code + " " + std::to_string(failure->errnum) + "\n";
    return false;
  }
  result = std::move(out);
  return true;
}

// The output of MODE over input, or the error line; false on error.
bool convert(const std::string& mode, std::optional<int> level, const std::string& input,
             std::string& result) {
  if (mode.rfind("stream-", 0) == 0) {
    return convertStream(mode.substr(7), level, input, result);
  }
  const zlib::Options o{.level = level};
  zlib::BrotliOptions b;
  if (level) {
    b.params[zlib::constants::BROTLI_PARAM_QUALITY] = uint32_t(*level);
  }
  try {
    Buffer out;
    if (mode == "gzip") {
      out = zlib::gzipSync(input, o);
    } else if (mode == "gunzip") {
      out = zlib::gunzipSync(input);
    } else if (mode == "deflate") {
      out = zlib::deflateSync(input, o);
    } else if (mode == "inflate") {
      out = zlib::inflateSync(input);
    } else if (mode == "deflateRaw") {
      out = zlib::deflateRawSync(input, o);
    } else if (mode == "inflateRaw") {
      out = zlib::inflateRawSync(input);
    } else if (mode == "unzip") {
      out = zlib::unzipSync(input);
    } else if (mode == "brotliCompress") {
      out = zlib::brotliCompressSync(input, b);
    } else if (mode == "brotliDecompress") {
      out = zlib::brotliDecompressSync(input);
    } else {
      result = "unknown mode " + mode + "\n";
      return false;
    }
    result = std::string(out.view());
    return true;
  } catch (const Error& e) {
    result = e.toString() + " " + e.code + " " + std::to_string(e.errnum) + "\n";
    return false;
  }
}

std::string slurp(std::istream& in) {
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: zlib-tool MODE [LEVEL] | zlib-tool batch JOBS\n");
    return 2;
  }
  const std::string mode = argv[1];
  if (mode == "batch" && argc > 2) {
    std::ifstream jobs(argv[2]);
    std::string m, level, in, out;
    while (jobs >> m >> level >> in >> out) {
      std::ifstream src(in, std::ios::binary);
      std::string result;
      convert(m, level == "-" ? std::nullopt : std::optional<int>(std::stoi(level)), slurp(src),
              result);
      std::ofstream(out, std::ios::binary) << result;
    }
    return 0;
  }
  const std::optional<int> level = argc > 2 ? std::optional<int>(std::atoi(argv[2])) : std::nullopt;
  std::string result;
  const bool ok = convert(mode, level, slurp(std::cin), result);
  std::fwrite(result.data(), 1, result.size(), stdout);
  return ok ? 0 : 1;
}
