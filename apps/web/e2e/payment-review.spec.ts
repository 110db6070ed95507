import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { createUser, signInApi, storeSession } from './support/api';
import { captureScreens } from './support/screens';

const nbsp = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');

test.describe('storage used and payments to review', () => {
  test('Perfil shows the space the posts take as a bar', async ({ page, request }) => {
    const user = await createUser(request, { full_name: 'Renata Lopes' });
    const tokens = await signInApi(request, user);
    const auth = { Authorization: `Bearer ${tokens.access_token}` };
    const workspaces = await (await request.get('/api/v1/workspaces', { headers: auth })).json();
    const ws = workspaces.workspaces[0].id as string;

    // a post with a noisy (so not tiny) image, through the real upload path
    const image = await sharp({
      create: {
        width: 900,
        height: 600,
        channels: 3,
        background: '#7c3aed',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    const ask = await request.post(`/api/v1/workspaces/objects/${ws}`, {
      headers: auth,
      data: { extension_type: 'jpg', size: image.length },
    });
    expect(ask.status(), await ask.text()).toBe(200);
    const upload = await ask.json();
    const put = await request.put(upload.presigned_url, {
      headers: upload.headers,
      data: image,
    });
    expect(put.status(), await put.text()).toBe(200);
    const post = await request.post(`/api/v1/content/${ws}`, {
      headers: auth,
      data: { text: 'Bastidores', attachments: [{ file_path: upload.file_path }] },
    });
    expect(post.status(), await post.text()).toBe(201);
    // what the post keeps is its image re-encoded, in each width (the upload is gone)
    const [attachment] = (await post.json()).attachments as { variants: { url: string }[] }[];
    let stored = 0;
    for (const v of attachment!.variants)
      stored += (await (await request.get(v.url)).body()).length;
    const usage = await (
      await request.get(`/api/v1/workspaces/objects/${ws}/usage`, { headers: auth })
    ).json();
    expect(usage).toEqual({ used_bytes: stored, quota_bytes: 5120 * 1024 * 1024 });

    await storeSession(page, tokens);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/settings/workspace');
    const section = page.getByRole('region', { name: 'Armazenamento' });
    await expect(section.getByText(/ KB de 5 GB usados$/)).toBeVisible();
    await expect(
      section.getByRole('progressbar', { name: 'Espaço de armazenamento usado' }),
    ).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await captureScreens(page, 'settings-storage');
  });

  test("'Pagamento a revisar' lists money that activated nothing and marks it resolved", async ({
    page,
    request,
  }) => {
    // A workspace without a PSP takes no webhooks, so no Pix can arrive here: the reviews
    // endpoint is answered at the network layer with what the API answers (a real one, through
    // the stand-in PSP and refunded, is in pix-psp.spec.ts).
    const user = await createUser(request, { full_name: 'Otávio Reis' });
    const tokens = await signInApi(request, user);
    const review = {
      id: 'E18236120202611241015s0123456789',
      txid: 'FC7Q2K9ZP4M1X8R5T3W6Y0A2B4C6D8E',
      amount: 2.99,
      currency: 'BRL',
      reason: 'amount_mismatch',
      charge_id: '3f0c1f6e-7a8b-4c2d-9e1f-2a3b4c5d6e7f',
      charge_value: 29.9,
      plan_type: 'monthly',
      kind: 'subscription',
      username: 'joana.martins',
      label: 'Joana Martins',
      paid_at: '2026-11-24T10:15:00.000Z',
      received_at: '2026-11-24T10:15:03.000Z',
      status: 'open',
      resolved_at: null as string | null,
      refundable: false,
      refund: null,
    };
    let resolved = false;
    await page.route('**/api/v1/charges/*/reviews?**', (route) =>
      route.fulfill({
        json: resolved
          ? { reviews: [], page: 0, size: 20, total: 0 }
          : { reviews: [review], page: 0, size: 20, total: 1 },
      }),
    );
    await page.route('**/api/v1/charges/*/reviews/*/resolve', (route) => {
      resolved = true;
      return route.fulfill({
        json: { ...review, status: 'resolved', resolved_at: '2026-11-24T11:00:00.000Z' },
      });
    });

    await storeSession(page, tokens);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/subscribers');
    await page.getByRole('tab', { name: /Pagamentos pendentes/ }).click();
    const section = page.getByRole('region', { name: /Pagamento a revisar/ });
    const row = section.getByTestId('payment-review');
    await expect(row.getByText('Joana Martins')).toBeVisible();
    expect(nbsp(await row.textContent())).toContain('R$ 2,99');
    expect(nbsp(await row.textContent())).toContain('Cobrança de R$ 29,90');
    await expect(row.getByText('Valor diferente da cobrança')).toBeVisible();
    await expect(page.getByText('Nenhum pagamento pendente')).toBeVisible();
    await captureScreens(page, 'payment-review');

    await row.getByRole('button', { name: 'Marcar como resolvido' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Joana Martins');
    await captureScreens(page, 'payment-review-confirm', { widths: [375], fullPage: false });
    await dialog.getByRole('button', { name: 'Marcar como resolvido' }).click();
    await expect(
      page.getByText('Pagamento marcado como resolvido.', { exact: true }),
    ).toBeVisible();
    await expect(section).toBeHidden();
  });
});
