import { t as shared } from '@/i18n/subscriptions';

/**
 * Texts of the subscribers screen: the shared subscription texts (src/i18n/subscriptions.ts)
 * plus the feature's own (the list, the pending charges, payments to review), so the spec's texts
 * stay greppable and load only with the screen.
 */
export const t = {
  ...shared,
  subscriptions: {
    ...shared.subscriptions,
    subscribers: {
      title: 'Assinantes',
      description: 'Quem assina o seu perfil e os pagamentos Pix à espera da sua confirmação.',
      tabSubscribers: 'Assinantes',
      tabPending: 'Pagamentos pendentes',
      empty: 'No momento, você não tem nenhum assinante.',
      emptyText: 'Divulgue seu perfil: quando alguém assinar, aparece aqui.',
      until: (date: string) => `até ${date}`,
      automatic: 'Renovação automática',
      automaticTitle: 'Renova sozinho a cada período com Pix Automático',
      exportCsv: 'Exportar CSV',
      exportFile: 'assinantes.csv',
      pendingEmpty: 'Nenhum pagamento pendente',
      pendingEmptyText:
        'Quando um fã gerar um Pix para assinar, ele aparece aqui até você confirmar.',
      plan: 'Plano',
      value: 'Valor',
      txidShort: 'txid',
      createdAt: 'Gerado em',
      confirm: 'Confirmar pagamento',
      confirmTitle: 'Confirmar pagamento?',
      confirmText: (value: string, label: string) =>
        `Antes de confirmar, abra o app do seu banco e verifique se o Pix de ${value} de ${label} chegou na sua conta. A confirmação ativa a assinatura na hora e não pode ser desfeita.`,
      confirmTxid: (txid: string) => `Procure pelo identificador ${txid} no extrato.`,
      confirmAction: 'Confirmar recebimento',
      confirmed: (label: string) => `Pagamento confirmado. ${label} agora é assinante.`,
      ownerOnly: 'Somente o proprietário pode confirmar pagamentos.',
    },
  },
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
  refunds: {
    refund: 'Devolver',
    refundAria: (action: string, value: string, who: string) => `${action} ${value} a ${who}`,
    title: 'Devolver este Pix?',
    text: (value: string, who: string) =>
      `${value} voltam para a conta de ${who} pelo seu PSP (devolução Pix). A devolução não pode ser desfeita; o pagamento sai da lista a revisar e é lançado em Finanças.`,
    amount: 'Valor da devolução',
    endToEnd: 'ID do Pix',
    action: (value: string) => `Devolver ${value}`,
    payerUnknown: 'quem pagou',
    done: (status: string, value: string, who: string) => `${status}: ${value} para ${who}.`,
    notDone: 'O PSP não realizou a devolução. Você pode pedir de novo.',
    retry: 'Devolver de novo',
  },
  sales: {
    title: 'Vendas avulsas',
    description:
      'Conteúdos, mensagens pagas e gorjetas pagos por Pix. Um pagamento recebido pela conta conectada pode ser devolvido: o que ele comprou volta a ficar bloqueado.',
    empty: 'Nenhuma venda avulsa paga ainda.',
    emptyText: 'Posts com preço, mensagens pagas e gorjetas aparecem aqui depois do pagamento.',
    loadError: 'Não foi possível carregar as vendas avulsas.',
    confirmedByOwner: 'Confirmado por você',
  },
  unmatched: {
    title: 'Pix sem cobrança',
    description:
      'Pix que chegaram pela conta conectada sem corresponder a nenhuma cobrança deste perfil. Confira no extrato do banco; se não forem de um assinante, devolva.',
    empty: 'Nenhum Pix sem cobrança.',
    emptyText:
      'Os Pix que chegarem pela conta conectada sem cobrança correspondente aparecem aqui.',
    amount: 'Valor',
    receivedAt: 'Recebido em',
    txid: 'txid',
    noTxid: 'sem txid',
    endToEnd: 'ID do Pix',
    loadError: 'Falha ao carregar os Pix sem cobrança.',
  },
};
