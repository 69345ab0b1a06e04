// DealStepper: replay controls, the step's text, the table, what-if moves, the score at each deal's end.

function controls(state, ctx) {
  const at = state.position;
  const end = state.length;
  const slider = h("input", {
    type: "range", class: "pl-range pl-slider", min: "0", max: String(end), value: String(at), step: "1",
    "aria-label": "Move number", "aria-valuetext": state.position_text, "data-key": "slider",
  });
  slider.addEventListener("change", () => ctx.send("go", { to: Number(slider.value) }));
  return h("div", { class: "pl-controls" },
    h("div", { class: "pl-row", role: "toolbar", "aria-label": "Replay controls" },
      button("First", "pl-btn-first", () => ctx.send("go", { to: 0 }), { disabled: at === 0, ariaLabel: "First move" }),
      button("◀ Back", "pl-btn-back", () => ctx.send("step", { by: -1 }), { disabled: at === 0, ariaLabel: "Back one move" }),
      button(state.playing ? "⏸ Pause" : "▶ Play", "pl-btn-play", () => ctx.send("play"), { pressed: state.playing, ariaLabel: state.playing ? "Pause" : "Play" }),
      button("Next ▶", "pl-btn-next", () => ctx.send("step", { by: 1 }), { disabled: at === end, ariaLabel: "Next move" }),
      button("Last", "pl-btn-last", () => ctx.send("go", { to: end }), { disabled: at === end, ariaLabel: "Last move" }),
      picker(ctx, { key: "speed", label: "Speed", value: state.speed, options: state.speeds, onChoose: (speed) => ctx.send("speed", { speed }) }),
      picker(ctx, { key: "view", label: "Show", value: state.seat ?? -1, options: state.seats, onChoose: (seat) => ctx.send("seat", { seat: Number(seat) }) }),
      fourColourToggle(ctx)),
    h("div", { class: "pl-row" }, slider, h("span", { class: "pl-sub pl-position", text: state.position_text })));
}

function whatIf(state, ctx) {
  if (state.mover === null) return null;
  return h("div", { role: "group", class: "pl-panel pl-what-if", "aria-label": "Try another move" },
    h("div", { class: "pl-sub", text: `What if ${state.mover_name} played differently here? Pick cards or a meld, then a move.` }),
    stagedEl(state.staged, ctx),
    offersEl(state.offers, ctx),
    state.meld_note ? h("div", { class: "pl-sub pl-bad", text: state.meld_note }) : null);
}

function draw(state, ctx) {
  if (!state.table) return null;
  return [
    h("div", { class: "pl-title", text: state.title }),
    controls(state, ctx),
    h("div", { class: "pl-event", text: state.step_text }),
    state.diverged ? h("div", { class: "pl-row" }, h("span", { class: "pl-sub", text: "You are exploring a what-if." }),
      button("Back to the record", "pl-btn-restore", () => ctx.send("restore"))) : null,
    sortBar(state, ctx),
    tableEl(state.table, ctx, {
      pickSeat: state.mover,
      onToggle: (card) => ctx.send("toggle", { i: card.i }),
      onMeld: state.mover === null ? null : (meld) => ctx.send("meld", { id: meld.id }),
    }),
    whatIf(state, ctx),
    state.sheet ? scoreSheetEl(state.sheet) : null,
    logEl(state.table),
  ];
}

export default {
  render(view) {
    return mount(view, "pl-deal-stepper", draw);
  },
};
