#include "recorder/trace_format.h"

#include "os/file.h"

namespace nodecc::recorder::core {

namespace {

void putString(std::string& out, std::string_view s) {
  uint8_t tmp[kMaxVarint];
  out.append(reinterpret_cast<char*>(tmp), size_t(putVarint(tmp, s.size()) - tmp));
  out.append(s);
}
void putU64(std::string& out, uint64_t v) {
  uint8_t tmp[kMaxVarint];
  out.append(reinterpret_cast<char*>(tmp), size_t(putVarint(tmp, v) - tmp));
}

bool getString(PayloadReader& r, std::string* out) {
  uint64_t n;
  const uint8_t* p;
  if (!r.u64(&n) || n > r.remaining() || !r.bytes(size_t(n), &p)) {
    return false;
  }
  out->assign(reinterpret_cast<const char*>(p), size_t(n));
  return true;
}

bool getStrings(PayloadReader& r, std::vector<std::string>* out) {
  uint64_t n;
  if (!r.u64(&n) || n > kMaxHeaderStrings || n > r.remaining()) {
    return false;
  }
  out->resize(size_t(n));
  for (auto& s : *out) {
    if (!getString(r, &s)) {
      return false;
    }
  }
  return true;
}

}  // namespace

std::string hexOf(std::string_view bytes) {
  static const char* digits = "0123456789abcdef";
  std::string s;
  for (unsigned char c : bytes) {
    s += digits[c >> 4];
    s += digits[c & 15];
  }
  return s;
}

std::string encodeHeader(const TraceHeader& h) {
  std::string out(kTraceMagic, sizeof kTraceMagic);
  out.append(reinterpret_cast<const char*>(&h.version), 4);
  out.append(reinterpret_cast<const char*>(&h.firstFrame), 8);
  out.push_back(char(h.flags));
  std::string rest;
  putString(rest, h.buildId);
  putU64(rest, h.loopId);
  putU64(rest, h.pid);
  putU64(rest, zigzag(h.startWallMs));
  putString(rest, h.cwd);
  putU64(rest, h.argv.size());
  for (const auto& a : h.argv) {
    putString(rest, a);
  }
  putU64(rest, h.env.size());
  for (const auto& e : h.env) {
    putString(rest, e);
  }
  // The variable part carries its own length, so a reader knows where frames begin.
  putU64(out, rest.size());
  out += rest;
  return out;
}

bool TraceReader::fail(std::string_view name, uint64_t offset, const std::string& what) {
  error_ = std::string(name) + ": " + what + " (at byte " + std::to_string(offset) + ")";
  return false;
}

bool TraceReader::open(const std::string& path) {
  std::string first;
  os::core::FileError err;
  if (!os::core::readWholeFile(path, &first, &err)) {
    error_ = path + ": cannot read the trace (" + err.syscall + ", errno " +
             std::to_string(-err.err) + ")";
    return false;
  }
  if (!parse(std::move(first), path)) {
    return false;
  }
  for (int i = 1;; ++i) {
    const std::string next = path + "." + std::to_string(i);
    std::string bytes;
    if (!os::core::readWholeFile(next, &bytes, &err)) {
      return true;
    }
    const TraceHeader before = header_;
    const uint64_t expected = before.firstFrame + frames_.size();
    if (!parse(std::move(bytes), next)) {
      return false;
    }
    if (header_.buildId != before.buildId || header_.loopId != before.loopId ||
        header_.pid != before.pid || header_.firstFrame != expected) {
      return fail(next, 0, "not the segment that follows " + path + "." + std::to_string(i - 1));
    }
    header_ = before;
  }
}

bool TraceReader::parse(std::string bytes, std::string_view name) {
  files_.push_back(std::move(bytes));
  return parseOne(name);
}

bool TraceReader::parseOne(std::string_view name) {
  const std::string& file = files_.back();
  const auto* base = reinterpret_cast<const uint8_t*>(file.data());
  const size_t size = file.size();
  const size_t fixed = kHeaderFlagsOffset + 1;
  if (size < fixed) {
    return fail(name, size, "truncated header: " + std::to_string(size) + " bytes");
  }
  if (std::memcmp(base, kTraceMagic, sizeof kTraceMagic) != 0) {
    return fail(name, 0, "not a nodecc trace (bad magic)");
  }
  TraceHeader h;
  std::memcpy(&h.version, base + 8, 4);
  if (h.version != kTraceVersion) {
    return fail(name, 8,
                "trace format version " + std::to_string(h.version) + ", this build reads " +
                    std::to_string(kTraceVersion) + " (record it again with this build)");
  }
  std::memcpy(&h.firstFrame, base + kHeaderFirstFrameOffset, 8);
  h.flags = base[kHeaderFlagsOffset];
  const uint8_t* p = base + fixed;
  const uint8_t* end = base + size;
  uint64_t restLen;
  if (!getVarint(&p, end, &restLen) || restLen > uint64_t(end - p)) {
    return fail(name, fixed, "truncated header");
  }
  PayloadReader r(p, size_t(restLen));
  uint64_t wall;
  if (!getString(r, &h.buildId) || !r.u64(&h.loopId) || !r.u64(&h.pid) || !r.u64(&wall) ||
      !getString(r, &h.cwd) || !getStrings(r, &h.argv) || !getStrings(r, &h.env) || !r.done()) {
    return fail(name, fixed, "corrupt header fields");
  }
  h.startWallMs = unzigzag(wall);
  header_ = std::move(h);
  p += restLen;
  uint64_t index = header_.firstFrame;
  while (p < end) {
    const uint64_t offset = uint64_t(p - base);
    const uint8_t type = *p++;
    if (type == 0 || type > uint8_t(FrameType::kMax)) {
      return fail(name, offset,
                  "frame " + std::to_string(index) + ": unknown type " + std::to_string(type));
    }
    uint64_t len;
    if (!getVarint(&p, end, &len) || len > kMaxFramePayload || len > uint64_t(end - p)) {
      return fail(name, offset,
                  "frame " + std::to_string(index) + " (" + frameTypeName(FrameType(type)) +
                      "): truncated");
    }
    if (!validFramePayload(FrameType(type), p, size_t(len))) {
      return fail(name, offset,
                  "frame " + std::to_string(index) + " (" + frameTypeName(FrameType(type)) +
                      "): corrupt payload");
    }
    frames_.push_back(Frame{FrameType(type), index++, offset, p, size_t(len)});
    p += len;
  }
  return true;
}

bool validFramePayload(FrameType t, const uint8_t* data, size_t n) {
  PayloadReader r(data, n);
  uint64_t u;
  int64_t s;
  uint8_t b;
  const uint8_t* bytes;
  switch (t) {
    case FrameType::kAdd:
    case FrameType::kSignal:
      return r.u64(&u) && r.done();
    case FrameType::kWait:
    case FrameType::kDrain: {
      uint64_t count;
      if (!r.u64(&count) || count > n) {
        return false;
      }
      for (uint64_t i = 0; i < count; ++i) {
        if (!r.u64(&u) || (t == FrameType::kWait && !r.u64(&u))) {
          return false;
        }
      }
      return r.done();
    }
    case FrameType::kRecv:
      if (!r.u64(&u)) {
        return false;
      }
      [[fallthrough]];
    case FrameType::kAccept:
    case FrameType::kRandom:
      if (!r.i64(&s)) {
        return false;
      }
      if (t == FrameType::kAccept) {
        return s < 0 ? r.done() : (r.remaining() <= 128);  // sockaddr_storage
      }
      return s <= 0 ? r.done() : (r.remaining() == uint64_t(s));
    case FrameType::kWrite:
      if (!r.i64(&s)) {
        return false;
      }
      return s < 0 ? r.done() : (r.fixed64(&u) && r.done());
    case FrameType::kSendfile:
    case FrameType::kConnect:
      return r.i64(&s) && r.done();
    case FrameType::kClock:
      return r.byte(&b) && b < uint8_t(ClockId::kCount) && r.u64(&u) && r.done();
    case FrameType::kAsyncCheck:
      return r.byte(&b) && b <= 1 && r.done();
    case FrameType::kAddress:
      return r.byte(&b) && b <= 1 && r.i64(&s) && (s < 0 ? r.done() : r.remaining() <= 128);
    case FrameType::kSocketResult:
      return r.byte(&b) && b <= 3 && r.i64(&s) && r.done();
    case FrameType::kWriteData:
      return r.bytes(n, &bytes);
  }
  return false;
}

}  // namespace nodecc::recorder::core
