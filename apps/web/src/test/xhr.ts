/**
 * Stands in for XMLHttpRequest (the pre-signed PUT of an upload): records each request and
 * lets the test drive its progress and its end. `vi.stubGlobal('XMLHttpRequest', FakeXhr)`.
 */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  /** The latest request. */
  static get last(): FakeXhr {
    return FakeXhr.instances[FakeXhr.instances.length - 1]!;
  }
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  upload: {
    onprogress?: (e: { loaded: number; total: number; lengthComputable: boolean }) => void;
  } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
}
