#pragma once
// Forward dynamics with contact: Boost.Odeint dense-output Dormand–Prince 5(4) on
// (q, q̇); contact start (δ = 0 rising) and end (δ = 0, or F = 0 for clamped laws, as in the
// single-impact solver) located on the dense output with TOMS748. A contact start is searched
// inside every step, not only at its ends (a motion at constant speed has no error estimate, so
// a step may span a whole contact); a contact's peak force and δ_max are refined between the
// step's samples. Piecewise bounces that accumulate (e < 1 coming to rest) fail (ComputeError). Method `continuous` integrates
// the contact law; `piecewise` applies the impulse–momentum jump Δq̇ = −(1+e)(J q̇)M⁻¹Jᵀ m_eff
// at contact start (NP eq. 28 effective mass), so J q̇⁺ = −e J q̇⁻ exactly.
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "calib/dynamics/contact_model.hpp"
#include "calib/dynamics/system.hpp"

namespace calib::dynamics {

enum class Method { continuous, piecewise };
std::string_view method_name(Method method);  // "continuous" | "piecewise"
// The inverse; InputError "<where>: must be continuous or piecewise, got '<name>'".
Method method_from_name(std::string_view name, std::string_view where);

inline constexpr std::size_t kDefaultMaxSteps = 1'000'000;

struct SimulateOptions {
  Method method = Method::continuous;
  double t_end = 1.0;        // [s]
  double rel_tol = 1e-10, abs_tol = 1e-12;
  double output_dt = 1e-3;   // time-series spacing [s] (events are always recorded)
  // TOMS748 bracket precision (bits of the time) of a contact's start and end on a step's
  // dense output. Each located event restarts the stepper there, so in a long run with many
  // contacts (a chaotic impact damper) the last bits of each event time reach later results.
  int event_bits = 50;
  // The work budget. A stiff contact (regularised friction locking a sticking contact, a very
  // large K) forces the explicit integrator into steps of its own time scale, and a large
  // system costs much per step: either can run for hours. A run that has taken max_steps
  // accepted steps, or max_wall_time seconds of wall clock, before t_end stops there
  // (SimulationResult::stop) and names where the steps went.
  std::size_t max_steps = kDefaultMaxSteps;
  double max_wall_time = std::numeric_limits<double>::infinity();  // [s]
  bool progress = false;  // a progress line on stderr: t reached, steps, their rate, ETA
  // Polled before every step: true stops the run (Stop::interrupted). The CLI and Python doors
  // set it from calib::InterruptScope (Ctrl-C as in sweeps and studies).
  std::function<bool()> stop_requested;
  bool record_loops = false;  // keep (δ, F) samples of every contact (Impact::loop)
  // Constrained systems only: the Baumgarte rate α [1/s] (system.hpp), and the bound on the
  // drift max(|Φ|∞ [m or rad], |Dq̇ + Φ_t|∞ [m/s or rad/s]) checked after every accepted step;
  // above it the run fails (ComputeError) instead of returning a drifted answer. A larger α
  // holds Φ tighter but costs steps (the corrective mode is resolved by the error control);
  // α ≈ 10/t_end is a fair choice.
  double baumgarte_rate = 1.0;
  double drift_tol = 1e-8;
  bool IsValid(std::string* error) const;
};

// One contact, from its start to its end. A contact still open when the run ends (at t_end or
// where it stopped) has no end: t_end, v_out, e and impulse are NaN (JSON null, CSV blank), and
// it counts in no statistic of e; delta_max and peak_force are those reached so far.
struct Impact {
  static constexpr double kOpen = std::numeric_limits<double>::quiet_NaN();
  int contact;
  double t_start, t_end = kOpen;   // [s]
  double v_in, v_out = kOpen;      // approach / separation speed along the normal [m/s]
  double e = kOpen;                // v_out / v_in
  double delta_max = 0, peak_force = 0, impulse = kOpen;  // [m], [N], [N s]
  double m_eff;                    // NP eq. 28 [kg]
  ActiveLaw law;                   // in the region where the contact started
  int region = 0;                  // that region (System::region_name)
  std::vector<ActiveLaw> region_laws;  // every region's, when the contact has several
  Vector q_after, qd_after;
  std::vector<std::pair<double, double>> loop;  // (δ [m], F [N]) when record_loops
  bool closed() const { return std::isfinite(t_end); }
  std::string_view status() const { return closed() ? "closed" : "open"; }
};

// The law acting in a contact at q: its region's (System::region) when it has several.
inline const ActiveLaw& law_at(const System& system, int k, const ActiveLaw& law,
                               const std::vector<ActiveLaw>& region_laws, const Vector& q) {
  return region_laws.empty() ? law : region_laws[system.region(k, q)];
}

struct Sample {
  double t;
  Vector q, qd;
  double energy;
  double friction_work = 0;  // ∫Σ F_t v_t dt of the contacts' friction since t = 0 [J] (≤ 0)
};

// Why a run ended before t_end (none: it reached t_end).
enum class Stop { none, step_budget, time_budget, interrupted };

struct SimulationResult {
  std::vector<Sample> series;  // at i·output_dt, the last sample at t_end (or where it stopped)
  std::vector<Impact> impacts;
  Vector q_final, qd_final;
  std::size_t steps = 0;
  double max_drift = 0, max_velocity_drift = 0;  // over accepted steps (constrained systems)
  double friction_work = 0;  // at the end (System::has_friction), as Sample::friction_work
  Stop stop = Stop::none;
  double t_reached = 0;      // [s]: t_end, or where the run stopped
  std::string stop_reason;   // what stopped it, the time reached and where the steps went
};

// Contact k's normal force at a sample of the series (> 0 pushing apart): the law of the
// contact of k open at sample.t evaluated at the sample's δ and δ̇, 0 when none is open.
double contact_force(const System& system, const SimulationResult& result, int k,
                     const Sample& sample);

// The run to t_end; a run that stops first (a budget, a stop request) throws the stop's error
// (require_complete) and returns nothing.
SimulationResult simulate(const System& system, const Vector& q0, const Vector& qd0,
                          const ContactModel& contact, const SimulateOptions& options);
// The same, returning a stopped run with what it computed up to result.t_reached (its open
// contacts open, its series ending there) for the caller to keep before it reports the stop.
SimulationResult simulate_until_stop(const System& system, const Vector& q0, const Vector& qd0,
                                     const ContactModel& contact, const SimulateOptions& options);
// Nothing for a complete run; else ComputeError (a budget spent: exit 1) or calib::Interrupted
// (a stop request: exit 130) with result.stop_reason and `kept` (where the partial output went,
// or empty) appended.
void require_complete(const SimulationResult& result, const std::string& kept = {});

}  // namespace calib::dynamics
