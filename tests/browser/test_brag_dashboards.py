"""The Brag and Poker Replayer dashboards in a real browser: a whole brag deal played blind by clicks, and the
seed 004 Screw Your Neighbor hand stepped through move by move. What the page must show is worked out here from
the rules core; axe checks each page as it opens and after the interaction."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from dashboard_pages import FIRST_RENDER_MS, assert_fits, open_dashboard
from playwright.sync_api import Locator, Page, expect

from push_learn.apps.harness import PageWatch, Server
from push_learn.poker.brag import Bet, BragGame, BragRules, See
from push_learn.poker.brag_bots import SensibleBragBot
from push_learn.poker.examples import seed_004_record
from push_learn.poker.stud_records import load_stud
from push_learn.poker.wording import possessive
from push_learn.widgets.cards import card_json

NAMES = ("You", "Ann", "Bob", "Cat")


def bots_play(game: BragGame) -> None:
    """The sensible bots of the other seats move until it is seat 0's turn or the deal is over."""
    bot, rng = SensibleBragBot(), random.Random(0)
    while not game.results and game.to_move[0] != 0:
        seat = game.to_move[0]
        game.apply(bot.choose(game.observe(seat), rng))


def still_blind(app: Locator) -> None:
    """The student's three cards are on the page face down only."""
    mine = app.get_by_role("group", name="Your cards, face down: you are playing blind")
    expect(mine.get_by_role("img")).to_have_count(3)
    assert mine.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)") == ["back"] * 3


def test_a_whole_brag_deal_played_blind_by_clicks(
    voila_server: Server, page: Page, watch: PageWatch, accessible: Callable[..., None]
) -> None:
    """The student asks the coach, then never looks: the largest blind bet, then a see when two are left. The
    same deal is played alongside in the core with the same bots; the showdown on the page is the core's."""
    seed = 5
    app = open_dashboard(page, voila_server, "brag", f"seed={seed}&players=4&seat=0&speed=0.02")
    expect(app.get_by_role("heading", name="Brag")).to_be_visible()
    mirror = BragGame(BragRules(players=4), seed, hands=10, players=NAMES)
    bots_play(mirror)
    expect(app.locator(".pl-status")).to_have_text(re.compile("^Your turn, playing blind"), timeout=FIRST_RENDER_MS)
    still_blind(app)
    accessible("as it opens")
    app.get_by_role("button", name="Hint: ask the coach").click()
    coach = app.get_by_role("group", name="The coach")
    expect(coach.locator("li").first).to_have_text(re.compile("^The sensible player would (bet 1 blind|look at)"))
    accessible("with the coach's advice open")
    while not mirror.results:
        options = mirror.options(0)
        assert options is not None and mirror.seats[0].blind
        expect(app.locator(".pl-status")).to_have_text(re.compile("^Your turn, playing blind"))
        still_blind(app)
        if options.see_cost is not None:
            name, action = f"Pay {options.see_cost} chips to see the other player's hand", See(0)
        else:
            assert options.bet_max is not None
            amount = options.bet_max
            name, action = f"Bet {amount} chips blind: the stake becomes {2 * amount}", Bet(0, amount)
        app.get_by_role("button", name=name, exact=True).click()
        mirror.apply(action)
        bots_play(mirror)
    result = mirror.results[0]
    showdown = app.get_by_role("group", name="Showdown of deal 1")
    expect(showdown.locator(".pl-title")).to_have_text(f"Deal 1: {result.how}")
    for shown in result.shown:
        hand = showdown.get_by_role("group", name=f"{possessive(NAMES[shown.seat])} cards: {shown.name}")
        for card in shown.cards:
            expect(hand.get_by_role("img", name=str(card_json(card)["label"]), exact=True)).to_be_visible()
    for award in result.awards:
        who = "You take" if award.seat == 0 else f"{NAMES[award.seat]} takes"
        expect(showdown.locator(".pl-brag-awards")).to_contain_text(f"{who} {award.amount} chips")
    expect(showdown.locator(".pl-brag-pack")).to_contain_text("shuffled")
    for seat, name in enumerate(NAMES):
        expect(app.get_by_role("group", name=re.compile(f"^{name}: {mirror.stacks[seat]} chips"))).to_be_visible()
    assert_fits(page)
    accessible("at the showdown")
    app.get_by_role("button", name="Next deal").click()
    expect(app.locator(".pl-title").first).to_contain_text("deal 2 of 10")
    watch.assert_clean()


def test_the_seed_004_hand_stepped_through_in_the_replayer(
    voila_server: Server, page: Page, watch: PageWatch, accessible: Callable[..., None]
) -> None:
    """From RIZ's chair the others' hole cards stay face down; by keyboard and clicks to the last move, where
    IKE's flush takes the high half and RIZ's 8-7 the low; then every card face up."""
    record = seed_004_record()
    app = open_dashboard(page, voila_server, "poker_replayer", "seat=2")
    position = app.locator(".pl-replay-position")
    expect(position).to_have_text(f"Move 0 of {len(record)}", timeout=FIRST_RENDER_MS)
    offer = app.get_by_role("group", name="The card on offer")  # JIM's choice of J♠, drawn as at the table
    expect(offer.get_by_role("img")).to_have_attribute("data-card", "JS")
    expect(offer).to_contain_text("Offered to JIM: keep it")
    accessible("as it opens")
    following = app.get_by_role("button", name="Next move")
    following.focus()
    for n in range(1, 7):  # the first push round by keyboard
        page.keyboard.press("Enter")
        expect(position).to_have_text(f"Move {n} of {len(record)}")
    game = load_stud(record, 6)
    riz = app.get_by_role("group", name=re.compile("^RIZ's cards"))
    for card in game.cards(2):
        expect(riz.get_by_role("img", name=str(card_json(card)["label"]), exact=True)).to_be_visible()
    jim = app.get_by_role("group", name=re.compile("^JIM's cards"))
    assert jim.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)") == ["back", "KH"]
    for n in range(7, len(record) + 1):
        following.click()
        expect(position).to_have_text(f"Move {n} of {len(record)}")
    expect(following).to_be_disabled()
    result = app.get_by_role("group", name="Result")
    expect(result).to_contain_text("IKE wins the high half of the pot ($98) with a flush, jack high")
    expect(result).to_contain_text("RIZ wins the low half of the pot ($97) with 8-7 low")
    app.get_by_role("combobox", name="Show").select_option(label="Every card face up")
    jim = app.get_by_role("group", name=re.compile("^JIM's cards"))
    expect(jim.locator("[data-card]").first).to_have_attribute("data-card", "KC")
    app.get_by_role("button", name="Back one move").click()
    expect(position).to_have_text(f"Move {len(record) - 1} of {len(record)}")
    assert_fits(page)
    accessible("after stepping through")
    watch.assert_clean()
