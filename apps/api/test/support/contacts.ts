import { expect } from 'vitest';
import type { TestContext } from './context';
import { CONTACT_CONFIRMATION_SUBJECT } from './smtp';
import type { ReceivedMail } from './smtp';

/** Double opt-in mails already followed (an address imported by two workspaces gets two). */
const followed = new WeakSet<ReceivedMail>();

async function nextConfirmation(t: TestContext, email: string): Promise<ReceivedMail> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mail = t.mail.messages.find(
      (m) =>
        m.to.includes(email.toLowerCase()) &&
        m.subject.startsWith(CONTACT_CONFIRMATION_SUBJECT) &&
        !followed.has(m),
    );
    if (mail) {
      followed.add(mail);
      return mail;
    }
    if (Date.now() > deadline) throw new Error(`no double opt-in e-mail to ${email} within 5 s`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Follows the double opt-in link each address received after its import, as the person would:
 * campaigns reach an imported contact only once it confirmed.
 */
export async function confirmContacts(t: TestContext, emails: readonly string[]): Promise<void> {
  for (const email of emails) {
    const mail = await nextConfirmation(t, email);
    const link = /\/contacts\/confirm\?token=([\w.%-]+)/.exec(mail.text);
    expect(link, `no double opt-in link for ${email}`).not.toBeNull();
    const res = await t.inject({
      method: 'POST',
      url: `/api/v1/email-contacts/confirm?token=${link![1]}`,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}
