// Names a user types: codes and catalog models are found whatever their ASCII case, and a likely
// typo (Levenshtein distance ≤ 2, Wagner & Fischer 1974) gets the nearest known name suggested.
#include <string>

#include <gtest/gtest.h>

#include "calib/codes/code_law.hpp"
#include "calib/core/error.hpp"
#include "calib/models/catalog.hpp"
#include "calib/core/names.hpp"

using namespace calib;

TEST(Names, DidYouMeanSuggestsOnlyNearNames) {
  EXPECT_EQ(did_you_mean("lamps", {"lammps", "liggghts", "yade"}), " (did you mean 'lammps'?)");
  EXPECT_EQ(did_you_mean("LIGGHTS", {"lammps", "liggghts"}), " (did you mean 'liggghts'?)");
  EXPECT_EQ(did_you_mean("openfoam", {"lammps", "liggghts", "yade"}), "");
}

TEST(Names, CodesAndModelsAreFoundWhateverTheirCase) {
  EXPECT_EQ(codes::find_code_law("LAMMPS", "Tsuji").code, "lammps");
  EXPECT_EQ(codes::find_code_law("Yade", "MINDLIN").model, "mindlin");
  EXPECT_EQ(models::find("Hunt-Crossley").name, "hunt-crossley");
}

TEST(Names, AnUnknownNameIsRefusedWithTheNearestSuggested) {
  auto message = [](auto&& call) {
    try {
      call();
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(message([] { codes::find_code_law("lamps"); }).find("did you mean 'lammps'"),
            std::string::npos);
  EXPECT_NE(message([] { codes::find_code_law("lammps", "tsuj"); }).find("did you mean 'tsuji'"),
            std::string::npos);
  EXPECT_NE(message([] { models::find("hunt-crosley"); }).find("did you mean 'hunt-crossley'"),
            std::string::npos);
}
