#include "unit/http/llhttp_vectors.h"

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

namespace nodecc::http::core::testing {
namespace {

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  std::istringstream in(text);
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') {
      line.pop_back();
    }
    lines.push_back(line);
  }
  return lines;
}

void replaceAll(std::string& s, const std::string& from, const std::string& to) {
  std::string out;
  size_t at = 0;
  for (size_t hit; (hit = s.find(from, at)) != std::string::npos; at = hit + from.size()) {
    out.append(s, at, hit - at);
    out += to;
  }
  out.append(s, at, std::string::npos);
  s = out;
}

void appendUtf8(std::string& out, unsigned long cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xE0 | ((cp >> 12) & 0x0F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

bool isHexChar(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// "\xHH..." (as many hex digits as follow, like the upstream regex) and "\NNN" (1-3 octal).
std::string replaceNumericEscapes(const std::string& s, bool octal) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      size_t j = i + 1;
      int base = 0;
      if (!octal && s[j] == 'x' && j + 1 < s.size() && isHexChar(s[j + 1])) {
        base = 16;
        ++j;
      } else if (octal && s[j] >= '0' && s[j] <= '7') {
        base = 8;
      }
      if (base != 0) {
        size_t k = j;
        while (k < s.size() && (base == 16 ? isHexChar(s[k]) : (s[k] >= '0' && s[k] <= '7')) &&
               (base == 16 || k - j < 3)) {
          ++k;
        }
        appendUtf8(out, std::strtoul(s.substr(j, k - j).c_str(), nullptr, base));
        i = k - 1;
        continue;
      }
    }
    out += s[i];
  }
  return out;
}

// The string value of "key" in a one-line JSON object, or "".
std::string metaString(const std::string& meta, const std::string& key) {
  const size_t k = meta.find("\"" + key + "\"");
  if (k == std::string::npos) {
    return "";
  }
  const size_t open = meta.find('"', meta.find(':', k) + 1);
  const size_t close = meta.find('"', open + 1);
  return meta.substr(open + 1, close - open - 1);
}

bool metaTrue(const std::string& meta, const std::string& key) {
  const size_t k = meta.find("\"" + key + "\"");
  if (k == std::string::npos) {
    return false;
  }
  const size_t colon = meta.find(':', k);
  return meta.compare(meta.find_first_not_of(' ', colon + 1), 4, "true") == 0;
}

}  // namespace

std::string decodeVectorInput(const std::string& block) {
  std::string s = block;
  replaceAll(s, "\\\n", "");  // a backslash at the end of a line joins the lines
  replaceAll(s, "\n", "\r\n");
  replaceAll(s, "\\r", "\r");
  replaceAll(s, "\\n", "\n");
  replaceAll(s, "\\t", "\t");
  replaceAll(s, "\\f", "\f");
  s = replaceNumericEscapes(s, false);
  return replaceNumericEscapes(s, true);
}

std::vector<VectorCase> readVectorFile(const std::string& path, const std::string& relName) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  const std::vector<std::string> lines = splitLines(text.str());
  std::vector<VectorCase> cases;
  std::map<std::string, int> seen;
  std::string heading;
  std::string meta;
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    if (line.rfind("#", 0) == 0) {
      heading = line.substr(line.find_first_not_of('#'));
      heading = heading.substr(heading.find_first_not_of(' '));
    } else if (line.rfind("<!-- meta=", 0) == 0) {
      meta = line;
    } else if (line.rfind("```http", 0) == 0 && !meta.empty()) {
      VectorCase c;
      c.file = relName;
      const int n = ++seen[heading];
      c.name = n == 1 ? heading : heading + " (" + std::to_string(n) + ")";
      c.type = metaString(meta, "type");
      c.skipBody = metaTrue(meta, "skipBody");
      std::string block;
      size_t j = i + 1;
      for (; j < lines.size() && lines[j].rfind("```", 0) != 0; ++j) {
        block += (j == i + 1 ? "" : "\n") + lines[j];
      }
      c.input = decodeVectorInput(block);
      for (++j; j < lines.size() && lines[j].rfind("```log", 0) != 0; ++j) {
      }
      for (++j; j < lines.size() && lines[j].rfind("```", 0) != 0; ++j) {
        c.log += lines[j] + "\n";
      }
      cases.push_back(c);
      meta.clear();
      i = j;
    }
  }
  return cases;
}

VectorOutcome readVectorLog(const std::string& rawLog) {
  std::string log = rawLog;
  replaceAll(log, "\\t", "\t");
  replaceAll(log, "\\f", "\f");
  VectorOutcome out;
  std::string field;
  std::string value;
  for (const std::string& line : splitLines(log)) {
    VectorMessage* m = out.messages.empty() ? nullptr : &out.messages.back();
    const size_t span = line.find(" span[");
    if (line.find(" message begin") != std::string::npos) {
      out.messages.emplace_back();
      field.clear();
      value.clear();
    } else if (span != std::string::npos && m != nullptr) {
      const size_t lenAt = line.find("len=") + 4;
      const size_t len = std::strtoul(line.c_str() + lenAt, nullptr, 10);
      const size_t kindEnd = line.find(']', span);
      const std::string kind = line.substr(span + 6, kindEnd - span - 6);
      const std::string rest = line.substr(kindEnd + 2);  // after "]="
      const std::string bytes = rest == "cr" ? "\r" : rest == "lf" ? "\n" : rest.substr(1, len);
      if (kind == "method") {
        m->method += bytes;
      } else if (kind == "url") {
        m->url += bytes;
      } else if (kind == "protocol") {
        m->protocol += bytes;
      } else if (kind == "version") {
        m->version += bytes;
      } else if (kind == "status") {
        m->reason += bytes;
      } else if (kind == "header_field") {
        field += bytes;
      } else if (kind == "header_value") {
        value += bytes;
      } else if (kind == "body") {
        m->body += bytes;
      }
    } else if (line.find(" header_value complete") != std::string::npos && m != nullptr) {
      (m->headersComplete ? m->trailers : m->headers).emplace_back(field, value);
      field.clear();
      value.clear();
    } else if (line.find(" headers complete") != std::string::npos && m != nullptr) {
      m->headersComplete = true;
      const size_t status = line.find(" status=");
      if (status != std::string::npos) {
        m->status = std::atoi(line.c_str() + status + 8);
      }
    } else if (line.find(" message complete") != std::string::npos && m != nullptr) {
      m->complete = true;
    } else if (line.find(" error code=22 ") != std::string::npos && m != nullptr) {
      m->upgraded = true;  // "Pause on CONNECT/Upgrade": not an error
    } else if (line.find(" error code=") != std::string::npos) {
      out.error = true;
      out.errorText = line.substr(line.find("code="));
    } else if (line.find("finish=") != std::string::npos) {
      // llhttp_finish(): 0 is a clean end, 1 (HPE_INTERNAL) comes from the fixture's own
      // callback after a clean end ("safe to finish with cb"); anything else is an unexpected
      // end of input.
      const int code = std::atoi(line.c_str() + line.find("finish=") + 7);
      if (code > 1) {
        out.error = true;
        out.errorText = line.substr(line.find("finish="));
      }
    }
  }
  return out;
}

}  // namespace nodecc::http::core::testing
