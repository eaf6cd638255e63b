// Drives every firecrawl-js method whose operation is in the contract against a server, and
// prints one JSON object of what came back (tests/server/test_sdk_js.py asserts on it).
// Usage: node --experimental-websocket check.mjs BASE_URL API_KEY
import Firecrawl from "@mendable/firecrawl-js";

const [baseUrl, apiKey] = process.argv.slice(2);
const app = new Firecrawl({ apiKey, apiUrl: baseUrl });
const results = {};

async function record(name, call) {
  try {
    results[name] = { ok: true, value: await call() };
  } catch (error) {
    results[name] = { ok: false, error: String(error?.message ?? error), status: error?.status ?? error?.statusCode ?? null };
  }
}

function watch(id, kind) {
  return new Promise((resolve) => {
    const watcher = app.watcher(id, { kind, pollInterval: 5, timeout: 30 });
    const documents = [];
    watcher.on("document", (doc) => documents.push(doc));
    watcher.on("done", (state) => resolve({ status: state.status, documents: documents.length, via: "done" }));
    watcher.on("error", (state) => resolve({ status: state.status, error: state.error, documents: documents.length }));
    watcher.start();
  });
}

const schema = { type: "object", properties: { title: { type: "string" } } };
await record("scrape", () => app.scrape("https://example.com/js", { formats: ["markdown", "links", "screenshot", { type: "json", schema }] }));
await record("scrapeLockdownMiss", () => app.scrape("https://example.com/js-never-cached", { lockdown: true }));
await record("startExtract", () => app.startExtract({ urls: ["https://example.com/*"], prompt: "title", schema }));
await record("getExtractStatus", async () => app.getExtractStatus(results.startExtract.value.id));
await record("extract", () => app.extract({ urls: ["https://example.com"], prompt: "title", schema, pollInterval: 1, timeout: 30 }));
await record("startBatchScrape", () => app.startBatchScrape(["https://example.com/a", "https://example.com/b"], { options: { formats: ["markdown"] } }));
await record("getBatchScrapeStatus", () => app.getBatchScrapeStatus(results.startBatchScrape.value.id));
await record("watchBatch", () => watch(results.startBatchScrape.value.id, "batch"));
await record("batchScrape", () => app.batchScrape(["https://example.com/c"], { options: { formats: ["markdown"] }, pollInterval: 1, timeout: 30 }));
await record("cancelBatchScrape", async () => app.cancelBatchScrape((await app.startBatchScrape(["https://example.com/d"])).id));
await record("startCrawl", () => app.startCrawl("https://example.com", { limit: 2 }));
await record("getActiveCrawls", () => app.getActiveCrawls());
await record("getCrawlStatus", () => app.getCrawlStatus(results.startCrawl.value.id));
await record("watchCrawl", () => watch(results.startCrawl.value.id, "crawl"));
await record("crawl", () => app.crawl("https://example.com", { limit: 2, pollInterval: 1, timeout: 30 }));
await record("cancelCrawl", async () => app.cancelCrawl((await app.startCrawl("https://example.com", { limit: 2 })).id));
// Paging: 25 pages are three status pages of at most 10 (the server's default page size).
await record("crawlPaged", async () => {
  const job = await app.crawl("https://example.com", { limit: 25, pollInterval: 1, timeout: 60 });
  return { status: job.status, total: job.total, urls: job.data.map((d) => d.metadata?.sourceURL) };
});
await record("crawlPageOne", async () => {
  const started = await app.startCrawl("https://example.com", { limit: 25 });
  let job = await app.getCrawlStatus(started.id, { autoPaginate: false });
  const deadline = Date.now() + 30000;
  while (job.status === "scraping" && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    job = await app.getCrawlStatus(started.id, { autoPaginate: false });
  }
  const capped = await app.getCrawlStatus(started.id, { maxResults: 12 });
  return { status: job.status, documents: job.data.length, next: job.next ?? null, capped: capped.data.length, id: started.id };
});
await record("batchPaged", async () => {
  const urls = Array.from({ length: 12 }, (_, i) => `https://example.com/item-${i}`);
  const job = await app.batchScrape(urls, { options: { formats: ["markdown"] }, pollInterval: 1, timeout: 60 });
  return { status: job.status, urls: job.data.map((d) => d.metadata?.sourceURL) };
});
await record("getCrawlErrors", async () => app.getCrawlErrors((await app.crawl("https://example.com/docs", { limit: 10, pollInterval: 1, timeout: 60 })).id));
await record("getConcurrency", () => app.getConcurrency());
await record("crawlParamsPreview", () => app.crawlParamsPreview("https://example.com", "only the /blog, up to 50 pages"));
await record("startAgent", () => app.startAgent({ prompt: "find the price" }));
await record("getAgentStatus", () => app.getAgentStatus(results.startAgent.value.id));
await record("cancelAgent", () => app.cancelAgent(results.startAgent.value.id));
await record("cancelAgentAgain", () => app.cancelAgent(results.startAgent.value.id));
await record("agentRun", async () => {
  const started = await app.startAgent({ urls: ["https://shop.example.com/pricing"], prompt: "the plan and its price", schema });
  let status = await app.getAgentStatus(started.id);
  for (let n = 0; n < 100 && status.status === "processing"; n++) {
    await new Promise(resolve => setTimeout(resolve, 100));
    status = await app.getAgentStatus(started.id);
  }
  const trace = await app.getAgentTrace(started.id, { liveView: true });
  const last = trace.events.filter(e => e.type === "artifact.updated").at(-1);
  const snapshot = await app.getAgentSnapshot(started.id, last.artifact.snapshotId);
  const thread = await app.getAgentThread(started.threadId, { includeData: true });
  const listed = await app.listAgents();
  return { started, status, trace, snapshot, thread, listed };
});
await record("developerSearch", () => app.developerSearch("memory leak parsing large JSON", { k: 2, passages: 2, types: ["issue", "pull_request"], language: "python", repos: ["example-labs/fastparse"], minStars: 100, fork: false }));
await record("searchPapers", () => app.research.searchPapers("off-target editing T cells", { k: 2, authors: ["smith"], categories: ["q-bio.GN"], from: "2021-01-01" }));
await record("getPaper", () => app.research.getPaper("https://arxiv.org/abs/2101.00001"));
await record("readPaper", () => app.research.getPaper("pmid:34000001", { query: "primary endpoint and hazard ratio", k: 1 }));
await record("similarPapers", () => app.research.similarPapers("7001000002", { intent: "long-read sequencing", mode: "citers", k: 5, rerank: true, anchor: ["doi:10.1000/tau.2022.2"] }));
await record("searchGithub", () => app.research.searchGithub("pysam VCF parsing", { k: 3 }));
await record("map", () => app.map("https://example.com", { limit: 8, search: "docs", includeSubdomains: false }));
await record("mapSitemapOnly", () => app.map("https://example.com", { sitemap: "only" }));
await record("search", () => app.search("coffee recipes", { limit: 2, sources: ["web", "news", "images"] }));
// The firecrawl-mcp default when it has a key: web and alexandria, domain tools on.
await record("searchAlexandria", () => app.search("climate weather history", { limit: 2, sources: ["web", "alexandria"], domainTools: true, toolDetail: "summary" }));
await record("feedback", async () => {
  const mapped = await app.map("https://example.com", { limit: 3 });
  return app.feedback({ endpoint: "map", jobId: mapped.id, rating: "bad", issues: ["missing_pages"], note: "no /blog" });
});
await record("searchFeedback", async () => {
  // search() keeps the results, not the search's id: it comes from the answer itself.
  const answer = await fetch(`${baseUrl}/v2/search`, { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${apiKey}` }, body: JSON.stringify({ query: "coffee", limit: 2 }) });
  const { id } = await answer.json();
  const first = await app.searchFeedback(id, { rating: "good", valuableSources: [{ url: "https://coffee-recipes.example.com/" }] });
  const again = await app.searchFeedback(id, { rating: "good", valuableSources: [{ url: "https://coffee-recipes.example.com/" }] });
  return { first, again };
});
await record("feedbackRefused", () => app.feedback({ endpoint: "map", jobId: "00000000-0000-4000-8000-000000000000", rating: "bad", note: "x" }));
await record("searchScraped", () => app.search("python", { limit: 2, ignoreInvalidURLs: true, scrapeOptions: { formats: ["markdown"] } }));
await record("getTokenUsage", () => app.getTokenUsage());
await record("getCreditUsage", () => app.getCreditUsage());
await record("getCreditUsageHistorical", () => app.getCreditUsageHistorical(true));
await record("getTokenUsageHistorical", () => app.getTokenUsageHistorical(true));
await record("monitor", async () => {
  const monitor = await app.createMonitor({
    name: "js",
    schedule: { text: "every 30 minutes" },
    targets: [{ type: "scrape", urls: ["https://example.com/js-monitor"] }],
    webhook: { url: "https://hooks.example.org/js", events: ["monitor.check.completed"] },
  });
  const listed = await app.listMonitors({ limit: 10 });
  const read = await app.getMonitor(monitor.id);
  const run = await app.runMonitor(monitor.id);
  let checks = [];
  for (let i = 0; i < 40; i++) {
    checks = await app.listMonitorChecks(monitor.id);
    if (checks.length && !["queued", "running"].includes(checks[0].status)) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const detail = await app.getMonitorCheck(monitor.id, run.id);
  const paused = await app.updateMonitor(monitor.id, { status: "paused", webhook: null });
  const deleted = await app.deleteMonitor(monitor.id);
  let gone = null;
  try {
    await app.getMonitor(monitor.id);
  } catch (error) {
    gone = error?.status ?? error?.statusCode ?? String(error?.message ?? error);
  }
  return {
    cron: monitor.schedule.cron,
    listed: listed.map((m) => m.id).includes(monitor.id),
    readName: read.name,
    run: { status: run.status, trigger: run.trigger },
    check: { status: checks[0]?.status, summary: detail.summary, pages: detail.pages.map((p) => p.status) },
    paused: { status: paused.status, webhook: paused.webhook ?? null },
    deleted,
    gone,
  };
});
await record("interact", async () => {
  const doc = await app.scrape("https://shop.example.com/app/login", { formats: ["markdown"], profile: { name: "js-shop" } });
  const id = doc.metadata.scrapeId;
  const code = "await page.fill('#username', 'js'); await page.fill('#password', 'secret'); await page.click('#sign-in'); page.url()";
  const signed = await app.interact(id, { code });
  const viaAlias = await app.scrapeExecute(id, { code: "print(await page.title())", language: "python", timeout: 10 });
  const asked = await app.interact(id, { prompt: "What is the title of the page?" });
  let failedBody;
  try {
    failedBody = await app.interact(id, { code: "await page.click('#nope')" });
  } catch (error) {
    failedBody = { threw: String(error?.message ?? error) };
  }
  const stopped = await app.stopInteraction(id);
  const again = await app.deleteScrapeBrowser(id);
  const alsoAgain = await app.stopInteractiveBrowser(id);
  const later = await app.scrape("https://shop.example.com/app/account", { formats: ["markdown"], profile: { name: "js-shop", saveChanges: false } });
  return { signed, viaAlias, asked: asked.output, failed: failedBody, stopped, again, alsoAgain, later: later.markdown };
});
await record("browser", async () => {
  const created = await app.browser({ ttl: 120, activityTtl: 60, streamWebView: true, profile: { name: "js-browser", saveChanges: false }, integration: "_js", origin: "js-sdk" });
  const ran = await app.browserExecute(created.id, { code: "agent-browser open https://a.example.com/app/search && agent-browser fill '#q' latte && agent-browser press Enter && agent-browser get count '#results li'" });
  const node = await app.browserExecute(created.id, { code: "await page.title()", language: "node", timeout: 5 });
  const active = await app.listBrowsers({ status: "active" });
  const deleted = await app.deleteBrowser(created.id);
  const destroyed = await app.listBrowsers({ status: "destroyed" });
  let gone = null;
  try {
    await app.browserExecute(created.id, { code: "agent-browser get url" });
  } catch (error) {
    gone = error?.status ?? error?.statusCode ?? String(error?.message ?? error);
  }
  return { created, ran, node, active: active.sessions.map((s) => s.id), deleted, destroyed: destroyed.sessions.map((s) => s.id), gone };
});
await record("queueStatus", () => app.getQueueStatus());
// The format sweep: every format string and format object type the installed SDK's types allow,
// read from its own declarations (a new one in a new release is swept, and test_sdk_js.py
// fails until the contract and the server take it), each sent through scrape.
await record("formatSweep", async () => {
  const { readFile } = await import("node:fs/promises");
  const { createRequire } = await import("node:module");
  const entry = createRequire(import.meta.url).resolve("@mendable/firecrawl-js");
  const declarations = await readFile(entry.replace(/index\.(c?js|mjs)$/, "index.d.ts"), "utf8");
  const strings = [...declarations.match(/type FormatString = ([^;]+);/)[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]);
  const union = declarations.match(/type FormatOption = ([^;]+);/)[1].split("|").map((t) => t.trim());
  const objectTypes = union.filter((t) => /Format$/.test(t) && t !== "Format");
  const pages = { product: "https://shop.acme.com/products/trail-runner", menu: "https://bistro.example.com/menu", audio: "https://example.com/media/a", video: "https://example.com/media/a" };
  const objects = {
    JsonFormat: { type: "json", schema },
    ScreenshotFormat: { type: "screenshot", fullPage: true },
    ChangeTrackingFormat: { type: "changeTracking", modes: ["git-diff"] },
    AttributesFormat: { type: "attributes", selectors: [{ selector: "li.variant", attribute: "data-sku" }] },
    QuestionFormat: { type: "question", question: "What does it cost?" },
    HighlightsFormat: { type: "highlights", query: "sizes in stock" },
    QueryFormat: { type: "query", prompt: "price", mode: "freeform" },
  };
  const sent = [];
  for (const name of strings) {
    try {
      const doc = await app.scrape(pages[name] ?? "https://example.com/js-sweep", { formats: ["markdown", name] });
      sent.push({ format: name, ok: true, fields: Object.keys(doc) });
    } catch (error) {
      sent.push({ format: name, ok: false, status: error?.status ?? error?.statusCode ?? null, error: String(error?.message ?? error) });
    }
  }
  for (const type of objectTypes) {
    const format = objects[type];
    if (!format) {
      sent.push({ format: type, ok: false, error: "no sample of this format object in check.mjs" });
      continue;
    }
    try {
      const doc = await app.scrape("https://shop.acme.com/products/trail-runner", { formats: ["markdown", format] });
      sent.push({ format: type, ok: true, fields: Object.keys(doc), attributes: doc.attributes ?? null });
    } catch (error) {
      sent.push({ format: type, ok: false, status: error?.status ?? error?.statusCode ?? null, error: String(error?.message ?? error) });
    }
  }
  return { strings, objectTypes, sent };
});
// Every public method not driven above (issue 55 item 7): tests/server/test_sdk_js.py keeps the
// method-by-method table of the server README true from these records and the method list below.
const crawlId = results.startCrawl?.value?.id;
const batchId = results.startBatchScrape?.value?.id;
await record("agentWaited", () => app.agent({ urls: ["https://example.com/pricing"], prompt: "the plan", schema, pollInterval: 1, timeout: 30 }));
await record("asyncBatchScrapeUrls", () => app.asyncBatchScrapeUrls(["https://example.com/js-v1-a"]));
await record("asyncCrawlUrl", () => app.asyncCrawlUrl("https://example.com", { limit: 2 }));
await record("batchScrapeUrls", () => app.batchScrapeUrls(["https://example.com/js-v1-b"], { pollInterval: 1 }));
await record("checkBatchScrapeErrors", () => app.checkBatchScrapeErrors(batchId));
await record("checkBatchScrapeStatus", () => app.checkBatchScrapeStatus(batchId));
await record("checkCrawlErrors", () => app.checkCrawlErrors(crawlId));
await record("checkCrawlStatus", () => app.checkCrawlStatus(crawlId));
await record("crawlUrl", () => app.crawlUrl("https://example.com", { limit: 2, pollInterval: 1 }));
await record("findTools", () => app.findTools({ query: "company filings" }));
// scrape with an alexandria request runs capabilities; the same requestId replays the first answer.
const profile = { alexandria: { provider: "sec-filings", capability: "company/profile", options: { company: "ACME" } }, requestId: "js-alexandria-1" };
await record("scrapeAlexandria", () => app.scrape(profile));
await record("scrapeAlexandriaReplay", () => app.scrape(profile));
await record("scrapeAlexandriaConflict", () => app.scrape({ ...profile, alexandria: [{ provider: "sec-filings", capability: "company/profile", options: { company: "EXMP" } }] }));
await record("findToolsCategories", () => app.findTools({}));
await record("getBatchScrapeErrors", () => app.getBatchScrapeErrors(batchId));
await record("mapUrl", () => app.mapUrl("https://example.com", { limit: 3 }));
await record("parse", () => app.parse({ data: new TextEncoder().encode("<h1>Quarterly report</h1><p>Figures.</p>"), filename: "report.html" }));
await record("scrapeUrl", () => app.scrapeUrl("https://example.com/js-v1", { formats: ["markdown"] }));
results.__methods = (() => {
  const names = new Set();
  for (let proto = Object.getPrototypeOf(app); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, name);
      if (name !== "constructor" && !name.startsWith("_") && typeof descriptor?.value === "function") names.add(name);
    }
  }
  const research = Object.getPrototypeOf(app.research);
  for (const name of Object.getOwnPropertyNames(research)) if (name !== "constructor" && typeof research[name] === "function") names.add(`research.${name}`);
  return [...names].sort();
})();
process.stdout.write(JSON.stringify(results));
