#include "api/buffer/errors.h"

#include "nodecc/buffer.h"

namespace nodecc::buffer::detail {

std::string formatReceived(int64_t value) {
  std::string digits = std::to_string(value);
  uint64_t magnitude = value < 0 ? 0 - uint64_t(value) : uint64_t(value);
  if (magnitude <= (uint64_t(1) << 32)) {
    return digits;
  }
  // Node's addNumericalSeparator: '_' between groups of three digits from the right.
  size_t start = digits[0] == '-' ? 1 : 0;
  size_t head = (digits.size() - start) % 3;
  if (head == 0) {
    head = 3;
  }
  std::string out(digits, 0, start + head);
  for (size_t i = start + head; i < digits.size(); i += 3) {
    out.push_back('_');
    out.append(digits, i, 3);
  }
  return out;
}

RangeError outOfRange(std::string_view name, std::string_view range, int64_t received) {
  return RangeError("ERR_OUT_OF_RANGE", "The value of \"" + std::string(name) +
                                            "\" is out of range. It must be " + std::string(range) +
                                            ". Received " + formatReceived(received));
}

void validateOffset(int64_t value, std::string_view name, int64_t min, int64_t max) {
  if (value < min || value > max) {
    throw outOfRange(name, ">= " + std::to_string(min) + " && <= " + std::to_string(max), value);
  }
}

RangeError outOfBounds() {
  return RangeError("ERR_BUFFER_OUT_OF_BOUNDS", "Attempt to access memory outside buffer bounds");
}

TypeError invalidArgValue(std::string_view name, std::string_view inspected) {
  std::string shown(inspected);
  if (shown.size() > 128) {
    shown = shown.substr(0, 128) + "...";
  }
  return TypeError("ERR_INVALID_ARG_VALUE",
                   "The argument '" + std::string(name) + "' is invalid. Received " + shown);
}

}  // namespace nodecc::buffer::detail
