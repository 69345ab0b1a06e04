"""Poker Replayer: a poker record replayed move by move, in a PokerReplayer.

From the teacher's dashboard it replays a student's deal of a stud assignment (``?result=N``, a row of its
leaderboard) or a finished class table (``?table=N``) instead.
By default it is the Screw Your Neighbor hand of seed 004, every card face up. With ``game`` (``brag``,
``screw``, ``push_stud`` or ``three_card_poker``) it replays a game the computer players play for the
deal number (``seed``), with ``players`` and ``level`` as in the other dashboards. ``seat`` shows one
player's view (0 to players - 1) instead of every card (``all``). A value that does not fit is replaced
by the default, with a note.
"""

from __future__ import annotations

import random

from push_learn.apps.base import App
from push_learn.apps.poker_settings import address_players, address_seat
from push_learn.games import GAMES
from push_learn.records import Record
from push_learn.widgets import PokerReplayer
from push_learn.widgets.poker_replayer import FAMILIES

__all__ = ["DEMO_GAMES", "SEED_004", "PokerReplay", "play_demo"]

SEED_004 = "seed004"
"""The ``game`` value of the built-in seed 004 hand (the default)."""
DEMO_GAMES = tuple(spec.id for spec in GAMES.values() if spec.family in FAMILIES)
"""The poker games the computer players can play for a replay."""
DEMO_LENGTH = {"brag": {"hands": 3}, "three_card_poker": {"rounds": 5}}
"""How much of a multi-deal game a demo plays."""


def play_demo(game_id: str, seed: int | str, players: int, level: str, max_actions: int = 10_000) -> Record:
    """The record of ``game_id`` played by the catalogue's ``level`` bots in every seat, for deal number ``seed``."""
    spec = GAMES[game_id]
    game = spec.new(seed=seed, players=players, **DEMO_LENGTH.get(game_id, {}))
    bot = spec.bots[level]()
    rng = random.Random(f"demo:{game_id}:{seed}")
    for _ in range(max_actions):
        if game.over:
            break
        seat = game.to_move[0]
        game.apply(bot.choose(game.observe(seat), rng))
    record: Record = game.record()
    return record


class PokerReplay(App):
    """Poker Replayer: step through a poker record (``?game=brag&seed=N&players=4&level=sensible&seat=all``)."""

    slug = "poker_replayer"

    def build(self) -> PokerReplayer:
        """A PokerReplayer over the seed 004 hand, over a game the bots play for the address's settings, or
        over a student's deal or a class table the teacher's page asked for (``?result=N``, ``?table=N``)."""
        self.table: Record | None = self.class_record(("result", "table"), DEMO_GAMES)
        game = self.table.game if self.table is not None else self.option("game", (SEED_004, *DEMO_GAMES), SEED_004)
        self.game = game
        if self.table is not None:
            players, record = len(self.table.players or ()), self.table
            where = "a class's deal" if self.query.options.get("result") else "a class table"
            title = f"{GAMES[game].title} at {where}: every move"
        elif game == SEED_004:
            players, title, record = 6, "Seed 004: a hand of Screw Your Neighbor", None
        else:
            spec = GAMES[game]
            players = address_players(self, game)
            level = self.option("level", tuple(spec.bots), tuple(spec.bots)[-1])
            record = play_demo(game, self.query.seed, players, level)
            title = f"{spec.title}: computer players ({level}), every move"
        seat = address_seat(self, players, default="all", extra=("all",))
        return PokerReplayer(record, view=None if seat == "all" else int(seat), title=title)

    @property
    def subtitle(self) -> str:
        """Which record is replayed."""
        if self.table is not None:
            return self.about or GAMES[self.game].title
        if self.game == SEED_004:
            return f"Screw Your Neighbor · the worked example of seed 004 (a fixed hand: deal number {self.seed} " \
                   "does not change it)"
        return f"{GAMES[self.game].title} · deal number {self.seed}"
