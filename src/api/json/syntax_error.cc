// V8's JsonParser::ReportUnexpectedToken, as Node 20 prints it: a fixed template with the
// position for most errors; for an unexpected character the character itself and the text
// around it, ten UTF-16 code units either side with ellipses once the text has 21 or more.
#include "api/json/syntax_error.h"

#include <string>

#include "api/json/utf8.h"
#include "nodecc/error.h"

namespace nodecc::JSON::detail {

namespace {

// V8's kMaxContextCharacters and kMinOriginalSourceLengthForContext.
constexpr std::size_t kContextUnits = 10;
constexpr std::size_t kMinLengthForContext = 2 * kContextUnits + 1;

std::string_view fixedTemplate(SyntaxErrorKind kind) {
  switch (kind) {
    case SyntaxErrorKind::kUnexpectedNumber:
      return "Unexpected number in JSON at position ";
    case SyntaxErrorKind::kNonWhitespaceAfterJson:
      return "Unexpected non-whitespace character after JSON at position ";
    case SyntaxErrorKind::kExpectedPropertyNameOrRBrace:
      return "Expected property name or '}' in JSON at position ";
    case SyntaxErrorKind::kExpectedCommaOrRBracket:
      return "Expected ',' or ']' after array element in JSON at position ";
    case SyntaxErrorKind::kExpectedCommaOrRBrace:
      return "Expected ',' or '}' after property value in JSON at position ";
    case SyntaxErrorKind::kExpectedColonAfterPropertyName:
      return "Expected ':' after property name in JSON at position ";
    case SyntaxErrorKind::kExpectedDoubleQuotedPropertyName:
      return "Expected double-quoted property name in JSON at position ";
    case SyntaxErrorKind::kUnterminatedString:
      return "Unterminated string in JSON at position ";
    case SyntaxErrorKind::kBadControlCharacter:
      return "Bad control character in string literal in JSON at position ";
    case SyntaxErrorKind::kBadUnicodeEscape:
      return "Bad Unicode escape in JSON at position ";
    case SyntaxErrorKind::kBadEscapedCharacter:
      return "Bad escaped character in JSON at position ";
    case SyntaxErrorKind::kNoNumberAfterMinusSign:
      return "No number after minus sign in JSON at position ";
    case SyntaxErrorKind::kExponentPartMissingNumber:
      return "Exponent part is missing a number in JSON at position ";
    case SyntaxErrorKind::kUnterminatedFractionalNumber:
      return "Unterminated fractional number in JSON at position ";
    default:
      return {};
  }
}

// V8's IsSpecialString: what String(x) gives for values people pass to JSON.parse by mistake.
bool isSpecialText(std::string_view text) {
  return text == "[object Object]" || text == "undefined" || text == "Infinity" || text == "NaN";
}

std::string unexpectedCharacter(std::string_view text, std::size_t at) {
  const std::size_t position = toUtf16(text.substr(0, at)).size();
  if (at >= text.size()) {
    return "Unexpected end of JSON input";
  }
  unsigned char c = static_cast<unsigned char>(text[at]);
  if (c == '-' || (c >= '0' && c <= '9')) {
    return "Unexpected number in JSON at position " + std::to_string(position);
  }
  if (c == '"') {
    return "Unexpected string in JSON at position " + std::to_string(position);
  }
  if (isSpecialText(text)) {
    return "\"" + std::string(text) + "\" is not valid JSON";
  }
  const std::u16string units = toUtf16(text);
  std::string message = "Unexpected token '" +
                        toUtf8ForMessage(std::u16string_view(units).substr(position, 1)) + "', ";
  std::u16string_view all(units);
  if (units.size() < kMinLengthForContext) {
    return message + "\"" + toUtf8ForMessage(all) + "\" is not valid JSON";
  }
  if (position < kContextUnits) {
    return message + "\"" + toUtf8ForMessage(all.substr(0, position + kContextUnits)) +
           "\"... is not valid JSON";
  }
  if (position < units.size() - kContextUnits) {
    return message + "...\"" +
           toUtf8ForMessage(all.substr(position - kContextUnits, 2 * kContextUnits)) +
           "\"... is not valid JSON";
  }
  return message + "...\"" + toUtf8ForMessage(all.substr(position - kContextUnits)) +
         "\" is not valid JSON";
}

}  // namespace

std::string syntaxErrorMessage(std::string_view text, std::size_t at, SyntaxErrorKind kind) {
  switch (kind) {
    case SyntaxErrorKind::kUnexpectedCharacter:
      return unexpectedCharacter(text, at);
    case SyntaxErrorKind::kUnexpectedEnd:
      return "Unexpected end of JSON input";
    default:
      return std::string(fixedTemplate(kind)) + std::to_string(toUtf16(text.substr(0, at)).size());
  }
}

void throwSyntaxError(std::string_view text, std::size_t at, SyntaxErrorKind kind) {
  throw SyntaxError(syntaxErrorMessage(text, at, kind));
}

}  // namespace nodecc::JSON::detail
