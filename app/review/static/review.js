// Review page: text selection -> character offsets, keyboard shortcuts, htmx requests.
// Offsets are UTF-16 code units from the start of #text (the server converts them to characters).
(function () {
  "use strict";
  const docEl = document.getElementById("doc");
  const job = docEl.dataset.job;
  const labelSelect = document.getElementById("label");
  let mergeSource = null;   // entity index marked with "m"
  let caret = 0;            // caret offset to restore after a swap

  function textEl() { return document.getElementById("text"); }

  // offset of (node, offset) from the start of #text, in UTF-16 code units
  function offsetOf(node, offset) {
    const range = document.createRange();
    range.selectNodeContents(textEl());
    range.setEnd(node, offset);
    return range.toString().length;
  }

  function selection() {
    const sel = window.getSelection();
    if (!sel.rangeCount) return null;
    const r = sel.getRangeAt(0);
    if (!textEl().contains(r.startContainer) || !textEl().contains(r.endContainer)) return null;
    return { start: offsetOf(r.startContainer, r.startOffset), end: offsetOf(r.endContainer, r.endOffset) };
  }

  function placeCaret(offset) {
    const walker = document.createTreeWalker(textEl(), NodeFilter.SHOW_TEXT);
    let left = offset, node;
    while ((node = walker.nextNode())) {
      if (left <= node.length) {
        const r = document.createRange();
        r.setStart(node, left); r.collapse(true);
        const sel = window.getSelection(); sel.removeAllRanges(); sel.addRange(r);
        return;
      }
      left -= node.length;
    }
  }

  // the entity (mark) at the caret or under the focus
  function currentEntity() {
    const active = document.activeElement;
    const row = active && active.closest && active.closest("tr[data-index]");
    if (row) return parseInt(row.dataset.index, 10);
    const sel = window.getSelection();
    if (!sel.rangeCount) return null;
    let node = sel.getRangeAt(0).startContainer;
    const el = node.nodeType === 1 ? node : node.parentElement;
    let mark = el && el.closest("mark.ent");
    if (!mark && node.nodeType === 3 && sel.getRangeAt(0).startOffset === node.length) {
      // caret at the end of a text node right before a mark: take that mark
      const next = node.nextSibling;
      if (next && next.matches && next.matches("mark.ent")) mark = next;
    }
    return mark ? parseInt(mark.dataset.index, 10) : null;
  }

  function post(action, values) {
    const sel = selection();
    caret = sel ? sel.start : caret;
    values.job = job;
    return htmx.ajax("POST", "/doc/" + action, { target: "#doc", swap: "innerHTML", values: values });
  }

  function add() {
    const sel = selection();
    if (!sel || sel.start === sel.end) return;
    post("add", { start: sel.start, end: sel.end, label: labelSelect.value });
  }

  function onEntity(action, extra) {
    const index = currentEntity();
    if (index === null) return;
    post(action, Object.assign({ index: index }, extra || {}));
  }

  function merge() {
    const index = currentEntity();
    if (index === null) return;
    if (mergeSource === null) {
      mergeSource = index;
      highlight();
      return;
    }
    const target = mergeSource;
    mergeSource = null;
    if (target !== index) post("merge", { index: target, other: index });
    else highlight();
  }

  function moveTo(delta) {
    const marks = Array.from(textEl().querySelectorAll("mark.ent"));
    if (!marks.length) return;
    const cur = currentEntity();
    let i = cur === null ? (delta > 0 ? 0 : marks.length - 1) : cur + delta;
    i = Math.max(0, Math.min(marks.length - 1, i));
    textEl().focus();
    // put the caret inside the mark (after its first character) so it is "at" the entity
    const r = document.createRange();
    r.setStart(marks[i].firstChild, Math.min(1, marks[i].firstChild.length)); r.collapse(true);
    const s = window.getSelection(); s.removeAllRanges(); s.addRange(r);
    highlight();
  }

  function release() {
    htmx.ajax("POST", "/doc/release", { target: "#doc", swap: "innerHTML", values: { job: job } });
  }

  function highlight() {
    const cur = currentEntity();
    textEl().querySelectorAll("mark.ent").forEach(function (m) {
      const i = parseInt(m.dataset.index, 10);
      m.classList.toggle("current", i === cur);
      m.classList.toggle("merge-source", i === mergeSource);
    });
  }

  // the text is read-only: allow caret movement and selection, refuse every change
  function guardText() {
    const t = textEl();
    ["beforeinput", "paste", "drop", "cut"].forEach(function (type) {
      t.addEventListener(type, function (ev) { ev.preventDefault(); });
    });
    t.addEventListener("keyup", highlight);
    t.addEventListener("mouseup", highlight);
    t.querySelectorAll("mark.ent").forEach(function (m) {
      m.addEventListener("mouseenter", function () {
        t.querySelectorAll('mark.ent[data-chain="' + m.dataset.chain + '"]').forEach(function (o) { o.classList.add("chain-hover"); });
      });
      m.addEventListener("mouseleave", function () {
        t.querySelectorAll("mark.ent.chain-hover").forEach(function (o) { o.classList.remove("chain-hover"); });
      });
    });
  }

  document.addEventListener("keydown", function (ev) {
    const target = ev.target;
    const inText = target === textEl();
    const inField = !inText && target.closest && target.closest("input, select, textarea");
    if (ev.key === "Enter" && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); release(); return; }
    if (inField || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const key = ev.key;
    let handled = true;
    if (key === "a") add();
    else if (key === "x" || key === "Delete") onEntity("remove");
    else if (key === "r") onEntity("relabel", { label: labelSelect.value });
    else if (key === "s") onEntity("split");
    else if (key === "m") merge();
    else if (key === "n") moveTo(1);
    else if (key === "p") moveTo(-1);
    else if (/^[1-9]$/.test(key) && labelSelect.options.length >= parseInt(key, 10)) labelSelect.selectedIndex = parseInt(key, 10) - 1;
    else if (inText && key.length === 1) { /* typing is refused */ }
    else if (inText && (key === "Backspace" || key === "Enter")) { /* refused */ }
    else handled = false;
    if (handled) ev.preventDefault();
  });

  document.getElementById("add-btn").addEventListener("click", add);
  document.getElementById("release-btn").addEventListener("click", release);
  document.getElementById("leave-btn").addEventListener("click", function () {
    htmx.ajax("POST", "/doc/leave", { target: "#doc", values: { job: job } });
  });
  // keep the selection when the mouse goes to the toolbar button
  document.getElementById("add-btn").addEventListener("mousedown", function (ev) { ev.preventDefault(); });

  document.body.addEventListener("htmx:afterSwap", function (ev) {
    if (ev.detail.target !== docEl) return;
    guardText();
    textEl().focus();
    placeCaret(caret);
    highlight();
  });
  guardText();
  textEl().focus();
  placeCaret(0);
})();
