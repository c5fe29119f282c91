#pragma once
// Runs a shell command line for the CLI tests: its exit status and its output.
#include <sys/wait.h>

#include <cstdio>
#include <string>

struct ShellRun {
  int code;
  std::string out;
};

inline ShellRun run_shell(const std::string& command) {
  FILE* p = popen(command.c_str(), "r");
  std::string out;
  char buf[4096];
  while (std::size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  const int status = pclose(p);
  return {WEXITSTATUS(status), out};
}

// Runs a bash script with CALIB (the calib binary under test) and DATA (the test configs of
// tests/cli/data/) in its environment: exit status and stdout + stderr.
inline ShellRun run_calib_script(const std::string& script) {
  return run_shell(std::string("CALIB='") + CALIB_CLI + "' DATA='" + CALIB_SOURCE_DIR +
                   "/tests/cli/data/' bash -c '" + script + "' 2>&1");
}
