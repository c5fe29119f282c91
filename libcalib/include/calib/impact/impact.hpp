#pragma once
// The event-terminated direct-central-impact solve. The hysteresis and
// Tsuji families are solved in energy time (src/impact/energy_time.hpp), the others in τ.
// Boost.Odeint: Dormand–Prince 5(4) over the contact's two non-smooth ends (x^n at δ = 0),
// Runge–Kutta–Fehlberg 7(8) through its bulk (fewer RHS evaluations per step of accuracy; the
// linear damper's bulk in Taylor-series steps instead, src/impact/taylor_series.hpp),
// Rosenbrock 4 as the stiff fallback. Events (separation, δ_max, peak force) are located on an
// interpolant with TOMS748 / Brent and reported from a re-step to the located instant
// (src/impact/hermite_dense.hpp, src/impact/impact.cpp); in the Taylor bulk, on the series.
#include <cstddef>
#include <string>

#include "calib/core/contact_law.hpp"

namespace calib::impact {

namespace detail {
// The solve paths of ImpactOptions::strategy (docs/method.md).
struct Strategy {
  // The hysteresis and Tsuji families in energy time (pow-free, smooth to separation); false:
  // in τ, as every other family. A contact too stiff for stiff_after explicit steps in energy
  // time is re-solved in τ either way.
  bool energy_time = true;
  // The linear damper's first stretch from its series in τ and τ^(n+1) (no steps); false:
  // stepped from contact.
  bool series_start = true;
  // The linear damper's bulk in Taylor-series steps of order 20; false: Fehlberg 7(8) steps.
  bool taylor_bulk = true;
};
}  // namespace detail

struct ImpactOptions {
  // The tightest relative tolerance a double-precision step-size control can honour: a few
  // units of roundoff (2.2e-16) per step. IsValid refuses a smaller rel_tol instead of
  // reporting it as met.
  static constexpr double kMinRelTol = 1e-15;
  double rel_tol = 1e-10;  // Odeint relative tolerance, in [kMinRelTol, 1)
  double abs_tol = 1e-12;  // absolute tolerance in dimensionless units (x, x' ~ 1)
  int event_bits = 52;     // TOMS748 bracket precision (bits of the event time)
  std::size_t max_steps = 1'000'000;
  // Peak force and max penetration need extra dense-output work per step; inverse
  // calibration only needs e_out and switches them off.
  bool diagnostics = true;
  // Overdamped creep (x → 0 without ever crossing, e.g. a linear dashpot with no clamp and
  // ζ above critical) never separates. Once the speed the bodies could still reach,
  // √(x'² + 2U(x)) (energy bound: damping only dissipates), is below capture_tol·v, e_out
  // cannot exceed capture_tol and the impact is reported as captured.
  double capture_tol = 1e-12;
  // After this many explicit steps (both explicit steppers counted) without separation the
  // solve continues with Rosenbrock 4 (stiff: very large damping, slow creep); no step is
  // lost, the state carries over.
  std::size_t stiff_after = 2'000;
  // Which solve path each family takes: for tests and benchmarks that check one path against
  // another integrator; every path is verified, so users keep the defaults.
  detail::Strategy strategy{};

  bool IsValid(std::string* error) const;
};

enum class Status { separated, captured, max_steps };
std::string_view status_name(Status s);

// Results in dimensionless units (lengths / δ_m, times / (δ_m/v), forces / (m v²/δ_m),
// energies / (m v²)); see physical() for SI units.
struct ImpactResult {
  Status status = Status::max_steps;
  double e_out = 0.0;            // -x'(τ_sep), SF2020 eq. 60 / PN2020 eq. 22
  double delta_max = 0.0;        // max penetration (located where x' = 0)
  // τ_sep. Captured: where the capture was detected — the energy bound below capture_tol, or x'
  // turning positive again (for an overdamped creep whose speed is at rounding level, e.g. an
  // unclamped linear damper at ζ = 1e5, that happens early: the creep itself never ends).
  double t_contact = 0.0;
  double f_max = 0.0;            // peak contact force
  double delta_sep = 0.0;        // penetration at separation (PN2020 eq. 51)
  double energy_residual = 0.0;  // |½ - ½e² - U(δ_sep) - W_damping| / ½
  std::size_t steps = 0;
  std::size_t rhs_evaluations = 0;
  std::size_t stiff_steps = 0;  // steps taken by the Rosenbrock fallback

  std::string BriefReport() const;
};

// Dimensionless solve of x'' + a x^p x' + κ xⁿ = 0.
ImpactResult solve(const ContactLaw& law, const ImpactOptions& options = {});

// The same impact in SI units, obtained by scaling the dimensionless solve.
struct PhysicalResult {
  Status status;
  double e_out, delta_max, t_contact, f_max, delta_sep, energy_residual;
};
PhysicalResult solve_physical(const PhysicalImpact& p, const ImpactOptions& options = {});
// ComputeError (exit 1) when the solve hit max_steps or a reported quantity is not a number:
// such a result is never printed as if it were one.
void require_finished(const PhysicalResult& r, std::string_view what);

// Independent check of the scaling: integrates the physical equation directly in SI units
// (tolerances scaled by δ_m and v). Slower; used by tests.
PhysicalResult solve_physical_direct(const PhysicalImpact& p, const ImpactOptions& options = {});

}  // namespace calib::impact
