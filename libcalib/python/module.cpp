// calib._calib: the pybind11 glue of the Python module (thin: no physics here). Every numeric
// argument arrives as a contiguous float64 array already broadcast by calib/__init__.py; the
// element loop runs on the sweep engine (TBB, deterministic, GIL released), the per-element
// work is one library call. Errors: InputError -> ValueError (the CLI's message),
// Interrupted -> KeyboardInterrupt, any other calib::Error -> calib.ComputeError.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

#include "calib/calibrate/calibrate.hpp"
#include "calib/calibrate/records.hpp"
#include "calib/core/error.hpp"
#include "calib/core/interrupt.hpp"
#include "calib/core/required.hpp"
#include "calib/core/units.hpp"
#include "calib/core/vocabulary.hpp"
#include "calib/dynamics/systems.hpp"
#include "calib/dynamics/write_run.hpp"
#include "calib/fit/fit.hpp"
#include "calib/fit/impact_fit_run.hpp"
#include "calib/io/config.hpp"
#include "calib/io/output_target.hpp"
#include "calib/io/resources.hpp"
#include "calib/io/result_folder.hpp"
#include "calib/models/catalog.hpp"
#include "calib/models/exact_damping.hpp"
#include "calib/models/planar_system.hpp"
#include "calib/studies/kn_fitter.hpp"
#include "calib/studies/study.hpp"
#include "calib/sweep/sweep.hpp"
#include "calib/version.hpp"
#include "to_python.hpp"

namespace py = pybind11;
using namespace calib;
using Array = py::array_t<double, py::array::c_style | py::array::forcecast>;
using calib::python::to_python;

namespace {

std::optional<bool> clamp_of(int clamp) {
  if (clamp < 0) return std::nullopt;
  return clamp == 1;
}

struct Inputs {
  const double *e, *n, *m, *k, *v;
  std::size_t size;
};
Inputs inputs(const Array& e, const Array& n, const Array& m, const Array& k, const Array& v) {
  return {e.data(), n.data(), m.data(), k.data(), v.data(), static_cast<std::size_t>(e.size())};
}

py::array_t<double> numpy_of(const std::vector<double>& x) {
  py::array_t<double> a(static_cast<py::ssize_t>(x.size()));
  std::copy(x.begin(), x.end(), a.mutable_data());
  return a;
}

// ---- impact / calibrate --------------------------------------------------------------------

struct ImpactRow {
  double dimensionless = 0, physical = 0, e_out = 0, delta_max = 0, t_contact = 0, f_max = 0,
         delta_sep = 0, energy_residual = 0;
  impact::Status status = impact::Status::separated;
};

py::dict impact_many(const std::string& name, const Array& e, const Array& n, const Array& m,
                     const Array& k, const Array& v, int clamp, double rel_tol, double abs_tol,
                     int threads) {
  const models::Model& model = models::find(name);
  const Inputs in = inputs(e, n, m, k, v);
  impact::ImpactOptions opt;
  opt.rel_tol = rel_tol;
  opt.abs_tol = abs_tol;
  std::vector<ImpactRow> rows;
  {
    py::gil_scoped_release release;
    rows = sweep::map_points<ImpactRow>(
        in.size,
        [&](std::size_t i) {
          const auto o = calibrate::simulate(
              model, {in.e[i], in.n[i], in.m[i], in.k[i], in.v[i], clamp_of(clamp)}, opt);
          const auto& r = o.result;
          return ImpactRow{o.law.damping, o.impact.law.damping, r.e_out,
                           r.delta_max,   r.t_contact,          r.f_max,
                           r.delta_sep,   r.energy_residual,    r.status};
        },
        threads);
  }
  const auto column = [&](double ImpactRow::*f) {
    std::vector<double> x;
    for (const auto& r : rows) x.push_back(r.*f);
    return numpy_of(x);
  };
  py::dict d;
  d[py::str(std::string(dimensionless_damping_key(model.family)))] = column(&ImpactRow::dimensionless);
  if (physical_damping_key(model.family) != dimensionless_damping_key(model.family))
    d[py::str(std::string(physical_damping_key(model.family)))] = column(&ImpactRow::physical);
  d["e_out"] = column(&ImpactRow::e_out);
  d["delta_max"] = column(&ImpactRow::delta_max);
  d["t_contact"] = column(&ImpactRow::t_contact);
  d["peak_force"] = column(&ImpactRow::f_max);
  d["delta_sep"] = column(&ImpactRow::delta_sep);
  d["energy_residual"] = column(&ImpactRow::energy_residual);
  py::list status;
  for (const auto& r : rows) status.append(py::str(std::string(impact::status_name(r.status))));
  d["status"] = status;
  return d;
}

py::dict impact_one(const std::string& name, double e, double n, double m, double k, double v,
                    int clamp, double rel_tol, double abs_tol) {
  const models::Model& model = models::find(name);
  impact::ImpactOptions opt;
  opt.rel_tol = rel_tol;
  opt.abs_tol = abs_tol;
  const auto o = calibrate::simulate(model, {e, n, m, k, v, clamp_of(clamp)}, opt);
  return to_python(calibrate::impact_record(model, o.law, o.impact, e, o.result, opt));
}

struct CalibrationRow {
  double dimensionless = 0, physical = 0, e_out = 0;
  std::int64_t solves = 0;
};

// The columns of calibrate(): the dimensionless damping, the SI damping (when the scales were
// given and it differs from the dimensionless one), e_out and solves.
py::dict calibration_columns(const models::Model& model, const std::vector<CalibrationRow>& rows,
                             bool with_physical) {
  const auto column = [&](double CalibrationRow::*f) {
    std::vector<double> x;
    for (const auto& r : rows) x.push_back(r.*f);
    return numpy_of(x);
  };
  py::dict d;
  d[py::str(std::string(dimensionless_damping_key(model.family)))] =
      column(&CalibrationRow::dimensionless);
  if (with_physical && physical_damping_key(model.family) != dimensionless_damping_key(model.family))
    d[py::str(std::string(physical_damping_key(model.family)))] = column(&CalibrationRow::physical);
  d["e_out"] = column(&CalibrationRow::e_out);
  py::array_t<std::int64_t> solves(static_cast<py::ssize_t>(rows.size()));
  for (std::size_t i = 0; i < rows.size(); ++i) solves.mutable_data()[i] = rows[i].solves;
  d["solves"] = solves;
  return d;
}

py::dict calibrate_many(const std::string& name, const Array& e, const Array& n, const Array& m,
                        const Array& k, const Array& v, int clamp, int threads) {
  const models::Model& model = models::find(name);
  const Inputs in = inputs(e, n, m, k, v);
  const calibrate::CalibrateOptions opt;
  std::vector<CalibrationRow> rows;
  {
    py::gil_scoped_release release;
    rows = sweep::map_points<CalibrationRow>(
        in.size,
        [&](std::size_t i) {
          const auto o = calibrate::calibrate_query(
              model, {in.e[i], in.n[i], in.m[i], in.k[i], in.v[i], clamp_of(clamp)}, opt);
          return CalibrationRow{o.calibration.damping, o.impact.law.damping, o.calibration.e_out,
                                static_cast<std::int64_t>(o.calibration.solves)};
        },
        threads);
  }
  return calibration_columns(model, rows, true);
}

// calibrate() without m, k, v: the dimensionless damping alone, which does not depend on them.
py::dict calibrate_dimensionless_many(const std::string& name, const Array& e, const Array& n,
                                      int clamp, int threads) {
  const models::Model& model = models::find(name);
  if (e.size() != n.size()) throw std::invalid_argument("e and n must have the same length");
  const calibrate::CalibrateOptions opt;
  std::vector<CalibrationRow> rows;
  {
    py::gil_scoped_release release;
    rows = sweep::map_points<CalibrationRow>(
        static_cast<std::size_t>(e.size()),
        [&](std::size_t i) {
          const auto c = calibrate::calibrate_dimensionless(model, e.data()[i], n.data()[i],
                                                            clamp_of(clamp), opt);
          return CalibrationRow{c.damping, NAN, c.e_out, static_cast<std::int64_t>(c.solves)};
        },
        threads);
  }
  return calibration_columns(model, rows, false);
}

py::dict calibrate_one(const std::string& name, double e, double n, double m, double k, double v,
                       int clamp) {
  const models::Model& model = models::find(name);
  const calibrate::CalibrateOptions opt;
  const auto o = calibrate::calibrate_query(model, {e, n, m, k, v, clamp_of(clamp)}, opt);
  return to_python(calibrate::calibration_record(model, o.impact, e, o.calibration, opt));
}

py::dict calibrate_dimensionless_one(const std::string& name, double e, double n, int clamp) {
  return to_python(calibrate::dimensionless_calibration_record(models::find(name), e, n,
                                                               clamp_of(clamp), {}));
}

// ---- c_opt, ExactDamping --------------------------------------------------------------------

py::array_t<double> c_opt_many(const std::string& method, const Array& m, const Array& k,
                               const Array& v, const Array& n, const Array& e, int threads) {
  const Inputs in = inputs(e, n, m, k, v);
  std::vector<double> c;
  {
    py::gil_scoped_release release;
    c = sweep::map_points<double>(
        in.size,
        [&](std::size_t i) {
          return calibrate::c_opt_by_method(method, in.m[i], in.k[i], in.v[i], in.n[i], in.e[i]);
        },
        threads);
  }
  return numpy_of(c);
}

py::array_t<double> exact_zeta(const Array& e, const Array& n) {
  const auto& table = models::ExactDamping::builtin();
  std::vector<double> z(static_cast<std::size_t>(e.size()));
  for (std::size_t i = 0; i < z.size(); ++i) z[i] = table.zeta(e.data()[i], n.data()[i]);
  return numpy_of(z);
}

// ---- quantities, impact fits, effective mass, studies ---------------------------------------

// A quantity given as text ("70GPa"; core/units) in SI; `kind` names one of the quantities the
// Python functions take as text.
double quantity(const std::string& text, const std::string& kind, const std::string& field) {
  const std::pair<const char*, const units::Quantity*> kinds[] = {
      {"youngs_modulus", &units::youngs_modulus}, {"poisson_ratio", &units::poisson_ratio},
      {"length", &units::length},                 {"density", &units::density},
      {"speed", &units::speed},                   {"hooke_stiffness", &units::hooke_stiffness},
      {"mass", &units::mass},                     {"duration", &units::duration},
      {"instant", &units::instant},               {"line_load", &units::line_load}};
  for (const auto& [name, q] : kinds)
    if (kind == name) return units::parse(text, *q, field);
  throw InputError("unknown quantity kind '" + kind + "'");
}

// K of F = K δⁿ as text: its unit N/m^n depends on n.
double stiffness(const std::string& text, double n, const std::string& field) {
  return units::parse(text, units::contact_stiffness(n), field);
}

// A fit-impact law's damping parameter as text, in the law's unit (s/m, s, N*s/m or none).
double law_damping(const std::string& text, const std::string& law, const std::string& field) {
  const std::string_view unit = fit::damping_parameter_unit(fit::find_impact_law(law, "law"));
  constexpr double kAny = std::numeric_limits<double>::max();
  return units::parse(text, units::quantity_of_unit("a damping parameter", unit, -kAny, kAny, "0.5"),
                      field);
}

// calib.impact_law_restitution: e(v) of one law at given material parameters (exact solve).
std::vector<double> impact_law_restitution(const std::string& law, const Array& v, double m,
                                           double K, double n, double damping) {
  const fit::ImpactLaw l = fit::find_impact_law(law, "law");
  std::vector<double> out;
  for (py::ssize_t i = 0; i < v.size(); ++i)
    out.push_back(fit::restitution(l, m, {K, n, damping}, v.data()[i]));
  return out;
}

py::dict effective_mass(const std::string& toml_text, const std::string& origin) {
  const auto system = models::multibody::PlanarSystem::from(io::ConfigNode::parse(toml_text, origin));
  auto rec = models::multibody::analyse(system).to_json();
  rec["system"] = system.name;
  return to_python(rec);
}

// The study's summary and every file it wrote (studies::Study::run_listing).
py::dict run_study(const std::string& name, const std::string& config, const std::string& out,
                   int threads) {
  const studies::Study& s = studies::find(name);
  const std::filesystem::path cfg =
      config.empty() ? io::find_resource("configs/" + std::string(s.stem) + ".toml")
                     : std::filesystem::path(config);
  const std::filesystem::path dir =
      out.empty() ? std::filesystem::path("results") / s.stem : std::filesystem::path(out);
  const studies::RunSummary run = [&] {
    py::gil_scoped_release release;
    return s.run_listing({cfg, dir, {threads, false}});
  }();
  py::list files;
  for (const auto& f : run.files) files.append(f.string());
  return py::dict(py::arg("summary") = run.text, py::arg("files") = files);
}

// `calib simulate` as a dict: the --format json record plus the time series as numpy arrays
// ("series": {"t", "energy", "friction_work" (with friction), "<body>": {"x", "y", "phi", "vx",
// "vy", "omega"}, "contacts": {"<contact>": {"delta", "force", "region" (several regions)}}}).
// `system` is a file path, or TOML text when `origin` is given (a dict from Python). A run that
// stops first (budget, Ctrl-C) raises as `calib simulate` exits, its partial files kept.
py::object simulate(const std::string& system, const std::string& origin,
                    std::optional<std::string> model, std::optional<double> e,
                    std::optional<std::string> method, std::optional<double> t_end,
                    const std::string& out_dir, std::optional<std::int64_t> max_steps,
                    std::optional<double> max_wall_time, bool progress) {
  const dynamics::KnFitter fitter = studies::kn_fit::kn_fitter();
  dynamics::SystemSetup s = origin.empty() ? dynamics::load_system(system, fitter)
                                           : dynamics::parse_system(system, origin, fitter);
  dynamics::Overrides o{.model = std::move(model), .e = e, .t_end = t_end,
                        .max_steps = max_steps, .max_wall_time = max_wall_time};
  if (method) o.method = dynamics::method_from_name(*method, "method");
  dynamics::apply(o, s);
  dynamics::RunSource source{origin.empty() ? system : origin, {}, {}};
  if (origin.empty()) source.inputs.push_back(io::resolve_input_path(system));
  s.options.progress = progress;
  dynamics::SimulationResult r;
  {
    py::gil_scoped_release release;
    const InterruptScope interrupts;  // Ctrl-C as in run_study: KeyboardInterrupt
    s.options.stop_requested = [&interrupts] { return interrupts.requested(); };
    r = dynamics::simulate_and_write(s, out_dir, source);
  }
  py::dict out = to_python(dynamics::to_json(s, r, s.options.method));
  const auto n = static_cast<py::ssize_t>(r.series.size());
  auto column = [&](auto value) {
    Array a(n);
    auto m = a.mutable_unchecked<1>();
    for (py::ssize_t i = 0; i < n; ++i) m(i) = value(r.series[static_cast<std::size_t>(i)]);
    return a;
  };
  py::dict series;
  series["t"] = column([](const dynamics::Sample& x) { return x.t; });
  series["energy"] = column([](const dynamics::Sample& x) { return x.energy; });
  if (s.system->has_friction())
    series["friction_work"] = column([](const dynamics::Sample& x) { return x.friction_work; });
  const auto names = s.system->body_names();
  for (int b = 0; b < static_cast<int>(names.size()); ++b) {
    py::dict body;
    const auto state = [&, b](const dynamics::Sample& x) { return s.system->body(b, x.q, x.qd); };
    body["x"] = column([&](const dynamics::Sample& x) { return state(x).x; });
    body["y"] = column([&](const dynamics::Sample& x) { return state(x).y; });
    body["phi"] = column([&](const dynamics::Sample& x) { return state(x).phi; });
    body["vx"] = column([&](const dynamics::Sample& x) { return state(x).vx; });
    body["vy"] = column([&](const dynamics::Sample& x) { return state(x).vy; });
    body["omega"] = column([&](const dynamics::Sample& x) { return state(x).omega; });
    series[py::str(names[b])] = body;
  }
  py::dict contacts;  // per contact: penetration δ [m] and normal force [N]
  for (int k = 0; k < s.system->contact_count(); ++k) {
    py::dict c;
    c["delta"] = column([&](const dynamics::Sample& x) { return s.system->penetration(k, x.q); });
    c["force"] = column(
        [&](const dynamics::Sample& x) { return dynamics::contact_force(*s.system, r, k, x); });
    if (s.system->region_count(k) > 1) {  // a slot: the region δ is measured in, per sample
      py::list regions;
      for (const auto& x : r.series)
        regions.append(s.system->region_name(k, s.system->region(k, x.q)));
      c["region"] = py::module_::import("numpy").attr("array")(regions);
    }
    contacts[py::str(s.system->contact_name(k))] = c;
  }
  series["contacts"] = contacts;
  out["series"] = series;
  return out;
}

}  // namespace

void bind_codes(py::module_& m);          // codes.cpp
void bind_fit_impact(py::module_& m);     // fit_impact.cpp
void bind_impact_record(py::module_& m);  // impact_record.cpp
void bind_kn_fit(py::module_& m);         // kn_fit.cpp

PYBIND11_MODULE(_calib, m) {
  m.doc() = "libcalib: calibration of continuous contact-force models (C++ core)";
  m.attr("__version__") = calib::kVersion;
  static py::exception<calib::Error> compute_error(m, "ComputeError", PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const calib::Interrupted& e) {
      PyErr_SetString(PyExc_KeyboardInterrupt, e.what());
    } catch (const calib::InputError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const calib::Error& e) {
      compute_error(e.what());
    }
  });
  m.def("models", [] {
    py::list out;
    for (const auto& x : models::catalog()) out.append(to_python(models::to_json(x)));
    return out;
  });
  m.def("simulate", &simulate);
  bind_codes(m);
  m.def("impact_one", &impact_one);
  m.def("impact_many", &impact_many);
  m.def("calibrate_one", &calibrate_one);
  m.def("calibrate_many", &calibrate_many);
  m.def("calibrate_dimensionless_one", &calibrate_dimensionless_one);
  m.def("calibrate_dimensionless_many", &calibrate_dimensionless_many);
  m.def("require_given", [](const std::string& command,
                            const std::vector<std::pair<std::string, bool>>& inputs,
                            const std::string& why) {
    std::vector<std::pair<std::string_view, bool>> named(inputs.begin(), inputs.end());
    require_given(command, named, why);
  });
  m.def("c_opt_many", &c_opt_many);
  m.def("exact_zeta", &exact_zeta);
  m.def("exact_limit_ratio", &models::ExactDamping::limit_ratio);
  bind_kn_fit(m);
  m.def("impact_law_restitution", &impact_law_restitution);
  bind_fit_impact(m);
  bind_impact_record(m);
  m.def("effective_mass", &effective_mass);
  m.def("quantity", &quantity);
  m.def("stiffness", &stiffness);
  m.def("law_damping", &law_damping);
  m.def("set_package_data_dir",
        [](const std::string& dir) { io::set_package_data_dir(dir); });
  m.def("resolve_input_path",
        [](const std::string& given) { return io::resolve_input_path(given).string(); });
  m.def("run_study", &run_study);
  m.def("unit_of", [](const std::string& name) -> std::optional<std::string> {
    const auto unit = vocabulary::unit_of(name);
    return unit ? std::optional<std::string>(*unit) : std::nullopt;
  });
  m.def("studies", [] {
    py::list out;
    for (const auto& s : studies::registry()) out.append(std::string(s.name));
    return out;
  });
}
