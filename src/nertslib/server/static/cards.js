// Cards, piles and move notation for the page: shared by the table, the replay and the lobby.
"use strict";

window.NertsCards = (function () {
  const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
  const RED = new Set(["D", "H"]);

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

  // A pile's label and its count share a line under the pile: a badge never covers a rank.
  function pileEl(kind, label, count) {
    const el = document.createElement("div");
    el.className = `pile ${kind}`;
    const foot = document.createElement("span");
    foot.className = "label";
    if (label) {
      const what = document.createElement("span");
      what.className = "what";
      what.textContent = label;
      foot.append(what);
    }
    if (count !== undefined && count !== null) {
      const badge = document.createElement("span");
      badge.className = "count";
      badge.textContent = String(count);
      foot.append(badge);
    }
    if (label || count !== undefined) el.append(foot);
    return el;
  }

  function parseMove(text) {
    const m = /^(\d+):([^@]+)@([^>]+)>(.+)$/.exec(text);
    if (m) return { seat: Number(m[1]), card: m[2], base: baseCode(m[2]), source: m[3], target: m[4] };
    const k = /^(\d+):(\w+)$/.exec(text);
    return k ? { seat: Number(k[1]), kind: k[2] } : null;
  }

  function zone(z) {
    if (z === "N") return "Nerts pile";
    if (z === "W") return "waste";
    if (z === "F+") return "a new foundation";
    const i = z.slice(1);
    return { P: `work pile ${i}`, F: `foundation ${i}`, U: `under work pile ${i}` }[z[0]] || z;
  }

  const KINDS = {
    turn: "turns the stock",
    restock: "turns the waste over",
    rotate: "rotates the stock",
    nerts: "calls Nerts!",
  };

  // "Ann: 2♠ from the waste to foundation 0"; nameOf(seat) names a seat ("you" for one's own).
  function describeMove(text, nameOf) {
    const m = parseMove(text);
    if (!m) return text;
    const who = nameOf ? nameOf(m.seat) : `seat ${m.seat}`;
    if (m.kind) return `${who} ${KINDS[m.kind] || m.kind}`;
    return `${who}: ${cardText(m.card)} from ${zone(m.source)} to ${zone(m.target)}`;
  }

  return { SUITS, parseCode, baseCode, cardText, cardEl, backEl, pileEl, parseMove, describeMove };
})();
