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
  if (model.alpha) {  // PINSLOT eq. 153: C = (3/2) α K
    require_non_negative("contact alpha [s/m]", *model.alpha);
    require_positive("contact damping_exponent", model.rate_exponent);
    ForceLaw law = find_material_law("pinslot-alpha")
                       .to_force_law(model.k, model.n, *model.alpha, model.rate_exponent);
    law.clamp = model.clamp.value_or(law.clamp);
    return {law, m_eff};
  }
  require_cor("contact e", model.e);
  const models::Model& m = models::find(model.model);
  if (m.family == Family::indentation)
    throw InputError(fmt::format(
        "contact model '{}': permanent-indentation laws are not simulated in systems yet",
        model.model));
  const ContactLaw law = calibrate::law_for(m, model.e, model.n, model.clamp);
  return {to_force_law(law, m_eff, model.k, v_in), m_eff};
}

}  // namespace calib::dynamics
