"""Every dashboard in a real browser: it loads without errors and its central interaction works by real
clicks and keys. What the page must show is worked out here from the rules core, not copied from it."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from playwright.sync_api import Locator, Page, expect

from push_learn.apps.harness import PageWatch, Server
from push_learn.apps.meld_lab import practice_hand
from push_learn.apps.query import parse_query
from push_learn.cards import Card
from push_learn.rummy.melds import interpret_meld
from push_learn.widgets.cards import card_json

FIRST_RENDER_MS = 60_000
"""Generous wait for a dashboard's first widget: a cold kernel on two busy cores takes several seconds."""


def open_dashboard(page: Page, server: Server, slug: str, query: str) -> Locator:
    """Open a dashboard and wait for its App box; return it."""
    page.goto(f"{server.url}voila/render/{slug}.ipynb?{query}")
    app = page.locator(f".pl-app-{slug.replace('_', '-')}")
    expect(app).to_be_visible(timeout=FIRST_RENDER_MS)
    return app


def label(card: Card) -> str:
    """The accessible name the widgets give a card."""
    return str(card_json(card)["label"])


def test_meld_lab_select_three_cards_and_read_the_melds(voila_server: Server, page: Page, watch: PageWatch) -> None:
    query = "seed=4"
    rules = parse_query(query).rules
    hand = practice_hand(rules, 4)
    app = open_dashboard(page, voila_server, "meld_lab", query)
    expect(app.get_by_role("heading", name="Meld Lab")).to_be_visible()
    listbox = app.get_by_role("listbox", name=f"Your hand, {len(hand)} cards; pick cards to meld")
    expect(listbox).to_be_visible(timeout=FIRST_RENDER_MS)
    shown = Counter(listbox.get_by_role("option").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))"))
    assert shown == Counter(label(card) for card in hand), "the address's seed did not choose the hand"

    group = next(list(g) for g in combinations(hand, 3) if interpret_meld(list(g), rules))
    readings = interpret_meld(group, rules)
    used: Counter[str] = Counter()
    for n, card in enumerate(group):
        option = listbox.get_by_role("option", name=label(card), exact=True).nth(used[label(card)])
        used[label(card)] += 1
        if n < 2:
            option.click()
        else:  # the third card by keyboard: focus it and press Space
            option.focus()
            page.keyboard.press("Space")
        expect(option).to_have_attribute("aria-selected", "true")

    reading_list = app.get_by_role("list", name="Legal readings")
    expect(reading_list.get_by_role("listitem")).to_have_count(min(len(readings), 12))
    first = str(readings[0])
    keep = app.get_by_role("button", name=f"Keep as {first}", exact=True)
    expect(keep).to_be_visible()
    keep.click()
    expect(app.get_by_role("region", name="Kept melds").get_by_role("group", name=first)).to_be_visible()
    expect(app.get_by_role("listbox", name=f"Your hand, {len(hand) - 3} cards; pick cards to meld")).to_be_visible()
    watch.assert_clean()
