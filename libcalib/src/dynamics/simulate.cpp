#include "calib/dynamics/simulate.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>

#include <boost/math/tools/minima.hpp>
#include <boost/math/tools/roots.hpp>
#include <boost/numeric/odeint.hpp>
#include <fmt/format.h>

#include "calib/core/error.hpp"

namespace calib::dynamics {

namespace odeint = boost::numeric::odeint;
using State = std::vector<double>;  // q (N), q̇ (N), contact impulse ∫F dt per contact (C)

std::string_view method_name(Method method) {
  return method == Method::piecewise ? "piecewise" : "continuous";
}

Method method_from_name(std::string_view name, std::string_view where) {
  for (Method m : {Method::continuous, Method::piecewise})
    if (name == method_name(m)) return m;
  throw InputError(fmt::format("{}: must be continuous or piecewise, got '{}'", where, name));
}

bool SimulateOptions::IsValid(std::string* error) const {
  auto fail = [&](std::string why) {
    if (error) *error = std::move(why);
    return false;
  };
  if (!(t_end > 0 && std::isfinite(t_end))) return fail(fmt::format("t_end must be > 0, got {}", t_end));
  if (!(rel_tol > 0 && rel_tol < 1)) return fail(fmt::format("rel_tol must be in (0, 1), got {}", rel_tol));
  if (!(abs_tol > 0 && abs_tol < 1)) return fail(fmt::format("abs_tol must be in (0, 1), got {}", abs_tol));
  if (!(output_dt > 0 && std::isfinite(output_dt)))
    return fail(fmt::format("output_dt must be > 0, got {}", output_dt));
  if (!(baumgarte_rate >= 0 && std::isfinite(baumgarte_rate)))
    return fail(fmt::format("baumgarte_rate must be >= 0, got {}", baumgarte_rate));
  if (!(drift_tol > 0 && std::isfinite(drift_tol)))
    return fail(fmt::format("drift_tol must be > 0, got {}", drift_tol));
  if (t_end / output_dt > 1e7)
    return fail(fmt::format("t_end/output_dt = {:.3g} samples; at most 1e7", t_end / output_dt));
  return true;
}

namespace {
// [M Dᵀ; D 0](q̈, λ) = (f, c). Partial-pivot LU: the matrix is invertible when D has full row
// rank and M is positive definite on D's null space (PlanarMultibody checks the rank).
Vector solve_augmented(const System& system, const Vector& q, const Vector& f, const Vector& c) {
  const int n = system.dof(), m = system.constraint_count();
  Matrix a = Matrix::Zero(n + m, n + m);
  a.topLeftCorner(n, n) = system.mass(q);
  const Matrix d = system.constraint_jacobian(q);
  a.topRightCorner(n, m) = d.transpose();
  a.bottomLeftCorner(m, n) = d;
  Vector rhs(n + m);
  rhs << f, c;
  return a.partialPivLu().solve(rhs).head(n);
}
}  // namespace

Vector constrained_accelerations(const System& system, double t, const Vector& q,
                                 const Vector& qd, const Vector& f, double alpha) {
  if (system.constraint_count() == 0) return accelerations(system, q, f);
  const Vector phi = system.constraints(t, q);
  const Vector phi_dot = system.constraint_jacobian(q) * qd + system.constraint_time_derivative(t);
  return solve_augmented(system, q, f,
                         -system.constraint_rate(t, q, qd) - 2 * alpha * phi_dot -
                             alpha * alpha * phi);
}

namespace {
// The coordinates a force can move (a driven one keeps q̈ = 0), and M's block on them. (Written
// out rather than Eigen's m(free, free): its index views copy the index vector at each use.)
std::vector<int> free_coordinates(const System& system) {
  std::vector<int> free;
  for (int i = 0; i < system.dof(); ++i)
    if (!system.driven(i)) free.push_back(i);
  return free;
}
Matrix free_block(const Matrix& m, const std::vector<int>& free) {
  const int nf = static_cast<int>(free.size());
  Matrix mff(nf, nf);
  for (int a = 0; a < nf; ++a)
    for (int b = 0; b < nf; ++b) mff(a, b) = m(free[a], free[b]);
  return mff;
}
}  // namespace

// M⁻¹ f restricted to the free coordinates; driven ones get q̈ = 0, so M_fd q̈_d vanishes.
Vector accelerations(const System& system, const Vector& q, const Vector& f) {
  if (system.constraint_count() > 0)
    return solve_augmented(system, q, f, Vector::Zero(system.constraint_count()));
  const int n = system.dof();
  const std::vector<int> free = free_coordinates(system);
  if (free.size() == static_cast<std::size_t>(n)) return system.mass(q).ldlt().solve(f);
  const int nf = static_cast<int>(free.size());
  Vector ff(nf);
  for (int a = 0; a < nf; ++a) ff[a] = f[free[a]];
  const Vector x = free_block(system.mass(q), free).ldlt().solve(ff);
  Vector out = Vector::Zero(n);
  for (int a = 0; a < nf; ++a) out[free[a]] = x[a];
  return out;
}

double effective_mass(const System& system, int contact, const Vector& q) {
  const Vector j = system.penetration_gradient(contact, q);
  return 1.0 / j.dot(accelerations(system, q, j));  // NP eq. 28
}

namespace {

// q̈ of the equations of motion for one simulation, with its scratch kept between calls: where
// the mass matrix is constant and nothing constrains the system (the lumped systems), M_ff is
// factored once and a right-hand side allocates nothing; otherwise constrained_accelerations.
// Per-call allocations were half the impact damper's time and slowed two threads each other.
class AccelerationSolver {
 public:
  explicit AccelerationSolver(const System& sys) : sys_(sys) {
    const int n = sys.dof();
    out_ = Vector::Zero(n);
    if (!sys.constant_mass() || sys.constraint_count() > 0) return;
    free_ = free_coordinates(sys);
    ldlt_.compute(free_block(sys.mass(Vector::Zero(n)), free_));
    ff_.resize(static_cast<Eigen::Index>(free_.size()));
    x_.resize(ff_.size());
    factored_ = true;
  }
  // The same q̈ as constrained_accelerations(sys, t, q, qd, f, alpha); driven coordinates 0.
  const Vector& operator()(double t, const Vector& q, const Vector& qd, const Vector& f,
                           double alpha) {
    if (!factored_) return out_ = constrained_accelerations(sys_, t, q, qd, f, alpha);
    for (std::size_t a = 0; a < free_.size(); ++a) ff_[a] = f[free_[a]];
    x_ = ldlt_.solve(ff_);
    for (std::size_t a = 0; a < free_.size(); ++a) out_[free_[a]] = x_[a];
    return out_;
  }

 private:
  const System& sys_;
  bool factored_ = false;
  std::vector<int> free_;
  Eigen::LDLT<Matrix> ldlt_;
  Vector ff_, x_, out_;
};

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
  int n;
  double baumgarte_rate;
  // Scratch (one thread steps one simulation).
  mutable AccelerationSolver accelerations{sys};
  mutable Vector q{n}, qd{n}, f{n};
  void operator()(const State& y, State& dy, double t) const {
    unpack(y, n, q, qd);
    f = sys.applied(t, q, qd);
    for (int k = 0; k < static_cast<int>(active.size()); ++k) {
      dy[2 * n + k] = 0.0;
      if (!active[k]) continue;
      const double force = active[k]->force(sys.penetration(k, q), sys.penetration_rate(k, q, qd));
      sys.add_generalized_force(k, q, -force, f);
      dy[2 * n + k] = force;
    }
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

}  // namespace

SimulationResult simulate(const System& sys, const Vector& q0, const Vector& qd0,
                          const ContactModel& contact, const SimulateOptions& o) {
  if (std::string why; !o.IsValid(&why)) throw InputError("simulate: " + why);
  const int n = sys.dof(), nc = sys.contact_count();
  if (q0.size() != n || qd0.size() != n)
    throw InputError(fmt::format("simulate: {} coordinates expected, got {} and {}", n, q0.size(),
                                 qd0.size()));
  SimulationResult r;
  std::vector<std::optional<ActiveLaw>> active(nc);
  std::vector<int> open_impact(nc, -1);  // index into r.impacts while a contact is active
  State y(2 * n + nc, 0.0);
  for (int i = 0; i < n; ++i) y[i] = q0[i], y[n + i] = qd0[i];
  auto sample = [&](double t, const State& s) {
    const Eigen::Map<const Vector> q(s.data(), n), qd(s.data() + n, n);
    r.series.push_back({t, q, qd, sys.energy(q, qd)});
  };
  sample(0.0, y);
  double next_output = o.output_dt;
  auto stepper = odeint::make_dense_output(o.abs_tol, o.rel_tol, odeint::runge_kutta_dopri5<State>());
  const Rhs rhs{sys, active, n, o.baumgarte_rate};
  ContactProbe contact_state{sys, n};
  double t = 0.0, dt = std::min(1e-4, o.t_end / 100);
  stepper.initialize(y, t, dt);
  State at(y.size());
  auto state_at = [&](double time) -> const State& {
    stepper.calc_state(time, at);
    return at;
  };
  boost::math::tools::eps_tolerance<double> tol(50);
  while (t < o.t_end) {
    if (++r.steps > o.max_steps)
      throw ComputeError(fmt::format("simulate: more than {} steps before t = {}", o.max_steps, o.t_end));
    const auto [t0, t1] = stepper.do_step(std::cref(rhs));
    const State &prev = stepper.previous_state(), &cur = stepper.current_state();
    if (sys.constraint_count() > 0) check_drift(sys, t1, cur, n, o.drift_tol, r);
    // The earliest event in (t0, t1]: a contact starting (δ rising through 0) or ending.
    double t_event = std::numeric_limits<double>::infinity();
    int k_event = -1;
    for (int k = 0; k < nc; ++k) {
      const ContactState a = contact_state(k, prev), b = contact_state(k, cur);
      std::function<double(double)> g;
      double g0, g1;
      if (!active[k]) {
        if (!(a.delta <= 0 && b.delta > 0)) continue;
        g = [&, k](double time) { return contact_state(k, state_at(time)).delta; };
        g0 = a.delta, g1 = b.delta;
      } else {
        const double i1 = active[k]->indicator(b.delta, b.delta_dot);
        if (!(i1 <= 0 && b.delta_dot < 0)) continue;
        g = [&, k](double time) {
          const ContactState c = contact_state(k, state_at(time));
          return -active[k]->indicator(c.delta, c.delta_dot);  // rising through 0 at the end
        };
        g0 = -active[k]->indicator(a.delta, a.delta_dot), g1 = -i1;
      }
      double te = t1;
      if (g0 < 0 && g1 >= 0) {
        std::uintmax_t it = 200;
        const auto br = boost::math::tools::toms748_solve(g, t0, t1, g0, g1, tol, it);
        te = g(br.second) >= 0 ? br.second : br.first;  // the first instant on the far side
      } else if (g0 >= 0) {
        te = t0;
      }
      if (te < t_event) t_event = te, k_event = k;
    }
    const double t_stop = std::min({t_event, t1, o.t_end});
    // Time series and the contact diagnostics up to t_stop.
    for (; next_output <= t_stop + 1e-15 * o.t_end; next_output += o.output_dt)
      sample(next_output, state_at(std::min(next_output, t_stop)));
    for (int k = 0; k < nc; ++k) {
      if (!active[k]) continue;
      Impact& imp = r.impacts[open_impact[k]];
      // δ and F at 9 points of the step (its start included: a damper acting at δ = 0 peaks
      // there); where a sample inside is the largest, Brent refines between its neighbours.
      std::array<double, 9> times{}, deltas{}, forces{};
      for (int s = 0; s <= 8; ++s) {
        times[s] = t0 + (t_stop - t0) * s / 8.0;
        const ContactState c = contact_state(k, state_at(times[s]));
        deltas[s] = c.delta;
        forces[s] = active[k]->force(c.delta, c.delta_dot);
        if (o.record_loops && s > 0) imp.loop.emplace_back(c.delta, forces[s]);
      }
      auto refined_max = [&](const std::array<double, 9>& v, auto value_at) {
        const int i = static_cast<int>(std::max_element(v.begin(), v.end()) - v.begin());
        if (i == 0 || i == 8) return v[i];
        const auto m = boost::math::tools::brent_find_minima(
            [&](double time) { return -value_at(time); }, times[i - 1], times[i + 1], 40);
        return std::max(v[i], -m.second);
      };
      imp.delta_max = std::max(imp.delta_max, refined_max(deltas, [&](double time) {
        return contact_state(k, state_at(time)).delta;
      }));
      imp.peak_force = std::max(imp.peak_force, refined_max(forces, [&](double time) {
        const ContactState c = contact_state(k, state_at(time));
        return active[k]->force(c.delta, c.delta_dot);
      }));
    }
    if (k_event < 0 || t_event > o.t_end) {
      t = t1;
      if (t1 >= o.t_end) y = state_at(o.t_end), t = o.t_end;
      continue;
    }
    // Handle the event at t_event, then restart the stepper there.
    y = state_at(t_event);
    t = t_event;
    const int k = k_event;
    Eigen::Map<Vector> q(y.data(), n), qd(y.data() + n, n);
    const Vector j = sys.penetration_gradient(k, q);
    const double v = j.dot(qd);
    if (!active[k]) {
      const double m_eff = effective_mass(sys, k, q);
      if (o.method == Method::piecewise) {  // impulse–momentum with e (NP eq. 28)
        const double impulse = (1.0 + contact.e) * m_eff * v;
        qd -= accelerations(sys, q, j) * impulse;
        Impact imp{k, t, t, v, contact.e * v, contact.e, 0.0, 0.0, impulse, m_eff, {}, q, qd, {}};
        r.impacts.push_back(imp);
      } else {
        Impact imp{k, t, 0, v, 0, 0, 0, 0, 0, m_eff, begin_contact(contact, v, m_eff), {}, {}, {}};
        r.impacts.push_back(imp);
        active[k] = r.impacts.back().law;
        open_impact[k] = static_cast<int>(r.impacts.size()) - 1;
        y[2 * n + k] = 0.0;
      }
    } else {
      Impact& imp = r.impacts[open_impact[k]];
      imp.t_end = t;
      imp.v_out = -v;
      imp.e = imp.v_out / imp.v_in;
      imp.impulse = y[2 * n + k];
      imp.q_after = q;
      imp.qd_after = qd;
      active[k].reset();
      open_impact[k] = -1;
    }
    stepper.initialize(y, t, std::max(1e-12, (t1 - t0) / 4));
  }
  for (int k = 0; k < nc; ++k)
    if (active[k]) r.impacts[open_impact[k]].t_end = std::numeric_limits<double>::quiet_NaN();
  r.q_final = Eigen::Map<const Vector>(y.data(), n);
  r.qd_final = Eigen::Map<const Vector>(y.data() + n, n);
  return r;
}

}  // namespace calib::dynamics
