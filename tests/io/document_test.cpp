// Report documents: per-cell highlights reach the HTML and the Markdown, a caption's colour
// legend names only the colours its table shows, and figure captions come from the plot script.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "calib/io/document.hpp"

using namespace calib;
namespace fs = std::filesystem;

namespace {

// Two rows: the first plain with one red cell, the second a green row.
io::Table two_rows() {
  io::Table t{{"name", "value"}, {{"a", "1 *"}, {"b", "2"}}, {"", "ok"}};
  t.cell_class = {{"", "bad"}};
  return t;
}

}  // namespace

TEST(Document, CellClassesReachHtmlAndMarkdown) {
  const io::Table t = two_rows();
  const std::string html = io::html(t);
  // The red cell carries its own class; the green row keeps its row class.
  EXPECT_NE(html.find("<tr><td>a</td><td class=\"bad\">1 *</td></tr>"), std::string::npos) << html;
  EXPECT_NE(html.find("<tr class=\"ok\"><td>b</td><td>2</td></tr>"), std::string::npos) << html;
  // Markdown has no colour: a red cell is bold and flagged.
  EXPECT_NE(io::markdown(t).find("| a | **1 \\***"), std::string::npos) << io::markdown(t);
}

TEST(Document, ColourLegendNamesOnlyColoursShown) {
  const io::Table t = two_rows();
  const std::vector<std::pair<std::string, std::string>> phrases = {{"ok", "green: exact"},
                                                                    {"minor", "yellow: close"},
                                                                    {"bad", "red: off"},
                                                                    {"", "none: no value"}};
  // "minor" is on no row or cell; "" matches the first row (no row class).
  EXPECT_EQ(io::colour_legend(t, phrases), "Green: exact; red: off; none: no value.");
  io::Table plain{{"x"}, {{"1"}}, {}};
  EXPECT_EQ(io::colour_legend(plain, {{"bad", "red: off"}}), "");
}

TEST(Document, FigureCaptionFromThePlotScript) {
  const fs::path out = calib_test::fresh_dir("calib_document_test_", "captions");
  fs::create_directories(out / "figures/s");
  calib_test::put(out / "figures/s/with_caption.png", "png");
  calib_test::put(out / "figures/s/with_caption.caption", "What the figure shows & why.\n");
  calib_test::put(out / "figures/s/bare.png", "png");
  io::Section s;
  s.figures(out, "s");
  EXPECT_NE(s.html.find("<figcaption>What the figure shows &amp; why.</figcaption>"),
            std::string::npos)
      << s.html;
  EXPECT_NE(s.html.find("<figcaption>bare</figcaption>"), std::string::npos) << s.html;
  EXPECT_NE(s.md.find("What the figure shows & why."), std::string::npos) << s.md;
}
