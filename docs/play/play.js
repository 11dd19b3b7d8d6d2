// The Play page of the zank documentation: a table where the reader plays
// against one of zank's agents (greedy by default).  zank itself runs in Pyodide, in a Web Worker
// (play_worker.js) so that the page stays responsive while Python loads; this
// script starts it, sends requests to zank_play.py and shows the answers.
// Everything it knows about the rules comes from zank.  No framework.
(function () {
  "use strict";

  const base = new URL(".", document.currentScript.src).href; // .../_static/play/
  // milliseconds since navigation: Python started, zank installed and imported, the
  // first table playable; then the time of each move (click to new table laid out)
  // `blocked`: the longest the page's own thread was kept from running while
  // Python loaded (a timer every 50 ms, late by that much)
  const timings = { python: null, zank: null, ready: null, moves: [], blocked: 0 };
  let worker = null; // play_worker.js, once started
  let nextId = 1;
  const waiting = new Map(); // request id -> {resolve, reject}
  let inFlight = 0; // requests sent and not answered (the browser test waits for 0)
  let view = null; // the last answer about the game
  let selected = null; // {from, index, element} after the first click
  let variants = [];
  let opponents = []; // [{name, label}]: the agents the page offers
  let evaluation = null; // the last evaluation shown by the bar
  let evaluating = 0; // the evaluation asked for last (older answers are dropped)
  // the agents' moves being shown one at a time: {finish} while it lasts
  let playing = null;
  const SPEEDS = { slow: 1500, normal: 700, fast: 250, instant: 0 }; // ms per move

  const $ = (id) => document.getElementById(id);
  const el = (tag, attrs, text) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  };

  function status(text) {
    $("zp-status").textContent = text;
  }

  function say(text, rule) {
    const box = $("zp-message");
    box.textContent = text;
    box.dataset.rule = rule || "";
    box.classList.toggle("zp-refused", Boolean(rule !== undefined));
  }

  // -- talking to Python ------------------------------------------------------

  function post(message) {
    const id = nextId++;
    inFlight++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  }

  function answered(event) {
    const data = event.data;
    if (data.progress) return progressed(data.progress);
    const promise = waiting.get(data.id);
    if (!promise) return;
    waiting.delete(data.id);
    inFlight--;
    if (data.failed !== undefined) promise.reject(new Error(data.failed));
    else promise.resolve(data.answer !== undefined ? data.answer : data.ready);
  }

  // One request to zank_play.handle, answered asynchronously (JSON both ways).
  async function request(obj) {
    return JSON.parse(await post({ request: JSON.stringify(obj) }));
  }

  // A request about the game: time it, show the answer.
  async function act(obj) {
    skip(); // a new request ends the show of the agents' moves
    const t0 = performance.now();
    let answer;
    // a search opponent may think for a while: say so (the page stays usable)
    const thinking = setTimeout(() => say("The others are thinking…"), 400);
    try {
      answer = await request(obj);
    } catch (e) {
      // not a refusal (those are answers) but a bug: say so, keep the table
      say("Something went wrong in the page: " + e.message, "");
      throw e;
    } finally {
      clearTimeout(thinking);
    }
    await show(answer);
    void $("zp-table").offsetHeight; // lay the new table out: part of the answer's time
    if (obj.op === "click" || obj.op === "move") timings.moves.push(performance.now() - t0);
    return answer;
  }

  // -- loading ----------------------------------------------------------------

  function progressed(p) {
    const bar = $("zp-progress");
    bar.hidden = false;
    bar.max = p.of + 1; // the last step: the first deal
    bar.value = p.step;
    status(p.text + "… (step " + p.step + " of " + (p.of + 1) + ")");
  }

  // How long the page's thread is kept from running while Python loads.
  function watchThread() {
    let last = performance.now();
    const tick = setInterval(() => {
      const now = performance.now();
      timings.blocked = Math.max(timings.blocked, now - last - 50);
      last = now;
      if (timings.ready !== null) clearInterval(tick);
    }, 50);
  }

  async function fetchOk(url) {
    const r = await fetch(url);
    if (!r.ok) throw new Error(url + ": HTTP " + r.status);
    return r;
  }

  async function boot() {
    let manifest;
    try {
      manifest = await (await fetchOk(base + "assets.json")).json();
    } catch (e) {
      status(
        "The interactive table needs its assets (Pyodide and the wheels of zank, attrs " +
          "and typing-extensions), which this build of the documentation does not include. " +
          "Run `python docs/play/play_assets.py` before building the documentation."
      );
      return;
    }
    watchThread();
    worker = new Worker(base + "play_worker.js");
    worker.onmessage = answered;
    worker.onerror = (e) => status("The table could not start: " + e.message);
    const ready = await post({ boot: { manifest, origin: performance.timeOrigin } });
    timings.python = ready.python;
    timings.zank = ready.zank;
    progressed({ step: 5, of: 4, text: "Dealing" });
    const known = await request({ op: "variants" });
    variants = known.variants;
    opponents = known.opponents;
    setUpForm();
    $("zp-play").hidden = false;
    await deal(false);
    status("");
    $("zp-progress").hidden = true;
    timings.ready = performance.now();
    $("zp-ready").textContent =
      "Ready in " + (timings.ready / 1000).toFixed(1) + " s (Pyodide " + manifest.pyodide + ").";
  }

  // -- the form: variant, options, seats, seed ----------------------------------

  function params() {
    const q = new URLSearchParams(location.search);
    return {
      variant: q.get("variant"),
      seed: q.get("seed"),
      players: q.get("players"),
      seat: q.get("seat"),
      speed: q.get("speed"),
      opponent: q.get("opponent"),
    };
  }

  function setUpForm() {
    const select = $("zp-variant");
    for (const v of variants) select.appendChild(el("option", { value: v.name }, v.name));
    const p = params();
    const against = $("zp-opponent");
    for (const o of opponents) against.appendChild(el("option", { value: o.name }, o.label));
    if (p.opponent && opponents.some((o) => o.name === p.opponent)) against.value = p.opponent;
    $("zp-eval-on").addEventListener("change", () => {
      $("zp-eval").hidden = !$("zp-eval-on").checked;
      if ($("zp-eval-on").checked) evaluate();
    });
    if (p.variant && variants.some((v) => v.name === p.variant)) select.value = p.variant;
    if (p.seed !== null && /^\d+$/.test(p.seed)) $("zp-seed").value = p.seed;
    select.addEventListener("change", () => showOptions());
    showOptions();
    if (p.players) $("zp-players").value = p.players;
    showSeats();
    if (p.seat) $("zp-seat").value = p.seat;
    $("zp-players").addEventListener("change", showSeats);
    $("zp-setup").addEventListener("submit", (e) => {
      e.preventDefault();
      deal(false);
    });
    $("zp-new").addEventListener("click", () => deal(true));
    $("zp-undo").addEventListener("click", async () => {
      const answer = await act({ op: "undo" });
      if (!answer.error) log("You took back your last move.");
    });
    $("zp-save").addEventListener("click", download);
    $("zp-load").addEventListener("change", upload);
    $("zp-setup-position").addEventListener("click", () =>
      act({ op: "position", text: $("zp-position").value })
    );
    $("zp-show-solution").addEventListener("click", async () => {
      const answer = await request({ op: "solution" });
      if (answer.error) return show(answer);
      $("zp-solution").textContent = answer.solution;
    });
    $("zp-table").addEventListener("click", tableClick);
    $("zp-table").addEventListener("dblclick", tableDoubleClick);
    $("zp-table").addEventListener("pointerdown", dragStart);
    document.addEventListener("pointermove", dragMove);
    document.addEventListener("pointerup", dragEnd);
    document.addEventListener("pointercancel", () => {
      if (drag && drag.ghost) drag.ghost.remove();
      drag = null;
    });
    $("zp-skip").addEventListener("click", skip);
    const speed = params().speed;
    if (speed && speed in SPEEDS) $("zp-speed").value = speed;
  }

  function current() {
    return variants.find((v) => v.name === $("zp-variant").value);
  }

  function showOptions() {
    const v = current();
    $("zp-summary").textContent = v.summary;
    const box = $("zp-options");
    box.replaceChildren(el("legend", {}, "Options"));
    for (const o of v.options) {
      const id = "zp-opt-" + o.name;
      const label = el("label", { for: id }, o.name.replace(/_/g, " ") + " ");
      let input;
      const yesNo = o.choices && o.choices.length === 2 && typeof o.choices[0] === "boolean";
      if (o.choices && !yesNo) {
        input = el("select", { id });
        input.disabled = o.choices.length < 2; // the variant allows only its default
        o.choices.forEach((c, i) => {
          const text = o.labels ? o.labels[i] : typeof c === "string" ? c : JSON.stringify(c);
          const opt = el("option", { value: String(i) }, text);
          if (JSON.stringify(c) === JSON.stringify(o.default)) opt.selected = true;
          input.appendChild(opt);
        });
        input.dataset.kind = "choice";
      } else if (yesNo || typeof o.default === "boolean") {
        input = el("input", { id, type: "checkbox" });
        input.checked = o.default;
        input.dataset.kind = "bool";
      } else if (typeof o.default === "number") {
        input = el("input", { id, type: "number", value: String(o.default) });
        if (o.low !== undefined && o.low !== null) input.min = o.low;
        if (o.high !== undefined && o.high !== null) input.max = o.high;
        input.dataset.kind = "int";
      } else {
        // any other value: written as JSON (e.g. null)
        input = el("input", { id, type: "text", value: JSON.stringify(o.default), size: "8" });
        input.dataset.kind = "json";
      }
      input.dataset.option = o.name;
      const row = el("span", { class: "zp-option" });
      row.append(label, input);
      if (o.help) {
        const helpId = id + "-help";
        input.setAttribute("aria-describedby", helpId);
        row.appendChild(el("span", { id: helpId, class: "zp-help" }, o.help));
      }
      box.appendChild(row);
    }
    const players = $("zp-players");
    players.replaceChildren();
    for (let n = v.min_players; n <= v.max_players; n++) {
      players.appendChild(el("option", { value: String(n) }, String(n)));
    }
    showSeats();
  }

  function showSeats() {
    const seat = $("zp-seat");
    const keep = seat.value;
    seat.replaceChildren();
    for (let n = 0; n < Number($("zp-players").value); n++) {
      seat.appendChild(el("option", { value: String(n) }, "player " + n));
    }
    if (keep && Number(keep) < Number($("zp-players").value)) seat.value = keep;
  }

  function options() {
    const out = {};
    const v = current();
    for (const input of $("zp-options").querySelectorAll("[data-option]")) {
      const name = input.dataset.option;
      const o = v.options.find((x) => x.name === name);
      const kind = input.dataset.kind;
      let value;
      if (kind === "choice") value = o.choices[Number(input.value)];
      else if (kind === "bool") value = input.checked;
      else if (kind === "int") value = Number(input.value);
      else {
        try {
          value = JSON.parse(input.value);
        } catch (e) {
          value = input.value; // zank says what is wrong with it
        }
      }
      if (JSON.stringify(value) !== JSON.stringify(o.default)) out[name] = value;
    }
    return out;
  }

  // Show the game of a loaded record in the form, so that "Deal" deals it again.
  function syncForm(game) {
    $("zp-variant").value = game.variant;
    showOptions();
    for (const input of $("zp-options").querySelectorAll("[data-option]")) {
      const value = game.options[input.dataset.option];
      if (value === undefined) continue;
      if (input.dataset.kind === "bool") input.checked = value;
      else if (input.dataset.kind === "choice") {
        const o = current().options.find((x) => x.name === input.dataset.option);
        const same = (c) => JSON.stringify(c) === JSON.stringify(value);
        input.value = String(o.choices.findIndex(same));
      } else input.value = input.dataset.kind === "json" ? JSON.stringify(value) : String(value);
    }
    $("zp-players").value = String(game.players);
    showSeats();
    $("zp-seat").value = String(game.seat);
    $("zp-seed").value = String(game.seed);
    if (game.opponent) $("zp-opponent").value = game.opponent;
  }

  function deal(fresh) {
    if (fresh) $("zp-seed").value = String(Math.floor(Math.random() * 1000000));
    const seed = Number($("zp-seed").value || "0");
    return act({
      op: "deal",
      variant: $("zp-variant").value,
      options: options(),
      seed: Number.isSafeInteger(seed) ? seed : -1,
      players: Number($("zp-players").value),
      seat: Number($("zp-seat").value),
      opponent: $("zp-opponent").value,
    });
  }

  // -- showing an answer --------------------------------------------------------

  async function show(answer) {
    if (answer.svg !== undefined && !answer.error && answer.steps && answer.steps.length &&
        delay() > 0) {
      return playSteps(answer);
    }
    if (answer.played) log(answer.played);
    if (answer.steps && answer.svg !== undefined && !answer.error) {
      for (const s of answer.steps) log(s.text);
    }
    showFinal(answer);
  }

  function showFinal(answer) {
    if (answer.svg !== undefined) {
      view = answer;
      selected = null;
      $("zp-table").innerHTML = answer.svg;
      showMoves();
      $("zp-undo").disabled = !answer.can_undo;
      $("zp-save").disabled = !answer.recordable;
      $("zp-table-text").textContent = answer.table_text;
      $("zp-setup-box").hidden = !answer.can_set_up;
      $("zp-solution-box").hidden = !answer.can_set_up;
      $("zp-solution").textContent = ""; // shown again only on request
      $("zp-game").textContent =
        answer.variant + " · seed " + answer.seed + " · " + answer.players +
        " players · you are player " + answer.seat + " · against " + answer.opponent +
        " · " + count(answer.moves, "move");
      if ($("zp-eval-on").checked) evaluate();
    }
    if (answer.error) {
      const e = answer.error;
      if (e.rule) say("Not allowed: " + e.message + " (rule " + e.rule + ")", e.rule);
      else say(capital(e.message) + ".", "");
      return;
    }
    const parts = [];
    if (answer.steps && answer.steps.length) {
      parts.push(answer.steps.length === 1 ? answer.steps[0].text :
        "The others made " + count(answer.steps.length, "move") + " (listed under the table).");
    } else if (answer.played) parts.push(answer.played);
    if (answer.over) parts.push(answer.over);
    else if (answer.your_turn) parts.push("Your move.");
    say(parts.join(" "));
  }

  // -- the evaluation bar ---------------------------------------------------------

  // Each player's chance to win, estimated by zank from what the reader sees
  // (in the Web Worker, like every request: the page stays responsive).
  async function evaluate() {
    const mine = ++evaluating;
    $("zp-eval-text").textContent = "Evaluating…";
    const answer = await request({ op: "evaluate" });
    if (mine !== evaluating) return; // a newer position is being evaluated
    if (answer.error) {
      $("zp-eval-text").textContent = "No evaluation: " + answer.error.message;
      return;
    }
    evaluation = answer.evaluation;
    const bar = $("zp-eval-bar");
    bar.replaceChildren();
    const words = [];
    evaluation.values.forEach((v, p) => {
      const pct = Math.round(100 * v);
      const who = p === evaluation.seat ? "you" : "player " + p;
      const part = el("span", {
        class: "zp-eval-seat zp-eval-seat" + (p % 4) + (p === evaluation.seat ? " zp-eval-you" : ""),
        title: who + ": " + pct + " %",
        "data-seat": String(p),
      }, pct >= 12 ? who + " " + pct + " %" : "");
      part.style.width = (100 * v).toFixed(1) + "%";
      bar.appendChild(part);
      words.push(who + " " + pct + " %");
    });
    bar.setAttribute("aria-label", "Estimated chance to win: " + words.join(", "));
    $("zp-eval-text").textContent =
      "Estimated chance to win: " + words.join(", ") + " (" +
      count(evaluation.samples, "rollout") + " of " + evaluation.rollout + " play of at most " +
      evaluation.depth + " moves, from what you see; a draw counts half).";
  }

  // -- the agents' moves, one at a time ------------------------------------------

  function delay() {
    const box = $("zp-speed");
    return SPEEDS[box ? box.value : "normal"] || 0;
  }

  function log(text) {
    const list = $("zp-log");
    list.appendChild(el("li", {}, text));
    while (list.children.length > 200) list.firstChild.remove();
    list.scrollTop = list.scrollHeight;
    $("zp-log-box").hidden = false;
  }

  // Show each of the agents' moves with its picture and its words, then the
  // answer's table; "Skip" (or any request) shows the rest at once.
  function playSteps(answer) {
    view = answer; // the game as it is now: for the page's own bookkeeping
    selected = null;
    if (answer.played) log(answer.played);
    $("zp-moves").replaceChildren();
    $("zp-skip").hidden = false;
    $("zp-table").classList.add("zp-busy");
    let k = 0;
    let timer = null;
    const finish = () => {
      clearTimeout(timer);
      for (; k < answer.steps.length; k++) log(answer.steps[k].text);
      playing = null;
      $("zp-skip").hidden = true;
      $("zp-table").classList.remove("zp-busy");
      showFinal(answer);
    };
    const next = async () => {
      if (k >= answer.steps.length) return finish();
      const step = answer.steps[k++];
      const picture = await request({ op: "picture", index: step.index });
      if (playing === null) return; // skipped meanwhile
      if (picture.svg !== undefined) $("zp-table").innerHTML = picture.svg;
      log(step.text);
      say(step.text + " (" + k + " of " + answer.steps.length + ")");
      timer = setTimeout(next, delay());
    };
    playing = { finish };
    next();
  }

  function skip() {
    if (playing) playing.finish();
  }

  function count(n, word) {
    return n + " " + word + (n === 1 ? "" : "s");
  }

  function capital(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  function pileName(label) {
    return (view && view.names && view.names[label]) || label;
  }

  function showMoves() {
    const box = $("zp-moves");
    box.replaceChildren();
    for (const m of view.legal) {
      const b = el("button", { type: "button", class: "zp-move", "data-move": m.move }, m.move);
      if (m.from) {
        b.dataset.from = m.from;
        b.dataset.index = String(m.index);
        b.dataset.to = m.to;
        b.title = "from " + pileName(m.from) + " to " + pileName(m.to);
      }
      b.addEventListener("click", () => act({ op: "move", move: m.move }));
      box.appendChild(b);
    }
    $("zp-moves-none").hidden = view.legal.length > 0;
  }

  // -- clicking the table -------------------------------------------------------

  function mark(target, kind) {
    const svg = $("zp-table").querySelector("svg");
    const box = target.getBBox();
    const r = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    const target_ = kind === "zp-target";
    for (const [k, v] of Object.entries({
      x: box.x - 3, y: box.y - 3, width: box.width + 6, height: box.height + 6,
      rx: 7, fill: "none", stroke: target_ ? "#7CFC9A" : "#5ad1ff", "stroke-width": 4,
      "stroke-dasharray": target_ ? "8 5" : "none", class: "zp-mark " + (kind || ""),
      "pointer-events": "none",
    })) r.setAttribute(k, v);
    svg.appendChild(r);
  }

  function unmark() {
    for (const m of $("zp-table").querySelectorAll(".zp-mark")) m.remove();
  }

  // The legal moves that take card `index` of pile `label` (any card of a hand
  // held in the hand, else the pile's top).
  function movesFrom(label, index) {
    if (!view) return [];
    const own = view.legal.filter((m) => m.from === label);
    return view.private.includes(label) ? own.filter((m) => m.index === index) : own;
  }

  function where(event) {
    const pile = event.target.closest && event.target.closest("#zp-table g.pile");
    if (!pile) return null;
    const cards = Array.from(pile.querySelectorAll(":scope > g.card, :scope > g.back"));
    const card = event.target.closest("g.card, g.back");
    return { pile, card, label: pile.dataset.label, index: card ? cards.indexOf(card) : 0 };
  }

  function pick(at) {
    selected = { from: at.label, index: at.index };
    mark(at.card || at.pile);
    const targets = new Set(movesFrom(at.label, at.index).map((m) => m.to));
    for (const label of targets) {
      const pile = $("zp-table").querySelector(`g.pile[data-label="${CSS.escape(label)}"]`);
      if (pile) mark(pile, "zp-target");
    }
    return targets.size;
  }

  let dragged = false; // a drag just ended: the click that follows is not a click

  function tableClick(event) {
    if (!view) return;
    if (dragged) {
      dragged = false;
      return;
    }
    if (playing) {
      say("The other players are moving: wait, or press Skip.");
      return;
    }
    const at = where(event);
    if (!at) return;
    const { card, pile, label, index } = at;
    if (selected === null) {
      const n = pick(at);
      say("You picked up a card of " + pileName(label) + ": now click where it goes" +
        (n ? " (outlined: " + count(n, "legal place") + ")" : " (no legal place now)") +
        ", or click it again to put it back.");
      return;
    }
    const from = selected;
    selected = null;
    unmark();
    if (from.from === label && (from.index === index || !card)) {
      say("Put back.");
      return;
    }
    act({ op: "click", from: from.from, index: from.index, to: label });
  }

  // A double click sends the card to a foundation (or build pile) that takes it.
  function tableDoubleClick(event) {
    if (!view || playing) return;
    const at = where(event);
    if (!at || !at.card) return;
    selected = null;
    unmark();
    const home = movesFrom(at.label, at.index).find((m) => view.homes.includes(m.to));
    if (home) act({ op: "move", move: home.move });
    else say("No " + view.home_word + " takes that card now.");
  }

  // Drag and drop: hold a card, carry it, let it go on its pile.
  let drag = null;

  function svgPoint(svg, event) {
    const p = svg.createSVGPoint();
    p.x = event.clientX;
    p.y = event.clientY;
    return p.matrixTransform(svg.getScreenCTM().inverse());
  }

  function dragStart(event) {
    if (!view || playing || event.button !== 0) return;
    const at = where(event);
    if (!at || !at.card) return;
    drag = { at, x: event.clientX, y: event.clientY, ghost: null, id: event.pointerId };
  }

  function dragMove(event) {
    if (!drag || event.pointerId !== drag.id) return;
    const svg = $("zp-table").querySelector("svg");
    if (!drag.ghost) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 6) return;
      selected = null;
      unmark();
      pick(drag.at);
      drag.origin = svgPoint(svg, { clientX: drag.x, clientY: drag.y });
      drag.ghost = drag.at.card.cloneNode(true);
      drag.ghost.setAttribute("class", "zp-ghost");
      drag.ghost.setAttribute("pointer-events", "none");
      drag.ghost.setAttribute("opacity", "0.85");
      svg.appendChild(drag.ghost);
      say("Carrying a card of " + pileName(drag.at.label) + ": let it go where it goes.");
    }
    const p = svgPoint(svg, event);
    drag.ghost.setAttribute(
      "transform", `translate(${p.x - drag.origin.x} ${p.y - drag.origin.y})`
    );
    event.preventDefault();
  }

  function dragEnd(event) {
    if (!drag || event.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    if (!d.ghost) return; // a click, not a drag
    d.ghost.remove();
    dragged = true;
    setTimeout(() => { dragged = false; }, 0); // no click follows a drag outside the pile
    selected = null;
    unmark();
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const pile = under && under.closest("#zp-table g.pile");
    if (!pile || pile.dataset.label === d.at.label) {
      say("Put back.");
      return;
    }
    act({ op: "click", from: d.at.label, index: d.at.index, to: pile.dataset.label });
  }

  // -- the game record ----------------------------------------------------------

  async function download() {
    const answer = await request({ op: "record" });
    if (answer.error) return show(answer);
    const url = URL.createObjectURL(new Blob([answer.record], { type: "application/json" }));
    const a = el("a", { href: url, download: answer.filename });
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  async function upload(event) {
    const file = event.target.files[0];
    if (!file) return;
    const answer = await act({ op: "load", text: await file.text() });
    event.target.value = "";
    if (answer.error) {
      say("Could not load " + file.name.slice(0, 60) + ": " + answer.error.message + ".", "");
    } else syncForm(answer);
  }

  window.zankPlay = {
    timings,
    request: (obj) => request(obj),
    view: () => view,
    evaluation: () => evaluation,
    playing: () => playing !== null,
    idle: () => inFlight === 0 && timings.ready !== null,
  };

  boot().catch((e) => {
    status("The table could not start: " + e.message);
    throw e;
  });
})();
