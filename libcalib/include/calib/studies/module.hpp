#pragma once
// One study contract. A study's header defines a `Module` naming its pieces; make_study turns it
// into its registry row (studies/study.hpp), and every study runs the same way: read the config,
// apply the typed overrides, run on the sweep engine, write the results with their provenance
// (RunContext) into a stage published as the results folder at once (io/result_folder.hpp),
// summarise.
#include <concepts>
#include <filesystem>
#include <string>
#include <variant>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/io/config.hpp"
#include "calib/io/provenance.hpp"
#include "calib/io/result_folder.hpp"
#include "calib/studies/study.hpp"

namespace calib::studies {

template <class M>
concept StudyModule = requires(const io::ConfigNode& node, const typename M::Config& config,
                               const typename M::Result& result, const sweep::Execution& execution,
                               const RunContext& context, const std::filesystem::path& folder,
                               io::Section& section) {
  { M::Config::from(node) } -> std::same_as<typename M::Config>;
  { config.as_json } -> std::convertible_to<nlohmann::json>;
  { M::run(config, execution) } -> std::same_as<typename M::Result>;
  { M::write(result, config, context) } -> std::same_as<void>;
  { M::summary(result) } -> std::same_as<std::string>;
  { M::report_section(folder, section) } -> std::same_as<void>;
};
// Optional pieces: gnuplot data for the figures, typed overrides, extra options and modes.
template <class M>
concept HasFigures = requires(const std::filesystem::path& folder) {
  { M::figure_data(folder, folder) } -> std::same_as<io::GnuplotVars>;
};
template <class M>
concept HasOverrides = requires(typename M::Config& config, const typename M::Overrides& o) {
  M::apply(config, o);
};
template <class M>
concept HasOptions = requires {
  { M::options() } -> std::same_as<StudyOptions>;
};

namespace detail {
template <class M>
void apply_overrides(const Study& study, typename M::Config& config, const Overrides& overrides) {
  if (std::holds_alternative<std::monostate>(overrides)) return;
  if constexpr (HasOverrides<M>) {
    if (const auto* o = std::get_if<typename M::Overrides>(&overrides)) return M::apply(config, *o);
  }
  throw InputError(fmt::format("{}: these overrides belong to another study", study.name));
}
}  // namespace detail

template <StudyModule M>
std::string run_module(const Study& study, const RunRequest& request) {
  io::WallClock clock;
  typename M::Config config = M::Config::from(io::ConfigNode::load_file(request.config));
  detail::apply_overrides<M>(study, config, request.overrides);  // refused before any output
  io::ResultFolder folder(request.out, {request.config});        // one run per output folder
  const auto result = M::run(config, request.execution);
  const RunContext context{folder.stage(),
                           fmt::format("calib {}", study.name),
                           request.execution.threads,
                           clock.started_utc(),
                           clock.seconds(),
                           config.as_json};
  M::write(result, config, context);
  folder.publish(context.provenance(nlohmann::json::object()));
  return M::summary(result);
}

// The registry row of a module: names from the caller, functions from the module.
template <StudyModule M>
Study make_study(Study names) {
  names.run_with = &run_module<M>;
  names.report_section = M::report_section;
  if constexpr (HasFigures<M>) names.figure_data = M::figure_data;
  if constexpr (HasOptions<M>) names.options = M::options();
  return names;
}

}  // namespace calib::studies
