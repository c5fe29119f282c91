#include "calib/dynamics/simulate.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>

#include <boost/numeric/odeint.hpp>
#include <fmt/format.h>

#include "acceleration_solver.hpp"
#include "calib/core/error.hpp"
#include "contact_events.hpp"
#include "run_budget.hpp"

namespace calib::dynamics {

namespace odeint = boost::numeric::odeint;
// q (N), q̇ (N), contact impulse ∫F dt per contact (C), and when the system has contact
// friction the friction work ∫Σ F_t v_t dt since t = 0 (one more; absent otherwise, so a
// frictionless run integrates exactly the same state).
using State = std::vector<double>;

namespace {

// q and q̇ of a state copied into preallocated vectors: an Eigen::Map passed as const Vector&
// would be copied into a fresh temporary at every call.
void unpack(const State& y, int n, Vector& q, Vector& qd) {
  std::copy_n(y.data(), n, q.data());
  std::copy_n(y.data() + n, n, qd.data());
}

// The equations of motion with the current set of active contact laws.
struct Rhs {
  const System& sys;
  const std::vector<std::optional<ActiveLaw>>& active;
  const std::vector<std::vector<ActiveLaw>>& region_laws;
  int n;
  double baumgarte_rate;
  bool friction;  // the state's last entry is the friction work
  // Scratch (one thread steps one simulation).
  mutable AccelerationSolver accelerations{sys};
  mutable Vector q{n}, qd{n}, f{n};
  void operator()(const State& y, State& dy, double t) const {
    unpack(y, n, q, qd);
    f = sys.applied(t, q, qd);
    const int contacts = static_cast<int>(active.size());
    double friction_power = 0.0;
    for (int k = 0; k < contacts; ++k) {
      dy[2 * n + k] = 0.0;
      if (!active[k]) continue;
      const ActiveLaw& a = law_at(sys, k, *active[k], region_laws[k], q);
      const double force =
          a.law.force(sys.penetration(k, q), sys.penetration_rate(k, q, qd), a.m_eff);
      sys.add_generalized_force(k, q, -force, f);
      if (friction) friction_power += sys.add_friction_force(k, q, qd, force, f);
      dy[2 * n + k] = force;
    }
    if (friction) dy[2 * n + contacts] = friction_power;
    const Vector& qdd = accelerations(t, q, qd, f, baumgarte_rate);
    for (int i = 0; i < n; ++i) {
      dy[i] = y[n + i];
      dy[n + i] = qdd[i];
    }
  }
};

struct ContactState {
  double delta, delta_dot;
};
// δ and δ̇ of contact k at a state, through scratch copies of q and q̇ (unpack).
struct ContactProbe {
  const System& sys;
  int n;
  Vector q{n}, qd{n};
  ContactState operator()(int k, const State& y) {
    unpack(y, n, q, qd);
    return {sys.penetration(k, q), sys.penetration_rate(k, q, qd)};
  }
};

// Drift of a constrained system at an accepted step; fails above the stated bound.
void check_drift(const System& sys, double t, const State& y, int n, double bound,
                 SimulationResult& r) {
  const Eigen::Map<const Vector> q(y.data(), n), qd(y.data() + n, n);
  const double position = sys.constraints(t, q).lpNorm<Eigen::Infinity>();
  const double velocity =
      (sys.constraint_jacobian(q) * qd + sys.constraint_time_derivative(t)).lpNorm<Eigen::Infinity>();
  r.max_drift = std::max(r.max_drift, position);
  r.max_velocity_drift = std::max(r.max_velocity_drift, velocity);
  if (!(std::max(position, velocity) <= bound))
    throw ComputeError(fmt::format(
        "simulate: constraint drift at t = {:.6g} s: |Phi| = {:.3g}, |dPhi/dt| = {:.3g} exceeds "
        "drift_tol = {:.3g}; tighten rel_tol/abs_tol or raise the Baumgarte rate",
        t, position, velocity, bound));
}

constexpr double kNever = std::numeric_limits<double>::infinity();

// The index of the series' last sample, at t_end: t_end/Δt when that is a whole number to within
// 1e-6 (the grid's own last point), else the next one up (a shorter last interval).
std::size_t last_sample_index(const SimulateOptions& o) {
  const double intervals = o.t_end / o.output_dt, whole = std::round(intervals);
  if (std::abs(intervals - whole) <= 1e-6) return static_cast<std::size_t>(std::max(whole, 1.0));
  return static_cast<std::size_t>(std::floor(intervals)) + 1;
}
using DenseStepper =
    decltype(odeint::make_dense_output(1.0, 1.0, odeint::runge_kutta_dopri5<State>()));

// One simulation: the state, the dense-output stepper and the open contacts. Each accepted
// step is searched for the earliest event inside it (a contact starting or ending, on the dense
// output), recorded up to that event, and restarted there.
class Run {
 public:
  Run(const System& sys, const ContactModel& contact, const SimulateOptions& o, const Vector& q0,
      const Vector& qd0);
  bool done() const { return t_ >= o_.t_end; }
  // One accepted step, up to its first event; false, with the result marked stopped, when the
  // budget is spent or a stop was requested first.
  bool advance();
  SimulationResult finish();

 private:
  struct Event {
    double t = kNever;
    int contact = -1;
  };
  const State& state_at(double time) {
    stepper_.calc_state(time, at_);
    return at_;
  }
  detail::GapPoint gap_at(int k, double time) {
    const ContactState c = probe_(k, state_at(time));
    return {time, c.delta, c.delta_dot};
  }
  // Sample i of the series: i·Δt, computed from i (an accumulated sum drifts and drops the last
  // sample), the last one exactly at t_end.
  double sample_time(std::size_t i) const {
    return i >= last_sample_ ? o_.t_end : static_cast<double>(i) * o_.output_dt;
  }
  void sample(double time, const State& s) {
    const Eigen::Map<const Vector> q(s.data(), n_), qd(s.data() + n_, n_);
    r_.series.push_back({time, q, qd, sys_.energy(q, qd), friction_work(s)});
  }
  double friction_work(const State& s) const { return friction_ ? s[2 * n_ + nc_] : 0.0; }
  // The law of open contact k at the state probe_ last unpacked (its region's).
  const ActiveLaw& probed_law(int k) const {
    return law_at(sys_, k, *active_[k], region_laws_[k], probe_.q);
  }
  Event earliest_event(double t0, double t1);
  double contact_start(int k, double t0, double t1);
  double contact_end(int k, double t0, double t1);
  void record(double t0, double t_stop);
  void update_extrema(int k, double t0, double t_stop);
  void start_contact(int k);
  void check_not_accumulating(int k, double v_in);
  void end_contact(int k);
  void stop_here(Stop why);

  const System& sys_;
  const ContactModel& contact_;
  const SimulateOptions& o_;
  int n_, nc_;
  bool friction_;
  SimulationResult r_;
  std::vector<std::optional<ActiveLaw>> active_;
  std::vector<std::vector<ActiveLaw>> region_laws_;  // per contact, when it has several regions
  std::vector<int> open_impact_;  // index into r_.impacts while a contact is active
  std::vector<double> last_start_, fastest_approach_;  // per contact (piecewise)
  State y_, at_;  // the state at t_; scratch for the dense output
  double t_ = 0.0;
  std::size_t next_sample_ = 1, last_sample_;
  std::vector<std::size_t> steps_open_;  // per contact: accepted steps taken while it was open
  detail::RunBudget budget_;
  Rhs rhs_;
  ContactProbe probe_;
  DenseStepper stepper_;
};

Run::Run(const System& sys, const ContactModel& contact, const SimulateOptions& o, const Vector& q0,
         const Vector& qd0)
    : sys_(sys),
      contact_(contact),
      o_(o),
      n_(sys.dof()),
      nc_(sys.contact_count()),
      friction_(sys.has_friction()),
      active_(nc_),
      region_laws_(nc_),
      open_impact_(nc_, -1),
      last_start_(nc_, -kNever),
      fastest_approach_(nc_, 0.0),
      y_(2 * n_ + nc_ + (friction_ ? 1 : 0), 0.0),
      at_(y_.size()),
      last_sample_(last_sample_index(o)),
      steps_open_(nc_, 0),
      budget_(o),
      rhs_{sys, active_, region_laws_, n_, o.baumgarte_rate, friction_},
      probe_{sys, n_},
      stepper_(
          odeint::make_dense_output(o.abs_tol, o.rel_tol, odeint::runge_kutta_dopri5<State>())) {
  for (int i = 0; i < n_; ++i) y_[i] = q0[i], y_[n_ + i] = qd0[i];
  sample(0.0, y_);
  stepper_.initialize(y_, t_, std::min(1e-4, o.t_end / 100));
}

bool Run::advance() {
  if (const auto stop = budget_.exceeded(r_.steps)) {
    stop_here(*stop);
    return false;
  }
  ++r_.steps;
  for (int k = 0; k < nc_; ++k)
    if (active_[k]) ++steps_open_[k];
  const auto [t0, t1] = stepper_.do_step(std::cref(rhs_));
  if (sys_.constraint_count() > 0)
    check_drift(sys_, t1, stepper_.current_state(), n_, o_.drift_tol, r_);
  const Event event = earliest_event(t0, t1);
  record(t0, std::min({event.t, t1, o_.t_end}));
  budget_.report(std::min(t1, o_.t_end), r_.steps);
  if (event.contact < 0 || event.t > o_.t_end) {
    t_ = t1;
    if (t1 >= o_.t_end) y_ = state_at(o_.t_end), t_ = o_.t_end;
    return true;
  }
  y_ = state_at(event.t);
  t_ = event.t;
  if (active_[event.contact])
    end_contact(event.contact);
  else
    start_contact(event.contact);
  stepper_.initialize(y_, t_, std::max(1e-12, (t1 - t0) / 4));
  return true;
}

// The run ends at t_ before t_end: the series gets its last sample there, the open contacts stay
// open (finish), and the result says why. y_ follows the stepper only at events and t_end; the
// stepper's current state is the state at t_.
void Run::stop_here(Stop why) {
  y_ = stepper_.current_state();
  if (r_.series.back().t < t_) sample(t_, y_);
  detail::ContactSteps contacts;
  for (int k = 0; k < nc_; ++k) contacts.emplace_back(sys_.contact_name(k), steps_open_[k]);
  r_.stop = why;
  r_.stop_reason = detail::stop_reason(why, o_, t_, r_.steps, stepper_.current_time_step(),
                                       contacts);
}

// The earliest event in (t0, t1]: a contact starting (δ rising through 0) or ending.
Run::Event Run::earliest_event(double t0, double t1) {
  Event first;
  for (int k = 0; k < nc_; ++k) {
    const double te = active_[k] ? contact_end(k, t0, t1) : contact_start(k, t0, t1);
    if (te < first.t) first = {te, k};
  }
  return first;
}

// Searched inside the step, not only at its end (contact_events.cpp): a step over which the
// bodies move at constant speed grows until it could span a whole contact. A contact whose δ is
// still > 0 at the step start (just after a piecewise jump, or a clamped law's end at F = 0
// before δ = 0) can start again only after δ has fallen to ≤ 0: the same search on −δ finds
// that instant first.
double Run::contact_start(int k, double t0, double t1) {
  const ContactState s = probe_(k, stepper_.previous_state());
  const ContactState e = probe_(k, stepper_.current_state());
  detail::GapPoint a{t0, s.delta, s.delta_dot};
  const detail::GapPoint b{t1, e.delta, e.delta_dot};
  if (a.delta > 0) {
    auto negated = [](const detail::GapPoint& g) {
      return detail::GapPoint{g.t, -g.delta, -g.delta_dot};
    };
    const double t_apart =
        detail::first_contact_start([&](double time) { return negated(gap_at(k, time)); },
                                    negated(a), negated(b), o_.abs_tol, sys_.affine_penetration(k),
                                    o_.event_bits);
    if (!(t_apart < t1)) return kNever;
    a = gap_at(k, t_apart);
  }
  if (!(a.delta <= 0)) return kNever;
  return detail::first_contact_start([this, k](double time) { return gap_at(k, time); }, a, b,
                                     o_.abs_tol, sys_.affine_penetration(k), o_.event_bits);
}

// The contact's indicator (δ, or F for clamped laws) falling through 0 while δ decreases.
double Run::contact_end(int k, double t0, double t1) {
  auto indicator = [&](const State& y) {
    const ContactState c = probe_(k, y);
    const ActiveLaw& a = probed_law(k);
    return a.law.indicator(c.delta, c.delta_dot, a.m_eff);
  };
  const double i1 = indicator(stepper_.current_state());
  if (!(i1 <= 0 && probe_(k, stepper_.current_state()).delta_dot < 0)) return kNever;
  auto rising = [&](double time) { return -indicator(state_at(time)); };
  return detail::first_crossing(rising, t0, t1, -indicator(stepper_.previous_state()), -i1,
                                o_.event_bits);
}

// The time series and the open contacts' diagnostics over [t0, t_stop].
void Run::record(double t0, double t_stop) {
  for (; next_sample_ <= last_sample_ && sample_time(next_sample_) <= t_stop + 1e-15 * o_.t_end;
       ++next_sample_) {
    const double time = sample_time(next_sample_);
    sample(time, state_at(std::min(time, t_stop)));
  }
  for (int k = 0; k < nc_; ++k)
    if (active_[k]) update_extrema(k, t0, t_stop);
}

// δ and F at 9 points of the step (its start included: a damper acting at δ = 0 peaks there);
// their maxima refined on the dense output between samples (refined_maximum).
void Run::update_extrema(int k, double t0, double t_stop) {
  Impact& imp = r_.impacts[open_impact_[k]];
  auto force = [&](double time) {
    const ContactState c = probe_(k, state_at(time));
    const ActiveLaw& a = probed_law(k);
    return a.law.force(c.delta, c.delta_dot, a.m_eff);
  };
  std::array<double, 9> times{}, deltas{}, forces{};
  for (int s = 0; s <= 8; ++s) {
    times[s] = t0 + (t_stop - t0) * s / 8.0;
    forces[s] = force(times[s]);
    deltas[s] = probe_(k, at_).delta;  // at_ still holds the state at times[s]
    if (o_.record_loops && s > 0) imp.loop.emplace_back(deltas[s], forces[s]);
  }
  const double delta_max = detail::refined_maximum(
      times, deltas, [&](double time) { return probe_(k, state_at(time)).delta; });
  const double peak_force = detail::refined_maximum(times, forces, force);
  imp.delta_max = std::max(imp.delta_max, delta_max);
  imp.peak_force = std::max(imp.peak_force, peak_force);
}

// At a contact start: the impulse–momentum jump with e (piecewise, NP eq. 28), or the contact
// law for the approach speed and effective mass found here (continuous).
void Run::start_contact(int k) {
  Eigen::Map<Vector> q(y_.data(), n_), qd(y_.data() + n_, n_);
  const Vector j = sys_.penetration_gradient(k, q);
  const double v = j.dot(qd), m_eff = effective_mass(sys_, k, q);
  const int region = sys_.region(k, q);
  const ContactModel* own = sys_.contact_model(k, region);
  const ContactModel& model = own ? *own : contact_;
  if (o_.method == Method::piecewise) {
    if (const Material* material = model.material())
      throw InputError(
          fmt::format("simulate: contact '{}' has a damping factor {} and no e; "
                      "the piecewise method needs an e",
                      sys_.contact_name(k), material->row->parameter));
    const double e = model.calibrated()->e;
    check_not_accumulating(k, v);
    const double impulse = (1.0 + e) * m_eff * v;
    qd -= accelerations(sys_, q, j) * impulse;
    r_.impacts.push_back(
        {k, t_, t_, v, e * v, e, 0.0, 0.0, impulse, m_eff, {}, region, {}, q, qd, {}});
    return;
  }
  std::vector<ActiveLaw> regions;
  if (sys_.region_count(k) > 1)
    for (int r = 0; r < sys_.region_count(k); ++r)
      regions.push_back(begin_contact(*sys_.contact_model(k, r), v, m_eff));
  const ActiveLaw law = begin_contact(model, v, m_eff);
  r_.impacts.push_back({k, t_, Impact::kOpen, v, Impact::kOpen, Impact::kOpen, 0, 0,
                        Impact::kOpen, m_eff, law, region, regions, {}, {}, {}});
  active_[k] = r_.impacts.back().law;
  region_laws_[k] = std::move(regions);
  open_impact_[k] = static_cast<int>(r_.impacts.size()) - 1;
  y_[2 * n_ + k] = 0.0;
}

// Impulses of one contact accumulating: a geometric sequence of bounces (e < 1) converging to
// rest, which the impulse method cannot pass (it would take ever shorter steps until
// max_steps). Caught when an approach is both slower than 1e-6 of the contact's fastest and
// sooner than 1e-6 t_end after its previous impulse.
void Run::check_not_accumulating(int k, double v_in) {
  const double previous = last_start_[k];
  last_start_[k] = t_;
  fastest_approach_[k] = std::max(fastest_approach_[k], v_in);
  if (!(v_in < 1e-6 * fastest_approach_[k] && t_ - previous < 1e-6 * o_.t_end)) return;
  throw ComputeError(fmt::format(
      "simulate: piecewise impacts of contact '{}' accumulate at t = {:.6g} s (approach speed "
      "{:.3g} m/s after {} impacts): it comes to rest, which impulses cannot represent; use the "
      "continuous method or a shorter t_end",
      sys_.contact_name(k), t_, v_in, r_.impacts.size()));
}

void Run::end_contact(int k) {
  const Eigen::Map<const Vector> q(y_.data(), n_), qd(y_.data() + n_, n_);
  Impact& imp = r_.impacts[open_impact_[k]];
  imp.t_end = t_;
  imp.v_out = -sys_.penetration_gradient(k, q).dot(qd);
  imp.e = imp.v_out / imp.v_in;
  imp.impulse = y_[2 * n_ + k];
  imp.q_after = q;
  imp.qd_after = qd;
  active_[k].reset();
  region_laws_[k].clear();
  open_impact_[k] = -1;
}

SimulationResult Run::finish() {
  budget_.finish();
  r_.t_reached = t_;
  r_.q_final = Eigen::Map<const Vector>(y_.data(), n_);
  r_.qd_final = Eigen::Map<const Vector>(y_.data() + n_, n_);
  r_.friction_work = friction_work(y_);
  return std::move(r_);
}

}  // namespace

SimulationResult simulate_until_stop(const System& sys, const Vector& q0, const Vector& qd0,
                                     const ContactModel& contact, const SimulateOptions& o) {
  if (std::string why; !o.IsValid(&why)) throw InputError("simulate: " + why);
  const int n = sys.dof();
  if (q0.size() != n || qd0.size() != n)
    throw InputError(
        fmt::format("simulate: {} coordinates expected, got {} and {}", n, q0.size(), qd0.size()));
  if (o.method == Method::piecewise && sys.has_friction())
    throw InputError(
        "simulate: the piecewise method has no contact friction (its impulses are normal only); "
        "use the continuous method or friction = 0");
  Run run(sys, contact, o, q0, qd0);
  while (!run.done())
    if (!run.advance()) break;
  return run.finish();
}

}  // namespace calib::dynamics
