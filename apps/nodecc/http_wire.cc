#include "http_wire.h"

#include <cctype>
#include <cstdio>

namespace nodecc::cli {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    c = char(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
    s.remove_suffix(1);
  }
  return s;
}

// The line at `pos` without its CRLF (or bare LF); npos in *next when it is not complete.
std::string_view lineAt(std::string_view data, size_t pos, size_t* next) {
  const size_t lf = data.find('\n', pos);
  if (lf == std::string_view::npos) {
    *next = std::string_view::npos;
    return {};
  }
  *next = lf + 1;
  std::string_view line = data.substr(pos, lf - pos);
  if (!line.empty() && line.back() == '\r') {
    line.remove_suffix(1);
  }
  return line;
}

}  // namespace

size_t headEnd(std::string_view data) {
  // A bare LF ends lines too (servers accept it), so look for an empty line either way.
  size_t pos = 0;
  for (;;) {
    size_t next;
    const std::string_view line = lineAt(data, pos, &next);
    if (next == std::string_view::npos) {
      return std::string_view::npos;
    }
    if (line.empty() && pos > 0) {
      return next;
    }
    pos = next;
  }
}

void parseHead(std::string_view head, std::string* startLine, HeaderList* headers) {
  headers->clear();
  size_t next;
  *startLine = std::string(lineAt(head, 0, &next));
  while (next != std::string_view::npos && next < head.size()) {
    const std::string_view line = lineAt(head, next, &next);
    if (line.empty()) {
      break;
    }
    const size_t colon = line.find(':');
    if (colon == std::string_view::npos) {
      continue;
    }
    headers->emplace_back(lower(trim(line.substr(0, colon))),
                          std::string(trim(line.substr(colon + 1))));
  }
}

std::string headerValue(const HeaderList& headers, std::string_view name) {
  std::string out;
  for (const auto& [n, v] : headers) {
    if (n == name) {
      if (!out.empty()) {
        out += ", ";
      }
      out += v;
    }
  }
  return out;
}

bool hasHeader(const HeaderList& headers, std::string_view name) {
  for (const auto& h : headers) {
    if (h.first == name) {
      return true;
    }
  }
  return false;
}

bool headerHasToken(const HeaderList& headers, std::string_view name, std::string_view token) {
  const std::string value = lower(headerValue(headers, name));
  size_t pos = 0;
  while (pos <= value.size()) {
    size_t comma = value.find(',', pos);
    if (comma == std::string::npos) {
      comma = value.size();
    }
    if (trim(std::string_view(value).substr(pos, comma - pos)) == token) {
      return true;
    }
    pos = comma + 1;
  }
  return false;
}

BodyParse chunkedBody(std::string_view data, size_t* consumed, std::string* decoded) {
  decoded->clear();
  size_t pos = 0;
  for (;;) {
    size_t next;
    std::string_view line = lineAt(data, pos, &next);
    if (next == std::string_view::npos) {
      return BodyParse::kIncomplete;
    }
    line = line.substr(0, line.find(';'));
    line = trim(line);
    if (line.empty() || line.size() > 15) {
      return BodyParse::kInvalid;
    }
    size_t size = 0;
    for (char c : line) {
      if (!std::isxdigit(static_cast<unsigned char>(c))) {
        return BodyParse::kInvalid;
      }
      size = size * 16 + size_t(std::isdigit(static_cast<unsigned char>(c))
                                    ? c - '0'
                                    : std::tolower(static_cast<unsigned char>(c)) - 'a' + 10);
    }
    pos = next;
    if (size == 0) {
      // Trailer fields, then the empty line.
      for (;;) {
        const std::string_view trailer = lineAt(data, pos, &next);
        if (next == std::string_view::npos) {
          return BodyParse::kIncomplete;
        }
        pos = next;
        if (trailer.empty()) {
          *consumed = pos;
          return BodyParse::kDone;
        }
      }
    }
    if (data.size() - pos < size) {
      return BodyParse::kIncomplete;
    }
    decoded->append(data.substr(pos, size));
    pos += size;
    const std::string_view end = lineAt(data, pos, &next);
    if (next == std::string_view::npos) {
      return BodyParse::kIncomplete;
    }
    if (!end.empty()) {
      return BodyParse::kInvalid;
    }
    pos = next;
  }
}

std::string printable(std::string_view bytes, size_t limit) {
  std::string s;
  for (size_t i = 0; i < bytes.size() && i < limit; ++i) {
    const auto c = static_cast<unsigned char>(bytes[i]);
    if (c == '\r') {
      s += "\\r";
    } else if (c == '\n') {
      s += "\\n";
    } else if (c == '\\') {
      s += "\\\\";
    } else if (c < 0x20 || c >= 0x7f || c == '`') {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      s += buf;
    } else {
      s += char(c);
    }
  }
  if (bytes.size() > limit) {
    s += "...";
  }
  return s;
}

}  // namespace nodecc::cli
