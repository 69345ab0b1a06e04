"""Class tables through the class service: a kernel acts only for its own student's seat (both backends)."""

from __future__ import annotations

from test_class_service import Kernel, _joined, run, signed_in_teacher
from tornado.httpclient import AsyncHTTPClient

from push_learn.apps.access import KernelOwners
from push_learn.classroom import Store
from push_learn.classroom.service import ClassService
from push_learn.classroom.tables import StoreLink, TableReplica
from push_learn.games import load_record


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
        assert code == 400 and sat["error"] == f"seat 1 of table {table['id']} is taken; choose a free one"
        for seat in (True, "1", 1.0):  # not "any free seat" (only a missing or null seat is)
            code, sat = await ben_k.send("table_sit", {"table": table["id"], "seat": seat})
            assert code == 400 and "a seat is named by its number" in sat["error"], sat
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
        mine = 0 if other is ann_k else 1
        assert code == 400 and answer["error"] == (f"{'Ann' if mine == 0 else 'Ben'} sits in seat {mine + 1}, so a "
                                                   f"move for seat {seat + 1} is not theirs to send")
        code, answer = await ann_k.send("table_append", {"table": table["id"], "step": 0, "seat": 0 if seat else 1,
                                                         "action": move, "by_bot": True})
        assert code == 400 and answer["error"] == (f"no bot plays seat {1 if seat else 2} of table {table['id']} "
                                                   "now: its student does")
        code, answer = await ann_k.send("table_append", {"table": table["id"], "step": 0, "seat": 4,
                                                         "action": move, "by_bot": True})
        assert code == 400 and answer["error"] == f"table {table['id']} has seats 1 to 4, not seat 5"
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


def test_a_new_table_refused_in_words_leaves_no_table_behind(store: Store) -> None:
    """A seat the table has not, or a bot level that is not a name, is refused before the table opens: the
    lobby never shows an empty table nobody sits at."""
    async def scenario(store: Store, service: ClassService, owners: KernelOwners, base: str, port: int) -> None:
        client = AsyncHTTPClient()
        new = store.create_class("Year 9")
        ann = await _joined(client, base, new.code, "Ann")
        owners.record("k-ann", ann.session(port))
        for body, words in [({"game": "push", "seat": 4}, "a new table for 4 has seats 1 to 4, not seat 5"),
                            ({"game": "push", "seat": -1}, "seats 1 to 4, not seat 0"),
                            ({"game": "brag", "players": 3, "seat": 10**30}, "seats 1 to 3"),
                            ({"game": "push", "seat": True}, "a seat is named by its number"),
                            ({"game": "push", "seat": "2"}, "a seat is named by its number"),
                            ({"game": "push", "level": ["greedy"]}, "choose Push's bots"),
                            ({"game": "push", "level": {"a": 1}}, "choose Push's bots")]:
            code, refused = await Kernel(client, base, "k-ann").send("table_new", body)
            assert code == 400 and words in refused["error"], (body, refused)
        assert store.tables(new.code) == []

    run(store, scenario)


def test_the_teacher_watches_pauses_and_replaces_seats_of_a_class_table(store: Store) -> None:
    async def scenario(store: Store, service: ClassService, owners: KernelOwners, base: str, port: int) -> None:
        client = AsyncHTTPClient()
        new = store.create_class("Year 9")
        ann = await _joined(client, base, new.code, "Ann")
        owners.record("k-ann", ann.session(port))
        status, opened = await Kernel(client, base, "k-ann").send("table_new", {"game": "push", "seat": 2})
        assert status == 200, opened
        table_id = opened["table"]["id"]
        await Kernel(client, base, "k-ann").send("table_start", {"table": table_id})
        replica = TableReplica(StoreLink(store, "Ann"), table_id)
        while replica.match.to_move[0] != 2:
            replica.play_bots()
        teacher = await signed_in_teacher(client, base)
        page = (await teacher.send("GET", f"/push_learn/teacher?class={new.code}")).body.decode()
        assert "South: Ann" in page and f"/push_learn/teacher/table/{table_id}.html?seat=all" in page
        assert str(replica.info.seed) not in page
        assert '<option value="" selected>the game\'s usual bots</option>' in page  # the seat form's levels
        assert "threshold bots (Push stud, Screw Your Neighbor)" in page and ">random bots<" in page
        watch = (await teacher.send("GET", f"/push_learn/teacher/table/{table_id}.html?seat=all")).body.decode()
        assert all(str(card) in watch for card in replica.match.hand(0))  # every hand open
        assert f"Table {table_id} · Push: every hand" in watch and "<td>South: Ann</td>" in watch  # who plays where
        assert f'<ol start="{max(1, len(replica.match.log("open")) - 11)}">' in watch  # numbered in the whole log
        one = (await teacher.send("GET", f"/push_learn/teacher/table/{table_id}.html?seat=2")).body.decode()
        assert "South&#x27;s view" in one and f"{len(replica.match.hand(0))} cards" in one
        assert (await ann.send("GET", f"/push_learn/teacher/table/{table_id}.html?seat=all")).code == 302
        # the table's row has a button of its own, which posts just the class, the table and its action
        assert f'aria-label="Pause table {table_id}"' in page and 'name="action" value="pause">Pause</button>' in page
        assert '<option value="bot">give a seat to a bot</option>' in page and '<option value="pause">' not in page
        row = {"code": new.code, "table": str(table_id), "action": "pause"}
        assert (await teacher.send("POST", "/push_learn/teacher", row, form=True)).code == 303
        assert store.table(table_id).status == "paused"
        page = (await teacher.send("GET", f"/push_learn/teacher?class={new.code}")).body.decode()
        assert f'aria-label="Resume table {table_id}"' in page and f'aria-label="Pause table {table_id}"' not in page
        assert (await teacher.send("POST", "/push_learn/teacher", {**row, "action": "resume"}, form=True)).code == 303
        assert store.table(table_id).status == "playing"
        form = {"code": new.code, "table": str(table_id), "seat": "South", "level": "random", "seconds": "30"}
        assert (await teacher.send("POST", "/push_learn/teacher", {**form, "action": "pause"}, form=True)).code == 303
        assert store.table(table_id).status == "paused"
        assert (await teacher.send("POST", "/push_learn/teacher", {**form, "action": "resume"}, form=True)).code == 303
        assert (await teacher.send("POST", "/push_learn/teacher", {**form, "action": "idle"}, form=True)).code == 303
        assert store.table(table_id).idle_limit_s == 30
        for typed in ("\u00b2", "9" * 5000):  # a superscript two is a digit to str.isdigit, not to int
            said = await teacher.send("POST", "/push_learn/teacher", {**form, "action": "idle", "seconds": typed},
                                      form=True)
            assert said.code == 400 and "the idle limit is a whole number of seconds" in said.body.decode()
            said = await teacher.send("POST", "/push_learn/teacher", {**form, "action": "pause", "table": typed},
                                      form=True)
            assert said.code == 400 and "type the table" in said.body.decode()
        assert store.table(table_id).idle_limit_s == 30 and store.table(table_id).status == "playing"
        assert (await teacher.send("POST", "/push_learn/teacher", {**form, "action": "bot"}, form=True)).code == 303
        assert store.table(table_id).seats[2].bot == "random"
        while replica.play_bots() or replica.poll():
            if replica.match.over:
                break
        record = await teacher.send("GET", f"/push_learn/teacher/table/{table_id}.json")
        assert record.code == 200 and load_record(record.body.decode()).over
        # once over, the teacher's page links the table to the Deal Replayer, whose kernel may read its record
        page = (await teacher.send("GET", f"/push_learn/teacher?class={new.code}")).body.decode()
        assert f"/voila/render/deal_replayer.ipynb?table={table_id}" in page
        owners.record("k-teacher", teacher.session(port))
        status, answer = await Kernel(client, base, "k-teacher").send("record", {"table": table_id})
        assert status == 200 and load_record(answer["record"]).record().to_json() == load_record(
            record.body.decode()).record().to_json()
        assert answer["about"] == f"Push · class table {table_id}"
        status, answer = await Kernel(client, base, "k-ann").send("record", {"table": table_id})
        assert status == 403 and "only the teacher's pages" in answer["error"]

    run(store, scenario)
