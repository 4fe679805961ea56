// present.js's part of CU: how a value of a result looks (issue 49).

declare namespace Present {
  /** A column's look; short keys (the minifier keeps property names as written). */
  interface Look {
    /** The kind: number, money, percent, bytes, duration, compact, plain, flag (0/1 as a yes or no); "" none (the views' own). */
    f: string;
    /** Fraction digits. */
    d?: number;
    /** Money's currency: an ISO 4217 code or a symbol. */
    c?: string;
    /** The unit the number is in: ratio, points, ms, s, min, h, B, KB, MB, GB; a plain number's,
     *  written after it (a conversion's "km"). */
    u?: string;
    /** 1: grouped from a thousand (a column with numbers past ten thousand: "9,870.75" under "12,450.00"). */
    g?: number;
    /** 1: a duration written in its own unit (minutes or hours, each under a hundred: "60.2 min"). */
    o?: number;
  }
  /** A format the spec gives a key (the result view's present.formats, by the key's name). */
  interface Given {
    format: string;
    currency?: string;
    unit?: string;
  }
  interface Context {
    /** The spec's formats, by key name. */
    formats?: { [key: string]: Given };
    /** The currency the result names (a currency field beside the value, or one the whole result names). */
    currency?: string;
  }
}

interface PresentRules {
  /** The host's locale (views.js sets it for each result). */
  locale: string | undefined;
  look(key: string, values: unknown[], context?: Present.Context): Present.Look;
  text(value: unknown, look: Present.Look, compact?: boolean): string;
  node(value: unknown, look: Present.Look, compact?: boolean): HTMLElement | string;
  words(key: string): string[];
  decimals(values: unknown[]): number;
  currencyOf(record: unknown): string;
  colour(value: unknown): string;
  /** Whether a number can be an instant: epoch seconds or milliseconds from 2001 to 2096. */
  instant(value: number): boolean;
  /** A label without its last word when that is the unit the look writes beside each value. */
  label(label: string, the: Present.Look | undefined): string;
  /** The least of numbers (Infinity for none), by a loop: no spread's argument limit. */
  least(values: number[]): number;
  /** The most of numbers (-Infinity for none). */
  most(values: number[]): number;
  /** An Intl formatter of a kind, built once per result (make() throwing: String's text). */
  formatter(kind: string, make: () => { format(value: number): string }): { format(value: number): string };
  /** Forgets the Intl formatters (a new locale). */
  reset(): void;
}

interface CompileUi {
  present: PresentRules;
}
