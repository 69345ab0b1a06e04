// RescueView: table melds with rescuable wilds lit, the hand, the rescues, and before/after.

function tableRow(melds, ctx, prefix) {
  return h("div", { class: "pl-melds" }, ...melds.map((meld) => meldEl(meld, ctx, { key: `${prefix}:${meld.k}` })));
}

function side(title, part, ctx, prefix) {
  return h("div", { role: "group", class: "pl-panel", "aria-label": title },
    h("div", { class: "pl-title", text: title }),
    tableRow(part.table, ctx, prefix),
    handEl(part.hand, ctx, { name: `${prefix}-hand`, label: `${title}: hand`, cls: "pl-small" }));
}

function draw(state, ctx) {
  if (!state.table) return null;
  const chosenKey = state.chosen ? state.chosen.text : null;
  const choices = h("div", { class: "pl-row pl-choices", role: "group", "aria-label": "Possible rescues" },
    ...state.choices.map((choice) => button(choice.text, `pl-btn-choose pl-btn-choose-${choice.k}`,
      () => ctx.send("choose", { k: choice.k }), { pressed: chosenKey === choice.label, ariaLabel: choice.label })));
  return [
    h("div", { class: "pl-title", text: `${state.title} (${state.game})` }),
    h("p", { class: "pl-sub pl-rescue-meaning", text: state.meaning }),
    h("div", { class: "pl-sub", text: "Table" }),
    tableRow(state.table, ctx, "table"),
    h("div", { class: "pl-sub", text: "Hand" }),
    handEl(state.hand, ctx, { name: "hand", label: "Your hand" }),
    h("div", { class: "pl-summary", text: state.summary }),
    choices,
    state.cannot.length ? h("div", { class: "pl-panel pl-cannot", role: "group", "aria-label": "Why the other cards cannot rescue" },
      h("div", { class: "pl-title", text: "Why the other cards cannot rescue" }),
      h("ul", { class: "pl-list" }, ...state.cannot.map((text) => h("li", { text })))) : null,
    state.chosen ? h("div", { class: "pl-before-after" },
      h("div", { class: "pl-event", text: state.chosen.text }),
      h("div", { class: "pl-panels" }, side("Before", state.chosen.before, ctx, "before"), side("After", state.chosen.after, ctx, "after")),
      button("Make this rescue", "pl-btn-apply pl-btn-primary", () => ctx.send("apply"))) : null,
    state.done.length ? h("ol", { class: "pl-list pl-done", "aria-label": "Rescues made" }, ...state.done.map((text) => h("li", { text }))) : null,
    button("Start again", "pl-btn-reset", () => ctx.send("reset"), { disabled: !state.done.length && !state.chosen }),
  ];
}

export default {
  render(view) {
    return mount(view, "pl-rescue-view", draw);
  },
};
