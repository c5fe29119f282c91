#include "calib/dynamics/contact_model.hpp"

#include <fmt/format.h>

#include "calib/calibrate/calibrate.hpp"
#include "calib/core/error.hpp"
#include "calib/core/material_law.hpp"
#include "calib/models/catalog.hpp"
#include "core/checks.hpp"

namespace calib::dynamics {

ActiveLaw begin_contact(const ContactModel& model, double v_in, double m_eff) {
  require_positive("contact k [N/m^n]", model.k);
  require_exponent("contact n", model.n);
  if (const Material* material = model.material()) {  // e.g. PINSLOT eq. 153: C = (3/2) α K
    const MaterialLaw& row = *material->row;
    require_non_negative(fmt::format("contact {} [{}]", row.parameter, row.unit),
                         material->damping);
    require_positive("contact damping_exponent", material->rate_exponent);
    ForceLaw law = row.to_force_law(model.k, model.n, material->damping, material->rate_exponent);
    law.clamp = model.clamp.value_or(law.clamp);
    return {law, m_eff};
  }
  const Calibrated& calibrated = *model.calibrated();
  require_cor("contact e", calibrated.e);
  const models::Model& m = models::find(calibrated.model);
  if (m.family == Family::indentation)
    throw InputError(fmt::format(
        "contact model '{}': permanent-indentation laws are not simulated in systems yet",
        calibrated.model));
  const ContactLaw law = calibrate::law_for(m, calibrated.e, model.n, model.clamp);
  return {to_force_law(law, m_eff, model.k, v_in), m_eff};
}

}  // namespace calib::dynamics
