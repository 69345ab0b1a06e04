// Poker tables: a seat (name, chips and status line, cards face up or down) and the row of seats.
// Python sends each seat as {name, label, sub, cards, hand_label, me?, to_move?}; nothing here decides a rule.

function seatEl(seat, ctx) {
  const cls = `pl-seat pl-poker-seat${seat.me ? " pl-seat-me" : ""}${seat.to_move ? " pl-seat-turn" : ""}`;
  return h("div", { role: "group", class: cls, "aria-label": seat.label, "data-seat": String(seat.seat) },
    h("div", { class: "pl-row" },
      h("span", { class: "pl-seat-name", text: seat.name }),
      h("span", { class: "pl-sub pl-poker-sub", text: seat.sub })),
    seat.cards.length
      ? handEl(seat.cards, ctx, { name: `seat-${seat.seat}`, label: seat.hand_label })
      : h("div", { class: "pl-sub", text: seat.empty || "No cards." }));
}

function seatsEl(seats, ctx, label) {
  return h("div", { role: "group", class: "pl-seats pl-poker-seats", "aria-label": label },
    ...seats.map((seat) => seatEl(seat, ctx)));
}
