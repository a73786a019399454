// S.P.A.C.E.'s card kinds as the log names them ("{card:K}") and ListCards lists them: each
// contract, then each family of cantina cards and bribes (the copies of a family share a
// name, so they are one kind), in card-number order. Built once per content set: the
// shipped one, or a test's. Views take a card's rules text from here too: it never changes.
#include <map>
#include <memory>
#include <string>
#include <unordered_map>

#include "engine/scoundrels/state.hpp"

namespace starport::scoundrels {
namespace {

card_catalog build(const content& c) {
  card_catalog out;
  std::unordered_map<std::string_view, std::uint16_t> cards_by_name;   // contracts are unique
  auto add = [&](engine::pool_card k) {
    k.index = static_cast<engine::card_index>(out.kinds.size());
    out.kinds.push_back(std::move(k));
    return static_cast<std::uint16_t>(out.kinds.size() - 1);
  };
  for (const contract& k : c.contracts) {
    engine::pool_card p;
    p.name = std::string(k.name);
    p.kind = "contract";
    p.tags = {std::string(syndicate_name(k.owner)), std::string(colour_name(k.reward)), std::string(k.goods)};
    p.text = contract_text(k, c.board);
    out.kind_of.push_back(add(std::move(p)));
  }
  auto cards = [&](std::span<const card> deck, std::string_view deck_name) {
    for (const card& k : deck) {
      auto [at, fresh] = cards_by_name.try_emplace(k.name, std::uint16_t{0});
      if (fresh) {
        engine::pool_card p;
        p.name = std::string(k.name);
        p.kind = std::string(kind_name(k.kind));
        p.tags = {std::string(deck_name)};
        p.text = card_text(k);
        at->second = add(std::move(p));
      }
      out.kind_of.push_back(at->second);
    }
  };
  for (int k = 0; k < colour_count; ++k) cards(c.cantina[k], colour_name(static_cast<colour>(k)));
  cards(c.bribes, "bribe");
  return out;
}

}  // namespace

const card_catalog& catalog_of(const content& c) {
  // The shipped content's, which every server thread reads: a function's static is built
  // once, safely, on first use.
  static const card_catalog standard = build(standard_content());
  if (&c == &standard_content()) return standard;
  // Any other content set is a test's own, made and played on the thread that made it.
  static std::map<const content*, std::unique_ptr<const card_catalog>> others;
  auto& slot = others[&c];
  if (!slot) slot = std::make_unique<const card_catalog>(build(c));
  return *slot;
}

std::span<const engine::pool_card> state::catalog() { return catalog_of(standard_content()).kinds; }

}  // namespace starport::scoundrels
