// The card on offer at a push stud table (Push stud, Screw Your Neighbor), shared by the PokerTable and the Poker
// Replayer. Python sends state.offer as {card, back, to, mine, text} (push_learn.widgets.cards.offer_json) or null.

function offerEl(state, ctx) {
  const offer = state.offer;
  if (!offer) return null;
  const card = offer.card || { back: true, label: "face-down card" };
  return h("div", { role: "group", class: "pl-panel pl-poker-offer", "aria-label": "The card on offer" },
    h("div", { class: "pl-title", text: "The card on offer" }),
    h("div", { class: "pl-row" }, cardEl(card, {}), h("span", { class: "pl-sub", text: offer.text })));
}
