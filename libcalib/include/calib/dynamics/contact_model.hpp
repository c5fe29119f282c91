#pragma once
// A system contact's law (models/contact_model.hpp) as it acts in one contact event.
#include "calib/core/contact_law.hpp"
#include "calib/models/contact_model.hpp"

namespace calib::dynamics {

using models::Calibrated;
using models::ContactModel;
using models::Material;

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
