#pragma once
// The SyntaxError messages of V8's JSON.parse as Node 20 prints them (V8 11.3's templates), at
// positions counted in UTF-16 code units of the text.
#include <cstddef>
#include <string_view>

namespace nodecc::JSON::detail {

enum class SyntaxErrorKind {
  // The message follows from the character at the position (ReportUnexpectedCharacter): the
  // end of input, a number, a string, or "Unexpected token 'x', "..." is not valid JSON".
  kUnexpectedCharacter,
  kUnexpectedEnd,     // "Unexpected end of JSON input" whatever the character
  kUnexpectedNumber,  // "Unexpected number in JSON at position N" whatever the character
  kNonWhitespaceAfterJson,
  kExpectedPropertyNameOrRBrace,
  kExpectedCommaOrRBracket,
  kExpectedCommaOrRBrace,
  kExpectedColonAfterPropertyName,
  kExpectedDoubleQuotedPropertyName,
  kUnterminatedString,
  kBadControlCharacter,
  kBadUnicodeEscape,
  kBadEscapedCharacter,
  kNoNumberAfterMinusSign,
  kExponentPartMissingNumber,
  kUnterminatedFractionalNumber,
};

// Throws nodecc::SyntaxError for an error of `kind` at byte offset `at` of `text`.
[[noreturn]] void throwSyntaxError(std::string_view text, std::size_t at, SyntaxErrorKind kind);

// The message alone (for tests and the fuzz target's checks).
std::string syntaxErrorMessage(std::string_view text, std::size_t at, SyntaxErrorKind kind);

}  // namespace nodecc::JSON::detail
