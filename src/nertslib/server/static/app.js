// Nerts in the browser: plain JavaScript, no build step, no libraries.
// It speaks the protocol of docs/protocol.md over one WebSocket: it joins a seat (or watches),
// draws each `update` (the seat's view, its legal moves, new events) and sends moves in
// notation. Every legal move is also a button with a data-move attribute.
"use strict";

(function () {
  const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
  const RED = new Set(["D", "H"]);
  // Errors after which this tab holds no seat (and must not reconnect to take it).
  const NOT_SEATED = new Set(["seat_taken", "replaced", "bot_seat", "no_such_seat"]);
  const params = new URLSearchParams(window.location.search);
  const watching = params.has("watch") || !params.has("seat");
  const wantSeat = watching ? null : Number.parseInt(params.get("seat"), 10);

  let socket = null;
  let mySeat = null;
  let myToken = null;
  let last = null; // the latest update message
  let selected = null; // {source: "N"|"W"|"P<i>", code: "9C"}
  let retry = 0;
  let refused = false;

  const $ = (id) => document.getElementById(id);

  // --- cards --------------------------------------------------------------------------------

  function parseCode(code) {
    const joker = /^X([12])(?:=([^()]+))?(?:\((.+)\))?$/.exec(code);
    if (joker) return { joker: joker[1], declared: joker[2] || null, bound: joker[3] || null };
    return { rank: code.slice(0, -1), suit: code.slice(-1) };
  }

  function baseCode(code) {
    return code.replace(/\(.*\)$/, "").split("=")[0];
  }

  function cardText(code) {
    const c = parseCode(code);
    if (c.joker) return c.declared ? `🃏${cardText(c.declared)}` : `🃏${c.joker}`;
    return `${c.rank}${SUITS[c.suit] || "?"}`;
  }

  function cardEl(code, owner, opts = {}) {
    const el = document.createElement("div");
    const c = parseCode(code);
    el.className = "card";
    if (c.joker) el.classList.add("joker");
    else if (RED.has(c.suit)) el.classList.add("red");
    el.dataset.card = `${baseCode(code)}${owner}`;
    const rank = document.createElement("span");
    rank.className = "rank";
    const suit = document.createElement("span");
    suit.className = "suit";
    if (c.joker) {
      rank.textContent = "🃏";
      suit.textContent = c.declared ? cardText(c.declared) : c.joker;
    } else {
      rank.textContent = c.rank;
      suit.textContent = SUITS[c.suit] || "?";
    }
    el.append(rank, suit);
    el.title = cardText(code);
    if (opts.source) {
      el.classList.add("mine");
      el.dataset.source = opts.source;
      el.dataset.code = baseCode(code);
    }
    return el;
  }

  function backEl() {
    const el = document.createElement("div");
    el.className = "card back";
    return el;
  }

  function pileEl(kind, label, count) {
    const el = document.createElement("div");
    el.className = `pile ${kind}`;
    if (label) {
      const span = document.createElement("span");
      span.className = "label";
      span.textContent = label;
      el.append(span);
    }
    if (count !== undefined && count !== null) {
      const badge = document.createElement("span");
      badge.className = "count";
      badge.textContent = String(count);
      el.append(badge);
    }
    return el;
  }

  // --- moves --------------------------------------------------------------------------------

  function parseMove(text) {
    const m = /^(\d+):([^@]+)@([^>]+)>(.+)$/.exec(text);
    if (m) return { seat: Number(m[1]), card: m[2], base: baseCode(m[2]), source: m[3], target: m[4] };
    const k = /^(\d+):(\w+)$/.exec(text);
    return k ? { seat: Number(k[1]), kind: k[2] } : null;
  }

  const ZONE = (z) => {
    if (z === "N") return "Nerts pile";
    if (z === "W") return "waste";
    if (z === "F+") return "a new foundation";
    const i = z.slice(1);
    return { P: `work pile ${i}`, F: `foundation ${i}`, U: `under work pile ${i}` }[z[0]] || z;
  };
  const KINDS = { turn: "turns the stock", restock: "turns the waste over", rotate: "rotates the stock", nerts: "calls Nerts!" };

  function describeMove(text) {
    const m = parseMove(text);
    if (!m) return text;
    if (m.kind) return `seat ${m.seat} ${KINDS[m.kind] || m.kind}`;
    return `seat ${m.seat}: ${cardText(m.card)} from ${ZONE(m.source)} to ${ZONE(m.target)}`;
  }

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
    const hit = legal().find((t) => {
      const m = parseMove(t);
      return m && !m.kind && m.source === source && m.base === code && m.target.startsWith("F");
    });
    if (hit) sendMove(hit);
    else say(`${cardText(code)} cannot go to a foundation now`, "refusal");
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

  function say(text, kind) {
    const el = $("message");
    el.textContent = text;
    el.className = kind || "";
  }

  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${window.location.host}/ws`);
    socket.addEventListener("open", () => {
      retry = 0;
      if (watching) send({ type: "join", watch: true });
      else {
        const token = sessionStorage.getItem(`nerts-token-${wantSeat}`);
        send(token ? { type: "join", seat: wantSeat, token } : { type: "join", seat: wantSeat });
      }
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
    socket.addEventListener("close", () => {
      if (refused) return;
      $("who").textContent = "disconnected: reconnecting…";
      retry += 1;
      if (retry <= 20) setTimeout(connect, Math.min(5000, 500 * retry));
    });
  }

  function receive(message) {
    if (message.type === "welcome") {
      mySeat = message.seat;
      myToken = message.token;
      if (mySeat !== null) sessionStorage.setItem(`nerts-token-${mySeat}`, myToken);
      $("who").textContent = mySeat === null ? "watching" : `you play seat ${mySeat}`;
      drawLobby(message.seats);
    } else if (message.type === "update") {
      onUpdate(message);
    } else if (message.type === "result") {
      if (!message.accepted) say(message.too_late ? tooLate(message.message) : `refused: ${message.message}`, message.too_late ? "too-late" : "refusal");
    } else if (message.type === "error") {
      if (NOT_SEATED.has(message.error)) {
        refused = true; // do not reconnect: the seat is someone else's (or this tab lost it)
        $("who").textContent = "not seated: open ?watch to watch";
      }
      say(`${message.error.replace(/_/g, " ")}: ${message.message}`, "refusal");
    }
  }

  function tooLate(text) {
    return text.startsWith("too late") ? text : `too late: ${text}`;
  }

  function onUpdate(message) {
    const fresh = !last || last.hand !== message.hand;
    last = message;
    if (fresh) selected = null;
    for (const e of message.events) {
      if (e.move === null) say("everyone was stuck: the stocks were rotated");
      else if (e.accepted) say(describeMove(e.move));
      else if (e.seat === mySeat) say(e.reason === "race_lost" ? tooLate(e.message) : `refused: ${e.message}`, e.reason === "race_lost" ? "too-late" : "refusal");
    }
    draw();
  }

  // --- drawing ------------------------------------------------------------------------------

  function drawLobby(seats) {
    const nav = $("lobby");
    nav.textContent = "";
    if (!watching) return;
    for (const s of seats) {
      if (s.player === "bot") continue;
      const a = document.createElement("a");
      a.href = `?seat=${s.seat}`;
      a.textContent = `play seat ${s.seat}${s.connected ? " (taken)" : ""}`;
      nav.append(a);
    }
  }

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
    $("hand-info").textContent = `hand ${last.hand} · ${over ? "hand over" : "in play"} · match to ${last.match.target}: ${last.match.totals.join(" / ")}`;
    if (changed("foundations", [view.foundations, mySeat])) drawFoundations(view);
    if (changed("others", [view.seats, last.seats, mySeat])) {
      $("others").textContent = "";
      view.seats.forEach((sv, seat) => {
        if (seat !== mySeat) $("others").append(seatEl(sv, seat, false));
      });
    }
    const own = mySeat === null ? null : view.seats[mySeat];
    if (changed("mine", [own, last.moves.includes(`${mySeat}:nerts`), last.seats, selected && selected.code])) {
      $("mine").textContent = "";
      if (own) $("mine").append(seatEl(own, mySeat, true));
      reselect();
    }
    $("mine").hidden = mySeat === null;
    if (changed("moves", [last.moves, mySeat])) drawMoves();
    if (changed("end", [last.scores, last.match, view.status, mySeat])) drawEnd(view);
    if (watching && last.seats) drawLobby(last.seats);
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

  function seatEl(sv, seat, mine) {
    const box = document.createElement("div");
    box.className = mine ? "seat own" : "seat small";
    box.dataset.seat = String(seat);
    const info = last.seats ? last.seats[seat] : null;
    const title = document.createElement("div");
    title.className = "seat-title";
    const who = info ? ` <span class="badge">${info.player}${info.player === "human" && !info.connected ? ", away" : ""}</span>` : "";
    title.innerHTML = `${mine ? "You: seat" : "Seat"} ${seat}${who}`;
    box.append(title);
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
    $("moves-panel").hidden = mySeat === null;
  }

  function drawEnd(view) {
    const end = $("end");
    const scores = $("scores");
    const button = $("next-hand");
    if (!last.scores) {
      end.hidden = true;
      scores.textContent = "";
      return;
    }
    end.hidden = false;
    const match = last.match;
    const why = view.status === "nerts" ? `seat ${view.caller} called Nerts` : "everyone was stuck";
    const rows = last.scores.map((s, seat) => `<tr><td>seat ${seat}</td><td>${s}</td><td>${match.totals[seat]}</td></tr>`).join("");
    const verdict = match.over ? `<p>Seat ${match.winner} wins the match!</p>` : `<p>The match goes to ${match.target}.</p>`;
    scores.innerHTML = `<p>Hand ${last.hand} is over: ${why}.</p><table><tr><th></th><th>hand</th><th>total</th></tr>${rows}</table>${verdict}`;
    button.hidden = mySeat === null;
    button.textContent = match.over ? "New match" : "Next hand";
  }

  // --- input: click a card then a target, or drag it there -----------------------------------

  function select(card) {
    if (selected && selected.el === card) {
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
    if (e.target.closest("#table")) clickAt(e.target);
  });
  document.addEventListener("dblclick", (e) => {
    const card = e.target.closest(".card.mine");
    if (card) {
      selected = null;
      toFoundation(card.dataset.source, card.dataset.code);
    }
  });
  $("next-hand").addEventListener("click", () => send({ type: "next_hand", token: myToken }));

  // For people and tests at the console: nerts.sendMove("0:turn") sends any notation.
  window.nerts = { sendMove, send, get update() { return last; }, get seat() { return mySeat; } };
  connect();
})();
