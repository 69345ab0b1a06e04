"""Rummy values as the JSON the widget pages draw: melds with their wild cards explained, variants by name.

A meld is ``{"kind": "run", "text": "run 5♥ 6♥ 7♥ (🃏 as 6♥)", "label": ..., "cards": [card, ...]}``
where each wild card carries what it stands for (see ``push_learn.widgets.cards``). Nothing here
decides a rule: the melds come from the core and only their reading is written out.
"""

from __future__ import annotations

from typing import Any

from push_learn.rummy.catalogue import VARIANT_ALIASES, rummy_rules
from push_learn.rummy.melds import Meld
from push_learn.rummy.rules import RummyRules, unknown_game
from push_learn.widgets.cards import card_json

__all__ = ["VARIANTS", "meld_json", "resolve_rules", "rules_json"]

VARIANTS = {name: rummy_rules(game_id) for name, game_id in VARIANT_ALIASES.items()}
"""Names a constructor accepts for ``rules``, besides a ``RummyRules`` value (the catalogue's aliases)."""


def resolve_rules(rules: RummyRules | str) -> RummyRules:
    """A ``RummyRules`` value, or the preset named ``push``, ``cap_it`` or ``six_to_ten``."""
    if isinstance(rules, RummyRules):
        return rules
    preset = VARIANTS.get(str(rules).strip().lower())
    if preset is None:
        raise unknown_game(rules)
    return preset


def meld_json(meld: Meld, **flags: Any) -> dict[str, Any]:
    """A meld's cards in place order, each wild with what it stands for, and the reading in words."""
    cards = [
        card_json(card, stands_for=meld.stands_for(i) if meld.is_wild(i) else None)
        for i, card in enumerate(meld.cards)
    ]
    data: dict[str, Any] = {"kind": meld.kind.value, "text": str(meld), "label": str(meld), "cards": cards}
    data.update({name: value for name, value in flags.items() if value is not None})
    return data


def rules_json(rules: RummyRules) -> dict[str, Any]:
    """The variant's name and each deal's hand size and contract, for headings and pickers."""
    return {
        "name": rules.name,
        "variant": rules.variant,
        "players": rules.players,
        "deals": [
            {"deal": n, "cards": rules.hand_size(n), "contract": str(rules.contract(n))}
            for n in range(1, rules.deals + 1)
        ],
    }

