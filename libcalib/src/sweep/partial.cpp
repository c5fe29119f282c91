#include "sweep/partial.hpp"

#include <charconv>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/io/atomic_file.hpp"

namespace calib::sweep::detail {

namespace fs = std::filesystem;

std::string fingerprint_of(const nlohmann::json& identity) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : identity.dump()) h = (h ^ c) * 0x100000001b3ULL;
  return fmt::format("{:016x}", h);
}

bool row_index(const std::string& row, std::size_t& index) {
  const auto comma = row.find(',');
  const char* end = row.data() + (comma == std::string::npos ? row.size() : comma);
  const auto [p, ec] = std::from_chars(row.data(), end, index);
  return ec == std::errc() && p == end && p != row.data();
}

namespace {

fs::path identity_file(const fs::path& partial) {
  fs::path p = partial;
  p += ".json";
  return p;
}

// The keys whose values differ, for a message the user can act on.
std::string differing_keys(const nlohmann::json& a, const nlohmann::json& b) {
  std::string keys;
  for (auto it = a.begin(); it != a.end(); ++it)
    if (!b.contains(it.key()) || b.at(it.key()) != it.value())
      keys += fmt::format("{}{}", keys.empty() ? "" : ", ", it.key());
  for (auto it = b.begin(); it != b.end(); ++it)
    if (!a.contains(it.key())) keys += fmt::format("{}{}", keys.empty() ? "" : ", ", it.key());
  return keys.empty() ? "?" : keys;
}

OpenedPartial start(const fs::path& partial, const std::string& header,
                    const nlohmann::json& identity) {
  // The identity first: a partial without one is never resumed.
  io::write_text_atomically(identity_file(partial), identity.dump(2) + "\n");
  OpenedPartial o;
  o.file.open(partial, std::ios::trunc | std::ios::binary);
  if (!o.file) throw InputError(fmt::format("cannot write {}", partial.string()));
  o.file << header;
  o.file.flush();
  return o;
}

}  // namespace

OpenedPartial open_partial(const fs::path& partial, const std::string& header,
                           const nlohmann::json& identity, std::size_t begin, bool resume) {
  std::error_code ec;
  if (!resume || !fs::exists(partial, ec)) return start(partial, header, identity);
  const fs::path id_file = identity_file(partial);
  if (!fs::exists(id_file, ec))
    throw InputError(fmt::format("{}: cannot resume: {} is missing (the partial was not written by "
                                 "this version of calib); delete the partial or run without --resume",
                                 partial.string(), id_file.filename().string()));
  nlohmann::json stored;
  try {
    std::ifstream in(id_file);
    stored = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception&) {
    throw InputError(fmt::format("{}: cannot resume: {} is damaged", partial.string(),
                                 id_file.string()));
  }
  if (stored != identity)
    throw InputError(fmt::format("{}: cannot resume: it was made by a different sweep (differs in: "
                                 "{}); use another --out or run without --resume",
                                 partial.string(), differing_keys(stored, identity)));
  // Verify the rows; keep the longest valid prefix that ends on a complete row.
  std::ifstream in(partial, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  in.close();
  if (text.empty()) return start(partial, header, identity);  // killed before the header
  if (text.compare(0, header.size(), header) != 0)
    throw InputError(fmt::format("{}: cannot resume: its header does not match this sweep",
                                 partial.string()));
  OpenedPartial o;
  std::size_t pos = header.size();
  while (pos < text.size()) {
    const std::size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) break;  // a torn last row: dropped below
    std::size_t index = 0;
    if (!row_index(text.substr(pos, nl - pos), index) || index != begin + o.rows)
      throw InputError(fmt::format("{}: cannot resume: row {} has point index '{}', expected {}",
                                   partial.string(), o.rows + 1,
                                   text.substr(pos, std::min<std::size_t>(20, nl - pos)),
                                   begin + o.rows));
    ++o.rows;
    pos = nl + 1;
  }
  if (pos < text.size()) fs::resize_file(partial, pos);
  o.file.open(partial, std::ios::app | std::ios::binary);
  if (!o.file) throw InputError(fmt::format("cannot append to {}", partial.string()));
  return o;
}

}  // namespace calib::sweep::detail
