// Nerts in the browser: plain JavaScript, no build step, no libraries.
// A table ("/?seat=I", "/?table=T&seat=I", "?watch") speaks the protocol of docs/protocol.md
// over one WebSocket: it joins a seat (or watches), presses Ready, draws each `update` (the
// seat's view, its legal moves, new events, who sits where) and sends moves in notation.
// A replay ("/replay?hand=H", replay.js) draws a finished hand's steps with the same code.
"use strict";

(function () {
  const page = window.NertsPage;
  if (page.mode !== "table" && page.mode !== "replay") return;
  const { cardText, cardEl, backEl, pileEl, parseMove, describeMove } = window.NertsCards;
  // Errors after which this tab holds no seat (and must not reconnect to take it).
  const NOT_SEATED = new Set(["seat_taken", "replaced", "bot_seat", "no_such_seat", "bad_code"]);
  const params = page.params;
  const tableId = params.get("table") || "1";
  const watching = page.mode === "replay" || params.has("watch") || !params.has("seat");
  const wantSeat = watching ? null : Number.parseInt(params.get("seat"), 10);

  let socket = null;
  let mySeat = null;
  let myToken = null;
  let last = null; // the latest update message
  let selected = null; // {source: "N"|"W"|"P<i>", code: "9C"}
  let retry = 0;
  let refused = false;
  let endClosed = 0; // the hand whose end-of-hand overlay was closed

  const $ = (id) => document.getElementById(id);
  $("game").hidden = false;
  // the pinned dock covers the bottom of the page: keep that much room below the table
  new ResizeObserver(() => {
    document.body.style.paddingBottom = `${$("dock").hidden ? 16 : $("dock").offsetHeight + 16}px`;
  }).observe($("dock"));
  $("instructions").hidden = watching;
  $("help-button").hidden = watching;

  function nameOf(seat) {
    const info = last && last.seats ? last.seats[seat] : null;
    const name = info && info.name ? info.name : `seat ${seat}`;
    return seat === mySeat ? `${name} (you)` : name;
  }

  // --- moves --------------------------------------------------------------------------------

  function legal() {
    return last ? last.moves : [];
  }

  function findMove(source, code, target) {
    const moves = legal().map((t) => [t, parseMove(t)]).filter(([, m]) => m && !m.kind);
    const fits = (m, tgt) => m.source === source && m.base === code && m.target === tgt;
    for (const tgt of target.startsWith("P") ? [target, `U${target.slice(1)}`] : [target]) {
      const hit = moves.find(([, m]) => fits(m, tgt));
      if (hit) return hit[0];
    }
    if (target.startsWith("F")) {
      // dropped on the foundations but not on the pile it fits: the pile it fits (or a new one)
      const hit = moves.find(([, m]) => m.source === source && m.base === code && m.target.startsWith("F"));
      if (hit) return hit[0];
    }
    return null;
  }

  function tryMove(source, code, target) {
    const move = findMove(source, code, target);
    if (!move && target === "F*") {
      say(`${cardText(code)} cannot go to a foundation now`, "refusal");
      return;
    }
    // A move that is not legal is sent all the same: the server's refusal says why.
    sendMove(move || `${mySeat}:${code}@${source}>${target}`);
  }

  function toFoundation(source, code) {
    tryMove(source, code, "F*");
  }

  function stockAction() {
    const kinds = ["turn", "restock", "rotate"].map((k) => `${mySeat}:${k}`);
    sendMove(kinds.find((k) => legal().includes(k)) || kinds[0]);
  }

  // --- the connection -----------------------------------------------------------------------

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function sendMove(text) {
    send({ type: "move", move: text, token: myToken });
  }

  function ready() {
    send({ type: "ready", token: myToken });
  }

  function say(text, kind) {
    const el = $("message");
    el.textContent = text;
    el.className = kind || "";
  }

  function joinRequest() {
    if (watching) return { type: "join", watch: true };
    const request = { type: "join", seat: wantSeat };
    const token = sessionStorage.getItem(`nerts-token-${tableId}-${wantSeat}`);
    if (token) request.token = token;
    const name = page.myName();
    if (name) request.name = name;
    const code = sessionStorage.getItem(`nerts-code-${tableId}`);
    if (code) request.code = code;
    return request;
  }

  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${window.location.host}/ws?table=${encodeURIComponent(tableId)}`);
    socket.addEventListener("open", () => {
      retry = 0;
      send(joinRequest());
    });
    socket.addEventListener("message", (e) => {
      let message;
      try {
        message = JSON.parse(e.data);
      } catch (err) {
        return;
      }
      receive(message);
    });
    socket.addEventListener("close", (e) => {
      if (refused) return;
      if (e.code === 4004) {
        page.toLobby(`there is no table ${tableId}`);
        return;
      }
      $("who").textContent = `disconnected${e.reason ? ` (${e.reason})` : ""}: reconnecting…`;
      retry += 1;
      if (retry <= 20) setTimeout(connect, Math.min(5000, 500 * retry));
    });
  }

  function receive(message) {
    if (message.type === "welcome") {
      mySeat = message.seat;
      myToken = message.token;
      if (mySeat !== null) sessionStorage.setItem(`nerts-token-${tableId}-${mySeat}`, myToken);
      $("who").textContent = mySeat === null ? "watching" : `you play seat ${mySeat}`;
    } else if (message.type === "update") {
      onUpdate(message);
    } else if (message.type === "result") {
      if (!message.accepted) say(message.too_late ? tooLate(message.message) : `refused: ${message.message}`, message.too_late ? "too-late" : "refusal");
    } else if (message.type === "error") {
      const text = `${message.error.replace(/_/g, " ")}: ${message.message}`;
      if (NOT_SEATED.has(message.error)) {
        refused = true; // do not reconnect: the seat is someone else's (or this tab lost it)
        sessionStorage.removeItem(`nerts-token-${tableId}-${wantSeat}`);
        page.toLobby(text);
        return;
      }
      say(text, "refusal");
    }
  }

  function tooLate(text) {
    return text.startsWith("too late") ? text : `too late: ${text}`;
  }

  function onUpdate(message) {
    const fresh = !last || last.hand !== message.hand;
    last = message;
    last.received = Date.now();
    if (fresh) selected = null;
    for (const e of message.events) {
      if (e.move === null) say("everyone was stuck: the stuck rule was applied");
      else if (e.accepted) say(describeMove(e.move, nameOf));
      else if (e.seat === mySeat) say(e.reason === "race_lost" ? tooLate(e.message) : `refused: ${e.message}`, e.reason === "race_lost" ? "too-late" : "refusal");
    }
    draw();
  }

  // --- drawing ------------------------------------------------------------------------------

  // Each part is redrawn only when what it shows changed, so that a card being clicked or
  // dragged is not replaced under the pointer by an update about someone else.
  const drawn = {};

  function changed(part, data) {
    const key = JSON.stringify(data);
    if (drawn[part] === key) return false;
    drawn[part] = key;
    return true;
  }

  function draw() {
    const view = last.view;
    const over = view.status !== "play";
    const state = over ? "hand over" : last.playing ? "in play" : last.started ? "paused" : "waiting";
    const totals = last.match.totals.map((t, s) => `${nameOf(s)} ${t}`).join(" · ");
    $("hand-info").textContent = last.replay
      ? `hand ${last.hand} · ${over ? "hand over" : "replay"}: ${totals}`
      : `hand ${last.hand} · ${state} · match to ${last.match.target}: ${totals}`;
    drawWaiting(over);
    if (changed("foundations", [view.foundations, mySeat])) drawFoundations(view);
    if (changed("others", [view.seats, last.seats, last.live, mySeat])) {
      $("others").textContent = "";
      view.seats.forEach((sv, seat) => {
        if (seat !== mySeat) $("others").append(seatEl(sv, seat, false));
      });
    }
    const own = mySeat === null ? null : view.seats[mySeat];
    if (changed("mine", [own, last.moves.includes(`${mySeat}:nerts`), last.seats, last.live, selected && selected.code])) {
      $("mine").textContent = "";
      if (own) $("mine").append(seatEl(own, mySeat, true));
      reselect();
    }
    $("dock").hidden = mySeat === null;
    if (changed("moves", [last.moves, mySeat])) drawMoves();
    if (changed("end", [last.scores, last.match, last.seats, view.status, mySeat, endClosed])) drawEnd(view);
  }

  // Who the table waits for, and the Ready button.
  function drawWaiting(over) {
    const seats = last.seats || [];
    const me = mySeat === null ? null : seats[mySeat];
    const waiting = !last.started || over;
    const away = seats.filter((s) => s.away !== null && s.away !== undefined);
    const lines = [];
    // the grace counts down between updates: seconds left when sent, less the time since
    const gone = (Date.now() - last.received) / 1000;
    const left = (s) => Math.max(0, Math.ceil(s.away - gone));
    if (away.length) lines.push(`waiting for ${away.map((s) => `${nameOf(s.seat)} (away, ${left(s)} s)`).join(", ")} to come back`);
    if (waiting && page.mode === "table") {
      const notReady = seats.filter((s) => s.player === "human" && !(s.connected && s.ready));
      const who = notReady.map((s) => (s.connected ? `${nameOf(s.seat)}` : `an empty seat (${s.seat})`));
      lines.push(who.length ? `waiting for ${who.join(", ")} to be ready` : "dealing…");
    }
    $("waiting-text").textContent = lines.join(" · ");
    $("waiting").hidden = lines.length === 0;
    $("ready").hidden = !(waiting && me && !me.ready && !over);
    $("waiting").classList.toggle("away", away.length > 0);
  }

  function reselect() {
    if (!selected) return;
    const card = document.querySelector(`#mine .card[data-source="${selected.source}"][data-code="${selected.code}"]`);
    if (card) {
      selected.el = card;
      card.classList.add("selected");
    } else selected = null;
  }

  function drawFoundations(view) {
    const tops = view.foundations.map((p, k) => `F${k} ${cardText(p[p.length - 1].slice(0, -1))}`);
    $("foundations").textContent = tops.length ? tops.join(" · ") : "none yet";
    const row = $("foundation-piles");
    row.textContent = "";
    view.foundations.forEach((pile, k) => {
      const top = pile[pile.length - 1];
      const el = pileEl("foundation", `F${k}`, pile.length);
      el.dataset.target = `F${k}`;
      el.append(cardEl(top.slice(0, -1), top.slice(-1)));
      row.append(el);
    });
    if (mySeat !== null) {
      const slot = pileEl("new-foundation", "new");
      slot.dataset.target = "F+";
      slot.append(document.createTextNode("A → new"));
      row.append(slot);
    }
  }

  function seatTitle(seat) {
    const info = last.seats ? last.seats[seat] : null;
    const title = document.createElement("div");
    title.className = "seat-title";
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = nameOf(seat);
    const badge = document.createElement("span");
    badge.className = "badge";
    const away = info && info.away !== null && info.away !== undefined;
    const status = !info ? "" : info.player === "bot" ? "bot" : away ? "away" : !info.connected ? "empty" : info.ready ? "ready" : "";
    badge.textContent = status;
    const score = document.createElement("span");
    score.className = "live";
    score.dataset.live = String(seat);
    score.textContent = last.live ? `${last.live[seat]} pts` : "";
    title.append(name, " ", badge, " ", score);
    return title;
  }

  function seatEl(sv, seat, mine) {
    const box = document.createElement("div");
    box.className = mine ? "seat own" : "seat small";
    box.dataset.seat = String(seat);
    box.append(seatTitle(seat));
    const layout = document.createElement("div");
    layout.className = "layout";
    layout.append(nertsEl(sv, seat, mine), workEl(sv, seat, mine), stockEl(sv, seat, mine));
    if (mine && legal().includes(`${mySeat}:nerts`)) {
      const call = document.createElement("button");
      call.id = "call";
      call.type = "button";
      call.textContent = "Nerts!";
      call.addEventListener("click", () => sendMove(`${mySeat}:nerts`));
      layout.append(call);
    }
    box.append(layout);
    return box;
  }

  function nertsEl(sv, seat, mine) {
    const el = pileEl("nerts", "Nerts", sv.nerts_size);
    const shown = sv.nerts.length ? sv.nerts.slice(-1) : [];
    if (sv.nerts_size > sv.nerts.length && !shown.length) el.append(backEl());
    for (const code of shown) el.append(cardEl(code, seat, mine ? { source: "N" } : {}));
    return el;
  }

  function workEl(sv, seat, mine) {
    const group = document.createElement("div");
    group.className = "group";
    sv.work.forEach((pile, i) => {
      const el = pileEl("work", `P${i}`);
      if (mine) el.dataset.target = `P${i}`;
      const down = sv.down ? sv.down[i] : 0;
      for (let k = 0; k < down; k += 1) el.append(backEl());
      for (const code of pile) el.append(cardEl(code, seat, mine ? { source: `P${i}` } : {}));
      group.append(el);
    });
    return group;
  }

  function stockEl(sv, seat, mine) {
    const group = document.createElement("div");
    group.className = "group";
    const stock = pileEl("stock", "stock", sv.stock_size);
    if (sv.stock_size) stock.append(backEl());
    if (mine) {
      stock.dataset.action = "stock";
      stock.addEventListener("click", stockAction);
    }
    const waste = pileEl("waste", "waste", sv.waste_size);
    const shown = sv.waste.slice(-3);
    shown.forEach((code, k) => {
      const top = k === shown.length - 1;
      waste.append(cardEl(code, seat, mine && top ? { source: "W" } : {}));
    });
    if (sv.waste_size > sv.waste.length && !shown.length) waste.append(backEl());
    group.append(stock, waste);
    return group;
  }

  function drawMoves() {
    const box = $("moves");
    box.textContent = "";
    for (const text of legal()) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.move = text;
      b.innerHTML = `${describeMove(text).replace(/^seat \d+:? ?/, "")} <code></code>`;
      b.querySelector("code").textContent = text;
      b.addEventListener("click", () => sendMove(text));
      box.append(b);
    }
    $("move-count").textContent = String(legal().length);
  }

  function scoreRows(match) {
    return last.scores.map((s, seat) => {
      const tr = document.createElement("tr");
      if (seat === mySeat) tr.className = "you";
      for (const text of [nameOf(seat), String(s), String(match.totals[seat])]) {
        const td = document.createElement("td");
        td.textContent = text;
        tr.append(td);
      }
      return tr;
    });
  }

  // The end of a hand: an overlay over the table, with Ready for the next hand.
  function drawEnd(view) {
    const end = $("end");
    if (!last.scores || endClosed === last.hand) {
      end.hidden = true;
      return;
    }
    end.hidden = false;
    const match = last.match;
    const scores = $("scores");
    scores.textContent = "";
    const why = view.status === "nerts" ? `${nameOf(view.caller)} called Nerts` : "everyone was stuck";
    const head = document.createElement("p");
    head.textContent = `Hand ${last.hand} is over: ${why}.`;
    const table = document.createElement("table");
    table.innerHTML = "<tr><th></th><th>hand</th><th>total</th></tr>";
    table.append(...scoreRows(match));
    const verdict = document.createElement("p");
    verdict.textContent = last.replay ? "" : match.over ? `${nameOf(match.winner)} wins the match!` : `The match goes to ${match.target}.`;
    scores.append(head, table, verdict);
    const me = mySeat === null || !last.seats ? null : last.seats[mySeat];
    const button = $("next-hand");
    button.hidden = page.mode !== "table" || mySeat === null;
    button.disabled = Boolean(me && me.ready);
    button.textContent = me && me.ready ? "Ready: waiting for the others" : match.over ? "Ready for a new match" : "Ready for the next hand";
  }

  // --- input: click a card then a target, or drag it there -----------------------------------

  function select(card) {
    if (!card || (selected && selected.el === card)) {
      selected = null;
    } else {
      selected = { source: card.dataset.source, code: card.dataset.code, el: card };
    }
    document.querySelectorAll(".card.selected").forEach((c) => c.classList.remove("selected"));
    if (selected) card.classList.add("selected");
  }

  function targetOf(el) {
    const t = el && el.closest("[data-target]");
    if (t) return t.dataset.target;
    return el && el.closest("#center") ? "F*" : null; // the foundation area as a whole
  }

  function clickAt(el) {
    const card = el.closest(".card.mine");
    const target = targetOf(el);
    if (selected && target && (!card || card.dataset.source !== selected.source)) {
      const { source, code } = selected;
      selected = null;
      tryMove(source, code, target);
      draw();
      return;
    }
    if (card) select(card);
  }

  let drag = null;
  let suppressClick = false; // the click that ends a drag is not a click on a card
  document.addEventListener("pointerdown", (e) => {
    const card = e.target.closest(".card.mine");
    if (!card || e.button > 0) return;
    drag = { card, x: e.clientX, y: e.clientY, ghost: null };
  });
  document.addEventListener("pointermove", (e) => {
    if (!drag) return;
    if (!drag.ghost && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) > 6) {
      drag.ghost = drag.card.cloneNode(true);
      drag.ghost.classList.add("ghost");
      document.body.append(drag.ghost);
    }
    if (drag.ghost) {
      drag.ghost.style.left = `${e.clientX - 20}px`;
      drag.ghost.style.top = `${e.clientY - 20}px`;
      e.preventDefault();
    }
  });
  document.addEventListener("pointerup", (e) => {
    if (!drag || !drag.ghost) {
      drag = null;
      return;
    }
    const { card, ghost } = drag;
    drag = null;
    ghost.remove();
    const target = targetOf(document.elementFromPoint(e.clientX, e.clientY));
    if (target && target !== card.dataset.source) tryMove(card.dataset.source, card.dataset.code, target);
    suppressClick = true;
    setTimeout(() => { suppressClick = false; }, 0); // in case the browser sends no click
  });
  document.addEventListener("pointercancel", () => {
    if (drag && drag.ghost) drag.ghost.remove();
    drag = null;
  });
  document.addEventListener("click", (e) => {
    if (suppressClick) {
      suppressClick = false;
      return;
    }
    if (e.target.closest("#table, #dock")) clickAt(e.target);
  });
  document.addEventListener("dblclick", (e) => {
    const card = e.target.closest(".card.mine");
    if (card) {
      selected = null;
      toFoundation(card.dataset.source, card.dataset.code);
    }
  });
  // --- keys: space turns the stock, N/W/1-9 pick a card, 1-9/F its target, Enter calls ------

  function sourceCard(key) {
    const source = key === "n" ? "N" : key === "w" ? "W" : /^[1-9]$/.test(key) ? `P${Number(key) - 1}` : null;
    if (!source) return null;
    const cards = document.querySelectorAll(`#mine .card.mine[data-source="${source}"]`);
    // a work pile's key picks its lowest face-up card (the whole run above it moves along)
    return cards.length ? cards[0] : null;
  }

  function targetKey(key) {
    if (key === "f") return "F*";
    return /^[1-9]$/.test(key) ? `P${Number(key) - 1}` : null;
  }

  function onKey(e) {
    if (mySeat === null || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.closest && e.target.closest("input, textarea, select")) return;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (key === "?") {
      $("keys").hidden = !$("keys").hidden;
    } else if (key === "Escape") {
      $("keys").hidden = true;
      select(null);
    } else if (key === " ") {
      stockAction();
    } else if (key === "Enter") {
      sendMove(`${mySeat}:nerts`);
    } else if (selected && targetKey(key)) {
      const { source, code } = selected;
      select(null);
      tryMove(source, code, targetKey(key));
    } else if (sourceCard(key)) {
      select(sourceCard(key));
    } else return;
    e.preventDefault();
  }

  document.addEventListener("keydown", onKey);
  setInterval(() => {
    if (last && last.seats && last.seats.some((s) => s.away !== null && s.away !== undefined)) {
      drawWaiting(last.view.status !== "play");
    }
  }, 1000);
  $("help-button").addEventListener("click", () => { $("keys").hidden = !$("keys").hidden; });
  $("next-hand").addEventListener("click", ready);
  $("ready").addEventListener("click", ready);
  $("close-end").addEventListener("click", () => {
    endClosed = last ? last.hand : 0;
    draw();
  });

  // For people and tests at the console: nerts.sendMove("0:turn") sends any notation.
  window.nerts = { sendMove, send, ready, get update() { return last; }, get seat() { return mySeat; } };
  // replay.js draws a finished hand through these: an update to show, a line to say
  window.NertsTable = { show: onUpdate, say };
  if (page.mode === "table") connect();
})();
