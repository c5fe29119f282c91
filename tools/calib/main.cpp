// calib — command-line front end of libcalib. Errors are caught here, once:
// bad usage / bad input -> exit 2, failed computation -> exit 1.
#include <cstdio>
#include <exception>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/version.hpp"
#include "commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"calib: calibration and fitting of continuous contact-force models"};
  app.set_version_flag("--version",
                       fmt::format("calib {} ({})", calib::kVersion, calib::kGitRevision));
  app.require_subcommand(1);
  calib::cli::register_all(app);
  // CLI11 answers an unknown command with "A subcommand is required": name it instead.
  if (argc > 1 && argv[1][0] != '-')
    if (const auto message = calib::cli::unknown_command(app, argv[1])) {
      fmt::print(stderr, "{}\n", *message);
      return 2;
    }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    fmt::print(stderr, "{}\n", calib::cli::parse_error_message(app, e));
    return 2;
  } catch (const calib::Interrupted& e) {
    fmt::print(stderr, "calib: interrupted: {}\n", e.what());
    return 130;
  } catch (const calib::InputError& e) {
    fmt::print(stderr, "calib: error: {}\n", e.what());
    return 2;
  } catch (const calib::Error& e) {
    fmt::print(stderr, "calib: error: {}\n", e.what());
    return 1;
  } catch (const std::exception& e) {
    fmt::print(stderr, "calib: error: {}\n", e.what());
    return 1;
  }
  return 0;
}
