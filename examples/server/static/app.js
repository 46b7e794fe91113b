// The nardy board page: plain JavaScript over the server's JSON API
// (/api/games...). It draws the board the server renders as SVG, offers
// only the legal steps the server lists (GET .../steps), and posts one step
// per click pair: a checker (source point), then a target point. The Hint
// button asks the server's neural evaluator (GET .../hint) for advice on
// the decision at hand and lists the best plays.
//
// The page holds one seat of a game: the game id and the seat's token are
// in the address's fragment (#g=ID&t=TOKEN), which never reaches a server;
// the token goes in the Authorization header of every request. Opened with
// an invitation (the link the creator of a game between two people sends,
// #g=ID&i=INVITATION), the page joins the game with a seat token it draws
// itself (retrying the join with it should the answer be lost), and puts
// that token in the address instead, so a reload keeps the seat. A seat's
// token this browser did not get itself (a link with t= that someone
// sent) is used, with a notice that whoever sent it holds the seat too. Every action
// says the state version it was made on, so a double click acts once. The
// page follows the game live over the server's event stream (read with
// fetch, so the token stays out of URLs): the waiting player's board moves
// as soon as the other player acts, without polling.
"use strict";

const $ = (id) => document.getElementById(id);
const page = {
  game: null,      // the game's id
  token: null,     // this seat's token
  state: null,     // the last state drawn
  steps: null,     // the legal next steps, when this seat is to step
  selected: null,  // the chosen source point
  busy: 0,
  queue: Promise.resolve(), // draws, one at a time, in order
  stream: null,    // AbortController of the event stream
  events: 0,       // states received from the stream
  seeding: false,
  hint: null,      // the hint shown: {version, game}
  refreshing: null, // the timer of a refresh to come (refreshLater)
  retries: 0, // refreshes in a row that found the bot owing or the server busy (retryLater)
};

function setBusy(d) {
  page.busy += d;
  document.body.dataset.busy = String(page.busy);
}

class APIError extends Error {
  constructor(status, data) {
    super(data && data.error ? data.error : String(status));
    this.status = status;
    this.data = data;
  }
}

// api sends a request and returns its answer. A request refused for the
// client's request rate (429 request_rate) or because no bot slot came
// free in time for the move the bot owed first (503 busy) did nothing: it
// is sent again after the Retry-After the server asks, a few times.
async function api(method, path, body) {
  setBusy(1);
  try {
    const opts = { method, headers: {} };
    if (page.token) opts.headers.Authorization = "Bearer " + page.token;
    if (body !== undefined) {
      opts.body = JSON.stringify(body);
      opts.headers["Content-Type"] = "application/json";
    }
    for (let i = 1; ; i++) {
      const resp = await fetch(path, opts);
      const type = resp.headers.get("Content-Type") || "";
      const data = type.includes("json") ? await resp.json() : await resp.text();
      if (resp.ok) return data;
      const again = (resp.status === 429 && data && data.code === "request_rate") ||
        (resp.status === 503 && data && data.code === "busy");
      if (again && i < 4) {
        const wait = Math.min(Number(resp.headers.get("Retry-After")) || 1, 10);
        await new Promise((r) => setTimeout(r, 1000 * wait));
        continue;
      }
      throw new APIError(resp.status, data);
    }
  } finally {
    setBusy(-1);
  }
}

function showError(err) {
  const e = $("error");
  e.hidden = !err;
  e.textContent = err ? String(err.message || err) : "";
}

// showNotice shows text (or hides the notice when it is empty).
function showNotice(text) {
  const e = $("notice");
  e.hidden = !text;
  e.textContent = text || "";
}

// me returns the colour of this page's seat.
function me(st) {
  return st.you || "white";
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
    // The opponent menu names a bot (bot.Names) or "human".
    const opponent = $("opponent").value;
    const human = opponent === "human";
    const out = await api("POST", "/api/games", {
      preset: $("preset").value,
      opponent: human ? "human" : "bot",
      bot: human ? undefined : opponent,
      color: $("color").value,
      length: Number($("length").value) || 0,
    });
    open(out.game.id, out.token);
    const inv = $("invite");
    inv.hidden = !out.invite;
    if (out.invite) $("invite-link").value = location.origin + out.invite.url;
    await draw(out.game);
  } catch (err) {
    showError(err);
  } finally {
    setBusy(-1);
  }
}

// open makes this page the seat of token in game id and follows the game.
function open(id, token, own = true) {
  page.game = id;
  page.token = token;
  page.state = null;
  clearTimeout(page.refreshing); // a refresh of the game left, which would hold back this one's
  page.refreshing = null;
  page.retries = 0;
  showNotice(null);
  if (own) keepSeat(id, token); // a seat this browser got itself, not one a link gave it
  history.replaceState(null, "", `#g=${id}&t=${encodeURIComponent(token)}`);
  listen();
}

// The seats this browser got itself (created, joined), by game: a game's
// two seats may both be this browser's (a hot-seat game, or a creator
// trying its own invitation).
const seatsKey = (id) => "nardy-seats:" + id;
function seatsOf(id) {
  try { return JSON.parse(keptLong(seatsKey(id)) || "[]"); } catch (err) { return []; }
}
function keepSeat(id, token) {
  const seats = seatsOf(id).filter((t) => t !== token);
  keepLong(seatsKey(id), JSON.stringify(seats.concat([token]).slice(-2)));
}

// enter makes this page the seat of token in game id, as the address
// says. A token that is an invitation (join_first) joins the game first:
// the invitation's only power is to join, once, and the seat's own token
// replaces it in the address. A join begun before a reload whose answer
// never came (invite_used, its token kept) is retried.
async function enter(id, token) {
  page.game = id;
  page.token = token;
  let st, foreign = false;
  try {
    st = await api("GET", `/api/games/${id}`);
    foreign = !seatsOf(id).includes(token);
  } catch (err) {
    const code = err.status === 401 && err.data ? err.data.code : "";
    if (!(code === "join_first" || (code === "invite_used" && kept(joinKey(id))))) throw err;
    const out = await join(id);
    token = out.token;
    st = out.game;
  }
  open(id, token, !foreign);
  if (foreign) {
    showNotice("This address holds a seat's token that this browser did not get itself: whoever gave it to you " +
      "can act for this seat too. To play someone, ask for an invitation link (one with i=).");
  }
  await draw(st);
}

// accept joins game id with an invitation (a link with i=): only ever as
// an invitation, never as a seat (a seat's token in its place is refused).
async function accept(id, invitation) {
  page.game = id;
  page.token = invitation;
  const byInvite = "nardy-invited:" + id + ":" + invitation; // the seat this invitation gave this browser
  let out;
  try {
    out = await join(id);
  } catch (err) {
    // The invitation was used, by this browser (a link opened again):
    // the seat it gave.
    const mine = keptLong(byInvite);
    if (err.status === 401 && err.data && err.data.code === "invite_used" && mine) return enter(id, mine);
    throw err;
  }
  keepLong(byInvite, out.token);
  open(id, out.token);
  await draw(out.game);
}

// seatToken draws a seat's token: 32 random bytes of the browser in
// base64url without padding (43 characters).
function seatToken() {
  const b = new Uint8Array(32);
  crypto.getRandomValues(b);
  return btoa(String.fromCharCode(...b)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const joinKey = (id) => "nardy-join:" + id;

// kept, keep and forget use sessionStorage (per tab, kept over a reload),
// doing without it where the browser refuses it.
function kept(key) {
  try { return sessionStorage.getItem(key); } catch (err) { return null; }
}
function keep(key, value) {
  try { sessionStorage.setItem(key, value); } catch (err) { /* no storage: no retry after a reload */ }
}
function forget(key) {
  try { sessionStorage.removeItem(key); } catch (err) { /* nothing kept */ }
}
// keptLong and keepLong use localStorage (kept over the browser's restart).
function keptLong(key) {
  try { return localStorage.getItem(key); } catch (err) { return null; }
}
function keepLong(key, value) {
  try { localStorage.setItem(key, value); } catch (err) { /* no storage: a notice on the next visit */ }
}

// join joins game id with the invitation (page.token). The page chooses
// the seat's token itself and keeps it until the join is answered, so a
// join whose answer is lost (a network error, a reload) is sent again
// with the same token, which the server answers as the first join.
async function join(id) {
  const key = joinKey(id);
  const mine = kept(key) || seatToken();
  keep(key, mine);
  for (let i = 1; ; i++) {
    try {
      const out = await api("POST", `/api/games/${id}/join`, { token: mine });
      forget(key);
      return out;
    } catch (err) {
      const seated = err.status === 409 && err.data && err.data.code === "seated"; // a seat's token, no invitation
      const again = !(err instanceof APIError) || err.status === 503 || err.status === 429 || (err.status === 409 && !seated);
      if (!again || i === 5) {
        if (!again) forget(key); // refused: the token is no use any more
        throw err;
      }
      await new Promise((r) => setTimeout(r, 500 * i));
    }
  }
}

// act posts an action made on the state drawn and draws the answer. The
// page stays busy (body[data-busy] > 0) until it has drawn it. A stale
// version (the game moved meanwhile) draws the current state instead.
async function act(action, extra) {
  if (!page.game || !page.state) return;
  showError(null);
  const body = Object.assign({ version: page.state.version }, extra || {});
  setBusy(1);
  try {
    const st = await api("POST", `/api/games/${page.game}/${action}`, body);
    page.selected = null;
    await draw(st);
    if (owesBot(st)) {
      // The server kept the action but had no bot slot for the bot's
      // move in time: the game's next request lets the bot move.
      refreshLater(1000);
    } else {
      page.retries = 0;
    }
    if ($("auto").checked && (st.allowed[me(st)] || []).includes("play")) {
      await act("play");
    }
  } catch (err) {
    if (err.status === 409 && err.data && err.data.state) {
      await draw(err.data.state);
    } else {
      showError(err);
      await refresh();
    }
  } finally {
    setBusy(-1);
  }
}

async function refresh() {
  if (!page.game) return;
  const id = page.game;
  try {
    const st = await api("GET", `/api/games/${id}`);
    await draw(st);
    if (owesBot(st)) {
      retryLater(); // asked again until the bot moved
    } else {
      page.retries = 0;
    }
  } catch (err) {
    const code = err.data && err.data.code;
    if ((err.status === 503 && code === "busy") || (err.status === 429 && code === "request_rate")) {
      retryLater(); // the bot still owes its move: ask again
      return;
    }
    showError(err);
  }
}

// retryLater asks again for the state of a game whose bot owes a move or
// whose server was busy: after 2 s, then twice as long each time in a
// row, at most 30 s apart, so that a busy server is not asked ever faster
// by every page waiting on it.
function retryLater() {
  const ms = Math.min(2000 * 2 ** page.retries, 30000);
  page.retries = Math.min(page.retries + 1, 8);
  refreshLater(ms);
}

// refreshLater asks for the state of this page's game after ms, once: a
// refresh already waiting is not doubled, and one for a game the page has
// left is dropped.
function refreshLater(ms) {
  if (page.refreshing) return;
  const id = page.game;
  page.refreshing = setTimeout(() => {
    page.refreshing = null;
    if (page.game === id) refresh();
  }, ms);
}

// owesBot reports whether st waits for a move the bot owes: the server
// kept an action but had no bot slot in time (or its client had its most
// bots thinking), and the game's next request lets the bot move.
const owesBot = (st) => Boolean(st.bot_owes);

// listen follows the game's event stream, reconnecting when it ends.
async function listen() {
  if (page.stream) page.stream.abort();
  const ctrl = new AbortController();
  page.stream = ctrl;
  const id = page.game;
  while (!ctrl.signal.aborted) {
    try {
      const resp = await fetch(`/api/games/${id}/events`, {
        headers: { Authorization: "Bearer " + page.token },
        signal: ctrl.signal,
      });
      if (resp.status === 401 || resp.status === 404) {
        showError(new Error(resp.status === 404 ? "This game is gone." : "This link holds no seat in the game."));
        return;
      }
      if (resp.status === 429 || resp.status === 503) {
        // No stream for now: show the game as it is, and ask again after
        // the wait the server gives (the board would stay frozen).
        const wait = Number(resp.headers.get("Retry-After")) || 1;
        await refresh();
        await new Promise((r) => setTimeout(r, Math.min(wait, 60) * 1000));
        continue;
      }
      if (resp.ok) {
        const reader = resp.body.pipeThrough(new TextDecoderStream()).getReader();
        let buf = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += value;
          let i;
          while ((i = buf.indexOf("\n\n")) >= 0) {
            if (!onEvent(buf.slice(0, i))) return;
            buf = buf.slice(i + 2);
          }
        }
      }
    } catch (err) {
      if (ctrl.signal.aborted) return;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

// onEvent handles one event of the stream; false ends the stream.
function onEvent(chunk) {
  let name = "message", data = "";
  for (const line of chunk.split("\n")) {
    if (line.startsWith("event: ")) name = line.slice(7);
    else if (line.startsWith("data: ")) data += line.slice(6);
  }
  if (name === "gone") {
    showError(new Error("This game is gone (deleted or expired)."));
    return false;
  }
  if (name === "state") {
    page.events++;
    document.body.dataset.events = String(page.events);
    draw(JSON.parse(data));
  }
  return true;
}

// draw queues the drawing of a state; states older than the one drawn are
// skipped, so the stream and the answers to actions never draw backwards.
function draw(st) {
  setBusy(1);
  page.queue = page.queue.then(() => show(st)).catch(showError).finally(() => setBusy(-1));
  return page.queue;
}

// The server names results in the game's own words (long nardy: oin, mars,
// home mars, koks; backgammon: single, gammon, backgammon).
const resultWords = { home_mars: "home mars" };

// show draws a state: the board, the buttons, the texts, the legal steps.
async function show(st) {
  if (page.state && page.state.id === st.id && st.version < page.state.version) return;
  if (page.state && page.state.id === st.id && st.version === page.state.version && page.drawn) return;
  page.state = st;
  page.drawn = false;
  document.body.dataset.phase = st.match_over ? "over" : st.phase;
  const who = me(st);
  const allowed = st.allowed[who] || [];
  page.steps = null;
  if (allowed.includes("step")) {
    try {
      page.steps = (await api("GET", `/api/games/${st.id}/steps`)).next;
    } catch (err) {
      if (err.status !== 409) throw err;
      return; // the game moved on: its new state is on its way
    }
  }
  const svg = await api("GET", `/api/games/${st.id}/board.svg?viewer=${who}`);
  if (page.state !== st) return; // a newer state came meanwhile
  $("board").innerHTML = svg;
  for (const b of document.querySelectorAll("#actions button[data-action]")) {
    b.hidden = !allowed.includes(b.dataset.action);
  }
  $("hint-button").hidden = !canHint(st, who);
  $("mat-button").hidden = !st.mat;
  if (!page.hint || page.hint.version !== st.version || page.hint.game !== st.id) clearHint();
  document.body.dataset.turn = allowed.filter((a) => a !== "seed" && a !== "resign").length ? "me" : "wait";
  $("status").textContent = (st.dev ? "DEVELOPMENT DICE: the creator's seed fixed them and whoever knows it knows every roll. " : "") +
    (st.invited && st.invited !== who ? "The other player has not joined yet. " : "") +
    statusText(st, who, allowed);
  $("dice").textContent = st.dice ? `Dice ${st.dice.join("-")}` + (st.dice_left ? `, left: ${st.dice_left.join(" ") || "none"}` : "") : "";
  $("cube").textContent = st.cube ? `Cube ${st.cube.value}${st.cube.owner ? ", owned by " + st.cube.owner : ", centred"}` : "";
  $("score").textContent = st.length ? `Match to ${st.length}: white ${st.score.white}, black ${st.score.black} (game ${st.game_number}${st.crawford ? ", the Crawford game" : ""})` : "";
  $("fair").textContent = st.fair ? (st.fair.seed ?
    `Dice seed ${st.fair.seed}: its SHA-256 is the commitment ${st.fair.commitment.slice(0, 16)}…; the record checks every die.` :
    `Dice committed to: SHA-256 ${st.fair.commitment.slice(0, 16)}… (the seed is shown at the end).`) : "";
  const res = $("result");
  res.hidden = !st.result;
  if (st.result) {
    const r = st.result;
    res.textContent = r.kind === "draw" ? `Game ${r.game}: a draw, ${r.points ? r.points : ""}${r.half ? "½" : ""} point${r.points === 0 || (r.points === 1 && !r.half) ? "" : "s"} each.` :
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
  page.drawn = true;
  if (allowed.includes("seed") && !page.seeding) seed();
}

// seed sends this player's part of the dice salt before the first die:
// random bytes of the browser, so that the dice depend on a secret of each
// player as well as on the server's committed seed. In a game between two
// people the first die waits for both seeds, so a seed refused on a stale
// version (the other player's seed came first) or lost on the way is sent
// again while the state still asks for it, a few times.
async function seed(tries = 5) {
  page.seeding = true;
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  const s = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  let again = false;
  try {
    await draw(await api("POST", `/api/games/${page.game}/seed`, { version: page.state.version, client_seed: s }));
  } catch (err) {
    if (err.data && err.data.state) { // stale: the game moved on meanwhile
      await draw(err.data.state);
      again = true;
    } else if (!(err instanceof APIError) || err.status >= 500) { // the network, the store
      await new Promise((r) => setTimeout(r, 1000));
      again = true;
    } // else the seed is set, or the first die was thrown (a game against the bot): no seed then
  } finally {
    page.seeding = false;
  }
  const st = page.state;
  if (again && tries > 1 && st && (st.allowed[me(st)] || []).includes("seed")) await seed(tries - 1);
}

// canHint reports whether this seat has a decision the server can advise
// on: a roll (or double), a play, a double to take or drop, a resignation
// to answer.
function canHint(st, who) {
  return st.hints && !st.match_over && st.to_act === who && ["roll", "play", "cube", "resign"].includes(st.phase);
}

function clearHint() {
  page.hint = null;
  $("hint").hidden = true;
  $("hint").textContent = "";
}

const pct = (x) => `${(100 * x).toFixed(1)}%`;
const eq = (x) => (x >= 0 ? "+" : "") + x.toFixed(3);

// hint asks the server's advice on the decision at hand and shows it: what
// to do, the chances, and in the play of a roll the best plays from the
// start of the roll with the equity each loses against the best; once
// steps are taken, the server's advice is for the game with them taken:
// only the plays they can still become (the finished play alone, once
// every step is taken). A step is a new state version, which clears a
// hint shown before it.
async function hint() {
  const st = page.state;
  if (!st) return;
  showError(null);
  try {
    const h = await api("GET", `/api/games/${st.id}/hint`);
    if (page.state !== st) return; // the game moved on meanwhile
    page.hint = { version: h.version, game: st.id };
    showHint(h, st);
  } catch (err) {
    showError(err);
  }
}

// downloadMat saves the game's record as GNU Backgammon's .mat match
// file, which the server offers (the state's "mat") for short nardy the
// format holds. It is fetched as every request is, with this seat's token
// in the Authorization header and never in an address, and handed to the
// browser as a download named as the server names it.
async function downloadMat() {
  const st = page.state;
  if (!st || !st.mat) return;
  showError(null);
  try {
    const text = await api("GET", `/api/games/${st.id}/record.mat`);
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    a.download = `nardy-${st.id}.mat`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 60000);
  } catch (err) {
    showError(err);
  }
}

function showHint(h, st) {
  const box = $("hint");
  box.textContent = "";
  const line = (text, cls) => {
    const p = document.createElement("p");
    p.textContent = text;
    if (cls) p.className = cls;
    box.appendChild(p);
  };
  line(`Hint (${h.ply}-ply): ${h.advice}`);
  const kinds = Object.keys(h.chances).filter((k) => k.startsWith("win_") && h.chances[k] > 0.0005)
    .sort((a, b) => h.chances[b] - h.chances[a]).map((k) => `${resultWords[k.slice(4)] || k.slice(4)} ${pct(h.chances[k])}`);
  line(`Your chances: win ${pct(h.chances.win)}${kinds.length ? " (" + kinds.join(", ") + ")" : ""}; equity ${eq(h.equity)}`, "num");
  if (h.cube) {
    const c = h.cube;
    line(`Cube: no double ${eq(c.no_double)}, double/take ${eq(c.double_take)}, double/drop ${eq(c.double_pass)}: ` +
      (st.phase === "cube" ? (c.take ? "take" : "drop") : (c.double ? "double" : "no double")) +
      (c.exact ? " (exact: the bear-off database)" : ""), "num");
  }
  if (h.plays && h.plays.length) {
    if (st.taken && st.taken.length) line("The plays your steps can still become, from the start of the roll:");
    const ol = document.createElement("ol");
    h.plays.forEach((p, i) => {
      const li = document.createElement("li");
      li.textContent = `${p.play}  ` + (i === 0 ? `equity ${eq(p.equity)}` : `−${p.loss.toFixed(3)}`) + `, win ${pct(p.win)}`;
      if (i === 0) li.className = "best";
      ol.appendChild(li);
    });
    box.appendChild(ol);
    if (h.more_plays) line(`and ${h.more_plays} other play${h.more_plays === 1 ? "" : "s"}`, "num");
  }
  box.hidden = false;
}

function statusText(st, who, allowed) {
  if (st.match_over) return "Game over.";
  const mine = allowed.filter((a) => a !== "seed" && a !== "resign");
  if (st.awaiting_seeds && !st.invited) { // before the opening, or a set-up game's first roll
    const others = st.awaiting_seeds.filter((c) => c !== who);
    return others.length ? `Waiting for ${others.join(" and ")} to send a dice seed.` : "Sending your dice seed…";
  }
  if (st.phase === "opening") return mine.includes("roll") ? "Roll to throw the opening dice." : "Waiting for the opening throw.";
  if (!mine.length) return `Waiting for ${st.to_act}.`;
  const you = `you (${who})`;
  if (st.phase === "cube") return `${you}: take or drop the double.`;
  if (st.phase === "resign") return `${you}: accept or reject the resignation.`;
  if (allowed.includes("play")) return `${you}: the play is complete. Done, or undo.`;
  if (allowed.includes("step")) return `${you}: click a checker, then where it goes.`;
  if (allowed.includes("roll")) return `${you}: roll${allowed.includes("double") ? " or double" : ""}.`;
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
  $("invite-link").addEventListener("focus", (ev) => ev.target.select());
  for (const b of document.querySelectorAll("#actions button[data-action]")) {
    b.addEventListener("click", () => act(b.dataset.action));
  }
  $("hint-button").addEventListener("click", hint);
  $("mat-button").addEventListener("click", downloadMat);
  try {
    await loadPresets();
  } catch (err) {
    showError(err);
  }
  const h = new URLSearchParams(location.hash.slice(1));
  if (/^[0-9a-f]+$/.test(h.get("g") || "") && (h.get("t") || h.get("i"))) {
    try {
      if (h.get("i")) {
        await accept(h.get("g"), h.get("i"));
      } else {
        await enter(h.get("g"), h.get("t"));
      }
    } catch (err) {
      showError(err);
    }
  }
}

start();
