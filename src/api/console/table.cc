// console.table's drawing: Node 20's lib/internal/cli_table.js (cells left-aligned, one space
// of padding, widths measured in terminal columns).
#include <algorithm>
#include <string>

#include "api/util/js_text.h"
#include "nodecc/console.h"

namespace nodecc::detail {

namespace {

constexpr std::string_view kIndexKey = "(index)";
constexpr std::string_view kIterationKey = "(iteration index)";
constexpr std::string_view kKeyKey = "Key";
constexpr std::string_view kValuesKey = "Values";

// An array index as JavaScript orders object keys: canonical decimal below 2^32 - 1.
bool isArrayIndex(const std::string& key, uint64_t& value) {
  if (key.empty() || key.size() > 10 || (key.size() > 1 && key[0] == '0')) {
    return false;
  }
  value = 0;
  for (char c : key) {
    if (c < '0' || c > '9') {
      return false;
    }
    value = value * 10 + uint64_t(c - '0');
  }
  return value < 4294967295u;
}

std::string repeat(std::string_view s, size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (size_t i = 0; i < n; ++i) {
    out += s;
  }
  return out;
}

std::string renderRow(const std::vector<std::string>& row, const std::vector<size_t>& widths) {
  std::string out = "│ ";
  for (size_t i = 0; i < row.size(); ++i) {
    size_t len = util::detail::stringWidth(row[i]);
    out += row[i];
    out.append(widths[i] - len, ' ');
    if (i + 1 != row.size()) {
      out += " │ ";
    }
  }
  out += " │";
  return out;
}

std::string renderTable(const std::vector<std::string>& head,
                        const std::vector<std::vector<std::optional<std::string>>>& columns) {
  std::vector<size_t> widths;
  for (const std::string& h : head) {
    widths.push_back(util::detail::stringWidth(h));
  }
  size_t longest = 0;
  for (const auto& c : columns) {
    longest = std::max(longest, c.size());
  }
  std::vector<std::vector<std::string>> rows(longest, std::vector<std::string>(head.size()));
  for (size_t i = 0; i < head.size(); ++i) {
    for (size_t j = 0; j < longest; ++j) {
      const auto& column = columns[i];
      rows[j][i] = j < column.size() && column[j] ? *column[j] : std::string();
      widths[i] = std::max(widths[i], util::detail::stringWidth(rows[j][i]));
    }
  }
  std::vector<std::string> divider;
  for (size_t w : widths) {
    divider.push_back(repeat("─", w + 2));
  }
  auto joined = [&](std::string_view sep) {
    std::string out;
    for (size_t i = 0; i < divider.size(); ++i) {
      if (i) {
        out += sep;
      }
      out += divider[i];
    }
    return out;
  };
  std::string result =
      "┌" + joined("┬") + "┐\n" + renderRow(head, widths) + "\n├" + joined("┼") + "┤\n";
  for (const auto& row : rows) {
    result += renderRow(row, widths) + "\n";
  }
  result += "└" + joined("┴") + "┘";
  return result;
}

}  // namespace

TableBuilder::Column& TableBuilder::column(const std::string& key) {
  for (auto& [k, c] : columns_) {
    if (k == key) {
      return c;
    }
  }
  columns_.emplace_back(key, Column());
  return columns_.back().second;
}

std::string TableBuilder::render() const {
  std::vector<std::string> head;
  std::vector<Column> values;
  Column index(index_.begin(), index_.end());
  if (iteration_) {
    head.emplace_back(kIterationKey);
    values.push_back(index);
    if (keyColumn_) {
      head.emplace_back(kKeyKey);
      values.emplace_back(keyColumn_->begin(), keyColumn_->end());
    }
    head.emplace_back(kValuesKey);
    values.push_back(values_);
    return renderTable(head, values);
  }
  head.emplace_back(kIndexKey);
  values.push_back(index);
  // Object.keys order: array indices ascending, then the other keys as they came.
  std::vector<std::pair<uint64_t, size_t>> indices;
  std::vector<size_t> others;
  for (size_t i = 0; i < columns_.size(); ++i) {
    uint64_t n = 0;
    if (isArrayIndex(columns_[i].first, n)) {
      indices.emplace_back(n, i);
    } else {
      others.push_back(i);
    }
  }
  std::sort(indices.begin(), indices.end());
  for (const auto& [n, i] : indices) {
    head.push_back(columns_[i].first);
    values.push_back(columns_[i].second);
  }
  for (size_t i : others) {
    head.push_back(columns_[i].first);
    values.push_back(columns_[i].second);
  }
  if (hasPrimitives_) {
    head.emplace_back(kValuesKey);
    values.push_back(values_);
  }
  return renderTable(head, values);
}

}  // namespace nodecc::detail
