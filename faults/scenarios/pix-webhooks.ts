import { testCertificates } from '../../apps/api/test/support/pix-certs';
import { newEndToEndId, startTestPsp } from '../../apps/api/test/support/pix-psp';
import type { TestPsp } from '../../apps/api/test/support/pix-psp';
import { connectionBody } from '../../apps/api/test/support/psp-connection';
import { startApi, stopApi, waitReady } from '../lib/api';
import { sized } from '../lib/fast';
import { countOps } from '../lib/check';
import { call, setUpWorld, signUp } from '../lib/load';
import type { Op, User } from '../lib/load';
import { check, result, setup } from '../scenarios';
import type { Db, Env, Result } from '../scenarios';

interface PixItem {
  endToEndId: string;
  txid: string;
  valor: string;
  horario: string;
}

/**
 * 8 (webhooks). The stand-in PSP of the tests (apps/api/test/support/pix-psp.ts,
 * Banco Central's API Pix: OAuth, PUT /cob, POST to `{webhookUrl}/pix`), connected
 * by the creator as their own PSP, notifies the API: the same notification ten times at once, notifications out
 * of order (a later charge's before an earlier one's, and both in one body in
 * reverse order), and one with a wrong amount.
 */
export async function pixWebhooks(env: Env, db: Db): Promise<Result> {
  const s = await setup(env, db, `pix-webhooks-${db}`);
  const psp: TestPsp = await startTestPsp({
    clientId: 'cliente-fa-clube',
    clientSecret: 'segredo-do-psp-123',
  });
  s.opts.env = {
    ...s.opts.env,
    APP_URL: `http://127.0.0.1:${s.opts.port}`,
    PIX_CA_FILE: testCertificates().files.ca,
    // the stand-in PSP listens on 127.0.0.1
    PIX_PSP_ALLOW_PRIVATE_NETWORKS: 'true',
  };
  const failures: string[] = [];
  const api = startApi(s.opts);
  try {
    await waitReady(api);
    const world = await setUpWorld(api.url, 0, 0);
    const { creator } = world;
    const connected = await call(
      api.url,
      'PUT',
      `/workspaces/${creator.workspaceId}/pix/connection`,
      {
        token: creator.token,
        json: connectionBody(psp),
      },
    );
    if (connected.status !== 200)
      throw new Error(`PSP not connected: ${connected.status} ${JSON.stringify(connected.body)}`);
    const fans: User[] = [];
    const [SAME, ORDERED, PAIRS] = [sized(20, 6), sized(10, 4), sized(10, 4)];
    for (let i = 0; i < SAME + ORDERED + PAIRS; i++) fans.push(await signUp(api.url, `pixfa${i}`));
    world.fans = fans;
    const open = async (fan: User) => {
      const res = await call(
        api.url,
        'POST',
        `/subscribe/plan?username=${creator.username}&plan_type=monthly`,
        { token: fan.token },
      );
      const charge = res.body.charge as { id: string; txid: string; confirmation: string };
      if (charge.confirmation !== 'automatic')
        throw new Error(`charge confirmation ${charge.confirmation}, expected automatic`);
      return charge;
    };
    const item = (txid: string, valor = '29.90'): PixItem => ({
      endToEndId: newEndToEndId(),
      txid,
      valor,
      horario: new Date().toISOString(),
    });
    const ops: Op[] = [];
    const deliver = async (chargeIds: string[], body: { pix: PixItem[] }) => {
      const op: Op = { kind: 'charge', start: performance.now(), end: 0, outcome: 'ack' };
      try {
        const res = await psp.notify(body);
        op.status = res.status;
        const answer = (await res.json()) as { received?: number; applied?: number };
        if (res.status !== 200) {
          op.outcome = 'failed';
          op.error = `${res.status} ${JSON.stringify(answer)}`;
        }
        op.end = performance.now();
        return { op, applied: answer.applied ?? 0, chargeIds };
      } catch (err) {
        op.outcome = 'failed';
        op.error = (err as Error).message;
        op.end = performance.now();
        return { op, applied: 0, chargeIds };
      }
    };

    // A: 20 charges, each notification delivered 10 times at once (200 together)
    const sameCharges = await Promise.all(fans.slice(0, SAME).map(open));
    const sameBodies = sameCharges.map((c) => ({ pix: [item(c.txid)] }));
    const same = await Promise.all(
      sameBodies.flatMap((b, i) =>
        Array.from({ length: 10 }, () => deliver([sameCharges[i]!.id], b)),
      ),
    );
    for (const [i, c] of sameCharges.entries()) {
      const mine = same.slice(i * 10, i * 10 + 10);
      const applied = mine.reduce((a, r) => a + r.applied, 0);
      const not200 = mine.filter((r) => r.op.status !== 200).length;
      if (applied !== 1 || not200)
        failures.push(`charge ${c.id}: applied ${applied} times, ${not200} answers not 200`);
    }
    // only one of the ten deliveries is the acknowledged write of each charge
    for (const [i, c] of sameCharges.entries()) {
      const winner = same.slice(i * 10, i * 10 + 10).find((r) => r.applied === 1);
      if (winner) ops.push({ ...winner.op, key: c.id });
    }

    // B: out of order. 10 charges opened one after the other, notified last first;
    // then 5 pairs in one body each, the later charge's Pix first.
    const ordered: { id: string; txid: string }[] = [];
    for (const fan of fans.slice(SAME, SAME + ORDERED)) ordered.push(await open(fan));
    for (const c of [...ordered].reverse()) {
      const r = await deliver([c.id], { pix: [item(c.txid)] });
      if (r.applied !== 1) failures.push(`out of order: charge ${c.id} applied ${r.applied}`);
      ops.push({ ...r.op, key: c.id });
    }
    const pairs: { id: string; txid: string }[] = [];
    for (const fan of fans.slice(SAME + ORDERED)) pairs.push(await open(fan));
    for (let i = 0; i < pairs.length; i += 2) {
      const [earlier, later] = [pairs[i]!, pairs[i + 1]!];
      const body = { pix: [item(later.txid), item(earlier.txid)] };
      // delivered twice at once as well
      const [r1, r2] = await Promise.all([
        deliver([later.id, earlier.id], body),
        deliver([later.id, earlier.id], body),
      ]);
      if (r1!.applied + r2!.applied !== 2)
        failures.push(`pair body applied ${r1!.applied + r2!.applied} of 2`);
      ops.push({ ...r1!.op, key: later.id }, { ...r1!.op, key: earlier.id });
    }

    // C: a wrong amount (2,99 for 29,90): 200, applied 0, a payment to review, nothing granted
    const wrongFan = await signUp(api.url, 'pixerrado');
    const wrongCharge = await open(wrongFan);
    const wrongItem = item(wrongCharge.txid, '2.99');
    const wrong = await Promise.all(
      Array.from({ length: 3 }, () => deliver([], { pix: [wrongItem] })),
    );
    if (wrong.some((r) => r.op.status !== 200 || r.applied !== 0))
      failures.push(`wrong amount: ${wrong.map((r) => `${r.op.status}/${r.applied}`).join(', ')}`);
    const reviews = await call(api.url, 'GET', `/charges/${creator.workspaceId}/reviews`, {
      token: creator.token,
    });
    const list = reviews.body.reviews as { id: string; reason: string; charge_id: string }[];
    const review = list.find((r) => r.id === wrongItem.endToEndId);
    if (!review || review.reason !== 'amount_mismatch' || review.charge_id !== wrongCharge.id)
      failures.push(`wrong amount not listed in "Pagamento a revisar": ${JSON.stringify(list)}`);
    if (list.length !== 1) failures.push(`${list.length} payments to review (expected 1)`);
    const plans = await call(api.url, 'GET', `/plans?username=${creator.username}`, {
      token: wrongFan.token,
    });
    if (plans.body.is_subscribed !== false)
      failures.push('the wrong amount granted the subscription');

    // D: a forger who knows the webhook URL (with its secret) notifies an unpaid charge: the PSP,
    // asked, has no such Pix, so nothing is applied; the real payment, notified the same way,
    // settles at once. Without the secret (the connection id alone) the URL answers 404.
    const forgedFan = await signUp(api.url, 'pixforjado');
    const forgedCharge = await open(forgedFan);
    const hook = [...psp.webhooks.pix.values()][0];
    if (!hook) failures.push('no Pix webhook registered at the PSP');
    else {
      const post = (url: string) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ pix: [item(forgedCharge.txid)] }),
        });
      const forged = await post(`${hook}/pix`);
      const forgedAnswer = (await forged.json().catch(() => ({}))) as { applied?: number };
      const withoutSecret = await post(`${hook.replace(/\/[^/]+$/, '')}/pix`);
      const after = await call(api.url, 'GET', `/plans?username=${creator.username}`, {
        token: forgedFan.token,
      });
      if ((forgedAnswer.applied ?? 0) !== 0 || after.body.is_subscribed !== false)
        failures.push(`a forged notification was applied: ${JSON.stringify(forgedAnswer)}`);
      if (withoutSecret.status !== 404)
        failures.push(`the URL without its secret answered ${withoutSecret.status}`);
      const real = await psp.pay(forgedCharge.txid);
      const realAnswer = (await real.json().catch(() => ({}))) as { applied?: number };
      const paid = await call(api.url, 'GET', `/plans?username=${creator.username}`, {
        token: forgedFan.token,
      });
      if (realAnswer.applied !== 1 || paid.body.is_subscribed !== true)
        failures.push(`the real payment, notified: ${real.status} ${JSON.stringify(realAnswer)}`);
    }

    const exit = await stopApi(api);
    if (exit.code !== 0)
      failures.push(`exit ${exit.code ?? exit.signal}: ${api.output().slice(-600)}`);
    const f = countOps(ops);
    await check(s, world, ops, f);
    // per charge: one applied notification, one ledger row, one subscription period
    const { q, close } = await s.query();
    try {
      const all = [...sameCharges, ...ordered, ...pairs].map((c) => c.id);
      const rows = await q(
        `select c.id, c.status,
                (select count(*)::int from pix_notifications n where n.charge_id = c.id and n.outcome = 'applied') as applied,
                (select count(*)::int from finance_transactions t where t.charge_id = c.id) as ledger,
                (select count(*)::int from subscription_payments p where p.charge_id = c.id) as periods
           from charges c where c.id = any($1::uuid[])`,
        [all],
      );
      const bad = rows.filter(
        (r) => r.status !== 'paid' || r.applied !== 1 || r.ledger !== 1 || r.periods !== 1,
      );
      if (rows.length !== all.length) failures.push(`${all.length - rows.length} charges missing`);
      if (bad.length)
        failures.push(`${bad.length} charges not exactly once: ${JSON.stringify(bad[0])}`);
      const wrongRow = (
        await q(
          `select c.status,
                (select count(*)::int from finance_transactions t where t.charge_id = c.id) as ledger,
                (select count(*)::int from subscription_payments p where p.charge_id = c.id) as periods,
                (select count(*)::int from pix_notifications n where n.charge_id = c.id) as notes
           from charges c where c.id = $1`,
          [wrongCharge.id],
        )
      )[0];
      if (
        !wrongRow ||
        wrongRow.status === 'paid' ||
        wrongRow.ledger !== 0 ||
        wrongRow.periods !== 0 ||
        wrongRow.notes !== 1
      )
        failures.push(`wrong amount charge: ${JSON.stringify(wrongRow)}`);
      f.duplicates += bad.filter((r) => Number(r.ledger) > 1 || Number(r.periods) > 1).length;
    } finally {
      await close();
    }
    f.requests = same.length + ordered.length + pairs.length + wrong.length + 3;
    f.notes.push(
      `${sameCharges.length} notifications × 10 at once, ${ordered.length} notified last first, ` +
        `${pairs.length / 2} bodies with the later charge first (each sent twice at once), ` +
        `one wrong amount sent 3 times: listed once as amount_mismatch, charge still pending; ` +
        'a forged notification (webhook URL with its secret, charge unpaid at the PSP) applied nothing, ' +
        'the URL without the secret answered 404, the real payment notified the same way settled',
    );
    return result(
      `Pix webhooks ×10, out of order, wrong amount (${db === 'pg' ? 'PostgreSQL' : 'PGlite'})`,
      "Signed API Pix notifications from the stand-in PSP: the same one ten times at once applies once; a later charge's Pix " +
        'before an earlier one (also both in one body) applies each to its own charge; every paid charge has exactly one ' +
        "applied notification, one ledger row and one subscription period; a wrong amount is answered 200, lands in 'Pagamento a revisar' " +
        '(amount_mismatch) and grants nothing; every notification is re-read from the PSP over mTLS, so a forged one ' +
        'for an unpaid charge changes nothing while the real one settles at once.',
      f,
      failures,
    );
  } finally {
    await stopApi(api);
    await psp.close();
    s.cleanup();
  }
}
