#pragma once
// Incremental UTF-8 validation for text messages and close reasons (RFC 6455 §8.1): fed a
// message's bytes in any pieces, it says as soon as a byte makes the text invalid, so a bad
// first fragment fails the connection before the rest arrives (Autobahn 6.4.x). Valid means
// well-formed UTF-8 as RFC 3629 defines it: no overlong forms, no surrogates, nothing past
// U+10FFFF (what text/utf8.h's decodeUtf8 accepts, and what ws's isValidUTF8 accepts).
#include <cstdint>
#include <string_view>

namespace nodecc::ws::core {

class Utf8Validator {
 public:
  // Validates the next bytes. False once any byte so far is invalid (and from then on until
  // reset()); a sequence cut at the end of `bytes` is fine here and continues in the next call.
  bool feed(std::string_view bytes);
  // True when everything fed is valid and no sequence is left unfinished: the message may end.
  bool complete() const { return state_ == 0; }
  void reset() { state_ = 0; }

  // One whole text: feed + complete on a fresh validator.
  static bool isValid(std::string_view text);

 private:
  uint8_t state_ = 0;  // a DFA state (utf8_validator.cc); 0 accepts, kReject stays
};

}  // namespace nodecc::ws::core
