// Saving and loading records: a download offered by Python's state, and a Load… button that sends a file's text.

function download(state, ctx) {
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

function loadButton(ctx, ariaLabel = "Load a saved match") {
  const input = h("input", { type: "file", accept: ".json,application/json", class: "pl-sr-only", tabindex: "-1",
    "aria-hidden": "true" });
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (file) ctx.send("load", { text: await file.text() });
  });
  return h("span", {}, input, button("Load…", "pl-btn-load", () => input.click(), { ariaLabel }));
}
