/**
 * Streaming reader for a JSON document (RFC 8259) whose top level is an object or an array: it
 * finds the boundaries of each top-level member without building the document, and hands out the
 * member's key and value text with the line the member starts on, so a `{source: [refs]}` file of
 * any size is read in constant memory and an invalid value is reported on its own line. Structural
 * errors (a missing comma, text after the end) make the rest unreadable and are fatal.
 */
import type { Line } from './read-lines';
import type { ImportError } from './types';

export interface JsonMember {
  lineNumber: number;
  /** Raw JSON text of the key string (object members only). */
  keyText?: string;
  valueText: string;
  raw: string;
}

export type JsonMemberResult = { ok: true; member: JsonMember } | { ok: false; error: ImportError };

type State = 'start' | 'member' | 'key' | 'colon' | 'value' | 'after' | 'end' | 'failed';

const WS = new Set([' ', '\t', '\n', '\r']);

export class JsonMemberScanner {
  private state: State = 'start';
  private container: '{' | '[' = '{';
  private keyText = '';
  private valueText = '';
  private memberLine = 0;
  private depth = 0;
  private inString = false;
  private afterComma = false;
  /** Position of the next `\\` in the current line (-1: none left, -2: not searched yet). */
  private nextBackslash = -2;

  constructor(private readonly maxMemberChars = 64 * 1024 * 1024) {}

  push(line: Line, out: JsonMemberResult[]): void {
    if (this.isFailed()) return;
    const text = line.text + '\n';
    this.nextBackslash = -2;
    let i = 0;
    while (i < text.length && !this.isFailed()) {
      const c = text.charAt(i);
      switch (this.state) {
        case 'start':
        case 'member':
        case 'colon':
        case 'after':
        case 'end':
          if (WS.has(c)) {
            i++;
            break;
          }
          i = this.structural(c, i, line, out);
          break;
        case 'value':
          if (this.valueText.length === 0 && this.depth === 0 && !this.inString && WS.has(c)) {
            i++;
            break;
          }
          i = this.consume(text, i, line, out);
          break;
        case 'key':
          i = this.consume(text, i, line, out);
          break;
      }
    }
    if (this.valueText.length + this.keyText.length > this.maxMemberChars) {
      this.fail(
        out,
        this.memberLine,
        `JSON member starting on this line is longer than ${this.maxMemberChars} characters`,
        line.text,
      );
    }
  }

  finish(out: JsonMemberResult[], lastLine: number): void {
    if (this.state === 'end' || this.state === 'failed') return;
    const close = this.container === '{' ? '}' : ']';
    const what =
      this.state === 'start' ? 'the file holds no JSON document' : `the JSON document ends before its closing "${close}"`;
    this.fail(out, lastLine, what, '');
  }

  private isFailed(): boolean {
    return this.state === 'failed';
  }

  private structural(c: string, i: number, line: Line, out: JsonMemberResult[]): number {
    const close = this.container === '{' ? '}' : ']';
    if (this.state === 'start') {
      if (c !== '{' && c !== '[') return this.fail(out, line.lineNumber, 'expected a JSON object or array', line.text);
      this.container = c;
      this.state = 'member';
      return i + 1;
    }
    if (this.state === 'member') {
      if (c === close && !this.afterComma) {
        this.state = 'end';
        return i + 1;
      }
      if (c === close) return this.fail(out, line.lineNumber, `trailing comma before "${close}"`, line.text);
      this.memberLine = line.lineNumber;
      this.afterComma = false;
      if (this.container === '{') {
        if (c !== '"') return this.fail(out, line.lineNumber, `expected a quoted key, found ${JSON.stringify(c)}`, line.text);
        this.state = 'key';
        this.keyText = '';
        return i;
      }
      this.startValue();
      return i;
    }
    if (this.state === 'colon') {
      if (c !== ':') return this.fail(out, line.lineNumber, `expected ":" after the key, found ${JSON.stringify(c)}`, line.text);
      this.state = 'value';
      this.startValue();
      return i + 1;
    }
    if (this.state === 'after') {
      if (c === ',') {
        this.state = 'member';
        this.afterComma = true;
        return i + 1;
      }
      if (c === close) {
        this.state = 'end';
        return i + 1;
      }
      return this.fail(out, line.lineNumber, `expected "," or "${close}", found ${JSON.stringify(c)}`, line.text);
    }
    return this.fail(out, line.lineNumber, 'unexpected text after the end of the JSON document', line.text);
  }

  private startValue(): void {
    this.state = 'value';
    this.valueText = '';
    this.depth = 0;
    this.inString = false;
  }

  /** Copies key or value characters until the token ends; returns the next index to read. */
  private consume(text: string, i: number, line: Line, out: JsonMemberResult[]): number {
    let j = i;
    const isKey = this.state === 'key';
    while (j < text.length) {
      const c = text.charCodeAt(j);
      if (this.inString) {
        const q = text.indexOf('"', j);
        if (this.nextBackslash !== -1 && this.nextBackslash < j) this.nextBackslash = text.indexOf('\\', j);
        const b = this.nextBackslash;
        if (b !== -1 && (q === -1 || b < q)) {
          j = b + 2;
          continue;
        }
        if (q === -1) {
          j = text.length;
          break;
        }
        j = q + 1;
        this.inString = false;
        if (isKey) {
          this.keyText += text.slice(i, j);
          this.state = 'colon';
          return j;
        }
        if (this.depth === 0) return this.endValue(text, i, j, line, out);
        continue;
      }
      if (c === 34) {
        if (isKey && j !== i) break;
        this.inString = true;
        j++;
        continue;
      }
      if (c === 123 || c === 91) this.depth++;
      else if (c === 125 || c === 93) {
        if (this.depth === 0) return this.endValue(text, i, j, line, out);
        this.depth--;
        if (this.depth === 0) return this.endValue(text, i, j + 1, line, out);
      } else if (this.depth === 0 && (c === 44 || c === 32 || c === 9 || c === 10 || c === 13)) {
        return this.endValue(text, i, j, line, out);
      }
      j++;
    }
    if (isKey) this.keyText += text.slice(i, j);
    else this.valueText += text.slice(i, j);
    return j;
  }

  private endValue(text: string, from: number, to: number, line: Line, out: JsonMemberResult[]): number {
    this.valueText += text.slice(from, to);
    const valueText = this.valueText.trim();
    if (valueText.length === 0) return this.fail(out, line.lineNumber, 'expected a value', line.text);
    const keyText = this.container === '{' ? this.keyText : undefined;
    const raw = keyText !== undefined ? `${keyText}: ${valueText}` : valueText;
    out.push({
      ok: true,
      member: { lineNumber: this.memberLine, ...(keyText !== undefined ? { keyText } : {}), valueText, raw },
    });
    this.valueText = '';
    this.keyText = '';
    this.state = 'after';
    return to;
  }

  private fail(out: JsonMemberResult[], lineNumber: number, message: string, raw: string): number {
    this.state = 'failed';
    out.push({ ok: false, error: { lineNumber, message: `invalid JSON document: ${message}`, raw, fatal: true } });
    return Number.MAX_SAFE_INTEGER;
  }
}
