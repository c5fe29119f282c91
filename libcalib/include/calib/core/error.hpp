#pragma once
// Error types of libcalib. Library code throws; the CLI catches once and maps the type
// to an exit code (InputError -> 2, ComputeError and other Error -> 1).
#include <stdexcept>
#include <string>

namespace calib {

// Base of every error libcalib throws on purpose. The message names the offending
// field, file and value so a user can act on it.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Bad usage or bad input: malformed config/CSV, parameter out of range, NaN.
class InputError : public Error {
 public:
  using Error::Error;
};

// A computation that could not be completed (no convergence, no separation, ...).
class ComputeError : public Error {
 public:
  using Error::Error;
};

}  // namespace calib

namespace calib {
// A run stopped by SIGINT/SIGTERM after flushing a resumable partial (CLI exit 130).
class Interrupted : public Error {
 public:
  using Error::Error;
};
}  // namespace calib
