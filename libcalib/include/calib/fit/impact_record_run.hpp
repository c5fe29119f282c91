#pragma once
// `calib fit-impact` on an impact record (a t[s] column with F[N] and/or delta[m]): the file,
// one law or all four fitted with the contact start t0 and ranked, the JSON record, its text and
// the files of --out. SI units throughout.
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "calib/fit/fit_impact_record.hpp"

namespace calib::fit {

// Columns t and F and/or delta, optionally sigma_F and sigma_delta, each `name[unit]` in any unit
// of its quantity (t[us], F[kN], delta[mm]) and read into SI; # comment lines allowed. InputError
// naming the file, line and column for an unknown or repeated column, a unit of the wrong
// dimension, a restitution curve's column; then the field and row (validate).
ImpactRecord read_impact_record(const std::filesystem::path& file);

struct FitRecordRequest {
  std::vector<ImpactLaw> laws;  // one, or all four (`--law all`)
  double m = 0.0, v = 0.0;      // effective mass [kg], impact speed [m/s]
  double K = 0.0, n = 1.5;      // start (or fixed) stiffness and exponent; K ≤ 0: from the peak
  double t0 = NAN;              // start of t0 [s]; NaN: from the record's rise
  bool fit_K = true, fit_n = true, fit_damping = true;
  ImpactFitOptions options;
};

struct FitRecordOutcome {
  nlohmann::ordered_json record;  // one law's record, or {"data_kind", "fits", "ranking", …}
  std::vector<RecordFitReport> reports;
  bool ok = false;  // every fitted law "converged"
};
// n is fitted for every law but viscoelastic (solved at n = 1.5: there n stays fixed).
FitRecordOutcome run_fit_impact_record(const FitRecordRequest& request, const ImpactRecord& data);

nlohmann::ordered_json impact_record_fit_json(const RecordFitReport& r, const ImpactRecord& data,
                                              const FitRecordRequest& request);
std::string fit_record_text(const FitRecordOutcome& outcome);
// fit_impact.json, fit_impact_points.csv (t, data, model, residual per law and column),
// fit_impact_curve.csv (each law's F and δ on a fine time grid over the record) and the
// gnuplot script of the figure, into `folder` (the stage of the caller's io::ResultFolder).
void write_fit_impact_record(const std::filesystem::path& folder, const FitRecordOutcome& outcome,
                             const FitRecordRequest& request, const ImpactRecord& data);

}  // namespace calib::fit
