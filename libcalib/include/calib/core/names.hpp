#pragma once
// Looking up a name a user typed (a code, a model) among known ones.
// Names are matched without regard to ASCII case ("LAMMPS" is lammps); an unknown name gets the
// nearest known one suggested when it is a likely typo (Levenshtein distance ≤ 2).
#include <string>
#include <string_view>
#include <vector>

namespace calib {

std::string lower_ascii(std::string_view text);
// " (did you mean 'lammps'?)" for the known name nearest to `given`, or "" when none is close.
std::string did_you_mean(std::string_view given, const std::vector<std::string_view>& known);

}  // namespace calib
