/**
 * A small iCalendar (RFC 5545) writer: content lines with escaped TEXT values, folded at 75
 * octets and ended with CRLF. Values of other types (dates, URIs) are written as given.
 */

const MAX_LINE_OCTETS = 75;

export type IcalParams = Readonly<Record<string, string>>;

/** TEXT (RFC 5545 §3.3.11): backslash, `;`, `,` and newlines escaped; other control characters dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/[^\P{Cc}\t]/gu, '');
}

/** A parameter value (§3.2): quoted when it holds `:`, `;` or `,`; double quotes and controls cannot appear and are dropped. */
export function paramValue(value: string): string {
  const clean = value.replace(/"|[^\P{Cc}\t]/gu, '');
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/**
 * Folds a content line (§3.1): no line longer than 75 octets, continuation lines start with one
 * space, and a multi-octet UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join('\r\n');
}

/** `20300110T100000Z`: an instant in UTC (§3.3.5, form 2). */
export function utcDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}/, '')
    .replace(/[-:]/g, '');
}

/** `20300110T100000` from a wall clock `2030-01-10 10:00:00` (§3.3.5, form 1 or 3). */
export function localDateTime(wallClock: string): string {
  return `${wallClock.slice(0, 10).replace(/-/g, '')}T${wallClock.slice(11, 19).replace(/:/g, '')}`;
}

/** `20300110` from `2030-01-10...` (§3.3.4). */
export function dateValue(day: string): string {
  return day.slice(0, 10).replace(/-/g, '');
}

/** Builds an iCalendar object line by line; `toString()` folds every line and ends each with CRLF. */
export class IcalWriter {
  private readonly lines: string[] = [];

  begin(component: string): this {
    this.lines.push(`BEGIN:${component}`);
    return this;
  }

  end(component: string): this {
    this.lines.push(`END:${component}`);
    return this;
  }

  /** A property whose value is already in its type's format (dates, URIs, numbers). */
  raw(name: string, value: string, params: IcalParams = {}): this {
    const head = Object.entries(params)
      .map(([key, param]) => `;${key}=${paramValue(param)}`)
      .join('');
    this.lines.push(`${name}${head}:${value}`);
    return this;
  }

  /** A TEXT property; left out when empty, also once the control characters are dropped. */
  text(name: string, value: string | undefined, params: IcalParams = {}): this {
    const escaped = escapeText(value ?? '');
    return escaped ? this.raw(name, escaped, params) : this;
  }

  /** A property of several TEXT values (e.g. CATEGORIES): empty values left out, the property too when there are none. */
  texts(name: string, values: readonly string[]): this {
    const kept = values.map(escapeText).filter(Boolean);
    return kept.length ? this.raw(name, kept.join(',')) : this;
  }

  toString(): string {
    return this.lines.map((line) => `${foldLine(line)}\r\n`).join('');
  }
}
