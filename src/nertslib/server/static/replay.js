// A replay ("/replay?hand=H"): the steps of a finished hand from the history, each drawn as a
// spectator's update by the table's own code (app.js: window.NertsTable).
"use strict";

(function () {
  const page = window.NertsPage;
  if (page.mode !== "replay") return;
  const table = window.NertsTable;
  const $ = (id) => document.getElementById(id);

  function replayUpdate(hand, i) {
    const view = hand.views[i];
    const over = i === hand.views.length - 1 && view.status !== "play";
    const seats = hand.names.map((name, seat) => ({ seat, player: "human", connected: true, name, ready: false, away: null }));
    const live = hand.live[i];
    return {
      type: "update", hand: hand.number, started: true, playing: false, view, moves: [], events: [],
      live, scores: over ? hand.scores : null, caller: hand.caller,
      match: { target: 0, hands: [], totals: live, team_totals: [], over: false, winner: null },
      seats, replay: true,
    };
  }

  async function startReplay() {
    const id = page.params.get("hand") || "";
    const response = await fetch(`/api/hands/${encodeURIComponent(id)}`, { cache: "no-store" });
    if (!response.ok) {
      page.toLobby(`there is no hand ${id} in the history`);
      return;
    }
    const hand = await response.json();
    $("who").textContent = `replay of hand ${hand.number} (match ${hand.match})`;
    $("replay-bar").hidden = false;
    if (!hand.views.length) {
      table.say("this hand started from a position: it has no replay");
      return;
    }
    let step = 0;
    let timer = null;
    const show = (i) => {
      step = Math.max(0, Math.min(hand.views.length - 1, i));
      $("replay-step").textContent = `step ${step} / ${hand.views.length - 1}`;
      $("replay-bar").dataset.step = String(step);
      table.show(replayUpdate(hand, step));
    };
    const playButton = document.querySelector('#replay-bar [data-action="play"]');
    const pause = () => { clearInterval(timer); timer = null; playButton.textContent = "play"; };
    playButton.addEventListener("click", () => {
      if (timer) { pause(); return; }
      playButton.textContent = "pause";
      timer = setInterval(() => (step >= hand.views.length - 1 ? pause() : show(step + 1)), 400);
    });
    document.querySelector('#replay-bar [data-action="step"]').addEventListener("click", () => { pause(); show(step + 1); });
    document.querySelector('#replay-bar [data-action="back"]').addEventListener("click", () => { pause(); show(step - 1); });
    show(0);
  }

  startReplay();
})();
