#pragma once
// The small packages under compression 1.8, each as its JavaScript computes it: negotiator
// 0.6's encoding choice, bytes' parse, and JavaScript's Number() and parseFloat() of text
// (compression compares Number(res.getHeader('Content-Length')) with its threshold).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace nodecc::express::detail {

// negotiator 0.6.4's encodings(available, preferred) over an Accept-Encoding value (absent is
// ""): the available codings the header accepts, best first; at equal q, those in `preferred`
// first in its order, then specificity, the header's order and the offer's order.
std::vector<std::string_view> negotiateEncodings(std::string_view acceptEncoding,
                                                 const std::vector<std::string_view>& available,
                                                 const std::vector<std::string_view>& preferred);

// bytes.parse(text): nullopt where it returns null.
std::optional<double> parseBytes(std::string_view text);

// Number(text) and parseFloat(text): NaN where JavaScript gives NaN.
double jsNumber(std::string_view text);
double jsParseFloat(std::string_view text);

}  // namespace nodecc::express::detail
