// string_decoder: text held across chunks in each encoding, invalid UTF-8 inside a chunk, the
// canonical names, and the error for an unknown encoding.
#include <nodecc/nodecc.h>

#include <cstdio>
#include <string>
#include <vector>

using namespace nodecc;
using Bytes = std::vector<uint8_t>;

static void show(std::string_view label, const std::vector<std::string>& parts) {
  std::string line(label);
  for (size_t i = 0; i < parts.size(); ++i) line += " [" + parts[i] + "]";
  std::printf("%s\n", line.c_str());
}
static void run(std::string_view enc, std::vector<Bytes> chunks, Bytes last = {}) {
  StringDecoder d(enc);
  std::vector<std::string> parts;
  for (const Bytes& c : chunks) parts.push_back(d.write(Buffer::from(c)));
  parts.push_back(!last.empty() ? d.end(Buffer::from(last)) : d.end());
  show(d.encoding(), parts);
}

int main() {
  run("utf8", {{0x61, 0xff, 0x62}, {0xe2, 0x82}, {0xac, 0x21}});
  run("utf-8", {{0xe2, 0x82}, {0x41}, {0xf0, 0x9f}, {0x98}, {0x80}});
  run("utf8", {{0xc3}}, {0xa9});
  run("utf8", {{0x41, 0xe2}});
  run("utf8", {{0xed, 0xa0, 0x80, 0x41}});
  run("UCS2", {{0x61}, {0x00, 0x3d, 0xd8}, {0x00, 0xde, 0x62}});
  run("utf16le", {{0x61, 0x00, 0x62}});
  run("utf16le", {{0x3d, 0xd8, 0x41, 0x00}});
  run("base64", {{1}, {2, 3, 4}, {5}});
  run("base64url", {{0xfb, 0xff}, {0xfe, 1}});
  run("hex", {{0, 0xab}, {0xff}});
  run("binary", {{0x41, 0xe9}, {0xff}});
  run("ascii", {{0x41, 0xe9}});
  try { StringDecoder d("utf7"); } catch (const Error& e) { std::printf("%s %s %s\n", e.name.c_str(), e.code.c_str(), e.message.c_str()); }
  return 0;
}
