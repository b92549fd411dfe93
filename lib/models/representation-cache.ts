/**
 * Text representations kept between batches of a scoring job, so a text that recurs (the captions
 * of one image appear in many pairs) is embedded once: least recently used entries go first when
 * the byte budget is spent.
 */
export class RepresentationCache<R> {
  private readonly entries = new Map<number, { value: R; bytes: number }>();
  private bytes = 0;

  constructor(
    private readonly budgetBytes: number,
    private readonly sizeOf: (value: R) => number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get usedBytes(): number {
    return this.bytes;
  }

  has(id: number): boolean {
    return this.entries.has(id);
  }

  /** The value, marked as recently used. */
  get(id: number): R | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry.value;
  }

  set(id: number, value: R): void {
    const old = this.entries.get(id);
    if (old) {
      this.bytes -= old.bytes;
      this.entries.delete(id);
    }
    const bytes = this.sizeOf(value);
    this.entries.set(id, { value, bytes });
    this.bytes += bytes;
  }

  /** Evicts least recently used entries until the budget holds, keeping the ids in `keep`. */
  trim(keep: ReadonlySet<number> = new Set()): void {
    for (const [id, entry] of this.entries) {
      if (this.bytes <= this.budgetBytes) return;
      if (keep.has(id)) continue;
      this.entries.delete(id);
      this.bytes -= entry.bytes;
    }
  }
}
