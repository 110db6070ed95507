import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch';
import type { Call } from '@/test/fetch';
import { renderAt } from '@/test/render';
import { WS_ID, makePost, signIn } from '@/test/content';
import { Composer } from './components/composer';
import { ScheduledPosts } from './components/scheduled-posts';
import { isoToSaoPaulo, saoPauloToIso, scheduleError, scheduledAt } from './lib/schedule';

const DAY = 86_400_000;

describe('schedule helpers (São Paulo, UTC−3)', () => {
  it('turns a São Paulo date and time into ISO 8601 with -03:00, and back', () => {
    expect(saoPauloToIso('2026-12-24', '18:30')).toBe('2026-12-24T18:30:00-03:00');
    expect(saoPauloToIso('2026-12-24', '')).toBeNull();
    expect(isoToSaoPaulo('2026-12-24T21:30:00Z')).toEqual({ date: '2026-12-24', time: '18:30' });
    expect(scheduledAt('2026-12-24T21:30:00Z')).toBe('24/12/2026 às 18:30');
  });

  it('refuses the past, beyond a year and an incomplete time, in pt-BR', () => {
    const now = Date.parse('2026-12-07T12:00:00Z');
    expect(scheduleError('2026-12-07T08:00:00-03:00', now)).toBe(
      'Escolha uma data e hora no futuro.',
    );
    expect(scheduleError('2027-12-09T10:00:00-03:00', now)).toBe(
      'Agende para no máximo um ano a partir de hoje.',
    );
    expect(scheduleError(null, now)).toBe('Informe a data e a hora da publicação.');
    expect(scheduleError('2026-12-08T10:00:00-03:00', now)).toBeNull();
  });
});

describe("the composer's 'Agendar'", () => {
  it('sends publish_at in São Paulo time and says when it will be published', async () => {
    signIn();
    const calls: Call[] = [];
    mockFetch((call) => {
      calls.push(call);
      if (call.path === `/api/v1/content/${WS_ID}`)
        return { status: 201, body: makePost({ is_owner: true }) };
      return { body: {} };
    });
    renderAt(<Composer workspaceId={WS_ID} authorName="Maria" />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Nova publicação' }), {
      target: { value: 'Post de terça' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Agendar' }));
    const fields = screen.getByTestId('composer-schedule');
    const date = within(fields).getByLabelText('Data');
    const time = within(fields).getByLabelText('Hora');
    const send = screen.getByRole('button', { name: 'Agendar' });

    // a time in the past: the error, and the button stays off
    fireEvent.change(date, { target: { value: isoToSaoPaulo(new Date(Date.now() - DAY)).date } });
    expect(await within(fields).findByRole('alert')).toHaveTextContent(
      'Escolha uma data e hora no futuro.',
    );
    expect(send).toBeDisabled();

    const day = isoToSaoPaulo(new Date(Date.now() + 3 * DAY)).date;
    fireEvent.change(date, { target: { value: day } });
    fireEvent.change(time, { target: { value: '18:30' } });
    expect(within(fields).queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.click(send);

    const [d, m, y] = [day.slice(8, 10), day.slice(5, 7), day.slice(0, 4)];
    expect(
      await screen.findByText(`Publicação agendada para ${d}/${m}/${y} às 18:30.`),
    ).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path === `/api/v1/content/${WS_ID}`);
    expect(post?.body).toEqual({
      text: 'Post de terça',
      attachments: [],
      publish_at: `${day}T18:30:00-03:00`,
    });
    // the schedule is cleared with the text
    await waitFor(() => expect(screen.queryByTestId('composer-schedule')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Publicar' })).toBeInTheDocument();
  });

  it('publishes at once when Agendar is turned off again', async () => {
    signIn();
    const calls: Call[] = [];
    mockFetch((call) => {
      calls.push(call);
      if (call.path === `/api/v1/content/${WS_ID}`)
        return { status: 201, body: makePost({ is_owner: true }) };
      return { body: {} };
    });
    renderAt(<Composer workspaceId={WS_ID} authorName="Maria" />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Nova publicação' }), {
      target: { value: 'Agora mesmo' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Agendar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Não agendar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Sua publicação foi postada com sucesso.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path === `/api/v1/content/${WS_ID}`);
    expect(post?.body).not.toHaveProperty('publish_at');
  });
});

describe("'Agendados'", () => {
  it("lists the scheduled posts with 'Agendado para …', 'Publicar agora' and 'Mudar horário'", async () => {
    signIn();
    const calls: Call[] = [];
    const at = new Date(Date.now() + 2 * DAY).toISOString();
    const scheduled = makePost({ is_owner: true, description: 'Post do Natal' });
    mockFetch((call) => {
      calls.push(call);
      if (call.path === `/api/v1/contents/${WS_ID}/scheduled`)
        return { body: { contents: [{ ...scheduled, scheduled: true, publish_at: at }] } };
      if (call.method === 'PATCH') return { body: { ...scheduled } };
      return { body: {} };
    });
    renderAt(<ScheduledPosts ws={WS_ID} />);
    const list = await screen.findByRole('region', { name: /Agendados/ });
    expect(within(list).getByText('Post do Natal')).toBeInTheDocument();
    expect(within(list).getByText(`Agendado para ${scheduledAt(at)}`)).toBeInTheDocument();

    await userEvent.click(within(list).getByRole('button', { name: 'Mudar horário' }));
    const day = isoToSaoPaulo(new Date(Date.now() + 5 * DAY)).date;
    fireEvent.change(within(list).getByLabelText('Data'), { target: { value: day } });
    fireEvent.change(within(list).getByLabelText('Hora'), { target: { value: '07:15' } });
    await userEvent.click(within(list).getByRole('button', { name: 'Salvar horário' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        publish_at: `${day}T07:15:00-03:00`,
      }),
    );

    await userEvent.click(await within(list).findByRole('button', { name: 'Publicar agora' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toContainEqual({
        publish_at: null,
      }),
    );
    expect(calls.find((c) => c.method === 'PATCH')?.path).toBe(
      `/api/v1/content/${WS_ID}/${scheduled.id}`,
    );
  });
});
