#pragma once
// Typed, validated access to TOML configs (toml++ underneath, hidden from this header).
//
// Every read records the key; `reject_unknown()` then throws for any key nobody read, so
// a typo in a config is an error, not a silently ignored setting. Every error message
// names the file, the dotted key and the offending value.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "calib/core/units.hpp"

namespace calib::io {

class ConfigNode {
 public:
  // Parse a TOML file; syntax errors are reported with file, line and column.
  static ConfigNode load_file(const std::filesystem::path& file);
  // Parse TOML text; `source_name` is used in error messages.
  static ConfigNode parse(const std::string& text, const std::string& source_name);

  bool has(const std::string& key) const;

  double number(const std::string& key) const;
  double number(const std::string& key, double fallback) const;
  std::int64_t integer(const std::string& key) const;
  std::int64_t integer(const std::string& key, std::int64_t fallback) const;
  std::string string(const std::string& key) const;
  std::string string(const std::string& key, const std::string& fallback) const;
  bool boolean(const std::string& key) const;
  bool boolean(const std::string& key, bool fallback) const;
  std::vector<double> numbers(const std::string& key) const;
  // A physical quantity (core/units.hpp): a number is SI, a string may carry a unit
  // (E = "207GPa"); InputError naming the key for a wrong unit or a value outside q's range.
  double quantity(const std::string& key, const units::Quantity& q) const;
  double quantity(const std::string& key, const units::Quantity& q, double fallback) const;
  // The same in `unit` (units::parse_in): for code that computes in other units than SI.
  double quantity_in(const std::string& key, const units::Quantity& q, std::string_view unit,
                     double fallback) const;
  // An array of quantities ([0.1, "20mm"]): each element as quantity() reads it, errors naming
  // the key and the index.
  std::vector<double> quantities(const std::string& key, const units::Quantity& q) const;
  std::vector<std::string> strings(const std::string& key) const;

  // A file path: relative values are resolved next to this config file, then in the data
  // folders (io/resources.hpp). The value as written is what provenance records.
  std::filesystem::path path(const std::string& key) const;

  ConfigNode table(const std::string& key) const;
  std::optional<ConfigNode> optional_table(const std::string& key) const;
  // An array of tables ([[key]]); each element's keys are tracked like a table's.
  std::vector<ConfigNode> tables(const std::string& key) const;
  // Keys of this table in document order.
  std::vector<std::string> keys() const;

  // Throws InputError naming the first key of this table (recursively, for sub-tables
  // that were opened) that no accessor consumed.
  void reject_unknown() const;

  // "file: section.key" — the location used in error messages.
  std::string where(const std::string& key) const;
  // The whole config as JSON (for provenance sidecars).
  nlohmann::json to_json() const;

  struct Impl;

 private:
  explicit ConfigNode(std::shared_ptr<Impl> impl) : impl_(std::move(impl)) {}
  std::shared_ptr<Impl> impl_;
};

}  // namespace calib::io
