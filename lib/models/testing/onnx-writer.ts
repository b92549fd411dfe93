/**
 * Writes ONNX model files (protocol buffers, onnx/onnx.proto of the ONNX specification) for the
 * tiny test encoders: just enough of the format for a graph of standard operators with float
 * and int64 initializers. No npm package was needed: the wire format is varints and
 * length-prefixed fields (protobuf encoding guide, "Message Structure").
 */

class ProtoWriter {
  private readonly chunks: number[] = [];

  private varint(value: number | bigint): void {
    let v = BigInt.asUintN(64, BigInt(value));
    while (v >= 0x80n) {
      this.chunks.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    this.chunks.push(Number(v));
  }

  private key(field: number, wireType: number): void {
    this.varint((field << 3) | wireType);
  }

  int(field: number, value: number | bigint): this {
    this.key(field, 0);
    this.varint(value);
    return this;
  }

  bytes(field: number, data: Uint8Array): this {
    this.key(field, 2);
    this.varint(data.length);
    for (const b of data) this.chunks.push(b);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  message(field: number, message: ProtoWriter): this {
    return this.bytes(field, message.finish());
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.chunks);
  }
}

/** TensorProto.DataType */
export const OnnxType = { FLOAT: 1, INT64: 7 } as const;

export interface OnnxTensor {
  name: string;
  dims: number[];
  type: (typeof OnnxType)[keyof typeof OnnxType];
  values: ArrayLike<number>;
}

export interface OnnxNode {
  op: string;
  /** default `<op>_<index>`; exporters name nodes by module, e.g. `/roberta/encoder/layer.3/Add` */
  name?: string;
  inputs: string[];
  outputs: string[];
  /** integer attributes (e.g. Cast's `to`, ReduceSum's `keepdims`) */
  ints?: Record<string, number>;
}

export interface OnnxValueInfo {
  name: string;
  type: OnnxTensor['type'];
  /** a number, or a symbolic name such as "batch" */
  shape: Array<number | string>;
}

export interface OnnxGraph {
  name: string;
  opset: number;
  nodes: OnnxNode[];
  initializers: OnnxTensor[];
  inputs: OnnxValueInfo[];
  outputs: OnnxValueInfo[];
}

function tensorProto(t: OnnxTensor): ProtoWriter {
  const w = new ProtoWriter();
  for (const d of t.dims) w.int(1, d);
  w.int(2, t.type).string(8, t.name);
  const raw =
    t.type === OnnxType.FLOAT
      ? new Uint8Array(Float32Array.from(t.values).buffer)
      : new Uint8Array(BigInt64Array.from(Array.from(t.values, (v) => BigInt(v))).buffer);
  return w.bytes(9, raw); // raw_data, little-endian as the specification requires
}

function valueInfo(v: OnnxValueInfo): ProtoWriter {
  const shape = new ProtoWriter();
  for (const d of v.shape) shape.message(1, typeof d === 'number' ? new ProtoWriter().int(1, d) : new ProtoWriter().string(2, d));
  const tensorType = new ProtoWriter().int(1, v.type).message(2, shape);
  return new ProtoWriter().string(1, v.name).message(2, new ProtoWriter().message(1, tensorType));
}

function nodeProto(n: OnnxNode, index: number): ProtoWriter {
  const w = new ProtoWriter();
  for (const i of n.inputs) w.string(1, i);
  for (const o of n.outputs) w.string(2, o);
  w.string(3, n.name ?? `${n.op}_${index}`).string(4, n.op);
  for (const [name, value] of Object.entries(n.ints ?? {}))
    w.message(5, new ProtoWriter().string(1, name).int(3, value).int(20, 2)); // AttributeType.INT
  return w;
}

/** The serialised ModelProto (IR version 8). */
export function encodeOnnxModel(graph: OnnxGraph): Uint8Array {
  const g = new ProtoWriter();
  graph.nodes.forEach((n, k) => g.message(1, nodeProto(n, k)));
  g.string(2, graph.name);
  for (const t of graph.initializers) g.message(5, tensorProto(t));
  for (const v of graph.inputs) g.message(11, valueInfo(v));
  for (const v of graph.outputs) g.message(12, valueInfo(v));
  return new ProtoWriter()
    .int(1, 8)
    .string(2, 'paralens-test')
    .message(7, g)
    .message(8, new ProtoWriter().string(1, '').int(2, graph.opset))
    .finish();
}
