import { expect, test } from '@playwright/test';
import { createUser, extractLink, latestEmail, signInApi, storeSession } from './support/api';
import { captureScreens } from './support/screens';

test.describe('team members and invitations', () => {
  test('the owner invites; the invitee signs in from the e-mail, accepts and sees the team read-only; the owner removes the member and an invitation', async ({
    browser,
    page,
    request,
  }) => {
    // two browsers and the screenshots of every state, light and dark, at three widths
    test.setTimeout(180_000);
    const owner = await createUser(request, { full_name: 'Olivia Castro' });
    const invitee = await createUser(request, { full_name: 'Bruno Reis' });
    const pendingEmail = `pendente.${Date.now().toString(36)}@example.com`;
    await storeSession(page, await signInApi(request, owner));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/settings/members');
    await expect(page.getByRole('heading', { name: 'Membros da Equipe', level: 2 })).toBeVisible();
    const team = page.getByRole('list', { name: 'Membros da equipe' });
    await expect(team.getByRole('listitem', { name: 'Olivia Castro' })).toContainText(
      'Proprietário',
    );
    // the owner cannot remove themself
    await expect(page.getByRole('button', { name: 'Remover Olivia Castro' })).toBeDisabled();

    // invite: the button waits for a valid e-mail
    const form = page.getByRole('form', { name: 'Convidar membro' });
    const email = form.getByLabel('E-mail');
    const invite = form.getByRole('button', { name: 'Convidar' });
    await email.fill('bruno@exemplo');
    await expect(invite).toBeDisabled();
    await email.fill(invitee.email);
    await invite.click();
    await expect(page.getByText('Membro convidado com sucesso.').first()).toBeVisible();
    await expect(email).toHaveValue('');
    await email.fill(pendingEmail);
    await invite.click();
    await expect(page.getByTestId('last-invite')).toContainText(
      `Convite enviado para ${pendingEmail}.`,
    );
    await expect(page.getByRole('textbox', { name: 'Link do convite' })).toHaveValue(
      /\/invitation\//,
    );
    const pendingPath = new URL(
      await page.getByRole('textbox', { name: 'Link do convite' }).inputValue(),
    ).pathname;

    await page.getByRole('tab', { name: 'Convites Pendentes' }).click();
    const pending = page.getByRole('list', { name: 'Convites pendentes' });
    await expect(pending.getByRole('listitem', { name: invitee.email })).toBeVisible();
    await expect(pending.getByRole('listitem', { name: pendingEmail })).toBeVisible();
    await captureScreens(page, 'members-invitations');
    await page.getByRole('tab', { name: 'Membros da Equipe' }).click();

    // the invitee follows the e-mailed link while signed out → login → back to the invitation
    const mail = await latestEmail(invitee.email, (m) => m.subject.includes('Convite'));
    const link = extractLink(mail, '/invitation/');
    const inviteePage = await (await browser.newContext()).newPage();
    await inviteePage.setViewportSize({ width: 1440, height: 900 });
    await inviteePage.goto(link);
    const invitationPath = new URL(link).pathname;
    await expect(inviteePage).toHaveURL(`/login?return_to=${encodeURIComponent(invitationPath)}`);
    await expect(inviteePage.getByRole('heading', { name: 'Entrar' })).toBeVisible();
    await inviteePage.getByLabel('E-mail').fill(invitee.email);
    await inviteePage.getByLabel('Senha', { exact: true }).fill(invitee.password);
    await inviteePage.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(inviteePage).toHaveURL(invitationPath);
    await expect(
      inviteePage.getByRole('heading', {
        name: 'Você foi convidado para a equipe de Olivia Castro',
      }),
    ).toBeVisible();
    await expect(inviteePage.getByText(`@${owner.username}`)).toBeVisible();
    await captureScreens(inviteePage, 'invitation-pending');

    await inviteePage.getByRole('button', { name: 'Aceitar convite' }).click();
    await expect(inviteePage).toHaveURL('/dashboard');
    await expect(
      inviteePage
        .getByText('Convite aceito. Agora você faz parte da equipe de Olivia Castro.')
        .first(),
    ).toBeVisible();
    expect(
      JSON.parse((await inviteePage.evaluate(() => localStorage.getItem('workspace')))!),
    ).toMatchObject({ username: owner.username, is_owner: false });
    await expect(
      inviteePage
        .getByRole('button', { name: 'Trocar espaço de trabalho' })
        .getByText('Olivia Castro'),
    ).toBeVisible();

    // the member sees the team read-only
    await inviteePage.goto('/settings/members');
    await expect(
      inviteePage.getByText('Você faz parte desta equipe como membro.', { exact: false }),
    ).toBeVisible();
    const memberForm = inviteePage.getByRole('form', { name: 'Convidar membro' });
    await expect(memberForm.getByLabel('E-mail')).toBeDisabled();
    await expect(memberForm.getByRole('button', { name: 'Convidar' })).toBeDisabled();
    await expect(
      inviteePage
        .getByRole('list', { name: 'Membros da equipe' })
        .getByRole('listitem', { name: 'Bruno Reis' }),
    ).toContainText('Membro');
    for (const name of ['Remover Olivia Castro', 'Remover Bruno Reis'])
      await expect(inviteePage.getByRole('button', { name })).toBeDisabled();
    await expect(inviteePage.getByRole('region', { name: 'Zona de perigo' })).toHaveCount(0);
    await captureScreens(inviteePage, 'members-member-view');
    await inviteePage.getByRole('tab', { name: 'Convites Pendentes' }).click();
    await expect(
      inviteePage.getByRole('button', { name: `Excluir convite para ${pendingEmail}` }),
    ).toBeDisabled();

    // ... and the profile settings read-only too
    await inviteePage.goto('/settings/workspace');
    await expect(
      inviteePage.getByText('Apenas o proprietário do espaço de trabalho pode editar o perfil.'),
    ).toBeVisible();
    await expect(inviteePage.getByLabel('Nome do espaço de trabalho')).toBeDisabled();
    await expect(inviteePage.getByRole('button', { name: 'Alterar capa' })).toBeDisabled();
    await captureScreens(inviteePage, 'workspace-settings-member-view');

    // someone else opens an invitation sent to another e-mail: sign out, sign in with that one
    const stranger = await createUser(request, { full_name: 'Diego Alves' });
    const strangerPage = await (await browser.newContext()).newPage();
    await storeSession(strangerPage, await signInApi(request, stranger));
    await strangerPage.goto(pendingPath);
    await expect(
      strangerPage.getByRole('heading', { name: 'Este convite é para outro e-mail' }),
    ).toBeVisible();
    await expect(
      strangerPage.getByText(`Você entrou como ${stranger.email}.`, { exact: false }),
    ).toBeVisible();
    await expect(strangerPage.getByRole('button', { name: 'Aceitar convite' })).toHaveCount(0);
    await captureScreens(strangerPage, 'invitation-not-for-you');
    await strangerPage.getByRole('button', { name: 'Sair e entrar com outra conta' }).click();
    await expect(strangerPage).toHaveURL(`/login?return_to=${encodeURIComponent(pendingPath)}`);
    await expect(strangerPage.getByRole('heading', { name: 'Entrar' })).toBeVisible();
    // the login route ends the session once it is on screen (an effect after its first paint)
    await expect.poll(() => strangerPage.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await strangerPage.context().close();

    // the owner removes the member (the server's message) and the pending invitation
    await page.reload();
    await page.getByRole('button', { name: 'Remover Bruno Reis' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remover membro?' });
    await dialog.getByRole('button', { name: 'Remover' }).click();
    await expect(page.getByText('Bruno Reis foi removido(a) da equipe.').first()).toBeVisible();
    await expect(team.getByRole('listitem', { name: 'Bruno Reis' })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Convites Pendentes' }).click();
    await page.getByRole('button', { name: `Excluir convite para ${pendingEmail}` }).click();
    await expect(page.getByText('Convite para a equipe removido.').first()).toBeVisible();
    await expect(page.getByText('Nenhum convite encontrado')).toBeVisible();
    await page.getByRole('tab', { name: 'Membros da Equipe' }).click();
    await captureScreens(page, 'members-owner');

    // the used link now says so
    await inviteePage.goto(invitationPath);
    await expect(
      inviteePage.getByRole('heading', { name: 'Este convite já foi usado' }),
    ).toBeVisible();
    await captureScreens(inviteePage, 'invitation-used');
  });

  test('switch to a second workspace and delete it by typing its username; the last one is kept', async ({
    page,
    request,
  }) => {
    const owner = await createUser(request, { full_name: 'Carla Nunes' });
    const tokens = await signInApi(request, owner);
    const second = `${owner.username.slice(0, 22)}.loja`;
    const created = await request.post('/api/v1/workspaces', {
      data: { label: 'Loja da Carla', username: second },
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    expect(created.status(), await created.text()).toBe(201);
    await storeSession(page, tokens);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/settings/members');

    // the switcher lists both; choosing one refetches the page for it
    await page.getByRole('button', { name: 'Trocar espaço de trabalho' }).click();
    await page.getByRole('menuitemradio', { name: /Loja da Carla/ }).click();
    await expect(
      page.getByRole('button', { name: 'Trocar espaço de trabalho' }).getByText('Loja da Carla'),
    ).toBeVisible();
    await expect(
      page
        .getByRole('navigation', { name: 'Navegação principal' })
        .getByRole('link', { name: 'Perfil' }),
    ).toHaveAttribute('href', `/profile/${second}`);

    await page.getByRole('button', { name: 'Excluir espaço de trabalho' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Excluir este espaço de trabalho?' });
    const confirm = dialog.getByRole('button', { name: 'Excluir definitivamente' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Nome de usuário do espaço de trabalho').fill(owner.username);
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Nome de usuário do espaço de trabalho').fill(second);
    await captureScreens(page, 'members-delete-dialog', {
      fullPage: false,
      prepare: async (p) => {
        await expect(p.getByRole('alertdialog')).toBeVisible();
      },
    });
    await confirm.click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByText('Espaço de trabalho excluído.').first()).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Trocar espaço de trabalho' }).getByText('Carla Nunes'),
    ).toBeVisible();
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('workspace')))!),
    ).toMatchObject({ username: owner.username, is_owner: true });

    // the API keeps the last own workspace: its message is shown
    await page.goto('/settings/members');
    await page.getByRole('button', { name: 'Excluir espaço de trabalho' }).click();
    const again = page.getByRole('alertdialog', { name: 'Excluir este espaço de trabalho?' });
    await again.getByLabel('Nome de usuário do espaço de trabalho').fill(owner.username);
    await again.getByRole('button', { name: 'Excluir definitivamente' }).click();
    await expect(again.getByRole('alert')).toHaveText(
      'Você precisa manter pelo menos um espaço de trabalho próprio. Crie outro antes de excluir este.',
    );
    await expect(page).toHaveURL('/settings/members');
  });
});
