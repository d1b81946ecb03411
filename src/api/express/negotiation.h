#pragma once
// negotiator 1.x as accepts 2 uses it: the preferred media types, encodings, charsets and
// languages of an Accept* header among the ones offered, or all the acceptable ones.
#include <string>
#include <string_view>
#include <vector>

namespace nodecc::express::detail {

// Each returns the offered values the header accepts, best first (q, then specificity, then
// the header's order, then the offer's order); with no offer, the header's own values.
// `header` nullptr means the field is absent.
std::vector<std::string> preferredMediaTypes(const std::string* header,
                                             const std::vector<std::string>* provided);
std::vector<std::string> preferredEncodings(const std::string* header,
                                            const std::vector<std::string>* provided);
// negotiator 0.6.4's preferredEncodings(header, provided, preferred), which compression 1.8
// bundles: the header split on ',' and each element read by its regular expression (1.x reads
// elements as accept.js does), the same choice, and at equal q the `preferred` codings first,
// in their order. An absent header is "".
std::vector<std::string> preferredEncodings06(std::string_view header,
                                              const std::vector<std::string>& provided,
                                              const std::vector<std::string>& preferred);
std::vector<std::string> preferredCharsets(const std::string* header,
                                           const std::vector<std::string>* provided);
std::vector<std::string> preferredLanguages(const std::string* header,
                                            const std::vector<std::string>* provided);

}  // namespace nodecc::express::detail
