import { expect, test } from '@playwright/test';
import { confirmEmail, latestEmail, storeSession } from './support/api';
import { closeToast, createAccount, makeJpeg, scrollToTop, setUpPlans } from './support/content';
import { captureScreens } from './support/screens';

test.describe('apps: trueid age verification', () => {
  test('the creator installs trueid and asks for age checks; a fan is blocked, verifies, is approved and subscribes', async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const creator = await createAccount(request, { full_name: 'Carla Mendes' });
    const fan = await createAccount(request, { full_name: 'Bruno Lima' });
    // the decision is e-mailed only to a fan's confirmed address
    await confirmEmail(request, fan.user.email);
    await setUpPlans(request, creator);

    // ---- the creator: Configurações › Apps, install trueid, open it, turn the age check on
    const creatorContext = await browser.newContext();
    const creatorPage = await creatorContext.newPage();
    await creatorPage.setViewportSize({ width: 1440, height: 900 });
    await storeSession(creatorPage, creator.tokens);
    await creatorPage.goto('/settings/apps');
    await expect(creatorPage.getByRole('heading', { name: 'Apps', level: 2 })).toBeVisible();
    const card = creatorPage.getByRole('group', { name: 'TrueID — verificação de identidade' });
    await expect(card.getByText('Não instalado')).toBeVisible();
    await expect(creatorPage.getByRole('group', { name: 'E-mail marketing' })).toBeVisible();
    await captureScreens(creatorPage, 'apps-catalogue');

    await card.getByRole('switch', { name: /Instalar TrueID/ }).click();
    await expect(card.getByText('Instalado', { exact: true })).toBeVisible();
    await expect(
      creatorPage.getByText('TrueID — verificação de identidade instalado.', { exact: true }),
    ).toBeVisible();
    await closeToast(creatorPage);
    await card.getByRole('link', { name: /Abrir TrueID/ }).click();
    await expect(creatorPage).toHaveURL('/settings/apps/trueid');
    await expect(creatorPage.getByText('Nenhum cliente nesta situação.')).toBeVisible();
    const ageSwitch = creatorPage.getByRole('switch', {
      name: 'Exigir verificação de idade para assinar',
    });
    await expect(ageSwitch).toHaveAttribute('aria-checked', 'false');
    await ageSwitch.click();
    await creatorPage.getByRole('button', { name: 'Salvar' }).click();
    await expect(creatorPage.getByText('Configurações salvas.', { exact: true })).toBeVisible();
    await closeToast(creatorPage);
    await captureScreens(creatorPage, 'trueid-empty', { prepare: scrollToTop });

    // ---- the fan tries to subscribe and is sent to the verification screen
    const fanContext = await browser.newContext();
    const fanPage = await fanContext.newPage();
    await fanPage.setViewportSize({ width: 1440, height: 900 });
    await storeSession(fanPage, fan.tokens);
    await fanPage.goto(`/profile/${creator.user.username}`);
    await fanPage
      .getByTestId('profile-plans')
      .getByRole('button', { name: 'Assinar o plano Mensal' })
      .click();
    await expect(fanPage).toHaveURL(`/verification/${creator.user.username}`);
    // the toast itself (Radix also mirrors its text, for a moment, in a screen-reader announcer)
    await expect(
      fanPage
        .locator('li[data-kind]')
        .getByText('Este criador exige a verificação de idade para assinar.', { exact: false }),
    ).toBeVisible();
    await closeToast(fanPage);
    await expect(fanPage.getByRole('heading', { name: 'Verificação de idade' })).toBeVisible();
    await captureScreens(fanPage, 'verification-form', { prepare: scrollToTop });

    // under 18 is refused
    const seventeen = `${new Date().getFullYear() - 17}-06-15`;
    await fanPage.getByLabel('Nome completo').fill('Bruno Lima Souza');
    await fanPage.getByLabel('CPF').fill('529.982.247-25');
    await fanPage.getByLabel('Data de nascimento').fill(seventeen);
    await fanPage.getByLabel('Documento com foto').selectOption({ label: 'CNH' });
    await fanPage.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(
      fanPage.getByText('É preciso ter 18 anos ou mais para assinar este criador.').first(),
    ).toBeVisible();
    await closeToast(fanPage);

    // an adult: data, both sides of the document and a selfie, then review
    await fanPage.getByLabel('Data de nascimento').fill('1995-03-10');
    await fanPage.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(
      fanPage.getByRole('button', { name: 'Escolher arquivo: Frente do documento' }),
    ).toBeEnabled();
    const photo = await makeJpeg(900, 600, 200);
    for (const [label, hue] of [
      ['Frente do documento', 200],
      ['Verso do documento', 120],
      ['Selfie segurando o documento', 30],
    ] as const) {
      await fanPage.getByLabel(label, { exact: true }).setInputFiles({
        name: `${hue}.jpg`,
        mimeType: 'image/jpeg',
        buffer: hue === 200 ? photo : await makeJpeg(900, 600, hue),
      });
      await expect(fanPage.getByRole('button', { name: `Trocar: ${label}` })).toBeVisible();
    }
    await captureScreens(fanPage, 'verification-files', { prepare: scrollToTop });
    await fanPage.getByRole('button', { name: 'Enviar para análise' }).click();
    await expect(fanPage.getByText('Documentos em análise')).toBeVisible();
    await captureScreens(fanPage, 'verification-in-review');

    // still blocked while in review
    await fanPage.goto(`/profile/${creator.user.username}`);
    await fanPage
      .getByTestId('profile-plans')
      .getByRole('button', { name: 'Assinar o plano Mensal' })
      .click();
    await expect(fanPage).toHaveURL(`/verification/${creator.user.username}`);
    await closeToast(fanPage);

    // ---- the creator reviews: documents side by side, approve
    await creatorPage.reload();
    const list = creatorPage.getByRole('list', { name: 'Clientes da verificação' });
    const row = list.getByRole('listitem', { name: 'Bruno Lima Souza' });
    await expect(row).toContainText('529.982.247-25');
    await expect(row).toContainText('Em análise');
    await captureScreens(creatorPage, 'trueid-list', { prepare: scrollToTop });
    await row.getByRole('button', { name: 'Analisar Bruno Lima Souza' }).click();
    const dialog = creatorPage.getByRole('dialog');
    await expect(
      dialog.getByRole('heading', { name: 'Verificação de Bruno Lima Souza' }),
    ).toBeVisible();
    for (const name of ['Frente do documento', 'Verso do documento', 'Selfie']) {
      const img = dialog.getByRole('img', { name });
      await expect(img).toBeVisible();
      await expect
        .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
    }
    await expect(dialog).toContainText('10/03/1995');
    await expect(dialog.getByText('Registro de acessos')).toBeVisible();
    await expect(dialog.getByText(`@${creator.user.username}`).first()).toBeVisible();
    await captureScreens(creatorPage, 'trueid-review', { fullPage: false });
    await dialog.getByRole('button', { name: 'Aprovar' }).click();
    await expect(
      creatorPage.getByText('Bruno Lima Souza foi aprovado(a). Avisamos por e-mail.', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // ---- the fan is told by e-mail and subscribes
    const mail = await latestEmail(fan.user.email, (m) => m.subject.includes('foi aprovada'));
    expect(mail.text).toContain(`/profile/${creator.user.username}`);
    await fanPage.goto(`/verification/${creator.user.username}`);
    await expect(fanPage.getByText('Verificação aprovada')).toBeVisible();
    await captureScreens(fanPage, 'verification-approved');
    await fanPage.getByRole('link', { name: 'Ir para o perfil e assinar' }).click();
    await fanPage
      .getByTestId('profile-plans')
      .getByRole('button', { name: 'Assinar o plano Mensal' })
      .click();
    const subscribe = fanPage.getByRole('dialog');
    await expect(subscribe.getByText('Formas de pagamento')).toBeVisible();
    await expect(subscribe.getByLabel('Pix copia e cola')).toHaveValue(/^000201/);

    await creatorContext.close();
    await fanContext.close();
  });
});
