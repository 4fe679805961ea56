/* compile-ui result views. Concatenated after runtime.js (and fields.js) in the same <script>;
   uses its globals el() and elAdd(). Sets CU.views: render(container, result, resultViewNode,
   ctx), plus the NODES table and helpers that typed.js (the views compiled from an outputSchema)
   and chart.js build on. Here only the views a page may build from any result:
   AutoView, ContentBlocks.
   The runtime builds every view kind and nothing else: the result's layout (sections, tabs, …)
   is the server's, in the ResultView's <template>, where each view has an empty place to fill.
   Data is never markup: DOM nodes + textContent only; links only http(s), opened via ctx.openLink.

   CU.views (types: types/views.d.ts):
     render(box, result, resultView, ctx)   a tool result into box (host.js wraps it)
     NODES                                  view type → builder (typed.js, chart.js add theirs)
     scope                                  the object around the view being built (matrix.js)
     at, num, date, isO, auto, table, kv, cols, list, val, img, PJ   the builders others reuse
     kind(text)                             what a text is (the ranked detectors below)
     text: { human, guess, pythonLiteral, terminal, points, error, … }  the rules inside, for the unit tests:
       human(key)      a key as a heading (isDst → Is DST)
       guess(value)    the format a value without a schema looks like ("date", "uuid", …)
       pythonLiteral(text)  a Python literal read as the JSON it stands for (undefined: not one)
       terminal(text)  terminal output as text nodes and colour spans (ANSI SGR)
       lines(value)    the text an array of strings is the lines of (undefined: not one)
       points(value)   the series of [time, value] points a value is (undefined: none)
       error(text)     the kind of an error's text (data, code, lines, prose) */
CU.views = (() => {
  /** @type {Views.RenderContext} */
  var ctx;
  /** @type {string | undefined} the host's locale, for the Intl formatters */
  var locale;
  var MAX_TEXT = 1e5, ISO_DATE = /^\d{4}-\d\d-\d\d$/, ISO_DATE_TIME = /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d/;
  // An ISO 8601 date, or date-time with its optional zone (Z or an offset).
  // (its fraction of a second is captured: a time never shows less precisely than it was written)
  var DATE_TIME = /^(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d)(\.\d+)?)?\s*(Z|[+-]\d\d:?\d\d)?)?$/i;
  // Words of a key written in capitals in a heading ("user_id" → "User ID").
  // An image as a string: a data: URL, or base64 that starts as a PNG file does.
  var IMAGE = /^(data:image\/[\w.+-]+;base64,|iVBORw0KGgo)[\w+/=\s]{16,}$/;
  // A git object's name: SHA-1's 40 hex digits, or SHA-256's 64.
  var HASH = /^[0-9a-f]{40}([0-9a-f]{24})?$/, UUID = /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i, ID32 = /^[0-9a-f]{8}(-?[0-9a-f]{4}){3}-?[0-9a-f]{12}$/i;
  // A PDF's date (ISO 32000: "D:20261120091500+01'00'"), to the minute at least, its zone optional.
  var PDF_DATE = /^D:(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)?(?:(Z)|([+-]\d\d)'(\d\d)'?)?$/;
  // A time written out: JavaScript's Date ("Mon Nov 23 2026 11:34:30 GMT+0000 (Coordinated
  // Universal Time)"), e-mail's and HTTP's ("Mon, 23 Nov 2026 11:34:30 +0000", "… GMT"), C's
  // ctime and git's ("Fri Nov 20 09:15:00 2026 +0100"); its zone as written (none: a wall time).
  var ZONE = "(?:(?:GMT)?(?<h>[+-]\\d\\d)(?<z>\\d\\d)|(?<u>GMT|UTC))", MONTHS = "JanFebMarAprMayJunJulAugSepOctNovDec";
  var WRITTEN = [
    "\\w{3} (?<m>\\w{3}) (?<d>\\d\\d) (?<y>\\d{4}) (?<t>[\\d:]{8}) " + ZONE + "(?: \\([^()]*\\))?",
    "(?:\\w{3}, )?(?<d>\\d\\d?) (?<m>\\w{3}) (?<y>\\d{4}) (?<t>\\d\\d:\\d\\d(?::\\d\\d)?) " + ZONE,
    "\\w{3} (?<m>\\w{3}) +(?<d>\\d\\d?) (?<t>[\\d:]{8}) (?<y>\\d{4})(?: " + ZONE + ")?"
  ].map((pattern) => new RegExp("^" + pattern + "$"));
  var SPAN_UNIT = /^(years|months|weeks|days|hours|minutes|seconds|milliseconds)$/i;
  // A conversion's numbers: what it gives (in the unit it converts to), what it takes (from).
  var CONVERTED = /^(result|converted|output)$/, CONVERTING = /^(value|amount|input|quantity)$/;
  // Words written in capitals ("ID"), and so their plurals ("IDs"): compiler/text.py's list too.
  var ACRONYM = /^(id|url|uri|api|http|https|json|html|css|sql|ip|ui|utc|dst|ceo|uuid|pdf|csv|xml|sha|dns|tcp|udp|ssh|gpu|cpu|mcp|dpi|os|ttl|llm|mrr|arr|roi|kpi|sku)$/i;
  var isObj = /** @type {(value: unknown) => value is Views.Record} */ (CU.isObject);
  /** @type {(value: unknown) => value is Views.Scalar} */
  var isScalar = (value) => value === null || typeof value !== "object";
  /** @type {(value: unknown, indent?: number) => string} */
  var toJson = (value, indent) => JSON.stringify(value, null, indent);
  /** @type {(onClick: (event: Event) => void, ...children: Views.Child[]) => HTMLButtonElement} */
  var button = (onClick, ...children) => /** @type {HTMLButtonElement} */ (el("button", { type: "button", class: "btn small", onclick: onClick }, ...children));
  /** @type {(value: unknown) => HTMLElement} */
  var jsonBlock = (value) => el("pre", { class: "json" }, toJson(value, 2));
  var unescapeToken = CU.unescapeToken, escapeKey = CU.pointerTo;
  // How values look (present.js): the spec's formats by key name and the currency the result
  // names, for the result being rendered.
  var P = CU.present, FILE_FACT = /^(path|file_?name|is_?file|is_?directory|permissions|mtime|modified|mime_?type|inode)$/i;
  /** @type {Present.Context} */
  var presentContext = {};
  /** @type {{ [id: string]: { n: string, c: string } }} the result's names of its ids (namesOf) */
  var idNames = {};
  /** where a series' chart goes beside its table (present.chart) */
  var chartPlace = "first";
  /** @type {WeakMap<object, string>} a record's currency, read once: lookOf asks it for each of its fields */
  var currencies = new WeakMap();
  /** @param {unknown} record @returns {string} */
  var currencyOf = (record) => {
    if (!isObj(record)) return "";
    var known = currencies.get(record);
    if (known === undefined) currencies.set(record, known = P.currencyOf(record));
    return known;
  };
  /**
   * The look of a key's values; a record around them may name their currency.
   * @param {string} key @param {unknown[]} values @param {unknown} [record]
   * @param {boolean} [unitless] no unit from the record (a table whose rows are in several)
   * @returns {Present.Look}
   */
  function lookOf(key, values, record, unitless) {
    var currency = currencyOf(record), given = (presentContext.formats || {})[key], read = key;
    if (!given && isObj(record)) {
      // A file's size is its bytes: a "size" beside a file's other facts (its path, times, kind).
      if (/^size$/i.test(key) && Object.keys(record).some((name) => FILE_FACT.test(name))) read = "size_bytes";
      // One span told in several units (days 328, hours 7872, minutes 472320): each is a count of
      // its unit, not a duration to draw in others ("328 d" under "Hours").
      if (SPAN_UNIT.test(key) && Object.keys(record).filter((name) => SPAN_UNIT.test(name)).length > 1) read += "_count";
      // A minimum beside its maximum (OpenWeather's temp_min and temp_max) is no count of minutes.
      if (/[a-z\d]([ _-]min|Min)$/.test(key) && CU.hasOwn(record, key.slice(0, -3) + (key.slice(-3) === "Min" ? "Max" : "max"))) read = key.slice(0, -3) + "minimum";
    }
    var look = P.look(read, values, currency ? Object.assign({}, presentContext, { currency: currency }) : presentContext), unit = unitless ? "" : unitOf(read, record);
    // a conversion's amount in the unit it is from, its result in the one it is to ("26.219 mi",
    // "€92.40"), unless the spec gives the key its format
    return !unit || given ? look : /^([A-Z]{3}|[$€£¥₹₩])$/.test(unit) ? P.look(key, values, { formats: { [key]: { format: "money", currency: unit } } }) : look.f === "number" ? Object.assign(look, { u: unit }) : look;
  }
  /**
   * The unit a record's number is in: a conversion's (calc's {value, from: "km", to: "mi",
   * result}, or {value, unit: "km", converted, to: "mi"}: units, no digits, and both an amount —
   * value, amount, input, quantity — and a result — result, converted, output) the amount's is
   * the unit it is from, the result's the one it is to; a measure's ({value: 5, unit: "kg"}) its
   * unit's. "" for any other (a transfer from one account to another has no result).
   * @param {string} key @param {unknown} record
   */
  function unitOf(key, record) {
    var converted = named(CONVERTED, key);
    if (!isObj(record) || !(converted || named(CONVERTING, key))) return ""; // (most keys: no record's fields read)
    var keys = Object.keys(record);
    var unit = (/** @type {(name: string) => boolean} */ which) => { var value = record[keys.find(which) || ""]; return typeof value === "string" && /^\D{1,10}$/.test(value.trim()) ? value.trim() : ""; };
    var has = (/** @type {RegExp} */ role) => keys.some((name) => typeof record[name] === "number" && named(role, name));
    var measured = unit((name) => /^unit$/i.test(name)), from = unit((name) => P.words(name)[0] === "from") || measured, to = unit((name) => P.words(name)[0] === "to");
    if (converted) return from && to && has(CONVERTING) ? to : "";
    return from && to && has(CONVERTED) ? from : !to && measured ? measured : "";
  }
  /** Whether a key's words name a role (CONVERTED, CONVERTING). @param {RegExp} role @param {string} name */
  var named = (role, name) => P.words(name).some((word) => role.test(word));

  /** An instant in epoch seconds (below 1e11) or milliseconds, as ISO. @param {number} time @returns {string} */
  var epochIso = (time) => new Date(time < 1e11 ? time * 1000 : time).toISOString();
  /**
   * A column's key: its pointer's last token (a grid's positional column: its name, else its label).
   * @param {Views.Column} column
   */
  var keyOf = (column) => { var token = unescapeToken(column.pointer.split("/").pop() || ""); return /^\d+$/.test(token) ? column.name || column.label : token; };
  /**
   * JSON Pointer lookup; undefined when any step is missing.
   * @param {Views.Json | undefined} data
   * @param {string} [pointer]
   * @returns {Views.Json | undefined}
   */
  function at(data, pointer) {
    if (!pointer) return data;
    var tokens = pointer.split("/").slice(1);
    for (var i = 0; i < tokens.length; i++) {
      if (data === null || typeof data !== "object" || !CU.hasOwn(data, unescapeToken(tokens[i]))) return;
      data = /** @type {Views.Record} */ (data)[unescapeToken(tokens[i])];
    }
    return data;
  }
  /**
   * A text that is a JSON array or object, parsed; undefined otherwise.
   * @param {string} text
   * @returns {Views.Json | undefined}
   */
  function parseJson(text) {
    if (!/^\s*[[{]/.test(text)) return;
    try { return JSON.parse(text); } catch (e) { return; }
  }

  /* ------------------------------------------------------------------ values */

  /**
   * A link only when the host opens links (openLinks): else the address stays text, selectable.
   * @param {string} url
   * @param {Views.Child} [label]
   * @returns {HTMLElement | string}
   */
  function link(url, label) {
    if (!/^https?:\/\//i.test(url) || !ctx.caps.openLinks) return label != null && label !== url ? label + " (" + url + ")" : String(url);
    return el("a", { href: url, title: url, onclick: (/** @type {Event} */ event) => { event.preventDefault(); ctx.openLink(url); } }, label == null ? url : label);
  }
  // Intl formatters, one per kind per rendered result (present.js keeps them).
  var formatter = P.formatter;
  /**
   * A number as a person writes it. Numbers below 10 000 have no grouping separator (min2:
   * "1040", "1137.5", but "709,037"), and whole ids, years and codes none at all.
   * @param {number} value
   * @param {string} [key] the key or column name
   * @returns {string}
   */
  function num(value, key) {
    // "user_id", "fiscal-year", "ID"; camelCase "invoiceId" by its capital only ("paid", "valid" are words)
    if (Number.isInteger(value) && (/(^|[^a-z])(id|year|code|no|number|zip|port|pid)$/i.test(key || "") || /[a-z0-9](Id|ID)$/.test(key || ""))) return String(value);
    // Every digit the number has (the shortest text that reads back as it), never rounded.
    return P.text(value, { f: "number", d: -1 }) || String(value);
  }
  /**
   * A time is data: shown as its own wall-clock time with its own zone, never converted to the
   * viewer's ("14:30 (UTC+01:00)"); a date is a date; without a zone, the time as written.
   * Anything that is not an ISO 8601 date stays as it is.
   * @param {unknown} value
   * @param {string} [format] "date": only the date of a date-time; "day": that date with its
   * zone (a column's one day, under its heading); "day-time": only the time of day
   * @returns {string}
   */
  function date(value, format) {
    // year, month, day, hours, minutes, seconds, the second's fraction, zone
    var parts = DATE_TIME.exec(String(value).trim());
    if (!parts) return String(value);
    var time = Date.UTC(+parts[1], +parts[2] - 1, +parts[3], +(parts[4] || 0), +(parts[5] || 0), +(parts[6] || 0)), fraction = parts[7], zone = parts[8];
    var seconds = /** @type {boolean} */ ((parts[6] && parts[6] !== "00") || (fraction && +fraction > 0)), day = format === "day-time";
    // Z and +00:00 are UTC; any other offset is written ±hh:mm.
    /** @type {(text: string) => string} */
    var zoned = (text) => zone ? M.zoned(text, /z/i.test(zone) || /^.00:?00$/.test(zone) ? "" : zone.slice(0, 3) + ":" + zone.slice(-2)) : text;
    if (format === "month") return formatter("m", () => new Intl.DateTimeFormat(locale, { timeZone: "UTC", month: "short", year: "numeric" })).format(time);
    if (!parts[4] || /^da(te|y)$/.test(format || "")) {
      var shownDate = formatter("d", () => new Intl.DateTimeFormat(locale, { timeZone: "UTC", dateStyle: "medium" })).format(time);
      return format === "day" ? zoned(shownDate) : shownDate;
    }
    /** @type {Intl.DateTimeFormatOptions} */
    var options = { timeZone: "UTC", timeStyle: seconds ? "medium" : "short" };
    if (!day) options.dateStyle = "medium";
    var shown = formatter((day ? "h" : "t") + seconds, () => new Intl.DateTimeFormat(locale, options)).format(time);
    // The fraction of a second as written, after the seconds (Intl's medium time has none).
    if (seconds && fraction && +fraction > 0) shown = shown.replace(/(\d{1,2}[:.]\d\d[:.]\d\d)(?!\d)/, "$1" + fraction);
    return day ? shown : zoned(shown);
  }
  /**
   * The one day of a column's times, with their one zone ("20 Nov 2026 (UTC)"), when two or more
   * are date-times and all fall on it (a range query's steps, a day's log); else "".
   * @param {(Views.Json | undefined)[]} values
   */
  function dayOf(values) {
    var given = values.filter((value) => value != null);
    /** @type {(value: Views.Json) => string} its day and zone, "" when it is no date-time the views draw as one */
    var key = (value) => { var parts = guess(value) === "date-time" && DATE_TIME.exec(String(value).trim()); return parts && parts[4] ? parts.slice(1, 4) + (/z|^.00:?00$/i.test(parts[8] || "") ? "Z" : (parts[8] || "").replace(":", "")) : ""; };
    return given.length > 1 && key(given[0]) && given.every((value) => key(value) === key(given[0])) ? date(given[0], "day") : "";
  }
  /**
   * A key as a heading: "max_count" → "Max count", "isDst" → "Is DST"; other keys stay as they are.
   * @param {string} key
   * @returns {string}
   */
  function human(key) {
    if (!/^[A-Za-z_][\w-]*$/.test(key)) return key;
    // a code of a few letters and a number is one word: a cell ("C8"), a measure ("p95", "cpu0" → "CPU0")
    var code = /^([a-z]{1,3})(\d+)$/i.exec(key);
    if (code) return (capitals(code[1]) || code[1].charAt(0).toUpperCase() + code[1].slice(1)) + code[2];
    /** @type {string[]} */
    var words = key.match(/[A-Z]{2,}s(?![a-z])|[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+/g) || [key];
    words = words.map((word) => capitals(word) || (/^std?dev$/i.test(word) ? "std dev" : word.toLowerCase()));
    words[0] = words[0].charAt(0).toUpperCase() + words[0].slice(1);
    return words.join(" ");
  }

  /** A label without the unit its value is written in (present.js's label), whole in its title.
   * @param {string} label @param {Present.Look | undefined} look @returns {string | HTMLElement} */
  function labelled(label, look) {
    var short = P.label(label, look);
    return short === label ? label : el("span", { title: label }, short);
  }

  /** A word as an acronym is written ("id" → "ID", "urls" → "URLs"); "" when it is none.
   * @param {string} word */
  function capitals(word) {
    return ACRONYM.test(word) ? word.toUpperCase() : /s$/i.test(word) && ACRONYM.test(word.slice(0, -1)) ? word.slice(0, -1).toUpperCase() + "s" : "";
  }

  /** @type {(count: number, words: readonly [string, string]) => string} "1 item", "3 items" */
  var plural = (count, words) => count + " " + words[count === 1 ? 0 : 1];
  /**
   * What a value looks like, for data without a schema.
   * @param {unknown} value
   * @returns {string} number, boolean, text, json, date, date-time, uri, uuid
   */
  function guess(value) {
    if (typeof value === "number") return "number";
    if (typeof value === "boolean") return "boolean";
    if (value === null || typeof value !== "string") return value === null ? "text" : "json";
    return ISO_DATE.test(value) ? "date" : ISO_DATE_TIME.test(value) ? "date-time" : /^https?:\/\/\S+$/i.test(value) ? "uri" : IMAGE.test(value) ? "image"
      : UUID.test(value) ? "uuid" : "text";
  }
  // Signs of a line of code: brackets, an assignment or a comparison, a statement's keyword.
  var CODE_SIGN = /[(){}[\]=;<>]|^\s*(def|class|return|if|for|while|import|from|function|const|let|var|print)\b/;
  // A key whose last word (or all its words as one: "timedOut") says its yes is bad news (a result
  // truncated, a run failed or timed out), and no word turns it round (noErrors, errorFree, allowPartial).
  var BAD_NEWS = /^(truncated|timeout|timedout|failed|failure|errors?|partial|incomplete|overflow(ed)?|dirty|conflicts?|stale|expired|aborted|cancell?ed|degraded|unhealthy|throttled|deprecated)$/;
  /** @type {(key: string) => boolean} */
  var badNews = (key) => { var words = P.words(key); return !words.some((word) => /^(no|not|non|without|free|ignore|ignored|allow|allowed|include|skip|resolved|fixed)$/.test(word)) && [words[words.length - 1] || "", words.join("")].some((word) => BAD_NEWS.test(word)); };
  /**
   * One value as a node: formatted by its column format (guessed when absent).
   * @param {Views.Json | undefined} value
   * @param {string} [format]
   * @param {Views.Option[] | null} [options] an enum's values with their labels
   * @param {string} [key] the key or column name (numbers named as ids are not grouped)
   * @param {Present.Look} [look] a number's look (its column's: present.js), else its own
   * @returns {Node | string}
   */
  function val(value, format, options, key, look) {
    if (value == null || value === "") return el("span", { class: "muted" }, value === null ? "null" : "—"); // (an empty text too)
    format = format && format !== "text" ? format : guess(value); // a plain-text field can still hold a time or a link
    var lines = linesText(value);
    if (lines !== undefined) return textView(lines);
    // a list holding text of several lines is a list, each item its own text (never "a\n, b")
    if (Array.isArray(value) && value.every(isScalar)) return value.some((item) => /\n/.test(String(item))) ? list(value, format, key) : inlineList(/** @type {Views.Scalar[]} */ (value), format === "json" ? undefined : format, key);
    if (typeof value === "object") return isObj(value) && !Object.keys(value).length ? el("span", { class: "muted" }, M.none) : rangeView(value, key, look) || fold(value);
    var option = (options || []).find((choice) => choice.value === value);
    // (a yes that is bad news — truncated, failed, timed out, has errors — is a warning, not a green tick)
    if (typeof value === "boolean" && !option) return value && badNews(key || "") ? el("span", { class: "yn yn-warn" }, M.yesWarning) : el("span", { class: "yn yn-" + value }, value ? M.yes : M.no);
    if (format === "enum" || format === "boolean") return el("span", { class: "tag tag-" + String(value).replace(/\W/g, "").slice(0, 20) }, option ? option.label : String(value));
    if (typeof value === "number") {
      // an instant in epoch seconds (or ms) is drawn as the time it is (a day where the spec says
      // "date"), the number in its title
      var the = look || lookOf(key || "", [value]);
      // a 0/1 flag (pk, notnull, is_active) as a yes or no, the number in its title
      if (the.f === "flag") return el("span", { class: "yn yn-" + (value === 1), title: String(value) }, value ? M.yes : M.no);
      var iso = /^(epoch|date|time)$/.test(the.f) && P.instant(value) && epochIso(value);
      return iso ? el("time", { datetime: iso, title: String(value) }, date(iso, the.f === "date" ? "date" : the.u === "day" ? "day-time" : "date-time")) : P.node(value, the) || num(value, key);
    }
    value = String(value);
    var swatch = P.colour(value);
    if (swatch) return el("span", { class: "nw" }, el("span", { class: "swatch", style: { background: swatch } }), value);
    if (format === "md") return el("span", null, markdownInline(value));
    if (format === "uri") return link(value);
    // a PDF's date, a time written out, is the time it is, as an ISO one is drawn; the text as written in its title
    var pdf = PDF_DATE.exec(value), when = pdf ? pdf[1] + "-" + pdf[2] + "-" + pdf[3] + "T" + pdf[4] + ":" + pdf[5] + ":" + (pdf[6] || "00") + (pdf[7] || (pdf[8] ? pdf[8] + ":" + pdf[9] : "")) : writtenDate(value);
    if (when) return el("time", { datetime: when, title: value }, date(when, "date-time"));
    // (its rest drawn where nothing can hover to read the title: runtime.js's data-no-hover)
    if (format === "hash" && HASH.test(value)) return el("code", { class: "hash", title: value }, value.slice(0, 7), el("span", null, value.slice(7)));
    // A table's column of UUIDs shows their first eight characters, as git's hashes (whole in the
    // title, and where nothing can hover); any other id is shown whole, on one line.
    if (format === "id8" && ID32.test(value)) return el("code", { class: "hash", title: value }, value.slice(0, 8), el("span", null, value.slice(8)));
    if (format === "uuid") return el("span", { class: "uuid" }, value);
    if (/^(date|day-time)/.test(format)) return el("time", { datetime: value, title: value }, date(value, format));
    if (format === "image") return image(value);
    return /\n/.test(value) ? textView(value) : textNode(value);
  }
  /**
   * A time written out (WRITTEN) as ISO 8601, else undefined.
   * @param {string} value @returns {string | undefined}
   */
  function writtenDate(value) {
    // (the first pattern that reads it, the others not tried: this runs on every string drawn)
    var found = WRITTEN.reduce((hit, pattern) => hit || pattern.exec(value), /** @type {RegExpExecArray | null} */ (null));
    var g = found && found.groups, month = g ? MONTHS.indexOf(g.m) / 3 + 1 : 0;
    if (!g || month < 1 || month % 1) return;
    return g.y + "-" + String(month).padStart(2, "0") + "-" + g.d.padStart(2, "0") + "T" + g.t + (g.t.length < 6 ? ":00" : "") + (g.h ? g.h + ":" + g.z : g.u ? "Z" : "");
  }
  /**
   * The keys of a record that is a range of numbers, or undefined: its low, its high and (when it
   * has one) its middle — percentiles ({p25, p50, p75}: the lowest, the highest, p50 or the
   * median), {min, max}, {low, high}, {lower, upper}, each with an avg, mean, median or mid.
   * @param {unknown} value @returns {string[] | undefined} [low, high, middle?]
   */
  function rangeOf(value) {
    var record = isObj(value) ? value : {}, keys = Object.keys(record), middle = keys.find((key) => /^(p50|q2|median|mean|avg|average|mid)$/i.test(key));
    var ends = keys.filter((key) => key !== middle), tiles = ends.every((key) => /^[pq]\d\d?$/i.test(key)) && ends.sort((a, b) => +a.slice(1) - +b.slice(1));
    var low = tiles ? ends[0] : ends.find((key) => /^(min|low|lower|lo)$/i.test(key)), high = tiles ? ends[ends.length - 1] : ends.find((key) => /^(max|high|upper|hi)$/i.test(key));
    if (keys.length > 5 || ends.length < 2 || (!tiles && ends.length > 2) || !low || !high || !keys.every((key) => typeof record[key] === "number")) return;
    return middle ? [low, high, middle] : [low, high];
  }
  /**
   * A range drawn as a person writes it: "20 (15–25)", "1.2–3.4 s"; every key and its value in its
   * title. @param {unknown} value @param {string} [key] @param {Present.Look} [look] its numbers'
   * @returns {HTMLElement | undefined}
   */
  function rangeView(value, key, look) {
    var keys = rangeOf(value);
    if (!keys) return;
    var record = /** @type {Views.Record} */ (value), numbers = keys.map((name) => /** @type {number} */ (record[name]));
    look = look && look.f ? look : lookOf(key || "", numbers);
    return el("span", { class: "nw", title: Object.keys(record).map((name) => name + " " + record[name]).join(" \u00b7 ") }, rangeText(numbers.map((number) => P.text(number, look) || num(number))));
  }
  /** A range's parts written as one: [low, high, middle?] → "middle (low–high)", "low–high". @param {string[]} parts */
  var rangeText = (parts) => (parts[2] ? parts[2] + " (" : "") + parts[0] + "\u2013" + parts[1] + (parts[2] ? ")" : "");
  /**
   * Strings that are the lines of one text (nbformat's source, stream text and traceback): all but
   * the last end with a line break, or (lines without their breaks) a terminal's colours are in
   * them. That text, else undefined.
   * @param {unknown} value
   * @returns {string | undefined}
   */
  function linesText(value) {
    if (!Array.isArray(value) || value.length < 2 || !value.every((line) => typeof line === "string")) return;
    if (value.slice(0, -1).every((line) => /\n$/.test(line))) return value.join("");
    if (value.some((line) => /\x1b/.test(line))) return value.join("\n");
  }
  // Paths (a list of files: "src/fib.py", "docs/README.md") one a line, not a sentence of commas:
  // every item a path of names, one of them in a folder, one a file's name (an extension) or a
  // folder's (a last "/"); not addresses, MIME types ("text/html"), dates or fractions.
  /** @param {unknown[]} items */
  var isPaths = (items) => items.every((item) => typeof item === "string" && /^(~|\.{1,2})?\/?([\w@.-]+\/)*[\w@.-]*$/.test(item) && /[a-z]/i.test(item))
    && items.some((item) => /\//.test(String(item))) && items.some((item) => /[^/]\.\w{1,8}$|\/$/.test(String(item)));
  /**
   * Short arrays of scalars inline ("72.5, 73.5, 74.5"); past 6, the first 5 and "+k more".
   * @param {Views.Scalar[]} items
   * @param {string | undefined} format
   * @param {string} [key]
   */
  function inlineList(items, format, key) {
    var paths = isPaths(items), shownCount = items.length > 6 ? 5 : items.length, line = el("span", { class: paths ? "inl paths" : "inl" });
    if (!items.length) return el("span", { class: "muted" }, M.none);
    var look = lookOf(key || "", items);
    /** @type {(item: Views.Scalar, index: number) => void} */
    var add = (item, index) => { line.append(index ? (paths ? "\n" : ", ") : "", val(item, format, null, key, look)); };
    items.slice(0, shownCount).forEach(add);
    if (shownCount < items.length) line.append(" ", button((event) => {
      var moreButton = /** @type {HTMLElement} */ (event.target);
      /** @type {ChildNode} */ (moreButton.previousSibling).remove(); moreButton.remove();
      items.slice(shownCount).forEach((item) => { add(item, 1); });
    }, M.more(items.length - shownCount)));
    return line;
  }
  // Nested values drill down: a summary line, the full view built on first open. Small ones show
  // open: a few records (at most 5) of a few scalar fields (at most 4), or one such record.
  // One click shows all a fold holds: what it nests (up to 20 000 characters of it) shows open.
  // openingAll: how many folds being filled hold that little (while above 0, every fold opens).
  var openingAll = 0;
  /**
   * @param {Views.Json[] | Views.Record} value
   * @returns {HTMLDetailsElement}
   */
  function fold(value) {
    var records = /** @type {Views.Json[]} */ ([]).concat(value);
    // (open when small: a few records of a few scalars, or one record of eight at most)
    return foldNode("more", openingAll > 0 || (records.length < 6 && records.every((record) => isObj(record) && Object.keys(record).length < (Array.isArray(value) ? 5 : 9) && Object.values(record).every(isScalar))),
      Array.isArray(value) ? plural(value.length, M.items) : plural(Object.keys(value).length, M.fields), value, () => auto(value, 2), openingAll > 0);
  }
  /**
   * A <details> whose content build() makes when it first opens (at once when fillNow). While
   * it is built, a small one (its value 20 000 characters of JSON at most) opens every fold in it.
   * @param {string} className
   * @param {boolean} open
   * @param {string | HTMLElement} summary (a value's text: a span.v, data a person reads)
   * @param {Views.Json} value what it holds
   * @param {() => Views.Child} build
   * @param {boolean} fillNow
   * @returns {HTMLDetailsElement}
   */
  function foldNode(className, open, summary, value, build, fillNow) {
    var details = /** @type {HTMLDetailsElement} */ (el("details", { class: className, open: open, ontoggle: () => { if (details.open) fill(); } }, el("summary", null, summary)));
    function fill() {
      if (details.children.length > 1) return;
      elAdd(details, whole(value, 2e4, build));
    }
    if (fillNow) fill();
    return details;
  }
  /**
   * Whether value's JSON is about limit characters at most: its keys and texts counted until past
   * the limit (never the whole of a large result written out).
   * @param {Views.Json | undefined} value
   * @param {number} limit
   */
  function within(value, limit) {
    var left = limit, stack = [value];
    while (stack.length && left >= 0) {
      var next = stack.pop();
      if (!next || typeof next !== "object") left -= String(next).length + 2;
      else for (var key in next) { if ((left -= key.length + 4) < 0) break; stack.push(/** @type {Views.Record} */ (next)[key]); }
    }
    return left >= 0;
  }
  /**
   * What build() makes of value, every fold in it open when value's JSON is at most limit characters.
   * @param {Views.Json} value
   * @param {number} limit
   * @param {() => Views.Child} build
   */
  function whole(value, limit, build) {
    var small = +within(value, limit);
    openingAll += small;
    try { return build(); } finally { openingAll -= small; }
  }

  /**
   * Only a well-formed base64 image becomes an <img>; anything else is shown as text.
   * @param {string} value base64, or a data: URL
   * @param {string} [mime]
   * @returns {HTMLElement}
   */
  function image(value, mime) {
    var src = /^data:image\//.test(value) ? String(value) : "data:" + (mime || "image/png") + ";base64," + String(value).replace(/\s+/g, "");
    return /^data:image\/[\w.+-]+;base64,[A-Za-z0-9+/]*={0,2}$/.test(src) ? el("img", { class: "block-img", alt: "", src: src }) : textNode(String(value));
  }
  /**
   * Long text is cut at 100 KB with a control that shows the rest.
   * @param {string} str
   * @param {number} [mode] 1: lines kept in monospace, unwrapped (columns stay aligned; scrolls):
   *   code, logs, listings; 2: prose (wrapped, lines kept); absent: inline text
   * @returns {HTMLElement}
   */
  function textNode(str, mode) {
    // (lines that scroll sideways take the keyboard's focus: a scroller reached by keys too)
    var node = el(mode ? "pre" : "span", { class: mode ? (mode < 2 ? "json lines" : "text-block") : null, tabindex: mode === 1 ? 0 : null }, terminal(str.length > MAX_TEXT ? str.slice(0, MAX_TEXT) : str));
    if (str.length <= MAX_TEXT) return node;
    return el("div", null, node, button((event) => { node.replaceChildren(...terminal(str)); /** @type {HTMLElement} */ (event.target).remove(); }, M.showAll(Math.round(str.length / 1024))));
  }
  // Terminal output keeps its meaning, never shows as escapes: an SGR code (ESC[…m) sets classes of
  // a small fixed palette (8 colours — bright ones as their base —, bold, dim)
  // on the text after it; backgrounds, every other escape sequence and control character (but
  // tabs, line and page breaks) are dropped, and a line redrawn with carriage returns (a progress
  // bar) shows as it ended. Text nodes only.
  var CONTROL = /[\x00-\x08\x0e-\x1f\x7f]/;
  // An SGR code (its parameters captured), any other escape sequence (CSI, OSC, two-character),
  // or a lone control character.
  var ESCAPES = /\x1b\[([\d;:]*)m|\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*\x07?|[ -/]*[0-~]?)|[\x00-\x08\x0e-\x1f\x7f]/g;
  /**
   * @param {string} str
   * @returns {(string | HTMLElement)[]} text, and spans of classes t1 (bold), t2 (dim), c0…c7 (colours)
   */
  function terminal(str) {
    if (!CONTROL.test(str)) return [str];
    /** @type {(string | HTMLElement)[]} */
    var out = [];
    /** @type {Views.SgrState} */
    var state = {};
    var from = 0, match;
    /** @type {(part: string) => void} */
    var put = (part) => {
      var classes = Object.values(state).join(" ");
      if (part) out.push(classes ? el("span", { class: classes }, part) : part);
    };
    str = str.split("\n").map((line) => line.replace(/\r$/, "").split("\r").pop()).join("\n");
    for (ESCAPES.lastIndex = 0; (match = ESCAPES.exec(str));) {
      put(str.slice(from, match.index)); from = ESCAPES.lastIndex;
      if (match[1] != null) state = applySgr(Object.assign({}, state), match[1].split(/[;:]/).map(Number));
    }
    put(str.slice(from));
    return out;
  }
  /**
   * SGR parameters: 0 resets; 1, 2 bold, dim (22 ends them); 30–37, 90–97 a colour, 39 its end;
   * italic, underline, 256 and RGB colours (38;5;n, 38;2;r;g;b), backgrounds: skipped.
   * @param {Views.SgrState} state the classes set so far (changed and returned)
   * @param {number[]} params
   * @returns {Views.SgrState}
   */
  function applySgr(state, params) {
    for (var i = 0; i < params.length; i++) {
      var param = params[i];
      if (!param) state = {};
      else if (param < 3) state[param] = "t" + param;
      else if (param === 22) state = { f: state.f };
      else if (param === 38 || param === 48) i += params[i + 1] === 5 ? 2 : 4; // 5;n or 2;r;g;b follow
      else if (param === 39) delete state.f;
      else if (param % 60 > 29 && param % 60 < 38) state.f = "c" + param % 10;
    }
    return state;
  }

  /* ------------------------------------------------------------------ shape-driven views */

  /**
   * Any value, by its shape.
   * @param {Views.Json | undefined} value
   * @param {number} [depth] nesting depth; below the top two levels nested values fold behind a "more" summary
   * @param {string} [key] the key the value is under (how a list's numbers look)
   * @returns {HTMLElement}
   */
  function auto(value, depth, key) {
    depth = depth || 0;
    var points = pointSeries(value);
    if (points) return seriesView(points, /** @type {Views.Json} */ (value));
    var lines = linesText(value);
    if (lines !== undefined) return textView(lines);
    if (Array.isArray(value)) {
      var shownOutputs = outputs(value);
      if (shownOutputs) return shownOutputs;
      // one record holding values nested two deep, or nested itself and of five fields or more, is
      // that record, not a one-row table (of folds; cut at a fold's width)
      if (value.length === 1 && isObj(value[0]) && ((depth > 1 && Object.keys(value[0]).length > 4) || Object.values(value[0]).some((field) => field && typeof field === "object"
        && Object.values(field).some((inner) => inner && typeof inner === "object" && !isShortScalarList(inner))))) return kv(value[0], [], depth);
      if (value.length && value.length <= 200 && value.every(isObj) && value.some(childListKey)) return el("div", { class: "view trees" }, value.map((record) => tree(/** @type {Views.Record} */ (record), 0)));
      if (value.length && value.every(isObj)) return table(value, readOrder(value, cols(value)), 100);
      return grid(value, depth) || list(value, undefined, key);
    }
    if (isObj(value)) return columnTable(value, depth) || listsTable(value, depth) || (childListKey(value) ? tree(value, 0) : kv(value, [], depth));
    if (typeof value === "string") return textView(value);
    return el("div", { class: "metric" }, val(value));
  }
  // A notebook's outputs (nbformat: records of output_type stream, execute_result, display_data or
  // error), each drawn as what it is: a stream its text in monospace, a result its richest form
  // (an image, HTML's tables, markdown, JSON, else its plain text) after "Out [n]", an error its
  // name and value over its traceback (a terminal's colours kept). A result's other forms (its
  // text/plain beside its markdown) and any metadata one click away.
  var RICHEST = ["image/png", "image/jpeg", "image/gif", "image/webp", "text/html", "text/markdown", "application/json", "text/plain"];
  /**
   * @param {Views.Json[]} list
   * @returns {HTMLElement | undefined}
   */
  function outputs(list) {
    if (!list.length || !list.every((out) => isObj(out) && /^(stream|execute_result|display_data|error)$/.test(String(out.output_type)))) return;
    /** @type {(text: Views.Json | undefined, glue: string) => string} nbformat's text: a string, or its lines */
    var joined = (text, glue) => Array.isArray(text) ? text.join(glue) : String(text ?? "");
    return el("div", { class: "view outs" }, list.map((item) => {
      var out = /** @type {Views.Record} */ (item), rest = Object.assign({}, out), data = isObj(out.data) ? out.data : {};
      ["output_type", "name", "text", "data", "execution_count", "ename", "evalue", "traceback"].forEach((key) => { delete rest[key]; });
      if (isObj(rest.metadata) && !Object.keys(rest.metadata).length) delete rest.metadata;
      // (HTML only for its tables: a widget's <div> and <script> are its plain text's)
      var best = RICHEST.find((type) => data[type] != null && (type !== "text/html" || /<table[\s>]/i.test(joined(data[type], "")))) || Object.keys(data)[0], value = data[best];
      var forms = Object.keys(data).filter((type) => type !== best || /^text\/(html|markdown)$/.test(type));
      /** @type {Views.Child} */
      var body = out.output_type === "stream" ? textNode(joined(out.text, ""), 1)
        : out.output_type === "error" ? el("div", { class: "alert alert-error" }, el("p", null, out.ename + ": " + out.evalue), textNode(joined(out.traceback, "\n"), 1))
        : [best === undefined ? null : /^image\//.test(best) ? image(joined(value, ""), best) : best === "text/html" ? htmlView(joined(value, "")) : best === "text/markdown" ? markdown(joined(value, ""))
            : typeof value === "string" || Array.isArray(value) && value.every((line) => typeof line === "string") ? textNode(joined(value, ""), 1) : auto(/** @type {Views.Json} */ (value), 2),
          // (the forms it was sent in besides, a drawn one's source too)
          forms.length ? foldNode("more", false, forms.join(", "), null, () => forms.map((type) => [el("h4", null, type), typeof data[type] === "object" && !Array.isArray(data[type]) ? auto(data[type], 2) : textNode(joined(data[type], ""), 1)]), false) : null];
      // its kind, small ("stream \u00b7 stdout", "execute_result \u00b7 Out [4]")
      var kind = [out.output_type, out.name, out.execution_count != null && M.out(out.execution_count)].filter((part) => part != null && part !== false).join(" \u00b7 ");
      return el("div", { class: "out" }, el("small", { class: "muted" }, kind), body, Object.keys(rest).length ? kv(rest, [], 2) : null);
    }));
  }
  // Series of points (issue 50: Prometheus's range and instant queries, and any alike): records
  // each of its labels (an object of strings) and its points, [time, value] pairs — a time in
  // epoch seconds (or milliseconds) or ISO, a value a number or a number's text ("0.25", "NaN") —
  // or one such record, or the pairs alone. Several points a series: a table of time × series (a
  // row a time, drawn as a time; a column a series, named by the labels that differ), which
  // table() charts as any series (plot.js: a line a series); one point each (an instant vector):
  // a row a series, its labels, time and value. The labels every series shares show above, as a
  // record; the records as sent stay one click away.
  var NUMBER_TEXT = /^\s*([-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?|[-+]?inf|nan)\s*$/i, asSent = 0;
  /** @type {(pair: unknown) => boolean} */
  var isPoint = (pair) => Array.isArray(pair) && pair.length === 2 && (typeof pair[0] === "number" ? pair[0] > 1e8 && pair[0] < 1e13 : typeof pair[0] === "string" && DATE_TIME.test(pair[0]))
    && (typeof pair[1] === "number" || (typeof pair[1] === "string" && NUMBER_TEXT.test(pair[1])));
  /**
   * The series a value is (l: labels, p: points, i: an instant's single point), or undefined.
   * @param {Views.Json | undefined} value
   * @returns {Views.PointSeries[] | undefined}
   */
  function pointSeries(value) {
    if (asSent || value == null || typeof value !== "object") return;
    if (Array.isArray(value) && value.length > 1 && value.every(isPoint)) return [{ l: {}, p: /** @type {Views.Json[][]} */ (value), i: false }];
    var records = /** @type {Views.Json[]} */ ([]).concat(value), out = /** @type {Views.PointSeries[]} */ ([]);
    for (var i = 0; i < records.length && records.length <= 1000; i++) {
      var record = /** @type {Views.Record} */ (records[i]), keys = isObj(record) ? Object.keys(record) : [];
      var labels = keys.find((name) => isObj(record[name]) && Object.values(record[name]).every((label) => typeof label === "string")), points = keys.length === 2 && record[keys[+(keys[0] === labels)]];
      var one = isPoint(points);
      if (!labels || !(one || (Array.isArray(points) && points.length && points.every(isPoint))) || (i && one !== out[0].i)) return;
      out.push({ l: /** @type {Views.Record} */ (record[labels]), p: one ? [/** @type {Views.Json[]} */ (points)] : /** @type {Views.Json[][]} */ (points), i: one });
    }
    return out.length ? out : undefined;
  }
  /**
   * @param {Views.PointSeries[]} all
   * @param {Views.Json} value the records as sent
   * @returns {HTMLElement}
   */
  function seriesView(all, value) {
    /** @type {Views.Record} */
    var common = {};
    /** @type {string[]} */
    var differ = [];
    all.forEach((one) => { Object.keys(one.l).forEach((name) => { if (all.some((other) => other.l[name] !== one.l[name])) { if (differ.indexOf(name) < 0) differ.push(name); } else common[name] = one.l[name]; }); });
    /** @type {(time: Views.Json) => Views.Json} a time as ISO */
    var iso = (time) => typeof time === "number" ? epochIso(time) : time;
    /** @type {(number: Views.Json) => Views.Json} a number's text as the number ("NaN", "+Inf" stay text) */
    var read = (number) => isFinite(+(/** @type {string} */ (number))) ? +(/** @type {string} */ (number)) : number;
    var time = M.time, rows = /** @type {Views.Record[]} */ ([]), names = [time];
    if (all[0].i) rows = all.map((one) => { var row = /** @type {Views.Record} */ ({}); differ.forEach((name) => { row[name] = one.l[name]; }); row[time] = iso(one.p[0][0]); row[M.value] = read(one.p[0][1]); return row; });
    else {
      /** @type {{ [time: string]: Views.Record }} */
      var byTime = {};
      all.forEach((one) => {
        var name = differ.map((label) => one.l[label]).filter(Boolean).join(" · ") || (common.__name__ ? human(String(common.__name__)) : M.value);
        while (names.indexOf(name) >= 0) name += "'";
        names.push(name);
        one.p.forEach((point) => { var at = String(iso(point[0])); (byTime[at] = byTime[at] || rows[rows.push({ [time]: at }) - 1])[name] = read(point[1]); });
      });
      rows.sort((a, b) => Date.parse(String(a[time])) - Date.parse(String(b[time])));
    }
    var columns = all[0].i ? cols(rows) : names.map((name) => ({ pointer: escapeKey(name), label: name, g: 1 }));
    var sent = foldNode("more", false, plural(all.length, M.series), value, () => { asSent++; try { return auto(value, 2); } finally { asSent--; } }, false);
    return el("div", { class: "view" }, Object.keys(common).length ? kv(common, [], 2) : null, table(rows, columns, 100), sent);
  }
  // A recursive structure — a record holding a list of records like itself (more than half of
  // each one's keys are its own; and some hold that list again, or all keys are its own, or the
  // list's name says so: a query plan's "Plans", a file tree's "children") — is a tree.
  // Each node is a fold named by its first short string (its kind, its name): open, its scalars
  // and other values, then its children, each a fold. The first three levels show open; a fold
  // opened shows all it holds open (up to 20 000 characters of it, as `more`): every level is one
  // click from the one above it, and every value of a tree one click from the view.
  /**
   * The key of a record's list of children (records like it), when it is a tree's node.
   * @param {unknown} record
   * @returns {string | undefined}
   */
  function childListKey(record) {
    /** @type {(child: Views.Record) => number} */
    var sharedKeys = (child) => Object.keys(child).filter((key) => CU.hasOwn(/** @type {Views.Record} */ (record), key)).length;
    /** @type {(child: Views.Record) => number} */
    var keyCount = (child) => Object.keys(child).length;
    /** @type {(key: string) => Views.Record[]} a list of records (tested before it is read as one) */
    var childrenAt = (key) => /** @type {Views.Record[]} */ (/** @type {Views.Record} */ (record)[key]);
    return isObj(record) ? Object.keys(record).find((key) => Array.isArray(record[key]) && childrenAt(key).length && childrenAt(key).every(isObj) && childrenAt(key).every((child) => 2 * sharedKeys(child) > keyCount(child))
      && (childrenAt(key).some((child) => CU.hasOwn(child, key)) || childrenAt(key).every((child) => sharedKeys(child) === keyCount(child)) || /^(children|nodes|plans)$/i.test(key))) : undefined;
  }
  /**
   * A node: its name (its first short text), then its fields and its children. A node's few
   * short fields follow its name ("app.log \u00b7 file"), and a leaf of them is that one line.
   * @param {Views.Record} node
   * @param {number} depth
   * @returns {HTMLElement}
   */
  function tree(node, depth) {
    var childKey = childListKey(node), rest = Object.assign({}, node);
    var labelKey = Object.keys(node).find((key) => typeof node[key] === "string" && node[key] && /** @type {string} */ (node[key]).length <= 80);
    delete rest[/** @type {string} */ (childKey)];
    delete rest[/** @type {string} */ (labelKey)]; // (its summary: not again in its body)
    var open = depth < 3 || openingAll > 0, fields = Object.values(rest), few = fields.length <= 2 && fields.every((value) => typeof value === "string" && value.length <= 24);
    // (a node of many fields: its name beside its kind, a plan's "Seq Scan · people")
    var called = few ? undefined : Object.keys(rest).find((key) => typeof rest[key] === "string" && String(rest[key]).length <= 40 && P.words(key).some((word) => /^(name|relation|table|index|file|path|title)$/.test(word)));
    var label = (labelKey ? /** @type {string} */ (node[labelKey]) : childKey ? human(childKey) : plural(Object.keys(node).length, M.fields)) + (few ? fields.map((value) => " \u00b7 " + value).join("") : called ? " \u00b7 " + rest[called] : "");
    if (few && !childKey) return el("div", { class: "leaf" }, label);
    return foldNode("more tree", open, el("span", { class: "v" }, label), node,
      // a leaf has no children (and elAdd skips the false)
      () => [!few && kv(rest, [], 2), !!childKey && el("div", { class: "kids" }, /** @type {Views.Record[]} */ (node[childKey]).map((child) => tree(child, depth + 1)))], open);
  }
  /**
   * Columns where two or four fields that say one thing are one column, in the first one's place:
   * a place in a text (a linter's message, a parser's node: line and column, and the ends
   * endLine and endColumn, any casing; integers) is a Location, "3:14–20"; a span of time (start
   * and end, begin and finish, dtstart and dtend…; dates or date-times) is When, "2 Nov 2026,
   * 09:15–09:30 (UTC+01:00)". The first field is in every row; an end may be missing.
   * @param {Views.Json[]} rows @param {Views.Column[]} columns @returns {Views.Column[]}
   */
  function joined(rows, columns) {
    /** @type {(pattern: RegExp, test: (value: unknown) => boolean, each?: number) => Views.Column | undefined} */
    var find = (pattern, test, each) => rows.length ? columns.find((column) => pattern.test(column.pointer) && rows.every((row) => test(at(row, column.pointer)) || (!each && at(row, column.pointer) === undefined))) : undefined;
    /** @type {(value: unknown) => boolean} */
    var time = (value) => /^date/.test(guess(value));
    var line = find(/^\/(start_?)?line$/i, Number.isInteger, 1), column = find(/^\/(start_?)?col(umn)?$/i, Number.isInteger, 1), ends = [find(/^\/end_?line$/i, Number.isInteger), find(/^\/end_?col(umn)?$/i, Number.isInteger)];
    var start = find(/^\/(start|begin|from|dtstart|starts?_?(at|on|time|date))$/i, time, 1), end = find(/^\/(end|finish|to|until|dtend|ends?_?(at|on|time|date))$/i, time);
    /** @type {(parts: (Views.Column | undefined)[], label: string, when?: number) => void} */
    var join = (parts, label, when) => {
      var first = parts[0], shown = /** @type {Views.Column[]} */ (parts.filter(Boolean));
      if (shown.length === parts.length && first) columns = columns.filter((other) => other === first || shown.indexOf(other) < 0).map((other) => other === first ? { pointer: other.pointer, label: label, at: shown.map((part) => part.pointer), w: when } : other);
    };
    join(ends[0] && ends[1] ? [line, column].concat(ends) : [line, column], M.location);
    join([start, end], M.when, 1);
    return columns;
  }
  /**
   * A row's joined fields (joined()) drawn as one, every key and its value in the title: a place
   * ("3:14", "3:14–20", "3:14–4:2"); a span of time, its day once when it ends on it (and not
   * at all under a column's one day).
   * @param {Views.Json} row @param {Views.Column} column
   */
  function joinedView(row, column) {
    var pointers = /** @type {string[]} */ (column.at), n = pointers.map((pointer) => at(row, pointer)), from = n[0], to = n[1], text;
    if (column.w) {
      var oneDay = to != null && dayOf([from, to]), hours = date(from, "day-time") + "\u2013" + date(to, "day-time");
      // (one day: its hours in the place of the start's time — where the locale writes that time as it does alone)
      var whole = date(from), sameDay = oneDay && whole.indexOf(date(from, "day-time")) >= 0;
      text = to == null || to === from ? date(from, column.day ? "day-time" : undefined) : column.day ? hours : sameDay ? whole.replace(date(from, "day-time"), hours) : whole + " \u2013 " + date(to);
    } else text = n[0] + ":" + n[1] + (n[2] == null || n[3] == null ? "" : "\u2013" + (n[2] === n[0] ? "" : n[2] + ":") + n[3]);
    return el(column.w ? "time" : "span", { class: "nw", datetime: column.w ? String(from) : null, title: pointers.map((pointer, i) => unescapeToken(pointer.slice(1)) + " " + (n[i] ?? "\u2014")).join(" \u00b7 ") }, text);
  }
  /**
   * Columns from the union of keys over a sample of rows (their format guessed by table()).
   * @param {Views.Json[]} rows
   * @returns {Views.Column[]}
   */
  function cols(rows) {
    /** @type {{ [key: string]: number }} */
    var seen = {};
    /** @type {Views.Column[]} */
    var out = [];
    rows.slice(0, 200).forEach((row) => {
      for (var key in /** @type {Views.Record} */ (row)) if (!seen[key]) { seen[key] = 1; out.push({ pointer: escapeKey(key), label: human(key), g: 1 }); }
    });
    return out;
  }
  /**
   * Records' columns in the order a person reads a row by (records as sent, no schema's order):
   * a column with nothing to read in any row ("", [], {}: a calendar's empty organizer) is not
   * drawn; its name (title, summary, subject…) leads when only ids and kinds come before it (an
   * event's uid, a node's type; a row's number, an integer id, stays first); a column of one value in every row (three rows at least: a
   * graph's "type": "entity", "all day": false) comes last, still in every row.
   * @param {Views.Json[]} rows
   * @param {Views.Column[]} columns
   * @returns {Views.Column[]}
   */
  function readOrder(rows, columns) {
    /** @type {Map<Views.Column, (Views.Json | undefined)[]>} each column's values, read once */
    var read = new Map(columns.map((column) => [column, rows.map((row) => at(row, column.pointer))]));
    /** @type {(column: Views.Column) => (Views.Json | undefined)[]} */
    var values = (column) => /** @type {(Views.Json | undefined)[]} */ (read.get(column));
    columns = columns.filter((column) => values(column).some((value) => value === null || (value !== undefined && value !== "" && !(typeof value === "object" && !Object.keys(value).length))));
    var name = columns.findIndex((column) => /^\/(name|title|summary|subject|label|headline)$/i.test(column.pointer));
    if (name > 0 && columns.slice(0, name).every((column) => (/^\/(u?u?id|key|type|kind)$/i.test(column.pointer) || /[a-z](_u?id|U?Id)$/.test(column.pointer)) && !values(column).every(Number.isInteger))) columns.unshift(...columns.splice(name, 1));
    /** @type {(column: Views.Column) => boolean} */
    var constant = (column) => rows.length > 2 && values(column).every((value, i, all) => isScalar(value) && value === all[0]);
    return columns.filter((column) => !constant(column)).concat(columns.filter(constant));
  }
  /** @type {(value: unknown) => value is Views.Scalar[]} at most 20 scalars: shown inline */
  var isShortScalarList = (value) => Array.isArray(value) && value.length <= 20 && value.every(isScalar);
  /**
   * Columns /0, /1, … of rows that are arrays, named by the names given (else 1, 2, 3…: matrix.js
   * reads them so; table() heads them "Column 1": a database's tuples name none, and a bare "1"
   * over a column reads as a row's number).
   * @param {number} width
   * @param {Views.Json[] | false} [names]
   * @returns {Views.Column[]}
   */
  var indexColumns = (width, names) => Array.from({ length: width }, (unused, i) => ({ pointer: "/" + i, label: names ? human(String(names[i] ?? "").trim()) : String(i + 1), g: 1, name: names && String(names[i] ?? "") }));
  /**
   * The names a SQL query's select list gives its columns ("select region, sum(revenue) as revenue
   * from …": region, revenue), the query the run's argument (a string "select … from …"),
   * when it names `width` and no star; else false. A column's name is its alias, else its column
   * (its table's name off), else its expression as written ("count(*)").
   * @param {number} width @param {unknown} [args] the run's arguments (the page's, by default)
   * @returns {string[] | false}
   */
  function selected(width, args) {
    args = args === undefined ? CU.argsShown() : args;
    var query = isObj(args) && Object.values(args).find((value) => typeof value === "string" && /^\s*select\s[^]*\sfrom\s/i.test(value)), names = [], part = "", depth = 0, quote = "";
    for (var char of query ? /** @type {string} */ (query).replace(/^\s*select\s+(distinct\s+)?/i, "") + "," : "") {
      if (quote) quote = char === quote ? "" : quote;
      else if (/['"`]/.test(char)) quote = char;
      else depth += char === "(" ? 1 : char === ")" ? -1 : 0;
      if (!depth && !quote && (char === "," || /\sfrom\s$/i.test(part.slice(-6) + char))) {
        // (an alias, quoted with its spaces or not; a trailing keyword — "… end", "is null" — is none)
        var item = part.replace(/\s+from$/i, "").trim(), name = /(?:\sas\s+|[)\w\]"]\s+|^(?:[\w$]+\.)*)(?:"([^"]+)"|`([^`]+)`|([\w$]+))$/i.exec(item), word = name && (name[1] || name[2] || name[3]);
        names.push(word && !/^(end|null|true|false|asc|desc|and|or|not|is|in|like|then|else|distinct)$/i.test(word) ? word : item);
        part = "";
        if (char !== ",") break;
      } else part += char;
    }
    return names.length === width && names.every((name) => name && !/\*$/.test(name)) && names;
  }
  /**
   * A grid: an array of arrays of scalars (a sheet's range, a driver's rows, a matrix; a cell may
   * be a short list of scalars, shown inline). A first row of distinct strings over rows that are
   * not all strings is its header.
   * @param {Views.Json[]} rows
   * @param {number} [depth] how deep in the result (auto's)
   * @returns {HTMLElement | undefined}
   */
  function grid(rows, depth) {
    var width = 0, head = rows[0];
    if (!rows.length || !rows.every((row) => Array.isArray(row) && row.every((cell) => isScalar(cell) || isShortScalarList(cell)) && (width = Math.max(width, row.length)))) return;
    // (a first row of distinct names over rows with a number, or over a column of numbers' texts
    // under a name that is none: a table's header; not pairs, "Name, Alice" over "Age, 42")
    var names = /** @type {Views.Json[]} */ (head), below = rows.slice(1), figure = (/** @type {Views.Json | undefined} */ cell) => typeof cell === "string" && /^-?(?=[\d,.]*\d)[\d,]*(\.\d+)?%?$/.test(cell.trim());
    head = names.length === width && names.every((name, i) => typeof name === "string" && names.indexOf(name) === i)
      && (below.some((row) => !/** @type {Views.Json[]} */ (row).every((cell) => typeof cell === "string"))
        || names.some((name, i) => !figure(name) && below.length > 0 && below.every((row) => figure(/** @type {Views.Json[]} */ (row)[i])))) && names;
    // one cell, unnamed (a count(*)'s [(36,)]): that value
    if (!head && rows.length === 1 && width === 1 && isScalar(/** @type {Views.Json[]} */ (rows[0])[0])) return auto(/** @type {Views.Json[]} */ (rows[0])[0]);
    // (unnamed: the names the query's select list gives them, a Python driver's tuples)
    // (at the result's top, or under its one wrapping key: {"result": "[(…)]"}; deeper, a matrix of its own)
    return table(head ? rows.slice(1) : rows, indexColumns(width, /** @type {Views.Json[] | false} */ (head) || ((depth || 0) < 2 && selected(width))), 100);
  }
  // A table given as its columns' names and its rows (SQL drivers, DuckDB-style answers):
  // {columns|fields|headers, rows|data|values}, any casing, every row an array as wide as the
  // names; a name may be {name, type}: the type shows under its name (the values' own shape
  // formats them, as in any table).
  // The other keys beside them (a row count, the query) show as a record below the table: the rows first.
  /**
   * @param {Views.Record} record
   * @param {number} [depth]
   * @returns {HTMLElement | undefined}
   */
  function columnTable(record, depth) {
    var rest = Object.assign({}, record);
    /** @type {(pattern: RegExp) => Views.Json} the value of the first key the pattern names, taken out of rest */
    var take = (pattern) => { var key = Object.keys(rest).find((name) => pattern.test(name)) || "", value = rest[key]; delete rest[key]; return value; };
    var names = take(/^(columns|fields|headers)$/i), rows = take(/^(rows|data|values)$/i);
    var heads = Array.isArray(names) && names.map((name) => isObj(name) ? name.name : name);
    if (!heads || !heads.every((name) => typeof name === "string") || !Array.isArray(rows) || !rows.every((row) => Array.isArray(row) && row.length === /** @type {Views.Json[]} */ (heads).length)) return;
    var columns = indexColumns(heads.length, heads);
    columns.forEach((column, i) => { var name = /** @type {Views.Json[]} */ (names)[i]; column.type = /** @type {string} */ (isObj(name) && name.type) || undefined; });
    return el("div", { class: "view" }, table(rows, columns, 100), kv(rest, [], depth));
  }

  /**
   * A record of lists of scalars as long as each other (two lists at least, of 3 to 1000 values,
   * one of numbers; under 5, one of distinct names: a frame's columns, {regions, units, revenue})
   * is a table, a row an index ({ports: [80, 443, 8080], admins: [...]} is not); its
   * other keys a record below it. Lists of other lengths, or of records, are no such table.
   * @param {Views.Record} record
   * @param {number} depth
   * @returns {HTMLElement | undefined}
   */
  function listsTable(record, depth) {
    var keys = Object.keys(record), lists = keys.filter((key) => Array.isArray(record[key])), length = (/** @type {Views.Json[]} */ (record[lists[0]]) || []).length;
    if (lists.length < 2 || length < 3 || length > 1000 || (length < 5 && !lists.some((key) => { var list = /** @type {Views.Json[]} */ (record[key]); return list.every((item) => typeof item === "string") && new Set(list).size === length; })) || !lists.every((key) => { var list = /** @type {Views.Json[]} */ (record[key]); return list.length === length && list.every(isScalar); })
      || !lists.some((key) => /** @type {Views.Json[]} */ (record[key]).every((item) => typeof item === "number"))) return;
    var rows = Array.from({ length: length }, (unused, i) => Object.fromEntries(lists.map((key) => [key, /** @type {Views.Json[]} */ (record[key])[i]])));
    var rest = Object.fromEntries(keys.filter((key) => lists.indexOf(key) < 0).map((key) => [key, record[key]]));
    return el("div", { class: "view" }, table(rows, cols(rows), 100), Object.keys(rest).length ? kv(rest, [], depth) : null);
  }
  /**
   * Rows of text cells under a header as a table (CSV, TSV, aligned text, markdown and HTML
   * tables): a column whose every cell is a number holds numbers; in marked-up text (markdown)
   * the other cells keep their inline marks. Rows may be ragged: the widest sets the columns.
   * @param {string[]} head its names ([]: none, the columns are 1, 2, 3…)
   * @param {(string | number | null)[][]} rows
   * @param {string} [format] the cells' format ("md": inline markdown)
   * @returns {HTMLElement}
   */
  function cellTable(head, rows, format) {
    // A sheet's cells under its column letters (A, B, C…, after its row numbers' corner) whose
    // first row names them: the names head the columns, each letter small under its name.
    var from = head[0] ? 0 : 1, letters = head.slice(), sheet = head.length - from > 1 && head.slice(from).every((name, i) => name === String.fromCharCode(65 + i))
      && rows.length > 1 && rows[0].slice(from).every((cell) => typeof cell === "string" && /^[^\d\s-]/.test(cell));
    if (sheet) head = head.slice(0, from).concat(/** @type {string[]} */ (rows.shift()).slice(from));
    var width = rows.reduce((most, row) => Math.max(most, row.length), head.length), columns = indexColumns(width, head.length > 0 && head);
    columns.forEach((column, i) => {
      if (sheet && i >= from) column.type = letters[i];
      if (!numberColumn(rows, i) && format) { delete column.g; column.format = format; }
    });
    return table(rows, columns, 100);
  }
  /**
   * Whether every value (but empty ones, and one at least) is a number's text, or a number, that
   * reads back as written: "1191.50" and "62.0" are (beside others of as many decimals), "007" (a
   * code), "12345678901234567890" (more digits than a number holds), "1e3" and "3.10" beside "3.8"
   * (versions) are not.
   * @type {(values: (Views.Json | undefined)[]) => boolean}
   */
  var numbersAsText = (values) => {
    var filled = values.filter((value) => value != null && value !== "").map(String), scales = new Set(filled.map((text) => text.replace(/^[^.]*\.?/, "").length));
    // (a fraction's trailing zeros only at a fixed scale, a DECIMAL's: "3.10" beside "3.8" is a version)
    return filled.length > 0 && filled.every((text) => /^-?\d+(\.\d+)?$/.test(text) && (String(+text) === text || (scales.size === 1 && String(+text) === text.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, ""))));
  };
  /**
   * A column whose every value (but empty ones, and one at least) is a number's text holds those numbers: its
   * values are made numbers (an empty one undefined: no value, drawn "—", not JSON's null), and
   * the answer is true.
   * @param {(Views.Json[] | Views.Record)[]} rows
   * @param {string | number} key
   * @returns {boolean}
   */
  function numberColumn(rows, key) {
    var cells = /** @type {Views.Record[]} */ (rows), numbers = numbersAsText(cells.map((row) => row[key]));
    if (numbers) cells.forEach((row) => { if (row[key] === "") delete row[key]; else if (row[key] != null) row[key] = +(/** @type {string} */ (row[key])); });
    return numbers;
  }

  /**
   * A list, 200 items at a time; a few short scalars (at most 12, of 24 characters at most) on one
   * line ("Seed, Series A, Series B"). Its numbers in one look (its key's).
   * @param {Views.Json[]} items
   * @param {string} [format]
   * @param {string} [key] the key the list is under
   * @returns {HTMLElement}
   */
  function list(items, format, key) {
    var look = lookOf(key || "", items);
    if (items.length <= 12 && items.every((item) => isScalar(item) && String(item).length <= 24)) {
      var paths = isPaths(items);
      return el("p", { class: paths ? "inl paths" : "inl" }, items.length ? items.map((item, i) => [i ? (paths ? "\n" : ", ") : "", val(item, format, null, key, look)]) : el("span", { class: "muted" }, M.none));
    }
    var ul = el("ul", { class: "list" }), shownCount = 0;
    function add() {
      items.slice(shownCount, shownCount += 200).forEach((item) => { ul.appendChild(el("li", null, val(item, format, null, key, look))); });
      moreButton.hidden = shownCount >= items.length; moreButton.textContent = M.showMore(items.length - shownCount);
    }
    var moreButton = button(add);
    add();
    return el("div", null, ul, moreButton);
  }
  /**
   * A record as key: value pairs; nested data and multi-line text as blocks of their own.
   * @param {Views.Json | undefined} record
   * @param {Views.Column[]} fields the schema's fields ([]: every key, as it comes)
   * @param {number} [depth]
   * @returns {HTMLElement}
   */
  function kv(record, fields, depth) {
    // depth undefined (a typed KeyValue): nested values fold in place, never blocks (undefined < 2 is false)

    if (!isObj(record)) return auto(record);
    var dl = el("dl", { class: "kv" }), after = el("dl", { class: "kv" }), blocks = /** @type {HTMLElement[]} */ ([]), shown = /** @type {Shown} */ ([]);
    // (the lengths of its lists drawn as blocks: a count beside them follows them)
    var lengths = new Set(Object.values(record).filter((value) => Array.isArray(value) && !isShortScalarList(value)).map((list) => /** @type {Views.Json[]} */ (list).length));
    /** @type {{ e: HTMLElement[], a: boolean }[]} each fact's dt and dd; a: it follows the record's blocks */
    var pairs = [];
    (fields.length ? fields : joined([record], Object.keys(record).map((key) => ({ pointer: escapeKey(key), label: human(key) })))).forEach((/** @type {Views.Column} */ field) => {
      // (a span of time, a place in a text: one fact)
      if (field.at) return void pairs.push({ e: [el("dt", null, field.label), el("dd", null, joinedView(record, field))], a: false });
      var value = at(record, field.pointer), inner = !fields.length && isObj(value) ? Object.keys(value) : [];
      // A record of one short value is a fact ({uptime: {seconds: 640.5}}: "Uptime" 10 min 40 s), not a heading over "Seconds".
      if (inner.length === 1 && isScalar(/** @type {Views.Record} */ (value)[inner[0]]) && !/\n/.test(String(/** @type {Views.Record} */ (value)[inner[0]]))) {
        var word = human(inner[0]);
        field = { pointer: field.pointer + "/" + escapeKey(inner[0]), label: field.label + " " + (/^[A-Z][a-z]/.test(word) ? word.charAt(0).toLowerCase() + word.slice(1) : word) };
        value = /** @type {Views.Record} */ (value)[inner[0]];
      }
      // Nested data and multi-line text get a block of their own, headed by the key.
      // Records nested in records (a configuration) open to four levels, each set in by one step.
      // A string of data (JSON, a Python literal: FastMCP's {"result": str(rows)}) is that data, its text a click away.
      // (A list of one multi-line text is that text: a kernel's `text_outputs`.)
      // A top-level key that the result's own heading already names ("result": Prometheus's
      // {resultType, result}) gets no second "Result" over its block (its heading hidden).
      var held = typeof value === "string" ? dataOf(value) : undefined, text = textOf(value), range = rangeOf(value), heading;
      if (Array.isArray(value) && value.length === 1 && text !== undefined && /\n/.test(text)) held = text;
      // (a range, {min, max} or {p25, p50, p75}, is a fact: "20 (15–25)")
      // (an empty record is a fact, "none", as an empty list is: not a heading over nothing)
      if ((!fields.length && value && typeof value === "object" && !isShortScalarList(value) && !range && !(isObj(value) && !Object.keys(value).length) && (/** @type {number} */ (depth) < 2 || (isObj(value) && /** @type {number} */ (depth) < 4))) || (typeof value === "string" && /\n/.test(value)) || linesText(value) !== undefined || held !== undefined) {
        scope = record;
        if (!shownAs(shown, field.pointer, /** @type {Views.Json} */ (value), heading = el("h3", depth === 0 && field.label === M.result ? { hidden: "" } : null, field.label))) blocks.push(el("div", { class: /** @type {number} */ (depth) > 1 ? "view nest" : "view" }, heading, auto(held === undefined ? /** @type {Views.Json} */ (value) : held, /** @type {number} */ (depth) + 1, keyOf(field)), typeof value === "string" && held !== undefined && sentText(value)));
      } else if (value !== undefined) {
        // (its label without the unit its value is written in: "Free" over "23.0 GiB", not "Free bytes")
        var key = keyOf(field), look = lookOf(key, range ? range.map((name) => /** @type {Views.Record} */ (value)[name]) : [value], record);
        if (!shownAs(shown, field.pointer, /** @type {Views.Json} */ (value), heading = el("dt", null, labelled(field.label, look)))) {
          // (a wrapper's word that all went well, or the count of a list beside it, follows the data: {success: true, data: {rows, count}})
          pairs.push({ e: [heading, el("dd", null, val(value, field.format, field.options, field.label, look))], a: value === true && /^(success|successful|succeeded|ok)$/i.test(key) || countOf(lengths, key, value) });
        }
      }
    });
    pairs.forEach((pair) => { (pair.a && blocks.length ? after : dl).append(...pair.e); });
    // (a notebook's outputs lead its record: its other blocks and the run's facts after them)
    var facts = dl.children.length ? dl : null, outs = blocks.filter((block) => block.querySelector(":scope > .outs"));
    return el("div", { class: "view" }, outs.length ? [outs, blocks.filter((block) => outs.indexOf(block) < 0), facts] : [facts, blocks], after.children.length ? after : null);
  }
  // A short token — an id, a code, a number, a date: no space, or a date-time, within 40
  // characters — never breaks inside a table cell ("task-3" is not "task-" over "3"), nor a
  // phrase of 12 characters at most ("Ada Lovelace", "1. row"); longer text wraps between words.
  /** @type {(value: unknown) => string} " nw" or "" */
  var noWrap = (value) => typeof value === "number" || (typeof value === "string" && (value.length <= 12 || (value.length <= 40 && (!/\s/.test(value.trim()) || DATE_TIME.test(value.trim()))))) ? " nw" : "";
  /**
   * A column whose every value is a record of the same few scalar keys (at most 8: a month's
   * allocations, a stage's benchmarks) as a group of columns, one a key, named by the column: not
   * a fold in every row.
   * @param {Views.Json[]} rows
   * @param {Views.Column} column
   * @returns {Views.Column[] | undefined}
   */
  function groupOf(rows, column) {
    var values = rows.map((row) => at(row, column.pointer)), keys = isObj(values[0]) ? Object.keys(values[0]) : [];
    // (each a scalar, or each a range of the same keys: benchmarks per stage, p50 (p25–p75) a category)
    var first = isObj(values[0]) ? values[0][keys[0]] : null, range = rangeOf(first), inner = range && Object.keys(/** @type {Views.Record} */ (first)).join();
    if (rows.length < 2 || !keys.length || keys.length > 8 || !values.every((value) => isObj(value) && Object.keys(value).join() === keys.join() && Object.values(value).every((each) => range ? isObj(each) && Object.keys(each).join() === inner && rangeOf(each) : isScalar(each)))) return;
    var known = keys.every((key) => CU.hasOwn(idNames, key));
    var heading = range ? column.label + ", " + rangeText(range) : column.label;
    return keys.map((key) => ({ pointer: column.pointer + escapeKey(key), label: (known && idNames[key].n) || human(key), hue: known ? idNames[key].c : "", g: 1, grp: heading }));
  }
  /**
   * What a result's own lists name their ids (budget-allocator's categories, {id: "rd", name:
   * "R&D", color: "#8b5cf6"}): a group of columns whose keys are all such ids (its history's
   * allocations a month) is headed by their names and charted in their colours. A list of 2 to 50
   * records, each with a string id (id, key, slug, code) of its own and a name (name, label,
   * title) or a CSS colour (color, colour); within four levels of the result.
   * @param {unknown} result
   */
  function namesOf(result) {
    /** @type {{ [id: string]: { n: string, c: string } }} */
    var out = Object.create(null), left = 2000; // (a walk of 2 000 values at most: rendering stays quick on any result)
    /** @type {(value: unknown, depth: number) => void} */
    var walk = (value, depth) => {
      if (left-- < 0 || !value || typeof value !== "object") return;
      if (Array.isArray(value) && value.length > 1 && value.length <= 50 && value.every(isObj)) {
        var keys = Object.keys(value[0]), find = (/** @type {RegExp} */ words) => keys.find((key) => words.test(key)) || "";
        var id = find(/^(id|key|slug|code)$/i), name = find(/^(name|label|title)$/i), hue = find(/^colou?r$/i);
        if (id && (name || hue) && value.every((record) => typeof record[id] === "string") && new Set(value.map((record) => record[id])).size === value.length) {
          value.forEach((record) => { out[String(record[id])] = { n: typeof record[name] === "string" ? String(record[name]) : "", c: P.colour(record[hue]) }; });
        }
      }
      if (depth < 4) Object.values(value).slice(0, 50).forEach((inner) => { walk(inner, depth + 1); });
    };
    walk(result, 0);
    return out;
  }
  /**
   * Rows as a table: sort by a column (click its header), filter by text, one page at a time.
   * Columns without a format (g: guessed) get the one their first value looks like.
   * @param {Views.Json[]} rows records, or arrays (columns /0, /1, …)
   * @param {Views.Column[]} columns
   * @param {number} pageSize
   * @param {unknown} [noPivot] no pivot (the pivot's own tables)
   * @returns {HTMLElement}
   */
  function table(rows, columns, pageSize, noPivot) {
    // A column of numbers sent as text (a driver's DECIMAL "1191.50") is of those numbers, in a
    // copy of the rows (the result stays as sent): right-aligned, in one look, a matrix's or a series'.
    // (not an id's, a code's or a phone number's digits; the rows as sent are the ones downloaded)
    var copied = 0, sent = rows;
    columns.forEach((column) => {
      if (!column.g || !/^\/[^/]*$/.test(column.pointer) || lookOf(keyOf(column), [1]).f === "plain"
        || P.words(keyOf(column)).some((word) => /^(phone|tel|mobile|fax|zip|postal|postcode|ref|reference|sku|account|iban|ean|isbn|version)$/.test(word))) return;
      var values = rows.map((row) => at(row, column.pointer));
      if (!values.some((value) => typeof value === "string") || !numbersAsText(values)) return;
      if (!copied++) rows = rows.map((row) => Array.isArray(row) ? row.slice() : Object.assign({}, row));
      numberColumn(/** @type {(Views.Json[] | Views.Record)[]} */ (rows), unescapeToken(column.pointer.slice(1)));
    });
    columns = joined(rows, columns.flatMap((column) => groupOf(rows, column) || [column]));
    columns.forEach((column) => {
      if (column.g) { var row = rows.find((r) => at(r, column.pointer) != null); column.format = guess(row && at(row, column.pointer)); }
      // Every number of a column in one look: its kind, and the precision the column needs.
      // Times of one day: the day once, under the heading; each row its time (whole in its title),
      // instants in epoch seconds too (their look's unit "day").
      // (a column of joined fields: all of them — a span's one day is its starts' and its ends')
      var values = rows.flatMap((r) => column.at ? column.at.map((pointer) => at(r, pointer)) : [at(r, column.pointer)]), ranged = rangeOf(values[0]);
      // (a column of ranges, p50 (p25–p75): the look of all their numbers)
      if (ranged) values = /** @type {Views.Json[]} */ ([]).concat(...values.map((value) => isObj(value) ? /** @type {string[]} */ (ranged).map((name) => value[name]) : []));
      if (ranged || /^(number|integer)$/.test(/** @type {string} */ (column.format))) {
        // (a unit, or a conversion's currency, only where every row is in it)
        var key = keyOf(column), unit = unitOf(key, rows[0]), look = column.look = lookOf(key, values, rows[0], !!unit && rows.some((row) => unitOf(key, row) !== unit));
        if (look.f === "epoch" && (column.day = dayOf(values.map((value) => typeof value === "number" ? epochIso(value) : value)))) look.u = "day";
        if (look.f === "flag") column.format = "flag"; // (a yes or no, not a number: not right-aligned)
      } else if ((column.day = dayOf(values))) column.format = "day-time";
      // A column of git hashes (or of lists of them: a commit's parents) shows each as git's
      // short hash ("6ff8abe"), whole in its title.
      else if ((values = values.flat()).some((value) => HASH.test(/** @type {string} */ (value))) && values.every((value) => value == null || HASH.test(/** @type {string} */ (value)))) column.format = "hash";
      // (a column of UUIDs, with or without their dashes — a notebook's cell ids — short, so the columns beside it stay in view)
      else if (values.some((value) => ID32.test(/** @type {string} */ (value))) && values.every((value) => value == null || ID32.test(/** @type {string} */ (value)))) column.format = "id8";
      // A column of source lines in monospace, its spaces kept (a blame's content: "    a, b = 0, 1
      // # start", not "a, b = 0, 1 # start"): only texts, none a link, a time or an option; one
      // indented and one a line of code, each a line of 200 characters at most; or the column named
      // code or source with a line break or an indent in it.
      else if (!column.options && (!column.format || column.format === "text") && values.every((value) => value == null || (typeof value === "string" && guess(value) === "text"))
        && (values.some((value) => /^(\t| {2,})\S/.test(String(value))) ? values.every((value) => value == null || (String(value).length <= 200 && !/\n/.test(String(value)))) && values.some((value) => CODE_SIGN.test(String(value)))
          : /^(code|source)$/.test(P.words(keyOf(column)).pop() || "") && values.some((value) => /\n|^(\t| {2,})\S/.test(String(value))))) column.format = "code";
      // A column of prose (its texts 60 characters long on average: remarks) is wide enough to
      // read; one of phrases (24 on average, words: a linter's messages) a line or two a phrase.
      else {
        var chars = 0;
        values.forEach((value) => { if (typeof value === "string") chars += value.length; });
        column.long = chars > 60 * values.length ? 1 : chars > 24 * values.length && values.some((value) => / \S+ /.test(String(value))) ? 2 : 0;
      }
    });
    // A column no row has a value in (a schema's field the server left out) is not drawn, and
    // one that repeats the hashes short (git's shortHash beside its hash) says it once.
    columns = columns.filter((column) => (!rows.length || rows.some((r) => at(r, column.pointer) !== undefined)) && !columns.some((hash) => hash.format === "hash" && rows.every((r) => {
      var full = at(r, hash.pointer);
      return typeof full === "string" && at(r, column.pointer) === full.slice(0, 7);
    })));
    // A group's columns are one measure split by key (a month's allocations per category): where
    // most of them are plain numbers, none is money or a percentage by its name alone ("sales"
    // beside "marketing" and "engineering"), unless the spec says so.
    /** @type {{ [group: string]: number }} each group's columns: plain numbers less the others */
    var plain = {};
    columns.forEach((column) => { if (column.grp && column.look) plain[column.grp] = (plain[column.grp] || 0) + (column.look.f === "number" ? 1 : -1); });
    columns.forEach((column) => {
      if (column.grp && column.look && column.look.f !== "number" && plain[column.grp] > 0 && !(presentContext.formats || {})[keyOf(column)]) column.look = { f: "number", d: P.decimals(rows.map((r) => at(r, column.pointer))) };
    });
    var pivot = !noPivot && CU.pivot && CU.pivot(rows, columns); // long-format cells: a matrix (matrix.js)
    if (pivot) return pivot;
    var heatmap = CU.matrix && CU.matrix(rows, columns); // numbers that form a matrix get a colour scale (matrix.js)
    if (heatmap) columns = heatmap.cs;
    var shown = rows, page = 0, sortedBy = -1, direction = 1;
    var body = el("tbody"), info = el("span", { class: "muted" });
    var prev = button(() => { page--; draw(); }, M.prev);
    var next = button(() => { page++; draw(); }, M.next);
    /** @type {(column: Views.Column) => string | null} */
    var numeric = (column) => /^(number|integer)$/.test(/** @type {string} */ (column.format)) ? "num" : null;
    // Grouped columns are named once above theirs (a row of their own).
    var groups = columns.some((column) => column.grp) && el("tr", null, columns.map((column, i) => i && column.grp === columns[i - 1].grp ? null
      : el("th", { scope: column.grp ? "colgroup" : null, colspan: columns.filter((other, j) => j >= i && other.grp === column.grp && columns.slice(i, j).every((between) => between.grp === column.grp)).length }, column.grp || "")));
    // (a long heading — a series' labels — wraps as words: views.css .wr)
    var head = columns.map((column, i) => el("th", { scope: "col", "aria-sort": "none", class: numeric(column) }, el("button", { type: "button", onclick: () => sort(i), class: column.label.length > 16 ? "wr" : null }, column.pointer === "/" + (+column.label - 1) ? M.column(column.label) : labelled(column.label, column.look)), (column.day || column.type) && el("small", { class: "muted" }, column.day || column.type)));
    /** @param {number} index */
    function sort(index) {
      direction = sortedBy === index ? -direction : 1; sortedBy = index;
      // (a column of joined fields by each in turn: a place by its line, then its column)
      // Each row's keys read once (a time written out by the instant it is), then compared.
      var pointers = columns[index].at || [columns[index].pointer], keys = new Map(shown.map((row) => [row, pointers.map((pointer) => sortKey(at(row, pointer)))]));
      /** @type {(a: (Views.Json | undefined)[], b: (Views.Json | undefined)[], i?: number) => number} */
      var order = (a, b, i = 0) => {
        var x = a[i], y = b[i];
        return x == null ? (y == null ? 0 : 1) : y == null ? -1 : (typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y), locale, { numeric: true })) * direction || (i + 1 < pointers.length ? order(a, b, i + 1) : 0);
      };
      shown = shown.slice().sort((a, b) => order(/** @type {(Views.Json | undefined)[]} */ (keys.get(a)), /** @type {(Views.Json | undefined)[]} */ (keys.get(b))));
      head.forEach((th, j) => { th.setAttribute("aria-sort", j === index ? (direction > 0 ? "ascending" : "descending") : "none"); });
      page = 0; draw();
    }
    /** @type {(column: Views.Column, row: Views.Json, td: HTMLElement) => HTMLElement} */
    var cell = heatmap ? heatmap.cell : (column, row, td) => td;
    /** A value as it sorts: a time written out ("Fri Nov 27 …") by the instant it is. @type {(value: Views.Json | undefined) => Views.Json | undefined} */
    var sortKey = (value) => { var when = typeof value === "string" && writtenDate(value); return when ? Date.parse(when) : value; };
    function draw() {
      var pages = Math.max(1, Math.ceil(shown.length / pageSize));
      page = Math.min(Math.max(page, 0), pages - 1);
      body.replaceChildren(...shown.slice(page * pageSize, page * pageSize + pageSize).map((row) => el("tr", null, columns.map((column) => {
        var value = at(row, column.pointer);
        return cell(column, row, el("td", { class: (numeric(column) || (column.format === "code" ? "code" : "")) + noWrap(value) + (column.long ? (column.long > 1 ? " mid" : " long") : "") || null }, column.at ? joinedView(row, column) : val(value, column.format, column.options, column.label, rowLook(column.look, row))));
      }))));
      info.textContent = shown.length > pageSize ? M.rowsOf(page * pageSize + 1, Math.min(shown.length, page * pageSize + pageSize), shown.length) : plural(shown.length, M.rows);
      prev.hidden = next.hidden = pages < 2; prev.disabled = !page; next.disabled = page >= pages - 1;
    }
    /** Money whose column names no currency takes its row's (a currency field beside it). @param {Present.Look | undefined} look @param {Views.Json} row */
    var rowLook = (look, row) => look && look.f === "money" && !look.c ? Object.assign({}, look, { c: P.currencyOf(row) }) : look;
    var filter = rows.length > 10 && /** @type {HTMLInputElement} */ (el("input", { type: "search", class: "ctl filter", placeholder: M.filter, "aria-label": M.filterRows, oninput: () => {
      var query = /** @type {HTMLInputElement} */ (filter).value.toLowerCase();
      shown = query ? rows.filter((row) => toJson(row).toLowerCase().indexOf(query) >= 0) : rows; sortedBy = -1; page = 0; draw();
    } }));
    draw();
    // The rows and columns ride on the element (not markup): host.js offers them as a file. A
    // table of five rows or fewer says no count under it (its rows say it at a glance).
    // (a table of short values alone — numbers, ids, dates — as wide as they are: two columns of
    // counts side by side, not at the frame's two edges)
    var fit = rows.slice(0, 100).every((row) => columns.every((column) => { var value = at(row, column.pointer); return value == null || (isScalar(value) && !!noWrap(value)); }));
    /** @type {Views.TableElement} */
    var box = Object.assign(el("div", { class: "tbl" }, filter, el("div", { class: "scroll" }, el("table", fit ? { class: "fit" } : null, el("thead", null, groups, el("tr", null, head)), body)), el("div", { class: "pager", hidden: rows.length > Math.min(5, pageSize) ? null : "" }, prev, info, next)), { rows: sent, cols: columns, all: () => { pageSize = Math.max(pageSize, Math.min(rows.length, 1000)); draw(); } });
    // Rows that are a series show their chart too (plot.js; placed as the result view's
    // present.chart says: "first" by default): rows built from data, and a typed table's unless
    // the page has a Chart node (chart.js: the layout chose its chart).
    return heatmap ? heatmap.wrap(box) : (!noPivot && (columns.some((column) => column.g) || !NODES.Chart) && CU.series && CU.series(rows, columns, chartPlace, box)) || box;
  }

  /* ------------------------------------------------------------------ text kinds */

  // Ranked detectors decide what a text is, looking at its first 64 KB only (bounded on any
  // size): JSON (or a Python literal) → the data views, unified diff → a diff view, CSV/TSV → a
  // table, markdown (a table — a "| a | b |" line over a "|---|---|" line — or two signs of it at
  // least: headings, fences, links, bold, lists, quotes) → the markdown subset, other
  // line-structured text → monospace, lines kept; otherwise prose.
  // Every kind builds DOM nodes from text: a detector never turns data into markup.
  var MARKDOWN_SIGNS = [/^#{1,6} \S/m, /^```/m, /\]\(https?:/, /\*\*\S[^*\n]*\*\*/, /^ *([-*+]|\d+\.) \S.*\n *([-*+]|\d+\.) \S/m, /^ {0,3}> ?\S/m];
  var MARKDOWN_TABLE = /^ {0,3}\|.*\|[ \t]*\r?\n {0,3}\|(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*$/m;
  // Terminal text: a Python traceback, a JS stack ("    at f (file.js:3:9)"); a log (most lines
  // start with a time or a level).
  var STACK_TRACE = /^Traceback \(most recent call last\):|^\s+at \S.*:\d+:\d+\)?$/m;
  var LOG_LINE = /^\[?(\d{4}-\d\d-\d\d[T ]\d\d:\d\d|\d\d:\d\d:\d\d|(DEBUG|INFO|WARN\w*|ERROR|FATAL|CRITICAL|TRACE)\b)/;
  /**
   * What a text is (JSON and Python literals are read before this, by textView).
   * @param {string} str
   * @returns {Views.TextKind}
   */
  function kind(str) {
    var head = str.slice(0, 65536), lines = head.split(/\r?\n/);
    if (str.length > head.length || !lines[lines.length - 1]) lines.pop(); // a cut or empty last line says nothing
    if (/^@@ -\d+(,\d+)? \+\d+/m.test(head) && /^--- \S/m.test(head)) return "diff";
    if (/^\s*<[a-z!][^<>]*>[^]*<\/[a-z]/i.test(head)) return "html";
    if (STACK_TRACE.test(head)) return "lines";
    if (MARKDOWN_TABLE.test(head) || /^#{1,6} \S.*\r?\n\s*[[{(]/m.test(head)) return "md"; // a table; a heading over data (JSON under "### Result")
    // a CSV of events (its rows start with a time) is a CSV: its header is names, not a log's line
    var delimiter = delimiterOf(lines);
    if (delimiter) return delimiter;
    if (lines.filter((line) => LOG_LINE.test(line)).length * 2 > lines.length) return "lines";
    if (MARKDOWN_SIGNS.filter((sign) => sign.test(head)).length > 1) return "md";
    if (/<table[\s>][^]*<\/table>/i.test(head)) return "html"; // a converter's text holding a table
    var full = lines.filter((line) => line.trim()), keyValueLines = full.filter((line) => KEY_VALUE.test(line)).length;
    if (keyValueLines > 1 && keyValueLines * 2 >= full.length && lines.length <= 2000) return "kv";
    if (!keyValueLines && alignedRows(lines)) return "aligned";
    // Several lines are line-structured, unless every one is long and most end a sentence (prose).
    return full.length > 1 && !(full.every((line) => line.length > 60) && full.filter((line) => /[.!?:]$/.test(line)).length * 2 >= full.length) ? "lines" : "prose";
  }
  /**
   * The delimiter of CSV (at least 2 data rows) or TSV text: every line has the same number
   * (≥ 2) of cells, and the header cells are short names (its line no log's: "2026-… INFO a, b").
   * @param {string[]} lines
   * @returns {"," | "\t" | ""}
   */
  function delimiterOf(lines) {
    /** @type {"," | "\t" | ""} */
    var delimiter = /\t/.test(lines[0]) ? "\t" : /,/.test(lines[0]) ? "," : "", header = delimiter && splitCells(lines[0], delimiter);
    if (!delimiter || LOG_LINE.test(lines[0]) || lines.length < (delimiter === "," ? 3 : 2) || /** @type {string[]} */ (header).length < 2 || /** @type {string[]} */ (header).some((name) => !name.trim() || name.length > 64 || /^ /.test(name))) return "";
    return lines.slice(0, 200).every((line) => splitCells(line, delimiter).length === /** @type {string[]} */ (header).length) ? delimiter : "";
  }
  /**
   * A CSV or TSV printed among a few other lines (a shell's "$ cat events.csv", "exit code 0"): at
   * most two lines before it and two after, its header's cells plain names. [before, the CSV, after],
   * or undefined.
   * @param {string} str
   * @returns {string[] | undefined}
   */
  function csvPart(str) {
    var lines = str.slice(0, 65536).trim().split(/\r?\n/);
    for (var before = 0; before < 3; before++) for (var after = 0; after < 3; after++) {
      var text = lines.slice(before, lines.length - after).join("\n").trim();
      if ((before || after) && namedCsv(text.split(/\r?\n/))) return [lines.slice(0, before).join("\n"), text, lines.slice(lines.length - after || lines.length).join("\n")];
    }
  }
  /**
   * The delimiter of lines that are a CSV or TSV whose header's cells are plain names (a guess
   * among other lines asks more), else "".
   * @type {(lines: string[]) => "," | "\t" | ""}
   */
  var namedCsv = (lines) => { var delimiter = delimiterOf(lines); return delimiter && splitCells(lines[0], delimiter).every((name) => /^"?[\p{L}_][\p{L}\p{N}_ .%/-]{0,40}"?$/u.test(name)) ? delimiter : ""; };
  /**
   * One line of delimited text as its cells ("…" quotes a cell, "" in it a quote).
   * @param {string} line
   * @param {string} delimiter
   * @returns {string[]}
   */
  function splitCells(line, delimiter) {
    var out = [], cell = "", quoted = false;
    for (var i = 0; i < line.length; i++) {
      var char = line[i];
      if (quoted) { if (char !== '"') cell += char; else if (line[i + 1] === '"') { cell += char; i++; } else quoted = false; }
      else if (char === '"' && !cell) quoted = true;
      else if (char === delimiter) { out.push(cell); cell = ""; } else cell += char;
    }
    out.push(cell);
    return out;
  }
  // "Key: value" lines (a key is a short name): records. Records alike — the same first key, and
  // more than half the keys of each shared with the run — are rows of one table (the line just
  // before each record, when each has one, names its row: "1. row", "cohort (varchar)"); records
  // with other keys stay apart (mcp-alchemy's two tables' columns: "sales:", "people:"), each a
  // record under its line; other lines stay text.
  var KEY_VALUE = /^\s*([A-Za-z_][\w .()/-]{0,40}?):[ \t]+(\S.*)$/, RULE_LINE = /^[\s=-]+$/;
  /**
   * @param {string} str
   * @returns {HTMLElement}
   */
  function keyValueText(str) {
    /** @type {Views.TextItem[]} */
    var items = [];
    /** @type {Views.TextItem | null} the record being read */
    var current = null;
    var out = el("div", { class: "view" }), depth = 0;
    str.split(/\r?\n/).forEach((line, i, lines) => {
      var match = KEY_VALUE.exec(line), last = items[items.length - 1], indent = line.search(/\S/);
      // (a line set in by four or more past the last pair, after a blank line, is text: git's
      // commit message under its Author and Date, "    fib: comment the loop")
      if (match && i && !lines[i - 1].trim() && indent >= depth + 4 && items.some((item) => item.r)) match = null;
      if (match) {
        depth = indent;
        // a yes/no; a list or a record written as JSON or a Python literal: its data
        var key = match[1].trim(), value = match[2].trim(), data = /^[[{]/.test(value) ? dataOf(value) : undefined;
        var cell = isObj(data) || Array.isArray(data) ? data : /^(true|false)$/i.test(value) ? /^t/i.test(value) : value;
        if (current && !CU.hasOwn(/** @type {Views.Record} */ (current.r), key)) { /** @type {Views.Record} */ (current.r)[key] = cell; return; }
        items.push(current = { r: {}, lab: last && last.t != null && !last.gap ? /** @type {Views.TextItem} */ (items.pop()).t : null });
        /** @type {Views.Record} */ (current.r)[key] = cell;
        return;
      }
      current = null;
      if (!line.trim() || RULE_LINE.test(line)) { if (last) last.gap = 1; } else items.push({ t: line.trim() });
    });
    for (var i = 0; i < items.length;) {
      var item = items[i], j = i + 1, record = item.r;
      if (!record) { out.append(textNode(/** @type {string} */ (item.t), 2)); i++; continue; }
      for (var keys = Object.assign({}, record); j < items.length && sameRecordKind(items[j].r, keys, record); j++) Object.assign(keys, items[j].r);
      var run = items.slice(i, j), labelled = run.length > 1 && run.every((runItem) => runItem.lab != null);
      if (run.length < 2) out.append(item.lab ? el("h3", null, item.lab) : "", kv(record, [], 2));
      else {
        var rows = run.map((runItem) => labelled ? Object.assign({ "": runItem.lab }, runItem.r) : /** @type {Views.Record} */ (runItem.r)), columns = cols(rows);
        columns.forEach((column) => { numberColumn(rows, unescapeToken(column.pointer.slice(1))); });
        if (!labelled) run.filter((runItem) => runItem.lab).forEach((runItem) => { out.append(textNode(/** @type {string} */ (runItem.lab), 2)); });
        out.append(table(rows, columns, 100));
      }
      i = j;
    }
    return out;
  }
  /**
   * A record is of the run's kind: its first key is the first record's, and more than half of
   * the keys (of it, or of the first record if that has more) are the run's.
   * @param {Views.Record | undefined} record
   * @param {Views.Record} runKeys every key of the run so far
   * @param {Views.Record} first the run's first record
   */
  function sameRecordKind(record, runKeys, first) {
    var keys = record && Object.keys(record), shared = keys && keys.filter((key) => CU.hasOwn(runKeys, key)).length;
    return !!keys && keys[0] === Object.keys(first)[0] && 2 * /** @type {number} */ (shared) > Math.max(keys.length, Object.keys(first).length);
  }
  /**
   * An aligned plain-text table: a header line of names, an optional rule of dashes, rows; its
   * columns are the character columns blank in every line (two wide at least) between them.
   * @param {string[]} lines
   * @returns {string[][] | undefined} the header's cells, then each row's
   */
  function alignedRows(lines) {
    var body = lines.filter((line) => line.trim() && !RULE_LINE.test(line)), width = 0, cuts = /** @type {number[]} */ ([]), i, j;
    if (body.length < 3) return;
    body.forEach((line) => { width = Math.max(width, line.trimEnd().length); });
    /** @type {(x: number) => boolean} */
    var blank = (column) => body.every((line) => column >= line.length || line[column] === " ");
    for (i = 0; i < width; i = Math.max(j, i + 1)) {
      for (j = i; j < width && blank(j);) j++;
      if (j - i > 1 && i) cuts.push(i, j);
    }
    if (!cuts.length) return;
    // cuts: start, end of each column in turn
    cuts = [0].concat(cuts, [width]);
    var rows = body.map((line) => cuts.filter((cut, n) => !(n % 2)).map((start, n) => line.slice(start, cuts[2 * n + 1]).trim()));
    // a header of names, and rows of two values at least
    return rows[0].every((name) => /^[A-Za-z_][\w .%()/-]{0,30}$/.test(name)) && rows.slice(1).every((row) => row.filter(Boolean).length > 1) ? rows : undefined;
  }
  /**
   * A delimited text as a table; a column whose every value is a number holds numbers.
   * @param {string} str
   * @param {"," | "\t" | "aligned"} delimiter
   * @returns {HTMLElement}
   */
  function delimitedTable(str, delimiter) {
    var lines = str.split(/\r?\n/).filter((line) => line), aligned = delimiter === "aligned" && alignedRows(lines);
    if (delimiter === "aligned" && !aligned) return textNode(str, 1); // aligned in its first 64 KB only
    return aligned ? cellTable(aligned[0], aligned.slice(1)) : cellTable(splitCells(lines[0], delimiter), lines.slice(1).map((line) => splitCells(line, delimiter)));
  }
  /**
   * One line per line; added, removed, hunk and file lines marked by class (and by their sign).
   * @param {string} str
   * @returns {HTMLElement}
   */
  function diffView(str) {
    return el("pre", { class: "diff json lines" }, str.split(/\r?\n/).map((line) => el("span", {
      class: /^(\+\+\+|---) |^(diff|index|commit) /.test(line) ? "d-meta" : /^\+/.test(line) ? "d-add" : /^-/.test(line) ? "d-del" : /^@@/.test(line) ? "d-hunk" : null
    }, line + "\n")));
  }
  // A Python literal as text (str(result) of the lists, tuples and dicts Python servers send) read
  // as the JSON it stands for by a strict reader that evaluates nothing: lists and tuples (arrays;
  // "(x)" is x, as in Python), dicts (objects; a key that is a number, True, False or None: its
  // text), strings in either quote with Python's escapes (two on lines of their own joined, as
  // pprint splits one), numbers (1_000, 1., .5, 1e-3; an int past 2^53 kept whole as its text),
  // True/False/None. Any other token — a name, a call (datetime(…)), a set, bytes, nan — and the
  // text is text. At most 64 levels deep, one pass over 10 MB at most.
  // Rule "numpy array reprs": array(X) and array(X, dtype=Y) are X (numpy prints its arrays so,
  // inside the dicts and lists of chroma-mcp, a program's output…); sympy's Matrix(X) too (a
  // matrix of numbers: mcp-sympy's matrix, its inverse, its eigenvectors).
  // Rule "Decimal reprs": Decimal('62.0') is the number it writes (a SQL NUMERIC as a Python
  // driver returns it, printed in a row), kept as its text past 15 digits (a double would change
  // it), and any Decimal that is no finite number ('NaN', 'Infinity') is not read.
  var PY_STRING = /'((?:[^'\\\n]|\\[^])*)'|"((?:[^"\\\n]|\\[^])*)"/y, PY_NUMBER = /[-+]?(\d(?:_?\d)*)?(\.(?:\d(?:_?\d)*)?)?([eE][-+]?\d(?:_?\d)*)?(?![\w.])/y;
  var PY_ESCAPE = /\\(x[\dA-Fa-f]{2}|u[\dA-Fa-f]{4}|U[\dA-Fa-f]{8}|[0-7]{1,3}|[^])/g, PY_WORD = /(None|True|False)(?!\w)|(array|Decimal|Matrix)\(/y;
  /** @type {{ [escape: string]: string }} */
  var PY_CHAR = { n: "\n", t: "\t", r: "\r", a: "\x07", b: "\b", f: "\f", v: "\v", "\n": "", "\\": "\\", "'": "'", '"': '"' };
  /**
   * @param {string} str
   * @returns {Views.Json | undefined}
   */
  function pythonLiteral(str) {
    if (str.length > 1e7 || !/^\s*([[({]|(array|Matrix)\()/.test(str)) return;
    var i = 0, FAIL = Error();
    var space = () => { while (/\s/.test(str.charAt(i))) i++; };
    /** @type {(token: string) => boolean} */
    var eat = (token) => { space(); return str.startsWith(token, i) && !!(i += token.length); };
    /** @type {(pattern: RegExp) => RegExpExecArray | null} a sticky pattern at i (i moved past it) */
    var match = (pattern) => { pattern.lastIndex = i; var found = pattern.exec(str); if (found) i = pattern.lastIndex; return found; };
    /** @type {(close: string, depth: number) => Views.Json[]} the items before close, comma-separated */
    var items = (close, depth) => {
      var out = [];
      while (!eat(close)) { out.push(value(depth)); if (!eat(",")) { if (eat(close)) break; throw FAIL; } }
      return out;
    };
    /** @type {(body: string) => string} */
    var unescape = (body) => body.replace(PY_ESCAPE, (all, code) => CU.hasOwn(PY_CHAR, code) ? PY_CHAR[code] : /^[0-7]/.test(code) ? String.fromCharCode(parseInt(code, 8))
      : /^[xuU]./.test(code) ? String.fromCodePoint(parseInt(code.slice(1), 16)) : all);
    /** @type {(depth: number) => Views.Json} */
    function value(depth) {
      space();
      var char = str.charAt(i), found;
      if (depth > 64) throw FAIL;
      if (char === "[") return i++, items("]", depth + 1);
      if (char === "(") { i++; var start = i, inner = items(")", depth + 1); return inner.length === 1 && !/,\s*\)$/.test(str.slice(start, i)) ? inner[0] : inner; }
      if (char === "{") {
        /** @type {Views.Record} */
        var record = {};
        for (i++; !eat("}");) {
          var key = value(depth + 1);
          if (key !== null && typeof key === "object" || !eat(":")) throw FAIL;
          record[typeof key === "string" ? key : key === null ? "None" : key === true ? "True" : key === false ? "False" : String(key)] = value(depth + 1);
          if (!eat(",")) { if (eat("}")) break; throw FAIL; }
        }
        return record;
      }
      if ((found = match(PY_STRING))) {
        var text = unescape(found[1] != null ? found[1] : found[2]);
        // pprint's long string: its parts on lines of their own
        while (/^[ \t]*\n\s*['"]/.test(str.slice(i, i + 200)) && (space(), (found = match(PY_STRING)))) text += unescape(found[1] != null ? found[1] : found[2]);
        return text;
      }
      if ((found = match(PY_WORD))) {
        if (found[1]) return found[1] === "None" ? null : found[1] === "True";
        if (found[2] === "Decimal") {
          space();
          var decimal = match(PY_STRING), digits = decimal && (decimal[1] || decimal[2] || "").trim();
          if (!digits || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(digits) || !eat(")")) throw FAIL;
          return digits.replace(/^[-+]?[0.]*|[eE].*|\./g, "").length > 15 || !isFinite(+digits) ? digits : +digits;
        }
        var array = value(depth + 1); // numpy's array(X[, dtype=Y]), sympy's Matrix(X): a list of rows of numbers, no dtype
        if (found[2] === "Matrix" && !(Array.isArray(array) && array.every((row) => Array.isArray(row) && row.every((cell) => typeof cell === "number")))) throw FAIL;
        if (found[2] === "array" && eat(",") && (!eat("dtype=") || !match(/[\w.]+|'[^'\n]*'/y))) throw FAIL;
        if (!eat(")")) throw FAIL;
        return array;
      }
      if ((found = match(PY_NUMBER)) && (found[1] || found[2] && found[2].length > 1)) {
        var written = found[0].replace(/_/g, ""), number = +written;
        return !found[2] && !found[3] && !Number.isSafeInteger(number) ? written.replace(/^\+/, "") : number;
      }
      throw FAIL;
    }
    try {
      var out = value(0);
      space();
      return i === str.length && out !== null && typeof out === "object" ? out : undefined;
    } catch (error) { return; }
  }
  /**
   * A text read as data (a Python literal), as it was sent: one click away, in monospace.
   * @param {string} str
   * @returns {HTMLElement}
   */
  var sentText = (str) => el("details", { class: "more srv" }, el("summary", null, M.serversText), textNode(str, 1));
  /**
   * A text that is data — JSON, a Python literal, CSV, TSV or an aligned table — as its view.
   * @param {string} str
   * @param {Views.TextKind} [textKind] its kind, when known
   * @returns {HTMLElement | undefined}
   */
  function dataView(str, textKind) {
    var data = dataOf(str);
    return data !== undefined ? auto(data) : tableOf(str, textKind || kind(str));
  }
  /**
   * JSON or a Python literal's value; undefined when the text is neither.
   * @param {string} str
   */
  function dataOf(str) {
    var data = parseJson(str);
    return data === undefined ? pythonLiteral(str) : data;
  }
  /**
   * @param {string} str
   * @param {Views.TextKind} textKind
   * @returns {HTMLElement | undefined}
   */
  function tableOf(str, textKind) {
    if (/^(,|\t|aligned)$/.test(textKind)) return delimitedTable(str, /** @type {"," | "\t" | "aligned"} */ (textKind));
  }
  /**
   * Any text, by what it is: data (JSON, a Python literal; its kind is not looked for then),
   * terminal output, or its kind().
   * @param {string} str
   * @returns {HTMLElement}
   */
  function textView(str) {
    // A text that is one number as JavaScript writes it (a calculator's "341.3333333333333") is
    // that number: drawn with the precision it needs, exact in its title ("007", "1.50" stay text)
    var one = str.trim();
    if (/^-?\d/.test(one) && String(+one) === one) return auto(+one);
    // JSON is its data; a Python literal is too, its text a click away (the text is parsed once)
    var json = parseJson(str), data = json === undefined ? pythonLiteral(str) : json;
    if (data !== undefined) return json === undefined ? el("div", { class: "view" }, auto(data), sentText(str)) : auto(data);
    var textKind = /\x1b/.test(str) ? "lines" : kind(str), part = /^(lines|prose)$/.test(textKind) && csvPart(str); // a terminal's output: its colours kept, in monospace
    var sections = /^(lines|prose|kv)$/.test(textKind) && sectionsOf(str);
    if (sections) return el("div", { class: "view" }, sections.map((text, i) => i % 2 ? el("h3", null, text) : (text = text.replace(/^(?:[ \t]*\r?\n)+/, "").trimEnd()) && (/^[^\n]*$/.test(text) && KEY_VALUE.test(text) ? keyValueText(text) : textView(text))));
    if (part) return el("div", { class: "view" }, part.map((text, i) => text && (i === 1 ? delimitedTable(text, /** @type {"," | "\t"} */ (delimiterOf(text.split(/\r?\n/)))) : textNode(text, 2))));
    return tableOf(str, textKind) || (textKind === "diff" ? diffView(str.length > MAX_TEXT * 10 ? str.slice(0, MAX_TEXT * 10) : str)
      : textKind === "kv" ? keyValueText(str) : textKind === "html" ? htmlView(str)
      // markdown with a table, of any size (its tables are paged); other markdown up to 100 KB
      : textKind === "md" && (str.length <= MAX_TEXT || MARKDOWN_TABLE.test(str)) ? markdown(str) : textNode(str, textKind === "lines" ? 1 : 2));
  }
  // A title of a text's section: a banner ("=====Cell 1 | type: code=====") or a line over a
  // rule of "=" or "-" ("Allowed Commands:" over "----------------").
  var BANNER = /^\s*([=#*~-])\1{2,} *([^\s=#*~-].*?) *\1{3,}\s*$/, UNDERLINE = /^\s*([=-])\1{2,}\s*$/;
  /**
   * A text in titled sections (two titles at least: a notebook's cells, a tool's settings in
   * groups): [its text before the first title, a title, its section's text, a title, …], each
   * title without its colon; else undefined. Each section's text is read by its own kind (views
   * a section's "Key: value" line as a fact), not the whole text as one block of lines.
   * @param {string} str @returns {string[] | undefined}
   */
  function sectionsOf(str) {
    var lines = str.split(/\r?\n/), out = [""];
    for (var i = 0; i < lines.length; i++) {
      // (a "Key: value" pair over a rule is a record's last line, not a title: records between rules)
      var line = lines[i], banner = line.length <= 200 && BANNER.exec(line), over = !banner && line.trim() && line.length <= 80 && !UNDERLINE.test(line) && !KEY_VALUE.test(line) && UNDERLINE.test(lines[i + 1] || "");
      if (banner || over) { out.push((banner ? banner[2] : line.trim()).replace(/:$/, ""), ""); i += over ? 1 : 0; } else out[out.length - 1] += line + "\n";
    }
    return out.length > 4 ? out : undefined;
  }
  // HTML in a text (a spreadsheet's range, a converted page, a converter's markdown holding a
  // table): its tables are tables, read by a strict reader of the markup's text — never parsed
  // into a document: its tags are only looked for (table, tr, td, th; a line's end at br, p, div,
  // li, headings; every other tag dropped), the text between them taken as text (a few entities
  // decoded: &amp; &lt; &gt; &quot; &apos; &nbsp; and numbered ones). Its other parts show as
  // their text, in order; a table inside a cell is that cell's text. HTML without a table is
  // source: monospace.
  var HTML_TAG = /<(\/?)([a-z][\w-]*)(?:[^>"']|"[^"]{0,999}"|'[^']{0,999}'){0,499}>|<!-{2}[^]*?(?:-->|$)/gi;
  /** @type {{ [entity: string]: string }} */
  var ENTITY = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
  /**
   * @param {string} str
   * @returns {HTMLElement}
   */
  function htmlView(str) {
    if (!/<table/i.test(str)) return textNode(str, 1);
    var out = el("div", { class: "view" }), text = "", depth = 0, last = 0, match;
    /** @type {{ t: string, h: boolean }[][] | null} the table's rows */
    var rows = null;
    /** @type {{ t: string, h: boolean }[] | null} */
    var row = null;
    /** @type {{ t: string, h: boolean } | null} */
    var cell = null;
    /** @type {(part: string) => void} text, into the cell or outside the tables */
    var put = (part) => {
      part = part.replace(/&(#x[\da-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (all, name) => name[0] === "#" ? (+("0" + name.slice(1)) < 0x110000 ? String.fromCodePoint(+("0" + name.slice(1))) : all) : ENTITY[name.toLowerCase()] || all);
      if (cell) cell.t += part; else if (!depth) text += part;
    };
    // the text around the tables: its headings, list items and paragraphs as markdown's (marked),
    // drawn by the markdown subset; else its lines as sent
    var marked = false;
    var flush = () => { text = text.replace(/[ \t]*\n[ \t]*(?=\n)/g, "\n").replace(/\n{3,}/g, "\n\n").replace(/[ \t]*\n[ \t]*/g, "\n").trim(); if (text) out.append(marked ? markdown(text.replace(/\n\n(?=- )/g, "\n")) : textNode(text, 2)); text = ""; };
    var endRow = () => { if (cell && row) row.push(cell); cell = null; if (row && row.length && rows) rows.push(row); row = null; };
    var endTable = () => {
      endRow();
      var all = /** @type {{ t: string, h: boolean }[][]} */ (rows), head = all[0] && all[0].every((one) => one.h) ? /** @type {{ t: string, h: boolean }[]} */ (all.shift()) : [];
      /** @type {(one: { t: string }) => string} */
      var textOf = (one) => one.t.trim();
      out.append(cellTable(head.map(textOf), all.map((cells) => cells.map(textOf))));
      rows = null;
    };
    for (HTML_TAG.lastIndex = 0; (match = HTML_TAG.exec(str));) {
      put(str.slice(last, match.index)); last = HTML_TAG.lastIndex;
      var name = (match[2] || "").toLowerCase(), closing = !!match[1];
      if (name === "table" && !closing && !depth++) { flush(); rows = []; }
      else if (name === "table" && closing && depth && !--depth) endTable();
      else if (depth === 1 && (name === "tr" || (!closing && !row && /^t[dh]$/.test(name)))) { endRow(); if (!closing) row = []; }
      if (depth === 1 && /^t[dh]$/.test(name)) { if (cell && row) row.push(cell); cell = closing ? null : { t: "", h: name === "th" }; }
      else if (!depth && !closing && /^(h[1-6]|li|p)$/.test(name)) { marked = true; put(name[0] === "h" ? "\n\n" + "#".repeat(+name[1]) + " " : name === "li" ? "\n- " : "\n\n"); }
      else if (!depth && closing && /^(h[1-6]|p|ul|ol)$/.test(name)) put("\n\n");
      else if (/^(br|p|div|li|h\d|tr)$/.test(name)) put("\n");
    }
    put(str.slice(last));
    if (rows) endTable();
    flush();
    return out;
  }

  /**
   * The markdown subset, as DOM nodes: headings, fences, quotes, lists, tables, paragraphs.
   * @param {string} str
   * @param {number} [depth] how deep in quotes. A quote (lines that start with ">") holds
   *   markdown of its own; past 8 levels its ">" stay text.
   * @returns {HTMLElement}
   */
  function markdown(str, depth) {
    var out = el(depth ? "blockquote" : "div", { class: depth ? null : "md" }), lines = str.split(/\r?\n/), i = 0, match, QUOTE = /^ {0,3}> ?/;
    /** @type {string[]} */
    var paragraph = [];
    /** @type {HTMLElement | null} the list being filled */
    var listNode = null;
    var level = depth || 0;
    // Lines of a paragraph stay lines (mixed texts are often line-structured); lines that are a
    // CSV or TSV (a file read among others, under its "path:") are its table, under that line.
    function flush() {
      var label = +/:$/.test(paragraph[0] || ""), rows = paragraph.slice(label), delimiter = paragraph.length > 2 + label && namedCsv(rows);
      if (delimiter) elAdd(out, [!!label && el("p", null, markdownInline(paragraph[0])), delimitedTable(rows.join("\n"), delimiter)]);
      else if (paragraph.length) out.appendChild(el("p", null, markdownInline(paragraph.join("\n"))));
      paragraph = [];
    }
    while (i < lines.length) {
      var line = lines[i++];
      if ((match = /^```\s*(\w*)/.exec(line))) {
        flush(); listNode = null;
        var code = [];
        while (i < lines.length && !/^```/.test(lines[i])) code.push(lines[i++]);
        i++;
        // a fence is code, or data when fenced as such (json, csv, tsv)
        out.appendChild((/^(json|csv|tsv)$/i.test(match[1]) && dataView(code.join("\n"))) || el("pre", { class: "json" }, el("code", null, code.join("\n"))));
      } else if (/^\s*<table[\s>]/i.test(line)) {
        // an HTML table in markdown (a converter's): to the line that ends it, read as HTML
        flush(); listNode = null;
        var markup = [line];
        while (!/<\/table>/i.test(markup[markup.length - 1]) && i < lines.length) markup.push(lines[i++]);
        out.appendChild(htmlView(markup.join("\n")));
      } else if (QUOTE.test(line) && level < 8) {
        flush(); listNode = null;
        var quote = [line];
        while (i < lines.length && QUOTE.test(lines[i])) quote.push(lines[i++]);
        out.appendChild(markdown(quote.map((quoted) => quoted.replace(QUOTE, "")).join("\n"), level + 1));
      } else if ((match = /^(#{1,6}) +(.*)/.exec(line))) {
        flush(); listNode = null;
        out.appendChild(el("h" + Math.min(6, match[1].length + 2), null, markdownInline(match[2])));
        // a section whose body (to the next heading or fence) is data shows as that data
        for (var end = i; end < lines.length && !/^(#{1,6} |```)/.test(lines[end]);) end++;
        var data = dataView(lines.slice(i, end).join("\n"));
        if (data) { out.appendChild(data); i = end; }
      } else if (/^ {0,3}([-*_])( *\1){2,} *$/.test(line)) {
        // a thematic break ("---" between a calendar's events); under a paragraph, "---" is a heading's underline
        if (paragraph.length === 1 && /^ *-+ *$/.test(line)) { out.appendChild(el("h4", null, markdownInline(paragraph[0]))); paragraph = []; } else { flush(); out.appendChild(el("hr")); }
        listNode = null;
      } else if ((match = /^\s*([-*+]|\d+\.) +(.*)/.exec(line))) {
        flush();
        var tag = /\d/.test(match[1]) ? "ol" : "ul";
        if (!listNode || listNode.tagName.toLowerCase() !== tag) out.appendChild(listNode = el(tag));
        /** @type {HTMLElement} */ (listNode).appendChild(el("li", null, markdownInline(match[2])));
      } else if (/^\s*\|.*\|\s*$/.test(line)) {
        flush(); listNode = null;
        var tableLines = [line];
        while (i < lines.length && /^\s*\|.*\|\s*$/.test(lines[i])) tableLines.push(lines[i++]);
        /** @type {(row: string) => string[]} */
        var cellsOf = (row) => row.trim().slice(1, -1).split("|").map((cell) => cell.trim());
        var rows = tableLines.filter((row) => !/^[\s|:-]+$/.test(row)).map(cellsOf); // the |---| rule goes
        // a table of any size, paged
        out.appendChild(cellTable(rows[0], rows.slice(1), "md"));
      } else if (!line.trim()) { flush(); listNode = null; } else { listNode = null; paragraph.push(line.trim()); }
    }
    flush();
    return out;
  }
  /**
   * Inline: `code`, **bold**, *em* / _em_, [text](http-url); everything else stays text.
   * @param {string} str
   * @returns {(string | HTMLElement)[]}
   */
  function markdownInline(str) {
    // (a new one each call, its lastIndex its own: the calls nest)
    var pattern = /`([^`]+)`|\*\*(.+?)\*\*|(?:\*|\b_)(\S(?:.*?\S)?)(?:\*|_\b)|\[([^\]]+)\]\(([^)\s]+)\)/g, last = 0, match;
    /** @type {(string | HTMLElement)[]} */
    var out = [];
    while ((match = pattern.exec(str))) {
      out.push(str.slice(last, match.index)); last = pattern.lastIndex;
      out.push(match[1] ? el("code", null, match[1]) : match[2] ? el("strong", null, markdownInline(match[2])) : match[3] ? el("em", null, markdownInline(match[3])) : link(match[5], match[4]));
    }
    out.push(str.slice(last));
    return out;
  }

  /* ------------------------------------------------------------------ MCP content blocks */

  /**
   * @param {unknown} block an MCP content block (anything else shows as JSON)
   * @returns {HTMLElement}
   */
  function contentBlock(block) {
    if (!isObj(block)) return jsonBlock(block);
    var type = block.type, resource = block.resource;
    // (one line that says it is an error, in a result not marked one: "Error: Column 'profit' not found", a warning)
    if (type === "text") return /^\s*(?!no )(\w+ )?error: (?![-+.\d])\S.{0,300}$/i.test(String(block.text)) ? el("div", { class: "alert alert-warn" }, el("p", null, String(block.text).trim())) : textView(String(block.text));
    // An image's facts beside its data (its size, colour space, the page it came from; in _meta too) under it.
    if (type === "image") {
      var facts = Object.assign({}, isObj(block._meta) ? block._meta : {}, block);
      ["type", "data", "mimeType", "annotations", "_meta"].forEach((name) => { delete facts[name]; });
      return el("div", null, image(String(block.data), /** @type {string | undefined} */ (block.mimeType)), Object.keys(facts).length ? kv(facts, [], 2) : null);
    }
    if (type === "audio") {
      var audioMime = String(block.mimeType), audio = String(block.data);
      return /^audio\/[\w.+-]+$/.test(audioMime) && /^[A-Za-z0-9+/]*={0,2}$/.test(audio) ? el("audio", { controls: true, src: "data:" + audioMime + ";base64," + audio }) : textNode(audio);
    }
    if (type === "resource_link") return el("div", { class: "res" }, link(String(block.uri), /** @type {string} */ (block.title || block.name || block.uri)), block.description ? el("div", { class: "muted" }, /** @type {string} */ (block.description)) : null);
    if (type === "resource" && isObj(resource)) {
      var mime = String(resource.mimeType || ""), text = resource.text;
      var body = text != null ? (/json/.test(mime) ? textView(String(text))
        : /markdown/.test(mime) && /** @type {string} */ (text).length <= MAX_TEXT ? markdown(String(text)) : textNode(String(text), 1))
        : /^image\//.test(mime) ? image(String(resource.blob), mime) : downloadButton(resource);
      return el("div", { class: "res" }, el("div", { class: "muted" }, resource.uri + (mime ? " · " + mime : "")), body);
    }
    return jsonBlock(block);
  }
  /**
   * An embedded binary resource: a button that saves it as a file.
   * @param {Views.Record} resource
   * @returns {HTMLElement}
   */
  function downloadButton(resource) {
    var name = String(resource.uri || M.file).split(/[/?#]/).filter(Boolean).pop() || M.file, size = Math.floor(String(resource.blob || "").length * 3 / 4);
    return button(() => {
      var url = URL.createObjectURL(new Blob([Uint8Array.from(atob(String(resource.blob)), (char) => char.charCodeAt(0))], { type: String(resource.mimeType || "application/octet-stream") }));
      el("a", { href: url, download: name }).click();
      setTimeout(() => { URL.revokeObjectURL(url); }, 1e4);
    }, M.download(name, size));
  }
  /**
   * The blocks not already shown. Beside structured data, a text block is left out only when
   * it is the data again (the spec's compatibility copy): JSON or a Python literal equal to it
   * (a null field the same as an absent one), to the one value it wraps ({"result": …}), or to
   * an item of that list (one block per item); or the text of one of its strings. Any other text
   * shows — a decision on its content, not its presence (a notebook cell's printed output beside
   * its execution metadata).
   * @param {Views.ContentBlock[]} content
   * @param {Views.Json | undefined} [data] the result's structuredContent
   * @param {boolean} [fold] a text that restates the data folds (present.text, "fold" by default)
   * @returns {HTMLElement[]}
   */
  function unshownBlocks(content, data, fold) {
    var seen = data === undefined ? [] : stringsOf(data, 0, []), wrapped = isObj(data) && Object.keys(data).length === 1 ? Object.values(data)[0] : data;
    /** @type {(text: string) => boolean} */
    var again = (text) => {
      // (a one-value result's text: {"result": 8} beside "8")
      if ((typeof wrapped === "number" || typeof wrapped === "boolean") && String(wrapped) === text.trim()) return true;
      var copy = parseJson(text);
      if (copy === undefined) copy = pythonLiteral(text);
      return copy !== undefined && [data, wrapped].concat(Array.isArray(wrapped) ? wrapped : []).some((shownData) => sameData(/** @type {Views.Json} */ (copy), shownData));
    };
    // Of another text, the lines the data already shows are left out (a footer line), the rest kept.
    /** @type {(text: string) => string} */
    var unseen = (text) => seen.indexOf(text.trim()) < 0 && !again(text) ? text.split(/\r?\n/).filter((line) => !line.trim() || seen.indexOf(line.trim()) < 0).join("\n") : "";
    var blocks = content.map((block) => data === undefined || !isObj(block) ? block : block.type === "text" ? Object.assign({}, block, { text: unseen(String(block.text)) })
      : block)
      .filter((block) => block && (!isObj(block) || block.type !== "text" || String(block.text).trim()));
    // Beside the data's view, a text that restates it (most of its words and numbers are the
    // data's) folds under "Server's text": never lost, never the same facts twice on the page.
    var restating = data === undefined || !fold ? [] : blocks.filter((block) => isObj(block) && block.type === "text" && restates(String(block.text), data));
    // A short text written to the model about the person ("…you must display the full list to the
    // user", "If the user asked to fix them…"), beside what else the result shows, folds under
    // "Server's note to the model": the person reads the result, not its orders to the model.
    /** @type {(block: Views.ContentBlock) => boolean} */
    var ordering = (block) => isObj(block) && block.type === "text" && String(block.text).length < 600 && /\bthe user\b/i.test(String(block.text)) && dataOf(String(block.text)) === undefined;
    var toModel = fold ? blocks.filter((block) => restating.indexOf(block) < 0 && ordering(block)) : [], folded = restating.concat(toModel);
    if (toModel.length === blocks.length) folded = restating, toModel = [];
    var shown = blocks.filter((block) => folded.indexOf(block) < 0).map((block) => contentBlock(block));
    [restating, toModel].forEach((some, i) => { if (some.length) shown.push(el("details", { class: "more srv" }, el("summary", null, i ? M.toModel : M.serversText), some.map((block) => contentBlock(block)))); });
    return shown;
  }
  /**
   * A text restates the data: at least three of its words (four letters and more) and numbers, and
   * three in five of them, are the data's (its keys' words, its strings' words, its numbers as
   * written or rounded to two places at most).
   * @param {string} text
   * @param {Views.Json} data
   * @returns {boolean}
   */
  function restates(text, data) {
    /** @type {{ [token: string]: number }} */
    var known = {};
    var budget = 5000;
    /** @type {(value: Views.Json | undefined) => void} */
    var walk = (value) => {
      if (budget-- < 0) return;
      if (typeof value === "number") [String(value), value.toFixed(0), value.toFixed(1), value.toFixed(2)].forEach((form) => { known[form] = 1; });
      else if (typeof value === "string") value.slice(0, 200).toLowerCase().split(/[^\p{L}\p{N}]+/u).forEach((word) => { known[word] = 1; });
      else if (value && typeof value === "object") Object.keys(value).forEach((key) => { P.words(key).forEach((word) => { known[word] = 1; }); walk(/** @type {Views.Record} */ (value)[key]); });
    };
    walk(data);
    var tokens = text.slice(0, 4000).toLowerCase().match(/\p{L}{4,}|\d[\d,]*(?:\.\d+)?/gu) || [];
    var found = tokens.filter((token) => known[token.replace(/,/g, "")] || known[token.replace(/s$/, "")]).length;
    return tokens.length >= 3 && found * 5 >= tokens.length * 3;
  }
  /**
   * The same data (a null field the same as an absent one).
   * @param {Views.Json | undefined} a
   * @param {Views.Json | undefined} b
   * @returns {boolean}
   */
  function sameData(a, b) {
    if (isScalar(a) || isScalar(b)) return a === b; // undefined too
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    var left = /** @type {Views.Record} */ (a), right = /** @type {Views.Record} */ (b);
    return (!Array.isArray(a) || a.length === /** @type {Views.Json[]} */ (b).length)
      && Object.keys(Object.assign({}, a, b)).every((key) => (left[key] == null && right[key] == null) || sameData(left[key], right[key]));
  }
  /**
   * The strings of data, trimmed (three levels deep, 50 keys a level).
   * @param {Views.Json} value
   * @param {number} depth
   * @param {string[]} out
   * @returns {string[]}
   */
  function stringsOf(value, depth, out) {
    if (typeof value === "string") out.push(value.trim());
    else if (value && typeof value === "object" && depth < 3) Object.keys(value).slice(0, 50).forEach((key) => { stringsOf(/** @type {Views.Record} */ (value)[key], depth + 1, out); });
    return out;
  }

  /* ------------------------------------------------------------------ the tree's nodes */

  /** @type {string[]} the pointers the result's headline shows */
  var leading = [];
  /** @type {{ content: Views.ContentBlock[], shown?: number }} the result being rendered */
  var current = { content: [] };
  // scope: the object around the view being built (matrix.js names a pivot's columns from it).
  /** @type {Views.Json | undefined} */
  var scope;
  /** @type {Views.Nodes} */
  var NODES = {
    AutoView: (node, data) => auto(data),
    ContentBlocks: () => { current.shown = 1; return el("div", { class: "view" }, unshownBlocks(current.content)); }
  };
  /**
   * The server wrote the result's layout once, in the ResultView's <template>: layout nodes as
   * markup, each view as an empty <div class="view" data-view="id">. A result fills a copy.
   * @param {HTMLElement | DocumentFragment} box
   * @param {Views.ViewNode} resultView
   * @param {Views.Json} data
   */
  function fillLayout(box, resultView, data) {
    /** @type {{ [id: string]: Views.ViewNode }} */
    var byId = {};
    /** @type {(node: Views.ViewNode) => void} */
    var walk = (node) => { byId[node.id] = node; (node.children || []).forEach(walk); };
    walk(resultView);
    twice = [];
    box.append(/** @type {HTMLTemplateElement} */ (CU.ownChild(/** @type {HTMLElement} */ (document.getElementById(resultView.id)), "template")).content.cloneNode(true));
    box.querySelectorAll("[data-view]").forEach((place) => { if (box.contains(place)) fillView(place, byId[/** @type {string} */ (place.getAttribute("data-view"))], data); });
    if (CU.tabs) CU.tabs(box);
  }
  /**
   * A view shows the value at its bind (before the views nested in it); missing data shows
   * nothing, wrong-shaped data its AutoView.
   * @param {Element} place
   * @param {Views.ViewNode} node
   * @param {Views.Json} root
   */
  function fillView(place, node, root) {
    var build = NODES[node.type], bind = node.props.bind || "", data = at(root, bind), label = node.props.label;
    scope = at(root, bind.replace(/\/[^/]*$/, ""));
    // missing data shows nothing; what the headline shows is not shown again (a record it shows whole, not at all)
    var led = leading.filter((pointer) => pointer.indexOf(bind + "/") === 0).map((pointer) => pointer.slice(bind.length)), held = isObj(data) && Object.keys(data).length;
    data = withoutHeadline(data, led);
    if ((data === undefined && node.type !== "ContentBlocks") || (bind && leading.indexOf(bind) >= 0) || (held && !Object.keys(/** @type {Views.Record} */ (data)).length)) return place.remove();
    // (an empty record or list as sent, git's `stagedChanges: {}` and `untrackedFiles: []`, is a fact "none", not a heading over nothing)
    if (label && data && typeof data === "object" && !Object.keys(data).length) return place.replaceChildren(el("dl", { class: "kv" }, el("dt", null, label), el("dd", null, el("span", { class: "muted" }, M.none))));
    // (a view nested in a record's view is set in under its heading: "Modified" under "Unstaged changes")
    var outer = place.parentElement && place.parentElement.closest("[data-view]");
    if (outer && outer.querySelector(":scope > h3")) place.classList.add("view", "nest");
    var heading = label && node.props.bind ? el("h3", null, label) : undefined;
    if (heading && shownAs(twice, bind, data, heading)) return place.remove();
    place.prepend(build ? build(node, data) : jsonBlock(data));
    if (heading) place.prepend(heading);
  }
  // Two fields of a record holding the same data (a notebook server sends a cell's outputs as
  // both `result` and `outputs`) show it once, under the first field's heading or term, which
  // names the others: "Result  also sent as Outputs". The same text counts as the same data,
  // whether a string, a list of that one string or its lines (a kernel's traceback as
  // `text_outputs`, `formatted_output` and `error_message`). Scalars and one-line strings are
  // facts of their own (count 2, images 0) and stay. Only fields of one record: two cards may share tags.
  /** @typedef {{ p: string, k: string, d: Views.Json, h: HTMLElement, also?: HTMLElement }[]} Shown */
  /** @type {Shown} the headed views of the typed result shown so far, by their record (p) */
  var twice = [];
  /** The text data is: a string, a list of that one string, or a text's lines (linesText). @param {Views.Json | undefined} data */
  var textOf = (data) => typeof data === "string" ? data : Array.isArray(data) && data.length === 1 && typeof data[0] === "string" ? data[0] : linesText(data);
  /**
   * True when data already shows under another field's heading in its record (named there); else
   * remembers it. (Two views of one field, a chart and its table, are not twice.)
   * @param {Shown} shown @param {string} pointer the field's @param {Views.Json | undefined} data @param {HTMLElement} heading
   */
  function shownAs(shown, pointer, data, heading) {
    var record = pointer.replace(/\/[^/]*$/, "");
    if (isScalar(data) ? !/\n/.test(String(data)) : !Object.keys(data).length) return false;
    var text = textOf(data), same = shown.find((seen) => seen.p === record && seen.k !== pointer && (sameData(seen.d, data) || (text !== undefined && /\n/.test(text) && textOf(seen.d) === text)));
    if (!same) return !shown.push({ p: record, k: pointer, d: /** @type {Views.Json} */ (data), h: heading });
    if (same.also) same.also.append(", " + heading.textContent);
    else same.h.append(" ", same.also = el("span", { class: "muted" }, M.alsoSent(heading.textContent)));
    return true;
  }

  // An error's text, read like the data it holds (issue 40, issue 50): its message first, as a
  // title, then the rest by its kind —
  //   data: a JSON object or a Python dict, the whole text or after a short prefix ("Error calling
  //     tool 'q': {…}"), shown as data; the title its message (message, error, detail, title or
  //     reason, or error.message: the first line), else the prefix; the text one click away;
  //   code: a traceback (its last line the message), a pydantic validation error ("1 validation
  //     error for …"), a stack, a pointer under code (a caret line: SQL's "LINE 1: …" and its "^"):
  //     monospace, lines kept, never read as records or prose (the caret points at its column);
  //   terminal: colours kept, monospace; text: other lines under the first (a CSV, a log), by
  //   the kinds of a result's text; prose: one line, a paragraph.
  var CARET = /^\s*\^[\^~-]*\s*$/m, CODE_ERROR = /\b\d+ validation errors? for \S|^LINE \d+:|^\s+at \S.*:\d+:\d+\)?$|^\s+File "/m;
  /**
   * @param {string} message
   * @returns {{ k: string, t: string, b?: string, d?: Views.Json }} kind, title, body (text) or data
   */
  function errorKind(message) {
    var text = message.trim(), lines = text.split(/\r?\n/), brace = text.search(/[[{]/), data = brace >= 0 && brace < 200 ? dataOf(text.slice(brace)) : undefined;
    if (data !== undefined) {
      var said = isObj(data) && [data.message, data.error, isObj(data.error) && data.error.message, data.detail, data.title, data.reason].find((field) => typeof field === "string" && field.trim());
      return { k: "data", t: said ? String(said).trim().split("\n")[0] : text.slice(0, brace).trim(), d: data };
    }
    if (/\x1b/.test(text)) return { k: "terminal", t: "", b: text };
    if (/^Traceback/m.test(text)) return { k: "code", t: /** @type {string} */ (lines.pop()), b: lines.join("\n") };
    // a JS stack: the error thrown (its last "TypeError: …" line, not a wrapper's "Error: Command failed") the title
    var thrown = /\n\s+at \S/.test(text) && lines.filter((line) => /^[A-Z]\w*(Error|Exception)(: |$)/.test(line)).pop();
    if (thrown) return { k: "code", t: thrown, b: (thrown === lines[0] ? lines.slice(1) : lines).join("\n") };
    // a caret under the first line points into the title: the whole text is the code
    var code = CODE_ERROR.test(text) || CARET.test(text), whole = code && CARET.test(lines[1] || "");
    return lines.length < 2 ? { k: "prose", t: text } : { k: code ? "code" : "text", t: whole ? "" : lines[0], b: (whole ? lines : lines.slice(1)).join("\n") };
  }
  /**
   * @param {string} message
   * @returns {Views.Child[]}
   */
  function errorView(message) {
    var read = errorKind(message);
    return [read.t ? el("p", null, read.t) : null, read.d !== undefined ? [auto(read.d), !!read.t && sentText(message)]
      : read.k === "code" ? textNode(/** @type {string} */ (read.b), 1) : read.b != null ? textView(read.b) : null];
  }

  /* ------------------------------------------------------------------ presentation */

  // Summary numbers lead: 2 to 8 numbers at the top of a result (or in an object named like a
  // summary) become stat tiles above the detail, short and formatted, each exact in its title;
  // the detail below shows the rest. The spec's present.headline names them instead.
  // (by its words: "customSummary", "totals", "kpis")
  var SUMMARY = /^(summary|totals?|stats|statistics|metrics|kpis?|overview)$/;
  /** Whether a number named like a count (count, total, n, size, length, …_count) is the length of
      a list beside it. @param {Set<number>} lengths the lists' lengths @param {string} key @param {unknown} value */
  var countOf = (lengths, key, value) => typeof value === "number" && lengths.has(value) && /^((count|total|n|size|length) ?)+$|(^| )count$/.test(P.words(key).join(" "));
  /**
   * The pointers of a record's numbers that can lead (not ids, years, codes).
   * @param {Views.Record} record @param {string} prefix the record's own pointer
   * @returns {string[]}
   */
  // (nor a count of a list beside it: {outputs: […], count: 2} says it by the list)
  var leadingNumbers = (record, prefix) => {
    var lengths = new Set(Object.values(record).filter(Array.isArray).map((list) => list.length));
    return Object.keys(record).filter((key) => typeof record[key] === "number" && !/^(plain|epoch|date|time)$/.test(lookOf(key, [record[key]]).f)
      && !countOf(lengths, key, record[key])).map((key) => prefix + escapeKey(key));
  };
  /**
   * The headline's pointers: the spec's, else the top-level numbers, else a summary object's.
   * @param {Views.Json | undefined} data
   * @param {Views.Present} present
   * @param {boolean} [pictured] the result shows an image: it leads, its numbers (a size, a dpi) are its facts
   * @returns {string[]}
   */
  function headlineOf(data, present, pictured) {
    if (Array.isArray(present.headline)) return present.headline.filter((pointer) => isScalar(at(data, pointer)) && at(data, pointer) != null).slice(0, 8);
    if (!isObj(data) || pictured || Object.values(data).some((value) => guess(value) === "image")) return []; // an image leads its own result
    // The numbers at the top lead unless they are a table's facts (its row count, the query's time).
    var top = Object.values(data).some((value) => Array.isArray(value) && value.length > 0 && !isShortScalarList(value)) ? [] : leadingNumbers(data, "");
    if (top.length > 1 && top.length < 9) return top;
    var key = Object.keys(data).find((name) => P.words(name).some((word) => SUMMARY.test(word)) && isObj(data[name])), inner = key ? leadingNumbers(/** @type {Views.Record} */ (data[key]), escapeKey(key)) : [];
    return inner.length > 1 && inner.length < 9 ? inner : [];
  }
  /**
   * The headline's tiles: each value short (63 412 → "63.4K", money with its currency), below it
   * its label: the compiled one (a schema's title, its unit: "Temperature (°C)"), else its key's.
   * @param {Views.Json | undefined} data @param {string[]} pointers @param {{ [pointer: string]: string }} labels
   * @returns {HTMLElement | null}
   */
  function tiles(data, pointers, labels) {
    if (!pointers.length) return null;
    var box = el("div", { class: "tiles" }, pointers.map((pointer) => {
      var key = unescapeToken(pointer.split("/").pop() || ""), value = at(data, pointer), holder = at(data, pointer.replace(/\/[^/]*$/, ""));
      var look = lookOf(key, [value], holder), shown = (typeof value === "number" && P.node(value, look, true)) || val(value, undefined, null, key);
      return el("div", { class: "tile" }, el("div", { class: "tile-v" }, shown), el("div", { class: "tile-k" }, labels[pointer] || labelled(human(key), look)));
    }));
    // tiles as wide as their longest short value needs ("42.195 km": present.css --tile)
    var longest = Math.max(...Array.from(box.querySelectorAll(".tile-v"), (tile) => (tile.textContent || "").length));
    if (longest > 7 && longest < 16) box.style.setProperty("--tile", Math.round(longest * 13.5 + 28) + "px");
    return box;
  }
  /**
   * The compiled labels of a typed result's record fields, by their pointer in the data.
   * @param {Views.ViewNode} node @param {{ [pointer: string]: string }} [out]
   * @returns {{ [pointer: string]: string }}
   */
  function labelsOf(node, out) {
    out = out || {};
    if (node.type === "KeyValue") /** @type {Views.Column[]} */ (node.props.fields || []).forEach((field) => { if (field.label) out[(node.props.bind || "") + field.pointer] = field.label; });
    (node.children || []).forEach((child) => { labelsOf(child, out); });
    return out;
  }
  /**
   * The data without what its headline shows (a summary object left empty goes too).
   * @param {Views.Json | undefined} data @param {string[]} pointers
   * @returns {Views.Json | undefined}
   */
  function withoutHeadline(data, pointers) {
    if (!isObj(data) || !pointers.length) return data;
    var rest = Object.assign({}, data);
    pointers.forEach((pointer) => {
      var tokens = pointer.split("/").slice(1).map(unescapeToken), inner = rest[tokens[0]];
      if (tokens.length === 1) delete rest[tokens[0]];
      else if (tokens.length === 2 && isObj(inner)) { inner = rest[tokens[0]] = Object.assign({}, inner); delete inner[tokens[1]]; if (!Object.keys(inner).length) delete rest[tokens[0]]; }
    });
    return rest;
  }
  /**
   * The currency a result names: a currency field of its data (at the top or one level down), else a
   * symbol or a code written before or after an amount in its text.
   * @param {Views.Json | undefined} data @param {string} text
   * @returns {string}
   */
  function currencyIn(data, text) {
    var found = P.currencyOf(data);
    if (!found && isObj(data)) Object.values(data).some((inner) => (found = P.currencyOf(inner)));
    var written = /([$€£¥₹])\s?\d|\d\s?(USD|EUR|GBP|JPY|CHF|CAD|AUD)\b|\b(USD|EUR|GBP|JPY|CHF|CAD|AUD)\s?\d/.exec(text.slice(0, 4000));
    return found || (written ? written[1] || written[2] || written[3] : "");
  }
  /**
   * The spec's formats by the key each names (a pointer's last token).
   * @param {Views.Present["formats"]} formats
   * @returns {{ [key: string]: Present.Given }}
   */
  function formatsByKey(formats) {
    /** @type {{ [key: string]: Present.Given }} */
    var out = {};
    (formats || []).forEach((given) => { out[unescapeToken(given.field.split("/").pop() || "")] = given; });
    return out;
  }

  /**
   * A tool result into box: an error's message; or its parts in the order the spec's
   * present.sections asks (by default the headline, the data in the server's layout or its
   * AutoView, then the content blocks not already shown, a text that restates the data folded).
   * @param {HTMLElement} box
   * @param {Views.ToolResult} result
   * @param {Views.ViewNode | null | undefined} resultView
   * @param {Views.RenderContext} context
   */
  function render(box, result, resultView, context) {
    ctx = context;
    locale = P.locale = (context.hostContext || {}).locale || undefined;
    P.reset();
    var content = Array.isArray(result.content) ? result.content : [], data = result.structuredContent, props = resultView && resultView.props;
    var present = /** @type {Views.Present} */ ((props && props.present) || {});
    current = { content: content };
    var message = content.filter((block) => isObj(block) && block.type === "text").map((block) => String(block.text)).join("\n") || M.errorUntold;
    // (the Python SDK's wrapper, "Error executing tool <name>: …", says what the box and the page
    // say: the cause alone, the text as sent one click away)
    var cause = message.replace(/^Error executing tool [^\s:]+: (?=\S)/, "");
    if (result.isError) return box.append(el("div", { class: "alert alert-error", role: "alert" }, el("strong", null, M.error), errorView(cause), cause !== message && sentText(message)));
    // A result whose one content block is a text of data (JSON, a Python literal) is that data;
    // several texts, each a record (webcal's events, one a block), a number or a tuple (a list
    // sent an item a block: a sequence, pairs), are the list of them.
    var texts = content.every((block) => isObj(block) && block.type === "text") ? content.map((block) => String(/** @type {Views.Record} */ (block).text)) : [];
    var json = data === undefined ? texts.map(parseJson) : [], read = json.map((value, i) => value === undefined ? pythonLiteral(texts[i]) : value);
    // (a number a block, each as it is written: not "007", "1.50" nor past 2^53, which stay text)
    if (json.length > 1 && texts.every((text) => /^-?\d+(\.\d+)?$/.test(text.trim()) && String(+text) === text.trim() && Number.isSafeInteger(Math.trunc(+text)))) json = read = texts.map(Number);
    /** @type {((value: unknown) => boolean)[]} */
    var listed = [isObj, (value) => typeof value === "number", (value) => Array.isArray(value) && value.length > 1 && value.length === /** @type {unknown[]} */ (read[0]).length && value.every(isScalar)];
    var only = read.length === 1 ? read[0] : read.length > 1 && listed.some((kind) => read.every(kind)) ? /** @type {Views.Json[]} */ (read) : undefined;
    var shown = data !== undefined ? data : only;
    presentContext = { formats: formatsByKey(present.formats), currency: currencyIn(shown, message) };
    idNames = namesOf(shown);
    chartPlace = present.chart || "first";
    var headline = leading = headlineOf(shown, present, content.some((block) => isObj(block) && block.type === "image")), typed = data !== undefined && props && props.source !== "content";
    /** @type {{ [section: string]: Views.Child }} */
    var parts = { headline: tiles(shown, headline, typed ? labelsOf(/** @type {Views.ViewNode} */ (resultView)) : {}) };
    // (a small result shows whole, no part of it behind a click: 3 000 characters of JSON at most)
    if (typed) { var laidOut = document.createDocumentFragment(); parts.data = whole(/** @type {Views.Json} */ (data), 3e3, () => (fillLayout(laidOut, /** @type {Views.ViewNode} */ (resultView), /** @type {Views.Json} */ (data)), laidOut)); }
    else if (shown !== undefined) { var rest = withoutHeadline(shown, headline); parts.data = isObj(rest) && !Object.keys(rest).length ? null : whole(/** @type {Views.Json} */ (rest), 3e3, () => auto(rest)); }
    // The text blocks usually repeat the data as JSON; the rest shows unless a view already did.
    if (!current.shown && only === undefined) parts.text = unshownBlocks(content, data, present.text !== "show");
    else if (only !== undefined && json.some((value) => value === undefined)) parts.text = sentText(message); // a Python literal's text
    (present.sections || []).concat(["headline", "chart", "data", "text"]).forEach((section) => { elAdd(box, parts[section]); delete parts[section]; });
  }

  return {
    get scope() { return scope; }, render: render, NODES: NODES, at: at, formatNumber: num, formatDate: date, isRecord: isObj, look: lookOf, keyOf: keyOf,
    autoView: auto, table: table, kind: kind, keyValue: kv, columnsOf: cols, list: list, value: val, image: image,
    jsonBlock: jsonBlock, text: { human: human, guess: guess, pythonLiteral: pythonLiteral, sections: sectionsOf, written: writtenDate, selected: selected, points: pointSeries, terminal: terminal, lines: linesText, restates: restates, error: errorKind, headline: headlineOf, currency: currencyIn }
  };
})();
