// Browser test of the nardy example server's board page: plays whole games
// against the bot in headless Chromium by clicking, as a person would,
// only what the page offers (a highlighted checker, then a highlighted
// target; Roll, Done, Undo now and then, Take, Accept), checks on the way that the offered
// checkers are exactly the sources of the server's legal steps, and takes
// screenshots.
//
//   node e2e.mjs http://127.0.0.1:PORT [outdir]
//
// It uses the system's Chromium (/usr/bin/chromium, or $CHROMIUM) and never
// downloads a browser. Exit status 0 when every game reached its end.
import { chromium } from "playwright-core";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const base = process.argv[2];
const out = process.argv[3] || "out";
if (!base || !base.startsWith("http://127.0.0.1:")) {
  console.error("usage: node e2e.mjs http://127.0.0.1:PORT [outdir]");
  process.exit(2);
}
mkdirSync(out, { recursive: true });

const games = [
  { preset: "long-moscow", color: "white", shot: "long" },
  { preset: "short-standard", color: "black", shot: "short" },
];

const profile = mkdtempSync(join(tmpdir(), "nardy-e2e-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  viewport: { width: 1200, height: 760 },
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
});
// Only the test server may be reached.
await context.route("**/*", (route) =>
  route.request().url().startsWith(base) ? route.continue() : route.abort());

let failed = false;
try {
  for (const g of games) {
    const t0 = Date.now();
    const n = await playGame(context, g);
    console.log(`e2e: ${g.preset} as ${g.color}: ${n.clicks} clicks, ${n.steps} steps, ${n.undos} undos, ${n.checks} step checks, ` +
      `${((Date.now() - t0) / 1000).toFixed(1)} s: ${n.result}`);
  }
} catch (err) {
  failed = true;
  console.error("e2e: FAIL:", err && err.stack ? err.stack : err);
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
console.log(failed ? "e2e: 0 passed, 1 failed" : `e2e: ${games.length} passed, 0 failed`);
process.exit(failed ? 1 : 0);

async function playGame(context, g) {
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (err) => errors.push(err.message));
  await page.goto(base + "/");
  await page.waitForSelector("#preset option", { state: "attached" });
  await page.selectOption("#preset", g.preset);
  await page.selectOption("#opponent", "bot");
  await page.selectOption("#color", g.color);
  await page.click("#create");
  await page.waitForSelector("#board svg", { state: "attached" });
  const idle = () => page.waitForSelector('body[data-busy="0"]', { state: "attached" });
  const visible = async (sel) => page.locator(sel).isVisible();
  const n = { clicks: 0, steps: 0, undos: 0, checks: 0, result: "" };
  let shot = false;
  for (let i = 0; i < 4000; i++) {
    await idle();
    if (errors.length) throw new Error("script error in the page: " + errors.join("; "));
    if (await page.evaluate(() => document.body.dataset.phase) === "over") break;
    const err = await page.locator("#error").textContent();
    if (await visible("#error") && err) throw new Error("the page shows an error: " + err);
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
      if (!shot && n.steps > 12) {
        // A picture mid-game: a checker chosen, its targets lit.
        await page.screenshot({ path: join(out, `${g.shot}-midgame.png`) });
        shot = true;
      }
      await targets.nth(i % m).click();
      n.steps++;
      if (n.steps % 7 === 3) {
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
      await page.waitForTimeout(20);
      continue;
    }
    n.clicks++;
  }
  await idle();
  if (await page.evaluate(() => document.body.dataset.phase) !== "over") {
    throw new Error(`${g.preset}: the game did not end`);
  }
  n.result = await page.locator("#result").textContent();
  if (!/wins|draw/.test(n.result)) throw new Error("no result shown: " + n.result);
  await page.screenshot({ path: join(out, `${g.shot}-end.png`) });
  await page.close();
  return n;
}

// checkSources compares the checkers the page offers with the sources of
// the legal steps the server lists.
async function checkSources(page, n) {
  const got = await page.evaluate(() =>
    [...document.querySelectorAll("#board .src")].map((e) => Number(e.dataset.point)).sort((a, b) => a - b));
  const want = await page.evaluate(async () => {
    const id = /g=([0-9a-f]+)/.exec(location.hash)[1];
    const steps = await (await fetch(`/api/games/${id}/steps`)).json();
    return [...new Set(steps.next.map((s) => s.from))].sort((a, b) => a - b);
  });
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    throw new Error(`offered sources ${got} differ from the legal ones ${want}`);
  }
  n.checks++;
}
