// Score pad drawing shared by ScoreSheet, DealStepper and PlayTable. `sheet` is score_json() from Python.

// Line colours are the theme's: pl-series-0 ... pl-series-5 in pl_common.css.
const CHART_SERIES = 6;

function scoreTable(sheet) {
  const head = h("tr", {}, h("th", { scope: "col", text: "Deal" }), h("th", { scope: "col", text: "Contract" }),
    ...sheet.headers.map((name, u) => h("th", { scope: "col", class: sheet.winners.includes(u) ? "pl-winner" : "", text: name })));
  const rows = sheet.deals.map((deal) => h("tr", { class: deal.points ? "pl-played" : "pl-unplayed" },
    h("th", { scope: "row", text: String(deal.deal) }),
    h("td", { class: "pl-contract", text: deal.contract }),
    ...sheet.headers.map((_, u) => h("td", {
      class: "pl-score",
      title: deal.points ? `${deal.points[u]} points this deal, ${deal.totals[u]} in all` : "",
    }, deal.points ? [h("span", { class: "pl-add", text: deal.points[u] ? `+${deal.points[u]}` : "—" }), " ",
      h("strong", { text: String(deal.totals[u]) })] : []))));
  const foot = h("tr", { class: "pl-total-row" }, h("th", { scope: "row", text: "Total" }), h("td", {}),
    ...sheet.totals.map((total, u) => h("td", { class: sheet.winners.includes(u) ? "pl-winner" : "", text: String(total) })));
  return h("table", { class: "pl-table pl-score-table" },
    h("caption", { class: "pl-sr-only", text: sheet.summary }),
    h("thead", {}, head), h("tbody", {}, ...rows), h("tfoot", {}, foot));
}

function scoreChart(sheet) {
  const width = 220;
  const height = 120;
  const pad = 22;
  const { series, deals, top } = sheet.chart;
  const x = (n) => pad + (n * (width - pad - 8)) / deals;
  const y = (v) => height - pad - (v * (height - pad - 10)) / top;
  let svg = `<line class="pl-axis" x1="${pad}" y1="${height - pad}" x2="${width - 6}" y2="${height - pad}"/>` +
    `<line class="pl-axis" x1="${pad}" y1="8" x2="${pad}" y2="${height - pad}"/>` +
    `<text class="pl-axis-text" x="${pad - 4}" y="14" text-anchor="end">${top}</text>` +
    `<text class="pl-axis-text" x="${pad - 4}" y="${height - pad}" text-anchor="end">0</text>`;
  for (let n = 1; n <= deals; n += 1) {
    svg += `<text class="pl-axis-text" x="${x(n)}" y="${height - 8}" text-anchor="middle">${n}</text>`;
  }
  series.forEach((values, u) => {
    const points = values.map((v, n) => `${x(n)},${y(v)}`).join(" ");
    const series = `pl-series-${u % CHART_SERIES}`;
    svg += `<polyline class="pl-chart-line ${series}" points="${points}"/>`;
    values.forEach((v, n) => { svg += `<circle class="pl-chart-dot ${series}" cx="${x(n)}" cy="${y(v)}" r="3"/>`; });
  });
  const chart = h("div", { class: "pl-chart" });
  chart.innerHTML = `<svg viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" aria-hidden="true">${svg}</svg>`;
  const legend = h("div", { class: "pl-legend" }, ...sheet.headers.map((name, u) =>
    h("span", { class: "pl-legend-item" }, h("span", { class: `pl-swatch pl-series-${u % CHART_SERIES}` }), name)));
  return h("figure", { class: "pl-figure", "aria-label": "Running totals chart" }, chart, legend,
    h("figcaption", { class: "pl-sub", text: sheet.summary }));
}

function lastHand(last) {
  const box = h("div", { role: "group", class: "pl-last-hand", "aria-label": `Penalty of deal ${last.deal}` },
    h("div", { class: "pl-title", text: `Deal ${last.deal}: cards left` }),
    h("div", { class: "pl-sub", text: last.text }));
  for (const seat of last.seats) {
    const row = h("div", { class: `pl-row pl-penalty-row${seat.counts ? "" : " pl-not-counted"}` },
      h("span", { class: "pl-seat-name", text: seat.name }));
    if (!seat.cards.length) row.append(h("span", { class: "pl-sub", text: seat.went_out ? "went out" : "no cards" }));
    for (const card of seat.cards) {
      row.append(h("span", { class: "pl-penalty-card" }, cardEl(card), h("span", { class: "pl-pts", text: String(card.pts) })));
    }
    const note = seat.note ? ` (${seat.note})` : "";
    row.append(h("strong", { class: "pl-penalty-total", text: `= ${seat.penalty}${note}` }));
    box.append(row);
  }
  return box;
}

export function scoreSheetEl(sheet) {
  if (!sheet || !sheet.deals) return null;
  return h("div", { class: "pl-score-sheet" },
    sheet.how ? h("p", { class: "pl-sub pl-score-how", role: "note", text: sheet.how }) : null,
    h("div", { class: "pl-panels" }, h("div", { class: "pl-panel" }, scoreTable(sheet)), h("div", { class: "pl-panel" }, scoreChart(sheet))),
    sheet.last ? lastHand(sheet.last) : null);
}
