#pragma once
// Node's Buffer errors, with Node's messages, built in one place.
#include <cstdint>
#include <string>
#include <string_view>

#include "nodecc/error.h"

namespace nodecc::buffer::detail {

// A number as ERR_OUT_OF_RANGE prints it: with '_' every three digits past 2^32 in magnitude.
std::string formatReceived(int64_t value);
// RangeError ERR_OUT_OF_RANGE: The value of "NAME" is out of range. It must be RANGE. Received V
RangeError outOfRange(std::string_view name, std::string_view range, int64_t received);
// Node's validateOffset: `value` in [min, max] ("It must be >= min && <= max"), else throws.
void validateOffset(int64_t value, std::string_view name, int64_t min, int64_t max);
// RangeError ERR_BUFFER_OUT_OF_BOUNDS: Attempt to access memory outside buffer bounds
RangeError outOfBounds();
// TypeError ERR_INVALID_ARG_VALUE: The argument 'NAME' is invalid. Received INSPECTED
TypeError invalidArgValue(std::string_view name, std::string_view inspected);

}  // namespace nodecc::buffer::detail
