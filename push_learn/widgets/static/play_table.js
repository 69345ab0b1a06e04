// PlayTable: the student's seat against bots. The table (pl_table.js), the moves the core offers,
// hint, take-back, new game by deal number, save/load of the record, settings, and the score sheet.

function moveBar(state, ctx) {
  if (state.paused) {
    return h("div", { class: "pl-row" }, button("Next deal", "pl-btn-continue pl-btn-primary", () => ctx.send("continue")));
  }
  return h("div", { class: "pl-col pl-moves" },
    stagedEl(state.staged, ctx),
    state.my_turn ? offersEl(state.offers, ctx) : null,
    state.meld_note ? h("div", { class: "pl-sub pl-bad", text: state.meld_note }) : null,
    state.help ? h("div", { class: "pl-sub pl-help", text: `Coach: ${state.help}` }) : null);
}

function toolbar(state, ctx) {
  const hint = button("Hint", "pl-btn-hint", () => ctx.send("hint"), { disabled: !state.my_turn });
  if (state.shared) return sharedToolbar(ctx, hint);
  const speed = picker(ctx, { key: "speed", label: "Speed", value: state.speed, options: state.speeds, onChoose: (speed) => ctx.send("speed", { speed }) });
  if (state.class_deal) return sharedToolbar(ctx, hint, speed);
  return h("div", { class: "pl-controls" },
    h("div", { class: "pl-row", role: "toolbar", "aria-label": "Game controls" },
      hint,
      button("Take back", "pl-btn-takeback", () => ctx.send("takeback"), { disabled: !state.can_take_back, ariaLabel: "Take back my last move" }),
      button("Save", "pl-btn-save", () => ctx.send("save"), { ariaLabel: "Save the match record" }),
      loadButton(ctx),
      picker(ctx, { key: "level", label: "Bots", value: state.level, options: state.levels, onChoose: (level) => ctx.send("level", { level }) }),
      speed,
      fourColourToggle(ctx)),
    textEntry(ctx, { key: "seed", label: "Deal number", value: state.seed, buttonText: "New game",
      onSubmit: (seed) => ctx.send("new", { seed }) }));
}

function draw(state, ctx) {
  if (!state.table) return null;
  download(state, ctx);
  return [
    h("div", { class: "pl-title", text: state.title }),
    h("div", { class: `pl-event pl-status${state.my_turn ? " pl-your-turn" : ""}`, text: state.status }),
    sortBar(state, ctx),
    tableEl(state.table, ctx, {
      pickSeat: state.table.me,
      onToggle: (card) => ctx.send("toggle", { i: card.i }),
      onMeld: (meld) => ctx.send("meld", { id: meld.id }),
    }),
    moveBar(state, ctx),
    coachPanel(state.hint, "Hint"),
    state.sheet ? scoreSheetEl(state.sheet) : null,
    logEl(state.table),
    toolbar(state, ctx),
  ];
}

export default {
  render(view) {
    return mount(view, "pl-play-table", draw);
  },
};
