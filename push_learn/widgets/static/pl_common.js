// push_learn shared view helpers (cards, hands, buttons, mounting).
// Python inlines this file at the top of every widget's ES module (anywidget loads one module per widget),
// dropping the `export` keywords. Nothing here knows a rule: it draws what Python sent and sends intents back.

export const SUIT_WORD = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };

// Suit shapes in a 100 x 100 box, drawn as paths so they never depend on a font.
const SUIT_PATH = {
  H: "M50 93C22 71 3 53 3 31C3 14 15 4 29 4C39 4 46 10 50 20C54 10 61 4 71 4C85 4 97 14 97 31C97 53 78 71 50 93Z",
  D: "M50 2L89 50L50 98L11 50Z",
  S: "M50 3C78 28 97 43 97 62C97 76 87 84 75 84C66 84 58 80 54 73C55 84 60 92 68 98L32 98C40 92 45 84 46 73" +
    "C42 80 34 84 25 84C13 84 3 76 3 62C3 43 22 28 50 3Z",
  C: "M29 28a21 21 0 1 0 42 0a21 21 0 1 0 -42 0Z M5 59a21 21 0 1 0 42 0a21 21 0 1 0 -42 0Z" +
    "M53 59a21 21 0 1 0 42 0a21 21 0 1 0 -42 0Z M38 50a12 12 0 1 0 24 0a12 12 0 1 0 -24 0Z" +
    "M44 55L56 55C56 78 62 90 72 98L28 98C38 90 44 78 44 55Z",
};
// The joker: a jester's cap with three bells. scripts/build_symbol_font.py draws the same shapes (this file's
// SUIT_PATH and JOKER_PATH) into the small font that shows 🃏 ♣ ♦ ♥ ♠ in text, so they never depend on an emoji font.
const JOKER_PATH =
  "M22 73C20 57 12 47 3 41C14 31 30 34 37 47C39 31 50 15 69 7C62 21 60 35 63 47C70 35 87 34 97 44" +
  "C88 48 80 58 78 73Z" +
  "M-3 47a6.5 6.5 0 1 0 13 0a6.5 6.5 0 1 0 -13 0Z M69 7a6.5 6.5 0 1 0 13 0a6.5 6.5 0 1 0 -13 0Z" +
  "M91 51a6.5 6.5 0 1 0 13 0a6.5 6.5 0 1 0 -13 0Z" +
  "M20 76L80 76Q85 76 85 81L85 86Q85 91 80 91L20 91Q15 91 15 86L15 81Q15 76 20 76Z";

export function esc(text) {
  return String(text ?? "").replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function shape(path, cls, x, y, size) {
  return `<path class="${cls}" d="${path}" transform="translate(${x} ${y}) scale(${size / 100})"/>`;
}

export function suitSVG(suit, x, y, size) {
  return SUIT_PATH[suit] ? shape(SUIT_PATH[suit], `pl-pip pl-s-${suit}`, x, y, size) : "";
}

function rankText(rank, x, y, size, cls, anchor = "start", fit = null) {
  const width = fit ?? (rank === "10" ? size * 1.05 : null);
  const squeeze = width ? ` textLength="${width}" lengthAdjust="spacingAndGlyphs"` : "";
  return `<text class="${cls}" x="${x}" y="${y}" font-size="${size}" text-anchor="${anchor}"${squeeze}>${esc(rank)}</text>`;
}

function corner(rank, suit, cls) {
  return rankText(rank, 4, 17, 16, `pl-idx ${cls}`) + suitSVG(suit, 4.5, 20, 10);
}

let BACK_SVG = null;
function backSVG() {
  if (BACK_SVG === null) {
    let lattice = "";
    for (let y = 8; y < 80; y += 8) {
      for (let x = 8 + ((y / 8) % 2) * 4; x < 54; x += 8) lattice += `M${x} ${y - 3}L${x + 3} ${y}L${x} ${y + 3}L${x - 3} ${y}Z`;
    }
    BACK_SVG = `<rect class="pl-back" x="0.5" y="0.5" width="59" height="83" rx="5"/>` +
      `<rect class="pl-back-inner" x="4" y="4" width="52" height="76" rx="3"/><path class="pl-back-lattice" d="${lattice}"/>`;
  }
  return BACK_SVG;
}

// The band at the bottom of a wild card: what it stands for ("= 5♣", or "= 7" for a set).
function standsForSVG(card) {
  if (!card.as_r) return "";
  const text = `=${card.as_r}`;
  const width = card.as_s ? 44 : 30;
  const left = 30 - width / 2;
  return `<rect class="pl-as-band" x="${left}" y="54" width="${width}" height="24" rx="5"/>` +
    rankText(text, card.as_s ? left + 3 : 30, 72, 18, `pl-as-text pl-s-${card.as_s || "X"}`, card.as_s ? "start" : "middle",
      card.as_r === "10" ? 25 : null) +
    (card.as_s ? suitSVG(card.as_s, left + width - 15, 58.5, 13) : "");
}

function faceSVG(card) {
  if (card.back) return backSVG();
  let body = `<rect class="pl-face" x="0.5" y="0.5" width="59" height="83" rx="5"/>`;
  if (!card.r) {
    body += `<text class="pl-idx pl-joker-idx" x="5" y="15" font-size="10">JK</text>` +
      shape(JOKER_PATH, "pl-jester", card.as_r ? 18 : 12, card.as_r ? 20 : 22, card.as_r ? 24 : 36) +
      (card.as_r ? "" : `<text class="pl-joker-word" x="30" y="70" font-size="8" text-anchor="middle">JOKER</text>`);
  } else {
    const suitCls = `pl-s-${card.s}`;
    body += corner(card.r, card.s, suitCls);
    if (!card.as_r) body += `<g transform="rotate(180 30 42)">${corner(card.r, card.s, suitCls)}</g>`;
    const pictures = { J: 1, Q: 1, K: 1 };
    if (pictures[card.r]) {
      body += card.as_r ? suitSVG(card.s, 20, 24, 20) : `<rect class="pl-picture" x="15" y="16" width="30" height="52" rx="3"/>` +
        rankText(card.r, 30, 46, 22, `pl-idx ${suitCls}`, "middle") + suitSVG(card.s, 24, 50, 12);
    } else {
      const size = card.r === "A" ? 30 : 24;
      body += card.as_r ? suitSVG(card.s, 20, 24, 20) : suitSVG(card.s, 30 - size / 2, 42 - size / 2, size);
    }
  }
  return body + standsForSVG(card);
}

// Parsed once per distinct face, then cloned: cloning a node is much cheaper than parsing SVG text.
const SVG_CACHE = new Map();
export function cardSVG(card) {
  const key = card.back ? "back" : `${card.c}|${card.as_r || ""}|${card.as_s || ""}`;
  let svg = SVG_CACHE.get(key);
  if (svg === undefined) {
    const holder = document.createElement("div");
    holder.innerHTML = `<svg class="pl-card-svg" viewBox="0 0 60 84" aria-hidden="true" focusable="false">${faceSVG(card)}</svg>`;
    svg = holder.firstChild;
    SVG_CACHE.set(key, svg);
  }
  return svg.cloneNode(true);
}

// One card element. `card` is the JSON Python sent: {c, r, s, label, note?, as_r?, as_s?, wild?, back?, hl?, new?, sel?}.
// `hidden` draws a card that only decorates a labelled picture (a face-down fan, the stock): it is left out of
// the accessibility tree instead of being named twice.
export function cardEl(card, { role = "img", key = null, extraClass = "", hidden = false } = {}) {
  const el = document.createElement("div");
  const classes = ["pl-card"];
  if (card.back) classes.push("pl-card-back");
  else classes.push(card.r ? `pl-card-${card.s}` : "pl-card-joker");
  if (card.wild) classes.push("pl-wild");
  if (card.sel) classes.push("pl-selected");
  if (card.hl) classes.push("pl-highlight");
  if (card.new) classes.push("pl-new");
  if (card.dim) classes.push("pl-dim");
  if (extraClass) classes.push(extraClass);
  el.className = classes.join(" ");
  if (hidden) {
    el.setAttribute("aria-hidden", "true");
  } else {
    el.setAttribute("role", role);
    el.setAttribute("aria-label", card.label || "card");
    if (card.note) el.setAttribute("aria-description", card.note); // why it is lit, or that it is new
  }
  el.title = card.note ? `${card.label}: ${card.note}` : card.label || "";
  el.dataset.card = card.back ? "back" : card.c;
  if (key !== null) el.dataset.key = key;
  el.append(cardSVG(card));
  return el;
}

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") el.className = value;
    else if (name === "text") el.textContent = value;
    else if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

// A button with a stable class (used by browser tests) and key (used to keep focus across repaints).
// `key` finds the button again after a repaint (to keep the keyboard focus on it); it defaults to the class.
export function button(label, cls, onClick, { disabled = false, pressed = null, title = null, ariaLabel = null, key = null } = {}) {
  return h("button", {
    type: "button",
    class: `pl-btn ${cls}`,
    "data-key": key ?? cls,
    disabled: disabled || null,
    "aria-pressed": pressed === null ? null : String(pressed),
    title,
    "aria-label": ariaLabel,
    onclick: disabled ? null : onClick,
  }, label);
}

// The "By suit / By rank / As dealt" buttons; state.sorts is [[by, text], ...] from Python.
export function sortBar(state, ctx) {
  const bar = h("div", { class: "pl-row pl-sort", role: "group", "aria-label": "Sort the hand" });
  for (const [by, text] of state.sorts || []) {
    bar.append(button(text, `pl-btn-sort-${by}`, () => ctx.send("sort", { by }), { pressed: state.sort === by }));
  }
  return bar;
}

// The controls of a seat at a class table shared with classmates (`state.shared`), or at the class's deal
// (`state.class_deal`): only what such a seat may use.
// Take-back, new deal, loading, saving, the bots and their speed belong to the table, so they are not offered.
export function sharedToolbar(ctx, ...allowed) {
  return h("div", { class: "pl-controls" },
    h("div", { class: "pl-row", role: "toolbar", "aria-label": "Game controls" }, ...allowed, fourColourToggle(ctx)));
}

// A toggle for the four-colour deck: a view setting kept in the synced `four_colour` trait.
export function fourColourToggle(ctx) {
  const on = Boolean(ctx.model.get("four_colour"));
  return button("Four colours", "pl-btn-four-colour", () => {
    ctx.model.set("four_colour", !on);
    ctx.model.save_changes();
  }, { pressed: on, title: "Draw diamonds blue and clubs green" });
}

// A labelled text box that sends its text on Enter or with its button. What the student is typing
// survives repaints: the draft lives in ctx.local until it is sent or Python's value changes.
// ``more`` adds buttons that send the same text elsewhere: [{ text, key, onSubmit }, ...].
export function textEntry(ctx, { key, label, value, onSubmit, buttonText = "Use", placeholder = "", more = [] }) {
  const drafts = (ctx.local.drafts ||= {});
  const draft = drafts[key];
  if (draft && draft.from !== value) delete drafts[key];
  const input = h("input", {
    type: "text",
    class: `pl-input pl-input-${key}`,
    "data-key": `input-${key}`,
    "aria-label": label,
    placeholder,
    spellcheck: "false",
    autocomplete: "off",
  });
  input.value = drafts[key] ? drafts[key].text : value ?? "";
  // What was typed stays in the box until the value it was typed over changes (a refusal keeps it, to mend).
  const submit = () => onSubmit(input.value);
  input.addEventListener("input", () => {
    drafts[key] = { text: input.value, from: value };
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      submit();
    }
  });
  const extra = more.map((b) => button(b.text, `pl-btn-${b.key}`, () => b.onSubmit(input.value)));
  return h("label", { class: "pl-row pl-entry" }, h("span", { class: "pl-sub", text: label }), input,
    button(buttonText, `pl-btn-${key}`, submit), ...extra);
}

// A <select> whose choice is sent at once; options are [[value, text], ...].
export function picker(ctx, { key, label, value, options, onChoose }) {
  const select = h("select", { class: `pl-select pl-select-${key}`, "data-key": `select-${key}`, "aria-label": label });
  for (const [optionValue, text] of options) {
    const option = h("option", { value: String(optionValue) }, text);
    if (String(optionValue) === String(value)) option.selected = true;
    select.append(option);
  }
  select.addEventListener("change", () => onChoose(select.value));
  return h("label", { class: "pl-row pl-picker" }, h("span", { class: "pl-sub", text: label }), select);
}

// A row of cards. With `onToggle` it is a keyboard-usable multi-select listbox (roving tabindex:
// Tab enters and leaves, arrows/Home/End move, Space/Enter toggle); otherwise a labelled group of images.
export function coachPanel(hint, label) {
  // The coach's answer: a title and its lines, as Python wrote them (null when nothing was asked).
  if (!hint) return null;
  return h("div", { role: "group", class: "pl-panel pl-hint", "aria-label": label },
    h("div", { class: "pl-title", text: hint.title }),
    h("ul", { class: "pl-list" }, ...hint.lines.map((text) => h("li", { text }))));
}

export function handEl(cards, ctx, { name, label, onToggle = null, cls = "", fan = false } = {}) {
  const selectable = typeof onToggle === "function";
  const box = h("div", {
    class: `pl-hand ${cls}${fan ? " pl-fan" : ""}`,
    role: selectable ? "listbox" : "group",
    "aria-label": label,
    "aria-multiselectable": selectable ? "true" : null,
    "aria-orientation": selectable ? "horizontal" : null,
  });
  const keys = cards.map((card, n) => `${name}:${card.i ?? n}`);
  let active = ctx.active.get(name);
  if (!keys.includes(active)) active = keys[0];
  ctx.active.set(name, active);
  cards.forEach((card, n) => {
    const el = cardEl(card, { role: selectable ? "option" : "img", key: keys[n] });
    if (selectable) {
      el.setAttribute("aria-selected", card.sel ? "true" : "false");
      el.tabIndex = keys[n] === active ? 0 : -1;
      el.addEventListener("click", () => {
        ctx.active.set(name, keys[n]);
        onToggle(card, n);
      });
    }
    box.append(el);
  });
  if (selectable) {
    box.addEventListener("keydown", (event) => {
      const at = keys.indexOf(event.target.dataset?.key);
      if (at < 0) return;
      let next = at;
      if (event.key === "ArrowRight" || event.key === "ArrowDown") next = Math.min(at + 1, keys.length - 1);
      else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = Math.max(at - 1, 0);
      else if (event.key === "Home") next = 0;
      else if (event.key === "End") next = keys.length - 1;
      else if (event.key === " " || event.key === "Enter") {
        event.preventDefault();
        onToggle(cards[at], at);
        return;
      } else return;
      event.preventDefault();
      const children = box.children;
      children[at].tabIndex = -1;
      children[next].tabIndex = 0;
      children[next].focus();
      ctx.active.set(name, keys[next]);
    });
  }
  return box;
}

// A meld on the table: its cards (wilds show what they stand for) and its reading in words.
export function meldEl(meld, ctx, { key, onClick = null, selected = false, cls = "" } = {}) {
  const box = h("div", {
    class: `pl-meld pl-meld-${meld.kind}${selected ? " pl-selected" : ""}${meld.hl ? " pl-highlight" : ""} ${cls}`,
    role: onClick ? "button" : "group",
    tabindex: onClick ? "0" : null,
    "aria-pressed": onClick ? String(selected) : null,
    "aria-label": meld.label || meld.text,
    "data-key": key,
  });
  const row = h("div", { class: "pl-meld-cards" });
  meld.cards.forEach((card, n) => row.append(cardEl(card, { key: `${key}:${n}` })));
  box.append(row, h("div", { class: "pl-meld-text", text: meld.text }));
  if (onClick) {
    box.addEventListener("click", onClick);
    box.addEventListener("keydown", (event) => {
      if (event.key === " " || event.key === "Enter") {
        event.preventDefault();
        onClick(event);
      }
    });
  }
  return box;
}

// The longest a press in a widget holds back its repaints (see `mount`), in milliseconds.
const LONGEST_PRESS_MS = 5000;

// Mount a widget: a root element that Python's `state` repaints whole, persistent live regions for
// notices and for `state.announce` (so screen readers announce them), and focus kept on the same
// element across repaints.
export function mount({ model, el }, widgetClass, draw) {
  const started = performance.now();
  const root = h("div", { class: `pl-root ${widgetClass}` });
  const body = h("div", { class: "pl-body" });
  const live = h("div", { class: "pl-notice", role: "status", "aria-live": "polite" });
  const said = h("div", { class: "pl-sr-only pl-announce", "aria-live": "polite" });
  root.append(body, live, said);
  el.append(root);
  const ctx = {
    model,
    active: new Map(),
    local: {},
    send(type, data = {}) {
      model.send({ type, ...data });
    },
    repaint: () => paint(),
  };
  let lastNotice = null;
  function paint() {
    const began = performance.now();
    const hadFocus = body.contains(document.activeElement);
    const focused = hadFocus ? document.activeElement.dataset?.key : null;
    const state = model.get("state") || {};
    root.classList.toggle("pl-four", Boolean(model.get("four_colour")));
    root.dataset.size = model.get("card_size") || "medium";
    root.dataset.rev = String(state.rev ?? 0);
    body.replaceChildren(...[draw(state, ctx)].flat().filter(Boolean));
    const notice = state.notice || null;
    const noticeKey = notice ? `${notice.kind}|${notice.text}|${notice.n ?? ""}` : null;
    if (noticeKey !== lastNotice) {
      lastNotice = noticeKey;
      live.textContent = notice ? notice.text : "";
      live.className = `pl-notice${notice ? ` pl-notice-${notice.kind}` : ""}`;
    }
    if ((state.announce || "") !== said.textContent) said.textContent = state.announce || "";
    if (hadFocus) {
      // The same control again if it is still there and usable; else the first one that is, so the
      // keyboard focus never falls out of the widget when a button goes away or is disabled.
      let target = focused ? body.querySelector(`[data-key="${CSS.escape(focused)}"]`) : null;
      if (!target || target.disabled) target = body.querySelector("button:not([disabled]), [tabindex='0']");
      if (target) target.focus({ preventScroll: true });
    }
    root.dataset.painted = String(state.rev ?? 0);
    root.dataset.paintMs = (performance.now() - began).toFixed(1);
  }
  // A press is let finish before a repaint. A repaint replaces every node, and a press and a release that
  // land on two different nodes make no click: a move clicked just as the table changed (a bot's move,
  // another student's) would be lost without a word. So while a pointer is down in the widget a repaint
  // waits (the root's `data-waiting` says so), and it comes right after the release, after the click.
  let pressed = false;
  let stuck = 0;
  function paintWhenReleased() {
    if (pressed) root.dataset.waiting = "1";
    else paint();
  }
  function release() {
    if (!pressed) return;
    pressed = false;
    clearTimeout(stuck);
    if (!root.dataset.waiting) return;
    delete root.dataset.waiting;
    setTimeout(paint, 0); // the click of this press is dispatched first
  }
  function press() {
    pressed = true;
    clearTimeout(stuck);
    stuck = setTimeout(release, LONGEST_PRESS_MS); // a press held down never holds the table back for long
  }
  root.addEventListener("pointerdown", press);
  window.addEventListener("pointerup", release, true);
  window.addEventListener("pointercancel", release, true);
  const events = ["change:state", "change:four_colour", "change:card_size"];
  for (const name of events) model.on(name, paintWhenReleased);
  paint();
  root.dataset.renderMs = (performance.now() - started).toFixed(1);
  return () => {
    for (const name of events) model.off(name, paintWhenReleased);
    root.removeEventListener("pointerdown", press);
    window.removeEventListener("pointerup", release, true);
    window.removeEventListener("pointercancel", release, true);
    clearTimeout(stuck);
  };
}

// Hand a file Python prepared (state.download: {name, text, n}) to the browser once, as a download.
export function download(state, ctx) {
  const file = state.download;
  if (!file || ctx.local.downloaded === file.n) return;
  ctx.local.downloaded = file.n;
  const url = URL.createObjectURL(new Blob([file.text], { type: "application/json" }));
  const link = h("a", { href: url, download: file.name, class: "pl-sr-only" });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
