#include "engine/games/takenoko/position.hpp"

#include <algorithm>

namespace grove::takenoko {

const std::array<StepWords, kSteps> kStepWords = {{
    {Step::Deal, "deal", "deal the starting objectives"},
    {Step::Weather, "weather", "roll the weather die"},
    {Step::ApplyWeather, "apply_weather", "use the weather"},
    {Step::Actions, "actions", "choose an action"},
    {Step::DrawPlots, "draw_plots", "draw plot tiles"},
    {Step::KeepPlot, "keep_plot", "keep one of the drawn plots"},
    {Step::PlacePlot, "place_plot", "place the kept plot"},
    {Step::DrawObjective, "draw_objective", "draw an objective"},
    {Step::RedrawObjective, "redraw_objective", "draw another objective"},
    {Step::Over, "over", "nothing: the game is over"},
}};

int Player::hand_size() const {
  int total = 0;
  for (std::uint8_t count : hand) total += count;
  return total;
}

int Player::completed_count() const {
  int total = 0;
  for (std::uint8_t count : completed) total += count;
  return total;
}

namespace {

// Each objective kind's points, and the panda kinds' alone (0 for the
// others), side by side: every view hash and outcome adds them up, and read
// from the cards (their names and descriptions between) the sums were a
// sixth of a Takenoko exploration.
struct PointsByKind {
  std::array<std::uint8_t, kObjectiveKinds> all{};
  std::array<std::uint8_t, kObjectiveKinds> panda{};
};

const PointsByKind& points_by_kind() {
  static const PointsByKind table = [] {
    PointsByKind made;
    for (std::size_t id = 0; id < kObjectiveKinds; ++id) {
      const ObjectiveCard& card = objective_cards()[id];
      made.all[id] = static_cast<std::uint8_t>(card.points);
      made.panda[id] = card.category == Category::Panda ? made.all[id] : 0;
    }
    return made;
  }();
  return table;
}

int points_of(const std::array<std::uint8_t, kObjectiveKinds>& counts,
              const std::array<std::uint8_t, kObjectiveKinds>& points) {
  int total = 0;
  for (std::size_t id = 0; id < kObjectiveKinds; ++id) total += counts[id] * points[id];
  return total;
}

}  // namespace

int Player::completed_points() const { return points_of(completed, points_by_kind().all); }

int Player::completed_panda_points() const { return points_of(completed, points_by_kind().panda); }

template <int Kinds>
int Pile<Kinds>::count_of(int kind) const {
  int total = unseen[static_cast<std::size_t>(kind)];
  for (std::uint8_t entry : bottom) total += entry == kind ? 1 : 0;
  return total;
}

template struct Pile<kTileKinds>;
template struct Pile<kObjectiveKinds>;

namespace {

void hash_hex(Hasher& hasher, const Hex& hex) { hasher.add(hex.q).add(hex.r); }

template <int Kinds>
void hash_pile(Hasher& hasher, const Pile<Kinds>& pile) {
  hasher.add_each(pile.unseen);
  hasher.add(static_cast<int>(pile.bottom.size()));
  hasher.add_each(pile.bottom);
}

}  // namespace

void Position::hash_into(Hasher& hasher) const {
  hasher.add(static_cast<int>(plots.size()));
  for (const Plot& plot : plots) {
    hash_hex(hasher, plot.at);
    hasher.add(static_cast<int>(plot.colour) | static_cast<int>(plot.improvement) << 4 |
               (plot.printed ? 1 : 0) << 8 | (plot.irrigated ? 1 : 0) << 9 | plot.height << 12);
  }
  hasher.add(static_cast<int>(channels.size()));
  for (const Edge& edge : channels) {
    hash_hex(hasher, edge.a);
    hash_hex(hasher, edge.b);
  }
  hash_hex(hasher, gardener);
  hash_hex(hasher, panda);
  hash_pile(hasher, tiles);
  for (const ObjectivePile& pile : objectives) hash_pile(hasher, pile);
  hasher.add_each(bamboo);
  hasher.add(channel_reserve);
  hasher.add_each(improvement_reserve);
  hasher.add(static_cast<int>(players.size()));
  for (const Player& player : players) {
    hasher.add_each(player.hand);
    hasher.add_each(player.completed);
    hasher.add_each(player.eaten);
    hasher.add(player.channels);
    hasher.add_each(player.improvements);
  }
  hasher.add(static_cast<int>(step)).add(turn).add(round).add(dealt).add(emperor);
  hasher.add(static_cast<int>(weather)).add(static_cast<int>(actions_used)).add(actions_taken);
  hasher.add(static_cast<int>(drawn.size()));
  hasher.add_each(drawn);
  hasher.add(plots_to_draw).add(static_cast<int>(kept)).add(static_cast<int>(drawing));
  hasher.add_each(redrawn);
}

const Plot* Position::plot_at(const Hex& at) const {
  auto it = std::lower_bound(plots.begin(), plots.end(), at,
                             [](const Plot& plot, const Hex& hex) { return plot.at < hex; });
  return it != plots.end() && it->at == at ? &*it : nullptr;
}

Plot* Position::plot_at(const Hex& at) {
  return const_cast<Plot*>(static_cast<const Position&>(*this).plot_at(at));
}

bool Position::has_channel(const Edge& edge) const {
  return std::binary_search(channels.begin(), channels.end(), edge);
}

Plot& Position::add_plot(const Plot& plot) {
  auto it = std::lower_bound(plots.begin(), plots.end(), plot.at,
                             [](const Plot& p, const Hex& hex) { return p.at < hex; });
  return *plots.insert(it, plot);
}

void Position::add_channel(const Edge& edge) {
  channels.insert(std::lower_bound(channels.begin(), channels.end(), edge), edge);
}

}  // namespace grove::takenoko
