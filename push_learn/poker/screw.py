"""Push, or Screw Your Neighbor, seed 004 (P2): five-card push stud, hi-lo declare, replace.

Everyone gets one down card. In each of four push rounds every player still in gets one new card:
the offer starts one seat further round each round; a player offered a card keeps it, pays to
push it on, or keeps it and pays to push one of their own cards (the hole card included) instead.
A pushed card arrives face up; one pushed by the round's last player is buried at the bottom of
the deck. After the round each pusher gets a fill card, face down if the hole card went. Betting
follows each round (the lowest card brings in the first). Then a simultaneous replace ($5 up,
$10 down, the new card the same way up), a betting round, a simultaneous declaration (1 chip low,
2 high, 3 both), a last betting round in which a player alone in his direction may not bet or
raise, and the showdown: the pot is split between the best high and the best low.

>>> game = ScrewGame(seed=3)
>>> game.phase, game.to_move
(<Phase.PUSH: 'push'>, (1,))
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from push_learn.poker.actions import Action, ActionKind
from push_learn.poker.observation import Decision, Phase
from push_learn.poker.showdown import ShowdownMode
from push_learn.poker.stud import Flow, PokerRulesError, StudGame, StudRules
from push_learn.poker.wording import says, verb, whom

__all__ = ["SCREW_YOUR_NEIGHBOR", "ScrewGame", "ScrewRules", "screw_rules"]


@dataclass(frozen=True)
class ScrewRules(StudRules):
    """Every setting of Screw Your Neighbor (A-P2-*): the seed's $2/$4 game.

    ``push_own_cards`` allows keeping the offered card and pushing one of your own instead (A-P2-02);
    ``replace_up_price`` / ``replace_down_price`` are the replace round's prices.
    """

    name: str = "Screw Your Neighbor"
    bring_in: int = 1
    push_price: int = 1
    replace_up_price: int = 5
    replace_down_price: int = 10
    push_own_cards: bool = True
    showdown: ShowdownMode = ShowdownMode.HI_LO_DECLARE
    bet_after_declare: bool = True

    MIN_PLAYERS: ClassVar[int] = 3
    MAX_PLAYERS: ClassVar[int] = 8

    def replace_price(self, down: bool) -> int:
        """$10 for the down card, $5 for an up card (by default)."""
        return self.replace_down_price if down else self.replace_up_price

    @property
    def offers_own_push(self) -> bool:
        """Keeping the offered card and pushing one of your own instead, unless ``push_own_cards`` is off."""
        return self.push_own_cards

    @property
    def betting_rounds(self) -> int:
        """Four push rounds, the replace round and the declaration."""
        declare = self.showdown is ShowdownMode.HI_LO_DECLARE and self.bet_after_declare
        return 5 + int(declare)

    def __post_init__(self) -> None:
        super().__post_init__()
        if min(self.replace_up_price, self.replace_down_price) < 0:
            raise PokerRulesError("replace prices cannot be negative")


SCREW_YOUR_NEIGHBOR = ScrewRules()
"""The seed 004 game: 6 players, $1 bring-in, $2/$4 limit, $1 push, replace $5 up / $10 down, hi-lo declare."""


def screw_rules(players: int = 6, **settings: object) -> ScrewRules:
    """Screw Your Neighbor rules for a table size (other settings by keyword)."""
    return dataclasses.replace(SCREW_YOUR_NEIGHBOR, players=players, **settings)  # type: ignore[arg-type]


class ScrewGame(StudGame):
    """One deal of Screw Your Neighbor (P2)."""

    game_name: ClassVar[str] = "screw"
    rules_type: ClassVar[type[StudRules]] = ScrewRules
    rules: ScrewRules

    def _flow(self) -> Flow:
        rules = self.rules
        self._post_antes()
        self._deal_hole_cards()
        first = self.dealer
        for round_no in range(1, 5):
            self._round = round_no
            first = self._live(first + 1)[0]  # the offer moves one live seat round each time
            yield from self._push_round(first)
            yield from self._betting_round(round_no, bring_in=round_no == 1)
            if self._one_left():
                return
        self._round = 5
        yield from self._replace_round(True, keep_orientation=True)
        yield from self._betting_round(5)
        if self._one_left():
            return
        if rules.showdown is ShowdownMode.HI_LO_DECLARE:
            self._round = 6
            yield from self._declare_and_bet(6)

    def _push_round(self, first: int) -> Flow:
        """Offer, keep / push / keep-and-push-own, bury the last push, then fill the pushers."""
        rules = self.rules
        order = self._live(first)
        offered = None
        pushed_hole: dict[int, bool] = {}
        for i, seat in enumerate(order):
            name = self.players[seat]
            last = i == len(order) - 1
            if offered is None:
                offered = self._draw()
                self._note(says(name, f"is dealt {offered}"))
            self._show_all(offered)
            self._offer = (offered, seat)
            self._pass_to = None if last else order[i + 1]
            price = rules.push_price
            options = [Action.keep(seat)]
            if self._chips.stacks[seat] >= price:
                options.append(Action.push(seat))
                if rules.push_own_cards:
                    options += [Action.push_own(seat, c) for c in self.cards(seat)]
            reasons = self._push_reason(seat, price)
            if not rules.push_own_cards:
                reasons[ActionKind.PUSH_OWN.value] = "in this game only the card offered can be pushed"
            action = yield Decision(
                Phase.PUSH, (seat,), {seat: tuple(options)}, reasons=reasons,
                **self._push_prompt(seat, str(offered), price, own=rules.push_own_cards))
            self._offer = None
            if action.kind is ActionKind.KEEP:
                self._give(seat, offered, up=True)
                self._note(says(name, f"keeps {offered}"))
                offered = None
                continue
            self._pay(seat, price)
            if action.kind is ActionKind.PUSH:
                pushed, pushed_hole[seat] = offered, False
                what = f"{verb(name, 'pushes')} {pushed}"
            else:
                assert action.card is not None
                self._give(seat, offered, up=True)
                pushed, pushed_hole[seat] = action.card, self._take(seat, action.card)
                self._show_all(pushed)
                what = (f"{verb(name, 'keeps')} {offered} and {verb(name, 'pushes')} "
                        f"{'the hole card ' if pushed_hole[seat] else ''}{pushed}")
            pays = says(name, f"pays ${price}")
            if last:
                self._deck.append(pushed)
                self._note(f"{pays}, {what}: nobody kept it, so it is buried at the bottom of the deck")
                offered = None
            else:
                self._offer = (pushed, order[i + 1])
                self._note(f"{pays} and {what} to {whom(self.players[order[i + 1]])}")
                offered = pushed
        for seat in self._live():
            if seat in pushed_hole:
                card = self._draw()
                self._give(seat, card, up=not pushed_hole[seat])
                name = self.players[seat]
                if pushed_hole[seat]:
                    self._note(says(name, "gets a down card"), {seat: says(name, f"gets {card} face down")})
                else:
                    self._note(says(name, f"gets {card}"))
