// The page's own realm, where page.evaluate's functions run (as a browser runs them: nothing of the
// node code's scope is in it): document, window, location, localStorage, navigator and elements,
// each read from and written to the page model through one host call, __dom(op, JSON) -> JSON.
"use strict";
(() => {
  const host = globalThis.__dom;
  delete globalThis.__dom;
  const call = (op, ...args) => {
    const answer = JSON.parse(host(op, JSON.stringify(args, (k, v) => (v === undefined ? null : v))));
    if (answer.e !== undefined) {
      const error = new (answer.n === "SyntaxError" ? SyntaxError : answer.n === "TypeError" ? TypeError : Error)(answer.e);
      if (answer.n === "DOMException" || answer.n === "QuotaExceededError") error.name = answer.n;
      throw error;
    }
    return answer.v;
  };
  const elements = new Map();
  const element = (index) => {
    if (index === null || index === undefined) return null;
    if (!elements.has(index)) elements.set(index, new Element(index));
    return elements.get(index);
  };
  class NodeList extends Array {
    item(i) { return this[i] ?? null; }
  }
  const list = (indexes) => NodeList.from(indexes.map(element));
  class DOMTokenList {
    constructor(el) { this._el = el; }
    get _names() { return (this._el.getAttribute("class") || "").split(/\s+/).filter(Boolean); }
    contains(n) { return this._names.includes(n); }
    add(...ns) { this._el.setAttribute("class", [...new Set([...this._names, ...ns])].join(" ")); }
    remove(...ns) { this._el.setAttribute("class", this._names.filter((x) => !ns.includes(x)).join(" ")); }
    toggle(n) { if (this.contains(n)) { this.remove(n); return false; } this.add(n); return true; }
    get length() { return this._names.length; }
    get value() { return this._names.join(" "); }
    [Symbol.iterator]() { return this._names[Symbol.iterator](); }
  }
  class Element {
    constructor(index) { this._i = index; }
    get nodeType() { return 1; }
    get tagName() { return call("get", this._i, "tagName"); }
    get nodeName() { return this.tagName; }
    get localName() { return this.tagName.toLowerCase(); }
    get id() { return this.getAttribute("id") ?? ""; }
    set id(v) { this.setAttribute("id", v); }
    get className() { return this.getAttribute("class") ?? ""; }
    set className(v) { this.setAttribute("class", v); }
    get classList() { return new DOMTokenList(this); }
    get textContent() { return call("get", this._i, "textContent"); }
    set textContent(v) { call("set", this._i, "textContent", String(v)); }
    get innerText() { return call("get", this._i, "innerText"); }
    set innerText(v) { call("set", this._i, "textContent", String(v)); }
    get innerHTML() { return call("get", this._i, "innerHTML"); }
    set innerHTML(v) { call("set", this._i, "innerHTML", String(v)); }
    get outerHTML() { return call("get", this._i, "outerHTML"); }
    get value() { return call("get", this._i, "value"); }
    set value(v) { call("set", this._i, "value", String(v)); }
    get checked() { return call("get", this._i, "checked"); }
    set checked(v) { call("set", this._i, "checked", !!v); }
    get selected() { return this.hasAttribute("selected"); }
    get disabled() { return this.hasAttribute("disabled"); }
    get href() { return call("get", this._i, "href"); }
    get src() { return call("get", this._i, "src"); }
    get name() { return this.getAttribute("name") ?? ""; }
    get type() { return (this.getAttribute("type") ?? (this.tagName === "INPUT" ? "text" : "")).toLowerCase(); }
    get placeholder() { return this.getAttribute("placeholder") ?? ""; }
    get title() { return this.getAttribute("title") ?? ""; }
    get alt() { return this.getAttribute("alt") ?? ""; }
    get dataset() {
      const out = {};
      for (const [k, v] of Object.entries(call("get", this._i, "attributes"))) {
        if (k.startsWith("data-")) out[k.slice(5).replace(/-([a-z])/g, (_, c) => c.toUpperCase())] = v;
      }
      return out;
    }
    get attributes() { return Object.entries(call("get", this._i, "attributes")).map(([name, value]) => ({ name, value })); }
    get children() { return list(call("get", this._i, "children")); }
    get childElementCount() { return this.children.length; }
    get firstElementChild() { return this.children[0] ?? null; }
    get lastElementChild() { const c = this.children; return c[c.length - 1] ?? null; }
    get parentElement() { return element(call("get", this._i, "parent")); }
    get parentNode() { return this.parentElement ?? document; }
    get nextElementSibling() { return element(call("get", this._i, "next")); }
    get previousElementSibling() { return element(call("get", this._i, "previous")); }
    get options() { return this.querySelectorAll("option"); }
    get selectedIndex() { return this.options.findIndex((o) => o.selected); }
    get form() { return this.closest("form"); }
    get style() { return {}; }
    get offsetWidth() { return 100; }
    get offsetHeight() { return 20; }
    getAttribute(n) { return call("attr", this._i, String(n)); }
    hasAttribute(n) { return this.getAttribute(n) !== null; }
    setAttribute(n, v) { call("setAttr", this._i, String(n), String(v)); }
    removeAttribute(n) { call("setAttr", this._i, String(n), null); }
    toggleAttribute(n, force) {
      const on = force === undefined ? !this.hasAttribute(n) : !!force;
      if (on) this.setAttribute(n, ""); else this.removeAttribute(n);
      return on;
    }
    querySelector(s) { return element(call("query", this._i, String(s), false)[0]); }
    querySelectorAll(s) { return list(call("query", this._i, String(s), true)); }
    getElementsByTagName(t) { return this.querySelectorAll(t); }
    getElementsByClassName(c) { return this.querySelectorAll(String(c).split(/\s+/).filter(Boolean).map((x) => "." + x).join("")); }
    closest(s) { return element(call("closest", this._i, String(s))); }
    matches(s) { return call("matches", this._i, String(s)); }
    contains(other) { return other instanceof Element && (other === this || call("contains", this._i, other._i)); }
    click() { call("click", this._i); }
    focus() { call("focus", this._i); }
    blur() {}
    submit() { call("submit", this._i); }
    remove() { call("remove", this._i); }
    scrollIntoView() {}
    dispatchEvent() { return true; }
    addEventListener() {}
    removeEventListener() {}
    getBoundingClientRect() { return { x: 0, y: 0, top: 0, left: 0, width: 100, height: 20, right: 100, bottom: 20 }; }
    insertAdjacentHTML(where, html) { call("insert", this._i, String(where), String(html)); }
    append(...nodes) { for (const n of nodes) this.insertAdjacentHTML("beforeend", typeof n === "string" ? escape(n) : n.outerHTML); }
    appendChild(n) { this.append(n); return n; }
    toJSON() { return {}; }
  }
  const escape = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const storage = {
    getItem: (k) => call("storage", "get", String(k)),
    setItem: (k, v) => { call("storage", "set", String(k), String(v)); },
    removeItem: (k) => { call("storage", "remove", String(k)); },
    clear: () => { call("storage", "clear"); },
    key: (i) => call("storage", "keys")[i] ?? null,
    get length() { return call("storage", "keys").length; },
  };
  const localStorage = new Proxy(storage, {
    get: (t, k) => (k in t || typeof k === "symbol" ? t[k] : t.getItem(k) ?? undefined),
    set: (t, k, v) => { t.setItem(k, v); return true; },
    ownKeys: () => call("storage", "keys"),
    getOwnPropertyDescriptor: (t, k) => (call("storage", "get", String(k)) === null ? undefined : { enumerable: true, configurable: true, value: call("storage", "get", String(k)) }),
  });
  const location = {
    get href() { return call("doc", "url"); },
    set href(v) { call("navigate", String(v)); },
    assign(v) { call("navigate", String(v)); },
    replace(v) { call("navigate", String(v)); },
    reload() { call("navigate", call("doc", "url")); },
    get origin() { return call("doc", "location").origin; },
    get host() { return call("doc", "location").host; },
    get hostname() { return call("doc", "location").hostname; },
    get pathname() { return call("doc", "location").pathname; },
    get search() { return call("doc", "location").search; },
    get hash() { return call("doc", "location").hash; },
    get protocol() { return call("doc", "location").protocol; },
    toString() { return this.href; },
  };
  const document = {
    nodeType: 9,
    get title() { return call("doc", "title"); },
    set title(v) { call("setTitle", String(v)); },
    get URL() { return call("doc", "url"); },
    get documentURI() { return call("doc", "url"); },
    get cookie() { return call("doc", "cookie"); },
    set cookie(v) { call("setCookie", String(v)); },
    get documentElement() { return element(call("doc", "html")); },
    get body() { return element(call("doc", "body")); },
    get head() { return element(call("doc", "head")); },
    get readyState() { return "complete"; },
    get activeElement() { return element(call("doc", "focus")) ?? this.body; },
    get referrer() { return ""; },
    get forms() { return this.querySelectorAll("form"); },
    get links() { return this.querySelectorAll("a[href]"); },
    get images() { return this.querySelectorAll("img"); },
    location,
    querySelector: (s) => element(call("query", null, String(s), false)[0]),
    querySelectorAll: (s) => list(call("query", null, String(s), true)),
    getElementById: (id) => element(call("query", null, `[id=${JSON.stringify(String(id))}]`, false)[0]),
    getElementsByTagName: (t) => list(call("query", null, String(t), true)),
    getElementsByClassName: (c) => list(call("query", null, String(c).split(/\s+/).filter(Boolean).map((x) => "." + x).join(""), true)),
    getElementsByName: (n) => list(call("query", null, `[name=${JSON.stringify(String(n))}]`, true)),
    createElement: () => { throw new Error("document.createElement is not supported by the reference server's page model"); },
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent() { return true; },
    hasFocus: () => true,
  };
  const window = globalThis;
  Object.assign(globalThis, {
    window, self: window, document, location, localStorage, sessionStorage: localStorage, Element, HTMLElement: Element, NodeList,
    navigator: { userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", language: "en-US", languages: ["en-US", "en"], webdriver: false, cookieEnabled: true },
    innerWidth: 1280, innerHeight: 720, devicePixelRatio: 1,
    scrollTo: () => { call("scroll", "down"); }, scrollBy: () => { call("scroll", "down"); },
    get scrollY() { return 0; }, get pageYOffset() { return 0; },
    getComputedStyle: () => ({ getPropertyValue: () => "", display: "block", visibility: "visible" }),
    addEventListener() {}, removeEventListener() {},
    console: { log() {}, info() {}, warn() {}, error() {}, debug() {} },
    setTimeout: (fn, ms, ...a) => { Promise.resolve().then(() => fn(...a)); return 0; },
    clearTimeout: () => {},
    requestAnimationFrame: (fn) => { Promise.resolve().then(() => fn(0)); return 0; },
  });
  Object.defineProperty(globalThis, "__element", { value: element });
})();
