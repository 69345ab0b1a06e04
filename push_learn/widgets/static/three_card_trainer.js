// ThreeCardTrainer: bets, the student's three cards, the dealer's face-down cards, Play / Fold, the verdict.
// Everything here comes from the student's observation; the dealer's cards arrive only once the round is settled.

function betBar(state, ctx) {
  const betting = state.phase === "betting";
  return h("div", { role: "group", class: "pl-row pl-tcp-bets", "aria-label": "Your bets" },
    picker(ctx, { key: "ante", label: "Ante", value: state.stakes.ante, options: state.ante_options,
      onChoose: (amount) => ctx.send("stake", { bet: "ante", amount: Number(amount) }) }),
    picker(ctx, { key: "pair-plus", label: "Pair Plus", value: state.stakes.pair_plus, options: state.pair_plus_options,
      onChoose: (amount) => ctx.send("stake", { bet: "pair_plus", amount: Number(amount) }) }),
    button("Deal", "pl-btn-deal", () => ctx.send("deal"), { disabled: !betting }),
    h("span", { class: "pl-sub pl-tcp-stack", text: `Your chips: ${state.stack}` }));
}

function tablePanel(state, ctx) {
  const panel = h("div", { role: "group", class: "pl-panel pl-tcp-table", "aria-label": `Round ${state.round}` });
  if (state.phase !== "deciding") {
    panel.append(h("div", { class: "pl-sub", text: state.over ? "The session is over." : "Choose your bets, then Deal." }));
    return panel;
  }
  panel.append(
    h("div", { class: "pl-title", text: `Round ${state.round}: ante ${state.bets.ante}` +
      (state.bets.pair_plus ? `, pair plus ${state.bets.pair_plus}` : "") }),
    h("div", { class: "pl-row" },
      h("div", {},
        h("div", { class: "pl-sub", text: "Dealer" }),
        handEl(state.dealer, ctx, { name: "dealer", label: "The dealer's three cards, face down" })),
      h("div", {},
        h("div", { class: "pl-sub", text: `You: ${state.hand}` }),
        handEl(state.cards, ctx, { name: "mine", label: `Your cards: ${state.hand}` }))),
    h("div", { class: "pl-row" },
      button(`Play (${state.bets.ante} more)`, "pl-btn-play", () => ctx.send("play"),
        { ariaLabel: `Play: bet ${state.bets.ante} more chips` }),
      button("Fold", "pl-btn-fold", () => ctx.send("fold")),
      button("Hint", "pl-btn-hint", () => ctx.send("hint"), { disabled: Boolean(state.hint) })),
  );
  if (state.hint) {
    panel.append(h("p", { class: `pl-verdict pl-tcp-hint ${state.hint.play ? "pl-good" : "pl-bad"}`, text: state.hint.text }));
  }
  return panel;
}

function lastPanel(state, ctx) {
  const last = state.last;
  const panel = h("div", { role: "group", class: "pl-panel pl-tcp-last", "aria-label": "The last round" });
  if (!last) {
    panel.append(h("div", { class: "pl-sub", text: "No round played yet." }));
    return panel;
  }
  panel.append(
    h("div", { class: "pl-title", text: `Round ${last.round}: ${last.net >= 0 ? "+" : ""}${last.net} chips` }),
    h("div", { class: "pl-row" },
      last.dealer.length ? h("div", {},
        h("div", { class: "pl-sub", text: `Dealer: ${last.dealer_hand}` }),
        handEl(last.dealer, ctx, { name: "last-dealer", label: `The dealer's cards: ${last.dealer_hand}` })) : null,
      last.cards.length ? h("div", {},
        h("div", { class: "pl-sub", text: `You: ${last.hand}` }),
        handEl(last.cards, ctx, { name: "last-mine", label: `Your cards: ${last.hand}` })) : null),
    h("div", { class: "pl-tcp-dealer", text: last.dealer_text }),
  );
  if (last.decision) {
    panel.append(h("p", { class: `pl-verdict pl-tcp-verdict ${last.decision.agrees ? "pl-good" : "pl-bad"}`,
      text: last.decision.text }));
  }
  const list = h("ul", { class: "pl-list pl-tcp-lines", "aria-label": "How each bet came out" });
  for (const line of last.lines) list.append(h("li", { text: line }));
  panel.append(list);
  return panel;
}

function paytablePanel(state) {
  const panel = h("div", { role: "group", class: "pl-panel pl-tcp-paytables", "aria-label": "Paytables" },
    h("div", { class: "pl-title", text: "Paytables" }), h("p", { class: "pl-sub", text: state.strategy }));
  for (const table of state.paytables) {
    const rows = table.pays.length
      ? table.pays.map(([category, pays]) => h("tr", {}, h("th", { scope: "row", text: category }), h("td", { text: pays })))
      : [h("tr", {}, h("td", { colspan: "2", text: "No bonus at this table." }))];
    panel.append(h("table", { class: "pl-tcp-paytable" },
      h("caption", { text: `${table.name} (${table.table})` }),
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "Hand" }), h("th", { scope: "col", text: "Pays" }))),
      h("tbody", {}, ...rows)),
      h("p", { class: "pl-sub", text: table.note }));
  }
  return panel;
}

function draw(state, ctx) {
  if (!state.paytables) return null;
  return [
    h("div", { class: "pl-title", text: state.title }),
    betBar(state, ctx),
    state.over && !state.class_deal ? button("New session", "pl-btn-new", () => ctx.send("new")) : null,
    h("div", { class: "pl-panels" }, tablePanel(state, ctx), lastPanel(state, ctx)),
    h("p", { class: "pl-tcp-running", role: "note", text: state.running.text }),
    paytablePanel(state),
  ];
}

export default {
  render(view) {
    return mount(view, "pl-three-card-trainer", draw);
  },
};
