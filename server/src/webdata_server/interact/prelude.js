// The host objects node code sees (page, context, locator, keyboard, mouse, console), in the
// engine, over one host call: __host(op, JSON of the arguments) answers JSON, {v: value} or
// {e: message, n: error name}. Every Playwright method is async here as there; page.url() is not.
"use strict";
(() => {
  const host = globalThis.__host;
  delete globalThis.__host;
  class TimeoutError extends Error { constructor(m) { super(m); this.name = "TimeoutError"; } }
  const call = (op, ...args) => {
    const answer = JSON.parse(host(op, JSON.stringify(args, (k, v) => (v === undefined ? null : v))));
    if (answer.e !== undefined) {
      const E = answer.n === "TimeoutError" ? TimeoutError : answer.n === "TypeError" ? TypeError : Error;
      const error = new E(answer.e);
      Object.defineProperty(error, "__page", { value: true });
      throw error;
    }
    return answer.v;
  };
  // Python code (interact/python.py) reaches the same objects synchronously: its `await` of a
  // value is the value, so Playwright for Python's async and sync spellings both work.
  const PY = globalThis.__PY === true;
  const later = (f) => (PY ? f : async (...a) => f(...a));
  // Host objects are not plain data (python reads them by attribute, a dict by key).
  const host_ = (o) => Object.defineProperty(o, "__host", { value: true });
  const wrap = (f) => (PY ? f : async function (...a) { return f.apply(this, a); });
  const source = (fn) => {
    if (typeof fn === "function") return { fn: String(fn) };
    if (typeof fn === "string") return { expr: fn };
    throw new TypeError("evaluate: expected a function or a string");
  };

  class Buffer {
    constructor(base64) { this.base64 = base64; this.length = Math.floor((base64.length * 3) / 4); }
    toString(encoding) { return encoding === "base64" ? this.base64 : `<Buffer ${this.length} bytes>`; }
    toJSON() { return { type: "Buffer", base64: this.base64 }; }
  }
  const buffer = (dataUrl) => new Buffer(String(dataUrl).slice(String(dataUrl).indexOf(",") + 1));

  const describe = (steps) => steps.map((s) => s.d).join(".");
  const by = (kind, value, options = {}) => ({
    q: { kind, value: String(value instanceof RegExp ? value.source : value), name: options && options.name != null ? String(options.name) : null, exact: !!(options && options.exact) },
    d: kind === "css" ? `locator(${JSON.stringify(value)})`
      : `getBy${kind[0].toUpperCase()}${kind.slice(1)}(${JSON.stringify(String(value))}${options && options.name != null ? `, { name: ${JSON.stringify(String(options.name))} }` : ""})`,
  });

  class ElementHandle {
    constructor(index) { this._index = index; }
    _loc() { return new Locator([{ q: { kind: "index", value: String(this._index), name: null, exact: false }, d: "elementHandle" }]); }
  }
  class Locator {
    constructor(steps) { this._steps = steps; }
    _with(step) { return new Locator([...this._steps, step]); }
    _act(action, args, strict = true) { return call("locator", this._steps, action, args, strict); }
    toString() { return describe(this._steps); }
    locator(selector, options) {
      let next = this._with(selector instanceof Locator ? selector._steps[0] : by("css", selector));
      if (options && options.hasText != null) next = next.filter({ hasText: options.hasText });
      return next;
    }
    getByText(t, o) { return this._with(by("text", t, o)); }
    getByRole(r, o) { return this._with(by("role", r, o)); }
    getByPlaceholder(t, o) { return this._with(by("placeholder", t, o)); }
    getByLabel(t, o) { return this._with(by("label", t, o)); }
    getByTestId(t) { return this._with(by("css", `[data-testid=${JSON.stringify(String(t))}]`)); }
    getByAltText(t, o) { return this._with(by("css", `[alt=${JSON.stringify(String(t))}]`, o)); }
    getByTitle(t, o) { return this._with(by("css", `[title=${JSON.stringify(String(t))}]`, o)); }
    nth(n) { return this._with({ nth: Number(n), d: `nth(${Number(n)})` }); }
    first() { return this._with({ nth: 0, d: "first()" }); }
    last() { return this._with({ nth: -1, d: "last()" }); }
    filter(options = {}) {
      let next = this;
      if (options.hasText != null) next = next._with({ hasText: String(options.hasText instanceof RegExp ? options.hasText.source : options.hasText), d: `filter({ hasText: ${JSON.stringify(String(options.hasText))} })` });
      if (options.hasNotText != null) next = next._with({ hasNotText: String(options.hasNotText), d: "filter({ hasNotText })" });
      if (options.has instanceof Locator) next = next._with({ has: options.has._steps, d: "filter({ has })" });
      return next;
    }
    and(other) { return this._with({ and: other._steps, d: "and()" }); }
    count() { return this._act("count", [], false); }
    all() { return Array.from({ length: this._act("count", [], false) }, (_, i) => this.nth(i)); }
    allTextContents() { return this._act("allTextContents", [], false); }
    allInnerTexts() { return this._act("allInnerTexts", [], false); }
    elementHandle() { const i = this._act("index", []); return new ElementHandle(i); }
    elementHandles() { return this._act("indexes", [], false).map((i) => new ElementHandle(i)); }
    evaluate(fn, arg) { return call("evaluate", source(fn), arg, this._steps, "one"); }
    evaluateAll(fn, arg) { return call("evaluate", source(fn), arg, this._steps, "all"); }
    screenshot(options) { return buffer(call("screenshot", options || {})); }
    boundingBox() { return this._act("count", [], false) ? { x: 0, y: 0, width: 100, height: 20 } : null; }
  }
  for (const m of ["click", "dblclick", "tap", "fill", "clear", "type", "pressSequentially", "press", "check", "uncheck", "setChecked",
    "selectOption", "hover", "focus", "blur", "textContent", "innerText", "innerHTML", "inputValue", "getAttribute", "isVisible",
    "isHidden", "isChecked", "isEnabled", "isDisabled", "isEditable", "waitFor", "scrollIntoViewIfNeeded", "highlight", "dispatchEvent",
    "setInputFiles"]) {
    Locator.prototype[m] = wrap(function (...args) { return this._act(m, args); });
  }
  for (const m of ["count", "all", "allTextContents", "allInnerTexts", "elementHandle", "elementHandles", "evaluate", "evaluateAll", "screenshot", "boundingBox"]) {
    Locator.prototype[m] = wrap(Locator.prototype[m]);
  }
  for (const m of Object.getOwnPropertyNames(Locator.prototype)) {
    if (m !== "constructor" && !(m in ElementHandle.prototype)) {
      ElementHandle.prototype[m] = function (...args) { return this._loc()[m](...args); };
    }
  }
  ElementHandle.prototype.$ = wrap(function (s) { return page.$(s, this); });
  ElementHandle.prototype.$$ = wrap(function (s) { return page.$$(s, this); });

  const keyboard = host_({
    type: later((text) => call("keyboard", "type", String(text))),
    insertText: later((text) => call("keyboard", "type", String(text))),
    press: later((key) => call("keyboard", "press", String(key))),
    down: later(() => undefined),
    up: later(() => undefined),
  });
  const mouse = host_({
    wheel: later((dx, dy) => call("scroll", Number(dy) < 0 ? "up" : "down")),
    click: later(() => undefined), move: later(() => undefined), down: later(() => undefined), up: later(() => undefined), dblclick: later(() => undefined),
  });
  const context = host_({
    cookies: later((urls) => call("cookies", urls == null ? [] : [].concat(urls))),
    addCookies: later((cookies) => call("addCookies", cookies)),
    clearCookies: later((options) => call("clearCookies", options || {})),
    storageState: later(() => call("storageState")),
    pages: () => [page],
    newPage: later(() => page),
    setExtraHTTPHeaders: later(() => undefined),
    grantPermissions: later(() => undefined),
    close: later(() => undefined),
    browser: () => null,
  });
  const locatorOf = (selector, scope) => {
    const steps = scope instanceof ElementHandle ? scope._loc()._steps : [];
    return new Locator([...steps, by("css", selector)]);
  };
  const page = host_({
    keyboard, mouse,
    context: () => globalThis.context,
    url: () => call("url"),
    title: later(() => call("title")),
    content: later(() => call("content")),
    goto: later((url, options) => {
      const r = call("goto", String(url), options || {});
      return host_({ status: () => r.status, ok: () => r.status < 400, url: () => r.url, headers: () => ({}), statusText: () => "OK", text: later(() => call("content")) });
    }),
    reload: later(() => call("reload")),
    goBack: later(() => call("goBack")),
    goForward: later(() => null),
    setContent: later((html) => call("setContent", String(html))),
    waitForTimeout: later((ms) => call("wait", Number(ms) || 0)),
    waitForLoadState: later(() => undefined),
    waitForURL: later((url, options) => call("waitForURL", url instanceof RegExp ? { re: url.source, flags: url.flags } : String(url), options || {})),
    waitForSelector: later((selector, options) => {
      const found = call("waitForSelector", String(selector), options || {});
      return found === null ? null : new ElementHandle(found);
    }),
    waitForFunction: later((fn, arg) => call("evaluate", source(fn), arg, null, "page")),
    evaluate: later((fn, arg) => call("evaluate", source(fn), arg, null, "page")),
    $eval: later((selector, fn, arg) => call("evaluate", source(fn), arg, [by("css", selector)], "first")),
    $$eval: later((selector, fn, arg) => call("evaluate", source(fn), arg, [by("css", selector)], "all")),
    $: later((selector, scope) => {
      const found = locatorOf(selector, scope)._act("indexes", [], false);
      return found.length ? new ElementHandle(found[0]) : null;
    }),
    $$: later((selector, scope) => locatorOf(selector, scope)._act("indexes", [], false).map((i) => new ElementHandle(i))),
    screenshot: later((options) => buffer(call("screenshot", options || {}))),
    pdf: later((options) => buffer(call("pdf", options || {}))),
    locator: (selector, options) => new Locator([]).locator(selector, options),
    getByText: (t, o) => new Locator([by("text", t, o)]),
    getByRole: (r, o) => new Locator([by("role", r, o)]),
    getByPlaceholder: (t, o) => new Locator([by("placeholder", t, o)]),
    getByLabel: (t, o) => new Locator([by("label", t, o)]),
    getByTestId: (t) => new Locator([by("css", `[data-testid=${JSON.stringify(String(t))}]`)]),
    getByAltText: (t) => new Locator([by("css", `[alt=${JSON.stringify(String(t))}]`)]),
    getByTitle: (t) => new Locator([by("css", `[title=${JSON.stringify(String(t))}]`)]),
    setViewportSize: later(() => undefined),
    setExtraHTTPHeaders: later(() => undefined),
    bringToFront: later(() => undefined),
    on: () => page, once: () => page, off: () => page,
    isClosed: () => false,
    close: later(() => undefined),
    viewportSize: () => ({ width: 1280, height: 720 }),
  });
  for (const m of ["click", "dblclick", "tap", "fill", "type", "press", "check", "uncheck", "setChecked", "selectOption", "hover", "focus",
    "textContent", "innerText", "innerHTML", "inputValue", "getAttribute", "isVisible", "isHidden", "isChecked", "isEnabled", "isDisabled",
    "isEditable", "dispatchEvent", "setInputFiles"]) {
    page[m] = later((selector, ...args) => {
      if (typeof selector !== "string") throw new TypeError(`page.${m}: expected a selector string`);
      return new Locator([by("css", selector)])._act(m, args, false);
    });
  }
  const text = (v) => (typeof v === "string" ? v : v === undefined ? "undefined" : typeof v === "function" ? String(v) : (() => {
    try { return JSON.stringify(v) ?? String(v); } catch (e) { return String(v); }
  })());
  const print = (stream) => (...args) => { call("print", stream, args.map(text).join(" ")); };
  const console = { log: print("stdout"), info: print("stdout"), debug: print("stdout"), warn: print("stderr"), error: print("stderr"), table: print("stdout"), dir: print("stdout") };

  // Timers on the run's clock: a wait is counted, never slept (the run's waits count against its timeout).
  const timers = [];
  let timerId = 0;
  const schedule = (every) => (fn, ms = 0, ...args) => {
    if (typeof fn !== "function") throw new TypeError("The \"callback\" argument must be of type function");
    const id = ++timerId;
    timers.push({ id, at: Math.max(0, Number(ms) || 0), seq: id, fn, args, every: every ? Math.max(1, Number(ms) || 1) : 0 });
    return id;
  };
  const setTimeout = schedule(false);
  const setInterval = schedule(true);
  const clearTimeout = (id) => { const i = timers.findIndex((t) => t.id === id); if (i >= 0) timers.splice(i, 1); };
  globalThis.__nextTimer = () => {
    if (!timers.length) return false;
    timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
    const t = timers.shift();
    call("wait", t.at);
    for (const other of timers) other.at = Math.max(0, other.at - t.at);
    if (t.every) timers.push({ ...t, at: t.every, seq: ++timerId });
    t.fn(...t.args);
    return true;
  };
  const settle = (ok, value) => {
    let shown = "";
    if (ok && PY) {
      shown = value === undefined || value === null || typeof value === "function" ? "" : typeof value === "string" ? value : globalThis.$py.builtins.json.dumps(value);
    } else if (ok) {
      shown = value === undefined || typeof value === "function" ? "" : typeof value === "string" ? value : value instanceof Locator ? "" : text(value);
    } else {
      const head = value instanceof Error ? `${value.name}: ${value.message}` : `Uncaught ${text(value)}`;
      // Where the code threw (its own line: the code's lines are kept), not the page's host frames.
      const frames = !PY && value instanceof Error && !value.__page && typeof value.stack === "string" ? value.stack.split("\n").filter((l) => l.trim().startsWith("at ")) : [];
      const stack = frames.length ? frames[0].replace(/^\s*at [^(]*\((.*)\)$/, "    at $1").replace("<input>", "<anonymous_script>") : "";
      shown = stack ? `${head}\n${stack}` : head;
    }
    call("settle", ok, shown === undefined ? "" : String(shown));
  };
  // A Playwright method the page model does not have fails naming it (rather than "not a function").
  const unsupported = (owner, target) => new Proxy(target, {
    get: (t, k) => (k in t || typeof k === "symbol" || k === "then" || k === "toJSON" ? t[k]
      : () => { throw new Error(`${owner}.${String(k)} is not supported by the reference server`); }),
  });
  Object.assign(globalThis, { page: unsupported("page", page), context: unsupported("browserContext", context), console, setTimeout, clearTimeout, setInterval, clearInterval: clearTimeout, TimeoutError, Buffer });
  Object.defineProperty(globalThis, "__settle", { value: settle });
  Object.defineProperty(globalThis, "__write", { value: (stream, text) => call("write", stream, String(text)) });
  Object.defineProperty(globalThis, "__wait", { value: (ms) => call("wait", Number(ms) || 0) });
})();
