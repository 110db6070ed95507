import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RecommendedProfile } from '@fa-clube/contract';
import { ExploreRoute } from '@/app/routes/explore';
import { WS_ID, signIn } from '@/test/content';
import { mockFetch } from '@/test/fetch';
import type { Call } from '@/test/fetch';
import { renderAt } from '@/test/render';

const creator = (username: string, label: string, total = 3): RecommendedProfile => ({
  username,
  label,
  avatar_url: null,
  cover_url: null,
  description: '',
  total_content: total,
});

function exploreApi({
  recommended = [creator('diego', 'Diego Alves', 4)],
  found = [creator('anaclara', 'Ana Clara', 1)],
  searchStatus = 200,
}: {
  recommended?: RecommendedProfile[];
  found?: RecommendedProfile[];
  searchStatus?: number;
} = {}) {
  return mockFetch((call: Call) => {
    if (call.path === `/api/v1/profiles/${WS_ID}/recommended`)
      return { body: { profiles: recommended } };
    if (call.path === '/api/v1/profiles/search')
      return searchStatus === 200
        ? { body: { profiles: found } }
        : { status: searchStatus, body: { message: 'Falhou', code: 'INTERNAL' } };
    return { body: {} };
  });
}

describe("/explore ('Encontrar criadores')", () => {
  it("lists the recommended creators, each with 'Assinar' to their profile", async () => {
    signIn({ is_creator: false });
    exploreApi();
    renderAt(<ExploreRoute />, '/explore');
    expect(await screen.findByRole('heading', { name: 'Encontrar criadores' })).toBeInTheDocument();
    expect(await screen.findByTestId('explore-recommended')).toHaveTextContent('Diego Alves');
    expect(screen.getByRole('link', { name: 'Assinar Diego Alves' })).toHaveAttribute(
      'href',
      '/profile/diego',
    );
    expect(screen.getByText('@diego')).toBeInTheDocument();
    expect(screen.getByText('4 publicações')).toBeInTheDocument();
  });

  it('searches by name or @: the text goes to the server without the @, results listed', async () => {
    signIn({ is_creator: false });
    const api = exploreApi();
    renderAt(<ExploreRoute />, '/explore');
    await userEvent.type(
      await screen.findByRole('searchbox', { name: 'Buscar criadores' }),
      '@ana',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(
      await screen.findByRole('heading', { name: 'Resultados para “ana”' }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('search-results')).toHaveTextContent('Ana Clara');
    const search = api.calls.find((c) => c.path === '/api/v1/profiles/search');
    expect(search?.query.get('q')).toBe('ana');
  });

  it('refuses a search under 2 characters, without asking the server', async () => {
    signIn({ is_creator: false });
    const api = exploreApi();
    renderAt(<ExploreRoute />, '/explore');
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Buscar criadores' }), 'a');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Digite pelo menos 2 caracteres.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/v1/profiles/search')).toBe(false);
  });

  it('says when nobody matches, and when the search fails (with a retry)', async () => {
    signIn({ is_creator: false });
    exploreApi({ found: [] });
    const { unmount } = renderAt(<ExploreRoute />, '/explore?q=zzz');
    expect(await screen.findByText('Nenhum criador encontrado para “zzz”.')).toBeInTheDocument();
    unmount();
    exploreApi({ searchStatus: 500 });
    renderAt(<ExploreRoute />, '/explore?q=yyy');
    expect(await screen.findByText('Não foi possível buscar agora.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /Tentar/ })).toBeInTheDocument());
  });

  it('says when there is nobody to recommend', async () => {
    signIn({ is_creator: false });
    exploreApi({ recommended: [] });
    renderAt(<ExploreRoute />, '/explore');
    expect(
      await screen.findByText('Ainda não há criadores para recomendar. Tente a busca acima.'),
    ).toBeInTheDocument();
  });
});
