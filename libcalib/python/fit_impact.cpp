// calib.fit_impact (glue only): the request of `calib fit-impact` on a restitution curve built
// from the Python arguments with the library calls the command makes (hertz_stiffness,
// effective_mass), the same checks in the same order, each message naming the Python argument.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "calib/codes/input_for.hpp"
#include "calib/core/error.hpp"
#include "calib/fit/impact_fit_run.hpp"
#include "to_python.hpp"

namespace py = pybind11;
using namespace calib;
using Array = py::array_t<double, py::array::c_style | py::array::forcecast>;

namespace {

// The material as calib/__init__.py read it (SI, each checked against its quantity's range);
// nullopt where the argument was None.
struct Material {
  std::optional<double> m, K, n, E, nu, radius, density;
  std::string geometry;
};

// K and n given, or the Hertz K of two equal spheres (or a sphere on a wall) with n = 1.5; m
// given, or the effective mass from the density: as `calib fit-impact` builds them.
void set_material(const Material& a, fit::FitImpactRequest& q) {
  if (a.geometry != "sphere-sphere" && a.geometry != "sphere-wall")
    throw InputError(
        fmt::format("geometry: must be sphere-sphere or sphere-wall, got '{}'", a.geometry));
  fit::HertzSpheres spheres;
  spheres.wall = a.geometry == "sphere-wall";
  spheres.density = a.density;
  const bool hertz = a.E || a.nu || a.radius;
  if (hertz && (a.K || a.n))
    throw InputError("K/n and E/nu/radius: give the stiffness one way, not both");
  if (hertz) {
    if (!a.E || !a.nu || !a.radius)
      throw InputError("E, nu and radius: all three are needed for the Hertz stiffness");
    spheres.E = *a.E, spheres.nu = *a.nu, spheres.radius = *a.radius;
    q.K = fit::hertz_stiffness(spheres);
    q.n = 1.5;
  } else {
    if (!a.K) throw InputError("K: the stiffness is needed (or E, nu and radius)");
    q.K = *a.K;
    q.n = a.n.value_or(1.5);
  }
  if (a.m && a.density) throw InputError("m and density: give the mass one way, not both");
  if (a.density && !hertz) throw InputError("density: needs radius (and E, nu)");
  if (!a.m && !a.density) throw InputError("m: give the effective mass, or density with radius");
  q.m = a.m ? *a.m : fit::effective_mass(spheres);
}

// fit: the free parameters among K, n and the damping parameter ("damping" or its name, e.g.
// "alpha", when every law fitted has that name); empty: the damping parameter only.
void set_free(const std::vector<std::string>& names, fit::FitImpactRequest& q) {
  if (names.empty()) return;
  q.fit_K = q.fit_n = q.fit_damping = false;
  for (const std::string& name : names) {
    const auto is_damping = [&](fit::ImpactLaw l) { return fit::damping_parameter_name(l) == name; };
    if (name == "K") q.fit_K = true;
    else if (name == "n") q.fit_n = true;
    else if (name == "damping" || std::all_of(q.laws.begin(), q.laws.end(), is_damping))
      q.fit_damping = true;
    else
      throw InputError(fmt::format(
          "fit: unknown parameter '{}'; choose from K, n, damping{}", name,
          q.laws.size() == 1 ? ", " + std::string(fit::damping_parameter_name(q.laws[0]))
                             : std::string()));
  }
}

// loss and loss_scale as --loss and --loss-scale: without a scale, 1.4826 MAD of a plain fit's
// residuals (fit/fit_impact.hpp).
void set_loss(const std::string& loss, std::optional<double> scale, fit::FitImpactRequest& q) {
  if (loss != "none" && loss != "huber" && loss != "cauchy")
    throw InputError(fmt::format("loss: must be none, huber or cauchy, got '{}'", loss));
  q.options.fit.loss = loss == "huber"    ? fit::Loss::huber
                       : loss == "cauchy" ? fit::Loss::cauchy
                                          : fit::Loss::none;
  if (scale && !(*scale > 0 && std::isfinite(*scale)))
    throw InputError(fmt::format("loss_scale: must be a finite number > 0, got {}", *scale));
  q.options.loss_scale_from_data = !scale;
  q.options.fit.loss_scale = scale.value_or(1.0);
}

// A sphere radius of metres is most often millimetres without their unit: flagged in the
// record's "warnings", as `calib fit-impact --format json` flags it.
std::vector<std::string> radius_warnings(const Material& a, double mass) {
  if (!a.radius || !(*a.radius > codes::kRadiusWarning)) return {};
  return {fmt::format("radius = {:g} m: a sphere of metres (m = {:.4g} kg); a size in millimetres "
                      "is written with its unit, e.g. \"{:g}mm\"",
                      *a.radius, mass, *a.radius)};
}

// The record of `calib fit-impact --format json` for a restitution curve in memory; sigma empty:
// unweighted.
py::object fit_impact(const Array& v_in, const Array& e, const Array& sigma, const std::string& law,
                      const Material& material, const std::vector<std::string>& free,
                      const std::string& loss, std::optional<double> loss_scale) {
  fit::FitImpactRequest q;
  q.laws = law == "all" ? fit::impact_laws()
                        : std::vector<fit::ImpactLaw>{fit::find_impact_law(law, "law")};
  set_material(material, q);
  set_free(free, q);
  set_loss(loss, loss_scale, q);
  fit::RestitutionCurve d;
  d.v_in.assign(v_in.data(), v_in.data() + v_in.size());
  d.e.assign(e.data(), e.data() + e.size());
  d.sigma_e.assign(sigma.data(), sigma.data() + sigma.size());
  nlohmann::ordered_json record = fit::run_fit_impact(q, d).record;
  const std::vector<std::string> warnings = radius_warnings(material, q.m);
  if (!warnings.empty()) record["warnings"] = warnings;
  return python::to_python(record);
}

}  // namespace

void bind_fit_impact(py::module_& m) {
  py::class_<Material>(m, "FitImpactMaterial")
      .def(py::init<>())
      .def_readwrite("m", &Material::m)
      .def_readwrite("K", &Material::K)
      .def_readwrite("n", &Material::n)
      .def_readwrite("E", &Material::E)
      .def_readwrite("nu", &Material::nu)
      .def_readwrite("radius", &Material::radius)
      .def_readwrite("density", &Material::density)
      .def_readwrite("geometry", &Material::geometry);
  m.def("fit_impact", &fit_impact);
}
