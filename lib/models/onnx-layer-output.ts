/**
 * Makes an encoder's intermediate layer the output of its ONNX graph, in JavaScript: BERTScore
 * (the paper, bert_score's English default) reads roberta-large's hidden state after layer 17
 * (hidden_states[17], the output of encoder layer index 16), while the published export
 * (FacebookAI/roberta-large, model.onnx) outputs the masked-LM logits of all 24 layers.
 *
 * The file is a protocol buffer (ModelProto, onnx/onnx.proto): the edit reads its fields without
 * holding the 1.6 GB file (only the graph's nodes are decoded; initializers are skipped over by
 * their lengths), finds the tensor that the nodes of layer `layer - 1` produce and those of layer
 * `layer` read (exporters since torch 1.13 name nodes by module: `/roberta/encoder/layer.16/…`),
 * and writes a copy whose graph outputs are that tensor alone (later layers and the head stay in
 * the file, unused: ONNX Runtime computes only what the output needs). Wire format: the protobuf
 * encoding guide ("Message Structure"): varint keys `(field << 3) | wire type`, length-prefixed
 * messages. No npm package is needed for this much of it.
 */
import { open, rename, rm, type FileHandle } from 'node:fs/promises';

// ModelProto.graph, GraphProto.node / .output, NodeProto.input / .output / .name, ValueInfoProto.name / .type
const MODEL_GRAPH = 7;
const GRAPH_NODE = 1;
const GRAPH_OUTPUT = 12;
const NODE_INPUT = 1;
const NODE_OUTPUT = 2;
const NODE_NAME = 3;
const VALUE_NAME = 1;
const VALUE_TYPE = 2;
const TYPE_TENSOR = 1;
const TENSOR_ELEM_TYPE = 1;
const FLOAT = 1;

interface Field {
  field: number;
  wire: number;
  /** where the key starts, where the value (after a length prefix) starts, where the field ends */
  start: number;
  valueStart: number;
  end: number;
  /** the varint value (wire type 0) */
  value: number;
}

/** Reads a file through a window, so walking keys and lengths costs few reads. */
class WindowReader {
  private window = Buffer.alloc(0);
  private windowStart = 0;
  constructor(private readonly handle: FileHandle) {}

  async bytes(position: number, length: number): Promise<Buffer> {
    if (position < this.windowStart || position + length > this.windowStart + this.window.length) {
      const size = Math.max(length, 1 << 20);
      const buffer = Buffer.alloc(size);
      const { bytesRead } = await this.handle.read(buffer, 0, size, position);
      this.window = buffer.subarray(0, bytesRead);
      this.windowStart = position;
      if (bytesRead < length) throw new Error('the file ends inside a field: not a complete ONNX model');
    }
    return this.window.subarray(position - this.windowStart, position - this.windowStart + length);
  }

  async varint(position: number, limit: number): Promise<{ value: number; next: number }> {
    const { value, next } = decodeVarint(await this.bytes(position, Math.min(10, limit - position)), 0);
    return { value, next: position + next };
  }
}

/** The varint at `offset` of `buffer` and the index after it. */
function decodeVarint(buffer: Buffer, offset: number): { value: number; next: number } {
  let value = 0;
  let scale = 1;
  for (let i = offset; i < buffer.length; i += 1) {
    const byte = buffer[i]!;
    value += (byte & 0x7f) * scale;
    scale *= 128;
    if (byte < 0x80) return { value, next: i + 1 };
  }
  throw new Error('a varint runs past its message: not an ONNX model');
}

function encodeVarint(value: number): Buffer {
  const bytes: number[] = [];
  let v = value;
  while (v >= 0x80) {
    bytes.push((v % 128) | 0x80);
    v = Math.floor(v / 128);
  }
  bytes.push(v);
  return Buffer.from(bytes);
}

const lengthDelimited = (field: number, payload: Buffer) =>
  Buffer.concat([encodeVarint((field << 3) | 2), encodeVarint(payload.length), payload]);

/** The fields of the message in [start, end) of the file, one at a time. */
async function* fieldsOf(reader: WindowReader, start: number, end: number): AsyncGenerator<Field> {
  let position = start;
  while (position < end) {
    const key = await reader.varint(position, end);
    const field = Math.floor(key.value / 8);
    const wire = key.value % 8;
    let valueStart = key.next;
    let fieldEnd: number;
    let value = 0;
    if (wire === 0) {
      const v = await reader.varint(key.next, end);
      value = v.value;
      fieldEnd = v.next;
    } else if (wire === 1) fieldEnd = key.next + 8;
    else if (wire === 5) fieldEnd = key.next + 4;
    else if (wire === 2) {
      const length = await reader.varint(key.next, end);
      valueStart = length.next;
      fieldEnd = length.next + length.value;
    } else throw new Error(`wire type ${wire} at byte ${position}: not an ONNX model`);
    if (field === 0 || fieldEnd > end) throw new Error(`a field at byte ${position} runs past its message: not an ONNX model`);
    yield { field, wire, start: position, valueStart, end: fieldEnd, value };
    position = fieldEnd;
  }
}

/** The same walk over a message held in memory (a node, a value info). */
function* fieldsIn(buffer: Buffer): Generator<{ field: number; wire: number; data: Buffer; value: number }> {
  let position = 0;
  while (position < buffer.length) {
    const key = decodeVarint(buffer, position);
    const field = Math.floor(key.value / 8);
    const wire = key.value % 8;
    if (wire === 0) {
      const v = decodeVarint(buffer, key.next);
      yield { field, wire, data: Buffer.alloc(0), value: v.value };
      position = v.next;
    } else if (wire === 2) {
      const length = decodeVarint(buffer, key.next);
      yield { field, wire, data: buffer.subarray(length.next, length.next + length.value), value: 0 };
      position = length.next + length.value;
    } else if (wire === 1 || wire === 5) position = key.next + (wire === 1 ? 8 : 4);
    else throw new Error(`wire type ${wire} inside a graph node: not an ONNX model`);
  }
}

interface GraphNode {
  name: string;
  inputs: string[];
  outputs: string[];
}

function readNode(buffer: Buffer): GraphNode {
  const node: GraphNode = { name: '', inputs: [], outputs: [] };
  for (const f of fieldsIn(buffer)) {
    if (f.wire !== 2) continue;
    if (f.field === NODE_INPUT) node.inputs.push(f.data.toString('utf8'));
    else if (f.field === NODE_OUTPUT) node.outputs.push(f.data.toString('utf8'));
    else if (f.field === NODE_NAME) node.name = f.data.toString('utf8');
  }
  return node;
}

/** A graph output's name and element type (TensorProto.DataType; null when it does not say). */
function readValueInfo(buffer: Buffer): { name: string; elemType: number | null } {
  let name = '';
  let elemType: number | null = null;
  for (const f of fieldsIn(buffer)) {
    if (f.field === VALUE_NAME && f.wire === 2) name = f.data.toString('utf8');
    if (f.field === VALUE_TYPE && f.wire === 2) {
      for (const t of fieldsIn(f.data)) {
        if (t.field !== TYPE_TENSOR || t.wire !== 2) continue;
        for (const e of fieldsIn(t.data)) if (e.field === TENSOR_ELEM_TYPE && e.wire === 0) elemType = e.value;
      }
    }
  }
  return { name, elemType };
}

/** Which encoder layer (0-based module index) a node belongs to, from its scoped name (`…/layer.16/…`, `…layer.16.…`). */
export function layerOfNode(node: GraphNode): number | null {
  for (const name of [node.name, node.outputs[0] ?? '']) {
    const match = /(?:^|[/.])layers?[._](\d+)[/.]/.exec(name);
    if (match) return Number(match[1]);
  }
  return null;
}

/**
 * The tensor that carries hidden_states[layer]: made by a node of module layer.(layer-1) and read by
 * nodes of module layer.(layer); where several qualify, the one read by the most of them.
 */
export function findHiddenStateTensor(nodes: readonly GraphNode[], layer: number): string | null {
  const producedBefore = new Set(nodes.filter((n) => layerOfNode(n) === layer - 1).flatMap((n) => n.outputs));
  const readers = new Map<string, number>();
  for (const n of nodes) {
    if (layerOfNode(n) !== layer) continue;
    for (const input of new Set(n.inputs)) if (producedBefore.has(input)) readers.set(input, (readers.get(input) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [tensor, count] of readers) if (best === null || count > readers.get(best)!) best = tensor;
  return best;
}

async function copyRange(
  reader: FileHandle,
  writer: FileHandle,
  start: number,
  end: number,
  onBytes: (n: number) => void,
): Promise<void> {
  const chunk = Buffer.alloc(Math.min(8 << 20, Math.max(1, end - start)));
  for (let position = start; position < end;) {
    const { bytesRead } = await reader.read(chunk, 0, Math.min(chunk.length, end - position), position);
    if (bytesRead === 0) throw new Error('the file ended while it was copied');
    await writer.write(chunk, 0, bytesRead);
    position += bytesRead;
    onBytes(bytesRead);
  }
}

export interface LayerOutputResult {
  /** the graph's new (only) output */
  tensor: string;
  /** the outputs it replaced */
  replaced: string[];
  layers: number;
}

/**
 * Writes `dest` (through `dest.part`): the model `src` with hidden_states[`layer`] as its only graph
 * output. Throws, naming the file, when the graph has no scoped layer names or fewer layers.
 */
export async function exposeHiddenLayer(
  src: string,
  dest: string,
  options: { layer: number; onProgress?: (done: number, total: number) => void },
): Promise<LayerOutputResult> {
  const { layer } = options;
  const input = await open(src, 'r');
  try {
    const size = (await input.stat()).size;
    const reader = new WindowReader(input);
    let graph: Field | null = null;
    for await (const f of fieldsOf(reader, 0, size)) if (f.field === MODEL_GRAPH && f.wire === 2) graph = f;
    if (!graph) throw new Error(`${src} has no graph: not an ONNX model`);
    const nodes: GraphNode[] = [];
    const outputs: Array<Field & { name: string; elemType: number | null }> = [];
    for await (const f of fieldsOf(reader, graph.valueStart, graph.end)) {
      if (f.wire !== 2) continue;
      if (f.field === GRAPH_NODE) nodes.push(readNode(Buffer.from(await reader.bytes(f.valueStart, f.end - f.valueStart))));
      else if (f.field === GRAPH_OUTPUT)
        outputs.push({ ...f, ...readValueInfo(Buffer.from(await reader.bytes(f.valueStart, f.end - f.valueStart))) });
    }
    const layers = new Set(nodes.map(layerOfNode).filter((l): l is number => l !== null)).size;
    const tensor = findHiddenStateTensor(nodes, layer);
    if (!tensor) {
      throw new Error(
        layers === 0
          ? `${src}: its nodes are not named by module (…/layer.N/…), so layer ${layer}'s hidden state cannot be found; an export made with torch 1.13 or later names them`
          : `${src}: no tensor passes from layer.${layer - 1} to layer.${layer} among its ${layers} named layers`,
      );
    }
    const elemType = outputs.find((o) => o.elemType !== null)?.elemType ?? FLOAT;
    const typeProto = lengthDelimited(
      TYPE_TENSOR,
      Buffer.concat([encodeVarint((TENSOR_ELEM_TYPE << 3) | 0), encodeVarint(elemType)]),
    );
    const newOutput = lengthDelimited(
      GRAPH_OUTPUT,
      Buffer.concat([lengthDelimited(VALUE_NAME, Buffer.from(tensor, 'utf8')), lengthDelimited(VALUE_TYPE, typeProto)]),
    );
    const removed = outputs.reduce((sum, o) => sum + (o.end - o.start), 0);
    const graphLength = graph.end - graph.valueStart - removed + newOutput.length;

    const part = `${dest}.part`;
    const output = await open(part, 'w');
    let done = 0;
    const onBytes = (n: number) => {
      done += n;
      options.onProgress?.(done, size);
    };
    try {
      await copyRange(input, output, 0, graph.start, onBytes);
      await output.write(Buffer.concat([encodeVarint((MODEL_GRAPH << 3) | 2), encodeVarint(graphLength)]));
      let position = graph.valueStart;
      for (const o of outputs) {
        await copyRange(input, output, position, o.start, onBytes);
        position = o.end;
      }
      await copyRange(input, output, position, graph.end, onBytes);
      await output.write(newOutput);
      await copyRange(input, output, graph.end, size, onBytes);
    } catch (error) {
      await output.close();
      await rm(part, { force: true });
      throw error;
    }
    await output.close();
    await rename(part, dest);
    return { tensor, replaced: outputs.map((o) => o.name), layers };
  } finally {
    await input.close();
  }
}
