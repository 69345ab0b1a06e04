"""Three Card Poker trainer: Ante/Play and Pair Plus against the dealer, in a ThreeCardTrainer.

The address chooses the deal number (``seed``, which fixes every shuffle of the session), the
paytables (``pair_plus``, such as ``40-30-6-3-1``; ``ante_bonus``, such as ``5-4-1`` or ``none``)
and the first Ante (``ante``). A value the table does not offer is replaced by the default, with a note.

**In a class** (the page opened from a class server by a browser that joined a class on the landing
page) the student plays under their display name, and after every settled round the kernel seals the
session's record (hints counted in its notes) and posts it: the store replays it, marks every choice
against the exact strategy and keeps the session, up to date, for the teacher's dashboard and the CSV
export (decision D-CLS-01). Every round is kept as it is settled, so a reload or a new session never
takes a choice back.

**A class assignment** (``?assignment=7``, the link the landing page gives a student whose class has a Three Card
Poker deal today) plays the class's session: the rounds the teacher chose (ten unless said, D-CLS-12) of the secret
shuffle, the same cards for everyone, at an Ante of 5 and no Pair Plus, with no new session; hints are counted, the
server keeps every move, and the finished session goes to the class's leaderboard, ranked by the choices against the
exact strategy (D-CLS-10).
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from collections.abc import Mapping
from typing import Any

from push_learn.apps.base import App
from push_learn.apps.class_deal import (
    ClassDeal,
    autoplay_asked,
    continued,
    game_class_deal,
    setup_count,
    shown_deal,
)
from push_learn.poker.tcp_bots import StrategyTcpBot
from push_learn.poker.three_card_poker import (
    ANTE_BONUS_TABLES,
    PAIR_PLUS_TABLES,
    Fold,
    PlaceBets,
    Play,
    ThreeCardPokerGame,
)
from push_learn.poker.three_card_session import CLASS_ANTE, replay_session
from push_learn.poker.wording import chips
from push_learn.records import Record, seal_key_from_env
from push_learn.widgets import ThreeCardTrainer
from push_learn.widgets.base import IntentError
from push_learn.widgets.three_card_trainer import ANTES, SEAT

__all__ = ["CLASS_ANTE", "ClassThreeCardDeal", "ClassThreeCardTrainer", "HintsCounted", "ThreeCardPokerTrainer"]


class HintsCounted(ThreeCardTrainer):
    """A ThreeCardTrainer that counts the hints it gives (``hints_used``), for a class's records."""

    hints_used: int

    def _hint(self, content: Mapping[str, Any]) -> None:
        """As a ThreeCardTrainer; a hint given (not one refused) is counted."""
        super()._hint(content)
        self.hints_used += 1


class ClassThreeCardTrainer(HintsCounted):
    """A ThreeCardTrainer whose sessions are kept by the class server: each settled round posts the sealed session."""

    def __init__(self, seed: int | str = 1, **options: Any) -> None:
        self.hints_used = 0
        self.token = secrets.token_hex(16)
        self.posted: dict[str, Any] | None = None
        """The service's answer to the last post (``{"error": ...}`` when it was refused)."""
        super().__init__(seed, **options)

    def _start(self, seed: int | str) -> None:
        """A new session, under a fresh name of its own (the one before stays kept as it was)."""
        super()._start(seed)
        self.hints_used = 0
        self.token = secrets.token_hex(16)

    def apply(self, action: PlaceBets | Play | Fold) -> None:
        """As a ThreeCardTrainer; once a round is settled, the session so far is posted."""
        settled = len(self.game.results)
        super().apply(action)
        if len(self.game.results) > settled:
            self.posted = self.post_session()
            if "error" in self.posted:
                self.notify("refused", f"Your session was not recorded: {self.posted['error']}")

    def post_session(self) -> dict[str, Any]:
        """Seal the session's record (hints in its notes) with the server's key and post it for this page's student."""
        from push_learn.classroom.client import ServiceError, send

        key = seal_key_from_env()
        if key is None:
            return {"error": "this page was not opened from a class server"}
        record = dataclasses.replace(self.game.record(), notes={"hints": self.hints_used}).sealed(key)
        try:
            return send("session", {"token": self.token, "record": record.to_json()})
        except ServiceError as error:
            return {"error": str(error)}

class ClassThreeCardDeal(ClassDeal, HintsCounted):
    """A ThreeCardTrainer playing the class's deal (``ClassDeal``): the class's rules and rounds, an Ante of
    ``CLASS_ANTE`` and no Pair Plus every round, no new session; with ``autoplay`` the exact strategy plays the whole
    session at once."""

    GAME = ThreeCardPokerGame.GAME
    seat = SEAT

    def __init__(self, seed: int, *, rules: Mapping[str, Any], **options: Any) -> None:
        """The class's session of ``rules`` (as the assignment keeps them, its rounds beside the game's own) on the
        secret shuffle ``seed``; ``options`` as ``ClassDeal`` and ``ThreeCardTrainer`` take them."""
        from push_learn.classroom.table_games import split_rules

        self.class_rules, setup = split_rules(self.GAME, rules)
        self.setup = {"rounds": setup.get("rounds")}  # no number of rounds is refused by the replay, in words
        super().__init__(seed, ante=CLASS_ANTE, pair_plus_bet=0, **options)

    def _start(self, seed: int | str) -> None:  # type: ignore[override]  # the trainer's start, not a bot table's
        """The class's session, continued from the moves the server kept (replayed and marked again)."""
        self.seed = seed
        moves, self._moves = self._moves, ()
        record = Record(self.GAME, self.class_rules, seed, (self.player,), tuple(moves), self.setup)
        self._begin(*replay_session(record, self.player))
        if self.autoplay:
            bot, rng = StrategyTcpBot(ante=CLASS_ANTE), random.Random(0)  # the strategy bot uses no chance
            while not self.game.over:
                self.apply(bot.choose(self.observation, rng))

    def student_to_move(self) -> bool:
        """Whether the session waits for the student's bets or choice."""
        return SEAT in self.game.to_move

    def _current_game(self) -> Any:
        return self.game

    def view_state(self) -> dict[str, Any]:
        """As a class's deal shows it (``ClassDeal``: no new session): the one Ante and no Pair Plus to choose."""
        state = super().view_state()
        state.update(ante_options=[[CLASS_ANTE, chips(CLASS_ANTE)]], pair_plus_options=[[0, "no bet"]])
        return state

    def _stake(self, content: Mapping[str, Any]) -> None:
        raise IntentError(f"everyone bets an Ante of {chips(CLASS_ANTE)} and no Pair Plus at the class's deal, "
                          "so that everyone is dealt the same cards")


class ThreeCardPokerTrainer(App):
    """Three Card Poker trainer (``?seed=N&pair_plus=40-30-6-3-1&ante_bonus=5-4-1&ante=5``)."""

    slug = "three_card_trainer"

    def build(self) -> ThreeCardTrainer:
        """A ThreeCardTrainer for the seeded session with the address's paytables and Ante (a class's student's
        sessions are kept by the class server)."""
        self.deal: dict[str, Any] | None = None
        if self.query.options.get("assignment"):
            trainer = self._class_deal(self.query.options["assignment"])
            if trainer is not None:
                return trainer
        pair_plus = self.option("pair_plus", tuple(PAIR_PLUS_TABLES), "40-30-6-4-1")
        ante_bonus = self.option("ante_bonus", tuple(ANTE_BONUS_TABLES), "5-4-1")
        ante = int(self.option("ante", tuple(str(n) for n in ANTES), "5"))
        student = self._student()
        if student is not None:
            return ClassThreeCardTrainer(self.query.seed, pair_plus=pair_plus, ante_bonus=ante_bonus, ante=ante,
                                         title=f"{student}'s seat (your sessions go to your class)", player=student)
        return ThreeCardTrainer(
            self.query.seed, pair_plus=pair_plus, ante_bonus=ante_bonus, ante=ante, title="Your seat"
        )

    def _class_deal(self, raw: str) -> ClassThreeCardDeal | None:
        """The class's session for this page's student, or None (with a note saying why) to play freely."""
        deal = game_class_deal(self, raw, ClassThreeCardDeal.GAME)
        if deal is None or setup_count(self, deal, "rounds", "session", "rounds") is None:
            return None
        trainer = continued(lambda: ClassThreeCardDeal(
            deal["seed"], rules=deal["rules"], assignment=deal["id"], autoplay=autoplay_asked(self),
            moves=deal["progress"], player=deal["student"], title=f"Today's deal: {deal['text']}"))
        self.deal = shown_deal(deal)
        return trainer

    def _student(self) -> str | None:
        """The display name of the class student whose browser opened this page, or None (a free session, said by
        the title: a class's trainer names the student's seat)."""
        from push_learn.classroom.client import ServiceError, configured, send

        if not configured():
            return None
        try:
            return str(send("student", {})["student"])
        except (ServiceError, KeyError):  # most often: this browser has not joined a class (a free session)
            return None

    @property
    def subtitle(self) -> str:
        """The deal number of the session (it follows "New session"); for the class's deal, its number only."""
        if self.deal is not None:
            return f"Three Card Poker against the dealer · the class's deal {self.deal['deal_number']}"
        return f"Three Card Poker against the dealer · deal number {self.seed}"
