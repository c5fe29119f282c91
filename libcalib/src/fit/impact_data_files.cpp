// The data files of `calib fit-impact`: which kind a file is, and the restitution-curve and
// impact-record readers. Each reads only the columns it lists (io/unit_columns.hpp), in any unit
// of their quantity, converted to SI.
#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "calib/core/error.hpp"
#include "calib/fit/impact_fit_run.hpp"
#include "calib/fit/impact_record_run.hpp"
#include "calib/io/input_file.hpp"
#include "calib/io/resources.hpp"
#include "calib/io/unit_columns.hpp"

namespace calib::fit {

namespace {

// The order of these lists is the order of the columns read_unit_columns returns.
const std::vector<io::ColumnSpec> kCurveColumns{
    {"v_in", &units::speed, true},           {"e", nullptr, true},
    {"sigma_e", nullptr},                    {"t_contact", &units::duration},
    {"sigma_t_contact", &units::duration},   {"f_max", &units::force},
    {"sigma_f_max", &units::force}};
const std::vector<io::ColumnSpec> kRecordColumns{{"t", &units::duration, true},
                                                 {"F", &units::force},
                                                 {"delta", &units::length},
                                                 {"sigma_F", &units::force},
                                                 {"sigma_delta", &units::length}};

bool lists(const std::vector<io::ColumnSpec>& specs, const std::string& name) {
  return std::any_of(specs.begin(), specs.end(),
                     [&](const io::ColumnSpec& s) { return s.name == name; });
}

struct DataText {
  std::filesystem::path path;
  std::string text;
};

DataText read_data(const std::filesystem::path& file) {
  const std::filesystem::path path = io::resolve_input_path(file);
  return {path, io::read_input_file(path, io::kMaxDataFileBytes, "--data")};
}

// The kind of a file from its header's column names; a file with columns of both kinds is
// refused, naming one of each, rather than read as one kind with the other's columns ignored.
ImpactDataKind kind_of(const DataText& d, const std::filesystem::path& file) {
  std::string record, curve;
  for (const std::string& cell : io::csv_header_cells(d.text, d.path)) {
    const std::string name = io::parse_column_header(cell).name;
    if (record.empty() && lists(kRecordColumns, name)) record = cell;
    if (curve.empty() && lists(kCurveColumns, name)) curve = cell;
  }
  if (!record.empty() && !curve.empty())
    throw InputError(fmt::format(
        "--data: '{}' mixes an impact record's column '{}' with a restitution curve's column "
        "'{}': give one kind of data per file",
        file.string(), record, curve));
  return record.empty() ? ImpactDataKind::restitution_curve : ImpactDataKind::impact_record;
}

}  // namespace

ImpactDataKind impact_data_kind(const std::filesystem::path& file) {
  return kind_of(read_data(file), file);
}

RestitutionCurve read_restitution_curve(const std::filesystem::path& file) {
  const DataText d = read_data(file);
  if (kind_of(d, file) == ImpactDataKind::impact_record)
    throw InputError(fmt::format(
        "--data: '{}' is an impact record (t[s] column), not a restitution curve (v_in[m/s], e[-])",
        file.string()));
  io::UnitColumns c = io::read_unit_columns(d.text, d.path, kCurveColumns, "--data");
  RestitutionCurve r;
  r.v_in = std::move(c.columns[0]), r.e = std::move(c.columns[1]);
  r.sigma_e = std::move(c.columns[2]);
  r.t_contact = std::move(c.columns[3]), r.sigma_t_contact = std::move(c.columns[4]);
  r.f_max = std::move(c.columns[5]), r.sigma_f_max = std::move(c.columns[6]);
  r.rows = std::move(c.lines);
  validate(r);
  return r;
}

ImpactRecord read_impact_record(const std::filesystem::path& file) {
  const DataText d = read_data(file);
  if (kind_of(d, file) == ImpactDataKind::restitution_curve)
    throw InputError(fmt::format(
        "--data: '{}' is a restitution curve, not an impact record (t[s] with F[N] and/or "
        "delta[m])",
        file.string()));
  io::UnitColumns c = io::read_unit_columns(d.text, d.path, kRecordColumns, "--data");
  ImpactRecord r;
  r.t = std::move(c.columns[0]), r.force = std::move(c.columns[1]);
  r.delta = std::move(c.columns[2]), r.sigma_force = std::move(c.columns[3]);
  r.sigma_delta = std::move(c.columns[4]);
  r.rows = std::move(c.lines);
  validate(r);
  return r;
}

}  // namespace calib::fit
