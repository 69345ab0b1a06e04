// Rummy table drawing shared by DealStepper and PlayTable. `table` is table_json() from Python:
// seats (own/open hands or counts), up-card, stock, melds, log. Moves come back as the engine's JSON.

function backsEl(count, label) {
  const shown = Math.min(count, 12);
  const row = h("div", { class: "pl-hand pl-fan pl-backs", role: "img", "aria-label": label });
  for (let n = 0; n < shown; n += 1) row.append(cardEl({ back: true, label: "face-down card" }, { hidden: true }));
  return row;
}

function seatBadges(seat) {
  const badges = [];
  if (seat.turn) badges.push(h("span", { class: "pl-badge pl-badge-turn", text: "to move" }));
  if (seat.dealer) badges.push(h("span", { class: "pl-badge", text: "dealer" }));
  if (seat.down) badges.push(h("span", { class: "pl-badge pl-badge-down", text: "down" }));
  return badges;
}

function seatEl(seat, table, ctx, opts) {
  const who = seat.me ? `${seat.name} (you)` : seat.name;
  const box = h("div", { role: "group",
    class: `pl-seat${seat.turn ? " pl-seat-turn" : ""}${seat.me ? " pl-seat-me" : ""}`,
    "aria-label": `${who}, ${seat.count} cards${seat.turn ? ", to move" : ""}`,
    "data-seat": seat.seat,
  }, h("div", { class: "pl-row pl-seat-head" },
    h("span", { class: "pl-seat-name", text: who }),
    seat.unit !== seat.name ? h("span", { class: "pl-sub", text: seat.unit }) : null,
    h("span", { class: "pl-sub", text: `${seat.count} card${seat.count === 1 ? "" : "s"}` }),
    ...seatBadges(seat)));
  const selectable = opts.pickSeat === seat.seat && typeof opts.onToggle === "function";
  if (seat.cards) {
    box.append(handEl(seat.cards, ctx, {
      name: `hand-${seat.seat}`,
      label: selectable ? `Your hand, ${seat.count} cards; pick cards for your move` : `${seat.name}'s hand`,
      onToggle: selectable ? opts.onToggle : null,
      cls: seat.me || selectable ? "" : "pl-small",
    }));
  } else {
    box.append(backsEl(seat.count, `${seat.name} holds ${seat.count} face-down cards`));
  }
  if (seat.known && seat.known.length) {
    box.append(h("div", { class: "pl-row pl-known" }, h("span", { class: "pl-sub", text: "Known to hold:" }),
      ...seat.known.map((card) => cardEl(card, { extraClass: "pl-mini" }))));
  }
  return box;
}

function turnLine(table) {
  if (table.over) return "The match is over.";
  if (table.waiting) return `Deal ${table.deal} is dealt: play starts when you press Next deal.`;
  return `${table.turn_name} to ${table.phase === "draw" ? "take or push" : "meld or discard"}`;
}

function centreEl(table) {
  const up = table.upcard ? cardEl(table.upcard, { key: "upcard" }) : h("div", { class: "pl-card pl-slot", role: "img", "aria-label": "no up-card" });
  up.classList.add("pl-upcard");
  const stock = h("div", { class: "pl-stock", role: "img", "aria-label": `stock, ${table.stock} cards` },
    cardEl({ back: true, label: "stock" }, { hidden: true }), h("span", { class: "pl-stock-count", text: String(table.stock) }));
  return h("div", { class: "pl-centre" },
    h("div", { class: "pl-col pl-centre-item" }, h("span", { class: "pl-sub", text: "Up-card" }), up),
    h("div", { class: "pl-col pl-centre-item" }, h("span", { class: "pl-sub", text: "Stock" }), stock),
    h("div", { class: "pl-col pl-deal-info" },
      h("strong", { text: `${table.game}: deal ${table.deal} of ${table.deals}` }),
      h("span", { class: "pl-sub", text: `Contract: ${table.contract}` }),
      h("span", { class: "pl-turn-line", text: turnLine(table) }),
      table.buried.length ? h("span", { class: "pl-sub", text: `Buried at the deal: ${table.buried.map((c) => c.label).join(", ")}` }) : null));
}

function meldsEl(table, ctx, opts) {
  const area = h("div", { role: "group", class: "pl-melds", "aria-label": "Melds on the table" });
  if (!table.melds.length) {
    area.append(h("div", { class: "pl-sub", text: "No melds on the table yet." }));
    return area;
  }
  for (const meld of table.melds) {
    const onClick = opts.onMeld ? () => opts.onMeld(meld) : null;
    area.append(meldEl({ ...meld, text: `${meld.owner_name}: ${meld.text}`, label: `${meld.owner_name}'s ${meld.text}` }, ctx, {
      key: `meld:${meld.id}`, onClick, selected: Boolean(meld.chosen), cls: "pl-table-meld",
    }));
  }
  return area;
}

export function logEl(table, { lines = 8 } = {}) {
  const list = h("ol", { class: "pl-log", "aria-label": "What happened this deal" });
  const start = Math.max(0, table.log.length - lines);
  list.start = start + 1;
  table.log.slice(start).forEach((line) => list.append(h("li", { class: line.recent ? "pl-recent" : "", text: line.text })));
  return list;
}

export function offersEl(offers, ctx) {
  const bar = h("div", { class: "pl-row pl-offers", role: "group", "aria-label": "Your moves" });
  for (const offer of offers) {
    const send = offer.action ? () => ctx.send("act", { action: offer.action }) : () => ctx.send("stage", { k: offer.stage });
    bar.append(button(offer.text, `${offer.cls}${offer.action ? " pl-btn-primary" : ""}`, send, { key: `${offer.cls}|${offer.text}` }));
  }
  return bar;
}

export function stagedEl(staged, ctx) {
  if (!staged || !staged.length) return null;
  return h("div", { role: "group", class: "pl-row pl-staged", "aria-label": "Melds set aside to go down with" },
    h("span", { class: "pl-sub", text: "Set aside:" }),
    ...staged.map((meld) => h("span", { class: "pl-row" }, meldEl(meld, ctx, { key: `staged:${meld.k}` }),
      button("Return", `pl-btn-unstage pl-btn-unstage-${meld.k}`, () => ctx.send("unstage", { k: meld.k }), { ariaLabel: `Return ${meld.text}` }))));
}

// The whole table. opts: {pickSeat, onToggle(card), onMeld(meld)}.
export function tableEl(table, ctx, opts = {}) {
  const others = table.seats.filter((seat) => !seat.me);
  const me = table.seats.find((seat) => seat.me);
  // With every hand open (a replay) the hands are tall: the up-card and the stock come first, so they
  // are in sight without scrolling on a laptop screen.
  return h("div", { class: `pl-table-view${table.open ? " pl-open" : ""}` },
    table.open ? centreEl(table) : null,
    h("div", { class: "pl-seats" }, ...others.map((seat) => seatEl(seat, table, ctx, opts))),
    table.open ? null : centreEl(table),
    meldsEl(table, ctx, opts),
    me ? seatEl(me, table, ctx, opts) : null);
}
