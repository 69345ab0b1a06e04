// Loading records: a Load… button that sends a file's text (saving uses `download` in pl_common.js).

function loadButton(ctx, ariaLabel = "Load a saved match") {
  const input = h("input", { type: "file", accept: ".json,application/json", class: "pl-sr-only", tabindex: "-1",
    "aria-hidden": "true" });
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (file) ctx.send("load", { text: await file.text() });
  });
  return h("span", {}, input, button("Load…", "pl-btn-load", () => input.click(), { ariaLabel }));
}
