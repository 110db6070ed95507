import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  received_at: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives, parsed. */
export interface TestSmtp {
  url: string;
  messages: ReceivedMail[];
  /** Waits for a message to `to` (and matching `predicate`), up to 5 s. */
  waitFor(to: string, predicate?: (m: ReceivedMail) => boolean): Promise<ReceivedMail>;
  /** Messages to `to`. */
  to(address: string): ReceivedMail[];
  clear(): void;
  close(): Promise<void>;
}

export async function startTestSmtp(
  opts: { port?: number; host?: string } = {},
): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            from: parsed.from?.text ?? '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            received_at: new Date().toISOString(),
          });
          callback();
        })
        .catch(callback);
    },
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, resolve);
  });
  const { port } = server.server.address() as AddressInfo;
  const find = (to: string, predicate?: (m: ReceivedMail) => boolean) =>
    messages.find((m) => m.to.includes(to.toLowerCase()) && (!predicate || predicate(m)));
  return {
    url: `smtp://${host}:${port}`,
    messages,
    async waitFor(to, predicate) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const m = find(to, predicate);
        if (m) return m;
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within 5 s`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    to: (address) => messages.filter((m) => m.to.includes(address.toLowerCase())),
    clear: () => void messages.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
