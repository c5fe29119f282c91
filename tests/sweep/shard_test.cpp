// --shard: "i/N", the task of a Slurm job array ("auto", "auto/N"), and the {shard} output name.
// The environment is a map here, so every combination of the Slurm variables is tried; the
// values are those sbatch sets (its man page, OUTPUT ENVIRONMENT VARIABLES): --array=0-7 gives
// ID 0..7, COUNT 8, MIN 0, MAX 7; --array=3 gives ID 3, COUNT 1, MIN 3, MAX 3.
#include <map>

#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "calib/sweep/shard.hpp"

namespace {

using calib::sweep::parse_shard;
using calib_test::input_error_of;
using Variables = std::map<std::string, std::string>;

calib::sweep::Environment environment(const Variables& variables) {
  return [variables](const std::string& name) -> std::optional<std::string> {
    const auto it = variables.find(name);
    return it == variables.end() ? std::nullopt : std::optional<std::string>(it->second);
  };
}

Variables array_task(const std::string& id, const std::string& count, const std::string& min,
                     const std::string& max) {
  return {{"SLURM_ARRAY_TASK_ID", id},
          {"SLURM_ARRAY_TASK_COUNT", count},
          {"SLURM_ARRAY_TASK_MIN", min},
          {"SLURM_ARRAY_TASK_MAX", max}};
}

bool contains(const std::string& text, const std::string& token) {
  return text.find(token) != std::string::npos;
}

}  // namespace

TEST(Shard, AutoTakesEveryTaskOfAnArrayAsItsShard) {
  // --array=0-7: task i is shard i of 8, each index once.
  for (int i = 0; i < 8; ++i) {
    const auto [index, count] =
        parse_shard("auto", environment(array_task(std::to_string(i), "8", "0", "7")));
    EXPECT_EQ(index, i);
    EXPECT_EQ(count, 8);
  }
}

TEST(Shard, AutoReadsTheSizeFromMinAndMaxWithoutCount) {
  const Variables v{
      {"SLURM_ARRAY_TASK_ID", "2"}, {"SLURM_ARRAY_TASK_MIN", "0"}, {"SLURM_ARRAY_TASK_MAX", "3"}};
  EXPECT_EQ(parse_shard("auto", environment(v)), std::make_pair(2, 4));
  const Variables count_only{{"SLURM_ARRAY_TASK_ID", "5"}, {"SLURM_ARRAY_TASK_COUNT", "6"}};
  EXPECT_EQ(parse_shard("auto", environment(count_only)), std::make_pair(5, 6));
}

TEST(Shard, AutoRefusesMissingVariablesNamingThem) {
  const std::string no_id = input_error_of([] { parse_shard("auto", environment({})); });
  EXPECT_TRUE(contains(no_id, "SLURM_ARRAY_TASK_ID is not set")) << no_id;
  const std::string no_size = input_error_of([] {
    parse_shard("auto", environment({{"SLURM_ARRAY_TASK_ID", "1"}}));
  });
  for (const char* name :
       {"SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX"})
    EXPECT_TRUE(contains(no_size, name)) << no_size;
  const std::string min_only = input_error_of([] {
    parse_shard("auto", environment({{"SLURM_ARRAY_TASK_ID", "1"}, {"SLURM_ARRAY_TASK_MIN", "0"}}));
  });
  EXPECT_TRUE(contains(min_only, "the array size is unknown")) << min_only;
}

TEST(Shard, AutoRefusesInconsistentArraysNamingTheVariables) {
  // --array=0-6:2 (tasks 0, 2, 4, 6): COUNT 4 but MAX − MIN + 1 = 7.
  const std::string step =
      input_error_of([] { parse_shard("auto", environment(array_task("2", "4", "0", "6"))); });
  EXPECT_TRUE(contains(step, "SLURM_ARRAY_TASK_COUNT=4")) << step;
  EXPECT_TRUE(contains(step, "SLURM_ARRAY_TASK_MAX=6")) << step;
  // --array=3 (one task submitted again): shard 0 of 1 would be the whole sweep, not shard 3.
  const std::string rerun =
      input_error_of([] { parse_shard("auto", environment(array_task("3", "1", "3", "3"))); });
  EXPECT_TRUE(contains(rerun, "SLURM_ARRAY_TASK_MIN=3")) << rerun;
  EXPECT_TRUE(contains(rerun, "--shard auto/N")) << rerun;
  const std::string beyond = input_error_of([] {
    parse_shard("auto",
                environment({{"SLURM_ARRAY_TASK_ID", "8"}, {"SLURM_ARRAY_TASK_COUNT", "8"}}));
  });
  EXPECT_TRUE(contains(beyond, "SLURM_ARRAY_TASK_ID=8 is not below the array size 8")) << beyond;
  for (const char* bad : {"x", "-1", "1.5", " 1", "99999999999"}) {
    const std::string message =
        input_error_of([bad] { parse_shard("auto", environment(array_task(bad, "8", "0", "7"))); });
    EXPECT_TRUE(contains(message, std::string("SLURM_ARRAY_TASK_ID=\"") + bad + "\"")) << message;
  }
}

TEST(Shard, AutoOverNTakesTheShardFromTheTaskAndTheCountGiven) {
  // --array=3 submitted again for a sweep of 8 shards.
  EXPECT_EQ(parse_shard("auto/8", environment(array_task("3", "1", "3", "3"))),
            std::make_pair(3, 8));
  const std::string beyond =
      input_error_of([] { parse_shard("auto/8", environment(array_task("8", "9", "0", "8"))); });
  EXPECT_TRUE(contains(beyond, "SLURM_ARRAY_TASK_ID=8 is not a shard of 8")) << beyond;
  for (const char* bad : {"auto/", "auto/0", "auto/x", "autox", "auto/8/", "auto 8"}) {
    const std::string message =
        input_error_of([bad] { parse_shard(bad, environment(array_task("1", "8", "0", "7"))); });
    EXPECT_TRUE(contains(message, "--shard must be i/N, auto or auto/N")) << bad << ": " << message;
  }
  const std::string no_id = input_error_of([] { parse_shard("auto/8", environment({})); });
  EXPECT_TRUE(contains(no_id, "SLURM_ARRAY_TASK_ID is not set")) << no_id;
}

TEST(Shard, ExplicitShardsIgnoreTheEnvironment) {
  EXPECT_EQ(parse_shard("3/8", environment(array_task("5", "6", "0", "5"))), std::make_pair(3, 8));
  for (const char* bad : {"8/8", "1/0", "/8", "3/", "3/8x"})
    EXPECT_TRUE(contains(input_error_of([bad] { parse_shard(bad, environment({})); }),
                         "--shard must be i/N with 0 <= i < N"))
        << bad;
}

TEST(Shard, OutputPatternTakesTheShardIndex) {
  using calib::sweep::shard_output_path;
  EXPECT_EQ(shard_output_path("out/part_{shard}.csv", 3), std::filesystem::path("out/part_3.csv"));
  EXPECT_EQ(shard_output_path("s{shard}/part_{shard}.csv", 12),
            std::filesystem::path("s12/part_12.csv"));
  EXPECT_EQ(shard_output_path("out/all.csv", 3), std::filesystem::path("out/all.csv"));
  EXPECT_EQ(shard_output_path("out/{shards}.csv", 3), std::filesystem::path("out/{shards}.csv"));
}
