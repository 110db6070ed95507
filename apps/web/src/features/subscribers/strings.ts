import { t as shell } from '@/i18n/pt-BR';

/**
 * Texts of the subscribers screen: the shell's strings (src/i18n/pt-BR.ts) plus the feature's
 * own (payments to review), so the spec's texts stay greppable.
 */
export const t = {
  ...shell,
  reviews: {
    title: 'Pagamento a revisar',
    description:
      'Pix que chegaram na sua conta mas não ativaram nenhuma assinatura. Devolva ou credite o valor ao assinante e marque como resolvido.',
    received: 'Recebido',
    reason: 'Motivo',
    receivedAt: 'Recebido em',
    charge: (value: string) => `Cobrança de ${value}`,
    endToEnd: 'ID do Pix',
    resolve: 'Marcar como resolvido',
    resolveTitle: 'Marcar como resolvido?',
    resolveText: (value: string, label: string) =>
      `Confirme que você já devolveu ou creditou o Pix de ${value} de ${label}. O pagamento sai desta lista.`,
    resolveAction: 'Marcar como resolvido',
    resolved: 'Pagamento marcado como resolvido.',
    alreadyResolved: 'Este pagamento já tinha sido marcado como resolvido.',
    loadError: 'Falha ao carregar os pagamentos a revisar.',
    more: 'Carregar mais',
  },
};
