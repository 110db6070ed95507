import { expect } from '@playwright/test';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { becomeCreator, createUser, signInApi } from './api';
import type { Tokens, UserData } from './api';

/** API-side setup for the content journeys: creators, posts, Pix, plans and paid subscriptions. */

export interface Account {
  user: UserData;
  tokens: Tokens;
  /** The user's own workspace (same username). */
  workspaceId: string;
}

const auth = (account: Account) => ({
  Authorization: `Bearer ${account.tokens.access_token}`,
  'X-Device-Type': 'desktop',
});

/**
 * Signs up and in; `workspaceId` is the user's own workspace. By default the account has chosen
 * 'Quero ser criador' (the journeys here are about creators' screens); `creator: false` keeps
 * the fan-first home of a fresh sign-up (issue 34).
 */
export async function createAccount(
  request: APIRequestContext,
  overrides: Partial<UserData> = {},
  { creator = true }: { creator?: boolean } = {},
): Promise<Account> {
  const user = await createUser(request, overrides);
  const tokens = await signInApi(request, user);
  if (creator) await becomeCreator(request, tokens);
  const res = await request.get('/api/v1/workspaces', {
    headers: { Authorization: `Bearer ${tokens.access_token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { workspaces } = (await res.json()) as {
    workspaces: { id: string; username: string }[];
  };
  const own = workspaces.find((w) => w.username === user.username);
  if (!own) throw new Error(`no workspace for ${user.username}`);
  return { user, tokens, workspaceId: own.id };
}

/** A real PNG (sharp): a soft diagonal gradient with a few circles, `width` × `height`. */
export async function makePng(width = 1200, height = 900, hue = 265): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue} 80% 60%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360} 85% 55%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.3}" cy="${height * 0.4}" r="${height * 0.22}" fill="rgba(255,255,255,0.35)"/>
    <circle cx="${width * 0.72}" cy="${height * 0.62}" r="${height * 0.3}" fill="rgba(255,255,255,0.18)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A real JPEG (sharp). */
export async function makeJpeg(width = 1080, height = 1350, hue = 20): Promise<Buffer> {
  return sharp(await makePng(width, height, hue))
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * A real, playable MP4 of about 1.5 s (320×180, changing colours and a frame counter), recorded
 * by Chromium's MediaRecorder from a canvas. The server accepts it (ftyp isom, video/mp4) and
 * the browser decodes it, so the composer can capture a poster frame.
 */
export async function makeMp4(browser: Browser, seconds = 1.5): Promise<Buffer> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const base64 = await page.evaluate(async (ms) => {
      const type = ['video/mp4;codecs=avc1', 'video/mp4'].find((t) =>
        MediaRecorder.isTypeSupported(t),
      );
      if (!type) throw new Error('this Chromium cannot record MP4');
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 180;
      const ctx = canvas.getContext('2d')!;
      let frame = 0;
      const paint = () => {
        const g = ctx.createLinearGradient(0, 0, 320, 180);
        g.addColorStop(0, `hsl(${(260 + frame * 4) % 360} 80% 55%)`);
        g.addColorStop(1, `hsl(${(320 + frame * 4) % 360} 85% 60%)`);
        ctx.fillStyle = g;
        ctx.fillRect(0, 0, 320, 180);
        ctx.fillStyle = '#fff';
        ctx.font = 'bold 56px sans-serif';
        ctx.fillText(String(frame++), 130, 110);
      };
      paint();
      const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: type });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => chunks.push(e.data);
      const timer = setInterval(paint, 33);
      recorder.start();
      await new Promise((r) => setTimeout(r, ms));
      recorder.stop();
      await new Promise((r) => (recorder.onstop = r));
      clearInterval(timer);
      const blob = new Blob(chunks, { type: 'video/mp4' });
      return new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
        reader.readAsDataURL(blob);
      });
    }, seconds * 1000);
    return Buffer.from(base64, 'base64');
  } finally {
    await context.close();
  }
}

/** Uploads bytes to the workspace store: POST /workspaces/objects/{ws}, then PUT. */
export async function uploadObject(
  request: APIRequestContext,
  account: Account,
  bytes: Buffer,
  extension: 'png' | 'jpg' | 'mp4',
): Promise<string> {
  const res = await request.post(`/api/v1/workspaces/objects/${account.workspaceId}`, {
    headers: auth(account),
    data: { extension_type: extension, size: bytes.length },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { presigned_url, file_path, headers } = (await res.json()) as {
    presigned_url: string;
    file_path: string;
    headers: Record<string, string>;
  };
  const put = await request.put(presigned_url, { headers, data: bytes });
  expect(put.ok(), await put.text()).toBe(true);
  return file_path;
}

export interface PostInput {
  text: string;
  file?: { bytes: Buffer; extension: 'png' | 'jpg' | 'mp4'; poster?: Buffer };
}

/** POST /content/{ws}: a post with an optional attachment (and a video's poster). */
export async function createPost(
  request: APIRequestContext,
  account: Account,
  input: PostInput,
): Promise<{ id: string }> {
  const attachments = [];
  if (input.file) {
    const filePath = await uploadObject(request, account, input.file.bytes, input.file.extension);
    const posterPath = input.file.poster
      ? await uploadObject(request, account, input.file.poster, 'jpg')
      : undefined;
    attachments.push({
      file_path: filePath,
      label: `anexo.${input.file.extension}`,
      ...(posterPath ? { poster_path: posterPath } : {}),
    });
  }
  const res = await request.post(`/api/v1/content/${account.workspaceId}`, {
    headers: auth(account),
    data: { text: input.text, attachments },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

/** The creator's Pix receiving data and a monthly plan (R$ 19,90). */
export async function setUpPlans(request: APIRequestContext, creator: Account) {
  const pix = await request.put(`/api/v1/workspaces/${creator.workspaceId}/pix`, {
    headers: auth(creator),
    data: { key: '52998224725', key_type: 'cpf', name: 'Carla Mendes', city: 'Sao Paulo' },
  });
  expect(pix.ok(), await pix.text()).toBe(true);
  for (const [plan_type, value, discount] of [
    ['monthly', 19.9, 0],
    ['quarterly', 54.9, 10],
    ['yearly', 199, 25],
  ] as const) {
    const plan = await request.post(`/api/v1/workspaces/${creator.workspaceId}/plan`, {
      headers: auth(creator),
      data: { value, discount, plan_type },
    });
    expect(plan.ok(), await plan.text()).toBe(true);
  }
}

/** The fan opens a monthly charge and the creator confirms it: an active subscription. */
export async function subscribeAndPay(request: APIRequestContext, creator: Account, fan: Account) {
  const charge = await request.post(
    `/api/v1/subscribe/plan?username=${creator.user.username}&plan_type=monthly`,
    { headers: auth(fan) },
  );
  expect(charge.ok(), await charge.text()).toBe(true);
  const { charge: summary } = (await charge.json()) as { charge: { id: string } };
  const confirm = await request.post(
    `/api/v1/charges/${creator.workspaceId}/${summary.id}/confirm`,
    { headers: auth(creator) },
  );
  expect(confirm.ok(), await confirm.text()).toBe(true);
}

/** Closes the toast on screen, if any (before a screenshot). */
export async function closeToast(page: Page) {
  const toast = page.locator('li[data-kind]');
  if ((await toast.count()) > 0) {
    await toast.getByRole('button', { name: 'Fechar' }).click();
    await expect(toast).toHaveCount(0);
  }
}

/** captureScreens' `prepare`: the top of the page (the sticky bars sit where they belong). */
export async function scrollToTop(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
}
