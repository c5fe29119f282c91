#include "calib/dynamics/contact_model.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "calib/calibrate/calibrate.hpp"
#include "calib/core/error.hpp"
#include "calib/models/catalog.hpp"
#include "core/checks.hpp"

namespace calib::dynamics {

double ActiveLaw::force(double delta, double delta_dot) const {
  const double d = std::max(delta, 0.0);
  const double dn = std::pow(d, n);
  double damper = 0.0;
  switch (family) {
    case Family::hysteresis:  // SF2020 eq. 7: F = Kδⁿ + Cδⁿδ'; PINSLOT eq. 153: Cδⁿδ'ᵐ
      damper = damping * dn *
               (rate_exponent == 1.0
                    ? delta_dot
                    : std::copysign(std::pow(std::abs(delta_dot), rate_exponent), delta_dot));
      break;
    case Family::linear_damper:  // PN2020 eq. 8: F = Kδⁿ + cδ'
      damper = damping * delta_dot;
      break;
    case Family::tsuji:  // c = χ√(m K)δ^{(n−1)/2}
      damper = damping * std::sqrt(m_eff * k) * std::pow(d, 0.5 * (n - 1.0)) * delta_dot;
      break;
    case Family::viscoelastic:  // C δ^{1/2} δ'
      damper = damping * std::sqrt(d) * delta_dot;
      break;
    case Family::indentation:
      break;  // refused in begin_contact
  }
  const double f = k * dn + damper;
  return clamp ? std::max(f, 0.0) : f;
}

double ActiveLaw::indicator(double delta, double delta_dot) const {
  if (!clamp) return delta;
  ActiveLaw free = *this;
  free.clamp = false;
  return std::min(free.force(delta, delta_dot), delta);
}

ActiveLaw begin_contact(const ContactModel& model, double v_in, double m_eff) {
  require_positive("contact k [N/m^n]", model.k);
  require_exponent("contact n", model.n);
  if (model.alpha) {  // PINSLOT eq. 153: C = (3/2) α K
    require_non_negative("contact alpha [s/m]", *model.alpha);
    require_positive("contact damping_exponent", model.rate_exponent);
    return {Family::hysteresis,           model.k, model.n,
            1.5 * *model.alpha * model.k, m_eff,   model.clamp.value_or(false),
            model.rate_exponent};
  }
  require_cor("contact e", model.e);
  const models::Model& m = models::find(model.model);
  if (m.family == Family::indentation)
    throw InputError(fmt::format(
        "contact model '{}': permanent-indentation laws are not simulated in systems yet",
        model.model));
  const ContactLaw law = calibrate::law_for(m, model.e, model.n, model.clamp);
  const double damping = to_physical_damping(law.family, law.damping, m_eff, model.k, v_in, model.n);
  return {law.family, model.k, model.n, damping, m_eff, law.clamp};
}

}  // namespace calib::dynamics
