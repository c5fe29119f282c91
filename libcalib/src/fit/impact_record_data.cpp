// The impact record: its checks and its CSV file.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/fit/impact_fit_run.hpp"
#include "calib/fit/impact_record_run.hpp"
#include "calib/io/csv.hpp"
#include "calib/io/input_file.hpp"
#include "calib/io/resources.hpp"

namespace calib::fit {

namespace {

template <class Row>
void validate_column(const ImpactRecord& d, const std::vector<double>& x,
                     const std::vector<double>& sigma, std::string_view name, Row row) {
  if (!x.empty() && x.size() != d.t.size())
    throw InputError(
        fmt::format("impact record: {} has {} values for {} times", name, x.size(), d.t.size()));
  if (!sigma.empty() && sigma.size() != x.size())
    throw InputError(fmt::format("impact record: sigma_{} needs one value per {} ({} for {})", name,
                                 name, sigma.size(), x.size()));
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (!std::isfinite(x[i]))
      throw InputError(fmt::format("row {}: {} = {} must be a finite number", row(i), name, x[i]));
    if (!sigma.empty() && !(sigma[i] > 0 && std::isfinite(sigma[i])))
      throw InputError(
          fmt::format("row {}: sigma_{} = {} must be a finite number > 0", row(i), name, sigma[i]));
  }
}

}  // namespace

void validate(const ImpactRecord& d) {
  const auto row = [&](std::size_t i) { return i < d.rows.size() ? d.rows[i] : i + 1; };
  if (!d.has_force() && !d.has_delta())
    throw InputError(
        "impact record: no F[N] and no delta[m] column: give the force, the "
        "penetration or both at each t[s]");
  if (d.t.size() < 3)
    throw InputError(fmt::format("impact record: need at least 3 samples, got {}", d.t.size()));
  for (std::size_t i = 0; i < d.t.size(); ++i) {
    if (!std::isfinite(d.t[i]))
      throw InputError(fmt::format("row {}: t = {} must be a finite time [s]", row(i), d.t[i]));
    if (i > 0 && !(d.t[i] > d.t[i - 1]))
      throw InputError(
          fmt::format("row {}: t = {} s is not after the previous t = {} s: the "
                      "times must increase strictly",
                      row(i), d.t[i], d.t[i - 1]));
  }
  validate_column(d, d.force, d.sigma_force, "F", row);
  validate_column(d, d.delta, d.sigma_delta, "delta", row);
  if (d.has_force() && d.has_delta() && (d.sigma_force.empty() || d.sigma_delta.empty()))
    throw InputError(
        "impact record: F[N] and delta[m] together need sigma_F[N] and "
        "sigma_delta[m] (newtons and metres are weighed only through their sigmas)");
}

ImpactRecord read_impact_record(const std::filesystem::path& file) {
  const std::filesystem::path path = io::resolve_input_path(file);
  const std::string text = io::read_input_file(path, io::kMaxDataFileBytes, "--data");
  const std::vector<std::string> header = impact_data_header(file);
  std::vector<std::string> columns{"t[s]"};
  for (const char* name : {"F[N]", "delta[m]", "sigma_F[N]", "sigma_delta[m]"})
    if (std::find(header.begin(), header.end(), name) != header.end()) columns.push_back(name);
  const io::NumericTable t = io::parse_numeric_csv(text, path, columns);
  ImpactRecord d;
  d.t = t.columns[0], d.rows = t.lines;
  for (std::size_t i = 1; i < columns.size(); ++i)
    (columns[i] == "F[N]"         ? d.force
     : columns[i] == "delta[m]"   ? d.delta
     : columns[i] == "sigma_F[N]" ? d.sigma_force
                                  : d.sigma_delta) = t.columns[i];
  validate(d);
  return d;
}

}  // namespace calib::fit
