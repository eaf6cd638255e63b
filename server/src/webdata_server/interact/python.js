// Python's semantics for python code translated to JavaScript (interact/python.py): truthiness,
// str() and repr(), operators, indexing, slices, the methods of str, list and dict, the builtins
// and the modules json, re, asyncio and time, exceptions by class. Host objects (page, locators,
// the context) are reached by their Playwright for Python names (snake_case, keyword arguments).
"use strict";
(() => {
  const G = globalThis;
  class PyException extends Error {
    constructor(name, message) { super(message); this.name = name; this.args = [message]; }
  }
  const exc = (name, message = "") => new PyException(name, String(message));
  // A module, a match object, a compiled pattern: attributes, not a dict's keys.
  class PyObject { constructor(o) { Object.assign(this, o); } }
  const isDict = (x) => x !== null && typeof x === "object" && !Array.isArray(x) && Object.getPrototypeOf(x) === Object.prototype && !x.__host;
  const t = (x) => {
    if (x === null || x === undefined || x === false || x === 0 || x === "" || Number.isNaN(x)) return false;
    if (Array.isArray(x)) return x.length > 0;
    if (isDict(x)) return Object.keys(x).length > 0;
    return true;
  };
  const quote = (s) => {
    const q = s.includes("'") && !s.includes('"') ? '"' : "'";
    return q + s.replace(/\\/g, "\\\\").replace(new RegExp(q, "g"), "\\" + q).replace(/\n/g, "\\n").replace(/\t/g, "\\t") + q;
  };
  const num = (x) => (Number.isFinite(x) ? String(x) : Number.isNaN(x) ? "nan" : x > 0 ? "inf" : "-inf");
  const repr = (x, seen = new Set()) => {
    if (x === null || x === undefined) return "None";
    if (x === true) return "True";
    if (x === false) return "False";
    if (typeof x === "number") return num(x);
    if (typeof x === "string") return quote(x);
    if (typeof x === "function") return `<function ${x.name || "<lambda>"}>`;
    if (x instanceof Error) return `${x.name}(${quote(x.message)})`;
    if (seen.has(x)) return Array.isArray(x) ? "[...]" : "{...}";
    seen.add(x);
    try {
      if (Array.isArray(x)) return "[" + x.map((v) => repr(v, seen)).join(", ") + "]";
      if (isDict(x)) return "{" + Object.entries(x).map(([k, v]) => repr(k, seen) + ": " + repr(v, seen)).join(", ") + "}";
    } finally { seen.delete(x); }
    return String(x);
  };
  const str = (x) => (typeof x === "string" ? x : x instanceof Error ? x.message : repr(x));
  const typeName = (x) => (x === null || x === undefined ? "NoneType" : typeof x === "boolean" ? "bool" : typeof x === "number" ? (Number.isInteger(x) ? "int" : "float")
    : typeof x === "string" ? "str" : Array.isArray(x) ? "list" : isDict(x) ? "dict" : typeof x === "function" ? "function" : x.constructor ? x.constructor.name : "object");
  const eq = (a, b) => {
    if (a === b) return true;
    if (a === null || a === undefined) return b === null || b === undefined;
    if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => eq(v, b[i]));
    if (isDict(a) && isDict(b)) { const ka = Object.keys(a); return ka.length === Object.keys(b).length && ka.every((k) => k in b && eq(a[k], b[k])); }
    return false;
  };
  const len = (x) => {
    if (typeof x === "string" || Array.isArray(x)) return x.length;
    if (isDict(x)) return Object.keys(x).length;
    throw exc("TypeError", `object of type '${typeName(x)}' has no len()`);
  };
  const iter = (x) => {
    if (Array.isArray(x)) return x;
    if (typeof x === "string") return Array.from(x);
    if (isDict(x)) return Object.keys(x);
    if (x !== null && x !== undefined && typeof x[Symbol.iterator] === "function") return Array.from(x);
    throw exc("TypeError", `'${typeName(x)}' object is not iterable`);
  };
  const unpack = (x, n) => {
    const items = iter(x);
    if (items.length !== n) throw exc("ValueError", items.length > n ? `too many values to unpack (expected ${n})` : `not enough values to unpack (expected ${n}, got ${items.length})`);
    return items;
  };
  const add = (a, b) => {
    if (typeof a === "number" && typeof b === "number") return a + b;
    if (typeof a === "string" && typeof b === "string") return a + b;
    if (Array.isArray(a) && Array.isArray(b)) return a.concat(b);
    if (typeof a === "string") throw exc("TypeError", `can only concatenate str (not "${typeName(b)}") to str`);
    throw exc("TypeError", `unsupported operand type(s) for +: '${typeName(a)}' and '${typeName(b)}'`);
  };
  const mul = (a, b) => {
    if (typeof a === "number" && typeof b === "number") return a * b;
    if (typeof b === "number" && (typeof a === "string" || Array.isArray(a))) [a, b] = [a, b];
    else if (typeof a === "number" && (typeof b === "string" || Array.isArray(b))) [a, b] = [b, a];
    else throw exc("TypeError", `can't multiply sequence by non-int of type '${typeName(b)}'`);
    if (typeof a === "string") return a.repeat(Math.max(0, b));
    return Array.from({ length: Math.max(0, b) }, () => a).flat();
  };
  const zero = (b) => { if (b === 0) throw exc("ZeroDivisionError", "division by zero"); };
  const div = (a, b) => { zero(b); return a / b; };
  const floordiv = (a, b) => { zero(b); return Math.floor(a / b); };
  const mod = (a, b) => {
    if (typeof a === "string") return format(a, Array.isArray(b) ? b : [b]);
    zero(b);
    return ((a % b) + b) % b;
  };
  const format = (template, values) => {
    let i = 0;
    return template.replace(/%([-0-9.]*)([sdrfi%])/g, (_, spec, kind) => {
      if (kind === "%") return "%";
      const v = values[i++];
      if (kind === "s") return str(v);
      if (kind === "r") return repr(v);
      if (kind === "f") return Number(v).toFixed(spec.includes(".") ? Number(spec.split(".")[1]) : 6);
      return String(Math.trunc(Number(v)));
    });
  };
  const cmp = (a, op, b) => {
    switch (op) {
      case "==": return eq(a, b);
      case "!=": return !eq(a, b);
      case "is": return a === b || (a == null && b == null);
      case "is not": return !(a === b || (a == null && b == null));
      case "in": return contains(b, a);
      case "not in": return !contains(b, a);
      case "<": return a < b;
      case ">": return a > b;
      case "<=": return a <= b;
      case ">=": return a >= b;
    }
    throw exc("TypeError", `unsupported comparison ${op}`);
  };
  const contains = (container, x) => {
    if (typeof container === "string") return container.includes(str(x));
    if (Array.isArray(container)) return container.some((v) => eq(v, x));
    if (isDict(container)) return Object.prototype.hasOwnProperty.call(container, String(x));
    throw exc("TypeError", `argument of type '${typeName(container)}' is not iterable`);
  };
  const position = (x, i) => {
    if (typeof i !== "number" || !Number.isInteger(i)) throw exc("TypeError", `${typeName(x) === "str" ? "string" : "list"} indices must be integers`);
    const p = i < 0 ? x.length + i : i;
    if (p < 0 || p >= x.length) throw exc("IndexError", `${typeName(x) === "str" ? "string" : "list"} index out of range`);
    return p;
  };
  const idx = (x, i) => {
    if (typeof x === "string" || Array.isArray(x)) return x[position(x, i)];
    if (x === null || x === undefined) throw exc("TypeError", "'NoneType' object is not subscriptable");
    const key = String(i);
    if (!Object.prototype.hasOwnProperty.call(x, key)) throw exc("KeyError", repr(i));
    return x[key];
  };
  const setidx = (x, i, v) => {
    if (Array.isArray(x)) x[position(x, i)] = v;
    else if (x !== null && typeof x === "object") x[String(i)] = v;
    else throw exc("TypeError", `'${typeName(x)}' object does not support item assignment`);
    return v;
  };
  const delidx = (x, i) => {
    if (Array.isArray(x)) x.splice(position(x, i), 1);
    else if (isDict(x)) { if (!(String(i) in x)) throw exc("KeyError", repr(i)); delete x[String(i)]; }
  };
  const slice = (x, lo, hi, step) => {
    const items = typeof x === "string" ? Array.from(x) : x;
    const n = items.length;
    step = step == null ? 1 : step;
    if (step === 0) throw exc("ValueError", "slice step cannot be zero");
    const norm = (v, d) => (v == null ? d : v < 0 ? Math.max(n + v, step < 0 ? -1 : 0) : Math.min(v, step < 0 ? n - 1 : n));
    const out = [];
    if (step > 0) for (let i = norm(lo, 0); i < norm(hi, n); i += step) out.push(items[i]);
    else for (let i = norm(lo, n - 1); i > norm(hi, -1); i += step) out.push(items[i]);
    return typeof x === "string" ? out.join("") : out;
  };
  const fmt = (v, spec) => {
    if (!spec) return str(v);
    const m = /^(?:(.)?([<>^=]))?([+\- ]?)(0)?(\d+)?([,_])?(?:\.(\d+))?([sdfegx%])?$/.exec(spec);
    if (!m) throw exc("ValueError", `Invalid format specifier '${spec}'`);
    const [, fill = " ", align, , zero0, width, group, precision, kind] = m;
    let text;
    if (kind === "f" || (precision !== undefined && kind === undefined && typeof v === "number")) text = Number(v).toFixed(precision === undefined ? 6 : Number(precision));
    else if (kind === "%") text = (Number(v) * 100).toFixed(precision === undefined ? 6 : Number(precision)) + "%";
    else if (kind === "d") text = String(Math.trunc(Number(v)));
    else if (kind === "x") text = Math.trunc(Number(v)).toString(16);
    else if (kind === "e") text = Number(v).toExponential(precision === undefined ? 6 : Number(precision));
    else text = precision !== undefined && typeof v === "string" ? v.slice(0, Number(precision)) : str(v);
    if (group) { const [i, f] = text.split("."); text = i.replace(/\B(?=(\d{3})+(?!\d))/g, group) + (f !== undefined ? "." + f : ""); }
    const w = Number(width || 0);
    if (text.length < w) {
      const pad = zero0 && !align ? "0" : fill;
      const a = align || (typeof v === "number" ? ">" : "<");
      const room = w - text.length;
      text = a === "<" ? text + pad.repeat(room) : a === "^" ? pad.repeat(Math.floor(room / 2)) + text + pad.repeat(Math.ceil(room / 2)) : pad.repeat(room) + text;
    }
    return text;
  };

  // Keyword arguments: a builtin that takes them sees a Kw last; a host method an options object.
  class Kw { constructor(values) { Object.assign(this, values); } }
  const camel = (s) => s.replace(/([a-z0-9])_([a-z])/g, (_, a, c) => a + c.toUpperCase());
  const options = (kw) => Object.fromEntries(Object.entries(kw).map(([k, v]) => [camel(k), v]));
  const kwOf = (args) => (args.length && args[args.length - 1] instanceof Kw ? args.pop() : {});
  const callf = (f, args, kw) => {
    if (typeof f !== "function") throw exc("TypeError", `'${typeName(f)}' object is not callable`);
    if (f === Error || f.prototype instanceof Error) return new f(...args);
    if (!kw) return f(...args);
    if (f.__params) {
      const all = [...args];
      for (const [k, v] of Object.entries(kw)) {
        const at = f.__params.indexOf(k);
        if (at < 0) throw exc("TypeError", `${f.name}() got an unexpected keyword argument '${k}'`);
        all[at] = v;
      }
      return f(...all);
    }
    if (f.__kw) return f(...args, new Kw(kw));
    return f(...args, options(kw));
  };
  const builtin = (f) => { f.__kw = true; return f; };

  const strMethods = {
    strip: (s, c) => (c == null ? s.trim() : s.replace(new RegExp(`^[${esc(c)}]+|[${esc(c)}]+$`, "g"), "")),
    lstrip: (s, c) => (c == null ? s.trimStart() : s.replace(new RegExp(`^[${esc(c)}]+`), "")),
    rstrip: (s, c) => (c == null ? s.trimEnd() : s.replace(new RegExp(`[${esc(c)}]+$`), "")),
    upper: (s) => s.toUpperCase(), lower: (s) => s.toLowerCase(),
    title: (s) => s.replace(/\w\S*/g, (w) => w[0].toUpperCase() + w.slice(1).toLowerCase()),
    capitalize: (s) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase(),
    split: (s, sep = null, max = -1) => {
      let parts = sep == null ? s.trim().split(/\s+/).filter((p) => p !== "") : s.split(sep);
      if (max >= 0 && parts.length > max + 1) parts = [...parts.slice(0, max), parts.slice(max).join(sep == null ? " " : sep)];
      return parts;
    },
    rsplit: (s, sep = null) => strMethods.split(s, sep),
    splitlines: (s) => s.split(/\r?\n/).filter((l, i, a) => i < a.length - 1 || l !== ""),
    join: (s, items) => iter(items).map((v) => { if (typeof v !== "string") throw exc("TypeError", `sequence item: expected str instance, ${typeName(v)} found`); return v; }).join(s),
    replace: (s, a, b, n = -1) => { let out = s; let k = 0; while (n < 0 || k < n) { const i = out.indexOf(a, 0); if (i < 0 || a === "") break; out = out.replace(a, "\u0000"); k++; } return out.split("\u0000").join(b); },
    startswith: (s, p) => (Array.isArray(p) ? p.some((x) => s.startsWith(x)) : s.startsWith(p)),
    endswith: (s, p) => (Array.isArray(p) ? p.some((x) => s.endsWith(x)) : s.endsWith(p)),
    find: (s, x) => s.indexOf(x), rfind: (s, x) => s.lastIndexOf(x),
    index: (s, x) => { const i = s.indexOf(x); if (i < 0) throw exc("ValueError", "substring not found"); return i; },
    count: (s, x) => (x === "" ? s.length + 1 : s.split(x).length - 1),
    isdigit: (s) => /^\d+$/.test(s), isalpha: (s) => /^[A-Za-z]+$/.test(s), isalnum: (s) => /^[A-Za-z0-9]+$/.test(s),
    isspace: (s) => /^\s+$/.test(s), isupper: (s) => s === s.toUpperCase() && s !== s.toLowerCase(), islower: (s) => s === s.toLowerCase() && s !== s.toUpperCase(),
    zfill: (s, n) => s.padStart(n, "0"), center: (s, n, c = " ") => fmt(s, `${c}^${n}`), ljust: (s, n, c = " ") => s.padEnd(n, c), rjust: (s, n, c = " ") => s.padStart(n, c),
    format: (s, ...args) => { const kw = kwOf(args); let i = 0; return s.replace(/\{([^{}:!]*)(?:![rs])?(?::([^{}]*))?\}/g, (_, name, spec) => fmt(name === "" ? args[i++] : /^\d+$/.test(name) ? args[Number(name)] : kw[name], spec)); },
    encode: (s) => s,
  };
  strMethods.format.__kw = true;
  const esc = (c) => c.replace(/[\]\\^-]/g, "\\$&");
  const listMethods = {
    append: (l, v) => { l.push(v); return null; },
    extend: (l, v) => { l.push(...iter(v)); return null; },
    insert: (l, i, v) => { l.splice(i < 0 ? Math.max(0, l.length + i) : i, 0, v); return null; },
    pop: (l, i = -1) => { if (!l.length) throw exc("IndexError", "pop from empty list"); return l.splice(position(l, i), 1)[0]; },
    remove: (l, v) => { const i = l.findIndex((x) => eq(x, v)); if (i < 0) throw exc("ValueError", "list.remove(x): x not in list"); l.splice(i, 1); return null; },
    index: (l, v) => { const i = l.findIndex((x) => eq(x, v)); if (i < 0) throw exc("ValueError", `${repr(v)} is not in list`); return i; },
    count: (l, v) => l.filter((x) => eq(x, v)).length,
    sort: (l, ...args) => { const kw = kwOf(args); const s = sorted(l, new Kw(kw)); l.splice(0, l.length, ...s); return null; },
    reverse: (l) => { l.reverse(); return null; },
    copy: (l) => [...l], clear: (l) => { l.length = 0; return null; },
  };
  listMethods.sort.__kw = true;
  const dictMethods = {
    get: (d, k, dflt = null) => (Object.prototype.hasOwnProperty.call(d, String(k)) ? d[String(k)] : dflt),
    keys: (d) => Object.keys(d), values: (d) => Object.values(d), items: (d) => Object.entries(d),
    update: (d, other) => { Object.assign(d, other || {}); return null; },
    pop: (d, k, ...dflt) => { const key = String(k); if (key in d) { const v = d[key]; delete d[key]; return v; } if (dflt.length) return dflt[0]; throw exc("KeyError", repr(k)); },
    setdefault: (d, k, v = null) => { if (!(String(k) in d)) d[String(k)] = v; return d[String(k)]; },
    copy: (d) => ({ ...d }), clear: (d) => { for (const k of Object.keys(d)) delete d[k]; return null; },
  };
  // Playwright for Python's properties that are methods in node.
  const properties = new Set(["url", "first", "last", "context", "keyboard", "mouse", "status", "ok"]);
  const attr = (x, name) => {
    if (x === null || x === undefined) throw exc("AttributeError", `'NoneType' object has no attribute '${name}'`);
    if (x instanceof Error && name === "args") return [x.message];
    const key = camel(name);
    const v = x[key];
    if (v === undefined && !(key in Object(x))) throw exc("AttributeError", `'${typeName(x)}' object has no attribute '${name}'`);
    if (typeof v === "function" && properties.has(key) && !isDict(x)) return v.call(x);
    return typeof v === "function" ? v.bind(x) : v;
  };
  const call = (x, name, args, kw) => {
    const table = typeof x === "string" ? strMethods : Array.isArray(x) ? listMethods : isDict(x) ? dictMethods : null;
    if (table) {
      const f = table[name];
      if (!f) throw exc("AttributeError", `'${typeTag(x)}' object has no attribute '${name}'`);
      return kw ? f(x, ...args, new Kw(kw)) : f(x, ...args);
    }
    if (x === null || x === undefined) throw exc("AttributeError", `'NoneType' object has no attribute '${name}'`);
    const f = x[camel(name)] ?? x[name];
    if (typeof f !== "function") throw exc("AttributeError", `'${typeName(x)}' object has no attribute '${name}'`);
    if (f.__params || f.__kw) return callf(f.bind(x), args, kw);
    return kw ? f.call(x, ...args, options(kw)) : f.call(x, ...args);
  };
  const typeTag = (x) => (typeof x === "string" ? "str" : Array.isArray(x) ? "list" : "dict");

  const range = (a, b, step = 1) => {
    if (b === undefined) [a, b] = [0, a];
    const out = [];
    if (step > 0) for (let i = a; i < b; i += step) out.push(i);
    else for (let i = a; i > b; i += step) out.push(i);
    return out;
  };
  const key = (kw) => kw.key || ((x) => x);
  const order = (a, b) => (Array.isArray(a) && Array.isArray(b) ? (eq(a, b) ? 0 : a.findIndex((v, i) => !eq(v, b[i])) >= 0 ? order(a[a.findIndex((v, i) => !eq(v, b[i]))], b[a.findIndex((v, i) => !eq(v, b[i]))]) : a.length - b.length) : a < b ? -1 : a > b ? 1 : 0);
  const sorted = builtin((xs, ...args) => { const kw = kwOf(args); const k = key(kw); const out = iter(xs).slice().sort((a, b) => order(k(a), k(b))); return kw.reverse ? out.reverse() : out; });
  const extreme = (sign) => builtin((...args) => {
    const kw = kwOf(args);
    const items = args.length === 1 ? iter(args[0]) : args;
    if (!items.length) { if ("default" in kw) return kw.default; throw exc("ValueError", `${sign > 0 ? "max" : "min"}() arg is an empty sequence`); }
    const k = key(kw);
    return items.reduce((best, x) => (order(k(x), k(best)) * sign > 0 ? x : best));
  });
  const print = builtin((...args) => {
    const kw = kwOf(args);
    G.__write(kw.file === "stderr" ? "stderr" : "stdout", args.map(str).join(kw.sep ?? " ") + (kw.end ?? "\n"));
    return null;
  });
  const toInt = (x, base) => {
    if (typeof x === "number") return Math.trunc(x);
    if (typeof x === "boolean") return x ? 1 : 0;
    const s = String(x).trim().replace(/_/g, "");
    if (!(base ? new RegExp(`^[-+]?[0-9a-z]+$`, "i").test(s) : /^[-+]?\d+$/.test(s))) throw exc("ValueError", `invalid literal for int() with base ${base || 10}: ${repr(x)}`);
    return parseInt(s, base || 10);
  };
  const toFloat = (x) => {
    if (typeof x === "number") return x;
    const s = String(x).trim().toLowerCase();
    if (s === "inf" || s === "infinity") return Infinity;
    if (s === "nan") return NaN;
    const v = Number(s);
    if (s === "" || Number.isNaN(v)) throw exc("ValueError", `could not convert string to float: ${repr(x)}`);
    return v;
  };
  const isinstance = (x, types) => [].concat(types).some((T) => (typeof T === "string" ? typeName(x) === T || (T === "float" && typeof x === "number") || (T === "int" && typeName(x) === "int") : x instanceof T));
  const exceptionClass = (name) => { const f = (message = "") => exc(name, message); f.__exc = name; return f; };
  const matches = (e, types) => [].concat(types).some((T) => {
    if (T === undefined || T === null) return false;
    if (typeof T === "function" && !T.__exc) return e instanceof T || (e instanceof Error && e.name === T.name);
    const name = T.__exc;
    if (name === "Exception" || name === "BaseException") return true;
    if (name === "Error" || name === "PlaywrightError") return e instanceof Error;
    return e && (e.name === name || (name === "TimeoutError" && e.name === "TimeoutError"));
  });
  const json = new PyObject({
    dumps: builtin((v, ...args) => {
      const kw = kwOf(args);
      const indent = kw.indent == null ? null : Number(kw.indent);
      const plain = (x, depth) => {
        if (x === null || x === undefined) return "null";
        if (typeof x === "number") return Number.isFinite(x) ? String(x) : x > 0 ? "Infinity" : Number.isNaN(x) ? "NaN" : "-Infinity";
        if (typeof x !== "object") return JSON.stringify(x);
        const pad = indent === null ? "" : "\n" + " ".repeat(indent * (depth + 1));
        const end = indent === null ? "" : "\n" + " ".repeat(indent * depth);
        const sep = indent === null ? ", " : ",";
        if (Array.isArray(x)) return x.length ? "[" + x.map((v) => pad + plain(v, depth + 1)).join(sep) + end + "]" : "[]";
        const entries = Object.entries(x);
        if (kw.sort_keys) entries.sort(([a], [b]) => (a < b ? -1 : 1));
        return entries.length ? "{" + entries.map(([k, v]) => pad + JSON.stringify(k) + ": " + plain(v, depth + 1)).join(sep) + end + "}" : "{}";
      };
      return plain(v, 0);
    }),
    loads: (s) => { try { return JSON.parse(s); } catch (e) { throw exc("JSONDecodeError", e.message); } },
  });
  const pattern = (p, flags = 0) => new RegExp(p instanceof RegExp ? p.source : String(p).replace(/\(\?P<(\w+)>/g, "(?<$1>").replace(/\(\?P=(\w+)\)/g, "\\k<$1>"), (flags & 2 ? "i" : "") + (flags & 8 ? "m" : "") + (flags & 16 ? "s" : ""));
  const matchObject = (m) => (m === null ? null : new PyObject({ group: (i = 0) => m[i] ?? null, groups: () => m.slice(1), start: () => m.index, end: () => m.index + m[0].length, groupdict: () => ({ ...(m.groups || {}) }), span: () => [m.index, m.index + m[0].length] }));
  const re = new PyObject({
    IGNORECASE: 2, I: 2, MULTILINE: 8, M: 8, DOTALL: 16, S: 16,
    search: (p, s, f) => matchObject(pattern(p, f).exec(s)),
    match: (p, s, f) => { const m = pattern(p, f).exec(s); return m && m.index === 0 ? matchObject(m) : null; },
    fullmatch: (p, s, f) => { const m = new RegExp(`^(?:${pattern(p, f).source})$`, pattern(p, f).flags).exec(s); return matchObject(m); },
    findall: (p, s, f) => Array.from(s.matchAll(new RegExp(pattern(p, f).source, pattern(p, f).flags + "g")), (m) => (m.length > 2 ? m.slice(1) : m.length === 2 ? m[1] : m[0])),
    sub: (p, r, s, count = 0, f) => { const rx = new RegExp(pattern(p, f).source, pattern(p, f).flags + (count ? "" : "g")); return s.replace(rx, typeof r === "function" ? (...m) => r(matchObject(m.slice(0, -2))) : String(r).replace(/\\(\d)/g, "$$$1")); },
    split: (p, s) => s.split(pattern(p)),
    compile: (p, f) => { const rx = pattern(p, f); return new PyObject({ pattern: p, search: (s) => re.search(rx, s), match: (s) => re.match(rx, s), findall: (s) => re.findall(rx, s), sub: (r, s) => re.sub(rx, r, s), fullmatch: (s) => re.fullmatch(rx, s) }); },
    escape: (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
  });
  const asyncio = new PyObject({
    gather: (...aws) => Promise.all(aws),
    sleep: (s) => new Promise((r) => G.setTimeout(r, Number(s) * 1000)),
    wait_for: (aw) => aw,
    run: (aw) => aw,
  });
  const time = new PyObject({ time: () => Date.now() / 1000, sleep: (s) => { G.__wait(Number(s) * 1000); return null; }, monotonic: () => Date.now() / 1000 });
  const exceptions = ["Exception", "BaseException", "ValueError", "KeyError", "IndexError", "TypeError", "AttributeError", "ZeroDivisionError",
    "RuntimeError", "AssertionError", "NameError", "StopIteration", "NotImplementedError", "JSONDecodeError", "TimeoutError", "Error"];
  const builtins = {
    print, len, str, repr, range, sorted, min: extreme(-1), max: extreme(1),
    int: (x = 0, base) => toInt(x, base), float: (x = 0) => toFloat(x), bool: (x) => t(x),
    list: (x = []) => iter(x).slice(), tuple: (x = []) => iter(x).slice(), set: (x = []) => iter(x).filter((v, i, a) => a.findIndex((w) => eq(v, w)) === i),
    dict: builtin((x, ...args) => { const kw = kwOf(args); const out = {}; if (x && !(x instanceof Kw)) for (const [k, v] of Array.isArray(x) ? x : Object.entries(x)) out[String(k)] = v; return Object.assign(out, x instanceof Kw ? { ...x } : kw); }),
    enumerate: builtin((x, ...args) => { const kw = kwOf(args); const start = args[0] ?? kw.start ?? 0; return iter(x).map((v, i) => [i + start, v]); }),
    zip: (...xs) => { const lists = xs.map(iter); return lists.length ? lists[0].slice(0, Math.min(...lists.map((l) => l.length))).map((_, i) => lists.map((l) => l[i])) : []; },
    reversed: (x) => iter(x).slice().reverse(),
    sum: (x, start = 0) => iter(x).reduce((a, b) => add(a, b), start),
    any: (x) => iter(x).some(t), all: (x) => iter(x).every(t),
    abs: Math.abs, round: (x, n) => (n == null ? Math.round(x) : Number(Number(x).toFixed(n))),
    map: (f, x) => iter(x).map((v) => f(v)), filter: (f, x) => iter(x).filter((v) => (f === null ? t(v) : t(f(v)))),
    isinstance, type: (x) => new PyObject({ __name__: typeName(x) }), hasattr: (x, n) => x != null && camel(n) in Object(x), getattr: (x, n, d) => { try { return attr(x, n); } catch (e) { if (d !== undefined) return d; throw e; } },
    chr: (n) => String.fromCodePoint(n), ord: (s) => s.codePointAt(0), hex: (n) => (n < 0 ? "-0x" + (-n).toString(16) : "0x" + n.toString(16)),
    input: () => { throw exc("RuntimeError", "input() has no terminal here"); },
    open: () => { throw exc("PermissionError", "the reference server's runs have no files"); },
    json, re, asyncio, time,
  };
  for (const name of exceptions) builtins[name] = exceptionClass(name);
  builtins.PlaywrightTimeoutError = builtins.TimeoutError;
  builtins.PlaywrightError = exceptionClass("PlaywrightError");
  builtins.str.__exc = undefined;
  for (const n of ["str", "int", "float", "list", "dict", "bool", "tuple"]) builtins[n].__type = n === "tuple" ? "list" : n;
  const isinstanceTyped = (x, types) => [].concat(types).some((T) => (T && T.__type ? typeName(x) === T.__type || (T.__type === "float" && typeof x === "number") : T && T.__exc ? matches(x, T) : false));
  builtins.isinstance = isinstanceTyped;
  const params = (f, names) => { Object.defineProperty(f, "__params", { value: names }); return f; };
  // A builtin's name, unless the code bound it (every name a scope binds is declared at its top).
  Object.defineProperty(G, "$b", {
    value: (name, get) => {
      let v;
      try { v = get(); } catch (e) { if (!(e instanceof ReferenceError)) throw e; }
      return v === undefined ? builtins[name] : v;
    },
  });
  Object.defineProperty(G, "$py", {
    value: { params, t, str, repr, len, iter, unpack, add, mul, div, floordiv, mod, pow: (a, b) => a ** b, cmp, idx, setidx, delidx, slice, fmt, attr, call, callf, exc, matches, builtins, neg: (x) => -x },
  });
})();
