/**
 * Collects streamed text and hands it out at most every `intervalMs` (assistant deltas, shell output), so a chatty
 * stream does not become thousands of events. Consecutive chunks with the same key are merged; a key change
 * flushes first, so order is kept.
 */
export class TextBatcher<K extends string> {
  private key: K | null = null;
  private buffer = '';
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly emit: (key: K, text: string) => void,
    private readonly intervalMs = 50,
  ) {}

  push(key: K, text: string): void {
    if (!text) return;
    if (this.key !== null && this.key !== key) this.flush();
    this.key = key;
    this.buffer += text;
    if (!this.timer) this.timer = setTimeout(() => this.flush(), this.intervalMs);
  }

  flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.key !== null && this.buffer) this.emit(this.key, this.buffer);
    this.buffer = '';
    this.key = null;
  }
}
