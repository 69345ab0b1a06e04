// MeldExplorer: pick cards, see every reading as a meld (or why not), keep melds, watch the contract line.

function readingsPanel(state, ctx) {
  const panel = h("div", { role: "group", class: "pl-panel pl-readings", "aria-label": "Readings of the selection" });
  if (!state.verdict) {
    panel.append(h("div", { class: "pl-sub", text: "Pick cards from the hand (click, or Tab then arrows and Space)." }));
    return panel;
  }
  panel.append(
    h("div", { class: "pl-row" },
      h("span", { class: "pl-sub", text: "Selected:" }),
      h("strong", { class: "pl-selection", text: state.selection_text }),
      button("Clear", "pl-btn-clear", () => ctx.send("clear"))),
    h("div", {
      class: `pl-verdict ${state.verdict.ok ? "pl-good" : state.verdict.open ? "pl-sub" : "pl-bad"}`,
      text: state.verdict.open ? `Not a meld yet: ${state.verdict.text}.` : state.verdict.text,
    }),
  );
  if (state.readings.length) {
    const list = h("ul", { class: "pl-list pl-reading-list", "aria-label": "Legal readings" });
    for (const meld of state.readings) {
      list.append(h("li", { class: "pl-reading" },
        meldEl(meld, ctx, { key: `reading:${meld.k}` }),
        button("Keep", `pl-btn-keep pl-btn-keep-${meld.k}`, () => ctx.send("keep", { k: meld.k }),
          { ariaLabel: `Keep as ${meld.text}` })));
    }
    panel.append(list);
    if (state.more_readings) panel.append(h("div", { class: "pl-sub", text: `… and ${state.more_readings} more readings.` }));
  }
  return panel;
}

function keptPanel(state, ctx) {
  const panel = h("div", { role: "group", class: "pl-panel pl-kept", "aria-label": "Kept melds" },
    h("div", { class: "pl-title", text: "Kept melds" }));
  if (!state.kept.length) panel.append(h("div", { class: "pl-sub", text: "None yet." }));
  for (const meld of state.kept) {
    panel.append(h("div", { class: "pl-row" },
      meldEl(meld, ctx, { key: `kept:${meld.k}` }),
      button("Return", `pl-btn-unkeep pl-btn-unkeep-${meld.k}`, () => ctx.send("unkeep", { k: meld.k }),
        { ariaLabel: `Return ${meld.text} to the hand` })));
  }
  return panel;
}

function draw(state, ctx) {
  if (!state.hand) return null;
  const deals = state.rules.deals.map((d) => [d.deal, `Deal ${d.deal}: ${d.contract}`]);
  return [
    h("div", { class: "pl-title", text: state.title }),
    h("div", { class: "pl-contract-line", role: "note", text: state.contract_line }),
    h("div", { class: "pl-row" },
      picker(ctx, { key: "deal", label: "Contract of", value: state.deal, options: deals,
        onChoose: (deal) => ctx.send("deal", { deal: Number(deal) }) }),
      sortBar(state, ctx), fourColourToggle(ctx)),
    handEl(state.hand, ctx, { name: "hand", label: state.hand_label, onToggle: (card) => ctx.send("toggle", { i: card.i }) }),
    h("div", { class: "pl-sub pl-join-hint", text: state.verdict ? "Cards with a gold ring could join the selection." : "" }),
    textEntry(ctx, { key: "cards", label: "Type cards", value: state.typed, buttonText: "Pick",
      placeholder: "7H 8H 9H JK", onSubmit: (text) => ctx.send("type", { text }),
      more: [{ text: state.use_typed, key: "use-typed", onSubmit: (text) => ctx.send("use", { text }) }] }),
    h("div", { class: "pl-panels" }, readingsPanel(state, ctx), keptPanel(state, ctx)),
  ];
}

export default {
  render(view) {
    return mount(view, "pl-meld-explorer", draw);
  },
};
