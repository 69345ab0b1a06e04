"""A rummy table as the JSON the pages draw, built from an ``Observation`` and nothing else.

Only what the observation holds can reach the page: in a seat's view the other hands are card
counts (drawn as backs) plus the cards everyone knows they hold; the stock is a number. In the
all-hands-open view (``match.full_view()``, used by replays) every hand is shown.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from push_learn.cards import Card
from push_learn.rummy.engine import Observation
from push_learn.rummy.melds import is_wild_card
from push_learn.widgets.cards import card_json, hand_json
from push_learn.widgets.rummy_json import meld_json

__all__ = ["seat_order", "table_json"]


def seat_order(players: int, viewer: int | None) -> list[int]:
    """Seats in drawing order: clockwise from the viewer's left neighbour, the viewer last."""
    first = 0 if viewer is None else (viewer + 1) % players
    return [(first + k) % players for k in range(players)]


def table_json(
    view: Observation,
    *,
    sort: str = "suit",
    selected: Collection[int] = (),
    hidden: Collection[int] = (),
    new: Collection[int] = (),
    chosen_meld: int | None = None,
    highlight_melds: Collection[int] = (),
    recent: int = 0,
    pick_seat: int | None = None,
    waiting: bool = False,
) -> dict[str, Any]:
    """The table of ``view``: seats with hands (own or open) or counts, the up-card, the stock, the melds
    by owner, and this deal's log (the last ``recent`` lines marked as just happened).

    ``waiting``: the deal is dealt but its play waits for the student to go on (a page paused on the last
    deal's score sheet), so no seat is marked to move.

    ``selected``, ``hidden`` (cards staged elsewhere) and ``new`` are indices into the hand of
    ``pick_seat`` (the viewer by default; in the open view, the seat whose move is being built);
    ``chosen_meld`` and ``highlight_melds`` are table meld ids.
    """
    picker = view.seat if pick_seat is None else pick_seat
    players = view.rules.players
    seats = []
    for seat in seat_order(players, view.seat):
        hand: Sequence[Card] | None
        if view.seat is None:
            hand = view.hands[seat] if view.hands is not None else None
        else:
            hand = view.hand if seat == view.seat else None
        mine = seat == view.seat
        picking = seat == picker
        cards = None
        if hand is not None:
            cards = [
                card
                for card in hand_json(
                    hand,
                    by=sort,
                    selected=selected if picking else (),
                    new=new if picking else (),
                    last=is_wild_card,
                )
                if not (picking and card["i"] in hidden)
            ]
        seats.append({
            "seat": seat,
            "name": view.names[seat],
            "unit": view.units[view.rules.team_of(seat)],
            "count": view.hand_sizes[seat],
            "cards": cards,
            "known": [card_json(card) for card in view.known[seat]] if not mine else [],
            "me": mine,
            "turn": seat == view.turn and not view.over and not waiting,
            "dealer": seat == view.dealer,
            "down": view.down[seat],
        })
    lines = [event.text(view.names) for event in view.log]
    return {
        "deal": view.deal,
        "deals": view.rules.deals,
        "game": view.rules.name,
        "contract": str(view.contract),
        "phase": view.phase,
        "turn": view.turn,
        "turn_name": view.names[view.turn],
        "me": view.seat,
        "open": view.hands is not None,
        "over": view.over,
        "waiting": waiting,
        "seats": seats,
        "upcard": None if view.upcard is None else card_json(view.upcard),
        "taken": None if view.taken is None else card_json(view.taken),
        "stock": view.stock,
        "buried": [card_json(card) for card in view.buried],
        "melds": [
            meld_json(
                tm.meld,
                id=tm.id,
                owner=tm.owner,
                owner_name=view.names[tm.owner],
                chosen=tm.id == chosen_meld,
                hl=tm.id in highlight_melds,
            )
            for tm in view.melds
        ],
        "log": [{"text": line, "recent": n >= len(lines) - recent} for n, line in enumerate(lines)],
    }
