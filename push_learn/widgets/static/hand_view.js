// HandView: one hand, sortable and selectable. State: {title, sort, sorts, cards, selected_text, count}.

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
