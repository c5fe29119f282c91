#include "calib/core/material_law.hpp"

#include <array>
#include <string>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "core/checks.hpp"

namespace calib {

namespace {

constexpr std::string_view kClamped =
    "clamped: force limited to >= 0, separation where it returns to 0 with the speed then";
constexpr std::string_view kUnclamped =
    "separation where delta returns to 0 (no clamp: the law may pull at the end of restitution)";

// Hunt–Crossley with a material α: K δⁿ(1 + αδ') = K δⁿ + (Kα) δⁿ δ'.
ForceLaw hunt_crossley_alpha(double K, double n, double alpha) {
  return {Family::hysteresis, K, n, K * alpha, false};
}
// Damping ∝ the contact radius: K(δⁿ + (3/2)A δ^{1/2} δ'), Brilliantov et al. 1996 at n = 3/2.
ForceLaw viscoelastic(double K, double n, double A) {
  if (n != 1.5)
    throw InputError(fmt::format(
        "n: the viscoelastic law (damping ∝ δ^(n−1) = δ^(1/2)) is solved for n = 1.5 only, got {}",
        n));
  return {Family::viscoelastic, K, n, 1.5 * K * A, true};
}
// K δⁿ + c δ' (PN2020 eq. 8).
ForceLaw linear_damper(double K, double n, double c) {
  return {Family::linear_damper, K, n, c, true};
}
// K δⁿ + χ √(mK) δ^((n−1)/2) δ' (PINSLOT eq. 89–90).
ForceLaw tsuji(double K, double n, double chi) { return {Family::tsuji, K, n, chi, true}; }
// PINSLOT eq. 153: K δⁿ + (3/2) α K δⁿ δ'ᵐ, a hysteresis law with C = (3/2)αK.
ForceLaw pinslot_alpha(double K, double n, double alpha) {
  return {Family::hysteresis, K, n, 1.5 * alpha * K, false};
}

constexpr std::array<MaterialLaw, 5> kRows{{
    {"hunt-crossley-alpha", Family::hysteresis, "alpha", "s/m", kUnclamped, hunt_crossley_alpha},
    {"viscoelastic", Family::viscoelastic, "A", "s", kClamped, viscoelastic},
    {"linear-damper", Family::linear_damper, "c", "N*s/m", kClamped, linear_damper},
    {"tsuji", Family::tsuji, "chi", "-", kClamped, tsuji},
    {"pinslot-alpha", Family::hysteresis, "alpha", "s/m", kUnclamped, pinslot_alpha, true},
}};

}  // namespace

ForceLaw MaterialLaw::to_force_law(double K, double n, double d, double rate_exponent) const {
  ForceLaw law = force_law(K, n, d);
  if (rate_exponent != 1.0 && !takes_rate_exponent)
    throw InputError(
        fmt::format("rate exponent: the {} law's damper is linear in the rate (1), "
                    "got {}",
                    name, rate_exponent));
  law.rate_exponent = rate_exponent;
  return law;
}

std::span<const MaterialLaw> material_laws() { return kRows; }

const MaterialLaw& find_material_law(std::string_view name, std::string_view field) {
  std::string known;
  for (const MaterialLaw& row : kRows) {
    if (row.name == name) return row;
    known += (known.empty() ? "" : ", ") + std::string(row.name);
  }
  throw InputError(fmt::format("{}: unknown law '{}'; laws: {}", field, name, known));
}

}  // namespace calib
