// Drives firecrawl-mcp over stdio against the server at argv[2] with key argv[3]: every tool it offers
// is called once (chained where one needs another's id); prints {tools, calls: {name: {ok, text}}}.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [url, key] = process.argv.slice(2);
const transport = new StdioClientTransport({
  command: process.execPath,
  args: ["node_modules/firecrawl-mcp/dist/index.js"],
  env: { ...process.env, FIRECRAWL_API_URL: url, FIRECRAWL_API_KEY: key },
  stderr: "pipe",
});
const client = new Client({ name: "webdata-api-tests", version: "1.0.0" });
await client.connect(transport);
const listed = (await client.listTools()).tools.map(t => t.name);
const calls = {};
const call = async (label, name, args) => {
  try {
    const r = await client.callTool({ name, arguments: args }, undefined, { timeout: 120000 });
    const text = (r.content || []).map(c => c.text ?? "").join("\n");
    calls[label] = { tool: name, ok: !r.isError, text: text.slice(0, 200000) };
    return text;
  } catch (e) {
    calls[label] = { tool: name, ok: false, text: String(e).slice(0, 4000) };
    return "";
  }
};
const json = text => { try { return JSON.parse(text); } catch { return {}; } };
const uuidIn = text => (text.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/) || [""])[0];
const sleep = ms => new Promise(r => setTimeout(r, ms));

const scraped = await call("firecrawl_scrape", "firecrawl_scrape", { url: "https://example.com/mcp", formats: ["markdown", "links"] });
await call("firecrawl_map", "firecrawl_map", { url: "https://example.com", limit: 5 });
const searched = await call("firecrawl_search", "firecrawl_search", { query: "climate weather history", limit: 2 });
await call("firecrawl_search_feedback", "firecrawl_search_feedback", { searchId: json(searched).id || uuidIn(searched), rating: "good", valuableSources: [{ url: json(searched).data?.web?.[0]?.url || "https://climate-news.example.com/", reason: "on topic" }] });
await call("firecrawl_feedback", "firecrawl_feedback", { endpoint: "scrape", jobId: json(scraped).metadata?.scrapeId || uuidIn(scraped), rating: "good", note: "fine" });
await call("firecrawl_feedback(alexandria)", "firecrawl_feedback", {
  endpoint: "alexandria",
  rating: "partial",
  requestedWebsite: { url: "https://www.npmjs.com/package/left-pad", requestedFunctionality: "Weekly downloads over a year" },
  rationale: "The npm capability answers this week's downloads only.",
  capabilityFeedback: [{ name: "npm/package", provider: "package-registry", issue: "insufficient_functionality", why: "No download history." }],
});
await call("firecrawl_find_tools", "firecrawl_find_tools", {});
await call("firecrawl_find_tools(tools)", "firecrawl_find_tools", { providers: ["sec-filings"], expand: ["options"] });
await call("firecrawl_scrape(alexandria)", "firecrawl_scrape", { alexandria: { provider: "weather-history", capability: "daily/history", options: { city: "Berlin", start: "2026-07-01", end: "2026-07-03" } } });
const crawled = await call("firecrawl_crawl", "firecrawl_crawl", { url: "https://example.com", limit: 3 });
await sleep(1500);
await call("firecrawl_check_crawl_status", "firecrawl_check_crawl_status", { id: json(crawled).id || uuidIn(crawled) });
await call("firecrawl_extract", "firecrawl_extract", { urls: ["https://example.com"], prompt: "the title" });
const agent = await call("firecrawl_agent", "firecrawl_agent", { prompt: "find the price of the product", urls: ["https://example.com"] });
await call("firecrawl_agent_status", "firecrawl_agent_status", { id: json(agent).id || uuidIn(agent) });
const scrapeId = json(scraped).metadata?.scrapeId || uuidIn(scraped);
await call("firecrawl_interact", "firecrawl_interact", { scrapeId, code: "await page.title()" });
await call("firecrawl_interact_stop", "firecrawl_interact_stop", { scrapeId });
const folder = mkdtempSync(join(tmpdir(), "mcp-parse-"));
const page = join(folder, "sample.html");
writeFileSync(page, "<html><head><title>Parsed</title></head><body><h1>Parsed</h1><p>A page to parse.</p></body></html>");
await call("firecrawl_parse", "firecrawl_parse", { filePath: page, contentType: "text/html" });
const monitor = await call("firecrawl_monitor_create", "firecrawl_monitor_create", { name: "mcp", page: "https://example.com/pricing", goal: "tell me when the price changes", scheduleText: "every day at 9am", timezone: "UTC" });
const monitorId = json(monitor).id || json(monitor).data?.id || uuidIn(monitor);
await call("firecrawl_monitor_list", "firecrawl_monitor_list", { limit: 5 });
await call("firecrawl_monitor_get", "firecrawl_monitor_get", { id: monitorId });
await call("firecrawl_monitor_update", "firecrawl_monitor_update", { id: monitorId, body: { name: "mcp renamed" } });
const run = await call("firecrawl_monitor_run", "firecrawl_monitor_run", { id: monitorId });
await sleep(1500);
const checks = await call("firecrawl_monitor_checks", "firecrawl_monitor_checks", { id: monitorId, limit: 5 });
const checkId = json(run).id || json(run).data?.id || json(checks).data?.[0]?.id || uuidIn(run);
await call("firecrawl_monitor_check", "firecrawl_monitor_check", { id: monitorId, checkId });
await call("firecrawl_monitor_delete", "firecrawl_monitor_delete", { id: monitorId });
const papers = await call("firecrawl_research_search_papers", "firecrawl_research_search_papers", { query: "protein structure", k: 2 });
await call("firecrawl_research_inspect_paper", "firecrawl_research_inspect_paper", { paperId: "7001000003" });
await call("firecrawl_research_related_papers", "firecrawl_research_related_papers", { seed_ids: ["7001000003"], intent: "replication" });
await call("firecrawl_research_read_paper", "firecrawl_research_read_paper", { paperId: "7001000003", question: "cognition" });
await call("firecrawl_research_search_github", "firecrawl_research_search_github", { query: "crawler" });
await call("firecrawl_developer_search", "firecrawl_developer_search", { query: "memory leak", k: 2 });
await call("firecrawl_credit_usage", "firecrawl_credit_usage", {});
await client.close();
console.log(JSON.stringify({ tools: listed, calls }));
