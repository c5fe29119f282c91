// `calib simulate --format json`: the impacts and the final state per body.
#include <algorithm>
#include <cmath>

#include "calib/core/vocabulary.hpp"
#include "calib/dynamics/systems.hpp"

namespace calib::dynamics {

namespace {
nlohmann::ordered_json bodies(const System& sys, const Vector& q, const Vector& qd) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  const auto names = sys.body_names();
  for (int b = 0; b < static_cast<int>(names.size()); ++b) {
    const BodyState s = sys.body(b, q, qd);
    j[names[b]] = {{"x", s.x}, {"y", s.y}, {"phi", s.phi}, {"vx", s.vx}, {"vy", s.vy}, {"omega", s.omega}};
  }
  return j;
}
nlohmann::ordered_json number(double x) {
  return std::isfinite(x) ? nlohmann::ordered_json(x) : nlohmann::ordered_json(nullptr);
}
// The contacts' own laws (clearance joints), per region: K [N/m^n] and n as used (a kn_model
// law's fitted values), and the damping (alpha and m of PINSLOT eq. 153, or a model and e).
nlohmann::ordered_json contact_laws(const System& sys) {
  auto out = nlohmann::ordered_json::array();
  for (int k = 0; k < sys.contact_count(); ++k)
    for (int r = 0; r < sys.region_count(k); ++r) {
      const ContactModel* m = sys.contact_model(k, r);
      if (!m) continue;
      nlohmann::ordered_json law{{"contact", sys.contact_name(k)},
                                 {"region", sys.region_name(k, r)},
                                 {"k", m->k},
                                 {"n", m->n}};
      if (const Material* material = m->material()) {
        law[std::string(material->row->parameter)] = material->damping;
        law["damping_exponent"] = material->rate_exponent;
      } else {
        law["model"] = m->calibrated()->model;
        law["e"] = m->calibrated()->e;
      }
      out.push_back(law);
    }
  return out;
}
}  // namespace

double contact_force(const System& sys, const SimulationResult& r, int k, const Sample& s) {
  // Impacts are recorded in order of t_start: the last one of contact k starting at or before t.
  auto it = std::upper_bound(r.impacts.begin(), r.impacts.end(), s.t,
                             [](double t, const Impact& i) { return t < i.t_start; });
  while (it != r.impacts.begin()) {
    const Impact& i = *--it;
    if (i.contact != k) continue;
    const bool open = !std::isfinite(i.t_end) || s.t <= i.t_end;
    if (!open || i.t_end == i.t_start) return 0.0;  // ended, or a piecewise impulse
    const ActiveLaw& a = law_at(sys, k, i.law, i.region_laws, s.q);
    return a.law.force(sys.penetration(k, s.q), sys.penetration_rate(k, s.q, s.qd), a.m_eff);
  }
  return 0.0;
}

bool every_contact_has_own_law(const System& sys) {
  for (int k = 0; k < sys.contact_count(); ++k)
    if (!sys.contact_model(k, 0)) return false;
  return true;
}

nlohmann::ordered_json to_json(const SystemSetup& setup, const SimulationResult& r, Method method) {
  const bool own_laws = every_contact_has_own_law(*setup.system);
  nlohmann::ordered_json j;
  j["system"] = setup.name;
  j["model"] = own_laws ? std::string("per contact") : setup.contact.calibrated()->model;
  j["method"] = method_name(method);
  j["target_e"] = own_laws ? nlohmann::ordered_json(nullptr)
                           : nlohmann::ordered_json(setup.contact.calibrated()->e);
  j["rel_tol"] = setup.options.rel_tol;
  j["state_abs_tol"] = setup.options.abs_tol;
  auto& impacts = j["impacts"] = nlohmann::ordered_json::array();
  for (const Impact& i : r.impacts) {
    nlohmann::ordered_json rec{{"contact", setup.system->contact_name(i.contact)},
                               {"region", setup.system->region_name(i.contact, i.region)},
                               {"status", i.status()},
                               {"t_start", i.t_start},
                               {"t_end", number(i.t_end)},
                               {"v_in", i.v_in},
                               {"v_out", number(i.v_out)},
                               {"e", number(i.e)},
                               {"delta_max", i.delta_max},
                               {"peak_force", i.peak_force},
                               {"impulse", number(i.impulse)},
                               {"m_eff", i.m_eff}};
    rec["after"] = i.q_after.size() ? bodies(*setup.system, i.q_after, i.qd_after)
                                    : nlohmann::ordered_json(nullptr);
    impacts.push_back(rec);
  }
  j["laws"] = contact_laws(*setup.system);
  j["final"] = bodies(*setup.system, r.q_final, r.qd_final);
  if (setup.system->has_friction()) j["friction_work"] = r.friction_work;
  j["steps"] = r.steps;
  if (setup.system->constraint_count() > 0)  // planar multibody: the drift actually reached
    j["constraints"] = {{"count", setup.system->constraint_count()},
                        {"baumgarte_rate", setup.options.baumgarte_rate},
                        {"max_drift", r.max_drift},
                        {"max_velocity_drift", r.max_velocity_drift},
                        {"drift_tol", setup.options.drift_tol}};
  return vocabulary::with_units(std::move(j));
}

}  // namespace calib::dynamics
