// PushChoice: the up-card, the hand, take vs push side by side with the coach's view, then the outcome.

function option(title, cls, lines, extra, state, ctx, choice) {
  const chosen = state.chosen === choice;
  const recommended = state.recommend === choice;
  return h("div", { role: "group", class: `pl-panel pl-option pl-option-${choice}${chosen ? " pl-chosen" : ""}`, "aria-label": title },
    h("div", { class: "pl-row" }, h("span", { class: "pl-title", text: title }),
      recommended ? h("span", { class: "pl-badge pl-badge-down", text: "the coach's choice" }) : null),
    ...extra,
    h("ul", { class: "pl-list" }, ...lines.map((text) => h("li", { text }))),
    button(choice === "take" ? "Take" : "Push", `${cls} pl-btn-primary`, () => ctx.send("choose", { choice }),
      { disabled: state.chosen !== null, ariaLabel: choice === "take" ? "Take the up-card" : "Push the up-card" }));
}

function draw(state, ctx) {
  if (!state.hand) return null;
  const take = option("Take it", "pl-btn-take", state.take.lines,
    [h("div", { class: "pl-sub", text: "Your hand after taking:" }), handEl(state.take.hand_after, ctx, { name: "after-take", label: "Your hand after taking", cls: "pl-small" })],
    state, ctx, "take");
  const push = option(`Push it to ${state.push.receiver}`, "pl-btn-push", state.push.lines, [
    h("div", { class: "pl-sub", text: `${state.push.receiver} holds ${state.push.receiver_count} cards.` }),
    state.push.receiver_melds.length ? h("div", { class: "pl-melds" }, ...state.push.receiver_melds.map((meld) => meldEl(meld, ctx, { key: `recv:${meld.id}` }))) : null,
    state.push.receiver_known.length ? h("div", { class: "pl-row" }, h("span", { class: "pl-sub", text: "Known to hold:" }),
      ...state.push.receiver_known.map((card) => cardEl(card, { extraClass: "pl-mini" }))) : null,
  ], state, ctx, "push");
  return [
    h("div", { class: "pl-title", text: `${state.title} (${state.game}, deal ${state.deal}: ${state.contract})` }),
    h("div", { class: "pl-row pl-decision" },
      h("div", { class: "pl-col pl-centre-item" }, h("span", { class: "pl-sub", text: "Up-card" }), state.upcard ? cardEl(state.upcard, { key: "upcard" }) : null),
      h("div", { class: "pl-col" }, h("span", { class: "pl-sub", text: `${state.seat_name}'s hand (you)` }),
        handEl(state.hand, ctx, { name: "hand", label: "Your hand" }))),
    sortBar(state, ctx),
    state.advice ? h("div", { class: "pl-advice", role: "note", text: state.advice }) : null,
    h("div", { class: "pl-panels" }, take, push),
    state.outcome ? h("div", { role: "group", class: "pl-panel pl-outcome", "aria-label": "What happened" },
      h("div", { class: "pl-title", text: "What happened" }),
      h("ul", { class: "pl-list" }, ...state.outcome.events.map((text) => h("li", { text }))),
      handEl(state.outcome.hand, ctx, { name: "outcome-hand", label: "Your hand now" })) : null,
    h("div", { class: "pl-row" },
      button("Try the other choice", "pl-btn-again", () => ctx.send("again"), { disabled: state.chosen === null }),
      button("Another position", "pl-btn-position", () => ctx.send("position", {}))),
  ];
}

export default {
  render(view) {
    return mount(view, "pl-push-choice", draw);
  },
};
