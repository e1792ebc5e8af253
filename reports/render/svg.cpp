#include "reports/render/svg.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "engine/core/words.hpp"

namespace grove::render {

namespace {

constexpr double kWidth = 680;
constexpr const char* kFont = "font-family=\"sans-serif\" fill=\"#000\"";

std::string tick_label(double value, bool percent) {
  if (percent) return stats::number(value * 100, 3) + "%";
  return stats::number(value, 4);
}

std::string shorten(const std::string& text, std::size_t limit) {
  if (text.size() <= limit) return text;
  return text.substr(0, limit - 1) + "…";
}

// The opening of a chart: the element with its accessible name and title.
std::string open_svg(const std::string& title, double height) {
  return fmt::format(
      "<svg class=\"chart\" role=\"img\" aria-label=\"{0}\" viewBox=\"0 0 {1:.0f} {2:.0f}\" "
      "width=\"{1:.0f}\" height=\"{2:.0f}\">\n<title>{0}</title>\n"
      "<rect x=\"0\" y=\"0\" width=\"{1:.0f}\" height=\"{2:.0f}\" fill=\"#fff\"/>\n"
      "<text x=\"{3:.1f}\" y=\"18\" text-anchor=\"middle\" font-family=\"sans-serif\" "
      "font-size=\"14\" font-weight=\"bold\" fill=\"#000\">{0}</text>\n",
      escape(title), kWidth, height, kWidth / 2);
}

std::string text(double x, double y, const std::string& content, const char* anchor = "middle",
                 const std::string& extra = "", int size = 12) {
  return fmt::format(
      "<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"{}\" font-size=\"{}\" {}{}>{}</text>\n", x, y,
      anchor, size, kFont, extra, escape(content));
}

std::string line(double x1, double y1, double x2, double y2, const std::string& style) {
  return fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" {}/>\n", x1, y1,
                     x2, y2, style);
}

std::string rect(double x, double y, double w, double h, const std::string& style) {
  return fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" {}/>\n", x,
                     y, std::max(0.0, w), std::max(0.0, h), style);
}

const std::string kBar = "fill=\"#bdbdbd\" stroke=\"#333\" stroke-width=\"1\"";
const std::string kAxis = "stroke=\"#000\" stroke-width=\"1\"";
const std::string kGrid = "stroke=\"#ddd\" stroke-width=\"1\"";
const std::string kError = "stroke=\"#000\" stroke-width=\"1.5\"";
const std::string kReference = "stroke=\"#000\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"";

// A linear scale from data values to pixels.
struct Scale {
  double lo, hi, from, to;
  double operator()(double v) const {
    if (hi == lo) return from;
    return from + (v - lo) / (hi - lo) * (to - from);
  }
};

bool finite(double v) { return std::isfinite(v); }

// The value range a bar chart must show: 0, every value, error bar and the
// reference line.
std::pair<double, double> bar_range(const BarChart& chart) {
  double lo = 0;
  double hi = 0;
  for (const Bar& bar : chart.bars) {
    for (double v : {bar.value, bar.low, bar.high}) {
      if (!finite(v)) continue;
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  }
  if (finite(chart.reference)) hi = std::max(hi, chart.reference);
  if (hi == lo) hi = lo + (chart.percent ? 1 : 1);
  return {lo, hi};
}

std::string value_label(const Bar& bar, bool percent) {
  if (!finite(bar.value)) return "n/a";
  return percent ? stats::percent(bar.value) : stats::number(bar.value);
}

}  // namespace

std::string escape(std::string_view raw) { return escape_markup(raw); }

std::string vertical_bar_chart(const BarChart& chart) {
  const double height = 320;
  const double left = 70, right = 20, top = 40, bottom = 60;
  auto [lo, hi] = bar_range(chart);
  const std::vector<double> ticks = stats::nice_ticks(lo, hi, 6);
  const Scale y{ticks.front(), ticks.back(), height - bottom, top};
  std::string svg = open_svg(chart.title, height);
  for (double tick : ticks) {
    svg += line(left, y(tick), kWidth - right, y(tick), kGrid);
    svg += text(left - 6, y(tick) + 4, tick_label(tick, chart.percent), "end");
  }
  svg += line(left, top, left, height - bottom, kAxis);
  svg += line(left, y(std::max(0.0, ticks.front())), kWidth - right,
              y(std::max(0.0, ticks.front())), kAxis);
  svg += text(16, (top + height - bottom) / 2, chart.axis_label, "middle",
              fmt::format(" transform=\"rotate(-90 16 {:.1f})\"", (top + height - bottom) / 2));
  const double band =
      (kWidth - left - right) / static_cast<double>(std::max<std::size_t>(1, chart.bars.size()));
  const double zero = y(std::clamp(0.0, ticks.front(), ticks.back()));
  for (std::size_t i = 0; i < chart.bars.size(); ++i) {
    const Bar& bar = chart.bars[i];
    const double centre = left + band * (static_cast<double>(i) + 0.5);
    const double width = std::min(band * 0.6, 90.0);
    if (finite(bar.value)) {
      const double top_y = std::min(y(bar.value), zero);
      svg += rect(centre - width / 2, top_y, width, std::fabs(zero - y(bar.value)), kBar);
    }
    double label_y = finite(bar.value) ? y(bar.value) : zero;
    if (finite(bar.low) && finite(bar.high)) {
      svg += line(centre, y(bar.low), centre, y(bar.high), kError);
      svg += line(centre - 8, y(bar.low), centre + 8, y(bar.low), kError);
      svg += line(centre - 8, y(bar.high), centre + 8, y(bar.high), kError);
      label_y = std::min(label_y, y(bar.high));
    }
    svg += text(centre, label_y - 6, value_label(bar, chart.percent));
    svg += text(centre, height - bottom + 18, shorten(bar.label, 16));
  }
  if (finite(chart.reference)) {
    svg += line(left, y(chart.reference), kWidth - right, y(chart.reference), kReference);
    // Under the line at the right end, clear of the value labels above bars.
    svg += text(kWidth - right - 2, y(chart.reference) + 14, chart.reference_label, "end",
                " font-style=\"italic\"");
  }
  if (!chart.note.empty()) {
    svg += text(kWidth / 2, height - 12, chart.note, "middle", " font-style=\"italic\"");
  }
  svg += "</svg>\n";
  return svg;
}

std::string horizontal_bar_chart(const BarChart& chart) {
  const double row = 22;
  const double left = 190, right = 70, top = 40, bottom = 40;
  const double height =
      top + bottom + row * static_cast<double>(std::max<std::size_t>(1, chart.bars.size()));
  auto [lo, hi] = bar_range(chart);
  const std::vector<double> ticks = stats::nice_ticks(lo, hi, 6);
  const Scale x{ticks.front(), ticks.back(), left, kWidth - right};
  std::string svg = open_svg(chart.title, height);
  for (double tick : ticks) {
    svg += line(x(tick), top, x(tick), height - bottom, kGrid);
    svg += text(x(tick), height - bottom + 16, tick_label(tick, chart.percent));
  }
  svg += line(x(0), top, x(0), height - bottom, kAxis);
  svg += text((left + kWidth - right) / 2, height - 6, chart.axis_label);
  for (std::size_t i = 0; i < chart.bars.size(); ++i) {
    const Bar& bar = chart.bars[i];
    const double y = top + row * static_cast<double>(i);
    svg += text(left - 6, y + row * 0.65, shorten(bar.label, 28), "end");
    if (finite(bar.value)) {
      svg +=
          rect(std::min(x(0), x(bar.value)), y + 3, std::fabs(x(bar.value) - x(0)), row - 6, kBar);
    }
    double end = finite(bar.value) ? x(bar.value) : x(0);
    if (finite(bar.low) && finite(bar.high)) {
      svg += line(x(bar.low), y + row / 2, x(bar.high), y + row / 2, kError);
      end = std::max(end, x(bar.high));
    }
    svg += text(end + 4, y + row * 0.65, value_label(bar, chart.percent), "start");
  }
  if (finite(chart.reference)) {
    svg += line(x(chart.reference), top, x(chart.reference), height - bottom, kReference);
    svg += text(x(chart.reference), top - 4, chart.reference_label);
  }
  svg += "</svg>\n";
  return svg;
}

std::string histogram_chart(const std::string& title, const std::string& x_label,
                            const stats::Histogram& histogram) {
  const double height = 300;
  const double left = 70, right = 20, top = 40, bottom = 60;
  std::int64_t most = 0;
  for (std::int64_t count : histogram.counts) most = std::max(most, count);
  const std::vector<double> ticks =
      stats::nice_ticks(0, static_cast<double>(std::max<std::int64_t>(most, 1)), 5);
  const Scale y{0, ticks.back(), height - bottom, top};
  const double lo = histogram.edges.empty() ? 0 : histogram.edges.front();
  const double hi = histogram.edges.empty() ? 1 : histogram.edges.back();
  const Scale x{lo, hi, left, kWidth - right};
  std::string svg = open_svg(title, height);
  for (double tick : ticks) {
    svg += line(left, y(tick), kWidth - right, y(tick), kGrid);
    svg += text(left - 6, y(tick) + 4, stats::number(tick), "end");
  }
  svg += text(16, (top + height - bottom) / 2, "games", "middle",
              fmt::format(" transform=\"rotate(-90 16 {:.1f})\"", (top + height - bottom) / 2));
  const std::size_t bins = histogram.counts.size();
  for (std::size_t i = 0; i < bins; ++i) {
    const double x0 = x(histogram.edges[i]);
    const double x1 = x(histogram.edges[i + 1]);
    const auto count = static_cast<double>(histogram.counts[i]);
    if (count > 0) svg += rect(x0, y(count), x1 - x0, y(0) - y(count), kBar);
  }
  // Axis values: whole-number bins of width one are labelled at their
  // centres by their value, other bins at their edges; thinned to about 12.
  const bool unit_bins =
      histogram.integer && bins > 0 && histogram.edges[1] - histogram.edges[0] == 1;
  const std::size_t labels = unit_bins ? bins : bins + 1;
  const std::size_t every = std::max<std::size_t>(1, (labels + 11) / 12);
  for (std::size_t i = 0; i < labels; i += every) {
    const double at =
        unit_bins ? (x(histogram.edges[i]) + x(histogram.edges[i + 1])) / 2 : x(histogram.edges[i]);
    svg += line(at, height - bottom, at, height - bottom + 4, kAxis);
    svg += text(at, height - bottom + 17, stats::number(histogram.edges[i], 4));
  }
  svg += line(left, height - bottom, kWidth - right, height - bottom, kAxis);
  svg += line(left, top, left, height - bottom, kAxis);
  svg += text((left + kWidth - right) / 2, height - 20, x_label);
  svg += "</svg>\n";
  return svg;
}

std::string line_chart(const LineChart& chart) {
  const double height = 340;
  const double left = 70, right = 20, top = 40, bottom = 70;
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  double x_lo = lo, x_hi = -lo;
  for (const Series& series : chart.series) {
    for (const LinePoint& p : series.points) {
      x_lo = std::min(x_lo, p.x);
      x_hi = std::max(x_hi, p.x);
      for (double v : {p.y, p.low, p.high}) {
        if (!finite(v)) continue;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
    }
  }
  if (finite(chart.reference)) {
    lo = std::min(lo, chart.reference);
    hi = std::max(hi, chart.reference);
  }
  if (!finite(lo)) lo = 0, hi = 1;
  if (hi == lo) hi = lo + 1;
  if (!finite(x_lo)) x_lo = 0, x_hi = 1;
  const std::vector<double> ticks = stats::nice_ticks(lo, hi, 6);
  const Scale y{ticks.front(), ticks.back(), height - bottom, top};
  // Half a step of room on each side, so the end points are not on the axis.
  const double pad = x_hi == x_lo ? 1 : (x_hi - x_lo) * 0.05;
  const Scale x{x_lo - pad, x_hi + pad, left, kWidth - right};
  std::string svg = open_svg(chart.title, height);
  for (double tick : ticks) {
    svg += line(left, y(tick), kWidth - right, y(tick), kGrid);
    svg += text(left - 6, y(tick) + 4, tick_label(tick, chart.percent), "end");
  }
  svg += line(left, top, left, height - bottom, kAxis);
  svg += line(left, height - bottom, kWidth - right, height - bottom, kAxis);
  svg += text(16, (top + height - bottom) / 2, chart.y_label, "middle",
              fmt::format(" transform=\"rotate(-90 16 {:.1f})\"", (top + height - bottom) / 2));
  if (chart.x_names.empty()) {
    for (double tick : stats::nice_ticks(x_lo, x_hi, 8)) {
      if (tick < x_lo - pad || tick > x_hi + pad) continue;
      svg += line(x(tick), height - bottom, x(tick), height - bottom + 4, kAxis);
      svg += text(x(tick), height - bottom + 17, stats::number(tick, 4));
    }
  } else {
    for (std::size_t i = 0; i < chart.x_names.size(); ++i) {
      const double at = x(static_cast<double>(i));
      svg += line(at, height - bottom, at, height - bottom + 4, kAxis);
      svg += text(at, height - bottom + 17, shorten(chart.x_names[i], 16));
    }
  }
  svg += text((left + kWidth - right) / 2, height - bottom + 36, chart.x_label);
  // Greys and dash patterns tell the series apart in print.
  static const char* const kDashes[] = {"", "6 3", "2 3", "8 3 2 3", "1 2"};
  for (std::size_t k = 0; k < chart.series.size(); ++k) {
    const Series& series = chart.series[k];
    std::string band_top, band_bottom, path;
    for (const LinePoint& p : series.points) {
      if (finite(p.low) && finite(p.high)) {
        band_top += fmt::format("{:.1f},{:.1f} ", x(p.x), y(p.high));
        band_bottom = fmt::format("{:.1f},{:.1f} ", x(p.x), y(p.low)) + band_bottom;
      }
      if (finite(p.y)) path += fmt::format("{:.1f},{:.1f} ", x(p.x), y(p.y));
    }
    if (!band_top.empty()) {
      svg += fmt::format(
          "<polygon class=\"band\" points=\"{}{}\" fill=\"#000\" "
          "fill-opacity=\"0.12\" stroke=\"none\"/>\n",
          band_top, band_bottom);
    }
    const std::string dash = kDashes[k % std::size(kDashes)];
    svg += fmt::format(
        "<polyline class=\"series\" points=\"{}\" fill=\"none\" stroke=\"#000\" "
        "stroke-width=\"2\"{}/>\n",
        path, dash.empty() ? "" : " stroke-dasharray=\"" + dash + "\"");
    for (const LinePoint& p : series.points) {
      if (!finite(p.y)) continue;
      svg += fmt::format(
          "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\" fill=\"#fff\" stroke=\"#000\"/>\n", x(p.x),
          y(p.y));
    }
    if (chart.series.size() > 1) {
      const double at = top + 4 + 16 * static_cast<double>(k);
      svg += line(kWidth - right - 150, at, kWidth - right - 120, at,
                  "stroke=\"#000\" stroke-width=\"2\"" +
                      (dash.empty() ? std::string() : " stroke-dasharray=\"" + dash + "\""));
      svg += text(kWidth - right - 115, at + 4, shorten(series.label, 24), "start", "", 11);
    }
  }
  if (finite(chart.reference)) {
    svg += line(left, y(chart.reference), kWidth - right, y(chart.reference), kReference);
    svg += text(left + 4, y(chart.reference) - 5, chart.reference_label, "start",
                " font-style=\"italic\"");
  }
  if (!chart.note.empty()) {
    svg += text(kWidth / 2, height - 10, chart.note, "middle", " font-style=\"italic\"");
  }
  svg += "</svg>\n";
  return svg;
}

std::string box_plot(const std::string& title, const std::string& axis_label,
                     const std::vector<Box>& boxes) {
  const double height = 320;
  const double left = 70, right = 20, top = 40, bottom = 60;
  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  for (const Box& box : boxes) {
    if (!finite(box.min) || !finite(box.max)) continue;
    lo = std::min(lo, box.min);
    hi = std::max(hi, box.max);
  }
  if (!finite(lo)) {
    lo = 0;
    hi = 1;
  }
  const std::vector<double> ticks = stats::nice_ticks(lo, hi, 6);
  const Scale y{ticks.front(), ticks.back(), height - bottom, top};
  std::string svg = open_svg(title, height);
  for (double tick : ticks) {
    svg += line(left, y(tick), kWidth - right, y(tick), kGrid);
    svg += text(left - 6, y(tick) + 4, stats::number(tick, 4), "end");
  }
  svg += line(left, top, left, height - bottom, kAxis);
  svg += line(left, height - bottom, kWidth - right, height - bottom, kAxis);
  svg += text(16, (top + height - bottom) / 2, axis_label, "middle",
              fmt::format(" transform=\"rotate(-90 16 {:.1f})\"", (top + height - bottom) / 2));
  const double band =
      (kWidth - left - right) / static_cast<double>(std::max<std::size_t>(1, boxes.size()));
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    const Box& box = boxes[i];
    const double centre = left + band * (static_cast<double>(i) + 0.5);
    const double width = std::min(band * 0.5, 80.0);
    svg += text(centre, height - bottom + 18, shorten(box.label, 16));
    if (!finite(box.min)) continue;
    svg += line(centre, y(box.min), centre, y(box.q1), kAxis);
    svg += line(centre, y(box.q3), centre, y(box.max), kAxis);
    svg += line(centre - width / 4, y(box.min), centre + width / 4, y(box.min), kAxis);
    svg += line(centre - width / 4, y(box.max), centre + width / 4, y(box.max), kAxis);
    svg += rect(centre - width / 2, y(box.q3), width, y(box.q1) - y(box.q3), kBar);
    svg += line(centre - width / 2, y(box.median), centre + width / 2, y(box.median),
                "stroke=\"#000\" stroke-width=\"2.5\"");
    svg += fmt::format(
        "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3.5\" fill=\"#fff\" stroke=\"#000\"/>\n", centre,
        y(box.mean));
    svg += text(centre + width / 2 + 4, y(box.median) + 4, "median " + stats::number(box.median),
                "start", "", 10);
  }
  svg += text(kWidth / 2, height - 12,
              "box: quartiles; thick line: median; circle: mean; whiskers: min to max", "middle",
              " font-style=\"italic\"");
  svg += "</svg>\n";
  return svg;
}

}  // namespace grove::render
