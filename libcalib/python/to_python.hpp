#pragma once
// nlohmann JSON records (plain or ordered) as Python objects, for the module's glue files.
#include <pybind11/pybind11.h>

namespace calib::python {

namespace py = pybind11;

// nlohmann (ordered) JSON -> Python objects.
template <class Json>
py::object to_python(const Json& j) {
  if (j.is_null()) return py::none();
  if (j.is_boolean()) return py::bool_(j.template get<bool>());
  if (j.is_number_integer()) return py::int_(j.template get<long long>());
  if (j.is_number()) return py::float_(j.template get<double>());
  if (j.is_string()) return py::str(j.template get<std::string>());
  if (j.is_array()) {
    py::list l;
    for (const auto& x : j) l.append(to_python(x));
    return l;
  }
  py::dict d;
  for (auto it = j.begin(); it != j.end(); ++it) d[py::str(it.key())] = to_python(it.value());
  return d;
}

}  // namespace calib::python
