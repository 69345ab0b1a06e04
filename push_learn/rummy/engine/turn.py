"""The rules of one turn: checking an action against a deal, then carrying it out.

``Referee.check`` raises ``IllegalAction`` with a plain sentence and changes nothing; it returns a
``Plan`` that ``Referee.carry_out`` executes, so every action is judged by one piece of code. The
``Match`` calls these; use ``Match.verify`` / ``Match.apply`` rather than this module directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from push_learn.cards import Card, card_sort_key
from push_learn.errors import IllegalAction
from push_learn.rummy.contracts import meets_contract
from push_learn.rummy.engine.actions import Action, Discard, GoDown, LayOff, NewMeld, Push, Rescue, TakeUpcard
from push_learn.rummy.engine.events import (
    Discarded,
    Event,
    LaidOff,
    Melded,
    Pushed,
    Rescued,
    Took,
    WentDown,
    WentOut,
)
from push_learn.rummy.engine.state import DealState, EndReason, Phase, TableMeld, is_wild_card
from push_learn.rummy.melds import Meld, check_meld, layoff_options, rescue_options
from push_learn.rummy.rules import RummyRules

__all__ = ["Outcome", "Plan", "Referee", "push_mode"]


def push_mode(stock: int, rules: RummyRules) -> str:
    """What a push does with ``stock`` cards left: ``normal`` (the pusher draws), ``last`` (the receiver gets
    the last stock card and the hand ends, A-R1-06) or ``atomic`` (the hand ends and no card moves)."""
    if stock >= 2:
        return "normal"
    return "last" if stock == 1 and not rules.atomic_push else "atomic"


@dataclass
class Plan:
    """A checked action and what it will do (filled in by ``Referee.check``)."""

    action: Action
    hand: list[Card] = field(default_factory=list)
    """The mover's hand afterwards (meld-phase actions and discards)."""
    out: list[Card] = field(default_factory=list)
    """Cards leaving the mover's hand for the table or the up-card."""
    melds: tuple[Meld, ...] = ()
    """New melds (go down, new meld) or the changed meld (lay off, rescue)."""
    taken: Card | None = None
    """The same-card discard rule's card after the action."""
    lift_taken: bool = False
    allow_wild: bool = False
    push_mode: str = ""
    """``normal``, ``last`` (the last stock card goes with the push) or ``atomic`` (no card moves)."""


@dataclass(frozen=True)
class Outcome:
    """How a carried-out action left the deal: still going, or ended (with the reason and who went out)."""

    ended: EndReason | None = None
    went_out: int | None = None


CONTINUES = Outcome()


def _remove(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card]:
    """``hand`` without ``cards`` (a multiset difference); raises if the hand lacks any of them."""
    rest = list(hand)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            held = hand.count(card)
            wanted = list(cards).count(card)
            if held:
                raise IllegalAction(f"you hold only {held} {card} but that uses {wanted}") from None
            raise IllegalAction(f"you do not hold {card}") from None
    return rest


class Referee:
    """Applies the rules of ``rules`` to the turn in progress of a ``DealState``."""

    def __init__(self, rules: RummyRules) -> None:
        self.rules = rules
        self.restricted = not (rules.discard_wild_allowed and rules.discard_taken_card_allowed)
        """Whether discards are ever restricted (6-7-8-9-10)."""

    # ---- discards -------------------------------------------------------------------------
    def discards(self, hand: Sequence[Card], taken: Card | None, lift_taken: bool, allow_wild: bool) -> list[Card]:
        """The distinct cards of ``hand`` that may be discarded, sorted by suit and rank."""
        distinct = set(hand)
        if self.restricted:
            distinct = {card for card in distinct if self.may_discard(hand, card, taken, lift_taken, allow_wild)}
        return sorted(distinct, key=card_sort_key)

    def may_discard(self, hand: Sequence[Card], card: Card, taken: Card | None, lift_taken: bool,
                    allow_wild: bool) -> bool:
        """Whether ``card`` (held in ``hand``) may be discarded under the same rules as ``discards``."""
        if not self.restricted:
            return True
        rules = self.rules
        if not (rules.discard_wild_allowed or allow_wild) and is_wild_card(card, rules):
            return False
        return not (
            card == taken and not (rules.discard_taken_card_allowed or lift_taken) and hand.count(card) < 2
        )

    def _fallbacks(self, hand: Sequence[Card], taken: Card | None) -> tuple[bool, bool]:
        """A-R3-05: lift the same-card rule, then allow a wild, until some discard is possible."""
        if not self.restricted or not hand or self.discards(hand, taken, False, False):
            return False, False
        if self.discards(hand, taken, True, False):
            return True, False
        return True, True

    def legal_discards(self, deal: DealState) -> list[Card]:
        """The cards the player to move may discard now (empty outside the meld phase)."""
        if deal.phase is not Phase.MELD:
            return []
        return self.discards(deal.hands[deal.turn], deal.taken, deal.lift_taken, deal.allow_wild_discard)

    # ---- draw phase -----------------------------------------------------------------------
    def push_allowed(self, deal: DealState) -> bool:
        """A push needs two stock cards, unless the rules let a push end the hand (R1/R2)."""
        return len(deal.stock) >= 2 or self.rules.push_on_last_stock_card

    def _check_take(self, deal: DealState, action: Action) -> Plan:
        upcard = deal.upcard
        if upcard is None:  # pragma: no cover - the draw phase always has an up-card
            raise IllegalAction("there is no up-card to take")
        hand = [*deal.hands[deal.turn], upcard]
        if self.restricted and not self.discards(hand, upcard, False, False) and self.push_allowed(deal):
            raise IllegalAction(
                f"you may not take the {upcard}: you would have no card you may discard afterwards "
                "(a 2 may never be discarded, nor the card just taken), so you must push"
            )
        lift, wild = self._fallbacks(hand, upcard)
        return Plan(action, hand=hand, taken=upcard, lift_taken=lift, allow_wild=wild)

    def _check_push(self, deal: DealState, action: Action) -> Plan:
        stock = len(deal.stock)
        if not self.push_allowed(deal):
            left = "only one card is left" if stock == 1 else "no card is left"
            raise IllegalAction(f"{left} in the stock, so you may not push: take the up-card")
        mode = push_mode(stock, self.rules)
        if mode == "normal":
            hand = [*deal.hands[deal.turn], deal.stock[-2]]
            lift, wild = self._fallbacks(hand, None)
            return Plan(action, hand=hand, push_mode=mode, lift_taken=lift, allow_wild=wild)
        return Plan(action, push_mode=mode)

    # ---- meld phase -----------------------------------------------------------------------
    def _require_down(self, deal: DealState, doing: str) -> None:
        if not deal.down[deal.turn]:
            contract = self.rules.contract(deal.number)
            raise IllegalAction(f"you must go down with this deal's contract ({contract}) before you {doing}")

    def _table_meld(self, deal: DealState, meld_id: int) -> TableMeld:
        table_meld = deal.meld_by_id(meld_id)
        if table_meld is None:
            raise IllegalAction(f"there is no meld #{meld_id} on the table")
        return table_meld

    def _held_card_target(self, deal: DealState, action: LayOff | Rescue, doing: str) -> TableMeld:
        """The table meld a lay-off or rescue aims at, once the mover is down and holds the card."""
        self._require_down(deal, doing)
        target = self._table_meld(deal, action.target)
        if action.card not in deal.hands[deal.turn]:
            raise IllegalAction(f"you do not hold {action.card}")
        return target

    def _check_leaves(self, deal: DealState, hand: Sequence[Card], taken: Card | None) -> None:
        if not hand:
            if not self.rules.go_out_by_melding:
                raise IllegalAction(
                    "you must keep a card to discard: in this game you go out only by discarding your last card"
                )
            return
        if self.restricted and not self.discards(hand, taken, deal.lift_taken, deal.allow_wild_discard):
            raise IllegalAction(
                "that would leave you no card you may discard (a 2 may never be discarded, "
                "nor the card you took this turn)"
            )

    def _meld_plan(self, deal: DealState, action: Action, out: list[Card], gained: Card | None = None) -> Plan:
        """Common tail of the meld-phase checks: cards from the hand, then what the hand is left with."""
        hand = _remove(deal.hands[deal.turn], out)
        if gained is not None:
            hand.append(gained)
        taken = None if deal.taken is not None and deal.taken in out else deal.taken
        self._check_leaves(deal, hand, taken)
        return Plan(action, hand=hand, out=out, taken=taken)

    def _check_go_down(self, deal: DealState, action: GoDown) -> Plan:
        if deal.down[deal.turn]:
            raise IllegalAction("you have already gone down this deal: add melds one at a time")
        if not action.melds:
            raise IllegalAction(f"to go down, lay down this deal's contract ({self.rules.contract(deal.number)})")
        cards = [card for meld in action.melds for card in meld.cards]
        _remove(deal.hands[deal.turn], cards)
        for meld in action.melds:
            check_meld(meld, self.rules)
        verdict = meets_contract(action.melds, self.rules, deal.number)
        if not verdict.ok:
            raise IllegalAction(f"you cannot go down with that: {verdict.reason}")
        plan = self._meld_plan(deal, action, cards)
        plan.melds = action.melds
        return plan

    def _check_new_meld(self, deal: DealState, action: NewMeld) -> Plan:
        self._require_down(deal, "meld anything else")
        _remove(deal.hands[deal.turn], action.meld.cards)
        check_meld(action.meld, self.rules)
        plan = self._meld_plan(deal, action, list(action.meld.cards))
        plan.melds = (action.meld,)
        return plan

    def _check_lay_off(self, deal: DealState, action: LayOff) -> Plan:
        target = self._held_card_target(deal, action, "lay off")
        options = layoff_options(target.meld, action.card, self.rules)
        if not options:
            raise IllegalAction(f"{action.card} cannot be laid off on {target.meld}")
        ways = "; ".join(str(option) for option in options)
        if action.result is None:
            if len(options) > 1:
                raise IllegalAction(f"{action.card} fits {target.meld} in {len(options)} ways, so say which: {ways}")
            result = options[0]
        elif action.result in options:
            result = action.result
        else:
            raise IllegalAction(
                f"laying off {action.card} on {target.meld} cannot give {action.result}; it can give {ways}"
            )
        plan = self._meld_plan(deal, action, [action.card])
        plan.melds = (result,)
        return plan

    def _check_rescue(self, deal: DealState, action: Rescue) -> Plan:
        target = self._held_card_target(deal, action, "rescue a wild card")
        if not 0 <= action.position < len(target.meld.cards):
            raise IllegalAction(f"{target.meld} has no place {action.position + 1}")
        options = rescue_options(target.meld, action.card, self.rules)
        results = [meld for position, meld in options if position == action.position]
        if not results:
            wild = target.meld.cards[action.position]
            if not target.meld.is_wild(action.position):
                raise IllegalAction(f"the {wild} at place {action.position + 1} of {target.meld} is not a wild card")
            raise IllegalAction(f"{action.card} cannot take the place of the {wild} in {target.meld}")
        plan = self._meld_plan(deal, action, [action.card], gained=target.meld.cards[action.position])
        plan.melds = (results[0],)
        return plan

    def _check_discard(self, deal: DealState, action: Discard) -> Plan:
        hand = deal.hands[deal.turn]
        card = action.card
        if card not in hand:
            raise IllegalAction(f"you do not hold {card}")
        if not self.may_discard(hand, card, deal.taken, deal.lift_taken, deal.allow_wild_discard):
            if is_wild_card(card, self.rules) and not (self.rules.discard_wild_allowed or deal.allow_wild_discard):
                raise IllegalAction(f"a wild card ({card}) may never be discarded in this game")
            raise IllegalAction(f"you may not discard the {card} you took this turn")
        return Plan(action, hand=_remove(hand, [card]), out=[card], taken=deal.taken)

    # ---- dispatch -------------------------------------------------------------------------
    def check(self, deal: DealState, action: Action) -> Plan:
        """Judge ``action`` for the player to move; raise ``IllegalAction`` (changing nothing) if refused."""
        if deal.phase is Phase.OVER:
            raise IllegalAction("the match is over")
        if isinstance(action, TakeUpcard | Push):
            if deal.phase is not Phase.DRAW:
                raise IllegalAction("you have already drawn this turn")
            return self._check_take(deal, action) if isinstance(action, TakeUpcard) else self._check_push(deal, action)
        if deal.phase is Phase.DRAW:
            raise IllegalAction("first draw: take the up-card or push")
        if isinstance(action, GoDown):
            return self._check_go_down(deal, action)
        if isinstance(action, NewMeld):
            return self._check_new_meld(deal, action)
        if isinstance(action, LayOff):
            return self._check_lay_off(deal, action)
        if isinstance(action, Rescue):
            return self._check_rescue(deal, action)
        if isinstance(action, Discard):
            return self._check_discard(deal, action)
        raise IllegalAction(f"{action!r} is not a rummy action")

    def legal_actions(self, deal: DealState) -> list[Action]:
        """The draw choices (take, push) or the discards; meld-phase moves are checked, not listed."""
        if deal.phase is Phase.DRAW:
            choices: list[Action] = []
            for action in (TakeUpcard(deal.turn), Push(deal.turn)):
                try:
                    self.check(deal, action)
                except IllegalAction:
                    continue
                choices.append(action)
            return choices
        return [Discard(deal.turn, card) for card in self.legal_discards(deal)]

    # ---- carrying out ---------------------------------------------------------------------
    def carry_out(self, deal: DealState, plan: Plan) -> tuple[list[Event], Outcome]:
        """Change ``deal`` as ``plan`` says; return the events and whether the deal ended."""
        action, seat = plan.action, deal.turn
        if isinstance(action, TakeUpcard | Push):
            return self._draw(deal, plan, seat)
        hand = deal.hands[seat]
        known = deal.known[seat]
        for card in plan.out:
            if card in known:
                known.remove(card)
        hand[:] = plan.hand
        deal.taken = plan.taken
        if isinstance(action, Discard):
            deal.upcard = action.card
            events: list[Event] = [Discarded(seat, action.card)]
            if not hand:
                events.append(WentOut(seat, "discarding"))
                return events, Outcome(EndReason.WENT_OUT, seat)
            return events, CONTINUES
        deal.table_action = True
        events = [self._table_change(deal, plan, seat)]
        if not hand:
            events.append(WentOut(seat, "melding"))
            return events, Outcome(EndReason.WENT_OUT, seat)
        return events, CONTINUES

    def _table_change(self, deal: DealState, plan: Plan, seat: int) -> Event:
        action = plan.action
        if isinstance(action, GoDown | NewMeld):
            ids = []
            for meld in plan.melds:
                deal.melds.append(TableMeld(deal.next_meld_id, seat, meld))
                ids.append(deal.next_meld_id)
                deal.next_meld_id += 1
            if isinstance(action, NewMeld):
                return Melded(seat, ids[0], plan.melds[0])
            deal.down[seat] = True
            return WentDown(seat, tuple(ids), plan.melds)
        assert isinstance(action, LayOff | Rescue)
        index = next(i for i, tm in enumerate(deal.melds) if tm.id == action.target)
        old = deal.melds[index]
        result = plan.melds[0]
        deal.melds[index] = TableMeld(old.id, old.owner, result)
        if isinstance(action, LayOff):
            return LaidOff(seat, old.id, old.owner, action.card, result)
        wild = old.meld.cards[action.position]
        deal.known[seat].append(wild)
        return Rescued(seat, old.id, old.owner, action.position, action.card, wild, result)

    def _draw(self, deal: DealState, plan: Plan, seat: int) -> tuple[list[Event], Outcome]:
        upcard = deal.upcard
        assert upcard is not None
        hand = deal.hands[seat]
        if isinstance(plan.action, TakeUpcard):
            hand.append(upcard)
            deal.known[seat].append(upcard)
            self._enter_meld_phase(deal, plan)
            return [Took(seat, upcard)], CONTINUES
        receiver = (seat + 1) % deal.players
        public = self.rules.pushed_card_public
        if plan.push_mode == "atomic":
            return [Pushed(seat, receiver, upcard, None, None, public, stock_empty=True, moved=False)], Outcome(
                EndReason.STOCK_OUT
            )
        top = deal.stock.pop()
        deal.hands[receiver] += [upcard, top]
        deal.known[receiver].append(upcard)
        if public:
            deal.known[receiver].append(top)
        if plan.push_mode == "last":
            deal.upcard = None
            return [Pushed(seat, receiver, upcard, top, None, public, stock_empty=True)], Outcome(EndReason.STOCK_OUT)
        drawn = deal.stock.pop()
        hand.append(drawn)
        self._enter_meld_phase(deal, plan)
        return [Pushed(seat, receiver, upcard, top, drawn, public)], CONTINUES

    @staticmethod
    def _enter_meld_phase(deal: DealState, plan: Plan) -> None:
        deal.upcard = None
        deal.phase = Phase.MELD
        deal.taken = plan.taken
        deal.lift_taken = plan.lift_taken
        deal.allow_wild_discard = plan.allow_wild

    def end_turn(self, deal: DealState) -> Outcome:
        """After a discard: count the loop guard (A-X-01), then pass the turn to the left."""
        if deal.table_action:
            deal.quiet_turns = 0
        elif deal.started_at_one:
            deal.quiet_turns += 1
        if self.rules.loop_guard and deal.quiet_turns >= deal.players:
            return Outcome(EndReason.LOOP_GUARD)
        self.start_turn(deal, (deal.turn + 1) % deal.players)
        return CONTINUES

    @staticmethod
    def start_turn(deal: DealState, seat: int) -> None:
        """Give ``seat`` the turn, in the draw phase."""
        deal.turn = seat
        deal.phase = Phase.DRAW
        deal.taken = None
        deal.lift_taken = False
        deal.allow_wild_discard = False
        deal.table_action = False
        deal.started_at_one = len(deal.stock) <= 1

