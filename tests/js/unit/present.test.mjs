// How a result's values look (present.js, issue 49): the look of a column decided from its key's
// words and its values (or the spec's format), and each look's text — on the shipped bytes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./harness.mjs";

const { CU } = load("runtime", "present");
const P = CU.present;
P.locale = "en-GB";
/** The text of each value in one look: the look of the column they make together. */
const column = (key, values, context) => { const look = P.look(key, values, context); return values.map((v) => P.text(v, look)); };
const one = (key, value, context) => P.text(value, P.look(key, [value], context));
const kind = (key, values, context) => P.look(key, values, context).f;

test("decimals: the precision a column needs, its binary noise gone, ~4 significant digits at most", () => {
  assert.equal(P.decimals([2906.5999999999985]), 1);
  assert.equal(P.decimals([46566.150749999986]), 2);
  assert.equal(P.decimals([17.142857142857]), 3);
  assert.equal(P.decimals([0.7902593178720012]), 4);
  assert.equal(P.decimals([0.000123456]), 6);
  assert.equal(P.decimals([12, 15, 9]), 0);
  assert.equal(P.decimals([1.5, 2.25, "x", null]), 2);
});

test("numbers: one look per column, the same decimals in each row, no noise", () => {
  assert.deepEqual(column("value", [2906.5999999999985, 12]), ["2906.6", "12.0"]);
  assert.deepEqual(column("mean", [17.142857142857]), ["17.143"]);
  assert.deepEqual(column("total", [25276510208, 1]), ["25,276,510,208", "1"]);
  assert.equal(one("x", -0.5), "-0.5");
  assert.equal(one("x", 1e20), "", "past 15 digits the views write every digit");
  // grouped from ten thousand, or from a thousand in a column that passes ten thousand: alike in every row
  assert.deepEqual(column("units", [9870, 1040, 12]), ["9870", "1040", "12"]);
  assert.deepEqual(column("units", [12450, 9870.75]), ["12,450.00", "9,870.75"]);
  assert.deepEqual(column("price", [12450.5, 9870.75, 5]), ["12,450.50", "9,870.75", "5.00"], "money alike");
  assert.deepEqual(column("price", [12450.5, 9870.75], { currency: "USD" }), ["$12,450.50", "$9,870.75"]);
  assert.deepEqual(column("share", [0.5, 0.25]).concat(column("delay ms", [12000, 450])), ["50%", "25%", "12 s", "450 ms"]);
});

test("ids, years and codes are plain; counts are numbers, never money", () => {
  assert.equal(kind("invoice_id", [12345]), "plain");
  assert.equal(kind("fiscalYear", [2026]), "plain");
  assert.equal(kind("price_id", [3]), "plain");
  assert.equal(kind("order_count", [1200]), "number");
  assert.equal(kind("num_sales", [12]), "number");
});

test("money: by its name; its currency from the spec, a field beside it, or the result", () => {
  assert.equal(kind("totalRevenue", [1.5]), "money");
  assert.equal(kind("mrr", [63412]), "money");
  assert.equal(one("price", 12.5), "12.50", "no currency known: an amount");
  assert.equal(one("budget", 100000, { currency: "USD" }), "$100,000");
  assert.equal(one("budget", 1234.5, { currency: "EUR" }), "€1234.50");
  assert.equal(one("cost", 99, { currency: "CHF" }), "99 CHF");
  assert.equal(one("cost", -5.25, { currency: "$" }), "-$5.25");
  // a currency's code as the key's last word: money in it, whatever the result's currency
  assert.deepEqual(column("revenue_nok", [150000, 9870.5]), ["150,000.00 NOK", "9,870.50 NOK"]);
  assert.equal(one("priceUsd", 12.5, { currency: "EUR" }), "$12.50");
  assert.equal(kind("max_try", [3]), "number", "not every three letters are a currency");
  assert.equal(kind("NOK", [0.0079]), "number", "a rate under a code alone (an exchange rate's table) is no amount");
  const given = { formats: { amount: { format: "money", currency: "GBP" } } };
  assert.equal(one("amount", 7, given), "£7");
  assert.equal(P.text(63412.5, P.look("mrr", [63412.5], { currency: "USD" }), true), "$63.4K", "short in a headline");
  assert.equal(P.currencyOf({ amount: 3, currency: "USD" }), "USD");
  assert.equal(P.currencyOf({ amount: 3, currency_symbol: "$" }), "$");
  assert.equal(P.currencyOf({ amount: 3, currency: "dollars" }), "");
});

test("percent: a ratio of one or points, by name; a rate or ratio only as a share of one", () => {
  assert.deepEqual(column("retention", [1, 0.8647524082550365]), ["100.0%", "86.5%"]);
  assert.equal(one("growth_rate", 51.10686573463603), "51.1%");
  assert.equal(one("retained_pct", 86), "86%");
  assert.equal(one("cpu_percent", 0.5), "0.5%", "pct and percent are points");
  assert.equal(kind("heart_rate", [72]), "number");
  assert.equal(kind("aspect_ratio", [1.78]), "number");
  assert.equal(kind("conversion_rate", [0.031]), "percent");
  assert.equal(kind("revenue_growth", [0.12]), "percent", "a growth of revenue is a percentage, not money");
});

test("bytes in binary units; a unit in the name is the number's", () => {
  assert.equal(one("total_bytes", 25276510208), "23.5 GiB");
  assert.equal(one("bytes", 512), "512 B");
  assert.equal(one("memory_mb", 2048), "2.0 GiB");
  assert.equal(one("heap", 1536), "1.5 KiB");
  assert.equal(kind("size", [1024]), "number", "a size alone is not bytes (a cohort's size)");
});

test("durations as a person says them; a unit in the name is the number's", () => {
  assert.equal(one("duration_ms", 450), "450 ms");
  assert.equal(one("elapsed_seconds", 3.25), "3.25 s");
  assert.equal(one("uptime", 4320), "1 h 12 min");
  assert.equal(one("uptime", 90061), "1 d 1 h");
  assert.equal(one("latency_ms", 12.5), "13 ms");
  assert.equal(kind("min", [9]), "number", "a statistic's min is its minimum, not minutes");
  assert.equal(kind("timeout_min", [5]), "duration");
  assert.equal(one("min_latency", 12), "12 s", "a first min is a minimum's, not the unit");
  // minutes and hours under a hundred of them stay in their unit (60.2 min was "1 h", its 12 s lost)
  assert.deepEqual(column("crossing_minutes", [60.2, 61.5, 62]), ["60.2 min", "61.5 min", "62.0 min"]);
  assert.equal(one("flight_hours", 1.25), "1.25 h");
  assert.deepEqual(column("wait_min", [30, 150]), ["30 min", "2 h 30 min"], "past a hundred: as a person says it");
  assert.equal(one("seconds", 640.47), "10 min 40 s", "an uptime's seconds");
  assert.deepEqual(column("delay_min", [0, 1, 2]), ["0 min", "1 min", "2 min"], "nothing in the column's own unit, not '0 ms'");
  assert.equal(one("uptime", 0), "0 s");
});

test("instants in epoch seconds or ms, by a word of the key and every value from 2001 to 2096", () => {
  // tree-sitter's file metadata, git-node's log, a record's created_at (s and ms)
  for (const [key, values] of [["last_modified", [1795162500]], ["created", [1795591385.0042143]], ["timestamp", [1795162500, 1795000000]],
    ["createdAt", [1795162500123]], ["last_scan_time", [1795162500]], ["mtime", [1e9]]]) assert.equal(kind(key, values), "epoch", key);
  assert.equal(one("created_at", 1795162500), ""); // the views draw it (as the time it is)
  // not a time's word, not every value an instant, an id, a duration, a count
  for (const [key, values] of [["size", [1795162500]], ["created", [1795162500, 12]], ["created", [5e9]], ["timestamp", [999999999]],
    ["created_by_id", [1795162500]], ["response_time_ms", [1250]], ["uptime", [1795162500]], ["seen_count", [1795162500]]]) assert.notEqual(kind(key, values), "epoch", key);
});

test("a format the spec gives wins over the name", () => {
  const formats = { score: { format: "percent", unit: "points" }, size: { format: "bytes", unit: "KB" }, wait: { format: "duration", unit: "ms" } };
  assert.equal(one("score", 42, { formats }), "42%");
  assert.equal(one("size", 2048, { formats }), "2.0 MiB");
  assert.equal(one("wait", 1500, { formats }), "1.5 s");
  assert.equal(one("n", 1234567, { formats: { n: { format: "compact" } } }), "1.23M");
  assert.equal(one("price", 5, { formats: { price: { format: "plain" } } }), "", "plain: written as it is");
});

test("short numbers for headlines: three significant digits and a suffix", () => {
  const short = (v) => P.text(v, { f: "compact" });
  assert.equal(short(63412), "63.4K");
  assert.equal(short(100000), "100K");
  assert.equal(short(2500000), "2.5M");
  assert.equal(short(999999), "1M");
  assert.equal(short(-1234), "-1.23K");
  assert.equal(short(12.5), "12.5");
});

test("colours written as data are recognised; anything else is not", () => {
  assert.equal(P.colour("#3b82f6"), "#3b82f6");
  assert.equal(P.colour(" #FFF "), "#FFF");
  assert.equal(P.colour("rgb(59, 130, 246)"), "rgb(59, 130, 246)");
  assert.equal(P.colour("hsl(217 91% 60%)"), "hsl(217 91% 60%)");
  assert.equal(P.colour("red; background: url(x)"), "");
  assert.equal(P.colour("#12"), "");
  assert.equal(P.colour(255), "");
});

test("node: the exact value in the title whenever the text differs", () => {
  const look = P.look("retention", [0.8647524082550365]);
  const node = P.node(0.8647524082550365, look);
  assert.equal(node.textContent, "86.5%");
  assert.equal(node.title, "0.8647524082550365");
  assert.equal(P.node(5, P.look("n", [5])), "5", "written as it is: no title needed");
});

test("words of a key", () => {
  assert.deepEqual(Array.from(P.words("totalRevenueUSD")), ["total", "revenue", "usd"]);
  assert.deepEqual(Array.from(P.words("memory_mb")), ["memory", "mb"]);
  assert.deepEqual(Array.from(P.words("Month 1")), ["month", "1"]);
});

test("label: a label's last word goes where its value already says that unit; a word of its own stays", () => {
  const said = (label, key, value) => P.label(label, P.look(key, [value]));
  assert.equal(said("Free bytes", "freeBytes", 24682225664), "Free");
  assert.equal(one("freeBytes", 24682225664), "23.0 GiB");
  assert.equal(said("Delay minutes", "delay_minutes", 12), "Delay");
  assert.equal(said("Delay min", "delay_min", 12), "Delay min", "min may be a minimum: kept");
  assert.equal(said("Score min", "score_min", 1), "Score min");
  assert.equal(said("Timeout in seconds", "timeout_in_seconds", 30), "Timeout", "no connector left hanging");
  assert.equal(said("Size in bytes", "size_in_bytes", 2048), "Size");
  assert.equal(said("Latency ms", "latency_ms", 41.5), "Latency");
  assert.equal(said("MRR growth pct", "mrr_growth_pct", 26.8), "MRR growth");
  assert.equal(said("Revenue NOK", "revenue_nok", 150000), "Revenue");
  // a code the value is not written in stays: the spec made amount_usd euros
  assert.equal(P.label("Amount USD", P.look("amount_usd", [5], { formats: { amount_usd: { format: "money", currency: "EUR" } } })), "Amount USD");
  // not a unit the value writes: the words stay
  assert.equal(said("Used percent", "usedPercent", 2), "Used percent");
  assert.equal(said("Row count", "row_count", 7), "Row count");
  assert.equal(said("Seconds", "seconds", 640), "Seconds", "one word is the whole label");
  assert.equal(P.label("Total bytes", undefined), "Total bytes");
});

test("flags: a 0/1 column named as a yes or no is one; a count of 0 and 1, or an id, is not", () => {
  assert.equal(kind("pk", [1, 0, 0]), "flag");
  assert.equal(kind("notnull", [0, 1]), "flag");
  assert.equal(kind("is_active", [1, 1]), "flag");
  assert.deepEqual(column("has_children", [1, 0]), ["✓ Yes", "No"]);
  assert.equal(kind("pk", [2, 1]), "number", "a 2 is no flag");
  assert.equal(kind("children", [1, 0]), "number");
  assert.equal(kind("id", [0, 1]), "plain");
});
