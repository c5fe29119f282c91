#include "calib/models/cylindrical.hpp"

#include <cmath>
#include <limits>
#include <numbers>

#include <fmt/format.h>
#include <boost/math/tools/roots.hpp>

#include "calib/core/error.hpp"
#include "calib/core/units.hpp"

namespace calib::models::cylindrical {

namespace {
constexpr double kPi = std::numbers::pi;
constexpr double kGoldsmithC = 1e8;  // mm², empirical constant of the Goldsmith decoding

struct NamedModel {
  Model model;
  std::string_view name;
};
constexpr NamedModel kModels[] = {
    {Model::radzimovsky, "radzimovsky"}, {Model::johnson, "johnson"},
    {Model::goldsmith, "goldsmith"},     {Model::dubowsky_freudenstein, "dubowsky-freudenstein"},
    {Model::esdu78035, "esdu-78035"},    {Model::lankarani_nikravesh, "lankarani-nikravesh"},
    {Model::pereira2011, "pereira2011"}, {Model::pereira2012, "pereira2012"},
};
}  // namespace

std::string_view model_name(Model m) {
  for (const auto& x : kModels)
    if (x.model == m) return x.name;
  return "?";
}

Model parse_model(std::string_view name) {
  for (const auto& x : kModels)
    if (x.name == name) return x.model;
  std::string names;
  for (const auto& x : kModels) names += fmt::format("{}{}", names.empty() ? "" : ", ", x.name);
  throw InputError(fmt::format("unknown cylindrical model '{}'; known: {}", name, names));
}

const std::vector<Model>& all_models() {
  static const std::vector<Model> v = [] {
    std::vector<Model> out;
    for (const auto& x : kModels) out.push_back(x.model);
    return out;
  }();
  return v;
}

bool is_explicit(Model m) {
  return m == Model::lankarani_nikravesh || m == Model::pereira2011 || m == Model::pereira2012;
}

void Contact::validate() const {
  auto material = [](const Material& mat, const char* which) {
    if (!(mat.E > 0) || !std::isfinite(mat.E))
      throw InputError(fmt::format("{}: E must be > 0 (MPa), got {}", which, mat.E));
    // The one range of every door (core/units): ν = 0.5 is an incompressible solid.
    if (!(mat.nu > units::poisson_ratio.lo && mat.nu <= units::poisson_ratio.hi))
      throw InputError(fmt::format("{}: Poisson's ratio nu must be in {}, got {}", which,
                                   units::range_text(units::poisson_ratio), mat.nu));
  };
  material(body_i, "material i");
  material(body_j, "material j");
  if (!(dR > 0) || !std::isfinite(dR))
    throw InputError(fmt::format("dR (ΔR) must be > 0 mm, got {}", dR));
  if (!(R_i > 0) || !std::isfinite(R_i))
    throw InputError(fmt::format("R_i must be > 0 mm, got {}", R_i));
  if (!(R_j() > 0))
    throw InputError(
        fmt::format("{} contact with R_i = {} mm and dR = {} mm gives R_j = {} mm; need R_j > 0{}",
                    internal ? "internal" : "external", R_i, dR, R_j(),
                    internal ? " (internal contact needs R_j < R_i)" : ""));
  if (!(length > 0) || !std::isfinite(length))
    throw InputError(fmt::format("length must be > 0 mm, got {}", length));
}

PowerLaw pereira(Model m, const Contact& c) {
  const double dR = c.dR;
  double a, b, n;
  if (m == Model::pereira2011) {  // PINSLOT Table 1, ref. [37]: internal contact
    if (!c.internal) throw InputError("pereira2011 is defined for internal contact only");
    if (dR < 0.005 || dR > 10.0)
      throw InputError(fmt::format("pereira2011: dR must be in [0.005, 10] mm, got {}", dR));
    a = 0.49, b = 0.10;
    const double Y =
        dR <= 0.750 ? 1.56 * std::pow(std::log(1000.0 * dR), -0.192) : 0.0028 * dR + 1.1083;
    n = Y * std::pow(dR, -0.005);
  } else if (m == Model::pereira2012) {  // ref. [38]
    if (c.internal) {
      if (dR < 0.005 || dR > 10.0)
        throw InputError(
            fmt::format("pereira2012 (internal): dR must be in [0.005, 10] mm, got {}", dR));
      a = 0.965, b = 0.0965;
      const double Y =
          dR <= 0.34954 ? 1.51 * std::pow(std::log(1000.0 * dR), -0.151) : 0.0151 * dR + 1.151;
      n = Y * std::pow(dR, -0.005);
    } else {
      a = 0.39, b = 0.85, n = 1.094;
    }
  } else if (m == Model::lankarani_nikravesh) {
    return {4.0 / 3.0 * c.E_star() * std::sqrt(c.R_eff()) / c.length, 1.5};
  } else {
    throw InputError(fmt::format("{} is not an explicit power law", model_name(m)));
  }
  return {(a * dR + b) * c.E_star() / dR, n};  // F = (aΔR + b) L E*/ΔR δⁿ, per unit length
}

double delta_of_W(Model m, const Contact& c, double W) {
  if (!(W > 0) || !std::isfinite(W)) throw InputError(fmt::format("W must be > 0 N/mm, got {}", W));
  const double Es = c.E_star(), hs = c.body_i.h() + c.body_j.h();
  switch (m) {
    case Model::radzimovsky:
      return W / (kPi * Es) * (2.0 / 3.0 + std::log(6.25 * c.dR * Es / W));
    case Model::johnson:
      return W / (kPi * Es) * (std::log(4.0 * kPi * c.dR * Es / W) - 1.0);
    case Model::esdu78035:
      return W / Es * (std::log(4.0 * c.dR * Es / W) + 1.0);
    case Model::goldsmith: {
      const double ws = W * hs / kPi;
      return ws * (std::log(kGoldsmithC / (c.R_eff() * ws)) + 1.0);
    }
    case Model::dubowsky_freudenstein: {
      const double L = c.length;
      return kPi * hs * W / 2.0 *
             (std::log(8.0 * L * L * c.dR / (kPi * W * c.R_i * c.R_j() * hs)) + 1.0);
    }
    default: {
      const PowerLaw p = pereira(m, c);
      return std::pow(W / p.K, 1.0 / p.n);
    }
  }
}

double W_monotone_limit(Model m, const Contact& c) {
  // dδ/dW = 0 where the bracket [·] of δ = W·A·[ln(B/W) + b0] equals 1: W* = B e^{b0 − 1}.
  const double Es = c.E_star(), hs = c.body_i.h() + c.body_j.h();
  switch (m) {
    case Model::radzimovsky:
      return 6.25 * c.dR * Es * std::exp(2.0 / 3.0 - 1.0);
    case Model::johnson:
      return 4.0 * kPi * c.dR * Es * std::exp(-2.0);
    case Model::esdu78035:
      return 4.0 * c.dR * Es;
    case Model::goldsmith:
      return kGoldsmithC / (c.R_eff() * hs / kPi);
    case Model::dubowsky_freudenstein:
      return 8.0 * c.length * c.length * c.dR / (kPi * c.R_i * c.R_j() * hs);
    default:
      return std::numeric_limits<double>::infinity();
  }
}

double W_of_delta(Model m, const Contact& c, double delta) {
  if (!(delta > 0) || !std::isfinite(delta))
    throw InputError(fmt::format("delta must be > 0 mm, got {}", delta));
  if (is_explicit(m)) {
    const PowerLaw p = pereira(m, c);
    return p.K * std::pow(delta, p.n);
  }
  // g(u) = ln δ(e^u) − ln δ_target is increasing and nearly linear in u = ln W below W*.
  const double u_max = std::log(W_monotone_limit(m, c));
  const double target = std::log(delta);
  auto g = [&](double u) { return std::log(delta_of_W(m, c, std::exp(u))) - target; };
  const double g_max = g(u_max);
  if (g_max < 0)
    throw ComputeError(fmt::format(
        "{}: delta = {} mm exceeds the model's largest indentation {} mm (at W = {} N/mm)",
        model_name(m), delta, std::exp(target + g_max), std::exp(u_max)));
  double u_lo = std::min(u_max - 1.0, target + std::log(c.E_star()));  // W ~ E* δ is a good start
  double g_lo = g(u_lo);
  for (int i = 0; g_lo > 0 && i < 200; ++i) g_lo = g(u_lo -= 5.0);
  if (g_lo > 0)
    throw ComputeError(fmt::format("{}: no bracket for delta = {}", model_name(m), delta));
  boost::math::tools::eps_tolerance<double> tol(52);
  std::uintmax_t it = 200;
  const auto [a, b] = boost::math::tools::toms748_solve(g, u_lo, u_max, g_lo, g_max, tol, it);
  return std::exp(0.5 * (a + b));
}

}  // namespace calib::models::cylindrical
