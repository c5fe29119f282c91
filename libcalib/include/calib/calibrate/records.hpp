#pragma once
// The records of one impact and one calibration: what `calib impact`, `calib calibrate` and the
// Python module report. SI units in the key names ("delta_max[m]"), the same key in text, CSV
// and JSON, keys in a fixed, readable order; a quantity is never reported under another's name.
#include <nlohmann/json.hpp>

#include "calib/calibrate/calibrate.hpp"
#include "calib/impact/impact.hpp"
#include "calib/models/catalog.hpp"

namespace calib::calibrate {

using Record = nlohmann::ordered_json;

// Keys with units of the impact parameters (also the sweep's axis columns).
std::string_view parameter_key(std::string_view name);  // "m" -> "m[kg]", "e" -> "e", ...

// `p` is the simulated impact (its damping in SI units), `law` the dimensionless law, `e` the
// restitution the model's damping was computed for.
Record impact_record(const models::Model& model, const ContactLaw& law, const PhysicalImpact& p,
                     double e, const impact::PhysicalResult& r, const impact::ImpactOptions& options);
Record calibration_record(const models::Model& model, const PhysicalImpact& p, double e,
                          const Calibration& c, const CalibrateOptions& options);

}  // namespace calib::calibrate
