#pragma once
// The table of force-law families (private to core): one row per family with everything the
// library needs of it besides its solve, each function the family's equation from
// contact_law.hpp. A new family is its enum value, one row here and its solve path in impact/
// (plus a starting guess for calibrate's inverse).
#include <string_view>

#include "calib/core/contact_law.hpp"
#include "core/generic_coefficients.hpp"

namespace calib::detail {

struct FamilyRow {
  Family family;
  std::string_view name;
  // Vocabulary keys of the damping parameter (contact_law.hpp).
  std::string_view dimensionless_key, physical_key;
  // The damper's force [N] at δ >= 0, dn = δⁿ, δ' for the law f and the effective mass m.
  double (*damper)(const ForceLaw& f, double delta, double dn, double delta_dot, double m);
  // SI damping d <-> dimensionless number D of an impact (m, K, v) with scales s.
  double (*to_dimensionless)(double d, double m, double k, double v, const ImpactScales& s);
  double (*to_physical)(double D, double m, double k, double v, const ImpactScales& s);
  // The generic equation (generic_coefficients.hpp) of a dimensionless law, and of an SI
  // impact written directly in physical units.
  GenericCoefficients (*generic)(const ContactLaw& law);
  GenericCoefficients (*generic_physical)(const PhysicalImpact& p, const ImpactScales& s);
};

const FamilyRow& family_row(Family f);

}  // namespace calib::detail
