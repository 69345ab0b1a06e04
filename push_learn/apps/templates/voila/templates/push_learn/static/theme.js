// push_learn's pages, light or dark. page.html has already set <html data-pl-theme> before the first paint
// (from ?theme= or the remembered choice). Here: the landing page's setting, remembered by the browser, and
// the links and forms to the dashboards, which carry ?theme=dark so that Voila renders them dark too.
(function () {
  "use strict";
  var KEY = "push_learn.theme";
  var root = document.documentElement;

  function toDashboards(theme) {
    document.querySelectorAll("form[action*='/voila/render/']").forEach(function (form) {
      var field = form.querySelector("input[type=hidden][name=theme]");
      if (theme !== "dark") {
        if (field) field.remove();
        return;
      }
      if (!field) {
        field = document.createElement("input");
        field.type = "hidden";
        field.name = "theme";
        form.append(field);
      }
      field.value = "dark";
    });
    document.querySelectorAll("a[href*='/voila/render/']").forEach(function (link) {
      var url = new URL(link.getAttribute("href"), location.href);
      if (theme === "dark") url.searchParams.set("theme", "dark");
      else url.searchParams.delete("theme");
      link.setAttribute("href", url.pathname + url.search + url.hash);
    });
  }

  function apply(theme) {
    root.setAttribute("data-pl-theme", theme);
    toDashboards(theme);
  }

  var current = root.getAttribute("data-pl-theme") === "dark" ? "dark" : "light";
  apply(current);
  var setting = document.querySelector(".pl-theme-switch");
  if (!setting) return;
  setting.querySelectorAll("input[name=pl-theme]").forEach(function (radio) {
    radio.checked = radio.value === current;
    radio.addEventListener("change", function () {
      if (!radio.checked) return;
      try {
        localStorage.setItem(KEY, radio.value);
      } catch (error) {
        // private browsing: the choice holds for this page only
      }
      apply(radio.value);
    });
  });
  setting.hidden = false;
})();
