// The other simulators for Python (glue only): calib.input_for and calib.code_laws in
// calib/__init__.py call these.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "calib/codes/input_for.hpp"
#include "to_python.hpp"

namespace py = pybind11;
using namespace calib;
using calib::python::to_python;

namespace {

// `calib input-for` as a dict (the same record as --format json).
py::object input_for(const std::string& code, double e, const std::string& model,
                     const std::string& version, std::optional<bool> clamp, double youngs,
                     double poisson, double radius, double density, double v, std::optional<double> v_char,
                     std::optional<double> k, std::optional<std::string> typed,
                     const std::string& geometry, std::optional<double> time_step) {
  const codes::CodeLaw& law = codes::find_code_law(code, model, version);
  const codes::Contact contact = codes::make_contact(codes::parse_geometry(geometry, "geometry"),
                                                     youngs, poisson, radius, density, v, k, v_char);
  codes::InputForOptions options;
  options.target_e = e;
  options.clamp = clamp;
  // A number arrives as its repr (exact); text may carry a unit of the code's typed_units.
  options.typed_field = "typed";
  if (typed) options.typed = codes::parse_typed(law, *typed, options.typed_field);
  options.version_asked = version;
  options.time_step = time_step;
  nlohmann::ordered_json rec;
  {
    py::gil_scoped_release release;
    rec = codes::to_json(codes::input_for(law, contact, options), contact);
  }
  return to_python(rec);
}

py::list code_laws() {
  py::list out;
  for (const codes::CodeLaw& l : codes::code_laws()) {
    py::dict d;
    d["code"] = std::string(l.code);
    d["model"] = std::string(l.model);
    d["version"] = std::string(l.version);
    d["law"] = std::string(l.law);
    d["typed_name"] = std::string(l.typed.name);
    d["clamp_default"] = l.clamp.by_default;
    d["speed_dependent"] = l.speed_dependent;
    out.append(d);
  }
  return out;
}

}  // namespace

void bind_codes(py::module_& m) {
  m.def("input_for", &input_for);
  m.def("code_laws", &code_laws);
}
