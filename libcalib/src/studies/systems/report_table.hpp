#pragma once
// Report tables of the systems study drawn from its result CSVs (report_section.cpp).
#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "calib/io/csv.hpp"
#include "calib/io/document.hpp"

namespace calib::studies::systems {

// A CSV column shown in a report table: its header there and its significant digits
// (0: the text as written).
struct Column {
  std::string csv, header;
  int digits = 0;
};

// The table of `columns` of a study CSV, one row per CSV row that `keep` accepts.
io::Table csv_table(const std::filesystem::path& file, const std::vector<Column>& columns,
                    const std::function<bool(const io::TextTable&, std::size_t)>& keep = {});

}  // namespace calib::studies::systems
