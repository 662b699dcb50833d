// The lobby ("/": the tables, joining under a name, creating a table) and the history
// ("/history": the matches played, each hand a link to its replay). Plain JavaScript.
"use strict";

window.NertsPage = (function () {
  const params = new URLSearchParams(window.location.search);
  const path = window.location.pathname;
  const $ = (id) => document.getElementById(id);
  const badSeat = params.has("seat") && !/^\d{1,2}$/.test(params.get("seat"));
  let mode = "lobby";
  if (path === "/history") mode = "history";
  else if (path === "/replay") mode = "replay";
  else if ((params.has("seat") && !badSeat) || params.has("watch")) mode = "table";

  function notice(text) {
    const el = $("notice");
    el.textContent = text;
    el.hidden = !text;
  }

  // Back to the lobby with a notice (a refused or a bad seat).
  function toLobby(text) {
    window.location.assign(`/?notice=${encodeURIComponent(text)}`);
  }

  function myName() {
    return (localStorage.getItem("nerts-name") || "").trim();
  }

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function sit(table, seat) {
    const name = $("name").value.trim();
    if (name) localStorage.setItem("nerts-name", name);
    const code = document.querySelector(`[data-code="${table}"]`);
    if (code && code.value) sessionStorage.setItem(`nerts-code-${table}`, code.value);
    window.location.assign(`/?table=${encodeURIComponent(table)}&seat=${seat}`);
  }

  function seatItem(t, p) {
    const li = el("li", { "data-seat": String(p.seat) });
    if (p.player === "bot") {
      li.textContent = `${p.name} (${t.bot})`;
    } else if (p.connected) {
      li.textContent = `${p.name}`;
    } else {
      li.append(document.createTextNode(`${p.name === `Seat ${p.seat}` ? "free" : `${p.name} (away)`} `));
      const b = el("button", { type: "button", "data-join": `${t.id}:${p.seat}` }, `sit at seat ${p.seat}`);
      b.addEventListener("click", () => sit(t.id, p.seat));
      li.append(b);
    }
    return li;
  }

  function tableEl(t) {
    const box = el("article", { "data-table": t.id, class: "table-card" });
    box.append(el("h3", {}, `Table ${t.id} · ${t.variant} · ${t.seats} seats · ${t.status} · hand ${t.hand}`));
    const ul = el("ul");
    for (const p of t.players) ul.append(seatItem(t, p));
    box.append(ul);
    if (t.code) {
      const label = el("label", {}, "join code ");
      label.append(el("input", { "data-code": t.id, autocomplete: "off" }));
      box.append(label);
    }
    box.append(el("a", { href: `/?table=${t.id}&watch`, "data-watch": t.id }, "watch"));
    return box;
  }

  async function refreshTables() {
    try {
      const response = await fetch("/api/tables", { cache: "no-store" });
      const tables = await response.json();
      const focused = document.activeElement && document.activeElement.closest("[data-table]");
      if (focused) return; // someone is typing a code: redraw later
      const box = $("tables");
      box.textContent = "";
      for (const t of tables) box.append(tableEl(t));
    } catch (err) {
      notice("the server does not answer");
    }
  }

  async function create(event) {
    event.preventDefault();
    const form = new FormData($("create"));
    const body = {
      variant: form.get("variant"),
      seats: Number(form.get("seats")),
      bots: Number(form.get("bots")),
      bot: form.get("bot"),
    };
    if (form.get("code")) body.code = form.get("code");
    const response = await fetch("/api/tables", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) {
      notice(`could not create the table: ${answer.error}`);
      return;
    }
    if (body.code) sessionStorage.setItem(`nerts-code-${answer.id}`, body.code);
    const name = $("name").value.trim();
    if (name) localStorage.setItem("nerts-name", name);
    const seat = body.bots < body.seats ? "seat=0" : "watch";
    window.location.assign(`/?table=${answer.id}&${seat}`);
  }

  function startLobby() {
    $("lobby-page").hidden = false;
    $("who").textContent = "the lobby";
    $("name").value = myName();
    if (badSeat) notice(`there is no seat ${JSON.stringify(params.get("seat"))}: pick one here`);
    else if (params.get("notice")) notice(params.get("notice"));
    $("create").addEventListener("submit", create);
    refreshTables();
    setInterval(refreshTables, 2000);
  }

  function matchEl(m) {
    const box = el("article", { class: "match" });
    const totals = m.totals ? m.names.map((n, i) => `${n} ${m.totals[i]}`).join(" · ") : "no hand";
    const verdict = m.over && m.winner !== null ? ` · ${m.names[m.winner]} won` : m.over ? "" : " · unfinished";
    const first = m.hands.length ? `/replay?hand=${m.hands[0].id}` : "/history";
    box.append(el("a", { href: first, "data-match": String(m.id) }, `Match ${m.id} (table ${m.table}, ${m.variant}): ${totals}${verdict}`));
    const ol = el("ol");
    for (const h of m.hands) {
      const li = el("li");
      const scores = m.names.map((n, i) => `${n} ${h.scores[i]}`).join(", ");
      li.append(el("a", { href: `/replay?hand=${h.id}`, "data-hand": String(h.id) }, `hand ${h.number}: ${scores}`));
      ol.append(li);
    }
    box.append(ol);
    return box;
  }

  async function startHistory() {
    $("history-page").hidden = false;
    $("who").textContent = "history";
    const response = await fetch("/api/history", { cache: "no-store" });
    const matches = await response.json();
    const box = $("matches");
    box.textContent = matches.length ? "" : "No match finished a hand yet.";
    for (const m of matches) box.append(matchEl(m));
  }

  if (mode === "lobby") startLobby();
  else if (mode === "history") startHistory();
  return { mode, params, notice, toLobby, myName };
})();
