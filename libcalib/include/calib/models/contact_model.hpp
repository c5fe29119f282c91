#pragma once
// The force law of a contact inside a system (a point contact, or a region of a clearance
// joint): its stiffness K and exponent n, its separation rule and its damping, one of
//  * Calibrated: a catalog model (calib models) at a target e. As the seeds do, the law's
//    physical damping is fixed at each contact start from the approach speed δ̇⁻ and the
//    effective mass m_eff captured there (SF2020 eq. 61, PN2020 eq. 49 with NP eq. 28);
//    `linear-damper` is libcalib's exact c_opt for that (m_eff, K, δ̇⁻, n, e);
//  * Material: a row of the table of material laws (core/material_law.hpp) and its parameter d,
//    whatever the approach speed — PINSLOT eq. 153's α is the row `pinslot-alpha`, with its
//    rate exponent m.
#include <optional>
#include <string>
#include <variant>

#include "calib/core/material_law.hpp"

namespace calib::models {

struct Calibrated {
  std::string model = "linear-damper";  // catalog name (calib models)
  double e = 0.8;                       // target coefficient of restitution
};

struct Material {
  const MaterialLaw* row = nullptr;
  double damping = 0.0;        // d, in the row's unit
  double rate_exponent = 1.0;  // m, for a row that takes one
};

struct ContactModel {
  std::variant<Calibrated, Material> damping;
  double k = 1e8;  // K [N/m^n]
  double n = 1.5;
  std::optional<bool> clamp;  // the model's (the row's) separation rule unless set

  const Calibrated* calibrated() const { return std::get_if<Calibrated>(&damping); }
  const Material* material() const { return std::get_if<Material>(&damping); }
};

}  // namespace calib::models
