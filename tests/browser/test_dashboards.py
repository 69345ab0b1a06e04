"""Every dashboard in a real browser: it loads without errors and its central interaction works by real
clicks and keys. What the page must show is worked out here from the rules core, not copied from it. Each
page is also checked by axe-core as it first appears and again after the interaction (``accessible``)."""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Callable
from itertools import combinations

from dashboard_pages import FIRST_RENDER_MS, assert_fits, open_dashboard
from playwright.sync_api import Locator, Page, expect

from push_learn.apps.harness import PageWatch, Server
from push_learn.apps.meld_lab import practice_hand
from push_learn.apps.query import parse_query
from push_learn.apps.scenarios import deal_end_positions, demo_match, rescue_position
from push_learn.cards import Card
from push_learn.rummy.engine import GoDown, LayOff, Match, Push, TakeUpcard, load_match
from push_learn.rummy.melds import interpret_meld
from push_learn.widgets.cards import card_json


def label(card: Card) -> str:
    """The accessible name the widgets give a card."""
    return str(card_json(card)["label"])


def test_meld_lab_select_three_cards_and_read_the_melds(
    voila_server: Server, page: Page, watch: PageWatch, accessible: Callable[..., None]
) -> None:
    query = "seed=4"
    rules = parse_query(query).rules
    hand = practice_hand(rules, 4)
    app = open_dashboard(page, voila_server, "meld_lab", query)
    expect(app.get_by_role("heading", name="Meld Lab")).to_be_visible()
    listbox = app.get_by_role("listbox", name=f"Your hand, {len(hand)} cards; pick cards to meld")
    expect(listbox).to_be_visible(timeout=FIRST_RENDER_MS)
    accessible("as it opens")
    shown = Counter(listbox.get_by_role("option").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))"))
    assert shown == Counter(label(card) for card in hand), "the address's seed did not choose the hand"

    group = next(list(g) for g in combinations(hand, 3) if interpret_meld(list(g), rules))
    readings = interpret_meld(group, rules)
    used: Counter[str] = Counter()
    for n, card in enumerate(group):
        option = listbox.get_by_role("option", name=label(card), exact=True).nth(used[label(card)])
        used[label(card)] += 1
        if n:  # a card that completes a meld with the selection is lit, and says so to screen readers
            expect(option).to_have_attribute("aria-description", "could join the selection")
        if n < 2:
            option.click()
        else:  # the third card by keyboard: focus it and press Space
            option.focus()
            page.keyboard.press("Space")
        expect(option).to_have_attribute("aria-selected", "true")

    # the hand is one tab stop: arrows, Home and End move the focus along it
    options = listbox.get_by_role("option")
    options.first.focus()
    page.keyboard.press("ArrowRight")
    expect(options.nth(1)).to_be_focused()
    page.keyboard.press("End")
    expect(options.last).to_be_focused()
    page.keyboard.press("Home")
    expect(options.first).to_be_focused()
    expect(options.first).to_have_attribute("tabindex", "0")
    expect(options.last).to_have_attribute("tabindex", "-1")

    reading_list = app.get_by_role("list", name="Legal readings")
    expect(reading_list.get_by_role("listitem")).to_have_count(min(len(readings), 12))
    accessible("with three cards picked and their readings shown")
    first = str(readings[0])
    keep = app.get_by_role("button", name=f"Keep as {first}", exact=True)
    expect(keep).to_be_visible()
    keep.click()
    expect(app.get_by_role("group", name="Kept melds").get_by_role("group", name=first)).to_be_visible()
    expect(app.get_by_role("listbox", name=f"Your hand, {len(hand) - 3} cards; pick cards to meld")).to_be_visible()
    assert_fits(page)
    accessible("after the interaction")
    watch.assert_clean()


def test_rescue_lab_rescue_a_joker(
    voila_server: Server, page: Page, watch: PageWatch, accessible: Callable[..., None]
) -> None:
    query = "seed=3"
    rules = parse_query(query).rules
    match = rescue_position(rules, 3)
    assert match is not None
    assert any(card.is_joker for table_meld in match.deal.melds for card in table_meld.meld.cards)
    app = open_dashboard(page, voila_server, "rescue_lab", query)
    choices = app.get_by_role("group", name="Possible rescues").get_by_role("button")
    expect(choices.first).to_be_visible(timeout=FIRST_RENDER_MS)
    accessible("as it opens")
    wild_choice = choices.filter(has_text="🃏").first  # this deal number's position has a joker to rescue
    expect(wild_choice).to_be_visible()
    wild_choice.click()
    expect(wild_choice).to_have_attribute("aria-pressed", "true")
    expect(app.get_by_role("group", name="Before", exact=True)).to_be_visible()
    expect(app.get_by_role("group", name="After", exact=True).get_by_role("img", name="joker")).to_be_visible()
    make = app.get_by_role("button", name="Make this rescue")
    make.focus()
    page.keyboard.press("Enter")
    expect(app.get_by_role("list", name="Rescues made").get_by_role("listitem")).to_have_count(1)
    expect(app.get_by_role("group", name="Your hand").get_by_role("img", name="joker")).to_be_visible()
    expect(app.get_by_role("status")).to_contain_text("is now in the hand")
    assert_fits(page)
    accessible("after the interaction")
    watch.assert_clean()


def test_deal_replayer_step_to_the_end_and_back(
    voila_server: Server, page: Page, watch: PageWatch, accessible: Callable[..., None]
) -> None:
    query = "seed=5&variant=six_to_ten"
    moves = len(demo_match(parse_query(query).rules, 5).actions)
    app = open_dashboard(page, voila_server, "deal_replayer", query)
    position = app.locator(".pl-position")
    expect(position).to_have_text(f"Move 0 of {moves}", timeout=FIRST_RENDER_MS)
    accessible("as it opens")
    app.get_by_role("button", name="Next move").click()
    expect(position).to_have_text(f"Move 1 of {moves}")
    app.get_by_role("button", name="Next move").focus()
    page.keyboard.press("Enter")
    expect(position).to_have_text(f"Move 2 of {moves}")
    app.get_by_role("button", name="Last move").click()
    expect(position).to_have_text(f"Move {moves} of {moves}")
    expect(app.get_by_role("button", name="Next move")).to_be_disabled()
    app.get_by_role("button", name="Back one move").click()
    expect(position).to_have_text(f"Move {moves - 1} of {moves}")
    app.get_by_role("button", name="First move").click()
    expect(position).to_have_text(f"Move 0 of {moves}")
    expect(app.get_by_role("button", name="Back one move")).to_be_disabled()
    assert_fits(page)
    accessible("after the interaction")
    watch.assert_clean()


def test_deal_replayer_what_if_by_keyboard(
    voila_server: Server, page: Page, watch: PageWatch, accessible: Callable[..., None]
) -> None:
    """Step to a recorded lay-off, then make it again by keys alone: Space picks the card, Enter picks the
    table meld (a button) and Enter on the offered move plays it; a go-down's meld is set aside likewise."""
    query = "seed=5"
    match = demo_match(parse_query(query).rules, 5)
    at = next(i for i, action in enumerate(match.actions) if isinstance(action, LayOff))
    lay_off = match.actions[at]
    assert isinstance(lay_off, LayOff)
    before = load_match(match.record(), at)
    app = open_dashboard(page, voila_server, "deal_replayer", query)
    expect(app.locator(".pl-position")).to_have_text(f"Move 0 of {len(match.actions)}", timeout=FIRST_RENDER_MS)
    app.get_by_role("slider", name="Move number").fill(str(at))
    expect(app.locator(".pl-position")).to_have_text(f"Move {at} of {len(match.actions)}")
    hand = app.get_by_role("listbox", name=re.compile("^Your hand"))
    option = hand.get_by_role("option", name=label(lay_off.card), exact=True).first
    option.focus()
    page.keyboard.press("Space")
    expect(option).to_have_attribute("aria-selected", "true")
    target = app.locator(f'.pl-table-meld[data-key="meld:{lay_off.target}"]')
    expect(target).to_have_attribute("role", "button")
    target.focus()
    page.keyboard.press("Enter")
    expect(target).to_have_attribute("aria-pressed", "true")
    moves = app.get_by_role("group", name="Your moves")
    move = moves.get_by_role("button", name=re.compile(f"^Lay off {lay_off.card} on "))
    expect(move).to_have_count(1)
    accessible("with a card and a table meld picked")
    move.focus()
    page.keyboard.press("Enter")
    expect(app.get_by_text("You are exploring a what-if.")).to_be_visible()
    after = before.fork()
    after.apply(lay_off)  # the one lay-off offered is the recorded one
    expect(app.get_by_role("list", name="What happened this deal")).to_contain_text(after.log()[-1])

    app.get_by_role("button", name="Back to the record").click()
    # the slider spans the what-if's moves until the record is back: wait for it before moving it
    expect(app.locator(".pl-position")).to_have_text(re.compile(f" of {len(match.actions)}$"))
    down_at = next(i for i, action in enumerate(match.actions) if isinstance(action, GoDown) and i > at)
    go_down = match.actions[down_at]
    assert isinstance(go_down, GoDown)
    app.get_by_role("slider", name="Move number").fill(str(down_at))
    expect(app.locator(".pl-position")).to_have_text(f"Move {down_at} of {len(match.actions)}")
    hand = app.get_by_role("listbox", name=re.compile("^Your hand"))
    used: Counter[str] = Counter()
    for card in go_down.melds[0].cards:
        option = hand.get_by_role("option", name=label(card), exact=True).nth(used[label(card)])
        used[label(card)] += 1
        option.focus()
        page.keyboard.press("Space")
        expect(option).to_have_attribute("aria-selected", "true")
    app.get_by_role("group", name="Your moves").get_by_role("button", name=re.compile("^Set aside")).first.click()
    staged = app.get_by_role("group", name="Melds set aside to go down with")
    expect(staged).to_be_visible()
    accessible("with a meld set aside")
    watch.assert_clean()


def test_score_sheet_deal_by_deal(
    voila_server: Server, page: Page, watch: PageWatch, accessible: Callable[..., None]
) -> None:
    query = "seed=2"
    match = demo_match(parse_query(query).rules, 2)
    app = open_dashboard(page, voila_server, "score_sheet", query)
    table = app.get_by_role("table")
    expect(table).to_contain_text("Total", timeout=FIRST_RENDER_MS)
    accessible("as it opens")
    expect(table.locator("caption")).to_contain_text("Final totals")
    app.get_by_role("button", name="After deal 2").click()
    after_two = load_match(match.record(), deal_end_positions(match)[1])
    standing = ", ".join(f"{unit} {total}" for unit, total in zip(after_two.units, after_two.totals, strict=True))
    expect(table.locator("caption")).to_have_text(f"After 2 deals: {standing}.")
    expect(app.get_by_role("group", name="Penalty of deal 2")).to_be_visible()
    assert_fits(page)
    accessible("after the interaction")
    watch.assert_clean()


def test_push_or_take_push_and_see_the_cards_move(
    voila_server: Server, page: Page, watch: PageWatch, accessible: Callable[..., None]
) -> None:
    query = "seed=3"
    match = Match.new(parse_query(query).rules, 3)  # the dashboard's decision: the first turn of the deal
    seat = match.turn
    before = list(match.hand(seat))
    pushed = match.fork()
    pushed.apply(Push(match.turn))
    after = Counter(label(card) for card in pushed.hand(seat))
    arrived = after - Counter(label(card) for card in before)
    app = open_dashboard(page, voila_server, "push_or_take", query)
    expect(app.get_by_role("group", name="Your hand", exact=True)).to_be_visible(timeout=FIRST_RENDER_MS)
    accessible("as it opens")
    push_button = app.get_by_role("button", name="Push the up-card")
    push_button.focus()
    page.keyboard.press("Enter")
    outcome = app.get_by_role("group", name="What happened")
    expect(outcome.get_by_role("listitem").first).to_have_text(pushed.log()[-1])
    expect(app.locator(".pl-announce")).to_have_text(pushed.log()[-1])  # the live region reads it out
    now = outcome.get_by_role("group", name="Your hand now").get_by_role("img")
    assert Counter(now.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")) == after
    assert sum(arrived.values()) == 1  # a push draws one card for the pusher
    assert now.evaluate_all("els => els.map(e => e.getAttribute('aria-description'))").count("new") == 1
    expect(push_button).to_be_disabled()
    # the focused button is gone (disabled): the keyboard focus stays in the widget, on a usable button
    assert page.evaluate("document.activeElement.closest('.pl-root') !== null && !document.activeElement.disabled")
    app.get_by_role("button", name="Try the other choice").click()
    expect(outcome).to_have_count(0)
    take_button = app.get_by_role("button", name="Take the up-card")
    take_button.focus()
    page.keyboard.press("Enter")
    taken = match.fork()
    taken.apply(TakeUpcard(match.turn))
    expect(outcome.get_by_role("listitem").first).to_have_text(taken.log()[-1])
    assert_fits(page)
    accessible("after the interaction")
    watch.assert_clean()


def _discard_one_card(app: Locator, page: Page) -> None:
    """Pick hand cards one at a time by keyboard and discard the first the rules accept."""
    hand = app.get_by_role("listbox", name=re.compile("^Your hand"))
    for k in range(hand.get_by_role("option").count()):
        option = hand.get_by_role("option").nth(k)
        option.focus()
        page.keyboard.press("Space")
        discard = app.get_by_role("group", name="Your moves").get_by_role("button", name=re.compile("^Discard"))
        discard.click()
        status = app.locator(".pl-status")
        refused = app.locator(".pl-notice-refused")
        expect(status.or_(refused).filter(has_not_text="Pick cards")).to_be_visible()
        if not refused.is_visible():
            return
        option = hand.get_by_role("option").nth(k)  # refused: put the card back and try the next
        option.click()
        expect(option).to_have_attribute("aria-selected", "false")
    raise AssertionError("no card of the hand could be discarded")


def test_play_push_a_full_deal_to_the_score_sheet(
    voila_server: Server, page: Page, watch: PageWatch, accessible: Callable[..., None]
) -> None:
    """The student pushes whenever the game allows (taking otherwise) and discards until deal 1 ends."""
    app = open_dashboard(page, voila_server, "play_push", "seed=3&speed=0.02&level=greedy")
    status = app.locator(".pl-status")
    expect(status).not_to_be_empty(timeout=FIRST_RENDER_MS)
    accessible("as it opens")
    moves = app.get_by_role("group", name="Your moves")
    deadline = time.monotonic() + 180
    turns = 0
    while not status.inner_text().startswith("Deal 1 is over"):
        assert time.monotonic() < deadline, f"deal 1 did not end within 3 minutes ({turns} turns)"
        text = status.inner_text()
        if text.startswith("Your turn: take"):
            turns += 1
            push = moves.get_by_role("button", name="Push", exact=True)
            (push if push.count() else moves.get_by_role("button", name=re.compile("^Take"))).click()
            expect(status).not_to_have_text(text)
        elif text.startswith("Pick cards"):
            _discard_one_card(app, page)
        else:
            page.wait_for_timeout(50)  # the computer players are moving
    sheet = app.get_by_role("table")
    expect(sheet.locator("caption")).to_contain_text("After 1 deal:")
    expect(app.get_by_role("group", name="Penalty of deal 1")).to_be_visible()
    turn_line = app.locator(".pl-turn-line")
    expect(turn_line).to_have_text("Deal 2 is dealt: play starts when you press Next deal.")
    expect(app.locator(".pl-badge-turn")).to_have_count(0)
    next_deal = app.get_by_role("button", name="Next deal")
    next_deal.click()
    expect(status).not_to_have_text(re.compile("^Deal 1 is over"))
    expect(turn_line).not_to_have_text(re.compile("^Deal 2 is dealt"))
    expect(app.get_by_role("list", name="What happened this deal")).to_contain_text("Deal 2 of 5")
    assert_fits(page)
    accessible("after the interaction")
    watch.assert_clean()
