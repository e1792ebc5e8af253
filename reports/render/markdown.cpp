// Markdown reports, and the tables the HTML report shares with them.

#include <fmt/format.h>

#include <cctype>
#include <cmath>

#include "engine/core/errors.hpp"
#include "reports/render/report.hpp"
#include "reports/render/tables.hpp"

namespace grove::render {

namespace {

using balance::Distribution;
using balance::Summary;

std::string confidence_label(double confidence) { return stats::number(confidence * 100) + "% CI"; }

std::string pct(double p) { return stats::percent(p); }

std::string ci_pct(const stats::Interval& i) {
  if (!std::isfinite(i.low) || !std::isfinite(i.high)) return "n/a";
  return fmt::format("{} to {}", pct(i.low), pct(i.high));
}

std::string pm(const Distribution& d) {
  if (d.n == 0) return "n/a";
  if (!std::isfinite(d.mean_ci.half_width())) return stats::number(d.mean);
  return fmt::format("{} ± {}", stats::number(d.mean), stats::number(d.mean_ci.half_width(), 2));
}

std::string signed_points(double p) {
  if (!std::isfinite(p)) return "n/a";
  return fmt::format("{}{} points", p < 0 ? "-" : "+", stats::points(p));
}

std::string count(std::int64_t n) { return fmt::format("{}", n); }

std::string share_of(std::int64_t n, std::int64_t of) {
  if (of == 0) return "n/a";
  return pct(static_cast<double>(n) / static_cast<double>(of));
}

Table distribution_table(const std::string& first, double confidence) {
  return Table{{first, "n", "mean ± " + confidence_label(confidence), "sd", "min", "10%", "median",
                "90%", "max"},
               {},
               {false, true, true, true, true, true, true, true, true}};
}

std::vector<std::string> distribution_row(const std::string& name, const Distribution& d) {
  return {name,
          count(d.n),
          pm(d),
          stats::number(d.sd),
          stats::number(d.min, 4),
          stats::number(d.p10, 4),
          stats::number(d.median, 4),
          stats::number(d.p90, 4),
          stats::number(d.max, 4)};
}

Table use_table(const std::string& kind, const std::vector<balance::UseResult>& uses,
                double confidence) {
  Table table{{kind, "uses per game (" + confidence_label(confidence) + ")", "seat-games using it",
               "win rate when used", "win rate when not", "difference", "p (two-proportion z-test)",
               "p (Holm)"},
              {},
              {false, true, true, true, true, true, true, true}};
  for (const balance::UseResult& use : uses) {
    table.rows.push_back(
        {use.name, pm(use.per_game),
         fmt::format("{} ({})", stats::count(use.win_rate_used.trials),
                     pct(use.used_share.interval.estimate)),
         use.win_rate_used.trials > 0 ? stats::percent_interval(use.win_rate_used.interval) : "n/a",
         use.win_rate_unused.trials > 0 ? stats::percent_interval(use.win_rate_unused.interval)
                                        : "n/a",
         signed_points(use.difference), stats::p_text(use.test.p_value),
         stats::p_text(use.p_adjusted)});
  }
  return table;
}

}  // namespace

// Text from data inside Markdown: no raw HTML may come through (a "<"
// that could open a tag, a "&" that could start an entity), no "|" may
// split a table cell, and emphasis or link characters stay literal. A "<"
// before a space or digit ("p < 0.05") cannot open a tag and stays as is,
// so the file reads well as plain text.
std::string markdown_cell(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const char next = i + 1 < text.size() ? text[i + 1] : ' ';
    const bool word = std::isalnum(static_cast<unsigned char>(next)) != 0;
    switch (c) {
      case '|':
        out += "\\|";
        break;
      case '<':
        out += word || next == '/' || next == '!' || next == '?' ? "&lt;" : "<";
        break;
      case '&':
        out += word || next == '#' ? "&amp;" : "&";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '`':
        out += "\\`";
        break;
      case '*':
        out += "\\*";
        break;
      case '_':
        out += "\\_";
        break;
      case '[':
        out += "\\[";
        break;
      case ']':
        out += "\\]";
        break;
      case '\n':
      case '\r':
        out += ' ';
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string markdown_table(const Table& table) {
  std::string out = "|";
  for (const std::string& cell : table.header) out += " " + markdown_cell(cell) + " |";
  out += "\n|";
  for (std::size_t i = 0; i < table.header.size(); ++i) {
    out += i < table.numeric.size() && table.numeric[i] ? " ---: |" : " --- |";
  }
  out += "\n";
  for (const auto& row : table.rows) {
    out += "|";
    for (const std::string& cell : row) out += " " + markdown_cell(cell) + " |";
    out += "\n";
  }
  return out;
}

namespace {

Section notable_section(const balance::NotableGames& notable) {
  Section section{"games", "Games to look at", {}, {}};
  section.paragraphs.push_back(
      "Each plays again move by move, with the table, by the command beside it (with --db FILE "
      "for a results file other than grove.db); its --scenario FILE writes the game as a "
      "scenario that grove replay reproduces. Games are numbered from 0.");
  if (notable.unfinished_not_listed > 0) {
    section.paragraphs.push_back(fmt::format("{} more games cut at the step bound are not listed.",
                                             stats::count(notable.unfinished_not_listed)));
  }
  Table table{
      {"game", "why", "moves", "winning margin", "shown by"}, {}, {true, false, true, true, false}};
  for (const balance::NotableGame& game : notable.games) {
    table.rows.push_back({count(game.index), game.why, count(game.moves),
                          game.margin ? count(*game.margin) : "", game.command});
  }
  section.tables.push_back(std::move(table));
  return section;
}

}  // namespace

std::string report_title(const Summary& s) {
  const std::string game = s.game_title.empty() ? s.game : s.game_title;
  return fmt::format("Balance report: {} ({}, {} players)", game,
                     s.variant.empty() ? "default" : s.variant, s.players);
}

Facts run_facts(const Summary& s, const balance::RunInfo& info) {
  Facts facts;
  facts.emplace_back(
      "Game", info.game_title.empty() ? info.game : info.game_title + " (" + info.game + ")");
  facts.emplace_back("Variant",
                     (info.variant.empty() ? "default" : info.variant) +
                         (info.variant_hash.empty() ? "" : " [" + info.variant_hash + "]"));
  facts.emplace_back("Players", fmt::format("{}", info.players));
  facts.emplace_back("Agents (rotation 0, seat 1 first)", join(info.agents, ", "));
  facts.emplace_back("Games", fmt::format("{} played ({} planned), {} ended, {} unfinished",
                                          s.games, info.games_planned, s.ended, s.unfinished));
  facts.emplace_back("Seed", fmt::format("{}", info.seed));
  if (!info.stopped_by.empty()) facts.emplace_back("Stopped by", info.stopped_by);
  if (info.precision > 0)
    facts.emplace_back("Precision asked", "± " + stats::points(info.precision) + " points");
  facts.emplace_back("Widest win-rate interval",
                     std::isfinite(balance::widest_interval(s))
                         ? "± " + stats::points(balance::widest_interval(s)) + " points"
                         : "n/a");
  if (!info.started_at.empty()) facts.emplace_back("Started", info.started_at);
  facts.emplace_back(
      "Time",
      fmt::format("{} s wall clock, jobs: {}{}", stats::number(info.seconds), info.jobs,
                  info.ranks > 1 ? fmt::format(" on each of {} MPI ranks", info.ranks) : ""));
  if (info.run_id != 0) facts.emplace_back("Run", fmt::format("{}", info.run_id));
  if (!info.command.empty()) facts.emplace_back("Command", info.command);
  return facts;
}

std::vector<Section> summary_sections(const Summary& s) {
  const double conf = s.confidence;
  std::vector<Section> sections;

  Section outcomes{"outcomes", "Outcomes", {}, {}};
  Table outcome_table{{"", "games", "share"}, {}, {false, true, true}};
  outcome_table.rows = {
      {"played", count(s.games), ""},
      {"ended", count(s.ended), share_of(s.ended, s.games)},
      {"unfinished (cut at the step bound)", count(s.unfinished), share_of(s.unfinished, s.games)},
      {"sole victory", count(s.sole_victories), share_of(s.sole_victories, s.ended)},
      {"shared victory (several seats first, not all)", count(s.shared_victories),
       share_of(s.shared_victories, s.ended)},
      {"draw (every seat first)", count(s.draws), share_of(s.draws, s.ended)},
  };
  if (s.no_winner > 0) {
    outcome_table.rows.push_back({"ended without a seat in first place", count(s.no_winner),
                                  share_of(s.no_winner, s.ended)});
  }
  outcomes.paragraphs.push_back(
      "Shares of victories and draws are of the games that ended; unfinished games have no "
      "winner and are left out of everything below.");
  outcomes.tables.push_back(std::move(outcome_table));
  sections.push_back(std::move(outcomes));

  Section seats{"seats", "Win rate by seat", {}, {}};
  seats.paragraphs.push_back(fmt::format(
      "Over the {} games that ended{}. Fair share: {}. A victory shared by k seats counts 1/k for "
      "each. Intervals: {}% confidence, Wilson's, widened where the blocks' results spread more "
      "(the games of a block are dealt alike, so they are not independent).",
      stats::count(s.ended),
      s.unfinished > 0 ? fmt::format(" (of {} played)", stats::count(s.games)) : "",
      pct(s.fair_share), stats::number(conf * 100)));
  Table seat_table{
      {"seat", "win rate", confidence_label(conf), "vs fair share", "sole wins", "shared wins"},
      {},
      {false, true, true, true, true, true}};
  for (const balance::SeatResult& seat : s.seats) {
    seat_table.rows.push_back({fmt::format("seat {}", seat.seat),
                               pct(seat.win_rate.interval.estimate), ci_pct(seat.win_rate.interval),
                               signed_points(seat.win_rate.interval.estimate - s.fair_share),
                               count(seat.sole_wins), count(seat.shared_wins)});
  }
  seats.tables.push_back(std::move(seat_table));
  sections.push_back(std::move(seats));

  if (s.agents_differ) {
    Section agents{"agents", "Win rate by agent", {}, {}};
    agents.paragraphs.push_back(fmt::format(
        "An agent's win rate is its share of the win credit per seat it held. The games of a "
        "block are dealt from one seed with the agents rotated one seat each game, so they are "
        "paired (like fishtest's game pairs): the rate and its t interval are over block means, "
        "from {} complete blocks{}.",
        s.complete_blocks,
        s.incomplete_blocks > 0 ? fmt::format(" ({} incomplete ones left out)", s.incomplete_blocks)
                                : ""));
    Table agent_table{{"agent", "seats per game", "win rate", confidence_label(conf),
                       "vs fair share", "blocks", "seat-games"},
                      {},
                      {false, true, true, true, true, true, true}};
    for (const balance::AgentResult& agent : s.agent_results) {
      agent_table.rows.push_back({agent.agent, count(agent.seats), pct(agent.win_rate.estimate),
                                  ci_pct(agent.win_rate),
                                  signed_points(agent.win_rate.estimate - agent.fair_share),
                                  count(agent.blocks), count(agent.seat_games)});
    }
    agents.tables.push_back(std::move(agent_table));
    sections.push_back(std::move(agents));
  }

  if (s.has_scores) {
    Section scores{"scores", "Scores", {}, {}};
    scores.paragraphs.push_back(
        "The winning margin is the best score in first place minus the best score of the other "
        "seats (negative when a game is won some other way than by points); games where every "
        "seat is first have none.");
    Table table = distribution_table("", conf);
    for (const balance::SeatResult& seat : s.seats) {
      table.rows.push_back(distribution_row(fmt::format("seat {}", seat.seat), seat.score));
    }
    table.rows.push_back(distribution_row("all seats", s.all_scores));
    table.rows.push_back(distribution_row("winning margin", s.winning_margin));
    scores.tables.push_back(std::move(table));
    sections.push_back(std::move(scores));
  }

  Section length{"length", "Game length", {}, {}};
  length.paragraphs.push_back(
      "Moves count decisions and chance outcomes; turns count the times the deciding seat "
      "changed. Games that ended only.");
  Table length_table = distribution_table("", conf);
  length_table.rows.push_back(distribution_row("moves", s.moves));
  length_table.rows.push_back(distribution_row("decisions", s.decisions));
  length_table.rows.push_back(distribution_row("turns", s.turns));
  length.tables.push_back(std::move(length_table));
  sections.push_back(std::move(length));

  if (!s.notable.games.empty()) sections.push_back(notable_section(s.notable));

  Section leads{"leads", "Lead changes and decisiveness", {}, {}};
  leads.paragraphs.push_back(fmt::format(
      "The leader is the game's heuristic's best seat, checked whenever the deciding seat "
      "changes. Decisiveness (as in Ludii's game concepts): the share of the game, in turns, over "
      "which the eventual sole winner held the lead for good; over {} games with a sole winner. "
      "Drawishness: {} of the ended games were draws.",
      s.decisiveness.n, stats::percent_interval(s.draw_rate.interval)));
  Table lead_table = distribution_table("", conf);
  lead_table.rows.push_back(distribution_row("lead changes per game", s.lead_changes));
  lead_table.rows.push_back(distribution_row("decisiveness", s.decisiveness));
  leads.tables.push_back(std::move(lead_table));
  sections.push_back(std::move(leads));

  const std::string use_note =
      "Win rates of the seat-games that used it at least once and of those that did not, with "
      "the two-proportion z-test of their difference: a relation with winning, not a cause "
      "(strong players may use it more, or winning may lead to it). A run tests every action and "
      "item, so some p-values fall below 0.05 by chance alone: 'p (Holm)' is corrected for all "
      "of them (Holm's step-down method), and only it decides the key findings.";
  if (!s.actions.empty()) {
    Section actions{"actions", "Actions", {use_note}, {use_table("action", s.actions, conf)}};
    sections.push_back(std::move(actions));
  }
  if (!s.items.empty()) {
    Section items{"items", "Items", {use_note}, {use_table("item", s.items, conf)}};
    sections.push_back(std::move(items));
  }

  if (!s.seat_metrics.empty() || !s.game_metrics.empty()) {
    Section metrics{"metrics", "The game's own metrics", {}, {}};
    if (!s.seat_metrics.empty()) {
      metrics.paragraphs.push_back(
          "Seat metrics: the mean per seat, and for seats in first place against the others "
          "(Welch's t-test).");
      Table table{{"metric"}, {}, {false}};
      for (int seat = 1; seat <= s.players; ++seat) {
        table.header.push_back(fmt::format("seat {}", seat));
        table.numeric.push_back(true);
      }
      for (const char* column : {"winners", "non-winners", "p (Welch)"}) {
        table.header.push_back(column);
        table.numeric.push_back(true);
      }
      for (const balance::SeatMetricResult& metric : s.seat_metrics) {
        std::vector<std::string> row{metric.name};
        for (const Distribution& d : metric.per_seat) row.push_back(pm(d));
        row.push_back(pm(metric.winners));
        row.push_back(pm(metric.non_winners));
        row.push_back(stats::p_text(metric.test.p_value));
        table.rows.push_back(std::move(row));
      }
      metrics.tables.push_back(std::move(table));
    }
    if (!s.game_metrics.empty()) {
      Table table = distribution_table("whole-game metric", conf);
      for (const balance::GameMetricResult& metric : s.game_metrics) {
        table.rows.push_back(distribution_row(metric.name, metric.per_game));
      }
      metrics.tables.push_back(std::move(table));
    }
    sections.push_back(std::move(metrics));
  }

  Section method{"method", "How these numbers are computed", {}, {}};
  method.paragraphs = {
      fmt::format(
          "A rate is printed with the bounds of its {0}% confidence interval, \"52.0% [48.9, "
          "55.1]\": intervals of rates are not symmetric about the estimate near 0% and 100%. "
          "A mean is printed with \"±\" half the width of its {0}% t interval, which is "
          "symmetric.",
          stats::number(conf * 100)),
      "Win rates of seats: the share of all ended games with a Wilson score interval (Wilson "
      "1927; Newcombe 1998), widened to the t interval over the blocks' means where that is "
      "wider (the games of a block share a seed, so only blocks are independent). Other shares "
      "and the use of actions: Wilson score intervals, which stay honest near 0% and 100%.",
      "Means (lengths, scores, agent win rates over blocks): Student's t intervals. Quantiles: "
      "Hyndman & Fan's definition 7 (as R and NumPy). Histogram bins: Sturges' rule with round "
      "bin edges.",
      "Differences in win rate between groups: the pooled two-proportion z-test; between means: "
      "Welch's t-test. A p-value below 0.05 is evidence of a real difference, not proof; with "
      "many lines, one in twenty unrelated ones will fall below it by chance.",
  };
  if (s.players > 1) {
    method.paragraphs.push_back(fmt::format(
        "How many games a claim needs: the key findings say nothing about a seat from fewer than "
        "{} ended games, nor about an action or item with fewer seat-games in either group (the "
        "success-failure condition, n·p and n·(1-p) at least 10 at the fair share, below which "
        "the normal approximations here do not hold); and they call the seats even only from {} "
        "ended games, enough to detect a {}-point difference from the fair share at the 5% level "
        "80% of the time (independent games assumed; blocks whose rotations play alike need "
        "more). Below these they say \"too few games to tell\".",
        stats::count(s.minimum_games), stats::count(s.games_to_detect),
        stats::number(balance::kDifferenceToDetect * 100)));
  }
  sections.push_back(std::move(method));
  return sections;
}

std::string comparison_title(const balance::Comparison& c) {
  return fmt::format("Balance comparison: {} ({} players)",
                     c.game_title.empty() ? c.game : c.game_title, c.players);
}

Table comparison_table(const balance::Comparison& c) {
  Table table{{"measure", "A: " + c.label_a + " (n)", "B: " + c.label_b + " (n)",
               "difference (B - A)", "test", "p", "verdict"},
              {},
              {false, true, true, true, false, true, false}};
  for (const balance::ComparisonRow& row : c.rows) {
    std::string p = stats::p_text(row.test.p_value);
    if (!std::isnan(row.p_adjusted)) p += "; after Holm: " + stats::p_text(row.p_adjusted);
    table.rows.push_back(
        {row.label + (row.unit.empty() ? "" : ", in " + row.unit),
         balance::interval_text(row, row.a) + " (" + stats::count(row.n_a) + ")",
         balance::interval_text(row, row.b) + " (" + stats::count(row.n_b) + ")",
         row.proportion ? signed_points(row.difference) : stats::number(row.difference),
         row.test.test, p,
         !std::isfinite(row.test.p_value) ? "cannot test"
         : row.significant                ? "a real change"
                                          : "no evidence of a change"});
  }
  return table;
}

std::string markdown_report(const std::string& title, const Facts& facts,
                            const std::vector<std::string>& findings,
                            const std::vector<Section>& sections) {
  std::string out = "# " + markdown_cell(title) + "\n\n";
  for (const auto& [name, value] : facts) {
    out += "- **" + markdown_cell(name) + "**: " + markdown_cell(value) + "\n";
  }
  out += "\n## Key findings\n\n";
  for (const std::string& finding : findings) out += "- " + markdown_cell(finding) + "\n";
  for (const Section& section : sections) {
    out += "\n## " + markdown_cell(section.title) + "\n\n";
    for (const std::string& paragraph : section.paragraphs) {
      out += markdown_cell(paragraph) + "\n\n";
    }
    for (const Table& table : section.tables) out += markdown_table(table) + "\n";
  }
  return out;
}

std::string render_markdown(const Summary& s, const balance::RunInfo& info) {
  return markdown_report(report_title(s), run_facts(s, info), balance::key_findings(s),
                         summary_sections(s));
}

std::string render_comparison_markdown(const balance::Comparison& c) {
  std::string out = "# " + markdown_cell(comparison_title(c)) + "\n\n";
  out += fmt::format("- **A**: {} ({} games, {} ended)\n", markdown_cell(c.label_a), c.games_a,
                     c.ended_a);
  out += fmt::format("- **B**: {} ({} games, {} ended)\n", markdown_cell(c.label_b), c.games_b,
                     c.ended_b);
  out += "\n## Findings\n\n";
  for (const std::string& finding : balance::comparison_findings(c)) {
    out += "- " + markdown_cell(finding) + "\n";
  }
  out += "\n## Table\n\n" + markdown_table(comparison_table(c));
  if (!c.notes.empty()) {
    out += "\n## Notes\n\n";
    for (const std::string& note : c.notes) out += "- " + markdown_cell(note) + "\n";
  }
  return out;
}

}  // namespace grove::render
