#pragma once
// Physical inputs have no defaults: a door (CLI flag, Python argument, config key) that prints a
// dimensional result without one of its inputs names what is missing instead of assuming 1 kg,
// 1 N/m^n or 1 m/s.
#include <string_view>
#include <utility>
#include <vector>

namespace calib {

// Each input as (the name the user writes at this door, whether it was given). InputError
// "<command>: --m and --v are required (<why>; a physical input has no default)" when any is
// missing; nothing when all are given.
void require_given(std::string_view command,
                   const std::vector<std::pair<std::string_view, bool>>& inputs,
                   std::string_view why);

// True when none of the inputs was given (a door that then answers in dimensionless form).
bool none_given(const std::vector<std::pair<std::string_view, bool>>& inputs);

}  // namespace calib
