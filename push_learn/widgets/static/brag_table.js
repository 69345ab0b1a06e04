// BragTable: the student's seat against bots at three-card brag. The seats and their chips, the pots, the
// choices the engine lists (with their amounts), the showdown, settings. The student's own cards arrive only
// once the student has looked at them; everything shown comes from the student's observation. Hint asks
// the coach (the sensible bot explaining the move it would make), whose words Python sends.

function choicesEl(state, ctx) {
  if (state.paused) {
    return h("div", { class: "pl-row" },
      button("Next deal", "pl-btn-continue pl-btn-primary", () => ctx.send("continue")));
  }
  if (!state.my_turn) return null;
  return h("div", { class: "pl-row pl-brag-choices", role: "group", "aria-label": "Your choices" },
    ...state.choices.map((choice) => button(choice.text, `pl-btn-${choice.act}`,
      () => ctx.send("act", { act: choice.act, amount: choice.amount, hand: choice.hand }),
      { ariaLabel: choice.aria, key: `act-${choice.act}-${choice.amount ?? choice.hand ?? ""}` })),
    button("Hint", "pl-btn-hint", () => ctx.send("hint"), { ariaLabel: "Hint: ask the coach", key: "hint" }));
}

function potsEl(state) {
  const parts = state.pots.map((pot, n) => (n === 0 ? `Pot: ${pot.amount}` : `side pot ${n}: ${pot.amount}`)
    + (pot.coverer ? ` (covered by ${pot.coverer})` : ""));
  const stake = state.stake === null ? "no bet yet" : `stake ${state.stake} seen, ${Math.ceil(state.stake / 2)} blind`;
  return h("div", { class: "pl-row pl-brag-pots", role: "status", "aria-label": "Pots and stake" },
    h("strong", { text: parts.length ? parts.join(", ") : "No pot" }),
    h("span", { class: "pl-sub", text: stake }));
}

function lastEl(state, ctx) {
  const last = state.last;
  if (!last || !state.show_last) return null;
  const panel = h("div", { role: "group", class: "pl-panel pl-brag-last", "aria-label": `Showdown of deal ${last.hand}` },
    h("div", { class: "pl-title", text: `Deal ${last.hand}: ${last.how}` }));
  last.shown.forEach((shown, n) => panel.append(h("div", { class: "pl-row" },
    h("span", { class: "pl-seat-name", text: `${shown.name}: ${shown.hand}` }),
    handEl(shown.cards, ctx, { name: `shown-${n}`, label: shown.label }))));
  panel.append(h("ul", { class: "pl-list pl-brag-awards" }, ...last.awards.map((text) => h("li", { text }))),
    h("p", { class: "pl-sub pl-brag-pack", text: last.pack }));
  return panel;
}

function toolbar(state, ctx) {
  if (state.shared) return sharedToolbar(ctx);
  const speed = picker(ctx, { key: "speed", label: "Speed", value: state.speed, options: state.speeds,
    onChoose: (speed) => ctx.send("speed", { speed }) });
  if (state.class_deal) return sharedToolbar(ctx, speed);
  return h("div", { class: "pl-controls" },
    h("div", { class: "pl-row", role: "toolbar", "aria-label": "Game controls" },
      button("Save", "pl-btn-save", () => ctx.send("save"), { ariaLabel: "Save the game's record" }),
      picker(ctx, { key: "level", label: "Bots", value: state.level, options: state.levels,
        onChoose: (level) => ctx.send("level", { level }) }),
      speed,
      fourColourToggle(ctx)),
    textEntry(ctx, { key: "seed", label: "Deal number", value: state.seed, buttonText: "New game",
      onSubmit: (seed) => ctx.send("new", { seed }) }));
}

function draw(state, ctx) {
  if (!state.seats) return null;
  download(state, ctx);
  return [
    h("div", { class: "pl-title", text: `${state.title} · deal ${state.deal} of ${state.deals}` }),
    h("div", { class: `pl-event pl-status${state.my_turn ? " pl-your-turn" : ""}`, text: state.status }),
    potsEl(state),
    seatsEl(state.seats, ctx, "The table"),
    choicesEl(state, ctx),
    coachPanel(state.hint, "The coach"),
    lastEl(state, ctx),
    h("div", { role: "group", class: "pl-panel pl-brag-log", "aria-label": "What happened in this deal" },
      h("div", { class: "pl-title", text: "What happened" }),
      h("ol", { class: "pl-list" }, ...state.log.map((text) => h("li", { text })))),
    toolbar(state, ctx),
  ];
}

export default {
  render(view) {
    return mount(view, "pl-brag-table", draw);
  },
};
