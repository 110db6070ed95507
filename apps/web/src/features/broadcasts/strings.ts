import { t as sales } from '@/i18n/sales';

/** Texts of 'Mensagem para todos' and of the welcome message (issue 32). */
export const t = {
  ...sales,
  broadcasts: {
    title: 'Mensagem para todos',
    description:
      'Envie uma mensagem para a conversa de cada fã de uma vez. Fãs silenciados ou que desligaram estas mensagens não recebem.',
    formTitle: 'Nova mensagem',
    text: 'Mensagem',
    textPlaceholder: 'Escreva para os seus fãs…',
    audience: 'Enviar para',
    audiences: {
      subscribers: 'Todos os assinantes ativos',
      'subscribers:monthly': 'Assinantes do plano mensal',
      'subscribers:quarterly': 'Assinantes do plano trimestral',
      'subscribers:yearly': 'Assinantes do plano anual',
      former_subscribers: 'Ex-assinantes (últimos 180 dias)',
    } as Record<string, string>,
    attach: 'Anexar imagem ou vídeo',
    removeAttachment: 'Remover anexo',
    uploading: (percent: number) => `Enviando arquivo… ${percent}%`,
    price: 'Preço para desbloquear',
    priceHint: 'Cada fã paga uma vez por Pix para ver a imagem ou o vídeo.',
    needsAttachment: 'Anexe uma imagem ou um vídeo para vender a mensagem.',
    send: 'Enviar para todos',
    sending: 'Enviando…',
    queued: (n: number) =>
      n === 1 ? 'Mensagem a caminho de 1 fã.' : `Mensagem a caminho de ${n} fãs.`,
    listTitle: 'Enviadas',
    empty: 'Nenhuma mensagem para todos ainda',
    emptyText: 'As mensagens enviadas aparecem aqui com entregas, leituras e vendas.',
    statusSending: 'Enviando',
    statusSent: 'Enviada',
    counts: {
      recipients: 'Destinatários',
      delivered: 'Entregues',
      read: 'Lidas',
      purchased: 'Compradas',
      revenue: 'Receita',
    },
    skipped: (n: number) => (n === 1 ? '1 fã não quis receber' : `${n} fãs não quiseram receber`),
    withImage: 'Com imagem',
    withVideo: 'Com vídeo',
    unsupportedFile: 'Envie uma imagem JPEG ou PNG, ou um vídeo MP4.',
  },
  welcome: {
    title: 'Mensagem de boas-vindas',
    description:
      'Enviada automaticamente na conversa de cada fã quando a primeira assinatura dele fica ativa.',
    enabled: 'Enviar mensagem de boas-vindas',
    save: 'Salvar mensagem de boas-vindas',
    saved: 'Mensagem de boas-vindas salva.',
    readOnly: 'Apenas o proprietário pode alterar a mensagem de boas-vindas.',
  },
};
