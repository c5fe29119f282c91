// Study subcommands and `calib run-all`.
#include "commands.hpp"

namespace calib::cli {

void register_studies(CLI::App& app) {
  auto* run_all = app.add_subcommand("run-all", "regenerate every study whose config is in configs/");
  run_all->callback([] {});
}

}  // namespace calib::cli
