/**
 * The 'Sem conexão' bar's texts (components/layout/offline-bar.tsx): loaded with the bar, after
 * the first page, not in every page's first load.
 */
export const t = {
  offline: {
    title: 'Sem conexão',
    text: 'O que você escrever fica guardado até a internet voltar.',
  },
} as const;
