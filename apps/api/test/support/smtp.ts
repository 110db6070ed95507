import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Header values by lower-case name, unfolded; a repeated header's values joined by "\n". */
  headers: Record<string, string>;
  received_at: string;
}

/** Subject of the mail every sign-up sends (email-confirmation.service.ts). */
export const CONFIRMATION_SUBJECT = 'Confirme seu e-mail';
/** Start of the subject of an imported contact's double opt-in mail (email-marketing). */
export const CONTACT_CONFIRMATION_SUBJECT = 'Confirme que quer receber os e-mails de';

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, parsed. Every sign-up sends
 * 'Confirme seu e-mail' (and every imported contact a double opt-in): `waitFor` and `to` leave those out, so a test reads the mail its
 * own action caused; `confirmationsTo` has them.
 */
export interface TestSmtp {
  url: string;
  messages: ReceivedMail[];
  /** Waits for a message to `to` (and matching `predicate`), up to 5 s; not confirmations. */
  waitFor(to: string, predicate?: (m: ReceivedMail) => boolean): Promise<ReceivedMail>;
  /** Messages to `to`, but the sign-up confirmations. */
  to(address: string): ReceivedMail[];
  /** The 'Confirme seu e-mail' messages to `to`, oldest first. */
  confirmationsTo(address: string): ReceivedMail[];
  /** Waits for the first 'Confirme seu e-mail' to `to`, up to 5 s. */
  waitForConfirmation(to: string): Promise<ReceivedMail>;
  clear(): void;
  close(): Promise<void>;
}

function headerValues(lines: ReadonlyArray<{ key: string; line: string }>) {
  const headers: Record<string, string> = {};
  for (const { key, line } of lines) {
    const unfolded = line.replace(/\r?\n[ \t]+/g, ' ');
    const value = unfolded.slice(unfolded.indexOf(':') + 1).trim();
    headers[key] = key in headers ? `${headers[key]}\n${value}` : value;
  }
  return headers;
}

export async function startTestSmtp(
  opts: { port?: number; host?: string } = {},
): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // a recipient at bounce.test does not exist: refused for good (a hard bounce)
    onRcptTo(address, _session, callback) {
      if (!address.address.toLowerCase().endsWith('@bounce.test')) return callback();
      const refused = new Error('5.1.1 <' + address.address + '>: usuário inexistente');
      (refused as Error & { responseCode: number }).responseCode = 550;
      callback(refused);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            from: parsed.from?.text ?? '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: headerValues(parsed.headerLines),
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
  // confirmations of an address (a sign-up's, an imported contact's): not what a test's action caused
  const isConfirmation = (m: ReceivedMail) =>
    m.subject === CONFIRMATION_SUBJECT || m.subject.startsWith(CONTACT_CONFIRMATION_SUBJECT);
  const find = (to: string, predicate?: (m: ReceivedMail) => boolean) =>
    messages.find(
      (m) => m.to.includes(to.toLowerCase()) && !isConfirmation(m) && (!predicate || predicate(m)),
    );
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
    to: (address) =>
      messages.filter((m) => m.to.includes(address.toLowerCase()) && !isConfirmation(m)),
    confirmationsTo: (address) =>
      messages.filter((m) => m.to.includes(address.toLowerCase()) && isConfirmation(m)),
    async waitForConfirmation(to) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const m = messages.find((x) => x.to.includes(to.toLowerCase()) && isConfirmation(x));
        if (m) return m;
        if (Date.now() > deadline) throw new Error(`no confirmation e-mail to ${to} within 5 s`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    clear: () => void messages.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
