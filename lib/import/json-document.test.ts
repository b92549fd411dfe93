import { describe, expect, it } from 'vitest';
import { JsonMemberScanner, type JsonMemberResult } from './json-document';

function scan(text: string): JsonMemberResult[] {
  const scanner = new JsonMemberScanner();
  const out: JsonMemberResult[] = [];
  const lines = text.split('\n');
  lines.forEach((t, i) => scanner.push({ lineNumber: i + 1, text: t }, out));
  scanner.finish(out, lines.length);
  return out;
}

const members = (out: JsonMemberResult[]) =>
  out.flatMap((r) => (r.ok ? [[r.member.lineNumber, r.member.keyText, r.member.valueText]] : []));

describe('JsonMemberScanner (top-level members of an RFC 8259 document)', () => {
  it('splits a one-line object into members without parsing values', () => {
    expect(members(scan('{"a b": ["x", "y, z"], "c\\"d": {"k": [1, {"n": "}"}]}, "e": 3}'))).toEqual([
      [1, '"a b"', '["x", "y, z"]'],
      [1, '"c\\"d"', '{"k": [1, {"n": "}"}]}'],
      [1, '"e"', '3'],
    ]);
  });

  it('reports the line a member starts on in a pretty-printed document', () => {
    const out = scan('{\n  "first": [\n    "a",\n    "b"\n  ],\n  "second": ["c"]\n}\n');
    expect(members(out).map((m) => [m[0], m[1]])).toEqual([
      [2, '"first"'],
      [6, '"second"'],
    ]);
    expect(out.every((r) => r.ok)).toBe(true);
  });

  it('reads a top-level array element by element', () => {
    expect(members(scan('[{"a": 1},\n "two", 3.5, null]'))).toEqual([
      [1, undefined, '{"a": 1}'],
      [2, undefined, '"two"'],
      [2, undefined, '3.5'],
      [2, undefined, 'null'],
    ]);
  });

  it('accepts empty documents {} and []', () => {
    expect(scan('{}')).toEqual([]);
    expect(scan(' [ ] ')).toEqual([]);
  });

  it('passes an invalid value through (the format reports it) but stops on broken structure', () => {
    const out = scan('{"a": [1,,2],\n "b": ["ok"]\n "c": []}');
    expect(members(out).map((m) => m[1])).toEqual(['"a"', '"b"']);
    const last = out[out.length - 1];
    expect(!last?.ok && last?.error).toMatchObject({ lineNumber: 3, fatal: true });
    expect(!last?.ok && last?.error.message).toMatch(/expected "," or "}"/);
  });

  it('reports a truncated document at its last line, and text after the end', () => {
    const errorOf = (out: JsonMemberResult[]) =>
      out.flatMap((r) => (r.ok ? [] : [[r.error.lineNumber, r.error.message, r.error.fatal]]));
    expect(errorOf(scan('{"a": ["x"],\n "b": ["y"'))).toEqual([
      [2, 'invalid JSON document: the JSON document ends before its closing "}"', true],
    ]);
    expect(errorOf(scan('{"a": 1}\n{"b": 2}'))).toEqual([
      [2, 'invalid JSON document: unexpected text after the end of the JSON document', true],
    ]);
    expect(errorOf(scan('"just a string"'))).toEqual([[1, 'invalid JSON document: expected a JSON object or array', true]]);
  });

  it('rejects a trailing comma and a missing colon', () => {
    const messages = (out: JsonMemberResult[]) => out.flatMap((r) => (r.ok ? [] : [r.error.message]));
    expect(messages(scan('{"a": 1,}'))).toEqual(['invalid JSON document: trailing comma before "}"']);
    expect(messages(scan('{"a" 1}'))).toEqual(['invalid JSON document: expected ":" after the key, found "1"']);
  });
});
