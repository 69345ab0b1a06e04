"""Class tables through the class service: a kernel acts only for its own student's seat (both backends)."""

from __future__ import annotations

from test_class_service import Kernel, _joined, run
from tornado.httpclient import AsyncHTTPClient

from push_learn.apps.access import KernelOwners
from push_learn.classroom import Store
from push_learn.classroom.service import ClassService
from push_learn.classroom.tables import StoreLink, TableReplica


def test_kernels_open_sit_start_and_append_only_their_students_moves(store: Store) -> None:
    async def scenario(store: Store, service: ClassService, owners: KernelOwners, base: str, port: int) -> None:
        client = AsyncHTTPClient()
        new = store.create_class("Year 9")
        ann, ben = await _joined(client, base, new.code, "Ann"), await _joined(client, base, new.code, "Ben")
        owners.record("k-ann", ann.session(port))
        owners.record("k-ben", ben.session(port))
        ann_k, ben_k = Kernel(client, base, "k-ann"), Kernel(client, base, "k-ben")
        code, opened = await ann_k.send("table_new", {"game": "push", "level": "random", "seat": 0})
        assert code == 200, opened
        table = opened["table"]
        code, lobby = await ben_k.send("table_lobby", {})
        assert code == 200 and lobby["tables"][0]["seats"][0]["student"] == "Ann"
        assert "seed" not in lobby["tables"][0]
        code, refused = await ben_k.send("table_state", {"table": table["id"]})
        assert code == 400 and refused["error"] == f"Ben does not sit at table {table['id']}"
        code, sat = await ben_k.send("table_sit", {"table": table["id"], "seat": 0})
        assert code == 400 and "taken" in sat["error"]
        code, sat = await ben_k.send("table_sit", {"table": table["id"], "seat": 1})
        assert code == 200 and sat["table"]["seed"] == table["seed"]
        code, started = await ben_k.send("table_start", {"table": table["id"]})
        assert code == 200 and started["table"]["status"] == "playing"
        replica = TableReplica(StoreLink(store, None), table["id"])
        seat = replica.match.to_move[0]
        move = replica.match.legal_actions(seat)[0].to_json()
        mover, other = {0: (ann_k, ben_k), 1: (ben_k, ann_k)}.get(seat, (ann_k, ben_k))
        by_bot = seat not in (0, 1)
        code, answer = await other.send("table_append", {"table": table["id"], "step": 0, "seat": seat,
                                                         "action": move, "by_bot": False})
        assert code == 400 and "is not theirs to send" in answer["error"]
        code, answer = await ann_k.send("table_append", {"table": table["id"], "step": 0, "seat": 0 if seat else 1,
                                                         "action": move, "by_bot": True})
        assert code == 400 and "no bot plays seat" in answer["error"]
        code, answer = await mover.send("table_append", {"table": table["id"], "step": 0, "seat": seat,
                                                         "action": move, "by_bot": by_bot})
        assert code == 200 and answer["step"] == 0
        code, answer = await mover.send("table_append", {"table": table["id"], "step": 0, "seat": seat,
                                                         "action": move, "by_bot": by_bot})
        assert code == 200 and answer == {"taken": True}  # sent twice: the step is taken, the replica reloads
        code, log = await ben_k.send("table_log", {"table": table["id"], "since": 0})
        assert code == 200 and [row["step"] for row in log["log"]] == [0]
        code, answer = await Kernel(client, base, "k-nobody").send("table_lobby", {})
        assert code == 403

    run(store, scenario)
