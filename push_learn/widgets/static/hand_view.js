// HandView: one hand, sortable and selectable. State: {title, sort, sorts, cards, selected_text, count}.

function sortBar(state, ctx) {
  const bar = h("div", { class: "pl-row pl-sort", role: "group", "aria-label": "Sort the hand" });
  for (const [by, text] of state.sorts) {
    bar.append(button(text, `pl-btn-sort-${by}`, () => ctx.send("sort", { by }), { pressed: state.sort === by }));
  }
  return bar;
}

function draw(state, ctx) {
  if (!state.cards) return null;
  return [
    state.title ? h("div", { class: "pl-title", text: state.title }) : null,
    sortBar(state, ctx),
    handEl(state.cards, ctx, {
      name: "hand",
      label: state.hand_label,
      onToggle: state.selectable ? (card) => ctx.send("toggle", { i: card.i }) : null,
    }),
    h("div", { class: "pl-sub pl-selection", text: state.selected_text }),
  ];
}

export default {
  render(view) {
    return mount(view, "pl-hand-view", draw);
  },
};
