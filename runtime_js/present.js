/* compile-ui presentation (issue 49): how a value of a result looks, never what a person can get
   at. Concatenated after runtime.js, before views.js, in every page that shows a result; pure
   rules on values and key names (no DOM but the one node builder at the end), unit-tested under
   node (tests/js/unit/present.test.mjs).

   A value's look ("a look": Present.Look, short keys: the minifier keeps property names) is
   decided once per column (a table's, or a record's one value):
     f  the kind: "number" | "money" | "percent" | "bytes" | "duration" | "compact" | "colour" |
        "plain" (and "date", "time", "badge", "epoch": an instant in epoch s or ms: the views' own)
     d  the fraction digits every number of the column gets (the precision the column needs:
        no binary noise, at most ~6 significant digits)
     c  money's currency: an ISO 4217 code ("USD") or a symbol ("$"); none: a plain amount
     u  the unit the number is in: "ratio" | "points" (percent), "ms" | "s" | "min" | "h"
        (duration), "B" | "KB" | "MB" | "GB" (bytes)
   The kind comes from the spec (the result view's present.formats: by key name, wherever the
   result holds that key), else from the key's words and the values (the same table as
   compiler/layout's, for data without a schema). The exact value is always one hover away (the
   node's title) and stays whole in the raw JSON, the CSV and what the model is told.

   CU.present (types: types/present.d.ts):
     look(key, values, context)   the look of a column of values under key
     text(value, look, compact)   a value as that look writes it ("" when it cannot: shown as is)
     node(value, look, compact)   the same as a text node, or a span titled with the exact value
     words(key)                   a key's words, lower case ("totalRevenueUSD" → total, revenue, usd)
     decimals(values)             the fraction digits a column of numbers needs
     currencyOf(record)           the currency a record names (a currency field's code or symbol)
     colour(value)                a CSS colour written as data (#rgb, #rrggbb, rgb(…), hsl(…)), or ""
     instant(value)               whether a number can be an instant (epoch s or ms, 2001 to 2096)
     least(values), most(values)  the extremes of numbers, by a loop (no spread's argument limit)
     label(text, look)            a label without its last word when the look writes that unit
     locale                       the host's locale (set by views.js for each result) */
CU.present = (() => {
  var api = { locale: /** @type {string | undefined} */ (undefined) };
  // Words of a key that make its numbers a kind. An identifier's word wins over all (a price_id
  // is an id), then percent (a revenue_growth is a growth), then the others.
  var ID = /^(id|ids|uuid|code|year|zip|port|pid|no|number|index|idx|rank|key|hash|sha|version)$/;
  // Counts: numbers of things, never money nor a percentage ("users_count", "num_orders").
  var COUNT = /^(count|counts|num|qty|quantity|users|customers|orders|items|rows|total_count)$/;
  var PERCENT = /^(percent|percentage|pct|share|margin|churn|retention|utilization|utilisation|probability|conversion|growth|rate|ratio)$/;
  // Points, not ratios: 25 is 25 %, whatever the values.
  var POINTS = /^(percent|percentage|pct)$/;
  // Only as a share of one (0.25 is 25 %): a heart rate or an aspect ratio is not a percentage.
  var RATIO_ONLY = /^(rate|ratio)$/;
  var MONEY = /^(price|cost|revenue|amount|budget|balance|fee|salary|mrr|arr|income|profit|spend|spent|sale|payment|payout|subtotal|capex|opex|cash|ebitda|earning|usd|eur|gbp|dollar|euro)s?$/;
  // A currency's ISO 4217 code as a key's last word ("revenue_nok", "price_chf"): money in it.
  var CODE = /^(usd|eur|gbp|jpy|chf|cad|aud|nzd|sek|nok|dkk|isk|pln|czk|huf|cny|inr|brl|mxn|zar|krw|sgd|hkd)$/;
  var BYTES = /^(bytes|byte|filesize)$/;
  var MEMORY = /^(memory|mem|disk|rss|heap)$/;
  var SIZE_UNITS = /^(b|kb|kib|mb|mib|gb|gib)$/;
  var DURATION = /^(duration|elapsed|latency|uptime|runtime|took|timeout)$/;
  var TIME_UNITS = /^(ms|millis|milliseconds|sec|secs|seconds|min|mins|minutes|hours|hrs)$/;
  // A 0/1 column named as a yes/no (a table's pk, notnull; is_active, has_children): a flag.
  var FLAG = /^(pk|notnull|not null|nullable|unique|primary|primary key|required|enabled|disabled|active|deleted|hidden|visible|(is|has) \w+( \w+)?)$/;
  // Instants written as epoch seconds or milliseconds (a file's mtime, a record's created_at):
  // by a word of the key, and every value from 2001 to 2096 (1e9 to 4e9 s, 1e12 to 4e12 ms).
  var EPOCH = /^(created|modified|updated|changed|deleted|timestamp|ts|time|mtime|ctime|atime|birthtime|date|since|until|expires|expiry|seen|started|finished)$/;
  /** @type {{ [word: string]: string }} */
  var UNIT_OF = { ms: "ms", millis: "ms", milliseconds: "ms", sec: "s", secs: "s", seconds: "s", min: "min", mins: "min", minutes: "min", hours: "h", hrs: "h",
    b: "B", kb: "KB", kib: "KB", mb: "MB", mib: "MB", gb: "GB", gib: "GB" };
  /** @type {{ [code: string]: string }} the symbols written for a code in English (others: the code) */
  var SYMBOL = { USD: "$", EUR: "€", GBP: "£", JPY: "¥", CNY: "¥", INR: "₹", KRW: "₩" };
  var COLOUR = /^(#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|(rgb|hsl)a?\(\s*[\d.]+%?\s*,?\s*[\d.]+%?\s*,?\s*[\d.]+%?\s*([,/]\s*[\d.]+%?\s*)?\))$/i;
  var ENGLISH = /^en(-US|-GB)?$/;

  /** @param {string} key @returns {string[]} */
  function words(key) {
    return (String(key).match(/[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+/g) || []).map((word) => word.toLowerCase());
  }
  /** @param {unknown} value @returns {value is number} */
  var isNumber = (value) => typeof value === "number" && isFinite(value);
  /** A number that can be an instant: epoch seconds or milliseconds from 2001 to 2096. @param {number} value */
  var instant = (value) => (value >= 1e9 && value < 4e9) || (value >= 1e12 && value < 4e12);
  /** The least and the most of numbers, by a loop: Math.min(...values) throws past ~100 000
      values, and a result's column can hold millions. @param {number[]} values */
  var least = (values) => values.reduce((low, value) => (value < low ? value : low), Infinity);
  /** @param {number[]} values */
  var most = (values) => values.reduce((high, value) => (value > high ? value : high), -Infinity);

  /**
   * The fraction digits a column of numbers needs: each number's own (its binary noise gone: 12
   * significant digits), at most what ~4 significant digits of the column's largest take (2
   * past 1 000, 3 from 1, more below 1), never more than 6.
   * @param {unknown[]} values
   * @returns {number}
   */
  function decimals(values) {
    var digits = 0, largest = 0;
    values.forEach((value) => {
      if (!isNumber(value)) return;
      largest = Math.max(largest, Math.abs(value));
      var fraction = /\.(\d+)$/.exec(String(+value.toPrecision(12)));
      digits = Math.max(digits, fraction ? fraction[1].length : 0);
    });
    var cap = largest >= 1000 ? 2 : largest >= 1 ? 3 : largest > 0 ? Math.min(6, 3 - Math.floor(Math.log10(largest))) : 0;
    return Math.min(digits, cap);
  }

  /**
   * The currency a record names: a field named currency (or currency_code, currencySymbol…) whose
   * value is a code of three capitals or a symbol.
   * @param {unknown} record
   * @returns {string}
   */
  function currencyOf(record) {
    if (!record || typeof record !== "object" || Array.isArray(record)) return "";
    var found = "";
    Object.keys(record).forEach((key) => {
      var value = /** @type {{ [key: string]: unknown }} */ (record)[key];
      if (words(key)[0] === "currency" && typeof value === "string" && /^([A-Z]{3}|[$€£¥₹₩])$/.test(value.trim()) && (!found || found.length > 1)) found = value.trim();
    });
    return found;
  }

  /**
   * The look of a column of values under key.
   * @param {string} key the key (or column name)
   * @param {unknown[]} values the column's values
   * @param {Present.Context} [context] the spec's formats by key name, the currency around
   * @returns {Present.Look}
   */
  function look(key, values, context) {
    var numbers = values.filter(isNumber), given = context && context.formats && context.formats[key];
    var all = words(key), kind = "number", unit = "";
    var ratio = numbers.length > 0 && numbers.every((value) => Math.abs(value) <= 1);
    if (given) { kind = given.format; unit = given.unit || ""; }
    else if (!numbers.length || numbers.length < values.filter((value) => value != null).length) return { f: "" };
    else if (FLAG.test(all.join(" ")) && numbers.every((value) => value === 0 || value === 1)) kind = "flag";
    else if (all.some((word) => ID.test(word)) && numbers.every(Number.isInteger)) kind = "plain";
    else if (all.some((word) => COUNT.test(word))) kind = "number";
    else if ((all.some((word) => EPOCH.test(word)) || (all.length > 1 && all[all.length - 1] === "at")) && numbers.every(instant)) kind = "epoch";
    else if (all.some((word) => POINTS.test(word))) { kind = "percent"; unit = "points"; }
    else if (all.some((word) => PERCENT.test(word) && (!RATIO_ONLY.test(word) || ratio))) kind = "percent";
    else if (all.some((word) => MONEY.test(word)) || (all.length > 1 && CODE.test(all[all.length - 1]))) kind = "money";
    else if (all.some((word) => BYTES.test(word)) || (all.some((word) => MEMORY.test(word)) && numbers.every(Number.isInteger))) kind = "bytes";
    // (a statistic's "min" alone is its minimum, not minutes)
    else if (all.some((word) => DURATION.test(word)) || (TIME_UNITS.test(all[all.length - 1]) && all.join() !== "min")) kind = "duration";
    if (kind === "percent" && !unit) unit = ratio ? "ratio" : "points";
    // (a first "min" is a minimum's: min_latency is no count of minutes)
    if ((kind === "bytes" || kind === "duration") && !unit) unit = UNIT_OF[all.filter((word, i) => SIZE_UNITS.test(word) || (TIME_UNITS.test(word) && (i || word !== "min"))).pop() || ""] || (kind === "bytes" ? "B" : "s");
    var currency = (given && given.currency) || (all.length > 1 && CODE.test(all[all.length - 1]) ? all[all.length - 1].toUpperCase() : "") || (context && context.currency) || "";
    var scaled = kind === "percent" && unit === "ratio" ? numbers.map((value) => value * 100) : numbers;
    // Money: cents while they matter (no cents on whole amounts, nor past ten thousand).
    var digits = kind === "percent" ? Math.min(1, decimals(scaled)) : kind === "money" ? (numbers.every((value) => Number.isInteger(value) || Math.abs(value) >= 1e4) ? 0 : 2) : decimals(numbers);
    // (minutes and hours under a hundred of them, in their unit: a crossing of 60.2 min is not "1 h")
    var the = { f: kind, d: digits, c: kind === "money" ? currency : "", u: unit, o: kind === "duration" && /^(min|h)$/.test(unit) && numbers.every((value) => Math.abs(value) < 100) ? 1 : 0 };
    return numbers.some((value) => Math.abs(value) >= 1e4) && numbers.some((value) => Math.abs(value) < 1e4) ? Object.assign(the, { g: 1 }) : the;
  }

  // Intl formatters are costly to build: one per kind, per rendered result (views.js empties
  // them when the locale may have changed); a locale Intl refuses writes numbers as String does.
  /** @type {{ [kind: string]: { format(value: number): string } }} */
  var formatters = {};
  /**
   * @param {string} kind
   * @param {() => { format(value: number): string }} make
   */
  function formatter(kind, make) {
    try { return formatters[kind] || (formatters[kind] = make()); } catch (e) { return formatters[kind] = { format: (value) => String(value) }; }
  }
  /**
   * A number with d fraction digits (-1: every digit it has, never rounded), grouped from 10 000
   * ("1040", "709,037", "$1413.50": the views' one way, money too), or from 1 000 (g: a column
   * whose numbers pass ten thousand groups them all alike). English is written here, the same text as Intl's
   * (tests/js/unit/views.test.mjs holds it to Intl): the first Intl formatter of a page costs ~20
   * ms (its locale's data, loaded once per process, and a host's frame is a new process at every
   * load), and the result's numbers would wait for it. Other locales, and what String writes with
   * an exponent or past 20 fraction digits (Intl's most), by Intl.
   * @param {number} value @param {number} d @param {number} [g]
   * @returns {string}
   */
  function grouped(value, d, g) {
    var text = d < 0 ? String(Math.abs(value)) : Math.abs(value).toFixed(d), whole = text.replace(/\..*/, "");
    if (ENGLISH.test(api.locale || navigator.language) && !/e|\.\d{21}/.test(text) && !Object.is(value, -0)) {
      return (value < 0 && +text ? "-" : "") + (whole.length > (g ? 3 : 4) ? whole.replace(/\B(?=(\d{3})+$)/g, ",") : whole) + text.slice(whole.length);
    }
    return formatter("g" + d + (g ? "," : ""), () => new Intl.NumberFormat(api.locale, /** @type {Intl.NumberFormatOptions} */ (/** @type {unknown} */ ({ minimumFractionDigits: Math.max(d, 0), maximumFractionDigits: d < 0 ? 20 : d, useGrouping: g ? "always" : "min2" })))).format(value);
  }
  /**
   * A number written short: 63 412 → "63.4K", 2 500 000 → "2.5M" (three significant digits).
   * @param {number} value
   * @returns {string}
   */
  function short(value) {
    var size = Math.abs(value), steps = [[1e12, "T"], [1e9, "B"], [1e6, "M"], [1e3, "K"]];
    var step = steps.find((pair) => size >= /** @type {number} */ (pair[0]) * 0.9995);
    if (!step) return grouped(value, Math.min(decimals([value]), size >= 100 ? 0 : size >= 10 ? 1 : 2));
    var scaled = +(value / /** @type {number} */ (step[0])).toPrecision(3);
    return grouped(scaled, decimals([scaled])) + step[1];
  }
  /**
   * Money: the currency's symbol before the amount (a code after it, where English has no symbol).
   * @param {number} value @param {Present.Look} the @param {boolean} [compact]
   */
  function money(value, the, compact) {
    var code = the.c || "", symbol = code.length === 1 ? code : SYMBOL[code] || "";
    var amount = compact ? short(Math.abs(value)) : grouped(Math.abs(value), /** @type {number} */ (the.d), the.g);
    return (value < 0 ? "-" : "") + (symbol ? symbol + amount : amount + (code ? " " + code : ""));
  }
  /** Bytes in binary units: 25 276 510 208 → "23.5 GiB". @param {number} value @param {string} unit */
  function bytes(value, unit) {
    var size = value * Math.pow(1024, ["B", "KB", "MB", "GB"].indexOf(unit)), names = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"], i = 0;
    while (Math.abs(size) >= 1024 && i < names.length - 1) { size /= 1024; i++; }
    return grouped(size, i && Math.abs(size) < 100 ? 1 : 0) + " " + names[i];
  }
  /** A duration as a person says it: "450 ms", "3.2 s", "12 min 5 s", "1 h 12 min", "3 d 4 h". @param {number} value @param {string} unit */
  function duration(value, unit) {
    var ms = value * ({ ms: 1, s: 1e3, min: 6e4, h: 36e5 }[unit] || 1e3), sign = ms < 0 ? "-" : "";
    ms = Math.abs(ms);
    if (!ms) return "0 " + (unit || "s"); // (nothing, in the column's own unit: "0 min", not "0 ms")
    if (ms < 1e3) return sign + grouped(ms, ms < 10 ? Math.min(2, decimals([ms])) : 0) + " ms";
    if (ms < 6e4) return sign + grouped(ms / 1e3, ms < 1e4 ? Math.min(2, decimals([ms / 1e3])) : 1).replace(/\.0$/, "") + " s";
    /** @type {[number, string][]} */
    var parts = [[864e5, "d"], [36e5, "h"], [6e4, "min"], [1e3, "s"]], shown = [];
    for (var i = 0; i < parts.length && shown.length < 2; i++) {
      var count = Math.floor(ms / parts[i][0]);
      if (count || shown.length) { shown.push(count + " " + parts[i][1]); ms -= count * parts[i][0]; }
    }
    return sign + shown.filter((part) => !/^0 /.test(part)).join(" ");
  }
  /** @param {unknown} value @returns {string} a CSS colour written as data, or "" */
  var colour = (value) => typeof value === "string" && COLOUR.test(value.trim()) ? value.trim() : "";

  /**
   * A number as its look writes it; "" when the look has none for it (the views write it then).
   * @param {unknown} value
   * @param {Present.Look} the
   * @param {boolean} [compact] short (a headline's tile): 63 412 → "63.4K"
   * @returns {string}
   */
  function text(value, the, compact) {
    if (!isNumber(value) || !the.f || the.f === "plain" || the.f === "epoch") return "";
    var d = /** @type {number} */ (the.d || 0);
    switch (the.f) {
      case "flag": return value ? M.yes : M.no;
      case "money": return money(value, the, compact);
      case "percent": return grouped(the.u === "ratio" ? value * 100 : value, compact ? Math.min(d, 1) : d, the.g) + "%";
      case "bytes": return bytes(value, the.u || "B");
      case "duration": return the.o ? grouped(value, d) + " " + the.u : duration(value, the.u || "s");
      case "compact": return short(value);
      default: var shown = compact && Math.abs(value) >= 1e4 ? short(value) : Math.abs(value) >= 1e15 || (value && Math.abs(value) < 1e-6) ? "" : grouped(value, d, the.g);
        return shown && the.u ? shown + " " + the.u : shown;
    }
  }
  /**
   * A label without its last word where that word is the unit the look writes beside each value
   * ("Free bytes" over "23.0 GiB", "Timeout in seconds" over "30 s", "Growth pct" over "26.8%",
   * "Revenue NOK" over "150,000.00 NOK"); a label of one word stays as it is, and so does "min"
   * (a minute, or a minimum: "Score min" beside "Score max").
   * @param {string} text @param {Present.Look | undefined} the @returns {string}
   */
  function label(text, the) {
    var last = /\s(\S+)$/.exec(text), word = last ? last[1].toLowerCase() : "", said = the && UNIT_WORDS[the.f];
    var short = the && said && said(word, the) ? text.slice(0, -word.length).trim().replace(/\s+(in|of|per)$/i, "") : text;
    return short || text;
  }
  /** @type {{ [kind: string]: (word: string, the: Present.Look) => boolean }} which last word each look already writes */
  var UNIT_WORDS = {
    bytes: (word) => BYTES.test(word) || SIZE_UNITS.test(word),
    duration: (word) => TIME_UNITS.test(word) && !/^mins?$/.test(word),
    percent: (word) => word === "pct",
    money: (word, the) => word.toUpperCase() === the.c
  };
  /**
   * A value shown by its look: its text, titled with the exact value when the two differ (so the
   * exact value is always in reach); "" when the look writes nothing for it.
   * @param {unknown} value @param {Present.Look} the @param {boolean} [compact]
   * @returns {HTMLElement | string}
   */
  function node(value, the, compact) {
    var shown = text(value, the, compact);
    return shown && shown !== String(value) ? el("span", { title: String(value) }, shown) : shown;
  }
  return Object.assign(api, { look: look, label: label, text: text, node: node, instant: instant, least: least, most: most, words: words, decimals: decimals, currencyOf: currencyOf, colour: colour, formatter: formatter, reset: () => { formatters = {}; } });
})();
