// TextEncoder and TextDecoder: the WHATWG Encoding Standard's UTF-8 and UTF-16LE decoders
// (replacement and fatal modes, streaming, BOM), and windows-1252's labels decoded as
// ISO-8859-1, as Node 20 does.
#include <cstring>
#include <string>

#include "api/util/js_text.h"
#include "nodecc/util.h"

namespace nodecc::util {

namespace {

constexpr uint32_t kReplacement = 0xFFFD;

struct Label {
  std::string_view label;
  std::string_view encoding;
};

// The WHATWG labels of the encodings supported here.
constexpr Label kLabels[] = {
    {"unicode-1-1-utf-8", "utf-8"},
    {"unicode11utf8", "utf-8"},
    {"unicode20utf8", "utf-8"},
    {"utf-8", "utf-8"},
    {"utf8", "utf-8"},
    {"x-unicode20utf8", "utf-8"},
    {"csunicode", "utf-16le"},
    {"iso-10646-ucs-2", "utf-16le"},
    {"ucs-2", "utf-16le"},
    {"unicode", "utf-16le"},
    {"unicodefeff", "utf-16le"},
    {"utf-16", "utf-16le"},
    {"utf-16le", "utf-16le"},
    {"ansi_x3.4-1968", "windows-1252"},
    {"ascii", "windows-1252"},
    {"cp1252", "windows-1252"},
    {"cp819", "windows-1252"},
    {"csisolatin1", "windows-1252"},
    {"ibm819", "windows-1252"},
    {"iso-8859-1", "windows-1252"},
    {"iso-ir-100", "windows-1252"},
    {"iso8859-1", "windows-1252"},
    {"iso88591", "windows-1252"},
    {"iso_8859-1", "windows-1252"},
    {"iso_8859-1:1987", "windows-1252"},
    {"l1", "windows-1252"},
    {"latin1", "windows-1252"},
    {"us-ascii", "windows-1252"},
    {"windows-1252", "windows-1252"},
    {"x-cp1252", "windows-1252"},
};

bool isAsciiSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
}

}  // namespace

Buffer TextEncoder::encode(std::string_view input) const {
  return Buffer::adopt(toUSVString(input));
}

TextEncoder::EncodeIntoResult TextEncoder::encodeInto(std::string_view src, Buffer& dest) const {
  EncodeIntoResult r{0, 0};
  size_t i = 0;
  while (i < src.size()) {
    detail::Utf8Char c = detail::decodeUtf8(src, i);
    size_t inLength = c.length == 0 ? 1 : c.length;
    size_t outLength = c.length == 0 ? 3 : c.length;  // a stray byte becomes U+FFFD
    if (r.written + outLength > dest.size()) {
      break;
    }
    if (c.length == 0) {
      std::memcpy(dest.data() + r.written, "\xEF\xBF\xBD", 3);
    } else {
      std::memcpy(dest.data() + r.written, src.data() + i, c.length);
    }
    r.written += outLength;
    r.read += c.code >= 0x10000 ? 2 : 1;
    i += inLength;
  }
  return r;
}

TextDecoder::TextDecoder(std::string_view label, TextDecoderOptions options)
    : fatal_(options.fatal), ignoreBOM_(options.ignoreBOM) {
  std::string_view trimmed = label;
  while (!trimmed.empty() && isAsciiSpace(trimmed.front())) {
    trimmed.remove_prefix(1);
  }
  while (!trimmed.empty() && isAsciiSpace(trimmed.back())) {
    trimmed.remove_suffix(1);
  }
  std::string lower(trimmed);
  for (char& c : lower) {
    if (c >= 'A' && c <= 'Z') {
      c = char(c + 32);
    }
  }
  for (const Label& l : kLabels) {
    if (l.label == lower) {
      encoding_ = std::string(l.encoding);
      break;
    }
  }
  if (encoding_.empty()) {
    throw RangeError("ERR_ENCODING_NOT_SUPPORTED",
                     "The \"" + std::string(label) + "\" encoding is not supported");
  }
  kind_ = encoding_ == "utf-8"      ? Kind::kUtf8
          : encoding_ == "utf-16le" ? Kind::kUtf16le
                                    : Kind::kLatin1;
}

void TextDecoder::reset() {
  started_ = false;
  codePoint_ = 0;
  needed_ = 0;
  seen_ = 0;
  lower_ = 0x80;
  upper_ = 0xBF;
  oddByte_ = -1;
  highSurrogate_ = 0;
}

void TextDecoder::emit(uint32_t code, std::string& out) {
  bool first = !started_;
  started_ = true;
  if (first && code == 0xFEFF && !ignoreBOM_) {
    return;  // the byte order mark opening the stream
  }
  detail::appendUtf8(out, code);
}

void TextDecoder::error(std::string& out) {
  if (fatal_) {
    reset();
    throw TypeError("ERR_ENCODING_INVALID_ENCODED_DATA",
                    "The encoded data was not valid for encoding " + encoding_);
  }
  emit(kReplacement, out);
}

void TextDecoder::decodeUtf8(std::string_view in, bool flush, std::string& out) {
  size_t i = 0;
  while (i < in.size()) {
    unsigned char b = static_cast<unsigned char>(in[i]);
    if (needed_ == 0) {
      ++i;
      if (b < 0x80) {
        // A run of ASCII goes out in one piece.
        size_t end = i;
        while (end < in.size() && static_cast<unsigned char>(in[end]) < 0x80) {
          ++end;
        }
        started_ = true;
        out.append(in.substr(i - 1, end - i + 1));
        i = end;
      } else if (b >= 0xC2 && b <= 0xDF) {
        needed_ = 1;
        codePoint_ = b & 0x1F;
      } else if (b >= 0xE0 && b <= 0xEF) {
        lower_ = b == 0xE0 ? 0xA0 : 0x80;
        upper_ = b == 0xED ? 0x9F : 0xBF;
        needed_ = 2;
        codePoint_ = b & 0x0F;
      } else if (b >= 0xF0 && b <= 0xF4) {
        lower_ = b == 0xF0 ? 0x90 : 0x80;
        upper_ = b == 0xF4 ? 0x8F : 0xBF;
        needed_ = 3;
        codePoint_ = b & 0x07;
      } else {
        error(out);
      }
      continue;
    }
    if (b < lower_ || b > upper_) {
      // The sequence ends here; this byte starts over (it is not consumed).
      codePoint_ = 0;
      needed_ = 0;
      seen_ = 0;
      lower_ = 0x80;
      upper_ = 0xBF;
      error(out);
      continue;
    }
    ++i;
    lower_ = 0x80;
    upper_ = 0xBF;
    codePoint_ = (codePoint_ << 6) | (b & 0x3F);
    if (++seen_ == needed_) {
      uint32_t code = codePoint_;
      codePoint_ = 0;
      needed_ = 0;
      seen_ = 0;
      emit(code, out);
    }
  }
  if (flush && needed_ != 0) {
    codePoint_ = 0;
    needed_ = 0;
    seen_ = 0;
    lower_ = 0x80;
    upper_ = 0xBF;
    error(out);
  }
}

void TextDecoder::decodeUtf16(std::string_view in, bool flush, std::string& out) {
  size_t i = 0;
  while (i < in.size()) {
    unsigned b = static_cast<unsigned char>(in[i++]);
    if (oddByte_ < 0) {
      oddByte_ = int(b);
      continue;
    }
    uint32_t unit = uint32_t(oddByte_) | (b << 8);
    oddByte_ = -1;
    if (highSurrogate_ != 0) {
      uint32_t lead = highSurrogate_;
      highSurrogate_ = 0;
      if (unit >= 0xDC00 && unit <= 0xDFFF) {
        emit(0x10000 + ((lead - 0xD800) << 10) + (unit - 0xDC00), out);
        continue;
      }
      error(out);  // the lead had no trail; this unit is decoded on its own below
    }
    if (unit >= 0xD800 && unit <= 0xDBFF) {
      highSurrogate_ = unit;
    } else if (unit >= 0xDC00 && unit <= 0xDFFF) {
      error(out);
    } else {
      emit(unit, out);
    }
  }
  if (flush && (oddByte_ >= 0 || highSurrogate_ != 0)) {
    oddByte_ = -1;
    highSurrogate_ = 0;
    error(out);
  }
}

std::string TextDecoder::decode(std::string_view bytes, TextDecodeOptions options) {
  std::string out;
  out.reserve(bytes.size());
  bool flush = !options.stream;
  switch (kind_) {
    case Kind::kUtf8:
      decodeUtf8(bytes, flush, out);
      break;
    case Kind::kUtf16le:
      decodeUtf16(bytes, flush, out);
      break;
    case Kind::kLatin1:
      for (char c : bytes) {
        detail::appendUtf8(out, static_cast<unsigned char>(c));
      }
      break;
  }
  if (flush) {
    reset();  // the next call starts a new stream
  }
  return out;
}

}  // namespace nodecc::util
