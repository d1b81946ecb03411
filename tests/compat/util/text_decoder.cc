// TextDecoder and TextEncoder: UTF-8 (replacement and fatal), UTF-16LE, latin1 labels, BOMs
// and streaming.
#include <nodecc/nodecc.h>
using namespace nodecc;

// The code points of a UTF-8 string in hex.
std::string hex(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size();) {
    unsigned char b = s[i];
    int n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    uint32_t c = n == 1 ? b : b & (0x7F >> n);
    for (int k = 1; k < n; ++k) c = (c << 6) | (s[i + k] & 0x3F);
    char buf[16];
    std::snprintf(buf, sizeof buf, "%x", c);
    if (!out.empty()) out += ' ';
    out += buf;
    i += n;
  }
  return out;
}
Buffer bytes(std::vector<uint8_t> a) { return Buffer::from(a); }
std::string json(const std::string& s) { return util::format("%j", s); }

int main() {
  TextDecoder u;
  console.log(u.encoding(), u.fatal(), u.ignoreBOM());
  console.log(hex(u.decode(bytes({0xef, 0xbb, 0xbf, 0x41, 0xe2, 0x82, 0xac}))));
  console.log(hex(u.decode(bytes({0x41, 0xe2, 0x82, 0xff, 0xf0, 0x9f, 0x98, 0xc0, 0x80, 0xed, 0xa0, 0x80}))));
  console.log(hex(u.decode(bytes({0xf4, 0x90, 0x80, 0x80, 0xe0, 0x80, 0xaf, 0xf0, 0x9f, 0x98, 0x80}))));
  console.log(hex(u.decode(bytes({0xc2}))), json(u.decode()), json(u.decode(bytes({}))));
  console.log(hex(TextDecoder("utf-8", {.ignoreBOM = true}).decode(bytes({0xef, 0xbb, 0xbf, 0x41}))));
  TextDecoder s;
  console.log(json(s.decode(bytes({0xef, 0xbb}), {.stream = true})));
  console.log(hex(s.decode(bytes({0xbf, 0xe2, 0x82}), {.stream = true})));
  // C++ evaluates arguments in no set order: calls that depend on each other come first.
  std::string s1 = hex(s.decode(bytes({0xac, 0xef, 0xbb, 0xbf}), {.stream = true}));
  std::string s2 = hex(s.decode(bytes({0xf0}), {.stream = true}));
  console.log(s1, s2);
  std::string s3 = hex(s.decode());
  console.log(s3, hex(s.decode(bytes({0xef, 0xbb, 0xbf, 0x42}))));
  for (const char* label : {"utf8", " UTF-8 ", "unicode-1-1-utf-8", "utf-16", "UTF-16LE", "ucs-2", "latin1", "ascii", "iso-8859-1", "windows-1252", "us-ascii"}) {
    console.log(label, "->", TextDecoder(label).encoding());
  }
  for (const char* label : {"utf-7", "nope", ""}) {
    try { TextDecoder{label}; } catch (const Error& e) { console.log(e.name, e.code, e.message); }
  }
  TextDecoder f("utf-8", {.fatal = true});
  console.log(f.fatal(), hex(f.decode(bytes({0x68, 0xc3, 0xa9}))));
  for (const auto& bad : std::vector<std::vector<uint8_t>>{{0xff}, {0xc3}, {0xed, 0xa0, 0x80}, {0x41, 0x80}}) {
    try { f.decode(bytes(bad)); } catch (const Error& e) { console.log(e.name, e.code, e.message); }
  }
  console.log(hex(f.decode(bytes({0x6f, 0x6b}))));
  TextDecoder w("utf-16le");
  console.log(hex(w.decode(bytes({0xff, 0xfe, 0x41, 0, 0x00, 0xde, 0x3d, 0xd8, 0x41, 0, 0x3d, 0xd8, 0x00, 0xde}))));
  console.log(hex(w.decode(bytes({0x41, 0x00, 0x42}))));
  std::string w1 = json(w.decode(bytes({0x41}), {.stream = true}));
  console.log(w1, hex(w.decode(bytes({0x00, 0x3d}), {.stream = true})));
  std::string w2 = json(w.decode(bytes({0xd8}), {.stream = true}));
  console.log(w2, hex(w.decode(bytes({0x00, 0xde}))));
  try { TextDecoder("utf-16le", {.fatal = true}).decode(bytes({0x41})); } catch (const Error& e) { console.log(e.name, e.code, e.message); }
  TextDecoder l("latin1");
  console.log(hex(l.decode(bytes({0x41, 0x80, 0x9f, 0xe9, 0xff}))));

  TextEncoder enc;
  // encode() returns a Uint8Array in Node, a Buffer in nodecc: printed as a Buffer in both.
  console.log(enc.encoding(), enc.encode("hé😀"), enc.encode());
  Buffer dest = Buffer::alloc(5);
  auto r = enc.encodeInto("héllo", dest);
  console.log(util::Object{{"read", r.read}, {"written", r.written}}, dest);
  auto show = [](TextEncoder::EncodeIntoResult r) { return util::Object{{"read", r.read}, {"written", r.written}}; };
  Buffer six = Buffer::alloc(6), none = Buffer::alloc(0), four = Buffer::alloc(4);
  console.log(show(enc.encodeInto("😀😀", six)), show(enc.encodeInto("abc", none)), show(enc.encodeInto("日本", four)));
}
