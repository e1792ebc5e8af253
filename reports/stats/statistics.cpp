#include "reports/stats/statistics.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/fisher_f.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace grove::stats {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

void check_confidence(double confidence) {
  if (!(confidence > 0 && confidence < 1)) {
    throw std::invalid_argument(
        fmt::format("confidence level {} is not between 0 and 1", confidence));
  }
}

// Two-sided p-value of a standard normal statistic.
double normal_two_sided(double z) {
  if (std::isnan(z)) return kNaN;
  if (std::isinf(z)) return 0;
  const boost::math::normal normal;
  return std::min(1.0, 2 * boost::math::cdf(boost::math::complement(normal, std::fabs(z))));
}

}  // namespace

double z_critical(double confidence) {
  check_confidence(confidence);
  const boost::math::normal normal;
  return boost::math::quantile(boost::math::complement(normal, (1 - confidence) / 2));
}

double t_critical(double dof, double confidence) {
  check_confidence(confidence);
  if (!(dof > 0)) return kNaN;
  // Beyond ~1e7 degrees of freedom t and z agree to every printed digit,
  // and the normal avoids Boost's domain checks on huge or infinite dof.
  if (!std::isfinite(dof) || dof > 1e7) return z_critical(confidence);
  const boost::math::students_t t(dof);
  return boost::math::quantile(boost::math::complement(t, (1 - confidence) / 2));
}

// Wilson, E. B. (1927). "Probable inference, the law of succession, and
// statistical inference". JASA 22: 209-212. Newcombe (1998, Statistics in
// Medicine 17: 857-872, method 3) compares it with six other intervals:
// unlike the textbook Wald interval p ± z·√(p(1-p)/n) it keeps its coverage
// near the nominal level for proportions near 0 or 1 and small n, and it
// never leaves [0, 1]. The fractional successes of shared victories keep
// the same form (the estimate and its binomial variance are unchanged).
Interval wilson_interval(double successes, double trials, double confidence) {
  const double z = z_critical(confidence);
  if (!(trials > 0)) return {0, 0, 1};
  const double p = std::clamp(successes / trials, 0.0, 1.0);
  const double z2 = z * z;
  const double denominator = 1 + z2 / trials;
  const double centre = (p + z2 / (2 * trials)) / denominator;
  const double half =
      z * std::sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator;
  return {p, std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

Moments moments(const std::vector<double>& values) {
  Moments m;
  m.n = static_cast<std::int64_t>(values.size());
  if (values.empty()) return m;
  // Welford's one-pass update (Knuth, TAOCP vol. 2, 4.2.2): no
  // cancellation when the values are large and close together.
  double mean = 0;
  double m2 = 0;
  std::int64_t k = 0;
  for (double x : values) {
    ++k;
    const double delta = x - mean;
    mean += delta / static_cast<double>(k);
    m2 += delta * (x - mean);
  }
  m.mean = mean;
  m.sd = m.n > 1 ? std::sqrt(std::max(0.0, m2 / static_cast<double>(m.n - 1))) : 0;
  return m;
}

// Student (1908), "The probable error of a mean", Biometrika 6: 1-25: with
// the standard deviation estimated from the sample, (mean - μ)/(s/√n)
// follows t with n - 1 degrees of freedom. By the central limit theorem it
// is also what one uses for the non-normal counts of game lengths at the
// sample sizes of balance runs.
Interval mean_interval(const Moments& m, double confidence) {
  if (m.n < 2) return {m.n == 1 ? m.mean : kNaN, kNaN, kNaN};
  const double half = t_critical(static_cast<double>(m.n - 1), confidence) * m.sd /
                      std::sqrt(static_cast<double>(m.n));
  return {m.mean, m.mean - half, m.mean + half};
}

Interval mean_interval(const std::vector<double>& values, double confidence) {
  return mean_interval(moments(values), confidence);
}

// The textbook chi-square interval (e.g. Snedecor & Cochran 1989, 5.7):
// [s·√((n-1)/χ²_{1-α/2}), s·√((n-1)/χ²_{α/2})] with n - 1 degrees of freedom.
Interval sd_interval(const Moments& m, double confidence) {
  check_confidence(confidence);
  if (m.n < 2) return {m.n == 1 ? 0 : kNaN, kNaN, kNaN};
  const double dof = static_cast<double>(m.n - 1);
  const boost::math::chi_squared chi(dof);
  const double alpha = 1 - confidence;
  const double upper = boost::math::quantile(boost::math::complement(chi, alpha / 2));
  const double lower = boost::math::quantile(chi, alpha / 2);
  return {m.sd, m.sd * std::sqrt(dof / upper), m.sd * std::sqrt(dof / lower)};
}

// Hyndman, R. J. & Fan, Y. (1996), "Sample quantiles in statistical
// packages", The American Statistician 50: 361-365, definition 7:
// h = (n - 1)p, then linear interpolation between the order statistics
// around h. R's and NumPy's default, so designers can check numbers.
double quantile(std::vector<double> values, double p) {
  if (values.empty()) return kNaN;
  p = std::clamp(p, 0.0, 1.0);
  std::sort(values.begin(), values.end());
  const double h = static_cast<double>(values.size() - 1) * p;
  const auto below = static_cast<std::size_t>(std::floor(h));
  const std::size_t above = std::min(below + 1, values.size() - 1);
  return values[below] + (h - static_cast<double>(below)) * (values[above] - values[below]);
}

double median(std::vector<double> values) { return quantile(std::move(values), 0.5); }

// The pooled two-proportion z-test: Fleiss, Levin & Paik, "Statistical
// Methods for Rates and Proportions" (3rd ed., 2003), section 2.5 (without
// the continuity correction, which makes it conservative; at balance-run
// sample sizes the two agree). z = (p1 - p2) / √(p(1-p)(1/n1 + 1/n2)) with
// p the pooled proportion.
TestResult two_proportion_z_test(double successes1, double trials1, double successes2,
                                 double trials2) {
  TestResult result{"two-proportion z-test", 0, kNaN, 1};
  if (!(trials1 > 0) || !(trials2 > 0)) return result;
  const double p1 = successes1 / trials1;
  const double p2 = successes2 / trials2;
  const double pooled = (successes1 + successes2) / (trials1 + trials2);
  const double variance = pooled * (1 - pooled) * (1 / trials1 + 1 / trials2);
  if (!(variance > 0)) return result;
  result.statistic = (p1 - p2) / std::sqrt(variance);
  result.p_value = normal_two_sided(result.statistic);
  return result;
}

// Welch, B. L. (1947), "The generalization of 'Student's' problem when
// several different population variances are involved", Biometrika 34:
// 28-35; degrees of freedom by Satterthwaite (1946). Does not assume the two
// runs vary alike, which two rule variants need not.
TestResult welch_t_test(const Moments& a, const Moments& b) {
  TestResult result{"Welch's t-test", kNaN, kNaN, kNaN};
  if (a.n < 2 || b.n < 2) return result;
  const double va = a.sd * a.sd / static_cast<double>(a.n);
  const double vb = b.sd * b.sd / static_cast<double>(b.n);
  const double se2 = va + vb;
  if (!(se2 > 0)) {
    // Both samples constant: the means are equal or certainly not.
    result.statistic = a.mean == b.mean ? 0 : std::numeric_limits<double>::infinity();
    result.p_value = a.mean == b.mean ? 1 : 0;
    return result;
  }
  result.statistic = (a.mean - b.mean) / std::sqrt(se2);
  result.dof =
      se2 * se2 / (va * va / static_cast<double>(a.n - 1) + vb * vb / static_cast<double>(b.n - 1));
  if (!std::isfinite(result.dof) || result.dof > 1e7) {
    result.p_value = normal_two_sided(result.statistic);
  } else {
    const boost::math::students_t t(result.dof);
    result.p_value = std::min(
        1.0, 2 * boost::math::cdf(boost::math::complement(t, std::fabs(result.statistic))));
  }
  return result;
}

// The variance-ratio F-test (Snedecor & Cochran, "Statistical Methods",
// 8th ed., 1989, section 6.12), two-sided: twice the smaller tail.
TestResult f_test(const Moments& a, const Moments& b) {
  TestResult result{"F-test", kNaN, kNaN, kNaN};
  if (a.n < 2 || b.n < 2) return result;
  const double va = a.sd * a.sd;
  const double vb = b.sd * b.sd;
  result.dof = static_cast<double>(a.n - 1);  // the numerator's; the other is b.n - 1
  if (!(va > 0) || !(vb > 0)) {
    result.statistic = va == vb ? 1 : (vb > 0 ? 0 : std::numeric_limits<double>::infinity());
    result.p_value = va == vb ? 1 : 0;
    return result;
  }
  result.statistic = va / vb;
  const boost::math::fisher_f f(static_cast<double>(a.n - 1), static_cast<double>(b.n - 1));
  const double lower = boost::math::cdf(f, result.statistic);
  const double upper = boost::math::cdf(boost::math::complement(f, result.statistic));
  result.p_value = std::min(1.0, 2 * std::min(lower, upper));
  return result;
}

double nice_number(double x, bool round) {
  if (!(x > 0) || !std::isfinite(x)) return 1;
  const double exponent = std::floor(std::log10(x));
  const double scale = std::pow(10.0, exponent);
  const double fraction = x / scale;
  double nice = 10;
  if (round) {
    nice = fraction < 1.5 ? 1 : fraction < 3 ? 2 : fraction < 7 ? 5 : 10;
  } else {
    nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  }
  return nice * scale;
}

std::vector<double> nice_ticks(double lo, double hi, int target) {
  if (!std::isfinite(lo) || !std::isfinite(hi)) return {0, 1};
  if (hi < lo) std::swap(lo, hi);
  if (hi == lo) hi = lo + (lo == 0 ? 1 : std::fabs(lo) * 0.1);
  target = std::max(2, target);
  // Heckbert rounds the range up to a nice number first; stepping from the
  // raw range gives ticks closer to the number asked for (0 to 0.57 in
  // steps of 0.1 rather than 0.2).
  const double step = nice_number((hi - lo) / (target - 1), true);
  const double first = std::floor(lo / step) * step;
  const double last = std::ceil(hi / step) * step;
  std::vector<double> ticks;
  for (int i = 0;; ++i) {
    const double tick = first + i * step;
    if (tick > last + step / 2) break;
    // Snap values like 0.30000000000000004 so labels print cleanly.
    ticks.push_back(std::round(tick / step) * step);
  }
  return ticks;
}

Histogram nice_bins(double lo, double hi, std::int64_t n, bool integer, int max_bins) {
  Histogram h;
  h.integer = integer;
  if (n <= 0 || !std::isfinite(lo) || !std::isfinite(hi)) {
    h.edges = {0, 1};
    h.counts = {0};
    return h;
  }
  max_bins = std::max(1, max_bins);
  // Sturges (1926), "The choice of a class interval", JASA 21: 65-66.
  const int wanted =
      std::clamp(static_cast<int>(std::ceil(std::log2(static_cast<double>(n)))) + 1, 1, max_bins);
  double width = 1;
  if (hi > lo) {
    const double raw = (hi - lo) / wanted;
    const double scale = std::pow(10.0, std::floor(std::log10(raw)));
    const double fraction = raw / scale;
    // The smallest of 1, 2, 2.5, 5, 10 (times the scale) that gives at most
    // the wanted number of bins; whole-number data skip 2.5 and widths
    // below 1, so every bin holds the same count of possible values.
    double nice = fraction <= 1     ? 1
                  : fraction <= 2   ? 2
                  : fraction <= 2.5 ? 2.5
                  : fraction <= 5   ? 5
                                    : 10;
    if (integer && nice == 2.5 && scale < 10) nice = 5;
    width = nice * scale;
    if (integer) width = std::max(1.0, std::round(width));
  } else if (!integer) {
    width = lo == 0 ? 1 : nice_number(std::fabs(lo) / 10, true);
  }
  double start = std::floor(lo / width) * width;
  if (start > lo) start -= width;  // lo / width rounded up
  auto bins = static_cast<std::size_t>(std::floor((hi - start) / width)) + 1;
  // (hi - start) / width can round down by one ulp (0.15 / 0.05 is
  // 2.9999999999999996), which would put hi on the top edge, outside the
  // half-open last bin.
  while (start + static_cast<double>(bins) * width <= hi) ++bins;
  for (std::size_t i = 0; i <= bins; ++i) {
    h.edges.push_back(start + static_cast<double>(i) * width);
  }
  h.counts.assign(bins, 0);
  return h;
}

Histogram histogram_with_edges(const std::vector<double>& values, const Histogram& like) {
  Histogram h = like;
  std::fill(h.counts.begin(), h.counts.end(), 0);
  if (h.counts.empty()) return h;
  for (double v : values) {
    if (!std::isfinite(v)) continue;
    const auto above = std::upper_bound(h.edges.begin(), h.edges.end(), v);
    auto bin = static_cast<std::ptrdiff_t>(above - h.edges.begin()) - 1;
    bin = std::clamp<std::ptrdiff_t>(bin, 0, static_cast<std::ptrdiff_t>(h.counts.size()) - 1);
    ++h.counts[static_cast<std::size_t>(bin)];
  }
  return h;
}

Histogram histogram(const std::vector<double>& values, int max_bins) {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  bool integer = true;
  std::int64_t n = 0;
  for (double v : values) {
    if (!std::isfinite(v)) continue;
    ++n;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
    integer = integer && v == std::round(v);
  }
  return histogram_with_edges(values, nice_bins(lo, hi, n, integer, max_bins));
}

std::string percent(double proportion) {
  if (!std::isfinite(proportion)) return "n/a";
  return fmt::format("{:.1f}%", proportion * 100);
}

std::string points(double proportion) {
  if (!std::isfinite(proportion)) return "n/a";
  return fmt::format("{:.1f}", std::fabs(proportion) * 100);
}

std::string percent_bounds(const Interval& interval) {
  if (!std::isfinite(interval.low) || !std::isfinite(interval.high)) return "";
  const auto one = [](double proportion) {
    std::string text = fmt::format("{:.1f}", proportion * 100);
    return text == "-0.0" ? std::string("0.0") : text;
  };
  return fmt::format("[{}, {}]", one(interval.low), one(interval.high));
}

std::string percent_interval(const Interval& interval) {
  const std::string bounds = percent_bounds(interval);
  return bounds.empty() ? percent(interval.estimate) : percent(interval.estimate) + " " + bounds;
}

std::string count(std::int64_t n) {
  std::string digits = fmt::format("{}", n < 0 ? -n : n);
  for (auto at = static_cast<std::ptrdiff_t>(digits.size()) - 3; at > 0; at -= 3) {
    digits.insert(static_cast<std::size_t>(at), ",");
  }
  return n < 0 ? "-" + digits : digits;
}

std::string p_text(double p) {
  if (!std::isfinite(p)) return "p = n/a";
  if (p < 0.0001) return "p < 0.0001";
  if (p < 0.001) return fmt::format("p = {:.1g}", p);
  return fmt::format("p = {:.2g}", p);
}

std::string number(double value, int significant) {
  if (std::isnan(value)) return "n/a";
  if (std::isinf(value)) return value > 0 ? "∞" : "-∞";
  if (value == 0) return "0";
  if (value == std::round(value) && std::fabs(value) < 1e15) return fmt::format("{:.0f}", value);
  const int digits = static_cast<int>(std::floor(std::log10(std::fabs(value)))) + 1;
  const int decimals = std::clamp(significant - digits, 0, 6);
  std::string text = fmt::format("{:.{}f}", value, decimals);
  // Trailing zeros of the decimals say nothing ("0.0500" -> "0.05").
  if (text.find('.') != std::string::npos) {
    text.erase(text.find_last_not_of('0') + 1);
    if (text.back() == '.') text.pop_back();
  }
  if (text == "-0") text = "0";
  return text;
}

std::int64_t minimum_trials(double p) {
  const double rarer = std::min(p, 1 - p);
  if (!(rarer > 0)) return 0;
  // Less a hair, so that 10 / (1/3) asks for 30 and not 31.
  return static_cast<std::int64_t>(std::ceil(10 / rarer - 1e-9));
}

std::int64_t trials_to_detect(double p0, double difference, double alpha, double power) {
  if (!(p0 > 0 && p0 < 1) || !(difference > 0) || !(power > 0 && power < 1)) {
    throw std::invalid_argument(fmt::format(
        "trials_to_detect needs 0 < p0 < 1, a positive difference and 0 < power < 1 (got {}, "
        "{}, {})",
        p0, difference, power));
  }
  const double z_alpha = z_critical(1 - alpha);      // two-sided
  const double z_power = z_critical(2 * power - 1);  // one-sided quantile at `power`
  double needed = 0;
  for (const double p1 : {p0 - difference, p0 + difference}) {
    if (!(p1 > 0 && p1 < 1)) continue;
    const double root =
        (z_alpha * std::sqrt(p0 * (1 - p0)) + z_power * std::sqrt(p1 * (1 - p1))) / difference;
    needed = std::max(needed, root * root);
  }
  return static_cast<std::int64_t>(std::ceil(needed - 1e-9));
}

std::vector<double> holm_adjusted(const std::vector<double>& p_values) {
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < p_values.size(); ++i) {
    if (!std::isnan(p_values[i])) order.push_back(i);
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return p_values[a] < p_values[b]; });
  std::vector<double> adjusted(p_values.size(), std::nan(""));
  const std::size_t tests = order.size();
  double running = 0;
  for (std::size_t rank = 0; rank < tests; ++rank) {
    const double scaled = static_cast<double>(tests - rank) * p_values[order[rank]];
    running = std::min(1.0, std::max(running, scaled));
    adjusted[order[rank]] = running;
  }
  return adjusted;
}

}  // namespace grove::stats
