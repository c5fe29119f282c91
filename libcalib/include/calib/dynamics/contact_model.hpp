#pragma once
// The force law of a contact inside a system: a catalog model and a target e. As the
// seeds do, the law's physical damping is fixed at contact start from the approach speed δ̇⁻ and
// the effective mass m_eff captured there (SF2020 eq. 61, PN2020 eq. 49 with NP eq. 28);
// `linear-damper` is libcalib's exact c_opt for that (m_eff, K, δ̇⁻, n, e).
#include <optional>
#include <string>

#include "calib/core/contact_law.hpp"

namespace calib::dynamics {

struct ContactModel {
  std::string model = "linear-damper";  // catalog name (calib models)
  double e = 0.8;                       // target coefficient of restitution
  double k = 1e8;                       // K [N/m^n]
  double n = 1.5;
  std::optional<bool> clamp;  // the model's separation rule unless set
  // PINSLOT eq. 153 instead of a catalog model at e: F = Kδⁿ + (3/2)αK|δ|ⁿ δ̇ᵐ, α [s/m] (a
  // hysteresis law with C = (3/2)αK whatever the approach speed; unclamped unless clamp).
  std::optional<double> alpha;
  double rate_exponent = 1.0;  // m
};

// The law of one contact event: the force law with its physical damping (C, c, χ per family)
// and the effective mass m_eff captured at contact start (the Tsuji damper scales with it).
struct ActiveLaw {
  ForceLaw law;
  double m_eff;
};

// The law for a contact starting at approach speed v_in > 0 with effective mass m_eff.
// InputError: unknown model, or a family the dynamics layer cannot simulate (indentation).
ActiveLaw begin_contact(const ContactModel& model, double v_in, double m_eff);

}  // namespace calib::dynamics
