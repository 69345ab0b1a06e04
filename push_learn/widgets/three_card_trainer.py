"""ThreeCardTrainer: play casino Three Card Poker against the dealer, with the exact strategy's verdict.

The table is a ``ThreeCardPokerGame`` started through the one game protocol
(``push_learn.games.new_game("three_card_poker", ...)``). The page is built from the student's
observation alone (``game.observe(seat)``): the dealer's three cards are face down until the round
is settled, and they reach the page only then, from the settled round in that observation.

Every play-or-fold decision is marked against the exact analysis (``three_card_analysis``): the
Q-6-4 rule and the value of playing the hand, in antes. The running result is set beside what the
exact strategy is expected to win or lose at the same stakes.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from push_learn.cards import Card, format_cards
from push_learn.games import new_game
from push_learn.poker.three_card_analysis import house_share
from push_learn.poker.three_card_poker import (
    ANTE_BONUS_TABLES,
    PAIR_PLUS_TABLES,
    Fold,
    PlaceBets,
    Play,
    TcpObservation,
    ThreeCardPokerGame,
)
from push_learn.poker.three_card_session import Decision, SessionTally
from push_learn.poker.wording import chips
from push_learn.protocol import counted
from push_learn.records import short
from push_learn.widgets.base import IntentError, PushWidget, int_field, intent, str_field
from push_learn.widgets.cards import back_json, card_json

__all__ = ["ANTES", "PAIR_PLUS_BETS", "SEAT", "Decision", "ThreeCardTrainer", "running_words"]

SEAT = 0
"""The student's seat: the trainer's table has one seat against the dealer."""
ANTES = (1, 2, 5, 10, 25)
"""The Ante amounts offered (the table's limits cut the list)."""
PAIR_PLUS_BETS = (0, 1, 2, 5, 10, 25)
"""The Pair Plus amounts offered (0: no Pair Plus bet)."""
ROUNDS = 200
"""Rounds in a session unless asked otherwise."""




def running_words(rounds: int, net: int, expected: float, agreed: int, decisions: int, cost: float) -> str:
    """The student's running result in words, beside what the exact strategy was expected to give.

    Before any round is settled there is nothing to compare, and the sentence says so; a student who chose
    as the strategy every time is told that rather than what "the other choices" cost.

    >>> print(running_words(0, 0, 0.0, 0, 0, 0.0))
    No round settled yet: after each round your result shows here beside the exact strategy's.
    >>> print(running_words(2, -5, -0.34, 2, 2, 0.0))
    After 2 rounds you have lost 5 chips. Playing the exact strategy at your stakes is expected to lose 0.34 chips. \
Your choices matched the exact strategy 2 times out of 2.
    >>> print(running_words(1, 10, -0.17, 0, 1, 1.5))
    After 1 round you have won 10 chips. Playing the exact strategy at your stakes is expected to lose 0.17 chips. \
Your choice matched the exact strategy 0 times out of 1; the other one is expected to cost you 1.50 chips.
    >>> running_words(3, 0, 0.0, 1, 3, 0.4).split(". ")[0], running_words(3, 0, 0.0, 1, 3, 0.4).split("; ")[1]
    ('After 3 rounds you are even', 'the other 2 are expected to cost you 0.40 chips.')
    """
    if rounds == 0:
        return "No round settled yet: after each round your result shows here beside the exact strategy's."
    result = f"have won {chips(net)}" if net > 0 else f"have lost {chips(-net)}" if net < 0 else "are even"
    outlook = (f"win {expected:.2f} chips" if expected > 0 else f"lose {-expected:.2f} chips" if expected < 0
               else "break even")
    words = (f"After {counted(rounds, 'round')} you {result}. "
             f"Playing the exact strategy at your stakes is expected to {outlook}. "
             f"Your choice{'s' if decisions != 1 else ''} matched the exact strategy "
             f"{counted(agreed, 'time')} out of {decisions}")
    others = decisions - agreed
    if not others:
        return words + "."
    return words + f"; {'the other one is' if others == 1 else f'the other {others} are'} expected to cost you " \
                   f"{cost:.2f} chips."


class ThreeCardTrainer(PushWidget, module="three_card_trainer"):
    """Play Ante/Play (and, if you like, Pair Plus) against the dealer and see the exact strategy's verdict.

    In JupyterLab::

        from push_learn.widgets import ThreeCardTrainer
        ThreeCardTrainer(seed=7)
        ThreeCardTrainer(seed=7, pair_plus="40-30-6-3-1", ante_bonus="none")
    """

    def __init__(
        self,
        seed: int | str = 1,
        *,
        rounds: int = ROUNDS,
        pair_plus: str = "40-30-6-4-1",
        ante_bonus: str = "5-4-1",
        ante: int = 5,
        pair_plus_bet: int = 0,
        title: str = "Three Card Poker trainer",
        player: str = "You",
        **options: Any,
    ) -> None:
        if pair_plus not in PAIR_PLUS_TABLES:
            raise ValueError(f"the Pair Plus table is one of {', '.join(PAIR_PLUS_TABLES)}, not {short(pair_plus)}")
        if ante_bonus not in ANTE_BONUS_TABLES:
            raise ValueError(f"the Ante Bonus table is one of {', '.join(ANTE_BONUS_TABLES)}, not {short(ante_bonus)}")
        self.title = title
        self.rounds = rounds
        self.table_options = {"pair_plus": PAIR_PLUS_TABLES[pair_plus], "ante_bonus": ANTE_BONUS_TABLES[ante_bonus]}
        self.stakes = {"ante": ante, "pair_plus": pair_plus_bet}
        self.player = player
        """The student's name at the table (in records; a class trainer uses the display name)."""
        super().__init__(**options)
        self._start(seed)
        self.refresh()

    def _start(self, seed: int | str) -> None:
        """A new session: a fresh table fixed by ``seed``, and no decisions yet."""
        self.seed = seed
        game = new_game("three_card_poker", seed=seed, players=(self.player,), rounds=self.rounds,
                        **self.table_options)
        self._begin(game, SessionTally(game.rules, SEAT))

    def _begin(self, game: ThreeCardPokerGame, tally: SessionTally) -> None:
        """Play ``game`` from where it stands, its decisions so far marked in ``tally``."""
        self.game = game
        self.rules = self.game.rules
        self.tally = tally
        """The session's decisions, marked against the exact strategy, and its expected result."""
        self.analysis = self.tally.analysis
        self.strategy = self.analysis.optimal_strategy()
        self.ante_ev = self.tally.ante_ev
        self.pair_plus_ev = self.tally.pair_plus_ev
        self.hint = False

    @property
    def decisions(self) -> list[Decision]:
        """The student's play-or-fold choices so far, marked against the exact strategy."""
        return self.tally.decisions

    @property
    def expected(self) -> Fraction:
        """What the exact strategy is expected to win (negative: lose) at the stakes the student bet."""
        return self.tally.expected

    def apply(self, action: PlaceBets | Play | Fold) -> None:
        """Apply the student's ``action`` to the table, tallied against the exact strategy."""
        self.game.verify(action)
        self.tally.before(self.game, action)
        self.game.apply(action)

    # ---- what the student sees -------------------------------------------------------------

    @property
    def observation(self) -> TcpObservation:
        """Everything the student's seat may know now (the only source of the page)."""
        observation: TcpObservation = self.game.observe(SEAT)
        return observation

    def verdict(self, cards: tuple[Card, ...]) -> dict[str, Any]:
        """The exact strategy's word on a hand: play or fold, and the value of playing it."""
        return {"play": self.analysis.hand(cards).should_play, "text": self.analysis.verdict(cards)}

    def _decision_json(self, decision: Decision) -> dict[str, Any]:
        choice = "played" if decision.played else "folded"
        if decision.agrees:
            text = f"You {choice}, as the exact strategy does."
        else:
            best = "play" if decision.best_is_play else "fold"
            text = (
                f"You {choice}, but the exact strategy would {best}: that choice gives up "
                f"{float(decision.cost):.2f} chips on average."
            )
        return {"round": decision.round, "hand": decision.hand, "agrees": decision.agrees, "text": text}

    def _last_round(self, observation: TcpObservation) -> dict[str, Any] | None:
        """The last settled round: the dealer's cards (revealed now), each bet's result, the verdict."""
        if not observation.results:
            return None
        result = observation.results[-1]
        mine = next((seat for seat in result.seats if seat.seat == SEAT), None)
        decision = next((d for d in self.decisions if d.round == result.round), None)
        return {
            "round": result.round,
            "dealer": [card_json(card) for card in result.dealer_cards],
            "dealer_hand": result.dealer_hand,
            "dealer_text": (
                f"The dealer has {result.dealer_hand} and "
                f"{'qualifies' if result.dealer_qualifies else 'does not qualify (queen high is needed)'}."
            ),
            "cards": [card_json(card) for card in decision.cards] if decision else [],
            "hand": mine.hand if mine else "",
            "lines": [str(line) for line in mine.lines] if mine else [],
            "net": mine.net if mine else 0,
            "decision": self._decision_json(decision) if decision else None,
        }

    def running(self, observation: TcpObservation) -> dict[str, Any]:
        """The student's result so far beside the exact strategy's expected result at the same stakes."""
        # the bets of a round being played are on the table, not lost yet
        net = observation.stacks[SEAT] + observation.antes[SEAT] + observation.pair_plus[SEAT] \
            - self.rules.starting_stack
        settled = len(observation.results)
        agreed, cost = self.tally.agreed, self.tally.cost
        return {
            "rounds": settled,
            "net": net,
            "expected": round(float(self.expected), 2),
            "agreed": agreed,
            "decisions": len(self.decisions),
            "text": running_words(settled, net, float(self.expected), agreed, len(self.decisions), float(cost)),
        }

    def paytables(self) -> list[dict[str, Any]]:
        """The paytables of the table, and what each bet returns to the house on average."""
        rules = self.rules
        return [
            {"name": "Ante Bonus", "table": rules.ante_bonus.name,
             "pays": [[category, f"{odds} to 1"] for category, odds in rules.ante_bonus.pays],
             "note": f"Paid on the ante whenever you play, win or lose. With the exact strategy "
                     f"{house_share(self.ante_ev, 'Ante')} (the Play bet counted in)."},
            {"name": "Pair Plus", "table": rules.pair_plus.name,
             "pays": [[category, f"{odds} to 1"] for category, odds in rules.pair_plus.pays],
             "note": f"Paid on your three cards alone, whatever the dealer holds: "
                     f"{house_share(self.pair_plus_ev, 'Pair Plus bet')}."},
        ]

    def view_state(self) -> dict[str, Any]:
        """The table as the student's seat sees it, the verdicts, the running result and the paytables."""
        seen = self.observation
        deciding = seen.phase == "deciding"
        return {
            "title": self.title,
            "seed": self.seed,
            "round": seen.round,
            "phase": seen.phase,
            "over": seen.phase == "over",
            "stack": seen.stacks[SEAT],
            "bets": {"ante": seen.antes[SEAT], "pair_plus": seen.pair_plus[SEAT]},
            "stakes": dict(self.stakes),
            "ante_options": [[n, chips(n)] for n in ANTES if self.rules.min_bet <= n <= self.rules.max_bet],
            "pair_plus_options": [[n, chips(n) if n else "no bet"] for n in PAIR_PLUS_BETS
                                  if n == 0 or self.rules.min_bet <= n <= self.rules.max_bet],
            "cards": [card_json(card) for card in seen.cards] if deciding else [],
            "hand": seen.hand if deciding else None,
            "dealer": [back_json(label="dealer's face-down card") for _ in range(3)] if deciding else [],
            "hint": self.verdict(seen.cards) if deciding and self.hint else None,
            "last": self._last_round(seen),
            "running": self.running(seen),
            "paytables": self.paytables(),
            "strategy": f"The exact strategy: {self.strategy.name}; fold anything lower.",
            "announce": self._announce(seen),
        }

    def _announce(self, seen: TcpObservation) -> str:
        if seen.phase == "deciding":
            return f"Round {seen.round}: you hold {seen.hand}. Play or fold?"
        if seen.results:
            last = seen.results[-1]
            mine = next((seat for seat in last.seats if seat.seat == SEAT), None)
            return f"Round {last.round}: the dealer has {last.dealer_hand}; you are {mine.net if mine else 0:+d} chips."
        return ""

    # ---- intents ---------------------------------------------------------------------------

    @intent("stake")
    def _stake(self, content: Mapping[str, Any]) -> None:
        """Choose the amount of the Ante or of the Pair Plus for the next deal."""
        bet = str_field(content, "bet")
        amount = int_field(content, "amount")
        if bet not in self.stakes:
            raise IntentError(f"the bets are the ante and the pair plus, not {short(bet)}")
        allowed = ANTES if bet == "ante" else PAIR_PLUS_BETS
        if amount not in allowed:
            raise IntentError(f"the {bet.replace('_', ' ')} is one of {', '.join(map(str, allowed))} chips here")
        self.stakes[bet] = amount

    @intent("deal")
    def _deal(self, _content: Mapping[str, Any]) -> None:
        """Put the chosen bets down; the cards are dealt."""
        ante, pair_plus = self.stakes["ante"], self.stakes["pair_plus"]
        self.apply(PlaceBets(SEAT, ante, pair_plus))
        self.hint = False

    @intent("hint")
    def _hint(self, _content: Mapping[str, Any]) -> None:
        """Show the exact strategy's verdict before deciding."""
        if self.observation.phase != "deciding":
            raise IntentError("the verdict is given on a hand you hold: deal first")
        self.hint = True

    def _decide(self, played: bool) -> None:
        seen = self.observation
        if seen.phase != "deciding":
            raise IntentError("there is no hand to play or fold: deal first")
        self.apply(Play(SEAT) if played else Fold(SEAT))
        self.hint = False

    @intent("play")
    def _play(self, _content: Mapping[str, Any]) -> None:
        """Make the Play bet (equal to the ante) and meet the dealer."""
        self._decide(True)

    @intent("fold")
    def _fold(self, _content: Mapping[str, Any]) -> None:
        """Give up the hand and the ante."""
        self._decide(False)

    @intent("new")
    def _new(self, content: Mapping[str, Any]) -> None:
        """Start a new session with another deal number (the next one unless ``seed`` is given)."""
        seed = content.get("seed")
        if seed is None:
            seed = self.seed + 1 if isinstance(self.seed, int) else 1
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**32:
            raise IntentError("a deal number is a whole number from 0 to 4294967295")
        self._start(seed)
        self.notify("info", f"A new session, deal number {seed}: {self.rules.starting_stack} chips.")

    def describe(self) -> str:
        """The session in one line (for logs and tests)."""
        seen = self.observation
        return f"deal number {self.seed}, round {seen.round}, {seen.stacks[SEAT]} chips, {format_cards(seen.cards)}"
