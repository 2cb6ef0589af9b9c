import { printable } from './text.js';

/**
 * A JSON parser that refuses what `JSON.parse` silently accepts: a key repeated in one object
 * (JSON.parse keeps the last). Errors name the JSON path and the line and column.
 */
export class JsonSyntaxError extends Error {
  constructor(
    /** What is wrong, without the position. */
    readonly reason: string,
    readonly line: number,
    readonly column: number,
    readonly jsonPath: string,
  ) {
    super(`${reason} at line ${line}, column ${column} (${jsonPath})`);
  }
}

export function formatPath(path: readonly (string | number)[]): string {
  let s = '$';
  for (const p of path) {
    if (typeof p === 'number') s += `[${p}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(p)) s += `.${p}`;
    // JSON.stringify escapes the C0 controls; printable also DEL, C1 and the bidi controls.
    else s += `[${printable(JSON.stringify(p))}]`;
  }
  return s;
}

/** How deep arrays and objects may nest: data and replays need a handful of levels. */
export const MAX_JSON_DEPTH = 64;

/** A JSON number, matched where the parser stands (sticky): no copy of the rest of the text per number. */
const NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

/** A character as an error message quotes it: `'x'`, or an escape for one a terminal would obey. */
function quoted(ch: string | undefined): string {
  return ch === undefined ? 'the end of the file' : `'${printable(ch)}'`;
}

export function parseStrictJson(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  let i = 0;
  const path: (string | number)[] = [];
  let depth = 0;

  const position = (at: number): { line: number; column: number } => {
    let line = 1;
    let col = 1;
    for (let k = 0; k < at && k < text.length; k++) {
      if (text[k] === '\n') {
        line++;
        col = 1;
      } else col++;
    }
    return { line, column: col };
  };
  const fail = (msg: string, at = i): never => {
    const p = position(at);
    throw new JsonSyntaxError(msg, p.line, p.column, formatPath(path));
  };
  const ws = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++;
  };
  const expect = (ch: string): void => {
    if (text[i] !== ch) fail(`expected '${ch}' but found ${quoted(text[i])}`);
    i++;
  };

  const value = (): unknown => {
    ws();
    const ch = text[i];
    if (ch === '{' || ch === '[') {
      if (++depth > maxDepth) fail(`nested more than ${maxDepth} levels deep`);
      const v = ch === '{' ? object() : array();
      depth--;
      return v;
    }
    if (ch === '"') return string();
    if (ch === 't' && text.startsWith('true', i)) {
      i += 4;
      return true;
    }
    if (ch === 'f' && text.startsWith('false', i)) {
      i += 5;
      return false;
    }
    if (ch === 'n' && text.startsWith('null', i)) {
      i += 4;
      return null;
    }
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return number();
    return fail(ch === undefined ? 'unexpected end of file' : `unexpected character ${quoted(ch)}`);
  };

  const object = (): Record<string, unknown> => {
    const start = i;
    expect('{');
    const out: Record<string, unknown> = {};
    const seen = new Set<string>();
    ws();
    if (text[i] === '}') {
      i++;
      return out;
    }
    for (;;) {
      ws();
      const keyAt = i;
      if (text[i] !== '"') fail('expected a quoted key');
      const key = string();
      if (seen.has(key)) {
        path.push(key);
        fail(`duplicate key "${key}"`, keyAt);
      }
      seen.add(key);
      ws();
      expect(':');
      path.push(key);
      const v = value();
      path.pop();
      Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
      ws();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') {
        i++;
        return out;
      }
      fail(`expected ',' or '}' in the object opened at ${position(start).line}:${position(start).column}`);
    }
  };

  const array = (): unknown[] => {
    expect('[');
    const out: unknown[] = [];
    ws();
    if (text[i] === ']') {
      i++;
      return out;
    }
    for (;;) {
      path.push(out.length);
      out.push(value());
      path.pop();
      ws();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ']') {
        i++;
        return out;
      }
      fail(`expected ',' or ']'`);
    }
  };

  const string = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') i++;
      else if ((text.charCodeAt(i) ?? 0) < 0x20) fail('control character in a string');
      i++;
    }
    if (i >= text.length) fail('unterminated string', start);
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return fail('bad escape in a string', start);
    }
  };

  const number = (): number => {
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m) return fail('malformed number');
    i += m[0].length;
    return Number(m[0]);
  };

  const v = value();
  ws();
  if (i < text.length) fail('unexpected text after the JSON value');
  return v;
}
