// `calib simulate --format json`: the impacts and the final state per body.
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
}  // namespace

nlohmann::ordered_json to_json(const SystemSetup& setup, const SimulationResult& r, Method method) {
  nlohmann::ordered_json j;
  j["system"] = setup.name;
  j["model"] = setup.contact.model;
  j["method"] = method_name(method);
  j["target_e"] = setup.contact.e;
  auto& impacts = j["impacts"] = nlohmann::ordered_json::array();
  for (const Impact& i : r.impacts) {
    nlohmann::ordered_json rec{{"contact", setup.system->contact_name(i.contact)},
                               {"t_start", i.t_start},
                               {"t_end", number(i.t_end)},
                               {"v_in", i.v_in},
                               {"v_out", i.v_out},
                               {"e", i.e},
                               {"delta_max", i.delta_max},
                               {"peak_force", i.peak_force},
                               {"impulse", i.impulse},
                               {"m_eff", i.m_eff}};
    rec["after"] = i.q_after.size() ? bodies(*setup.system, i.q_after, i.qd_after)
                                    : nlohmann::ordered_json(nullptr);
    impacts.push_back(rec);
  }
  j["final"] = bodies(*setup.system, r.q_final, r.qd_final);
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
