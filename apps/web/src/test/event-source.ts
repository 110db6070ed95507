/** Test support: a stand-in for the browser's EventSource, driven by the test. */
export class FakeSource {
  static all: FakeSource[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  get query() {
    return new URL(this.url, 'http://localhost').searchParams;
  }
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  emit(type: string, data: unknown, lastEventId = '') {
    for (const l of this.listeners.get(type) ?? [])
      l({ data: JSON.stringify(data), lastEventId } as MessageEvent<string>);
  }
  /** A dropped connection (EventSource would reconnect) or a refusal (it gives up). */
  fail(refused = false) {
    this.readyState = refused ? 2 : 0;
    this.onerror?.();
  }
}
