// `calib copt`: one optimal linear damping coefficient c_opt(m, k, v, n, e) (PN2020 eq. 23),
// checked by an ODE solve.
#include <chrono>

#include <fmt/format.h>

#include "calib/calibrate/calibrate.hpp"
#include "calib/core/error.hpp"
#include "calib/core/required.hpp"
#include "calib/models/planar_system.hpp"
#include "commands.hpp"

namespace calib::cli {

namespace {
struct CoptArgs {
  double e = 0.0, n = 1.5;
  std::optional<double> m, k, v;  // required: c [N*s/m] is dimensional
  std::string method = "exact";
  std::string system;  // planar system file: m = its effective mass (NP eq. 28)
  Format format = Format::text;
};
}  // namespace

void register_copt(CLI::App& app) {
  auto args = std::make_shared<CoptArgs>();
  CoptArgs& a = *args;
  auto* copt =
      app.add_subcommand("copt", "optimal linear damping c_opt(m, k, v, n, e) (PN2020 eq. 23)");
  copt->add_option("--e", a.e, "desired coefficient of restitution, in (0, 1]")->required();
  copt->add_option("--n", a.n, "Hertz exponent in [1, 2]")->capture_default_str();
  auto* m_opt = add_quantity(*copt, "--m", a.m, units::mass, "effective mass");
  add_contact_stiffness(*copt, "--k", a.k, a.n, "stiffness k");
  add_quantity(*copt, "--v", a.v, units::speed, "impact speed");
  copt->add_option(
          "--method", a.method,
          "exact (table), ode (root finding), paper (eq. 49), refit, libcalib-closed-form, "
          "or any linear-damper model name")
      ->capture_default_str();
  copt->add_option("--system", a.system,
                   "planar multibody system (configs/effmass/): use its effective mass as m")
      ->excludes(m_opt);
  add_format_flag(*copt, a.format);
  copt->callback([args] {
    CoptArgs& a = *args;
    std::string m_source = "--m";
    if (!a.system.empty()) {
      a.m = models::multibody::effective_mass_of_file(a.system);
      m_source = "effective mass of " + a.system;
    }
    require_given("copt", {{"--m (or --system)", a.m.has_value()}, {"--k", a.k.has_value()},
                           {"--v", a.v.has_value()}},
                  "c [N*s/m] is dimensional");
    const double m = *a.m, k = *a.k, v = *a.v;
    const auto t0 = std::chrono::steady_clock::now();
    const calibrate::CoptResult r = calibrate::c_opt_checked(a.method, m, k, v, a.n, a.e);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    print_record({{"method", a.method},
                  {"e", a.e},
                  {"n", a.n},
                  {"m", m},
                  {"k", k},
                  {"v", v},
                  {"zeta", r.zeta},
                  {"c", r.c},
                  {"e_out", r.e_out_check},
                  {"abs_err", std::abs(r.e_out_check - a.e)},
                  {"check_rel_tol", r.check_rel_tol},
                  {"query_time", seconds},
                  {"m_source", m_source}},
                 a.format);
  });
}

}  // namespace calib::cli
