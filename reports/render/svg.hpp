#pragma once
// Inline SVG charts for the HTML reports (internal to the renderers). Every
// chart is one <svg> element with a <title>, axis values and text labels,
// drawn in greys and black so that it prints; no scripts, no external
// resources, and every text from data escaped.

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "reports/stats/statistics.hpp"

namespace grove::render {

// Text for HTML and SVG: & < > " ' replaced by entities.
std::string escape(std::string_view text);

struct Bar {
  std::string label;
  double value = 0;
  double low = std::numeric_limits<double>::quiet_NaN();  // error bar, when known
  double high = std::numeric_limits<double>::quiet_NaN();
};

struct BarChart {
  std::string title;
  std::string axis_label;  // the value axis
  std::vector<Bar> bars;
  bool percent = false;                                         // values are shares: axis in %
  double reference = std::numeric_limits<double>::quiet_NaN();  // a dashed line (fair share)
  std::string reference_label;
  std::string note;  // a line under the chart ("lines: 95% confidence intervals")
};

// Bars upright with their error bars and the reference line.
std::string vertical_bar_chart(const BarChart& chart);
// Bars lying down, labels on the left: for long lists of names (actions).
std::string horizontal_bar_chart(const BarChart& chart);

// A histogram: bar heights are counts, the x axis the bins' values.
std::string histogram_chart(const std::string& title, const std::string& x_label,
                            const stats::Histogram& histogram);

// A line chart of a figure against a swept value: each series a line
// through its points with its confidence band shaded; on a numeric x axis
// the points stand at their values, else (ruling alternatives) evenly
// with their names.
struct LinePoint {
  double x = 0;
  double y = std::numeric_limits<double>::quiet_NaN();  // NaN: no value here
  double low = std::numeric_limits<double>::quiet_NaN();
  double high = std::numeric_limits<double>::quiet_NaN();
};

struct Series {
  std::string label;  // in the legend when there are several
  std::vector<LinePoint> points;
};

struct LineChart {
  std::string title;
  std::string x_label;
  std::string y_label;
  std::vector<std::string> x_names;  // names of x = 0, 1, ... (empty: a numeric axis)
  std::vector<Series> series;
  bool percent = false;
  double reference = std::numeric_limits<double>::quiet_NaN();  // a dashed line (a target)
  std::string reference_label;
  std::string note;
};

std::string line_chart(const LineChart& chart);

struct Box {
  std::string label;
  double min = 0, q1 = 0, median = 0, q3 = 0, max = 0, mean = 0;
};
// Box plots side by side: whiskers min to max, box the quartiles, a line at
// the median and a dot at the mean.
std::string box_plot(const std::string& title, const std::string& axis_label,
                     const std::vector<Box>& boxes);

}  // namespace grove::render
