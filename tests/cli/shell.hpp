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
