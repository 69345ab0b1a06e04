"""The rummy game engine: seeded five-deal matches of Push, Cap-It and 6-7-8-9-10.

Play a deal:

>>> from push_learn.rummy import PUSH
>>> from push_learn.rummy.engine import Match, Push, Discard
>>> match = Match.new(PUSH, seed=42)              # seats, first dealer and every shuffle come from the seed
>>> seat = match.to_move[0]
>>> events = match.apply(Push(seat))              # or TakeUpcard(seat); see match.legal_actions(seat)
>>> events = match.apply(match.legal_actions(seat)[0])  # a Discard; melds: GoDown, NewMeld, LayOff, Rescue
>>> print(match.log()[1])
South pushes K♥ and J♥ to West, then draws 3♣.

Every action names its seat. ``Match.verify(action)`` raises ``IllegalAction`` with a plain reason
(an action from the wrong seat: "it is West's turn, not South's"), ``can`` answers yes/no and
``apply`` returns the events. ``match.observe(seat)`` is a seat's view (``None``: a spectator),
``match.full_view()`` the all-hands-open view; ``match.record()`` is a ``push_learn.records.Record``
that ``load_match(record, n)`` turns back into the match after ``n`` actions.
"""

from push_learn.errors import IllegalAction, RecordError
from push_learn.rummy.engine.actions import (
    Action,
    ActionFormatError,
    Discard,
    GoDown,
    LayOff,
    NewMeld,
    Push,
    Rescue,
    TakeUpcard,
    action_from_json,
)
from push_learn.rummy.engine.events import (
    DealEnded,
    DealStarted,
    Discarded,
    Event,
    LaidOff,
    MatchEnded,
    Melded,
    Pushed,
    Rescued,
    Took,
    WentDown,
    WentOut,
)
from push_learn.rummy.engine.game import Match, MatchResult
from push_learn.rummy.engine.observe import Observation, full_view, observe, verify_in_view
from push_learn.rummy.engine.playout import RandomPlayer, play_random_match
from push_learn.rummy.engine.record import (
    legacy_rummy_record,
    load_match,
    match_states,
    read_match_record,
)
from push_learn.rummy.engine.scores import deal_scores, running_totals, split_pot, totals, unit_names, winners
from push_learn.rummy.engine.serial import rules_from_json, rules_to_json
from push_learn.rummy.engine.state import DealResult, EndReason, Phase, TableMeld, seat_names
from push_learn.rummy.engine.turn import push_mode

__all__ = [
    "Action",
    "ActionFormatError",
    "DealEnded",
    "DealResult",
    "DealStarted",
    "Discard",
    "Discarded",
    "EndReason",
    "Event",
    "GoDown",
    "IllegalAction",
    "LaidOff",
    "LayOff",
    "Match",
    "MatchEnded",
    "MatchResult",
    "Melded",
    "NewMeld",
    "Observation",
    "Phase",
    "Push",
    "Pushed",
    "RandomPlayer",
    "RecordError",
    "Rescue",
    "Rescued",
    "TableMeld",
    "TakeUpcard",
    "Took",
    "WentDown",
    "WentOut",
    "action_from_json",
    "deal_scores",
    "full_view",
    "legacy_rummy_record",
    "load_match",
    "match_states",
    "observe",
    "play_random_match",
    "push_mode",
    "read_match_record",
    "rules_from_json",
    "rules_to_json",
    "running_totals",
    "seat_names",
    "split_pot",
    "totals",
    "unit_names",
    "verify_in_view",
    "winners",
]
