// The nardy board page: plain JavaScript over the server's JSON API
// (/api/games...). It draws the board the server renders as SVG, offers
// only the legal steps the server lists (GET .../steps), and posts one step
// per click pair: a checker (source point), then a target point.
"use strict";

const $ = (id) => document.getElementById(id);
const page = {
  game: null,      // the game's id
  state: null,     // the last state from the server
  steps: null,     // the legal next steps, when a person is to step
  selected: null,  // the chosen source point
  busy: 0,
};

function setBusy(d) {
  page.busy += d;
  document.body.dataset.busy = String(page.busy);
}

async function api(method, path, body) {
  setBusy(1);
  try {
    const opts = { method, headers: {} };
    if (body !== undefined) {
      opts.body = JSON.stringify(body);
      opts.headers["Content-Type"] = "application/json";
    }
    const resp = await fetch(path, opts);
    const type = resp.headers.get("Content-Type") || "";
    const data = type.includes("json") ? await resp.json() : await resp.text();
    if (!resp.ok) {
      throw new Error(data && data.error ? data.error : String(resp.status));
    }
    return data;
  } finally {
    setBusy(-1);
  }
}

function showError(err) {
  const e = $("error");
  e.hidden = !err;
  e.textContent = err ? String(err.message || err) : "";
}

// me returns the colour the person at this screen plays now: its colour
// against the bot, or whoever must act between two people.
function me(st) {
  if (st.players.white === "bot") return "black";
  if (st.players.black === "bot") return "white";
  return st.to_act || "white";
}

async function loadPresets() {
  const presets = await api("GET", "/api/presets");
  const sel = $("preset");
  for (const p of presets) {
    const o = document.createElement("option");
    o.value = p.name;
    o.textContent = `${p.name} (${p.variant}${p.cube ? ", cube" : ""})`;
    o.title = p.source;
    sel.appendChild(o);
  }
}

async function newGame(ev) {
  if (ev) ev.preventDefault();
  showError(null);
  setBusy(1);
  try {
    const st = await api("POST", "/api/games", {
      preset: $("preset").value,
      opponent: $("opponent").value,
      color: $("color").value,
      length: Number($("length").value) || 0,
    });
    page.game = st.id;
    location.hash = "g=" + st.id;
    await show(st);
  } catch (err) {
    showError(err);
  } finally {
    setBusy(-1);
  }
}

// act posts an action and shows the new state. The page stays busy
// (body[data-busy] > 0) until it has drawn the answer.
async function act(action, extra) {
  if (!page.game) return;
  showError(null);
  const body = Object.assign({ player: me(page.state) }, extra || {});
  setBusy(1);
  try {
    const st = await api("POST", `/api/games/${page.game}/${action}`, body);
    page.selected = null;
    await show(st);
    if ($("auto").checked && (st.allowed[me(st)] || []).includes("play")) {
      await act("play");
    }
  } catch (err) {
    showError(err);
    await refresh();
  } finally {
    setBusy(-1);
  }
}

async function refresh() {
  if (!page.game) return;
  try {
    await show(await api("GET", `/api/games/${page.game}`));
  } catch (err) {
    showError(err);
  }
}

const resultWords = { oin: "oin (single)", mars: "mars (gammon)", home_mars: "home mars", koks: "koks (backgammon)", draw: "draw" };

// show draws a state: the board, the buttons, the texts, the legal steps.
async function show(st) {
  page.state = st;
  document.body.dataset.phase = st.match_over ? "over" : st.phase;
  const who = me(st);
  const allowed = st.allowed[who] || [];
  page.steps = null;
  if (allowed.includes("step")) {
    page.steps = (await api("GET", `/api/games/${st.id}/steps`)).next;
  }
  const svg = await api("GET", `/api/games/${st.id}/board.svg?viewer=${who}`);
  $("board").innerHTML = svg;
  for (const b of document.querySelectorAll("#actions button")) {
    b.hidden = !allowed.includes(b.dataset.action);
  }
  $("status").textContent = statusText(st, who, allowed);
  $("dice").textContent = st.dice ? `Dice ${st.dice.join("-")}` + (st.dice_left ? `, left: ${st.dice_left.join(" ") || "none"}` : "") : "";
  $("cube").textContent = st.cube ? `Cube ${st.cube.value}${st.cube.owner ? ", owned by " + st.cube.owner : ", centred"}` : "";
  $("score").textContent = st.length ? `Match to ${st.length}: white ${st.score.white}, black ${st.score.black} (game ${st.game_number})` : "";
  const res = $("result");
  res.hidden = !st.result;
  if (st.result) {
    const r = st.result;
    res.textContent = r.kind === "draw" ? `Game ${r.game}: a draw.` :
      `Game ${r.game}: ${r.winner} wins, ${resultWords[r.kind] || r.kind}, ${r.points} point${r.points === 1 ? "" : "s"} (${r.end.replace("_", " ")}).`;
    if (st.match_over && st.length) res.textContent += ` ${st.winner} wins the match.`;
  }
  const log = $("log");
  log.innerHTML = "";
  for (const line of st.log) {
    const li = document.createElement("li");
    li.textContent = line;
    log.appendChild(li);
  }
  log.scrollTop = log.scrollHeight;
  markSteps();
}

function statusText(st, who, allowed) {
  if (st.match_over) return "Game over.";
  if (st.phase === "opening") return "Roll to throw the opening dice.";
  if (!allowed.length) return `Waiting for ${st.to_act}.`;
  const you = st.players.white === "human" && st.players.black === "human" ? who : "you";
  if (st.phase === "cube") return `${st.to_act === who ? you : st.to_act}: take or drop the double.`;
  if (st.phase === "resign") return `${you}: accept or reject the resignation.`;
  if (allowed.includes("play")) return `${you}: the play is complete. Done, or undo.`;
  if (allowed.includes("step")) return `${you} (${who}): click a checker, then where it goes.`;
  if (allowed.includes("roll")) return `${you} (${who}): roll${allowed.includes("double") ? " or double" : ""}.`;
  return `${you}: ${allowed.join(", ")}`;
}

// markSteps marks the points a checker may leave (src), the chosen one
// (sel) and where it may go (dst).
function markSteps() {
  for (const g of document.querySelectorAll("#board [data-point]")) {
    g.classList.remove("src", "sel", "dst");
  }
  if (!page.steps) return;
  const at = (p) => document.querySelector(`#board [data-point="${p}"]`);
  for (const s of page.steps) {
    const g = at(s.from);
    if (g) g.classList.add("src");
  }
  if (page.selected !== null) {
    const g = at(page.selected);
    if (g) g.classList.add("sel");
    for (const s of page.steps) {
      if (s.from === page.selected) {
        const t = at(s.to);
        if (t) t.classList.add("dst");
      }
    }
  }
}

function onBoardClick(ev) {
  const g = ev.target.closest("[data-point]");
  if (!g || !page.steps || page.busy) return;
  const p = Number(g.dataset.point);
  if (page.selected !== null && g.classList.contains("dst")) {
    const from = page.selected;
    page.selected = null;
    act("step", { from, to: p });
    return;
  }
  if (g.classList.contains("src")) {
    page.selected = page.selected === p ? null : p;
  } else {
    page.selected = null;
  }
  markSteps();
}

async function start() {
  $("new-game").addEventListener("submit", newGame);
  $("board").addEventListener("click", onBoardClick);
  for (const b of document.querySelectorAll("#actions button")) {
    b.addEventListener("click", () => act(b.dataset.action));
  }
  try {
    await loadPresets();
  } catch (err) {
    showError(err);
  }
  const m = /g=([0-9a-f]+)/.exec(location.hash);
  if (m) {
    page.game = m[1];
    await refresh();
  }
}

start();
