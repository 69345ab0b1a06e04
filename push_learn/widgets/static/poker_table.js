// PokerTable: one deal of a push stud game against bots. Every seat's chips and cards as the student's seat
// sees them (others' face-down cards are backs), the card on offer, the move buttons Python built from the
// engine's legal actions, the coach, the showdown and the log. No rule here: a click sends the action back.

function seatEl(seat, ctx) {
  const facts = [`$${seat.stack} left`, `$${seat.committed} in the pot`];
  if (seat.round_bet) facts.push(`$${seat.round_bet} this round`);
  if (seat.folded) facts.push("folded");
  else if (!seat.dealt_in) facts.push("not dealt in");
  else if (seat.all_in) facts.push("all in");
  if (seat.has_chosen) facts.push("has chosen");
  if (seat.declared) facts.push(`declared ${seat.declared}`);
  const name = `${seat.name}${seat.dealer ? " (dealer)" : ""}`;
  const cards = [...seat.down, ...seat.up];
  const faceDown = seat.down.length;
  const label = `${name}: ${cards.length} card${cards.length === 1 ? "" : "s"}` +
    (faceDown ? `, ${faceDown} face down` : "") + `; ${facts.join(", ")}`;
  const cls = `pl-seat pl-poker-seat${seat.me ? " pl-seat-me" : ""}${seat.to_move ? " pl-seat-turn" : ""}` +
    `${seat.folded ? " pl-poker-folded" : ""}`;
  return h("div", { role: "group", class: cls, "aria-label": label, "data-seat": String(seat.seat) },
    h("div", { class: "pl-row" },
      h("span", { class: "pl-seat-name", text: name }),
      h("span", { class: "pl-sub", text: facts.join(" · ") })),
    h("div", { class: "pl-row pl-poker-cards" },
      seat.down.length ? cardsPart(seat, seat.down, "face down", handEl(seat.down, ctx, {
        name: `down-${seat.seat}`, cls: "pl-poker-down",
        label: seat.me ? "Your face-down cards" : `${seat.name}'s face-down cards` })) : null,
      cardsPart(seat, seat.up, "face up", handEl(seat.up, ctx, { name: `up-${seat.seat}`, cls: "pl-poker-up",
        label: seat.me ? "Your up cards" : `${seat.name}'s up cards` }))),
    seat.hands.length ? h("div", { class: "pl-poker-hand", text: seat.hands.join(" · ") }) : null,
    seat.net !== null ? h("div", { class: `pl-poker-net ${seat.net >= 0 ? "pl-good" : "pl-bad"}`,
      text: seat.net_text }) : null);
}

// The student's own cards all show their faces, so a caption says which ones the others cannot see.
function cardsPart(seat, cards, caption, hand) {
  if (!seat.me || !cards.length) return hand;
  return h("div", { class: "pl-poker-part" }, h("div", { class: "pl-sub pl-poker-caption", text: caption }), hand);
}

function movesEl(state, ctx) {
  if (!state.actions.length) return null;
  const bar = h("div", { class: "pl-row pl-poker-moves", role: "group", "aria-label": "Your moves" });
  for (const move of state.actions) {
    const text = move.estimate ? `${move.label} · ${move.estimate}` : move.label;
    bar.append(button(text, `pl-btn-act pl-btn-${move.kind}`, () => ctx.send("act", { action: move.action }),
      { key: `act-${move.key}`, ariaLabel: move.estimate ? `${move.label}: the coach says ${move.estimate}` : null }));
  }
  return h("div", { class: "pl-col" }, bar,
    state.declare_note ? h("div", { class: "pl-sub pl-poker-declare-note", text: state.declare_note }) : null);
}

function resultEl(state) {
  if (!state.result) return null;
  return h("div", { role: "group", class: "pl-panel pl-poker-result", "aria-label": "The showdown" },
    h("div", { class: "pl-title", text: "The showdown" }),
    h("ul", { class: "pl-list pl-poker-lines" }, ...state.result.lines.map((text) => h("li", { text }))),
    ...state.result.explain.map((text) => h("p", { class: "pl-sub pl-poker-explain", text })));
}

function logEl(state, ctx) {
  const more = state.log_more && !state.log_all;
  return h("div", { role: "group", class: "pl-panel pl-poker-log", "aria-label": "What happened" },
    h("div", { class: "pl-title", text: "What happened" }),
    // the shortened log shows the last lines: number them as lines of the whole log, not from 1
    h("ol", { class: "pl-list", start: more ? state.log_more + 1 : null }, ...state.log.map((text) => h("li", { text }))),
    state.log_more ? button(more ? `Show all ${state.log_more + state.log.length} lines` : "Show the last lines only",
      "pl-btn-log", () => ctx.send("log", { all: !state.log_all }), { pressed: state.log_all }) : null);
}

function toolbar(state, ctx) {
  const hint = button("Hint", "pl-btn-hint", () => ctx.send("hint"), { disabled: !state.my_turn, ariaLabel: "Hint: ask the coach" });
  if (state.shared) return sharedToolbar(ctx, hint);
  const speed = picker(ctx, { key: "speed", label: "Speed", value: state.speed, options: state.speeds,
    onChoose: (speed) => ctx.send("speed", { speed }) });
  if (state.class_deal) return sharedToolbar(ctx, hint, speed);
  return h("div", { class: "pl-controls" },
    h("div", { class: "pl-row", role: "toolbar", "aria-label": "Game controls" },
      hint,
      button("Take back", "pl-btn-takeback", () => ctx.send("takeback"),
        { disabled: !state.can_take_back, ariaLabel: "Take back my last move" }),
      button("Save", "pl-btn-save", () => ctx.send("save"), { ariaLabel: "Save the deal's record" }),
      picker(ctx, { key: "level", label: "Bots", value: state.level, options: state.levels,
        onChoose: (level) => ctx.send("level", { level }) }),
      speed,
      fourColourToggle(ctx)),
    textEntry(ctx, { key: "seed", label: "Deal number", value: state.seed, buttonText: "New deal",
      onSubmit: (seed) => ctx.send("new", { seed }) }));
}

function draw(state, ctx) {
  if (!state.seats) return null;
  download(state, ctx);
  const pot = `Pot: $${state.pot}` + (state.round ? ` · betting round ${state.round}` : "");
  return [
    h("div", { class: "pl-title", text: state.title }),
    h("div", { class: `pl-event pl-status${state.my_turn ? " pl-your-turn" : ""}`, text: state.status }),
    h("div", { class: "pl-row pl-poker-pot", role: "group", "aria-label": "The pot" },
      h("strong", { text: pot }),
      ...state.pots.map((text) => h("span", { class: "pl-sub pl-poker-side-pot", text }))),
    h("div", { class: "pl-seats" }, ...state.seats.map((seat) => seatEl(seat, ctx))),
    h("div", { class: "pl-panels" }, offerEl(state, ctx), resultEl(state)),
    movesEl(state, ctx),
    coachPanel(state.hint, "The coach"),
    logEl(state, ctx),
    toolbar(state, ctx),
  ];
}

export default {
  render(view) {
    return mount(view, "pl-poker-table", draw);
  },
};
