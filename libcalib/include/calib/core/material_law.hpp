#pragma once
// The contact laws with a constant material damping parameter d (docs/method.md): one row per
// parameterisation, read by fit (fit-impact's laws), dynamics (a system contact's `alpha`) and
// the clearance joints alike. A row turns the stiffness K [N/mⁿ], the exponent n and d into a
// force law (core/contact_law.hpp); its damping then does not depend on the impact speed.
#include <span>
#include <string_view>

#include "calib/core/contact_law.hpp"

namespace calib {

struct MaterialLaw {
  std::string_view name;        // "hunt-crossley-alpha"
  Family family;                // the family of its force law
  std::string_view parameter;   // the name of d: "alpha", "A", "c", "chi"
  std::string_view unit;        // d's unit at rate exponent 1: "s/m", "s", "N*s/m", "-"
  std::string_view separation;  // the row's separation rule, one sentence
  // K, n, d -> the force law (InputError for an n the row does not take); the row's clamp.
  ForceLaw (*force_law)(double K, double n, double d);
  bool takes_rate_exponent = false;  // d δ'ᵐ with m != 1 (PINSLOT eq. 153)

  // The force law with the damper's rate exponent m (1 unless takes_rate_exponent).
  ForceLaw to_force_law(double K, double n, double d, double rate_exponent = 1.0) const;
};

// Every row, in the order of docs/method.md: hunt-crossley-alpha, viscoelastic, linear-damper,
// tsuji, pinslot-alpha.
std::span<const MaterialLaw> material_laws();
// The row named `name`; InputError naming `field` and listing the rows otherwise.
const MaterialLaw& find_material_law(std::string_view name, std::string_view field = "law");

}  // namespace calib
