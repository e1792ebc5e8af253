#include "reports/render/game_page.hpp"

#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <string_view>

#include "engine/core/words.hpp"
#include "reports/render/game_page_html.hpp"  // generated from game_page.html

namespace grove::render {
namespace {

using nlohmann::json;

// Replaces the one `marker` in `text`.
void fill(std::string& text, std::string_view marker, const std::string& value) {
  const std::size_t at = text.find(marker);
  if (at != std::string::npos) text.replace(at, marker.size(), value);
}

json check_json(const PageCheck& check) {
  return {{"line", check.line},       {"text", check.text},         {"held", check.held},
          {"message", check.message}, {"expected", check.expected}, {"actual", check.actual}};
}

// The page's data. A picture seen before is sent once and named by its
// index: a game returns to the same table often (dice passed back and
// forth), and a long game would otherwise repeat it thousands of times.
json page_json(const GamePage& page) {
  json pictures = json::array();
  json boards = json::array();
  std::map<std::string_view, std::size_t> picture_index, board_index;
  auto index_of = [](std::map<std::string_view, std::size_t>& index, json& list,
                     const std::string& text) {
    const auto [it, added] = index.emplace(text, list.size());
    if (added) list.push_back(text);
    return it->second;
  };
  json steps = json::array();
  for (const PageStep& step : page.steps) {
    json checks = json::array();
    for (const PageCheck& check : step.checks) checks.push_back(check_json(check));
    json entry = {{"number", step.number}, {"move", step.move},       {"actor", step.actor},
                  {"events", step.events}, {"summary", step.summary}, {"checks", checks}};
    if (!step.picture.empty()) {
      entry["picture"] = index_of(picture_index, pictures, step.picture);
    } else {
      entry["board"] = index_of(board_index, boards, step.board);
    }
    steps.push_back(std::move(entry));
  }
  return {{"title", page.title},
          {"subtitle", page.subtitle},
          {"source", page.source},
          {"legend", page.legend},
          {"result", page.result},
          {"failed", page.failed},
          {"left_out", page.left_out},
          {"left_out_after", page.left_out_after},
          {"left_out_hint", page.left_out_hint},
          {"pictures", pictures},
          {"boards", boards},
          {"steps", steps}};
}

}  // namespace

// At least one step before the gap and one after it, whatever the limit.
PageSteps::PageSteps(std::size_t limit)
    : head_limit_(limit == 0 ? 0 : std::max<std::size_t>(1, limit / 3)),
      tail_limit_(limit == 0 ? 0 : std::max<std::size_t>(1, limit - head_limit_)) {}

void PageSteps::add(PageStep step) {
  if (head_limit_ == 0 || head_.size() < head_limit_) {
    head_.push_back(std::move(step));
    return;
  }
  tail_.push_back(std::move(step));
  if (tail_.size() > tail_limit_) {
    // The checks made at a step left out are not lost: they move to the
    // first step after the gap, where the page says what was left out.
    std::vector<PageCheck> checks = std::move(tail_.front().checks);
    tail_.pop_front();
    ++left_out_;
    tail_.front().checks.insert(tail_.front().checks.begin(),
                                std::make_move_iterator(checks.begin()),
                                std::make_move_iterator(checks.end()));
  }
}

PageStep& PageSteps::last() { return tail_.empty() ? head_.back() : tail_.back(); }

void PageSteps::move_into(GamePage& page, const std::string& hint) {
  page.steps = std::move(head_);
  page.left_out = left_out_;
  page.left_out_after = page.steps.empty() ? 0 : page.steps.size() - 1;
  page.left_out_hint = left_out_ == 0 ? std::string() : hint;
  for (PageStep& step : tail_) page.steps.push_back(std::move(step));
  head_.clear();
  tail_.clear();
  left_out_ = 0;
}

std::string game_page_html(const GamePage& page) {
  std::string html(kGamePageHtml);
  // Inside a script element the HTML parser looks for "</script" and, after
  // "<!--", for "<script": text from a scenario (a title, a move, a card)
  // could end the data early or swallow the page. JSON writes every "<" as
  // \u003c, which the parser never sees and the script reads back as "<".
  // Invalid UTF-8 in that text is replaced, not thrown.
  const std::string json =
      page_json(page).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string data;
  data.reserve(json.size() + json.size() / 8);
  for (const char c : json) {
    if (c == '<') {
      data += "\\u003c";
    } else {
      data += c;
    }
  }
  fill(html, "/*__GAME__*/null", data);
  // The title last: the first marker is then the one in <title>, whatever
  // the data holds.
  fill(html, "__TITLE__", escape_markup(page.title.empty() ? "grove view" : page.title));
  return html;
}

}  // namespace grove::render
