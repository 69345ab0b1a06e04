"""A newcomer's first minutes in the dashboards (issue 25, item 5), tried in a real browser as a new student
would: what the landing page teaches, the reasons and counts the labs show, and the one word for the number
that picks the cards ("deal number"). What the pages must say is worked out here from the rules core where
it can be; every page is also checked by axe-core."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect
from test_dashboards import FIRST_RENDER_MS, open_dashboard

from push_learn.apps.catalogue import DASHBOARDS, FIRST_PATH, POKER_PATH, dashboard
from push_learn.apps.harness import PageWatch, Server
from push_learn.apps.meld_lab import practice_hand
from push_learn.apps.query import parse_query
from push_learn.apps.scenarios import demo_match, rescue_position
from push_learn.cards import format_cards, parse_cards
from push_learn.rummy import PUSH
from push_learn.rummy.engine import DealEnded, Match, TakeUpcard
from push_learn.rummy.melds import explain_meld, rescue_options
from push_learn.seeds import SeedError, read_seed
from push_learn.widgets import PushChoice


def test_the_landing_page_says_what_push_is_and_where_to_start(
    voila_server: Server, page: Page, watch: PageWatch, accessible: Callable[..., None]
) -> None:
    page.goto(f"{voila_server.url}voila/tree")
    welcome = page.get_by_role("region", name="New to Push? Start here")
    expect(welcome).to_be_visible()
    for point in ("Twos and jokers are wild", "Each deal has a contract", "Take or push, every turn",
                  "The lowest total wins"):
        expect(welcome).to_contain_text(point)
    expect(welcome).to_contain_text(f"deal 1: {PUSH.contract(1)}")
    lists = welcome.get_by_role("list")  # the rules in brief, the first path, the poker path
    expect(lists).to_have_count(3)
    steps = lists.nth(1).get_by_role("link")
    assert steps.all_inner_texts() == [dashboard(slug).title for slug, _ in FIRST_PATH]
    poker = lists.nth(2).get_by_role("link")
    assert poker.all_inner_texts() == [dashboard(slug).title for slug, _ in POKER_PATH]
    for link, (slug, _) in zip(poker.all(), POKER_PATH, strict=True):
        assert (link.get_attribute("href") or "").endswith(f"voila/render/{dashboard(slug).notebook}")
    expect(welcome).to_contain_text("Here for poker?")
    expect(welcome).to_contain_text("deal number")
    boxes = page.get_by_role("spinbutton")  # one box per dashboard, each called by the one word
    expect(boxes).to_have_count(len(DASHBOARDS))
    expect(page.get_by_role("spinbutton", name="Deal number")).to_have_count(len(DASHBOARDS))
    accessible("on the landing page")
    steps.first.click()  # the first step of the path opens Meld Lab
    expect(page.locator(".pl-app-meld-lab")).to_be_visible(timeout=FIRST_RENDER_MS)
    watch.assert_clean()


def test_meld_lab_gives_the_gaps_as_the_reason_and_never_replaces_the_hand_silently(
    voila_server: Server, page: Page, watch: PageWatch, accessible: Callable[..., None]
) -> None:
    hand = practice_hand(PUSH, 4)
    title = f"A practice hand of {len(hand)} cards"
    app = open_dashboard(page, voila_server, "meld_lab", "seed=4")
    expect(app.get_by_text(title, exact=True)).to_be_visible()
    outside = [card for card in parse_cards("3C 9C JC") if card not in hand] or parse_cards("3C")
    box = app.get_by_role("textbox", name="Type cards")
    box.fill("3C 9C JC")
    box.press("Enter")  # "Pick": some of these cards are not in the practice hand
    expect(app.locator(".pl-notice-refused")).to_contain_text(f"{format_cards(outside)} ")
    expect(app.locator(".pl-notice-refused")).to_contain_text("not in this hand, so nothing was picked")
    expect(app.get_by_text(title, exact=True)).to_be_visible()  # the title still tells the truth
    listbox = app.get_by_role("listbox", name=f"Your hand, {len(hand)} cards; pick cards to meld")
    expect(listbox.get_by_role("option")).to_have_count(len(hand))
    accessible("after a refused pick")

    app.get_by_role("button", name="Use as my hand").click()  # now the student asks for it
    expect(app.get_by_text("Cards you typed: a hand of 3", exact=True)).to_be_visible()
    expect(app.get_by_text(title, exact=True)).to_have_count(0)
    reason = explain_meld(parse_cards("3C 9C JC"), PUSH)
    assert "gaps" in reason and "corner" not in reason
    expect(app.locator(".pl-verdict")).to_have_text(reason)
    accessible("with the typed cards as the hand")
    watch.assert_clean()


def test_rescue_lab_explains_rescues_and_offers_each_outcome_once(
    voila_server: Server, page: Page, watch: PageWatch, accessible: Callable[..., None]
) -> None:
    match = rescue_position(PUSH, 1)  # deal number 1: two jokers in one set that 10♥ can rescue
    assert match is not None
    hand = match.hand(match.turn)
    tens = next(tm.meld for tm in match.deal.melds if str(tm.meld).startswith("set of tens"))
    assert len(rescue_options(tens, parse_cards("10H")[0], PUSH)) == 2
    app = open_dashboard(page, voila_server, "rescue_lab", "seed=1")
    choices = app.get_by_role("group", name="Possible rescues").get_by_role("button")
    expect(choices.first).to_be_visible(timeout=FIRST_RENDER_MS)
    expect(app).to_contain_text("A rescue takes a wild card (a 2 or a joker) back from a meld on the table")
    texts = choices.all_inner_texts()
    assert texts.count("Rescue 🃏 with 10♥") == 1 and len(texts) == len(set(texts)), texts
    why = app.get_by_role("group", name="Why the other cards cannot rescue").get_by_role("listitem")
    expect(why.first).to_be_visible()
    shown = " ".join(why.all_inner_texts())
    for card in hand:
        if str(card) not in ("10♥", "7♣"):  # the two rescuing cards of this position
            assert str(card) in shown, f"no reason given for {card}"
    accessible("as it opens")
    watch.assert_clean()


def test_push_or_take_calls_a_tie_a_tie_and_its_subtitle_follows_another_position(
    voila_server: Server, page: Page, watch: PageWatch, accessible: Callable[..., None]
) -> None:
    assert PushChoice(2).state["recommend"] == "either"  # deal number 2: both choices give the same chance
    app = open_dashboard(page, voila_server, "push_or_take", "seed=1")
    expect(app.locator(".pl-app-sub")).to_have_text("Push · deal number 1")
    expect(app.locator(".pl-advice")).to_contain_text("chance to go down within 3 turns")
    app.get_by_role("button", name="Another position").click()
    expect(app.locator(".pl-app-sub")).to_have_text("Push · deal number 2", timeout=FIRST_RENDER_MS)
    advice = app.locator(".pl-advice")
    expect(advice).to_contain_text(re.compile(r"^Either: .* chance to go down within 3 turns is about \d+% whether"))
    expect(app.get_by_text("the coach's choice")).to_have_count(0)  # neither option is singled out
    accessible("at a tie")
    watch.assert_clean()


def test_score_sheet_says_from_deal_one_how_it_is_read(
    voila_server: Server, page: Page, watch: PageWatch, accessible: Callable[..., None]
) -> None:
    match = demo_match(PUSH, 2)
    app = open_dashboard(page, voila_server, "score_sheet", "seed=2")
    app.get_by_role("button", name="After deal 1").click()
    expect(app.get_by_role("table").locator("caption")).to_contain_text("After 1 deal:")
    expect(app.locator(".pl-score-how")).to_contain_text("The lowest total after 5 deals wins.")
    expect(app.locator(".pl-score-how")).to_contain_text("their partner's cards do not count")
    first_end = next(event for event in match.events if isinstance(event, DealEnded))
    assert first_end.went_out is not None
    out = match.names[first_end.went_out]
    expect(app.get_by_role("group", name="Penalty of deal 1")).to_contain_text(f"(does not count: {out} went out)")
    accessible("after deal 1")
    watch.assert_clean()


def test_deal_replayer_shows_the_centre_at_once_and_counts_a_what_if_apart(
    voila_server: Server, page: Page, watch: PageWatch, accessible: Callable[..., None]
) -> None:
    match = demo_match(PUSH, 5)
    whole = len(match.actions)
    app = open_dashboard(page, voila_server, "deal_replayer", "seed=5")
    expect(app.locator(".pl-position")).to_have_text(f"Move 0 of {whole}", timeout=FIRST_RENDER_MS)
    page.set_viewport_size({"width": 1280, "height": 800})
    for name in ("Up-card", "Stock"):
        box = app.locator(".pl-centre").get_by_text(name, exact=True).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 800, f"{name} is below the fold: {box}"
    stock = app.get_by_role("img", name=re.compile(r"^stock, \d+ cards$")).bounding_box()
    assert stock is not None and stock["y"] + stock["height"] <= 800, f"the stock is below the fold: {stock}"
    upcard = app.locator(".pl-upcard").bounding_box()
    assert upcard is not None and upcard["y"] + upcard["height"] <= 800, f"the up-card is below the fold: {upcard}"
    accessible("as it opens")
    moves = app.get_by_role("group", name="Your moves")
    recorded = match.actions[0]  # the first move of the record is a take or a push: try the other one
    other = "Push" if isinstance(recorded, TakeUpcard) else re.compile("^Take ")
    moves.get_by_role("button", name=other).click()
    expect(app.locator(".pl-position")).to_have_text(f"What-if move 1 of 1, tried after move 0 of the record's {whole}")
    app.get_by_role("button", name="Back to the record").click()
    expect(app.locator(".pl-position")).to_have_text(re.compile(f" of {whole}$"))
    watch.assert_clean()


def test_play_push_new_game_box_reads_the_deal_number_as_the_address_does(
    voila_server: Server, page: Page, watch: PageWatch, accessible: Callable[..., None]
) -> None:
    app = open_dashboard(page, voila_server, "play_push", "seed=4.2&speed=fastest")
    try:
        read_seed("4.2")
    except SeedError as error:
        refusal = str(error)
    expect(app.locator(".pl-app-notes")).to_contain_text(refusal)  # the address's note quotes read_seed
    expect(app.locator(".pl-app-sub")).to_have_text(f"Push for 4 players · deal number {parse_query('').seed}")
    box = app.get_by_role("textbox", name="Deal number")
    box.fill("4.2")
    app.get_by_role("button", name="New game").click()
    expect(app.locator(".pl-notice-refused")).to_have_text(refusal)  # the box refuses it in the same words
    box.fill(" 42 ")
    app.get_by_role("button", name="New game").click()
    expect(app.locator(".pl-app-sub")).to_have_text("Push for 4 players · deal number 42")
    expect(app.locator(".pl-notice")).to_have_text("New game, deal number 42.")
    assert Match.new(PUSH, read_seed(" 42 ")).seed == 42
    accessible("after a new game")
    watch.assert_clean()
