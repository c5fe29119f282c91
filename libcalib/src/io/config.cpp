#include "calib/io/config.hpp"
#include "calib/io/input_file.hpp"
#include "calib/io/output_target.hpp"

#include <cmath>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "calib/core/error.hpp"
#include "calib/io/resources.hpp"

namespace calib::io {

struct ConfigNode::Impl {
  std::shared_ptr<toml::table> root;  // keeps the document alive
  const toml::table* node = nullptr;
  std::string file;
  std::string prefix;  // dotted path of this table ("" for the root)
  std::set<std::string> used;
  std::map<std::string, std::shared_ptr<Impl>> children;  // opened sub-tables
};

namespace {

std::string describe(const toml::node& n) {
  std::ostringstream os;
  if (n.is_string())
    os << '"' << *n.value<std::string>() << '"';
  else if (n.is_table())
    os << "a table";
  else if (n.is_array())
    os << "an array";
  else
    n.visit([&os](auto&& v) { os << v; });
  return os.str();
}

std::shared_ptr<ConfigNode::Impl> make_root(toml::table&& t, const std::string& file) {
  auto impl = std::make_shared<ConfigNode::Impl>();
  impl->root = std::make_shared<toml::table>(std::move(t));
  impl->node = impl->root.get();
  impl->file = file;
  return impl;
}

}  // namespace

ConfigNode ConfigNode::load_file(const std::filesystem::path& file) {
  if (!path_exists(file))
    throw InputError(fmt::format("config file not found: {}", file.string()));
  try {
    const std::string text = read_input_file(file, kMaxConfigFileBytes, "config file");
    return ConfigNode(make_root(toml::parse(text, file.string()), file.string()));
  } catch (const toml::parse_error& e) {
    throw InputError(fmt::format("{}:{}:{}: TOML syntax error: {}", file.string(),
                                 e.source().begin.line, e.source().begin.column, e.description()));
  }
}

ConfigNode ConfigNode::parse(const std::string& text, const std::string& source_name) {
  try {
    return ConfigNode(make_root(toml::parse(text, source_name), source_name));
  } catch (const toml::parse_error& e) {
    throw InputError(fmt::format("{}:{}:{}: TOML syntax error: {}", source_name,
                                 e.source().begin.line, e.source().begin.column, e.description()));
  }
}

std::string ConfigNode::where(const std::string& key) const {
  return fmt::format("{}: {}{}", impl_->file, impl_->prefix, key);
}

bool ConfigNode::has(const std::string& key) const { return impl_->node->contains(key); }

namespace {
const toml::node& fetch(const ConfigNode::Impl& impl, const ConfigNode& self,
                        const std::string& key) {
  const toml::node* n = impl.node->get(key);
  if (!n) throw InputError(fmt::format("{}: required key is missing", self.where(key)));
  return *n;
}
}  // namespace

double ConfigNode::number(const std::string& key) const {
  impl_->used.insert(key);
  const toml::node& n = fetch(*impl_, *this, key);
  std::optional<double> v;
  if (n.is_floating_point()) v = *n.value<double>();
  if (n.is_integer()) v = static_cast<double>(*n.value<std::int64_t>());
  if (!v) throw InputError(fmt::format("{}: expected a number, got {}", where(key), describe(n)));
  if (!std::isfinite(*v))
    throw InputError(fmt::format("{}: expected a finite number, got {}", where(key), *v));
  return *v;
}

double ConfigNode::number(const std::string& key, double fallback) const {
  impl_->used.insert(key);
  return has(key) ? number(key) : fallback;
}

std::int64_t ConfigNode::integer(const std::string& key) const {
  impl_->used.insert(key);
  const toml::node& n = fetch(*impl_, *this, key);
  if (!n.is_integer())
    throw InputError(fmt::format("{}: expected an integer, got {}", where(key), describe(n)));
  return *n.value<std::int64_t>();
}

std::int64_t ConfigNode::integer(const std::string& key, std::int64_t fallback) const {
  impl_->used.insert(key);
  return has(key) ? integer(key) : fallback;
}

std::string ConfigNode::string(const std::string& key) const {
  impl_->used.insert(key);
  const toml::node& n = fetch(*impl_, *this, key);
  if (!n.is_string())
    throw InputError(fmt::format("{}: expected a string, got {}", where(key), describe(n)));
  return *n.value<std::string>();
}

std::string ConfigNode::string(const std::string& key, const std::string& fallback) const {
  impl_->used.insert(key);
  return has(key) ? string(key) : fallback;
}

bool ConfigNode::boolean(const std::string& key) const {
  impl_->used.insert(key);
  const toml::node& n = fetch(*impl_, *this, key);
  if (!n.is_boolean())
    throw InputError(fmt::format("{}: expected true or false, got {}", where(key), describe(n)));
  return *n.value<bool>();
}

bool ConfigNode::boolean(const std::string& key, bool fallback) const {
  impl_->used.insert(key);
  return has(key) ? boolean(key) : fallback;
}

std::vector<double> ConfigNode::numbers(const std::string& key) const {
  impl_->used.insert(key);
  const toml::node& n = fetch(*impl_, *this, key);
  const toml::array* arr = n.as_array();
  if (!arr)
    throw InputError(
        fmt::format("{}: expected an array of numbers, got {}", where(key), describe(n)));
  std::vector<double> out;
  for (std::size_t i = 0; i < arr->size(); ++i) {
    const toml::node& item = *arr->get(i);
    std::optional<double> v;
    if (item.is_floating_point()) v = *item.value<double>();
    if (item.is_integer()) v = static_cast<double>(*item.value<std::int64_t>());
    if (!v || !std::isfinite(*v))
      throw InputError(
          fmt::format("{}[{}]: expected a finite number, got {}", where(key), i, describe(item)));
    out.push_back(*v);
  }
  return out;
}

namespace {
// A quantity's text: a TOML number as its shortest exact decimal (SI), a string as written.
std::string quantity_text(const ConfigNode& self, const toml::node& n, const std::string& key) {
  if (n.is_string()) return *n.value<std::string>();
  if (n.is_integer()) return fmt::format("{}", *n.value<std::int64_t>());
  if (n.is_floating_point()) return fmt::format("{}", *n.value<double>());
  throw InputError(fmt::format("{}: expected a number (SI) or a string with a unit, got {}",
                               self.where(key), describe(n)));
}
}  // namespace

double ConfigNode::quantity(const std::string& key, const units::Quantity& q) const {
  impl_->used.insert(key);
  return units::parse(quantity_text(*this, fetch(*impl_, *this, key), key), q, where(key));
}

double ConfigNode::quantity(const std::string& key, const units::Quantity& q,
                            double fallback) const {
  impl_->used.insert(key);
  return has(key) ? quantity(key, q) : fallback;
}

double ConfigNode::quantity_in(const std::string& key, const units::Quantity& q,
                               std::string_view unit, double fallback) const {
  impl_->used.insert(key);
  if (!has(key)) return fallback;
  return units::parse_in(quantity_text(*this, fetch(*impl_, *this, key), key), q, where(key),
                         unit);
}

std::vector<double> ConfigNode::quantities(const std::string& key,
                                           const units::Quantity& q) const {
  impl_->used.insert(key);
  const toml::node& n = fetch(*impl_, *this, key);
  const toml::array* arr = n.as_array();
  if (!arr)
    throw InputError(fmt::format("{}: expected an array of numbers (SI) or strings with a unit, "
                                 "got {}", where(key), describe(n)));
  std::vector<double> out;
  for (std::size_t i = 0; i < arr->size(); ++i) {
    const std::string item = fmt::format("{}[{}]", key, i);
    out.push_back(units::parse(quantity_text(*this, *arr->get(i), item), q, where(item)));
  }
  return out;
}

std::vector<std::string> ConfigNode::strings(const std::string& key) const {
  impl_->used.insert(key);
  const toml::node& n = fetch(*impl_, *this, key);
  const toml::array* arr = n.as_array();
  if (!arr)
    throw InputError(
        fmt::format("{}: expected an array of strings, got {}", where(key), describe(n)));
  std::vector<std::string> out;
  for (std::size_t i = 0; i < arr->size(); ++i) {
    const toml::node& item = *arr->get(i);
    if (!item.is_string())
      throw InputError(
          fmt::format("{}[{}]: expected a string, got {}", where(key), i, describe(item)));
    out.push_back(*item.value<std::string>());
  }
  return out;
}

std::filesystem::path ConfigNode::path(const std::string& key) const {
  return resolve_config_path(impl_->file, string(key));
}

ConfigNode ConfigNode::table(const std::string& key) const {
  impl_->used.insert(key);
  const toml::node& n = fetch(*impl_, *this, key);
  if (!n.is_table())
    throw InputError(fmt::format("{}: expected a table, got {}", where(key), describe(n)));
  auto& child = impl_->children[key];
  if (!child) {
    child = std::make_shared<Impl>();
    child->root = impl_->root;
    child->node = n.as_table();
    child->file = impl_->file;
    child->prefix = impl_->prefix + key + ".";
  }
  return ConfigNode(child);
}

std::vector<ConfigNode> ConfigNode::tables(const std::string& key) const {
  impl_->used.insert(key);
  const toml::node& n = fetch(*impl_, *this, key);
  const toml::array* arr = n.as_array();
  if (!arr || !arr->is_array_of_tables())
    throw InputError(fmt::format("{}: expected an array of tables ([[{}]]), got {}", where(key),
                                 key, describe(n)));
  std::vector<ConfigNode> out;
  for (std::size_t i = 0; i < arr->size(); ++i) {
    const std::string name = fmt::format("{}[{}]", key, i);
    auto& child = impl_->children[name];
    if (!child) {
      child = std::make_shared<Impl>();
      child->root = impl_->root;
      child->node = arr->get(i)->as_table();
      child->file = impl_->file;
      child->prefix = impl_->prefix + name + ".";
    }
    out.push_back(ConfigNode(child));
  }
  return out;
}

std::optional<ConfigNode> ConfigNode::optional_table(const std::string& key) const {
  impl_->used.insert(key);
  if (!has(key)) return std::nullopt;
  return table(key);
}

std::vector<std::string> ConfigNode::keys() const {
  std::vector<std::string> out;
  for (const auto& [k, v] : *impl_->node) out.emplace_back(k.str());
  return out;
}

void ConfigNode::reject_unknown() const {
  for (const auto& [k, v] : *impl_->node) {
    const std::string key(k.str());
    if (!impl_->used.count(key))
      throw InputError(
          fmt::format("{}: unknown key (value {}); check the spelling", where(key), describe(v)));
  }
  for (const auto& [key, child] : impl_->children) ConfigNode(child).reject_unknown();
}

nlohmann::json ConfigNode::to_json() const {
  std::ostringstream os;
  os << toml::json_formatter{*impl_->node};
  return nlohmann::json::parse(os.str());
}

}  // namespace calib::io
