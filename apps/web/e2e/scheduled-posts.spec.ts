import { expect, test } from '@playwright/test';
import { storeSession } from './support/api';
import { closeToast, createAccount } from './support/content';
import { captureScreens } from './support/screens';

/** A São Paulo date `days` from now, as the date input takes it ('YYYY-MM-DD'). */
const saoPauloDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10);

test.describe('scheduled posts', () => {
  test("the creator schedules a post, finds it in 'Agendados', moves it and publishes it now", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const creator = await createAccount(request, { full_name: 'Rita Agenda' });
    await storeSession(page, creator.tokens);
    await page.goto('/');

    const composer = page.getByRole('form', { name: 'Nova publicação' });
    await composer.getByRole('textbox', { name: 'Nova publicação' }).fill('Lançamento de terça');
    await composer.getByRole('button', { name: 'Agendar' }).click();
    const fields = composer.getByTestId('composer-schedule');
    const day = saoPauloDay(2);
    await fields.getByLabel('Data').fill(day);
    await fields.getByLabel('Hora').fill('18:30');
    const [y, m, d] = day.split('-');
    await captureScreens(page, 'composer-schedule');
    await composer.getByRole('button', { name: 'Agendar', exact: true }).last().click();
    await expect(
      page.getByText(`Publicação agendada para ${d}/${m}/${y} às 18:30.`, { exact: true }),
    ).toBeVisible();
    await closeToast(page);

    // not in the feed: in 'Agendados', for the team only
    const scheduled = page.getByRole('region', { name: /Agendados/ });
    await expect(scheduled).toContainText('Lançamento de terça');
    await expect(scheduled).toContainText(`Agendado para ${d}/${m}/${y} às 18:30`);
    await expect(page.getByTestId('post')).toHaveCount(0);
    await captureScreens(page, 'scheduled-posts');

    // move it
    await scheduled.getByRole('button', { name: 'Mudar horário' }).click();
    const later = saoPauloDay(5);
    await scheduled.getByLabel('Data').fill(later);
    await scheduled.getByLabel('Hora').fill('09:15');
    await scheduled.getByRole('button', { name: 'Salvar horário' }).click();
    const [ly, lm, ld] = later.split('-');
    await expect(scheduled).toContainText(`Agendado para ${ld}/${lm}/${ly} às 09:15`);
    await closeToast(page);

    // publish now: it leaves 'Agendados' and opens the feed
    await scheduled.getByRole('button', { name: 'Publicar agora' }).click();
    await expect(page.getByText('Publicação publicada.', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: /Agendados/ })).toHaveCount(0);
    await expect(page.getByTestId('post').first()).toContainText('Lançamento de terça');
  });
});
