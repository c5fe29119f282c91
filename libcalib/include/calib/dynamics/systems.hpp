#pragma once
// The example systems of the seeds, read from TOML (configs/systems/*.toml):
// `type` names the system, its tables its parameters (SI units), [contact] the force law and
// [simulate] the defaults of `calib simulate`.
//   bouncing-ball — SF2020 §8, Table 3, eq. 63: a ball of mass m and radius R dropped from a
//   centre height H₀ at V₀ onto rigid ground, gravity g. Coordinate: the centre height y;
//   penetration δ = R − y.
//   impact-damper — SF2020 §9, Table 4, eq. 64–69: a primary mass M on a spring K and damper
//   C = 2ξ√(KM), carrying a cavity of free length d (gap) in which an impact mass m slides with
//   Coulomb friction μ m g. Coordinates (x_M, x_m); contacts left δ = (x_M − d/2) − x_m and right
//   δ = x_m − (x_M + d/2) (eq. 67).
//   slider-crank — SF2020 §10, Tables 5–6: crank (r, m_c, J_c) pinned at the origin, connecting
//   rod (l, m_r, J_r), slider (m_s) on the x axis and a free block (m_b) on the same line.
//   Coordinates (φ, x_b): the crank angle (counter-clockwise, 0 with crank and rod along +x) and
//   the block position; the slider is x_s(φ) = r cos φ + √(l² − r² sin² φ), so the loop closure
//   holds exactly. Eq. 70 read as δ = (x_s + a) − (x_b − a): contact points a ahead of each body.
//   `drive`: "free" (the crank starts at ω₀ and is then free) or "constant-speed" (driven).
//   two-pendulums — PN2020 §6 = NP Example 5: slender rods (m_i, L_i) pinned at pivots a apart
//   on a horizontal line, angles θ_i from the downward vertical. The geometry is only in the
//   papers' figure; read as: pivot 2 at distance a to the right of pivot 1, θ positive
//   clockwise, so rod i points along (−sin θ_i, −cos θ_i); rod 2's tip strikes rod 1's side.
//   This reading puts the first impact at θ₁ ≈ −3°, θ₂ ≈ 27°, the configuration NP prints
//   (tests/dynamics check it). Penetration: the tip of rod 2 beyond rod 1's line.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "calib/dynamics/simulate.hpp"
#include "calib/dynamics/system.hpp"
#include "calib/models/planar_system.hpp"

namespace calib::dynamics {

struct SystemSetup {
  std::string name;  // the file's `name`, or its type
  std::string type;
  std::unique_ptr<System> system;
  Vector q0, qd0;
  ContactModel contact;
  SimulateOptions options;
};

// A caller's changes to a file's defaults (calib simulate --model --e --method --t-end
// --max-steps --max-wall-time, and calib.simulate in Python); InputError names the value (e
// outside (0, 1], t_end ≤ 0, max_steps < 1, max_wall_time ≤ 0).
struct Overrides {
  std::optional<std::string> model;
  std::optional<double> e, t_end;
  std::optional<Method> method;
  std::optional<std::int64_t> max_steps;
  std::optional<double> max_wall_time;  // [s]
};
void apply(const Overrides& overrides, SystemSetup& setup);

// K [N/m^n] and n of a clearance region's `kn_model` law (models::multibody::ClearanceLaw):
// the fit lives in a higher layer (studies::kn_fit::kn_fitter, as `calib kn-fit --model`), so
// the callers that link it (the CLI, Python, the systems study) pass it in.
using KnFitter =
    std::function<std::pair<double, double>(const models::multibody::ClearanceLaw& law)>;

// `file` as given when it exists (or is absolute), else looked up in the data folders
// (io/resources.hpp: "configs/systems/x.toml" works from any directory). InputError names the
// file, the key and the value; a `kn_model` law without a fitter is an InputError too.
SystemSetup load_system(const std::filesystem::path& file, const KnFitter& fitter = {});
// The same from TOML text (Python's calib.simulate with a dict); `origin` names it in errors.
SystemSetup parse_system(const std::string& toml_text, const std::string& origin,
                         const KnFitter& fitter = {});

class BouncingBall : public System {
 public:
  BouncingBall(double mass, double radius, double g) : m_(mass), r_(radius), g_(g) {}
  int dof() const override { return 1; }
  Matrix mass(const Vector&) const override { return Matrix::Constant(1, 1, m_); }
  Vector applied(double, const Vector&, const Vector&) const override {
    return Vector::Constant(1, -m_ * g_);
  }
  int contact_count() const override { return 1; }
  std::string contact_name(int) const override { return "ball-ground"; }
  double penetration(int, const Vector& q) const override { return r_ - q[0]; }
  Vector penetration_gradient(int, const Vector&) const override { return Vector::Constant(1, -1.0); }
  double penetration_rate(int, const Vector&, const Vector& qd) const override { return -qd[0]; }
  void add_generalized_force(int, const Vector&, double force, Vector& f) const override {
    f[0] -= force;
  }
  bool constant_mass() const override { return true; }
  bool affine_penetration(int) const override { return true; }
  std::vector<std::string> body_names() const override { return {"ball"}; }
  BodyState body(int, const Vector& q, const Vector& qd) const override {
    return {0.0, q[0], 0.0, 0.0, qd[0], 0.0};
  }
  double energy(const Vector& q, const Vector& qd) const override {
    return 0.5 * m_ * qd[0] * qd[0] + m_ * g_ * q[0];
  }

 private:
  double m_, r_, g_;
};

// SF2020 eq. 64/68. Coulomb friction μ m g sgn(ẋ_M − ẋ_m) is regularised: sgn(u) ≈
// u/√(u² + ε²) with ε = friction_velocity [m/s] (sticking becomes a stiff viscous
// lock of time constant ε/(μ g)); tests/dynamics check the envelope's convergence as ε → 0.
class ImpactDamper : public System {
 public:
  struct Parameters {
    double primary_mass, impact_mass, stiffness, damping_ratio, gap, friction, g,
        friction_velocity;
  };
  explicit ImpactDamper(const Parameters& p) : p_(p) {}
  int dof() const override { return 2; }
  Matrix mass(const Vector&) const override;
  Vector applied(double t, const Vector& q, const Vector& qd) const override;
  int contact_count() const override { return 2; }
  std::string contact_name(int k) const override { return k == 0 ? "left" : "right"; }
  double penetration(int k, const Vector& q) const override;
  Vector penetration_gradient(int k, const Vector& q) const override;
  double penetration_rate(int k, const Vector& q, const Vector& qd) const override;
  void add_generalized_force(int k, const Vector& q, double force, Vector& f) const override;
  bool constant_mass() const override { return true; }
  bool affine_penetration(int) const override { return true; }
  std::vector<std::string> body_names() const override { return {"primary", "impact_mass"}; }
  BodyState body(int b, const Vector& q, const Vector& qd) const override {
    return {q[b], 0.0, 0.0, qd[b], 0.0, 0.0};
  }
  double energy(const Vector& q, const Vector& qd) const override;
  const Parameters& parameters() const { return p_; }

 private:
  Parameters p_;
};

class SliderCrank : public System {
 public:
  struct Parameters {
    double r, l, crank_mass, crank_inertia, rod_mass, rod_inertia, slider_mass, block_mass, a;
    bool driven;
  };
  explicit SliderCrank(const Parameters& p) : p_(p) {}
  int dof() const override { return 2; }
  Matrix mass(const Vector& q) const override;
  Vector applied(double t, const Vector& q, const Vector& qd) const override;
  int contact_count() const override { return 1; }
  std::string contact_name(int) const override { return "slider-block"; }
  double penetration(int k, const Vector& q) const override;
  Vector penetration_gradient(int k, const Vector& q) const override;
  std::vector<std::string> body_names() const override { return {"crank", "rod", "slider", "block"}; }
  BodyState body(int b, const Vector& q, const Vector& qd) const override;
  double energy(const Vector& q, const Vector& qd) const override;
  bool driven(int i) const override { return i == 0 && p_.driven; }
  // The crank's generalized inertia M₁₁(φ) (every body's kinetic energy per φ̇²/2).
  double crank_inertia(double phi) const;
  const Parameters& parameters() const { return p_; }

 private:
  Parameters p_;
};

class TwoPendulums : public System {
 public:
  struct Parameters {
    double m1, l1, m2, l2, a, g;
  };
  explicit TwoPendulums(const Parameters& p) : p_(p) {}
  int dof() const override { return 2; }
  Matrix mass(const Vector& q) const override;
  Vector applied(double t, const Vector& q, const Vector& qd) const override;
  int contact_count() const override { return 1; }
  std::string contact_name(int) const override { return "tip2-rod1"; }
  double penetration(int k, const Vector& q) const override;
  Vector penetration_gradient(int k, const Vector& q) const override;
  std::vector<std::string> body_names() const override { return {"rod1", "rod2"}; }
  BodyState body(int b, const Vector& q, const Vector& qd) const override;
  double energy(const Vector& q, const Vector& qd) const override;

 private:
  Parameters p_;
};

// True when every contact carries its own law (a file of clearance joints only): the file-wide
// `[contact]` model and e then apply to nothing and are not reported as the run's law.
bool every_contact_has_own_law(const System& system);

// The run as the JSON of `calib simulate --format json`: {"system", "model", "method",
// "target_e", "rel_tol", "state_abs_tol", "impacts": [...], "laws", "final": {...}, "steps", "units"}
// in SI units (vocabulary names, core/vocabulary.hpp). With every contact on its own law, "model"
// is "per contact" and "target_e" null: the laws are those listed under "laws".
nlohmann::ordered_json to_json(const SystemSetup& setup, const SimulationResult& r,
                               Method method);

}  // namespace calib::dynamics
