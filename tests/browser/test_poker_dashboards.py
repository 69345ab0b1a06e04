"""The poker dashboards in a real browser: ten hands of Three Card Poker played by clicks, and a hand ranked
in Hand rankings. What the page must show is worked out here from the rules core; axe checks each page as it
opens and after the interaction."""

from __future__ import annotations

import re
from collections.abc import Callable

from dashboard_pages import FIRST_RENDER_MS, assert_fits, open_dashboard
from playwright.sync_api import Page, expect

from push_learn.apps.hand_rankings import dealt_hands
from push_learn.apps.harness import PageWatch, Server
from push_learn.cards import parse_cards
from push_learn.games import new_game
from push_learn.poker.compare import class_rank
from push_learn.poker.hands import evaluate_high
from push_learn.poker.three_card_analysis import ante_analysis
from push_learn.poker.three_card_poker import Fold, PlaceBets, Play
from push_learn.poker.wording import chips
from push_learn.widgets.cards import card_json


def test_ten_hands_of_three_card_poker_by_clicks(
    voila_server: Server, page: Page, watch: PageWatch, accessible: Callable[..., None]
) -> None:
    """Each hand: Deal, then Play or Fold as the exact strategy says; the dealer's cards stay face down until
    the round is settled, and each verdict agrees. The same game is played alongside from the core."""
    seed = 6
    app = open_dashboard(page, voila_server, "three_card_trainer", f"seed={seed}")
    deal = app.get_by_role("button", name="Deal")
    expect(deal).to_be_enabled(timeout=FIRST_RENDER_MS)
    expect(app.get_by_role("heading", name="Three Card Poker trainer")).to_be_visible()
    accessible("as it opens")
    mirror = new_game("three_card_poker", seed=seed, players=("You",), rounds=200)
    analysis = ante_analysis()
    for n in range(1, 11):
        deal.click()
        mirror.apply(PlaceBets(0, 5, 0))
        cards = mirror.observe(0).cards
        table = app.get_by_role("group", name=f"Round {n}")
        mine = table.get_by_role("group", name=re.compile("^Your cards"))
        expect(mine.get_by_role("img")).to_have_count(3)
        for card in cards:
            expect(mine.get_by_role("img", name=str(card_json(card)["label"]), exact=True)).to_be_visible()
        dealer = table.get_by_role("group", name="The dealer's three cards, face down")
        assert dealer.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)") == ["back"] * 3
        if n == 1:
            accessible("with a hand dealt")
        play = analysis.hand(cards).should_play
        app.get_by_role("button", name=re.compile("^Play" if play else "^Fold")).click()
        mirror.apply(Play(0) if play else Fold(0))
        result = mirror.observe(0).results[-1]
        last = app.get_by_role("group", name="The last round")
        expect(last.locator(".pl-title")).to_have_text(re.compile(f"^Round {n}: "))
        revealed = last.get_by_role("group", name=re.compile("^The dealer's cards"))
        for card in result.dealer_cards:
            expect(revealed.get_by_role("img", name=str(card_json(card)["label"]), exact=True)).to_be_visible()
        expect(last.locator(".pl-tcp-verdict")).to_have_text(re.compile("as the exact strategy does"))
    stack = mirror.observe(0).stacks[0]
    net = stack - 100
    said = f"you have won {chips(net)}" if net > 0 else f"you have lost {chips(-net)}" if net < 0 else "you are even"
    expect(app.locator(".pl-tcp-running")).to_contain_text(f"After 10 rounds {said}.")
    expect(app.locator(".pl-tcp-running")).to_contain_text("10 times out of 10")
    expect(app.locator(".pl-tcp-stack")).to_have_text(f"Your chips: {stack}")
    assert_fits(page)
    accessible("after ten hands")
    watch.assert_clean()


def test_hand_rankings_ranks_a_picked_hand(
    voila_server: Server, page: Page, watch: PageWatch, accessible: Callable[..., None]
) -> None:
    """The seed's two hands are shown; the student clears the first and picks five cards by clicks and keys."""
    app = open_dashboard(page, voila_server, "hand_rankings", "seed=8")
    first, second = dealt_hands(8, 5)
    first_panel = app.get_by_role("group", name="First hand", exact=True)
    expect(first_panel).to_be_visible(timeout=FIRST_RENDER_MS)
    expect(first_panel.locator(".pl-reading-high strong")).to_have_text(evaluate_high(first).name)
    accessible("as it opens")
    app.get_by_role("button", name="Clear the first hand").click()
    expect(first_panel.get_by_text("No cards yet.")).to_be_visible()
    picked = [card for card in parse_cards("9H 9C 9D 4S 4H") if card not in second]
    picked += [card for card in parse_cards("8H 8C 8D 3S 3H") if card not in second][: 5 - len(picked)]
    for n, card in enumerate(picked):
        option = app.get_by_role("option", name=str(card_json(card)["label"]), exact=True)
        if n < 4:
            option.click()
        else:  # the last card by keyboard
            option.focus()
            page.keyboard.press("Space")
        expect(option).to_have_attribute("aria-selected", "true")
    hand = evaluate_high(picked)
    place, classes = class_rank(hand)
    reading = first_panel.locator(".pl-reading-high")
    expect(reading.locator("strong")).to_have_text(hand.name)
    expect(reading).to_contain_text(f"number {place:,} of {classes:,}")
    verdict = app.locator(".pl-compare-high")
    order = "first" if hand.value > evaluate_high(second).value else "second"
    expect(verdict).to_contain_text(f"The {order} hand wins" if hand.value != evaluate_high(second).value else "tie")
    assert_fits(page)
    accessible("after the interaction")
    watch.assert_clean()
