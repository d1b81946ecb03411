#include "ws/utf8_validator.h"

#include <array>
#include <cstddef>
#include <cstring>

namespace nodecc::ws::core {

namespace {

// Byte classes: what a byte may be in a sequence. The second byte of E0, ED, F0 and F4 has a
// narrower range than 80..BF (overlongs, surrogates, > U+10FFFF), so 80..BF splits in three.
enum Class : uint8_t {
  kAscii,   // 00..7F
  kCont8,   // 80..8F
  kCont9,   // 90..9F
  kContA,   // A0..BF
  kBad,     // C0 C1 F5..FF
  kLead2,   // C2..DF
  kLeadE0,  // E0
  kLead3,   // E1..EC EE EF
  kLeadED,  // ED
  kLeadF0,  // F0
  kLead4,   // F1..F3
  kLeadF4,  // F4
  kClasses,
};

// States: 0 accepts; 1..3 wait for that many continuation bytes of any value; 4..7 wait for a
// lead's restricted second byte (E0: A0..BF, ED: 80..9F, F0: 90..BF, F4: 80..8F).
enum State : uint8_t {
  kAccept = 0,
  kNeed1 = 1,
  kNeed2 = 2,
  kNeed3 = 3,
  kAfterE0 = 4,
  kAfterED = 5,
  kAfterF0 = 6,
  kAfterF4 = 7,
  kReject = 8,
  kStates = 9,
};

constexpr std::array<uint8_t, 256> makeClasses() {
  std::array<uint8_t, 256> c{};
  for (int b = 0; b < 256; ++b) {
    uint8_t k;
    if (b < 0x80) {
      k = kAscii;
    } else if (b < 0x90) {
      k = kCont8;
    } else if (b < 0xA0) {
      k = kCont9;
    } else if (b < 0xC0) {
      k = kContA;
    } else if (b < 0xC2) {
      k = kBad;
    } else if (b < 0xE0) {
      k = kLead2;
    } else if (b == 0xE0) {
      k = kLeadE0;
    } else if (b == 0xED) {
      k = kLeadED;
    } else if (b < 0xF0) {
      k = kLead3;
    } else if (b == 0xF0) {
      k = kLeadF0;
    } else if (b < 0xF4) {
      k = kLead4;
    } else if (b == 0xF4) {
      k = kLeadF4;
    } else {
      k = kBad;
    }
    c[b] = k;
  }
  return c;
}

using Table = std::array<std::array<uint8_t, kClasses>, kStates>;

constexpr Table makeTransitions() {
  Table t{};
  for (auto& row : t) {
    row.fill(kReject);
  }
  t[kAccept][kAscii] = kAccept;
  t[kAccept][kLead2] = kNeed1;
  t[kAccept][kLeadE0] = kAfterE0;
  t[kAccept][kLead3] = kNeed2;
  t[kAccept][kLeadED] = kAfterED;
  t[kAccept][kLeadF0] = kAfterF0;
  t[kAccept][kLead4] = kNeed3;
  t[kAccept][kLeadF4] = kAfterF4;
  for (uint8_t cont : {kCont8, kCont9, kContA}) {
    t[kNeed1][cont] = kAccept;
    t[kNeed2][cont] = kNeed1;
    t[kNeed3][cont] = kNeed2;
  }
  t[kAfterE0][kContA] = kNeed1;
  t[kAfterED][kCont8] = kNeed1;
  t[kAfterED][kCont9] = kNeed1;
  t[kAfterF0][kCont9] = kNeed2;
  t[kAfterF0][kContA] = kNeed2;
  t[kAfterF4][kCont8] = kNeed2;
  return t;
}

constexpr std::array<uint8_t, 256> kClassOf = makeClasses();
constexpr Table kNext = makeTransitions();

}  // namespace

bool Utf8Validator::feed(std::string_view bytes) {
  auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  const size_t n = bytes.size();
  uint8_t state = state_;
  size_t i = 0;
  while (i < n) {
    // Text is mostly ASCII: between sequences, skip it a word at a time.
    if (state == kAccept) {
      while (i + 8 <= n) {
        uint64_t w;
        std::memcpy(&w, p + i, 8);
        if ((w & 0x8080808080808080ull) != 0) {
          break;
        }
        i += 8;
      }
      if (i == n) {
        break;
      }
    }
    state = kNext[state][kClassOf[p[i]]];
    if (state == kReject) {
      break;
    }
    ++i;
  }
  state_ = state;
  return state != kReject;
}

bool Utf8Validator::isValid(std::string_view text) {
  Utf8Validator v;
  return v.feed(text) && v.complete();
}

}  // namespace nodecc::ws::core
