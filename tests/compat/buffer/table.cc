// Runs every case of cases.txt (see scripts/gen/gen_buffer_cases.js) and prints one line per
// case: the case's number and its result (bytes in hex, text as the hex of its UTF-8, numbers,
// or the error).
#include <nodecc/nodecc.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

using namespace nodecc;

struct Arg {
  char type;  // s b n f e g
  std::string s;
  Buffer b;
  int64_t n = 0;
  double f = 0;
};

Arg parse(const std::string& arg) {
  Arg a{arg[0], {}, {}, 0, 0};
  std::string value = arg.substr(2);
  switch (a.type) {
    case 's': a.s = Buffer::from(value, "hex").view(); break;
    case 'b': a.b = Buffer::from(value, "hex"); break;
    case 'n': a.n = std::stoll(value); break;
    case 'f': a.f = value == "Infinity" ? INFINITY : value == "-Infinity" ? -INFINITY : std::strtod(value.c_str(), nullptr); break;
    case 'e': a.s = value; break;
    case 'g': a.s = value; break;
  }
  return a;
}

// Wrapped with append, not `"<" + s`: GCC 12 warns wrongly (-Wrestrict) on the latter.
std::string wrap(char open, const std::string& s, char close) {
  std::string out(1, open);
  out.append(s);
  out.push_back(close);
  return out;
}
std::string show(const Buffer& b) { return wrap('<', b.toString("hex"), '>'); }
std::string showText(const std::string& s) { return wrap('"', Buffer::from(s).toString("hex"), '"'); }
std::string show(bool v) { return v ? "true" : "false"; }
std::string showDouble(double r) {
  if (std::isnan(r)) return "NaN";
  if (!(std::fabs(r) <= 9007199254740991.0 && r == std::trunc(r))) {
    Buffer bits = Buffer::allocUnsafe(8);
    std::memcpy(bits.data(), &r, 8);
    std::string out = "d";
    out.append(bits.toString("hex"));
    return out;
  }
  if (r == 0 && std::signbit(r)) return "-0";
  return std::to_string(int64_t(r));
}

using Args = std::vector<Arg>;
using Op = std::function<std::string(Args&)>;

// Whether argument i is there (an argument left out in the case).
bool has(const Args& a, size_t i) { return a.size() > i; }
int64_t num(const Args& a, size_t i, int64_t otherwise) { return has(a, i) ? a[i].n : otherwise; }
std::string_view enc(const Args& a, size_t i) { return has(a, i) ? std::string_view(a[i].s) : std::string_view("utf8"); }

// Calls f with the Buffer, string or byte value of argument i, as Node's overloads choose.
template <class F>
std::string withValue(Arg& v, F f) {
  if (v.type == 's') return f(std::string_view(v.s));
  if (v.type == 'b') return f(v.b);
  return f(int(v.n));
}

template <class F>
std::string search(Args& a, F call) {
  // (buffer, value[, byteOffset][, encoding]): an encoding may stand where the offset would.
  return withValue(a[1], [&](auto value) {
    if constexpr (std::is_same_v<decltype(value), int>) {
      return call(a[0].b, value, has(a, 2) ? std::optional<int64_t>(a[2].n) : std::nullopt, std::nullopt);
    } else {
      std::optional<int64_t> offset;
      std::optional<std::string_view> encoding;
      if (has(a, 2) && a[2].type == 'e') encoding = a[2].s;
      if (has(a, 2) && a[2].type == 'n') offset = a[2].n;
      if (has(a, 3)) encoding = a[3].s;
      return call(a[0].b, value, offset, encoding);
    }
  });
}

std::map<std::string, Op> ops() {
  std::map<std::string, Op> m;
  m["from"] = [](Args& a) { return show(has(a, 1) ? Buffer::from(a[0].s, a[1].s) : Buffer::from(a[0].s)); };
  m["byteLength"] = [](Args& a) { return std::to_string(Buffer::byteLength(a[0].s, a[1].s)); };
  m["toString"] = [](Args& a) {
    if (!has(a, 1)) return showText(a[0].b.toString());
    return showText(a[0].b.toString(a[1].s, num(a, 2, 0), num(a, 3, Buffer::kToEnd)));
  };
  m["fromArray"] = [](Args& a) {
    std::vector<uint8_t> bytes;
    for (Arg& v : a) bytes.push_back(uint8_t(v.n));
    return show(Buffer::from(bytes));
  };
  m["fromBuffer"] = [](Args& a) { return show(Buffer::from(a[0].b)); };
  m["concat"] = [](Args& a) {
    std::vector<Buffer> list;
    for (Arg& v : a) list.push_back(v.b);
    return show(Buffer::concat(list));
  };
  m["concatTotal"] = [](Args& a) {
    std::vector<Buffer> list;
    for (size_t i = 1; i < a.size(); ++i) list.push_back(a[i].b);
    return show(Buffer::concat(list, size_t(a[0].n)));
  };
  m["alloc"] = [](Args& a) { return show(Buffer::alloc(size_t(a[0].n))); };
  m["allocFill"] = [](Args& a) {
    if (a[1].type == 'n') return show(Buffer::alloc(size_t(a[0].n), int(a[1].n)));
    if (a[1].type == 'b') return show(Buffer::alloc(size_t(a[0].n), a[1].b));
    return show(Buffer::alloc(size_t(a[0].n), a[1].s, enc(a, 2)));
  };
  m["isEncoding"] = [](Args& a) { return show(Buffer::isEncoding(a[0].s)); };
  m["write"] = [](Args& a) {
    Buffer b = Buffer::alloc(size_t(a[0].n));
    size_t n;
    if (!has(a, 2)) n = b.write(a[1].s);
    else if (a[2].type == 'e') n = b.write(a[1].s, a[2].s);
    else if (!has(a, 3)) n = b.write(a[1].s, a[2].n);
    else if (a[3].type == 'e') n = b.write(a[1].s, a[2].n, a[3].s);
    else n = b.write(a[1].s, a[2].n, a[3].n, enc(a, 4));
    return std::to_string(n) + " " + show(b);
  };
  m["fill"] = [](Args& a) {
    Buffer b = Buffer::alloc(size_t(a[0].n));
    Arg& v = a[1];
    if (v.type == 'n') return show(b.fill(int(v.n), num(a, 2, 0), num(a, 3, Buffer::kToEnd)));
    if (v.type == 'b') return show(b.fill(v.b, num(a, 2, 0), num(a, 3, Buffer::kToEnd)));
    // (value[, offset[, end]][, encoding]): the encoding is the last argument given.
    if (has(a, 2) && a[2].type == 'e') return show(b.fill(v.s, a[2].s));
    if (has(a, 3) && a[3].type == 'e') return show(b.fill(v.s, a[2].n, a[3].s));
    return show(b.fill(v.s, num(a, 2, 0), num(a, 3, Buffer::kToEnd), enc(a, 4)));
  };
  m["indexOf"] = [](Args& a) {
    return search(a, [](const Buffer& b, auto value, std::optional<int64_t> offset, std::optional<std::string_view> encoding) {
      if constexpr (std::is_same_v<decltype(value), int>) return std::to_string(b.indexOf(value, offset.value_or(0)));
      else return std::to_string(b.indexOf(value, offset.value_or(0), encoding.value_or("utf8")));
    });
  };
  m["lastIndexOf"] = [](Args& a) {
    return search(a, [](const Buffer& b, auto value, std::optional<int64_t> offset, std::optional<std::string_view> encoding) {
      if constexpr (std::is_same_v<decltype(value), int>) return std::to_string(b.lastIndexOf(value, offset.value_or(Buffer::kToEnd)));
      else return std::to_string(b.lastIndexOf(value, offset.value_or(Buffer::kToEnd), encoding.value_or("utf8")));
    });
  };
  m["includes"] = [](Args& a) {
    return search(a, [](const Buffer& b, auto value, std::optional<int64_t> offset, std::optional<std::string_view> encoding) {
      if constexpr (std::is_same_v<decltype(value), int>) return show(b.includes(value, offset.value_or(0)));
      else return show(b.includes(value, offset.value_or(0), encoding.value_or("utf8")));
    });
  };
  m["compareStatic"] = [](Args& a) { return std::to_string(Buffer::compare(a[0].b, a[1].b)); };
  m["equals"] = [](Args& a) { return show(a[0].b.equals(a[1].b)); };
  m["compare"] = [](Args& a) {
    return std::to_string(a[0].b.compare(a[1].b, num(a, 2, 0), num(a, 3, Buffer::kToEnd), num(a, 4, 0), num(a, 5, Buffer::kToEnd)));
  };
  m["copy"] = [](Args& a) {
    Buffer target = Buffer::alloc(size_t(a[1].n));
    size_t n = a[0].b.copy(target, num(a, 2, 0), num(a, 3, 0), num(a, 4, Buffer::kToEnd));
    return std::to_string(n) + " " + show(target);
  };
  m["copySelf"] = [](Args& a) {
    size_t n = a[0].b.copy(a[0].b, num(a, 1, 0), num(a, 2, 0), num(a, 3, Buffer::kToEnd));
    return std::to_string(n) + " " + show(a[0].b);
  };
  m["subarray"] = [](Args& a) { return show(a[0].b.subarray(num(a, 1, 0), num(a, 2, Buffer::kToEnd))); };
  m["slice"] = [](Args& a) { return show(a[0].b.slice(num(a, 1, 0), num(a, 2, Buffer::kToEnd))); };
  m["swap16"] = [](Args& a) { return show(a[0].b.swap16()); };
  m["swap32"] = [](Args& a) { return show(a[0].b.swap32()); };
  m["swap64"] = [](Args& a) { return show(a[0].b.swap64()); };
  m["toJSON"] = [](Args& a) { return a[0].b.toJSON(); };

#define READ(name) m[#name] = [](Args& a) { return std::to_string(a[0].b.name(num(a, 1, 0))); };
  READ(readUInt8) READ(readUInt16LE) READ(readUInt16BE) READ(readUInt32LE) READ(readUInt32BE)
  READ(readInt8) READ(readInt16LE) READ(readInt16BE) READ(readInt32LE) READ(readInt32BE)
  READ(readBigUInt64LE) READ(readBigUInt64BE) READ(readBigInt64LE) READ(readBigInt64BE)
  READ(readUint8) READ(readUint32LE) READ(readBigUint64LE)
#undef READ
#define READF(name) m[#name] = [](Args& a) { return showDouble(a[0].b.name(num(a, 1, 0))); };
  READF(readFloatLE) READF(readFloatBE) READF(readDoubleLE) READF(readDoubleBE)
#undef READF
#define READN(name) m[#name] = [](Args& a) { return std::to_string(a[0].b.name(a[1].n, int(a[2].n))); };
  READN(readUIntLE) READN(readUIntBE) READN(readIntLE) READN(readIntBE) READN(readUintLE)
#undef READN
#define WRITE(name, value) m[#name] = [](Args& a) { \
    Buffer b = Buffer::alloc(size_t(a[0].n)); \
    size_t n = b.name(value, num(a, 2, 0)); \
    return std::to_string(n) + " " + show(b); };
  WRITE(writeUInt8, a[1].n) WRITE(writeUInt16LE, a[1].n) WRITE(writeUInt16BE, a[1].n)
  WRITE(writeUInt32LE, a[1].n) WRITE(writeUInt32BE, a[1].n) WRITE(writeInt8, a[1].n)
  WRITE(writeInt16LE, a[1].n) WRITE(writeInt16BE, a[1].n) WRITE(writeInt32LE, a[1].n)
  WRITE(writeInt32BE, a[1].n) WRITE(writeUint8, a[1].n) WRITE(writeUint16BE, a[1].n)
  WRITE(writeUint32LE, a[1].n)
  WRITE(writeBigUInt64LE, std::stoull(a[1].s)) WRITE(writeBigUInt64BE, std::stoull(a[1].s))
  WRITE(writeBigUint64LE, std::stoull(a[1].s))
  WRITE(writeBigInt64LE, std::stoll(a[1].s)) WRITE(writeBigInt64BE, std::stoll(a[1].s))
  WRITE(writeFloatLE, a[1].f) WRITE(writeFloatBE, a[1].f) WRITE(writeDoubleLE, a[1].f)
  WRITE(writeDoubleBE, a[1].f)
#undef WRITE
#define WRITEN(name) m[#name] = [](Args& a) { \
    Buffer b = Buffer::alloc(size_t(a[0].n)); \
    size_t n = b.name(a[1].n, a[2].n, int(a[3].n)); \
    return std::to_string(n) + " " + show(b); };
  WRITEN(writeUIntLE) WRITEN(writeUIntBE) WRITEN(writeIntLE) WRITEN(writeIntBE) WRITEN(writeUintBE)
#undef WRITEN
  return m;
}

int main() {
  std::map<std::string, Op> table = ops();
  std::ifstream in("cases.txt");
  std::string line;
  std::string out;
  int i = 0;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::istringstream words(line);
    std::string op, word;
    words >> op;
    Args args;
    while (words >> word) args.push_back(parse(word));
    std::string result;
    try {
      result = table.at(op)(args);
    } catch (const Error& e) {
      result = e.toString();
    }
    out += std::to_string(++i) + " " + result + "\n";
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}
