#include "core/families.hpp"

#include <array>
#include <cmath>
#include <cstddef>

namespace calib::detail {

namespace {

double kappa_of(double n) { return 0.5 * (n + 1.0); }  // κ = (n+1)/2, PN2020 eq. 27

// Hysteresis, SF2020 eq. 7: F = Kδⁿ + Cδⁿδ' (PINSLOT eq. 153: Cδⁿ sgn(δ')|δ'|ᵐ); h = Cv/K
// (SF2020 eq. 38); x'' + κh xⁿ x' + κxⁿ = 0.
constexpr FamilyRow kHysteresis{
    .family = Family::hysteresis,
    .name = "hysteresis",
    .dimensionless_key = "h",
    .physical_key = "C",
    .damper =
        [](const ForceLaw& f, double, double dn, double dd, double) {
          return f.damping * dn *
                 (f.rate_exponent == 1.0
                      ? dd
                      : std::copysign(std::pow(std::abs(dd), f.rate_exponent), dd));
        },
    .to_dimensionless = [](double d, double, double k, double v,
                           const ImpactScales&) { return d * v / k; },
    .to_physical = [](double D, double, double k, double v,
                      const ImpactScales&) { return D * k / v; },
    .generic = [](const ContactLaw& l) -> GenericCoefficients {
      const double kappa = kappa_of(l.n);
      return {l.family, kappa, kappa * l.damping, l.n, l.n, 1.0, l.clamp};
    },
    .generic_physical = [](const PhysicalImpact& p, const ImpactScales&) -> GenericCoefficients {
      const ForceLaw& f = p.law;
      return {f.family, f.k / p.m, f.damping / p.m, f.n, f.n, p.v, f.clamp};
    }};

// Linear damper, PN2020 eq. 8: F = Kδⁿ + cδ'; ζ = cδ_m/(m v).
constexpr FamilyRow kLinearDamper{
    .family = Family::linear_damper,
    .name = "linear-damper",
    .dimensionless_key = "zeta",
    .physical_key = "c",
    .damper = [](const ForceLaw& f, double, double, double dd, double) { return f.damping * dd; },
    .to_dimensionless = [](double d, double m, double, double v,
                           const ImpactScales& s) { return d * s.delta_m / (m * v); },
    .to_physical = [](double D, double m, double, double v,
                      const ImpactScales& s) { return D * m * v / s.delta_m; },
    .generic = [](const ContactLaw& l) -> GenericCoefficients {
      return {l.family, kappa_of(l.n), l.damping, 0.0, l.n, 1.0, l.clamp};
    },
    .generic_physical = [](const PhysicalImpact& p, const ImpactScales&) -> GenericCoefficients {
      const ForceLaw& f = p.law;
      return {f.family, f.k / p.m, f.damping / p.m, 0.0, f.n, p.v, f.clamp};
    }};

// Tsuji type, PINSLOT eq. 89–90: F = Kδⁿ + χ√(mK)δ^((n−1)/2)δ'; χ is dimensionless already.
constexpr FamilyRow kTsuji{
    .family = Family::tsuji,
    .name = "tsuji",
    .dimensionless_key = "chi",
    .physical_key = "chi",
    .damper =
        [](const ForceLaw& f, double delta, double, double dd, double m) {
          return f.damping * std::sqrt(m * f.k) * std::pow(delta, 0.5 * (f.n - 1.0)) * dd;
        },
    .to_dimensionless = [](double d, double, double, double, const ImpactScales&) { return d; },
    .to_physical = [](double D, double, double, double, const ImpactScales&) { return D; },
    .generic = [](const ContactLaw& l) -> GenericCoefficients {
      const double kappa = kappa_of(l.n);
      return {l.family, kappa, l.damping * std::sqrt(kappa), 0.5 * (l.n - 1.0), l.n, 1.0, l.clamp};
    },
    .generic_physical = [](const PhysicalImpact& p, const ImpactScales&) -> GenericCoefficients {
      const ForceLaw& f = p.law;
      return {f.family, f.k / p.m, f.damping * std::sqrt(f.k / p.m), 0.5 * (f.n - 1.0), f.n,
              p.v,      f.clamp};
    }};

// Permanent indentation, PINSLOT eq. 91–97: elastic compression (eq. 94, no damper), the
// restitution branch from δ_p = x_p δ_m (eq. 95); x_peak = 1 exactly.
constexpr FamilyRow kIndentation{
    .family = Family::indentation,
    .name = "indentation",
    .dimensionless_key = "delta_p_over_delta_m",
    .physical_key = "delta_p",
    .damper = [](const ForceLaw&, double, double, double, double) { return 0.0; },
    .to_dimensionless = [](double d, double, double, double,
                           const ImpactScales& s) { return d / s.delta_m; },
    .to_physical = [](double D, double, double, double,
                      const ImpactScales& s) { return D * s.delta_m; },
    .generic = [](const ContactLaw& l) -> GenericCoefficients {
      return {l.family, kappa_of(l.n), 0.0, 0.0, l.n, 1.0, true, 1.0, l.damping};
    },
    .generic_physical = [](const PhysicalImpact& p, const ImpactScales& s) -> GenericCoefficients {
      const ForceLaw& f = p.law;
      return {f.family, f.k / p.m, 0.0, 0.0, f.n, p.v, true, s.delta_m, f.damping};
    }};

// Viscoelastic (damping ∝ contact radius): F = Kδⁿ + Cδ^(1/2)δ'; η = Cδ_m^(3/2)/(m v).
constexpr FamilyRow kViscoelastic{
    .family = Family::viscoelastic,
    .name = "viscoelastic",
    .dimensionless_key = "eta",
    .physical_key = "C_visco",
    .damper = [](const ForceLaw& f, double delta, double, double dd,
                 double) { return f.damping * std::sqrt(delta) * dd; },
    .to_dimensionless =
        [](double d, double m, double, double v, const ImpactScales& s) {
          return d * std::pow(s.delta_m, 1.5) / (m * v);
        },
    .to_physical = [](double D, double m, double, double v,
                      const ImpactScales& s) { return D * m * v / std::pow(s.delta_m, 1.5); },
    .generic = [](const ContactLaw& l) -> GenericCoefficients {
      return {l.family, kappa_of(l.n), l.damping, 0.5, l.n, 1.0, l.clamp};
    },
    .generic_physical = [](const PhysicalImpact& p, const ImpactScales&) -> GenericCoefficients {
      const ForceLaw& f = p.law;
      return {f.family, f.k / p.m, f.damping / p.m, 0.5, f.n, p.v, f.clamp};
    }};

// In the order of the enum Family.
constexpr std::array<FamilyRow, 5> kFamilies{kHysteresis, kLinearDamper, kTsuji, kIndentation,
                                             kViscoelastic};

constexpr bool in_enum_order() {
  for (std::size_t i = 0; i < kFamilies.size(); ++i)
    if (kFamilies[i].family != static_cast<Family>(i)) return false;
  return true;
}
static_assert(in_enum_order(), "kFamilies must list the families in the order of enum Family");

}  // namespace

const FamilyRow& family_row(Family f) { return kFamilies.at(static_cast<std::size_t>(f)); }

}  // namespace calib::detail
