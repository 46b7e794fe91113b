// Browser test of the nardy example server's board page: plays whole games
// in headless Chromium by clicking, as a person would, only what the page
// offers (a highlighted checker, then a highlighted target; Roll, Done,
// Undo now and then, Take, Accept), checks on the way that the offered
// checkers are exactly the sources of the server's legal steps, and takes
// screenshots. Two games against the bot, then a whole game between two
// people in two browser contexts (two players, no shared storage): one
// creates it and sends the invitation link, the other opens it; each page
// holds its own seat's token, and the waiting page must follow the game
// over the server's event stream, never polling for the state.
//
//   node e2e.mjs http://127.0.0.1:PORT [outdir]
//
// It uses the system's Chromium (/usr/bin/chromium, or $CHROMIUM) and never
// downloads a browser. Exit status 0 when every game reached its end.
import { chromium } from "playwright-core";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const base = process.argv[2];
const out = process.argv[3] || "out";
if (!base || !base.startsWith("http://127.0.0.1:")) {
  console.error("usage: node e2e.mjs http://127.0.0.1:PORT [outdir]");
  process.exit(2);
}
mkdirSync(out, { recursive: true });

const games = [
  { preset: "long-moscow", color: "white", bot: "greedy", shot: "long", throttled: true },
  { preset: "short-standard", color: "black", bot: "neural0", shot: "short" },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
});

// newContext opens a browser context (a player of its own) that reaches
// only the test server.
async function newContext() {
  const context = await browser.newContext({ viewport: { width: 1200, height: 760 } });
  await context.route("**/*", (route) =>
    route.request().url().startsWith(base) ? route.continue() : route.abort());
  return context;
}

// bothSeatsInOneBrowser: one browser creates a game between two people
// and opens its invitation in a second tab (a hot-seat game, or a creator
// trying its link): neither tab shows the notice of a seat's token the
// browser did not get itself, also after a reload (the page kept one seat
// a game, and the reloaded creator's tab showed it: helper-91).
async function bothSeatsInOneBrowser() {
  const ctx = await newContext();
  const a = await ctx.newPage();
  await a.goto(base + "/");
  await a.waitForSelector("#preset option", { state: "attached" });
  await a.selectOption("#opponent", "human");
  await a.click("#create");
  await a.waitForSelector("#invite:not([hidden])");
  const link = await a.inputValue("#invite-link");
  const b = await ctx.newPage();
  await b.goto(link);
  await b.waitForSelector("#board svg", { state: "attached" });
  await a.reload();
  await a.waitForSelector("#board svg", { state: "attached" });
  for (const p of [a, b]) {
    await p.waitForSelector('body[data-busy="0"]', { state: "attached" });
    if (!(await p.locator("#notice").isHidden())) throw new Error("a seat's own tab shows the foreign-token notice: " + await p.locator("#notice").textContent());
  }
  await ctx.close();
}

let failed = false, passed = 0;
try {
  const context = await newContext();
  for (const g of games) {
    const t0 = Date.now();
    const n = await playGame(context, g);
    console.log(`e2e: ${g.preset} as ${g.color}: ${n.clicks} clicks, ${n.steps} steps, ${n.undos} undos, ${n.checks} step checks, ${n.hints} hints, ` +
      `${((Date.now() - t0) / 1000).toFixed(1)} s: ${n.result}${n.mat ? "; .mat downloaded: " + n.mat.trim() : "; no .mat offered"}`);
    passed++;
  }
  await context.close();
  const t0 = Date.now();
  const n = await playTwoPeople("long-moscow");
  console.log(`e2e: two people, long-moscow: ${n.clicks} clicks, ${n.steps} steps, ${n.turns} changes of turn ` +
    `followed live (${n.events.join(" and ")} stream events), ${n.polls} state polls, ` +
    `${((Date.now() - t0) / 1000).toFixed(1)} s: ${n.result}`);
  passed++;
  await bothSeatsInOneBrowser();
  console.log("e2e: one browser holding both seats of a game: no foreign-token notice after a reload");
  passed++;
  const delays = await backsOff();
  console.log(`e2e: a page whose server stays busy asks again after ${delays.join(", ")} ms, then no longer waits`);
  passed++;
} catch (err) {
  failed = true;
  console.error("e2e: FAIL:", err && err.stack ? err.stack : err);
} finally {
  await browser.close();
}
console.log(`e2e: ${passed} passed, ${failed ? 1 : 0} failed`);
process.exit(failed ? 1 : 0);

// backsOff: a page whose reads of the state are refused 503 busy (the
// bot owes a move and no slot comes free) asks again after 2 s, then twice
// as long each time, at most 30 s apart (it asked every 2 s without end),
// and after an answer it waits 2 s again. The page's own timers of 2 s or
// more are recorded and run at once, its waits of 1 s (the Retry-After
// of each refused request, sent again three times) too: the test takes
// seconds, not minutes. It returns the delays the page asked for.
async function backsOff() {
  const ctx = await newContext();
  const p = await ctx.newPage();
  await p.goto(base + "/");
  await p.waitForSelector("#preset option", { state: "attached" });
  await p.selectOption("#opponent", "greedy");
  await p.click("#create");
  await p.waitForSelector("#board svg", { state: "attached" });
  await p.waitForSelector('body[data-busy="0"]', { state: "attached" });
  const id = new URLSearchParams(new URL(p.url()).hash.slice(1)).get("g");
  const rounds = 6; // refreshes refused, each 4 requests (api sends a 503 busy again 3 times)
  let refused = 0, served = 0;
  await p.route((url) => url.pathname === `/api/games/${id}`, (route) => {
    if (route.request().method() !== "GET") return route.continue();
    if (refused < 4 * rounds) {
      refused++;
      return route.fulfill({ status: 503, contentType: "application/json", headers: { "Retry-After": "1" },
        body: JSON.stringify({ error: "no bot slot was free before the request ended or the wait ran out; try again", code: "busy" }) });
    }
    served++;
    return route.continue();
  });
  await p.evaluate(() => {
    const real = window.setTimeout.bind(window);
    window.delays = [];
    window.setTimeout = (f, ms, ...args) => {
      if (ms >= 2000) window.delays.push(ms);
      return real(f, ms >= 1000 ? 0 : ms, ...args);
    };
    refresh();
  });
  await p.waitForFunction((n) => window.delays.length >= n, rounds, { timeout: 60000 });
  await p.waitForFunction(() => page.retries === 0 && page.refreshing === null, null, { timeout: 60000 });
  const delays = await p.evaluate(() => window.delays);
  const want = [2000, 4000, 8000, 16000, 30000, 30000];
  if (JSON.stringify(delays) !== JSON.stringify(want) || served !== 1) {
    throw new Error(`the page asked again after ${delays} ms (want ${want}), then ${served} times (want 1)`);
  }
  await ctx.close();
  return delays;
}

// clickOnce makes one click of a person at page, if the page offers one:
// Done, a step (a source then a target; now and then taken back), Roll,
// Take, Accept. It reports whether it clicked. beforeTarget runs between
// the two clicks of a step.
async function clickOnce(page, n, i, beforeTarget, undoEvery = 7) {
  const idle = () => page.waitForSelector('body[data-busy="0"]', { state: "attached" });
  const visible = async (sel) => page.locator(sel).isVisible();
  const sources = page.locator("#board .src .hit");
  if (await visible("#play")) {
    await page.click("#play");
  } else if (await sources.count() > 0) {
    if (n.steps % 5 === 0) await checkSources(page, n);
    const k = await sources.count();
    await sources.nth(i % k).click();
    const targets = page.locator("#board .dst .hit");
    const m = await targets.count();
    if (m === 0) throw new Error("a source with no target");
    if (beforeTarget) await beforeTarget();
    await targets.nth(i % m).click();
    n.steps++;
    if (undoEvery && n.steps % undoEvery === 3) {
      // Now and then take the step back.
      await idle();
      if (await visible("#undo")) {
        await page.click("#undo");
        n.undos++;
      }
    }
  } else if (await visible("#roll")) {
    await page.click("#roll");
  } else if (await visible("#take")) {
    await page.click("#take");
  } else if (await visible("#accept")) {
    await page.click("#accept");
  } else {
    return false;
  }
  n.clicks++;
  return true;
}

async function playGame(context, g) {
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (err) => errors.push(err.message));
  await page.goto(base + "/");
  await page.waitForSelector("#preset option", { state: "attached" });
  await page.selectOption("#preset", g.preset);
  await page.selectOption("#opponent", g.bot);
  await page.selectOption("#color", g.color);
  // throttled: the first board is refused for the client's request rate
  // (429 request_rate, Retry-After 1 s): the page waits and asks again.
  let boards = 0;
  if (g.throttled) {
    await page.route("**/board.svg*", (route) => boards++ > 0 ? route.continue() : route.fulfill({
      status: 429, contentType: "application/json", headers: { "Retry-After": "1" },
      body: JSON.stringify({ error: "requests on games come at most 600 a minute per client", code: "request_rate" }),
    }));
  }
  await page.click("#create");
  await page.waitForSelector("#board svg", { state: "attached" });
  if (g.throttled) {
    await page.unroute("**/board.svg*");
    if (boards < 2) throw new Error(`the page asked ${boards} times for the board: want a 429, then again`);
  }
  const idle = () => page.waitForSelector('body[data-busy="0"]', { state: "attached" });
  const visible = async (sel) => page.locator(sel).isVisible();
  const n = { clicks: 0, steps: 0, undos: 0, checks: 0, hints: 0, result: "" };
  await idle();
  if (!await page.evaluate(() => location.hash.includes("&t="))) throw new Error("no seat token in the page's address");
  // The opponent menu's bot is the game's.
  const { bot } = await gameAPI(page, "");
  if (bot !== g.bot) throw new Error(`the game's bot is ${bot}, the menu chose ${g.bot}`);
  await checkMat(page, g);
  let shot = false;
  for (let i = 0; i < 4000; i++) {
    await idle();
    if (errors.length) throw new Error("script error in the page: " + errors.join("; "));
    if (await page.evaluate(() => document.body.dataset.phase) === "over") break;
    const err = await page.locator("#error").textContent();
    if (await visible("#error") && err) throw new Error("the page shows an error: " + err);
    if (n.hints < 3 && await visible("#hint-button") && !await visible("#undo") &&
        await page.locator("#board .src .hit").count() > 0) {
      await askHint(page, n, g);
    }
    if (!await clickOnce(page, n, i, async () => {
      if (!shot && n.steps > 12) {
        // A picture mid-game: a checker chosen, its targets lit.
        await page.screenshot({ path: join(out, `${g.shot}-midgame.png`) });
        shot = true;
      }
    })) {
      await page.waitForTimeout(20);
    }
  }
  await idle();
  if (await page.evaluate(() => document.body.dataset.phase) !== "over") {
    throw new Error(`${g.preset}: the game did not end`);
  }
  n.result = await page.locator("#result").textContent();
  if (!/wins|draw/.test(n.result)) throw new Error("no result shown: " + n.result);
  n.mat = await checkMat(page, g);
  await page.screenshot({ path: join(out, `${g.shot}-end.png`) });
  await page.close();
  return n;
}

// checkMat: the page offers the game's .mat file (Download .mat) for
// short nardy and not for long nardy, which the format cannot hold; the
// download is the file GET .../record.mat serves the seat, named
// nardy-ID.mat, fetched with the seat's token in the Authorization header,
// never in its address. It returns the first line of the file, or "" for
// long nardy.
async function checkMat(page, g) {
  const short = g.preset.startsWith("short");
  if (await page.locator("#mat-button").isVisible() !== short) {
    throw new Error(`${g.preset}: the .mat download is ${short ? "not offered" : "offered"}`);
  }
  if (!short) return "";
  const id = new URLSearchParams(new URL(page.url()).hash.slice(1)).get("g");
  const token = new URLSearchParams(new URL(page.url()).hash.slice(1)).get("t");
  const asked = [];
  const onRequest = (req) => { if (req.url().includes("record.mat")) asked.push(req); };
  page.on("request", onRequest);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#mat-button")]);
  page.off("request", onRequest);
  if (download.suggestedFilename() !== `nardy-${id}.mat`) throw new Error(`the .mat download is named ${download.suggestedFilename()}`);
  const got = readFileSync(await download.path(), "utf8");
  const want = await page.evaluate(async ({ id, token }) => {
    const res = await fetch(`/api/games/${id}/record.mat`, { headers: { Authorization: "Bearer " + token } });
    return res.ok ? res.text() : `status ${res.status}`;
  }, { id, token });
  if (got !== want || !/^ \d+ point match$/m.test(got)) {
    throw new Error(`the .mat download is ${JSON.stringify(got.slice(0, 200))}, the route serves ${JSON.stringify(want.slice(0, 200))}`);
  }
  if (asked.length !== 1 || asked[0].url().includes(token) || (await asked[0].allHeaders()).authorization !== "Bearer " + token) {
    throw new Error(`the page asked for the .mat file ${asked.length} times, ${asked.map((r) => r.url()).join(", ")}, not once with the seat's token in its header`);
  }
  return got.split("\n").find((l) => l.trim()) || "";
}

// askHint clicks Hint at the start of a play and checks the advice shown:
// the best of a list of plays, judged at 1-ply, or at 0-ply when the roll
// has a single play (it is not searched deeper).
async function askHint(page, n, g) {
  await page.click("#hint-button");
  await page.waitForSelector("#hint li.best", { state: "visible" });
  const advice = await page.locator("#hint p").first().textContent();
  const best = await page.locator("#hint li.best").textContent();
  const plays = await page.locator("#hint li").count();
  const head = plays === 1 ? "Hint (0-ply): " : "Hint (1-ply): ";
  if (!advice.startsWith(head) || !best.startsWith(advice.slice(head.length) + " ")) {
    throw new Error(`the hint's advice ${JSON.stringify(advice)} is not its best play ${JSON.stringify(best)} (${plays} plays listed)`);
  }
  if (n.hints === 0) await page.screenshot({ path: join(out, `${g.shot}-hint.png`) });
  n.hints++;
}

// gameAPI reads GET /api/games/{id}{suffix} from the page, with the game
// and the seat's token of the page's address.
async function gameAPI(page, suffix) {
  return page.evaluate(async (suffix) => {
    const h = new URLSearchParams(location.hash.slice(1));
    const res = await fetch(`/api/games/${h.get("g")}${suffix}`,
      { headers: { Authorization: "Bearer " + h.get("t") } });
    return res.json();
  }, suffix);
}

// checkSources compares the checkers the page offers with the sources of
// the legal steps the server lists.
async function checkSources(page, n) {
  const got = await page.evaluate(() =>
    [...document.querySelectorAll("#board .src")].map((e) => Number(e.dataset.point)).sort((a, b) => a - b));
  const steps = await gameAPI(page, "/steps");
  const want = [...new Set(steps.next.map((s) => s.from))].sort((a, b) => a - b);
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    throw new Error(`offered sources ${got} differ from the legal ones ${want}`);
  }
  n.checks++;
}

// playTwoPeople plays a whole game between two people, each in a browser
// context of its own: A creates it (white) and hands the invitation link to
// B (black), who opens it. Each page clicks only when the page itself says
// it is its turn (body[data-turn="me"]), which, for the player who waited,
// comes from the event stream: the test counts the GETs of the state each
// page makes, and allows none past the first.
async function playTwoPeople(preset) {
  const ctxA = await newContext(), ctxB = await newContext();
  const a = await ctxA.newPage(), b = await ctxB.newPage();
  const errors = [];
  const polls = [0, 0];
  [a, b].forEach((p, k) => {
    p.on("pageerror", (err) => errors.push(err.message));
    p.on("request", (req) => {
      if (req.method() === "GET" && /\/api\/games\/[0-9a-f]+$/.test(new URL(req.url()).pathname)) polls[k]++;
    });
  });
  await a.goto(base + "/");
  await a.waitForSelector("#preset option", { state: "attached" });
  await a.selectOption("#preset", preset);
  await a.selectOption("#opponent", "human");
  await a.selectOption("#color", "white");
  await a.click("#create");
  await a.waitForSelector("#board svg", { state: "attached" });
  await a.waitForSelector("#invite:not([hidden])");
  const link = await a.inputValue("#invite-link");
  if (!link.startsWith(base + "/#g=")) throw new Error("bad invitation link: " + link);
  const tokA = new URLSearchParams(new URL(a.url()).hash.slice(1)).get("t");
  const tokB = new URLSearchParams(new URL(link).hash.slice(1)).get("i"); // an invitation: the page only joins with it
  if (!tokA || !tokB || tokA === tokB) throw new Error("the two seats need tokens of their own");
  // The answer to B's first join is lost on the way, after the server has
  // seated B: the page sends the join again with the token it chose, and
  // the server answers it as the first time.
  let joins = 0;
  await b.route("**/api/games/*/join", async (route) => {
    if (joins++ > 0) return route.continue();
    await route.fetch();
    await route.abort("connectionreset");
  });
  await b.goto(link);
  await b.waitForSelector("#board svg", { state: "attached" });
  await b.unroute("**/api/games/*/join");
  if (joins !== 2) throw new Error(`the page joined ${joins} times: want a join whose answer was lost, then its retry`);
  // The invitation only joins: B's page has joined and holds a token of
  // its own in its address, which a reload keeps; the invitation is spent.
  const tokB2 = new URLSearchParams(new URL(b.url()).hash.slice(1)).get("t");
  if (!tokB2 || tokB2 === tokB || tokB2 === tokA) throw new Error("the invited page did not get a seat token of its own");
  await b.reload();
  await b.waitForSelector("#board svg", { state: "attached" });
  if (new URLSearchParams(new URL(b.url()).hash.slice(1)).get("t") !== tokB2) throw new Error("a reload lost the seat's token");
  const spent = await b.evaluate(async ([id, tok]) => (await fetch(`/api/games/${id}`, { headers: { Authorization: "Bearer " + tok } })).json(),
    [new URLSearchParams(new URL(link).hash.slice(1)).get("g"), tokB]);
  if (spent.code !== "invite_used") throw new Error("the invitation still opens the game: " + JSON.stringify(spent));
  // Neither seat's own page shows the notice of a foreign seat token; a
  // page of another browser opened with A's address (a seat's token, t=)
  // does: whoever gave it holds the seat too (helper-90).
  for (const p of [a, b]) {
    if (!(await p.locator("#notice").isHidden())) throw new Error("a seat's own page shows the foreign-token notice");
  }
  const ctxC = await newContext();
  const c = await ctxC.newPage();
  await c.goto(a.url());
  await c.waitForSelector("#notice:not([hidden])");
  await ctxC.close();
  polls[1] = 0; // the join and the reload read the state once each
  const pages = [a, b];
  const idle = (p) => p.waitForSelector('body[data-busy="0"]', { state: "attached" });
  const n = { clicks: 0, steps: 0, undos: 0, checks: 0, turns: 0, result: "", events: [], polls: 0 };
  // B finishes its plays without Done (the page's option); A clicks Done.
  await b.check("#auto");
  const phase = (p) => p.evaluate(() => document.body.dataset.phase);
  let k = 0, shot = false;
  for (let i = 0; i < 6000; i++) {
    const p = pages[k];
    await idle(p);
    if (errors.length) throw new Error("script error in a page: " + errors.join("; "));
    const err = await p.locator("#error").textContent();
    if (await p.locator("#error").isVisible() && err) throw new Error(`page ${"AB"[k]} shows an error: ${err}`);
    if (await p.evaluate(() => document.body.dataset.turn) === "me" && await phase(p) !== "over") {
      await clickOnce(p, n, i, async () => {
        if (!shot && n.steps > 20) {
          await p.screenshot({ path: join(out, "two-people-midgame.png") });
          shot = true;
        }
      }, 0);
      continue;
    }
    if (await phase(pages[0]) === "over" && await phase(pages[1]) === "over") break;
    // This page waits: the other must learn of its turn from the stream.
    k = 1 - k;
    n.turns++;
    await pages[k].waitForFunction(() => document.body.dataset.turn === "me" || document.body.dataset.phase === "over",
      null, { timeout: 10000 });
  }
  for (const p of pages) {
    await idle(p);
    if (await p.evaluate(() => document.body.dataset.phase) !== "over") throw new Error("the game did not end on both pages");
  }
  const results = await Promise.all(pages.map((p) => p.locator("#result").textContent()));
  if (!/wins|draw/.test(results[0]) || results[0] !== results[1]) throw new Error("results differ: " + results.join(" / "));
  n.result = results[0];
  n.events = await Promise.all(pages.map((p) => p.evaluate(() => Number(document.body.dataset.events || 0))));
  n.polls = polls[0] + polls[1];
  if (polls[0] > 1 || polls[1] > 1) throw new Error(`the pages polled the state: ${polls}`);
  if (n.events[0] < n.turns / 2 || n.events[1] < n.turns / 2) throw new Error(`too few stream events: ${n.events}`);
  const fair = await a.locator("#fair").textContent();
  if (!/Dice seed [0-9a-f]{64}/.test(fair)) throw new Error("the dice seed is not revealed at the end: " + fair);
  // Each page's seed is in the salt of every die: the opening waited for both.
  const salt = await a.evaluate(async ([id, tok]) =>
    (await (await fetch(`/api/games/${id}/record`, { headers: { Authorization: "Bearer " + tok } })).json()).fair.salt,
  [new URLSearchParams(new URL(link).hash.slice(1)).get("g"), tokA]);
  if (!/^white:[0-9a-f]{32}\|black:[0-9a-f]{32}$/.test(salt)) throw new Error("a page's seed is missing from the dice salt: " + salt);
  await a.screenshot({ path: join(out, "two-people-end-white.png") });
  await b.screenshot({ path: join(out, "two-people-end-black.png") });
  await ctxA.close();
  await ctxB.close();
  return n;
}
