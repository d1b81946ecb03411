#include "static/http_date.h"

#include <cstring>

namespace nodecc::staticfiles::core {

namespace {

// Indexed by days since 1970-01-01 modulo 7: that day was a Thursday.
constexpr const char* kDays[7] = {"Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"};
constexpr const char* kMonths[12] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                     "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
constexpr const char* kLongDays[7] = {"Monday", "Tuesday",  "Wednesday", "Thursday",
                                      "Friday", "Saturday", "Sunday"};

// Days since 1970-01-01 of a proleptic Gregorian date, and back (H. Hinnant's algorithms).
int64_t daysFromCivil(int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = unsigned(y - era * 400);
  const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + int64_t(doe) - 719468;
}

void civilFromDays(int64_t z, int64_t* y, unsigned* m, unsigned* d) {
  z += 719468;
  const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const unsigned doe = unsigned(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  *d = doy - (153 * mp + 2) / 5 + 1;
  *m = mp < 10 ? mp + 3 : mp - 9;
  *y = int64_t(yoe) + era * 400 + (*m <= 2);
}

void put2(char* p, unsigned v) {
  p[0] = char('0' + v / 10);
  p[1] = char('0' + v % 10);
}

// A cursor over the header value for the fixed-layout parsers below.
struct Scanner {
  std::string_view s;
  size_t i = 0;

  bool lit(std::string_view w) {
    if (s.substr(i, w.size()) != w) {
      return false;
    }
    i += w.size();
    return true;
  }
  bool digits(size_t n, unsigned* out) {
    unsigned v = 0;
    for (size_t k = 0; k < n; ++k) {
      if (i >= s.size() || s[i] < '0' || s[i] > '9') {
        return false;
      }
      v = v * 10 + unsigned(s[i++] - '0');
    }
    *out = v;
    return true;
  }
  bool month(unsigned* out) {
    for (unsigned m = 0; m < 12; ++m) {
      if (s.substr(i, 3) == kMonths[m]) {
        i += 3;
        *out = m + 1;
        return true;
      }
    }
    return false;
  }
  bool time(unsigned* h, unsigned* mi, unsigned* se) {
    return digits(2, h) && lit(":") && digits(2, mi) && lit(":") && digits(2, se);
  }
  bool done() const { return i == s.size(); }
};

bool shortDay(Scanner& sc) {
  for (const char* d : kDays) {
    if (sc.lit(d)) {
      return true;
    }
  }
  return false;
}

bool assemble(int64_t year, unsigned mon, unsigned day, unsigned h, unsigned mi, unsigned se,
              int64_t* out) {
  static constexpr unsigned kMonthDays[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  // Seconds up to 60: a leap second is a valid HTTP-date value.
  if (mon < 1 || mon > 12 || day < 1 || day > kMonthDays[mon - 1] || h > 23 || mi > 59 || se > 60) {
    return false;
  }
  bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  if (mon == 2 && day == 29 && !leap) {
    return false;
  }
  *out = daysFromCivil(year, mon, day) * 86400 + int64_t(h) * 3600 + int64_t(mi) * 60 + se;
  return true;
}

}  // namespace

void formatHttpDate(int64_t t, char* out) {
  int64_t days = t >= 0 ? t / 86400 : (t - 86399) / 86400;
  int64_t secs = t - days * 86400;
  int64_t y;
  unsigned m, d;
  civilFromDays(days, &y, &m, &d);
  int64_t wd = days % 7;
  if (wd < 0) {
    wd += 7;
  }
  std::memcpy(out, kDays[wd], 3);
  out[3] = ',';
  out[4] = ' ';
  put2(out + 5, d);
  out[7] = ' ';
  std::memcpy(out + 8, kMonths[m - 1], 3);
  out[11] = ' ';
  unsigned yy = unsigned(y < 0 ? 0 : y > 9999 ? 9999 : y);
  put2(out + 12, yy / 100);
  put2(out + 14, yy % 100);
  out[16] = ' ';
  put2(out + 17, unsigned(secs / 3600));
  out[19] = ':';
  put2(out + 20, unsigned(secs / 60 % 60));
  out[22] = ':';
  put2(out + 23, unsigned(secs % 60));
  std::memcpy(out + 25, " GMT", 4);
}

bool parseHttpDate(std::string_view text, int64_t* out) {
  unsigned day, mon, year, h, mi, se;
  // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
  {
    Scanner sc{text};
    if (shortDay(sc) && sc.lit(", ") && sc.digits(2, &day) && sc.lit(" ") && sc.month(&mon) &&
        sc.lit(" ") && sc.digits(4, &year) && sc.lit(" ") && sc.time(&h, &mi, &se) &&
        sc.lit(" GMT") && sc.done()) {
      return assemble(year, mon, day, h, mi, se, out);
    }
  }
  // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT (two-digit years: RFC 9110 says a year more than
  // 50 years ahead is in the past; with no clock here, 70-99 -> 19xx, 00-69 -> 20xx).
  {
    Scanner sc{text};
    bool day7 = false;
    for (const char* d : kLongDays) {
      if (sc.lit(d)) {
        day7 = true;
        break;
      }
    }
    if (day7 && sc.lit(", ") && sc.digits(2, &day) && sc.lit("-") && sc.month(&mon) &&
        sc.lit("-") && sc.digits(2, &year) && sc.lit(" ") && sc.time(&h, &mi, &se) &&
        sc.lit(" GMT") && sc.done()) {
      return assemble(year < 70 ? 2000 + year : 1900 + year, mon, day, h, mi, se, out);
    }
  }
  // asctime: Sun Nov  6 08:49:37 1994
  {
    Scanner sc{text};
    if (shortDay(sc) && sc.lit(" ") && sc.month(&mon) && sc.lit(" ")) {
      bool ok = false;
      if (sc.lit(" ")) {
        ok = sc.digits(1, &day);
      } else {
        ok = sc.digits(2, &day);
      }
      if (ok && sc.lit(" ") && sc.time(&h, &mi, &se) && sc.lit(" ") && sc.digits(4, &year) &&
          sc.done()) {
        return assemble(year, mon, day, h, mi, se, out);
      }
    }
  }
  return false;
}

}  // namespace nodecc::staticfiles::core
