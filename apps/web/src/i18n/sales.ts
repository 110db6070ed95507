import { t as shell } from './pt-BR';

/**
 * Texts of what is sold one by one (issue 32): pay-per-view posts, 'Minhas compras', tips and the
 * one-off Pix dialog, shared by the content, profile and chat features.
 */
export const t = {
  ...shell,
  sales: {
    composer: {
      setPrice: 'Definir preço',
      removePrice: 'Remover preço',
      priceLabel: 'Preço para desbloquear',
      priceHint: 'Assinantes pagam uma vez por Pix para ver a imagem ou o vídeo.',
      needsAttachment: 'Anexe uma imagem ou um vídeo para vender a publicação.',
    },
    locked: {
      title: 'Conteúdo exclusivo',
      image: 'Imagem liberada após o pagamento por Pix.',
      video: 'Vídeo liberado após o pagamento por Pix.',
      unlock: (price: string) => `Desbloquear por ${price}`,
      purchased: 'Comprado',
      priced: (price: string) => `À venda por ${price}`,
    },
    purchases: {
      title: 'Minhas compras',
      description:
        'Os conteúdos que você comprou continuam aqui, mesmo depois que a assinatura acaba.',
      empty: 'Você ainda não comprou nenhum conteúdo.',
      emptyText: 'Publicações e mensagens com preço aparecem aqui depois do pagamento.',
      paid: (price: string) => `Pago ${price}`,
      messages: 'Mensagens compradas',
      posts: 'Publicações compradas',
      noPosts: 'Nenhuma publicação comprada ainda.',
      messageFrom: (username: string) => `Mensagem de @${username}`,
      messageImage: (label: string) => `Imagem da mensagem de ${label}`,
      openChat: 'Abrir na conversa',
    },
    pix: {
      unlockTitle: 'Desbloquear conteúdo',
      unlockDescription: (username: string) => `Conteúdo avulso de @${username}`,
      tipTitle: 'Enviar gorjeta',
      tipDescription: (username: string) => `Gorjeta para @${username}`,
      qrAltPost: 'QR code do Pix para desbloquear o conteúdo',
      qrAltTip: 'QR code do Pix da gorjeta',
      total: 'Total',
      generating: 'Gerando o código Pix…',
      waiting: 'Aguardando a confirmação do pagamento…',
      manualText:
        'O pagamento vai direto para a conta do criador, que confirma o recebimento do Pix — esta janela se atualiza sozinha.',
      automaticText:
        'O pagamento vai direto para a conta do criador e é confirmado automaticamente assim que o Pix chegar — esta janela se atualiza sozinha.',
      expired: 'Este código Pix expirou.',
      regenerate: 'Gerar novo código',
      unlockedTitle: 'Conteúdo desbloqueado!',
      unlockedText: 'Pagamento confirmado. O conteúdo já está liberado para você.',
      tipPaidTitle: 'Gorjeta enviada!',
      tipPaidText: (username: string) => `Pagamento confirmado. @${username} recebeu sua gorjeta.`,
      done: 'Concluir',
    },
    tips: {
      send: 'Enviar gorjeta',
      amountLabel: 'Valor da gorjeta',
      otherAmount: 'Outro valor',
      messageLabel: 'Mensagem (opcional)',
      messagePlaceholder: 'Deixe um recado para o criador',
      continue: 'Gerar Pix',
      range: (min: string, max: string) => `De ${min} a ${max}.`,
      listTitle: 'Gorjetas',
      listDescription: 'As gorjetas pagas dos seus fãs, das mais novas para as mais antigas.',
      empty: 'Nenhuma gorjeta ainda.',
      emptyText: 'Quando um fã enviar uma gorjeta, ela aparece aqui.',
      inChat: (value: string) => `Enviou uma gorjeta de ${value}`,
    },
  },
} as const;
