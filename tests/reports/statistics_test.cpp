// The statistics of balance reports against published values, against
// independent computations by other methods, and by simulation (a 95%
// interval must cover the truth about 95% of the time).

#include "reports/stats/statistics.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace grove::stats {
namespace {

// Newcombe, R. G. (1998), "Two-sided confidence intervals for the single
// proportion: comparison of seven methods", Statistics in Medicine 17:
// 857-872, Table II, method 3 (Wilson score interval without continuity
// correction), given to four decimals.
TEST(WilsonInterval, MatchesNewcombesPublishedValues) {
  struct Case {
    double x, n, low, high;
  };
  const Case cases[] = {
      {81, 263, 0.2553, 0.3662},
      {15, 148, 0.0624, 0.1605},
      {0, 20, 0.0000, 0.1611},
      {1, 29, 0.0061, 0.1718},
  };
  for (const Case& c : cases) {
    const Interval i = wilson_interval(c.x, c.n);
    EXPECT_NEAR(i.low, c.low, 5e-5) << c.x << "/" << c.n;
    EXPECT_NEAR(i.high, c.high, 5e-5) << c.x << "/" << c.n;
    EXPECT_DOUBLE_EQ(i.estimate, c.x / c.n);
  }
}

TEST(WilsonInterval, StaysInsideZeroToOneAndWidensWithConfidence) {
  const Interval all = wilson_interval(20, 20);
  EXPECT_DOUBLE_EQ(all.high, 1.0);
  EXPECT_LT(all.low, 1.0);
  EXPECT_GT(wilson_interval(30, 100, 0.99).half_width(), wilson_interval(30, 100).half_width());
  EXPECT_LT(wilson_interval(30, 100, 0.80).half_width(), wilson_interval(30, 100).half_width());
  const Interval none = wilson_interval(0, 0);
  EXPECT_EQ(none.low, 0);
  EXPECT_EQ(none.high, 1);
}

// Draw many samples from a Bernoulli with known p and count how often the
// interval covers p. With 4000 samples the coverage's own standard error is
// about 0.35 points, so [93.5%, 96.5%] is a safe band around 95%; Wald's
// interval at p = 0.1, n = 40 covers only ~88-92% and would fail it.
TEST(WilsonInterval, CoversTheTrueProportionAboutNinetyFivePercentOfTheTime) {
  std::mt19937 rng(20240611);
  for (const auto& [p, n] : {std::pair{0.5, 100}, std::pair{0.1, 40}, std::pair{0.3, 250}}) {
    std::bernoulli_distribution coin(p);
    const int samples = 4000;
    int covered = 0;
    for (int sample = 0; sample < samples; ++sample) {
      int successes = 0;
      for (int trial = 0; trial < n; ++trial) successes += coin(rng) ? 1 : 0;
      if (wilson_interval(successes, n).contains(p)) ++covered;
    }
    const double coverage = static_cast<double>(covered) / samples;
    EXPECT_GT(coverage, 0.935) << "p = " << p << ", n = " << n;
    EXPECT_LT(coverage, 0.975) << "p = " << p << ", n = " << n;
  }
}

TEST(MeanInterval, CoversTheTrueMeanAboutNinetyFivePercentOfTheTime) {
  std::mt19937 rng(7);
  std::exponential_distribution<double> skewed(0.25);  // mean 4, like game lengths
  const int samples = 3000;
  int covered = 0;
  for (int sample = 0; sample < samples; ++sample) {
    std::vector<double> values(60);
    for (double& v : values) v = skewed(rng);
    if (mean_interval(values).contains(4.0)) ++covered;
  }
  const double coverage = static_cast<double>(covered) / samples;
  EXPECT_GT(coverage, 0.925);
  EXPECT_LT(coverage, 0.97);
}

TEST(CriticalValues, MatchTables) {
  EXPECT_NEAR(z_critical(0.95), 1.959964, 1e-6);
  EXPECT_NEAR(z_critical(0.99), 2.575829, 1e-6);
  EXPECT_NEAR(t_critical(9, 0.95), 2.262157, 1e-6);  // Student t table, 9 dof
  EXPECT_NEAR(t_critical(1, 0.95), 12.706205, 1e-5);
  EXPECT_NEAR(t_critical(1e9, 0.95), 1.959964, 1e-6);
  EXPECT_THROW(z_critical(1.5), std::invalid_argument);
}

TEST(MeanInterval, IsTheTIntervalComputedByHand) {
  // mean 5, sd √(32/7), t(7) = 2.364624: half-width 2.364624·2.138090/√8.
  const std::vector<double> values{2, 4, 4, 4, 5, 5, 7, 9};
  const Moments m = moments(values);
  EXPECT_EQ(m.n, 8);
  EXPECT_DOUBLE_EQ(m.mean, 5);
  EXPECT_NEAR(m.sd, std::sqrt(32.0 / 7), 1e-12);
  const Interval i = mean_interval(values);
  EXPECT_NEAR(i.half_width(), 2.364624 * std::sqrt(32.0 / 7) / std::sqrt(8.0), 1e-5);
  EXPECT_TRUE(std::isnan(mean_interval(std::vector<double>{3}).low));
}

TEST(Moments, AreExactForLargeCloseValues) {
  // A naive sum of squares loses every digit here; Welford's update does not.
  const std::vector<double> values{1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16};
  EXPECT_NEAR(moments(values).mean, 1e9 + 10, 1e-6);
  EXPECT_NEAR(moments(values).sd, std::sqrt(30.0), 1e-6);
}

TEST(Quantile, InterpolatesLikeHyndmanFanSeven) {
  const std::vector<double> values{4, 1, 3, 2};
  EXPECT_DOUBLE_EQ(quantile(values, 0.25), 1.75);  // R: quantile(1:4, .25)
  EXPECT_DOUBLE_EQ(median(values), 2.5);
  EXPECT_DOUBLE_EQ(quantile(values, 0), 1);
  EXPECT_DOUBLE_EQ(quantile(values, 1), 4);
  EXPECT_DOUBLE_EQ(quantile({10, 20, 30, 40, 50}, 0.9), 46);
  EXPECT_TRUE(std::isnan(quantile({}, 0.5)));
}

// The two-sided p-value of Student's t by a different method than Boost's
// incomplete beta: Simpson's rule on the density from lgamma.
double t_p_value_by_integration(double t, double dof) {
  auto density = [dof](double x) {
    return std::exp(std::lgamma((dof + 1) / 2) - std::lgamma(dof / 2)) / std::sqrt(dof * M_PI) *
           std::pow(1 + x * x / dof, -(dof + 1) / 2);
  };
  const int steps = 20000;  // even
  const double h = std::fabs(t) / steps;
  double sum = density(0) + density(std::fabs(t));
  for (int i = 1; i < steps; ++i) sum += (i % 2 ? 4 : 2) * density(i * h);
  return 1 - 2 * sum * h / 3;
}

// Wikipedia, "Welch's t-test", example 1: t = -2.46, dof = 24.99, p = 0.021.
TEST(WelchTest, MatchesThePublishedExampleAndAnIndependentIntegration) {
  const std::vector<double> a{27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1,
                              21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4};
  const std::vector<double> b{27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0,
                              24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4};
  const TestResult r = welch_t_test(moments(a), moments(b));
  EXPECT_NEAR(r.statistic, -2.4554, 1e-4);
  EXPECT_NEAR(r.dof, 24.9885, 1e-4);
  EXPECT_NEAR(r.p_value, 0.021, 5e-4);
  EXPECT_NEAR(r.p_value, t_p_value_by_integration(r.statistic, r.dof), 1e-7);
  EXPECT_EQ(r.test, "Welch's t-test");
}

TEST(WelchTest, AgreesWithIntegrationOnUnequalSamples) {
  const Moments a{12, 10.0, 1.0};
  const Moments b{40, 11.2, 3.5};
  const TestResult r = welch_t_test(a, b);
  // By hand: se² = 1/12 + 12.25/40, dof by Welch-Satterthwaite.
  const double va = 1.0 / 12;
  const double vb = 12.25 / 40;
  EXPECT_NEAR(r.statistic, -1.2 / std::sqrt(va + vb), 1e-12);
  EXPECT_NEAR(r.dof, (va + vb) * (va + vb) / (va * va / 11 + vb * vb / 39), 1e-9);
  EXPECT_NEAR(r.p_value, t_p_value_by_integration(r.statistic, r.dof), 1e-7);
  EXPECT_TRUE(std::isnan(welch_t_test({1, 3, 0}, b).p_value));
  EXPECT_EQ(welch_t_test({5, 2, 0}, {5, 2, 0}).p_value, 1);
  EXPECT_EQ(welch_t_test({5, 2, 0}, {5, 3, 0}).p_value, 0);
}

// 45/100 against 60/100: pooled p = 0.525, z = -0.15/√(0.525·0.475·0.02)
// = -2.12398, p = erfc(|z|/√2) = 0.033672 (computed with the C library's
// erfc, not Boost).
TEST(TwoProportionTest, IsThePooledZTestComputedByHand) {
  const TestResult r = two_proportion_z_test(45, 100, 60, 100);
  const double z = -0.15 / std::sqrt(0.525 * 0.475 * 0.02);
  EXPECT_NEAR(r.statistic, z, 1e-12);
  EXPECT_NEAR(r.p_value, std::erfc(std::fabs(z) / std::sqrt(2.0)), 1e-12);
  EXPECT_NEAR(r.p_value, 0.033672, 1e-6);
  EXPECT_EQ(two_proportion_z_test(0, 10, 0, 10).p_value, 1);
  EXPECT_EQ(two_proportion_z_test(3, 0, 1, 10).p_value, 1);
  EXPECT_GT(two_proportion_z_test(50, 100, 52, 100).p_value, 0.5);
}

// Under the null hypothesis p-values are uniform: about 5% fall below 0.05.
TEST(TwoProportionTest, RejectsAboutFivePercentOfTheTimeWhenNothingDiffers) {
  std::mt19937 rng(99);
  std::binomial_distribution<int> games(300, 0.4);
  int rejected = 0;
  const int samples = 4000;
  for (int i = 0; i < samples; ++i) {
    if (two_proportion_z_test(games(rng), 300, games(rng), 300).p_value < 0.05) ++rejected;
  }
  EXPECT_GT(rejected, samples * 0.035);
  EXPECT_LT(rejected, samples * 0.065);
}

TEST(HolmCorrection, IsTheStepDownComputedByHand) {
  // Sorted: 0.005 x 4 = 0.02, 0.01 x 3 = 0.03, 0.03 x 2 = 0.06, 0.04 x 1 =
  // 0.04, raised to 0.06 so that the adjusted values keep their order.
  const std::vector<double> adjusted = holm_adjusted({0.01, 0.04, 0.03, 0.005, std::nan(""), 0.9});
  ASSERT_EQ(adjusted.size(), 6u);
  // Five tests (the NaN is none): 0.005 x 5, 0.01 x 4, 0.03 x 3, 0.04 x 2,
  // 0.9 x 1.
  EXPECT_NEAR(adjusted[3], 0.025, 1e-12);
  EXPECT_NEAR(adjusted[0], 0.04, 1e-12);
  EXPECT_NEAR(adjusted[2], 0.09, 1e-12);
  EXPECT_NEAR(adjusted[1], 0.09, 1e-12);  // 0.08, raised to the one before
  EXPECT_NEAR(adjusted[5], 0.9, 1e-12);
  EXPECT_TRUE(std::isnan(adjusted[4]));
  EXPECT_DOUBLE_EQ(holm_adjusted({0.6, 0.7})[0], 1.0);  // capped at 1
}

TEST(SampleSize, TheFewestTrialsMeetTheSuccessFailureCondition) {
  EXPECT_EQ(minimum_trials(0.5), 20);  // 10 successes and 10 failures expected
  EXPECT_EQ(minimum_trials(1.0 / 3), 30);
  EXPECT_EQ(minimum_trials(0.25), 40);
  EXPECT_EQ(minimum_trials(0.8), 50);  // the rarer outcome decides
  EXPECT_EQ(minimum_trials(0), 0);
}

TEST(SampleSize, MatchesTheOneProportionFormulaByHand) {
  // (1.959964 · 0.5 + 0.841621 · √(0.6 · 0.4))² / 0.1² = 193.85, and
  // (1.959964 · 0.5 + 0.841621 · √(0.55 · 0.45))² / 0.05² = 782.53.
  EXPECT_EQ(trials_to_detect(0.5, 0.1), 194);
  EXPECT_EQ(trials_to_detect(0.5, 0.05), 783);
  // Nearer 0 the variance is smaller: four seats need fewer games than two.
  EXPECT_LT(trials_to_detect(0.25, 0.05), trials_to_detect(0.5, 0.05));
  EXPECT_GT(trials_to_detect(0.5, 0.05, 0.01), trials_to_detect(0.5, 0.05));
  EXPECT_GT(trials_to_detect(0.5, 0.05, 0.05, 0.9), trials_to_detect(0.5, 0.05));
  EXPECT_THROW(trials_to_detect(0, 0.05), std::invalid_argument);
}

// At the count trials_to_detect gives, a proportion 5 points off p0 puts
// Wilson's interval clear of p0 about 80% of the time (with 3000 samples
// the share's own standard error is about 0.7 points); at a quarter of it,
// far less often.
TEST(SampleSize, GivesTheAskedPowerBySimulation) {
  std::mt19937 rng(20240612);
  const double p0 = 0.25;
  const std::int64_t n = trials_to_detect(p0, 0.05);
  auto power_at = [&](std::int64_t trials, double truth) {
    std::binomial_distribution<std::int64_t> wins(trials, truth);
    const int samples = 3000;
    int detected = 0;
    for (int i = 0; i < samples; ++i) {
      const Interval interval =
          wilson_interval(static_cast<double>(wins(rng)), static_cast<double>(trials));
      detected += interval.contains(p0) ? 0 : 1;
    }
    return static_cast<double>(detected) / samples;
  };
  EXPECT_NEAR(power_at(n, p0 + 0.05), 0.8, 0.03);
  EXPECT_GE(power_at(n, p0 - 0.05), 0.77);  // the other side needs no more
  EXPECT_LT(power_at(n / 4, p0 + 0.05), 0.45);
}

TEST(FTest, IsSymmetricAndDetectsDifferentSpreads) {
  const Moments a{50, 0, 2};
  const Moments b{60, 0, 2.1};
  EXPECT_NEAR(f_test(a, b).p_value, f_test(b, a).p_value, 1e-12);
  EXPECT_GT(f_test(a, b).p_value, 0.5);
  EXPECT_LT(f_test({50, 0, 2}, {60, 0, 4}).p_value, 1e-4);
  const Interval sd = sd_interval({50, 0, 2});
  EXPECT_LT(sd.low, 2);
  EXPECT_GT(sd.high, 2);
  // Chi-square quantiles for 49 dof: 31.555 and 70.222.
  EXPECT_NEAR(sd.low, 2 * std::sqrt(49 / 70.2224), 1e-3);
  EXPECT_NEAR(sd.high, 2 * std::sqrt(49 / 31.5549), 1e-3);
}

TEST(Histogram, HasNiceWholeNumberBinsForCounts) {
  std::vector<double> values;
  for (int v = 1; v <= 100; ++v) values.push_back(v);
  const Histogram h = histogram(values);
  EXPECT_TRUE(h.integer);
  const double width = h.edges[1] - h.edges[0];
  EXPECT_EQ(width, 20);  // Sturges: 8 bins wanted, 99/8 = 12.4 -> 20
  EXPECT_EQ(h.edges.front(), 0);
  std::int64_t total = 0;
  for (auto c : h.counts) total += c;
  EXPECT_EQ(total, 100);
  EXPECT_EQ(h.counts[0], 19);  // 1..19
  const Histogram one = histogram({7, 7, 7});
  ASSERT_EQ(one.counts.size(), 1u);
  EXPECT_EQ(one.counts[0], 3);
  EXPECT_EQ(one.edges[0], 7);
}

RC_GTEST_PROP(Histogram, EveryValueFallsInABinWithNiceEdges, (std::vector<int> raw)) {
  std::vector<double> values;
  for (int v : raw) values.push_back(static_cast<double>(v % 100000) / 8.0);
  const Histogram h = histogram(values, 20);
  std::int64_t total = 0;
  for (auto c : h.counts) total += c;
  RC_ASSERT(total == static_cast<std::int64_t>(values.size()));
  RC_ASSERT(h.edges.size() == h.counts.size() + 1);
  RC_ASSERT(h.counts.size() <= 21u);
  if (values.empty()) return;
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  RC_ASSERT(h.edges.front() <= *lo);
  RC_ASSERT(*hi < h.edges.back());
  // The width is 1, 2, 2.5 or 5 times a power of ten. Taken as the
  // difference of two edges it can fall just short of one (0.0099999...
  // between -13.88 and -13.87), so the power is the nearest below.
  const double width = h.edges[1] - h.edges[0];
  const double mantissa = width / std::pow(10.0, std::floor(std::log10(width) + 1e-9));
  RC_ASSERT(std::fabs(mantissa - 1) < 1e-9 || std::fabs(mantissa - 2) < 1e-9 ||
            std::fabs(mantissa - 2.5) < 1e-9 || std::fabs(mantissa - 5) < 1e-9);
}

TEST(Histogram, TheLargestValueIsInsideTheTopBinDespiteRounding) {
  // Found by the property above: 0.15 / 0.05 rounds down to 2.999...
  const Histogram h = histogram({0.125, 0.125, 0.25}, 20);
  EXPECT_LT(0.25, h.edges.back());
  EXPECT_LE(h.edges.front(), 0.125);
  EXPECT_EQ(h.counts.back(), 1);
}

TEST(NiceTicks, AreRoundAndCoverTheRange) {
  const std::vector<double> ticks = nice_ticks(0, 0.57, 6);
  ASSERT_FALSE(ticks.empty());
  EXPECT_EQ(ticks.front(), 0);
  EXPECT_GE(ticks.back(), 0.57);
  EXPECT_NEAR(ticks[1] - ticks[0], 0.1, 1e-12);
  EXPECT_EQ(nice_ticks(3, 3).size() >= 2, true);
}

TEST(Wording, PrintsPercentagesPointsAndPValues) {
  EXPECT_EQ(percent(0.542), "54.2%");
  EXPECT_EQ(points(0.021), "2.1");
  EXPECT_EQ(points(-0.021), "2.1");
  EXPECT_EQ(p_text(0.0003), "p = 0.0003");
  EXPECT_EQ(p_text(0.41234), "p = 0.41");
  EXPECT_EQ(p_text(0.00001), "p < 0.0001");
  EXPECT_EQ(p_text(std::nan("")), "p = n/a");
  EXPECT_EQ(number(41.234), "41.2");
  EXPECT_EQ(number(0.05), "0.05");
  EXPECT_EQ(number(1234.7), "1235");
  EXPECT_EQ(number(12), "12");
}

TEST(Wording, PrintsARateWithTheBoundsOfItsInterval) {
  // Four wins in four games: Wilson's interval is [51.0%, 100.0%], which
  // "100.0% ± 24.5" misstated.
  const Interval four_of_four = wilson_interval(4, 4);
  EXPECT_EQ(percent_interval(four_of_four), "100.0% [51.0, 100.0]");
  EXPECT_EQ(percent_bounds({-0.01, -0.032, 0.0001}), "[-3.2, 0.0]");
  EXPECT_EQ(percent_interval({0.25, std::nan(""), std::nan("")}), "25.0%");
  EXPECT_EQ(count(0), "0");
  EXPECT_EQ(count(999), "999");
  EXPECT_EQ(count(1000), "1,000");
  EXPECT_EQ(count(1234567), "1,234,567");
  EXPECT_EQ(count(-4500), "-4,500");
}

}  // namespace
}  // namespace grove::stats
