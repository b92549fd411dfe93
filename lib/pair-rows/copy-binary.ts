/**
 * PostgreSQL binary COPY format (https://www.postgresql.org/docs/current/sql-copy.html, "Binary
 * Format"): a signature header, then per row a 16-bit field count and per field a 32-bit length
 * (-1 for NULL) and the type's binary representation (big-endian integers and IEEE doubles, uuid
 * as 16 bytes, text and enum labels as UTF-8, jsonb as version 1 + JSON text, one-dimensional
 * text[] as array_send writes it). Numbers need no formatting in Node.js and no parsing in PostgreSQL.
 */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const TEXT_OID = 25;

export class BinaryCopyWriter {
  private buffer: Buffer;
  private offset = 0;

  constructor(initialBytes = 1 << 20) {
    this.buffer = Buffer.allocUnsafe(initialBytes);
    this.ensure(19);
    SIGNATURE.copy(this.buffer, 0);
    this.offset = SIGNATURE.length;
    this.offset = this.buffer.writeInt32BE(0, this.offset); // flags
    this.offset = this.buffer.writeInt32BE(0, this.offset); // header extension length
  }

  private ensure(bytes: number): void {
    if (this.offset + bytes <= this.buffer.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.offset + bytes));
    this.buffer.copy(next, 0, 0, this.offset);
    this.buffer = next;
  }

  row(fields: number): this {
    this.ensure(2);
    this.offset = this.buffer.writeInt16BE(fields, this.offset);
    return this;
  }

  null(): this {
    this.ensure(4);
    this.offset = this.buffer.writeInt32BE(-1, this.offset);
    return this;
  }

  int4(value: number | null | undefined): this {
    if (value === null || value === undefined) return this.null();
    this.ensure(8);
    this.offset = this.buffer.writeInt32BE(4, this.offset);
    this.offset = this.buffer.writeInt32BE(value, this.offset);
    return this;
  }

  float8(value: number | null | undefined): this {
    if (value === null || value === undefined || !Number.isFinite(value)) return this.null();
    this.ensure(12);
    this.offset = this.buffer.writeInt32BE(8, this.offset);
    this.offset = this.buffer.writeDoubleBE(value, this.offset);
    return this;
  }

  bool(value: boolean | null | undefined): this {
    if (value === null || value === undefined) return this.null();
    this.ensure(5);
    this.offset = this.buffer.writeInt32BE(1, this.offset);
    this.buffer[this.offset++] = value ? 1 : 0;
    return this;
  }

  /** A uuid given as 32 hex digits with or without dashes. */
  uuid(value: string): this {
    this.ensure(20);
    this.offset = this.buffer.writeInt32BE(16, this.offset);
    const hex = value.length === 36 ? value.replaceAll('-', '') : value;
    this.offset += this.buffer.write(hex, this.offset, 16, 'hex');
    return this;
  }

  /** text, varchar and enum labels. */
  text(value: string | null | undefined): this {
    if (value === null || value === undefined) return this.null();
    this.ensure(4 + value.length * 3);
    const start = this.offset + 4;
    const written = this.buffer.write(value, start, 'utf8');
    this.buffer.writeInt32BE(written, this.offset);
    this.offset = start + written;
    return this;
  }

  jsonb(value: unknown): this {
    const json = JSON.stringify(value);
    this.ensure(5 + json.length * 3);
    const start = this.offset + 5;
    this.buffer[this.offset + 4] = 1; // jsonb binary format version
    const written = this.buffer.write(json, start, 'utf8');
    this.buffer.writeInt32BE(written + 1, this.offset);
    this.offset = start + written;
    return this;
  }

  /** A one-dimensional text[] without NULL elements. */
  textArray(values: readonly string[]): this {
    let bytes = values.length === 0 ? 12 : 20;
    for (const v of values) bytes += 4 + Buffer.byteLength(v);
    this.ensure(4 + bytes);
    this.offset = this.buffer.writeInt32BE(bytes, this.offset);
    this.offset = this.buffer.writeInt32BE(values.length === 0 ? 0 : 1, this.offset); // dimensions
    this.offset = this.buffer.writeInt32BE(0, this.offset); // has nulls
    this.offset = this.buffer.writeInt32BE(TEXT_OID, this.offset);
    if (values.length > 0) {
      this.offset = this.buffer.writeInt32BE(values.length, this.offset);
      this.offset = this.buffer.writeInt32BE(1, this.offset); // lower bound
      for (const v of values) this.text(v);
    }
    return this;
  }

  /** The COPY data so far plus the trailer; the writer should not be used afterwards. */
  finish(): Buffer {
    this.ensure(2);
    this.offset = this.buffer.writeInt16BE(-1, this.offset);
    return this.buffer.subarray(0, this.offset);
  }
}
