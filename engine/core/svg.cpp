#include "engine/core/svg.hpp"

#include <fmt/format.h>

#include <array>
#include <cmath>

#include "engine/core/words.hpp"

namespace grove {
namespace {

// Two decimals are more than a screen shows; trailing zeros go.
std::string short_number(double number) {
  if (std::isnan(number) || std::isinf(number)) return "0";
  std::string text = fmt::format("{:.2f}", number);
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text == "-0" ? "0" : text;
}

}  // namespace

SvgValue::SvgValue(double number) : text(short_number(number)) {}
SvgValue::SvgValue(int number) : text(std::to_string(number)) {}

SvgWriter::SvgWriter(double width, double height) {
  out_ = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" width=\"{}\" "
      "height=\"{}\" font-family=\"sans-serif\">",
      short_number(width), short_number(height), short_number(width), short_number(height));
}

void SvgWriter::attributes(const SvgAttributes& attributes) {
  for (const SvgAttribute& attribute : attributes) {
    out_ += fmt::format(" {}=\"{}\"", attribute.name, escape_markup(attribute.value.text));
  }
}

void SvgWriter::element(std::string_view tag, const SvgAttributes& attributes) {
  out_ += fmt::format("<{}", tag);
  this->attributes(attributes);
  out_ += "/>";
}

void SvgWriter::open(std::string_view tag, const SvgAttributes& attributes) {
  out_ += fmt::format("<{}", tag);
  this->attributes(attributes);
  out_ += ">";
  open_.emplace_back(tag);
}

void SvgWriter::close() {
  if (open_.empty()) return;
  out_ += fmt::format("</{}>", open_.back());
  open_.pop_back();
}

void SvgWriter::text(double x, double y, std::string_view content,
                     const SvgAttributes& attributes) {
  out_ += fmt::format("<text x=\"{}\" y=\"{}\"", short_number(x), short_number(y));
  this->attributes(attributes);
  out_ += fmt::format(">{}</text>", escape_markup(content));
}

void SvgWriter::title(std::string_view content) {
  out_ += fmt::format("<title>{}</title>", escape_markup(content));
}

std::string SvgWriter::finish() {
  while (!open_.empty()) close();
  return out_ + "</svg>";
}

std::string_view seat_colour(Seat seat) {
  static constexpr std::array<std::string_view, 5> kColours = {"#d62728", "#1f77b4", "#2ca02c",
                                                               "#ff7f0e", "#9467bd"};
  if (seat < 0 || static_cast<std::size_t>(seat) >= kColours.size()) return "#7f7f7f";
  return kColours[static_cast<std::size_t>(seat)];
}

}  // namespace grove
