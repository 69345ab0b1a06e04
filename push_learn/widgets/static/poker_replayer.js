// PokerReplayer: step through a poker record. First / back / next / last, a move number, one seat's view or every
// card; the text of each step, the table (seats, pot, the dealer's cards, the card on offer), the result, Load.

function controls(state, ctx) {
  const atStart = state.position === 0;
  const atEnd = state.position >= state.length;
  const slider = h("input", { type: "range", min: "0", max: String(state.length), value: String(state.position),
    class: "pl-range pl-replay-slider", "data-key": "slider", "aria-label": "Move number",
    "aria-valuetext": state.position_text });
  slider.addEventListener("change", () => ctx.send("go", { to: Number(slider.value) }));
  return h("div", { class: "pl-controls" },
    h("div", { class: "pl-row", role: "toolbar", "aria-label": "Step through the record" },
      button("◀◀ First", "pl-btn-first", () => ctx.send("go", { to: 0 }), { disabled: atStart, ariaLabel: "First move" }),
      button("◀ Back", "pl-btn-back", () => ctx.send("step", { by: -1 }), { disabled: atStart, ariaLabel: "Back one move" }),
      button("Next ▶", "pl-btn-next", () => ctx.send("step", { by: 1 }), { disabled: atEnd, ariaLabel: "Next move" }),
      button("Last ▶▶", "pl-btn-last", () => ctx.send("go", { to: state.length }), { disabled: atEnd, ariaLabel: "Last move" }),
      slider,
      h("span", { class: "pl-sub pl-replay-position", text: state.position_text })),
    h("div", { class: "pl-row" },
      picker(ctx, { key: "view", label: "Show", value: state.view, options: state.views,
        onChoose: (seat) => ctx.send("view", { seat: Number(seat) }) }),
      textEntry(ctx, { key: "jump", label: "Go to move", value: String(state.position), buttonText: "Go",
        onSubmit: (to) => ctx.send("go", { to: Number.parseInt(to, 10) }) }),
      loadButton(ctx, "Load a saved poker record"),
      fourColourToggle(ctx)));
}

function draw(state, ctx) {
  if (!state.seats) return null;
  const result = state.result.length
    ? h("div", { role: "group", class: "pl-panel pl-replay-result", "aria-label": "Result" },
      h("ul", { class: "pl-list" }, ...state.result.map((text) => h("li", { text }))))
    : null;
  return [
    h("div", { class: "pl-title", text: state.title }),
    controls(state, ctx),
    h("div", { class: "pl-event pl-replay-step", text: state.step.join(" ") }),
    h("div", { class: "pl-row pl-replay-pot" }, h("strong", { text: state.pot }),
      ...state.centre.map((text) => h("span", { class: "pl-sub", text }))),
    state.dealer ? seatEl(state.dealer, ctx) : null,
    seatsEl(state.seats, ctx, "The table"),
    offerEl(state, ctx),
    result,
  ];
}

export default {
  render(view) {
    return mount(view, "pl-poker-replayer", draw);
  },
};
