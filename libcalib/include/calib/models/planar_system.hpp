#pragma once
// Planar multibody description for effective-mass studies: bodies, revolute and
// prismatic joints, one contact — assembled into NP's M, D and d (seed §4.2, planar form of
// eq. 18–22: three coordinates (x, y, φ) per body, NP §5 opening paragraph).
// The same file drives forward dynamics (dynamics/planar_multibody.hpp), which also
// reads initial velocities, gravity, springs/dampers and drives; the effective mass ignores them
// (they do not enter NP eq. 28).
#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include "calib/io/config.hpp"
#include "calib/models/contact_model.hpp"
#include "calib/models/multibody.hpp"

namespace calib::models::multibody {

using Vec2 = std::array<double, 2>;

struct Body {
  std::string name;
  double mass = 1.0;               // kg (any consistent units)
  double inertia = 1.0;            // polar moment about the mass centre
  double x = 0, y = 0, angle = 0;  // configuration at impact (angle in radians)
  bool rotation_locked = false;    // `rotates = false`: one extra constraint φ = φ₀ (NP Ex. 2)
  double locked_angle = 0;
  // Initial velocities (`vx`, `vy`, `omega`) as given; absent ones are solved from the joints.
  std::optional<double> vx, vy, omega;
};

struct Joint {
  enum class Type { revolute, prismatic } type = Type::revolute;
  int body_i = -1, body_j = -1;       // -1 = ground
  Vec2 point_i{0, 0}, point_j{0, 0};  // in body frames (ground: global)
  Vec2 axis_i{1, 0};                  // prismatic: sliding axis in body i's frame
  double angle_offset = 0;            // prismatic: φ_i − φ_j held at its value in the config
};

struct Contact {
  int body_i = -1, body_j = -1;
  Vec2 point_i{0, 0}, point_j{0, 0};  // contact points P_i, P_j in body frames
  Vec2 normal{1, 0};                  // unit normal n, global (NP eq. 19–21)
  // `normal_in = "body_j"`: n is fixed in body j's frame and turns with it, and P_j is any point
  // of body j's contact face: a point of body i against a flat face of body j (the tip of one
  // pendulum sliding along the other). δ = nᵀ(P_i − P_j) either way (> 0: overlap).
  bool normal_in_body_j = false;
};

// The normal force of a clearance joint's contact: K δⁿ plus either PINSLOT eq. 153's damping
// (3/2) α K |δ|ⁿ δ̇ᵐ (α [s/m], m) or a catalog model's damping calibrated for a target e at the
// The smallest regularisation speed v_r of a friction law (a clearance joint's
// friction_velocity, an impact damper's regularisation_velocity) [m/s]. The smooth sign locks a
// sticking contact with the viscous slope μF_n/v_r, which an explicit integrator follows only in
// steps below about 3.3 m_eff v_r/(μF_n): its steps grow as 1/v_r. What v_r changes in the motion
// is the creep of a stuck contact, at most v_r: at 1 µm/s, 1 µm per simulated second, below any
// clearance or measurement. A smaller v_r buys nothing visible and costs steps without bound.
inline constexpr double kMinFrictionVelocity = 1e-6;
// InputError naming `where` unless v_r >= kMinFrictionVelocity (and finite).
void require_friction_velocity(const std::string& where, double v_r);

// approach speed of each contact start, as for point contacts (dynamics/contact_model.hpp).
struct ClearanceLaw {
  // K, n, the clamp and the damping: a catalog model at e, or PINSLOT eq. 153's α [s/m] with
  // its rate exponent m (the material law pinslot-alpha).
  ContactModel contact{.damping = {}, .k = 0, .n = 1.5, .clamp = {}};
  // Regularised Coulomb friction along the contact tangent: F_t = −μ |F_n| v_t/√(v_t² + v_r²)
  // (μ = `friction`, 0: none; v_r = `friction_velocity` [m/s]).
  double friction = 0, friction_velocity = 1e-4;
  // `kn_model` (a cylindrical law of calib kn-fit --model) instead of k and n: K and n are
  // fitted from these by the kn-fit layer when the file is loaded (dynamics::KnFitter), SI.
  std::string kn_model;
  double youngs = 0, poisson = 0, delta_r = 0, radius_i = 0.1, length = 0;
  bool external = false;  // ΔR = R_i + R_j (pin against a convex track) instead of R_i − R_j
};

// The centre curve of a slot in its body's frame: a segment between the end caps' centres a
// and b, or a circular arc of radius R_m about `centre` from angle `start` over `sweep` (> 0,
// counter-clockwise). The slot is the set of points within half_width of the curve (its ends
// semicircular caps).
struct SlotShape {
  bool arc = false;
  Vec2 a{0, 0}, b{0, 0};
  Vec2 centre{0, 0};
  double radius = 0, start = 0, sweep = 0;
  double half_width = 0;
};

// A contact region of a clearance joint and its law (PINSLOT §4: inner track, outer track and
// end caps each have their own K, n).
struct ClearanceRegion {
  std::string name;
  ClearanceLaw law;
};

// A clearance joint: a journal (pin) centred at point_j on body_j, radius R_j, held by body_i.
//  `revolute-clearance`: a bearing of radius R_b > R_j centred at point_i on body_i. Penetration
//  δ = |r_j − r_b| − (R_b − R_j), normal along the eccentricity r_j − r_b (the journal–bearing
//  model of Flores & Ambrósio, Comput. Struct. 82, 2004); one region.
//  `pin-in-slot`: a slot (SlotShape) of body_i. With c the point of the centre curve closest to
//  the pin's centre p, δ = |p − c| − (w − R_j), normal along p − c; the region is the side of the
//  track (straight: left/right of a → b; arc: inner/outer, nearer/farther than R_m from the arc's
//  centre) or the end caps when c is an end.
struct ClearanceJoint {
  std::string name;  // `name`, else "<body_i>-<body_j>"
  bool slot = false;
  int body_i = -1, body_j = -1;
  Vec2 point_i{0, 0}, point_j{0, 0};
  double bearing_radius = 0, journal_radius = 0;  // R_b (revolute only), R_j [m]
  SlotShape shape;                                // pin-in-slot only
  // revolute: one region; pin-in-slot: {left|inner, right|outer, ends} in that order.
  std::vector<ClearanceRegion> regions;
};

// A translational spring–damper between two body points: tension
// T = stiffness (L − length) + damping L̇ along the line P_i → P_j.
struct Spring {
  int body_i = -1, body_j = -1;
  Vec2 point_i{0, 0}, point_j{0, 0};
  double stiffness = 0, damping = 0, length = 0;  // N/m, N s/m, m
};

// A motor: coordinate q_c(t) = q_c(0) + velocity·t (a rheonomic constraint).
struct Drive {
  int coordinate = -1;
  double velocity = 0;  // m/s or rad/s
};

struct PlanarSystem {
  std::string name;
  std::vector<Body> bodies;
  std::vector<Joint> joints;
  Contact contact;          // the point contact ([contact]); absent when has_contact is false
  bool has_contact = true;  // a file with clearance joints may omit [contact]
  std::vector<ClearanceJoint> clearances;  // clearance joints (contacts, not constraints)
  std::vector<int> fixed;  // coordinate indices (3·body + {0,1,2}) held during assembly
  Vec2 gravity{0, 0};      // m/s²; `[gravity] g = 9.81` is (0, −g), or `vector = [gx, gy]`
  std::vector<Spring> springs;
  std::vector<Drive> drives;

  // Reads a system file; InputError names the file and key (unknown body, m ≤ 0, ...).
  static PlanarSystem load(const std::filesystem::path& file);
  static PlanarSystem from(const io::ConfigNode& node);

  Eigen::VectorXd coordinates() const;
  void set_coordinates(const Eigen::VectorXd& q);
  // "body.x|y|angle" -> coordinate index; InputError if unknown.
  int coordinate_index(const std::string& name) const;
  std::string coordinate_name(int index) const;  // the inverse: "body.x|y|angle"

  // The no-argument forms evaluate at the stored configuration; the others at q (dynamics).
  Eigen::VectorXd constraints() const;  // Φ(q) (joints and locked rotations; drives excluded)
  Eigen::VectorXd constraints(const Eigen::VectorXd& q) const;
  Eigen::MatrixXd jacobian() const;     // D = ∂Φ/∂q
  Eigen::MatrixXd jacobian(const Eigen::VectorXd& q) const;
  // Ḋq̇: the velocity-quadratic part of Φ̈, so that D q̈ = −Ḋq̇ keeps Φ̈ = 0.
  Eigen::VectorXd jacobian_rate(const Eigen::VectorXd& q, const Eigen::VectorXd& qd) const;
  Eigen::MatrixXd mass_matrix() const;  // block-diagonal (m, m, J)
  // δ = nᵀ(P_i − P_j) (> 0: overlap) and its gradient d = ∂δ/∂q (NP eq. 20–22: δ' = dᵀq̇), and
  // the parts of d from body i and body j alone.
  double penetration(const Eigen::VectorXd& q) const;
  Eigen::VectorXd contact_array() const;
  Eigen::VectorXd contact_array(const Eigen::VectorXd& q) const;
  Eigen::VectorXd contact_array_side(bool side_i) const;
  Eigen::VectorXd contact_array_side(bool side_i, const Eigen::VectorXd& q) const;
  // A body point's global position and velocity (body −1: ground, the point as given).
  Eigen::Vector2d point(int body, const Vec2& local, const Eigen::VectorXd& q) const;
  Eigen::Vector2d point_velocity(int body, const Vec2& local, const Eigen::VectorXd& q,
                                 const Eigen::VectorXd& qd) const;

  // Newton (least-norm steps) on Φ(q) = 0 moving only the free coordinates; throws
  // ComputeError if it does not converge (e.g. an unreachable configuration).
  void assemble(double tol = 1e-12, int max_iterations = 50);
};

struct EffectiveMassReport {
  EffectiveMass result;                   // eq. 28 (bordered), the reported value
  double m_eff_eq31 = 0, m_eff_eq39 = 0;  // the two cross-checks
  double m_app_i = 0, m_app_j = 0;        // apparent masses of the two sides
  double constraint_residual = 0;         // |Φ(q)|∞ at the analysed configuration
  nlohmann::json to_json() const;
};

EffectiveMassReport analyse(const PlanarSystem& system);
// The effective mass (eq. 28) of a system file; ComputeError when it is infinite (the mechanism
// cannot move along the contact normal, so no damping can be calibrated for it).
double effective_mass_of_file(const std::filesystem::path& file);

}  // namespace calib::models::multibody
