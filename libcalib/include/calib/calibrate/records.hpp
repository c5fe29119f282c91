#pragma once
// The records of one impact and one calibration: what `calib impact`, `calib calibrate` and the
// Python module report. Plain vocabulary names ("delta_max"; core/vocabulary.hpp gives the unit
// and the CSV/text column "delta_max[m]"), SI units, keys in a fixed, readable order; a quantity
// is never reported under another's name.
#include <optional>

#include <nlohmann/json.hpp>

#include "calib/calibrate/calibrate.hpp"
#include "calib/impact/impact.hpp"
#include "calib/models/catalog.hpp"

namespace calib::calibrate {

using Record = nlohmann::ordered_json;

// `p` is the simulated impact (its damping in SI units), `law` the dimensionless law, `e` the
// restitution the model's damping was computed for.
Record impact_record(const models::Model& model, const ContactLaw& law, const PhysicalImpact& p,
                     double e, const impact::PhysicalResult& r, const impact::ImpactOptions& options);
Record calibration_record(const models::Model& model, const PhysicalImpact& p, double e,
                          const Calibration& c, const CalibrateOptions& options);

// One query of `calib impact` / `calib calibrate` / calib.impact() in Python: SI units.
struct ImpactQuery {
  double e = 0.0, n = 1.5, m = 1.0, k = 1.0, v = 1.0;
  std::optional<bool> clamp;  // the model's own separation rule when empty
};

// The model's damping for q.e (its closed form or the exact inverse), simulated in SI units;
// ComputeError unless the impact ended with finite results.
struct ImpactOutcome {
  ContactLaw law;           // dimensionless
  PhysicalImpact impact;    // SI, with the physical damping
  impact::PhysicalResult result;
};
ImpactOutcome simulate(const models::Model& model, const ImpactQuery& q, const impact::ImpactOptions& options);
// The exact damping of the model's family for q.e, dimensionless and in SI units.
struct CalibrationOutcome {
  Calibration calibration;
  PhysicalImpact impact;  // damping in SI units
};
CalibrationOutcome calibrate_query(const models::Model& model, const ImpactQuery& q, const CalibrateOptions& options);
// The exact dimensionless damping alone (no m, k, v needed): e and n checked as calibrate_query
// checks them, the model's own clamp when `clamp` is empty.
Calibration calibrate_dimensionless(const models::Model& model, double e, double n,
                                    std::optional<bool> clamp, const CalibrateOptions& options);
// The exact dimensionless damping alone, for a door given none of m, k, v: the record of
// calibration_record without m, k, v and the SI damping (every key it keeps is dimensionless).
Record dimensionless_calibration_record(const models::Model& model, double e, double n,
                                        std::optional<bool> clamp, const CalibrateOptions& options);

}  // namespace calib::calibrate
