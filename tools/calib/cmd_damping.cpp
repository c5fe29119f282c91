// `calib copt` (one optimal damping coefficient) and `calib exact-table` (regenerate the
// compiled-in ExactDamping table). `calib validate` lives in cmd_validate.cpp.
#include <chrono>

#include <fmt/format.h>

#include "calib/calibrate.hpp"
#include "calib/checks.hpp"
#include "calib/error.hpp"
#include "calib/exact_damping.hpp"
#include "calib/models.hpp"
#include "calib/planar_system.hpp"
#include "commands.hpp"

namespace calib::cli {

namespace {

struct CoptArgs {
  double e = 0.8, n = 1.5, m = 1.0, k = 1.0, v = 1.0;
  std::string method = "exact";
  std::string system;  // planar system file: m = its effective mass (NP eq. 28)
  Format format = Format::text;
};

// ζ for a method name: `exact` = ExactDamping table, `ode` = root finding on the impact ODE,
// otherwise a linear-damper formula of the model catalog (paper = poursina-nikravesh).
double zeta_for(const std::string& method, double e, double n) {
  if (method == "exact") return ExactDamping::builtin().zeta(e, n);
  if (method == "ode") return calibrate::zeta_exact(e, n).damping;
  const std::string name = method == "paper" ? "poursina-nikravesh" : method;
  const models::Model& model = models::find(name);
  if (model.family != Family::linear_damper)
    throw InputError(fmt::format("--method {}: c_opt needs a linear-damper formula, {} is {}", method,
                                 model.name, family_name(model.family)));
  return models::law_for(model, e, n).damping;
}

}  // namespace

void register_damping(CLI::App& app) {
  static CoptArgs a;
  auto* copt = app.add_subcommand("copt", "optimal linear damping c_opt(m, k, v, n, e) (PN2020 eq. 23)");
  copt->add_option("--e", a.e, "desired coefficient of restitution")->capture_default_str();
  copt->add_option("--n", a.n, "Hertz exponent in [1, 2]")->capture_default_str();
  copt->add_option("--m", a.m, "effective mass [kg]")->capture_default_str();
  copt->add_option("--k", a.k, "stiffness k [N/m^n]")->capture_default_str();
  copt->add_option("--v", a.v, "impact speed [m/s]")->capture_default_str();
  copt->add_option("--method", a.method,
                   "exact (table), ode (root finding), paper (eq. 49), refit, libcalib-closed-form, "
                   "or any linear-damper model name")
      ->capture_default_str();
  copt->add_option("--system", a.system, "planar multibody system (configs/effmass/): use its effective mass as m");
  add_format_flag(*copt, a.format);
  copt->callback([] {
    std::string m_source = "--m";
    if (!a.system.empty()) {
      const auto report = multibody::analyse(multibody::PlanarSystem::load(a.system));
      if (report.result.status == multibody::Status::infinite)
        throw ComputeError(fmt::format("--system {}: the effective mass is infinite (the mechanism cannot move along "
                                       "the contact normal); c_opt is undefined", a.system));
      a.m = report.result.m_eff;
      m_source = "effective mass of " + a.system;
    }
    require_cor("e", a.e);
    require_exponent("n", a.n);
    require_positive("m", a.m);
    require_positive("k", a.k);
    require_positive("v", a.v);
    const auto t0 = std::chrono::steady_clock::now();
    const double zeta = zeta_for(a.method, a.e, a.n);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double c = to_physical_damping(Family::linear_damper, zeta, a.m, a.k, a.v, a.n);
    // Check: simulate the impact with this c (dimensionless solve, default tolerances).
    const impact::ImpactOptions check{1e-12, 1e-14, 52, 1'000'000, false};
    const auto r = impact::solve(ContactLaw{Family::linear_damper, a.n, zeta, true}, check);
    print_record({{"method", a.method}, {"e", a.e}, {"n", a.n}, {"m", a.m}, {"k", a.k}, {"v", a.v},
                  {"zeta", zeta}, {"c_opt", c}, {"e_out_check", r.e_out},
                  {"abs_err", std::abs(r.e_out - a.e)}, {"check_rel_tol", check.rel_tol},
                  {"query_seconds", seconds}, {"m_source", m_source}},
                 a.format);
  });

  static ExactDampingGrid grid;
  static std::string out = "datasets/exact_damping.csv";
  static int threads = 0;
  static double cor_rel_tol = 1e-11;
  auto* table = app.add_subcommand("exact-table", "regenerate the exact damping table zeta*(e, n) by ODE calibration");
  table->add_option("--out", out, "CSV to write (compiled in from datasets/exact_damping.csv)")->capture_default_str();
  table->add_option("--e-min", grid.e_min, "smallest e")->capture_default_str();
  table->add_option("--e-nodes", grid.e_nodes, "nodes in ln e")->capture_default_str();
  table->add_option("--n-nodes", grid.n_nodes, "nodes in n")->capture_default_str();
  table->add_option("--stencil", grid.stencil, "Lagrange points per direction")->capture_default_str();
  table->add_option("--e-power", grid.e_power, "node clustering exponent q at e = 1")->capture_default_str();
  table->add_option("--cor-rel-tol", cor_rel_tol, "|e_out - e|/e at every node")->capture_default_str();
  table->add_option("--threads", threads, "worker threads (0 = all cores)");
  table->callback([] {
    calibrate::CalibrateOptions opt;
    opt.cor_rel_tol = cor_rel_tol;
    opt.impact.rel_tol = 1e-13;
    opt.impact.abs_tol = 1e-15;
    const auto t0 = std::chrono::steady_clock::now();
    const ExactDamping t = ExactDamping::build(grid, opt, threads);
    t.write(out);
    fmt::print("exact-table: {} x {} nodes written to {} in {:.1f} s (cor_rel_tol {}, ODE rel_tol {})\n",
               grid.e_nodes, grid.n_nodes, out,
               std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), cor_rel_tol,
               opt.impact.rel_tol);
  });
}

}  // namespace calib::cli
