"""Push stud poker, seed 003 (P1), with the Substitution and Roll Your Own options.

Each player antes and gets a hole card that can never be pushed. Four push rounds follow
(Article 3): a fresh card is offered face up to the first player at the dealer's left; keeping it
is free; pushing it costs ``push_price`` and the pusher at once gets the next card face up, while
the pushed card is offered to the next player; a card pushed by the round's last player is dead.
A betting round, opened by the best hand showing, follows each push round; then the showdown.

Options are data on ``PushStudRules``: ``substitution`` (after the last betting round each player in
turn may pay to swap one card for a face-down one, then one more betting round) and
``roll_your_own`` (all five cards go through the push procedure face down and pushing is free by
default; from the second card on, whoever gets a card turns one of their two down cards up at
once; played high, low or hi-lo with declaration).

>>> game = PushStudGame(push_stud_rules(players=5), seed=1)
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
from push_learn.poker.stud import Flow, PokerRulesError, StudGame, StudRules, showdown_mode
from push_learn.poker.wording import clause, says, their, verb, whom

__all__ = ["PUSH_STUD", "ROLL_YOUR_OWN", "PushStudGame", "PushStudRules", "push_stud_rules"]


@dataclass(frozen=True)
class PushStudRules(StudRules):
    """Every setting of Push stud (A-P1-*).

    Defaults: ante 1, fixed limit 2/4 (the big bet from the third betting round), a bet and three
    raises, push price 10 (five times the small bet), substitution price 20 (ten times).
    """

    name: str = "Push stud"
    ante: int = 1
    push_price: int = 10
    substitution: bool = False
    substitution_price: int = 20
    roll_your_own: bool = False

    MIN_PLAYERS: ClassVar[int] = 4
    MAX_PLAYERS: ClassVar[int] = 9

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.substitution_price < 0:
            raise PokerRulesError("the substitution price cannot be negative")
        if self.bring_in:
            raise PokerRulesError("Push stud has no bring-in: the best hand showing opens the betting")
        if self.showdown is not ShowdownMode.HIGH and not self.roll_your_own:
            raise PokerRulesError("low and hi-lo showdowns belong to the Roll Your Own option")

    @property
    def push_rounds(self) -> int:
        """Four up cards, or all five cards with Roll Your Own."""
        return 5 if self.roll_your_own else 4

    def replace_price(self, down: bool) -> int:
        """Substitution costs the same for any card."""
        return self.substitution_price

    @property
    def betting_rounds(self) -> int:
        """One per push round, one after substitution, one after a declaration if so set."""
        declare = self.showdown is ShowdownMode.HI_LO_DECLARE and self.bet_after_declare
        return self.push_rounds + int(self.substitution) + int(declare)


ONLY_THE_OFFERED_CARD = "in Push stud only the card offered can be pushed; the hole card never can"

PUSH_STUD = PushStudRules()
"""The seed 003 game: 6 players, ante 1, limit 2/4, push 10."""
ROLL_YOUR_OWN = PushStudRules(name="Roll Your Own push", roll_your_own=True, push_price=0)
"""Every card dealt face down, free pushing, one card turned up with each new card; high only."""


def push_stud_rules(
    players: int = 6,
    substitution: bool = False,
    roll_your_own: bool = False,
    showdown: ShowdownMode | str = ShowdownMode.HIGH,
    **settings: object,
) -> PushStudRules:
    """Push stud rules for a table size with the options chosen (other settings by keyword)."""
    mode = showdown_mode(showdown)
    base = ROLL_YOUR_OWN if roll_your_own else PUSH_STUD
    name = base.name + (" with substitution" if substitution else "") + (
        f" ({mode})" if mode is not ShowdownMode.HIGH else "")
    return dataclasses.replace(base, players=players, substitution=substitution, showdown=mode, name=name,
                               **settings)  # type: ignore[arg-type]


class PushStudGame(StudGame):
    """One deal of Push stud (P1)."""

    game_name: ClassVar[str] = "push_stud"
    rules_type: ClassVar[type[StudRules]] = PushStudRules
    rules: PushStudRules

    def _flow(self) -> Flow:
        rules = self.rules
        self._post_antes()
        if not rules.roll_your_own:
            self._deal_hole_cards()
        for round_no in range(1, rules.push_rounds + 1):
            self._round = round_no
            yield from self._push_round(round_no)
            yield from self._betting_round(round_no)
            if self._one_left():
                return
        if rules.substitution:
            yield from self._replace_round(False, keep_orientation=False)
            self._round += 1
            yield from self._betting_round(self._round)
            if self._one_left():
                return
        if rules.showdown is ShowdownMode.HI_LO_DECLARE:
            yield from self._declare_and_bet(self._round + 1)

    def _push_round(self, round_no: int) -> Flow:
        """Article 3: offer, keep free or pay to push (the pusher's card comes at once), dead at the end."""
        rules = self.rules
        face_up = not rules.roll_your_own
        order = self._live()
        offered = None
        for i, seat in enumerate(order):
            name = self.players[seat]
            last = i == len(order) - 1
            if offered is None:
                offered = self._draw()
                is_offered = says(name, "is offered")
                self._note(f"{is_offered} {offered}" if face_up else f"{is_offered} a card face down",
                           None if face_up else {seat: f"{is_offered} {offered}"})
            if face_up:
                self._show_all(offered)
            else:
                self._show(seat, offered)
            self._offer = (offered, seat)
            self._pass_to = None if last else order[i + 1]
            price = rules.push_price
            options = (Action.keep(seat), *((Action.push(seat),) if self._chips.stacks[seat] >= price else ()))
            reasons = self._push_reason(seat, price)
            reasons[ActionKind.PUSH_OWN.value] = ONLY_THE_OFFERED_CARD
            shown = str(offered) if face_up else "the card"
            action = yield Decision(Phase.PUSH, (seat,), {seat: options}, reasons=reasons,
                                    **self._push_prompt(seat, shown, price, own=False))
            if action.kind is ActionKind.KEEP:
                self._offer = None
                self._give(seat, offered, up=face_up)
                self._note(says(name, f"keeps {shown}"))
                offered = None
            else:
                self._pay(seat, price)
                replacement = self._draw()
                self._give(seat, replacement, up=face_up)
                paid = f" for ${price}" if price else ""
                if last:
                    self._offer = None
                    self._dead.append(offered)
                    pushes, gets = says(name, "pushes"), clause(name, "gets")
                    self._note(f"{pushes} {shown}{paid}: it is dead, discarded face down; "
                               f"{gets} {replacement if face_up else 'the next card'}",
                               None if face_up else {seat: f"{pushes} {offered}: it is dead; {gets} {replacement}"})
                    offered = None
                else:
                    self._offer = (offered, order[i + 1])
                    pushes, gets = says(name, "pushes"), verb(name, "gets")
                    self._note(f"{pushes} {shown}{paid} to {whom(self.players[order[i + 1]])} and {gets} "
                               f"{replacement if face_up else 'the next card'}",
                               None if face_up else {seat: f"{pushes} {offered} and {gets} {replacement}"})
            if rules.roll_your_own and round_no > 1:
                yield from self._expose(seat)

    def _expose(self, seat: int) -> Flow:
        """Roll Your Own: with a new card, turn one of the two down cards up at once (A-P1-08)."""
        options = tuple(Action.expose(seat, c) for c in self._down[seat])
        action = yield Decision(Phase.EXPOSE, (seat,), {seat: options}, **self._addressed(
            seat, lambda who: f"turn up one of {their(who)} two face-down cards"))
        assert action.card is not None
        self._down[seat].remove(action.card)
        self._give(seat, action.card, up=True)
        self._note(says(self.players[seat], f"turns up {action.card}"))
