// ScoreSheet: the score pad, the last hand's penalty and the chart (drawing in pl_scores.js).

function draw(state) {
  if (!state.sheet) return null;
  return [h("div", { class: "pl-title", text: state.title }), scoreSheetEl(state.sheet)];
}

export default {
  render(view) {
    return mount(view, "pl-score-sheet-widget", draw);
  },
};
