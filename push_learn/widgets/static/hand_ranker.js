// HandRanker: pick two hands from the deck; Python names them, places them among all hands and says which wins.

function handPanel(hand, ctx) {
  const panel = h("div", {
    role: "group",
    class: `pl-panel pl-ranker-hand pl-ranker-hand-${hand.slot}${hand.filling ? " pl-filling" : ""}`,
    "aria-label": hand.heading,
  });
  panel.append(
    h("div", { class: "pl-row" },
      h("span", { class: "pl-title", text: hand.heading }),
      h("span", { class: "pl-sub", text: hand.count }),
      button(hand.filling ? "Picking for this hand" : "Pick for this hand", `pl-btn-fill-${hand.slot}`,
        () => ctx.send("fill", { slot: hand.slot }), { pressed: hand.filling }),
      button("Clear", `pl-btn-clear-${hand.slot}`, () => ctx.send("clear", { slot: hand.slot }),
        { ariaLabel: `Clear the ${hand.heading.toLowerCase()}` })),
    hand.cards.length
      ? handEl(hand.cards, ctx, { name: `hand-${hand.slot}`, label: `Cards of the ${hand.heading.toLowerCase()}` })
      : h("div", { class: "pl-sub", text: "No cards yet." }),
    textEntry(ctx, { key: `hand-${hand.slot}`, label: `Type the ${hand.heading.toLowerCase()}`, value: hand.typed,
      buttonText: "Use", placeholder: "AS KS QS JS 10S", onSubmit: (text) => ctx.send("type", { slot: hand.slot, text }) }),
  );
  if (hand.readings.length) {
    const list = h("dl", { class: "pl-readings-list" });
    for (const reading of hand.readings) {
      list.append(
        h("dt", { class: "pl-sub", text: reading.heading }),
        h("dd", { class: `pl-reading pl-reading-${reading.key}`, "data-place": String(reading.place) },
          h("strong", { text: reading.name }),
          ` (${reading.category}) · number ${reading.place.toLocaleString("en")} of ${reading.classes.toLocaleString("en")}`),
      );
    }
    panel.append(list);
  }
  return panel;
}

function comparePanel(state) {
  const panel = h("div", { role: "group", class: "pl-panel pl-compare", "aria-label": "Which hand wins" },
    h("div", { class: "pl-title", text: "Which hand wins" }));
  if (!state.comparisons.length) {
    panel.append(h("div", { class: "pl-sub", text: `Fill both hands with ${state.size} cards to compare them.` }));
    return panel;
  }
  for (const row of state.comparisons) {
    panel.append(h("p", { class: `pl-verdict pl-compare-${row.key}` },
      h("strong", { text: `${row.heading}: ` }), row.text));
  }
  return panel;
}

function draw(state, ctx) {
  if (!state.deck) return null;
  const deck = h("div", { role: "group", class: "pl-ranker-deck", "aria-label": state.deck_label });
  for (const suit of state.deck) {
    deck.append(handEl(suit.cards, ctx, { name: suit.name, label: suit.label, cls: "pl-small", onToggle: (card) => ctx.send("toggle", { i: card.i }) }));
  }
  return [
    h("div", { class: "pl-title", text: state.title }),
    h("div", { class: "pl-row" },
      picker(ctx, { key: "size", label: "Hand size", value: state.size, options: state.sizes,
        onChoose: (n) => ctx.send("size", { n: Number(n) }) }),
      fourColourToggle(ctx)),
    h("div", { class: "pl-sub", text: "Click cards (or Tab to a suit, then arrows and Space) to put them in the hand being picked." }),
    deck,
    h("div", { class: "pl-panels" }, ...state.hands.map((hand) => handPanel(hand, ctx))),
    comparePanel(state),
  ];
}

export default {
  render(view) {
    return mount(view, "pl-hand-ranker", draw);
  },
};
