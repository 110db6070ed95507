import { expect, test } from '@playwright/test';
import { createUser, signInApi, storeSession } from './support/api';
import { captureScreens } from './support/screens';

const nbsp = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');

test.describe('plans settings', () => {
  test('the creator saves the Pix data, then the three plans; they persist', async ({
    page,
    request,
  }) => {
    const creator = await createUser(request, { full_name: 'Carla Mendes' });
    await storeSession(page, await signInApi(request, creator));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/settings/plans');
    await expect(page.getByRole('heading', { name: 'Planos', level: 2 })).toBeVisible();

    // without Pix data the plans cannot be saved, and the screen says why
    const monthly = page.getByRole('form', { name: 'Mensal' });
    await monthly.getByLabel('Preço').pressSequentially('1990');
    await expect(monthly.getByLabel('Preço')).toHaveValue('R$\u00a019,90');
    await expect(monthly.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    await expect(monthly.getByText(/Cadastre os dados do Pix acima/)).toBeVisible();
    await expect(page.getByText('Pendente')).toBeVisible();
    await captureScreens(page, 'plans-settings-no-pix', { widths: [375] });

    // the Pix form: masks the phone key and checks it
    const pix = page.getByRole('form', { name: 'Recebimento por Pix' });
    await pix.getByLabel('Tipo de chave').selectOption({ label: 'Telefone' });
    await pix.getByLabel('Chave Pix').pressSequentially('0198765432');
    await pix.getByLabel('Nome do recebedor').fill('Carla Mendes');
    await pix.getByLabel('Cidade').fill('Florianópolis');
    await pix.getByRole('button', { name: 'Salvar' }).click();
    await expect(pix.getByText('Telefone inválido: informe o DDD e o número.')).toBeVisible();
    await pix.getByLabel('Chave Pix').fill('');
    await pix.getByLabel('Chave Pix').pressSequentially('48988776655');
    await expect(pix.getByLabel('Chave Pix')).toHaveValue('(48) 98877-6655');
    await pix.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Dados do Pix salvos.', { exact: true })).toBeVisible();
    await expect(page.getByText('Configurado')).toBeVisible();

    // the plans: Mensal 19,90; Trimestral 54,90 -10%; Anual 199,00 -25%
    await expect(monthly.getByRole('button', { name: 'Salvar' })).toBeEnabled();
    await monthly.getByRole('button', { name: 'Salvar' }).click();
    await expect(monthly.getByText('Publicado')).toBeVisible();
    await expect(monthly.getByRole('button', { name: 'Salvar' })).toBeDisabled();

    await page.getByRole('tab', { name: 'Trimestral' }).click();
    const quarterly = page.getByRole('form', { name: 'Trimestral' });
    await quarterly.getByLabel('Preço').pressSequentially('5490');
    await quarterly.getByLabel('Desconto (%)').fill('10');
    await expect(quarterly.getByTestId('plan-preview')).toContainText('49,41');
    await quarterly.getByRole('button', { name: 'Salvar' }).click();
    await expect(quarterly.getByText('Publicado')).toBeVisible();

    await page.getByRole('tab', { name: 'Anual' }).click();
    const yearly = page.getByRole('form', { name: 'Anual' });
    await yearly.getByLabel('Preço').pressSequentially('19900');
    await yearly.getByLabel('Desconto (%)').fill('25');
    const preview = nbsp(await yearly.getByTestId('plan-preview').textContent());
    expect(preview).toContain('R$ 149,25');
    expect(preview).toContain('Equivale a R$ 12,44 por mês.');
    await yearly.getByRole('button', { name: 'Salvar' }).click();
    await expect(yearly.getByText('Publicado')).toBeVisible();
    // no feedback on success (spec): no toast
    await expect(page.getByText('Sucesso')).toHaveCount(0);
    await captureScreens(page, 'plans-settings');

    // saved on the server
    const plans = await (await request.get(`/api/v1/plans?username=${creator.username}`)).json();
    expect(
      (plans.plans as { plan_type: string; value: number; discount: number; price: number }[])
        .map((p) => [p.plan_type, p.value, p.discount, p.price])
        .sort(),
    ).toEqual([
      ['monthly', 19.9, 0, 19.9],
      ['quarterly', 54.9, 10, 49.41],
      ['yearly', 199, 25, 149.25],
    ]);

    await page.reload();
    await page.getByRole('tab', { name: 'Anual' }).click();
    await expect(page.getByRole('form', { name: 'Anual' }).getByLabel('Preço')).toHaveValue(
      'R$\u00a0199,00',
    );
    await expect(page.getByRole('form', { name: 'Anual' }).getByLabel('Desconto (%)')).toHaveValue(
      '25',
    );
    await expect(
      page.getByRole('form', { name: 'Recebimento por Pix' }).getByLabel('Chave Pix'),
    ).toHaveValue('(48) 98877-6655');
  });
});
