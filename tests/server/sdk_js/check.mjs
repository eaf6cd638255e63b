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
await record("crawlParamsPreview", () => app.crawlParamsPreview("https://example.com", "only the /blog, up to 50 pages"));
await record("startAgent", () => app.startAgent({ prompt: "find the price" }));
await record("getAgentStatus", () => app.getAgentStatus(results.startAgent.value.id));
await record("cancelAgent", () => app.cancelAgent(results.startAgent.value.id));
await record("cancelAgentAgain", () => app.cancelAgent(results.startAgent.value.id));
await record("getTokenUsage", () => app.getTokenUsage());
await record("getCreditUsage", () => app.getCreditUsage());
await record("getCreditUsageHistorical", () => app.getCreditUsageHistorical(true));
process.stdout.write(JSON.stringify(results));
