#pragma once
// The output vocabulary: one snake_case name and one unit per quantity, for every record the CLI
// prints and the Python module returns. The table is docs/outputs.md (compiled in by the build).
// JSON and Python use the plain name and carry a "units" object; CSV headers and text labels
// write name[unit] for a physical quantity and the plain name otherwise.
#include <optional>
#include <string>
#include <string_view>

namespace calib::vocabulary {

// The unit of `name` ("" for a dimensionless number, a text or a structure); nullopt when the
// name is not in the vocabulary. "<body>.<name>" (a series column) is looked up by <name>.
std::optional<std::string_view> unit_of(std::string_view name);

// The CSV/text column of `name`: "c[N*s/m]", "ball.x[m]", "e". A name outside the vocabulary is
// returned as it is (the test output_vocabulary fails on it).
std::string column(std::string_view name);

// The objects keyed by a body's or a parameter's name, not by vocabulary names (docs/outputs.md):
// their keys are data, their values records.
inline bool keyed_by_name(std::string_view key) {
  return key == "after" || key == "final" || key == "series" || key == "contacts" ||
         key == "parameters";
}

// The units of every physical quantity named in `record` (its keys, and those of nested objects
// and arrays of objects), as a JSON object {"c": "N*s/m", ...}. Json: any nlohmann json type.
template <class Json>
void collect_units(const Json& record, Json& units) {
  if (record.is_array()) {
    for (const auto& item : record) collect_units(item, units);
    return;
  }
  if (!record.is_object()) return;
  for (auto it = record.begin(); it != record.end(); ++it) {
    if (it.key() == "units") continue;
    if (keyed_by_name(it.key()) && it.value().is_object()) {
      for (const auto& item : it.value()) collect_units(item, units);
      continue;
    }
    const auto unit = unit_of(it.key());
    if (unit && !unit->empty() && it.key().find('.') == std::string::npos)
      units[it.key()] = std::string(*unit);
    collect_units(it.value(), units);
  }
}

// `record` with a "units" object appended (an empty object when nothing has a unit).
template <class Json>
Json with_units(Json record) {
  Json units = Json::object();
  collect_units(record, units);
  record["units"] = std::move(units);
  return record;
}

}  // namespace calib::vocabulary
