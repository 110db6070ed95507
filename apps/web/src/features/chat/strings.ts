import { CHAT_DIGEST_DELAY_MINUTES, CHAT_TEXT_MAX } from '@fa-clube/contract';
import { t as shell } from '@/i18n/pt-BR';

/** Texts of 'Mensagens' (the conversations between fans and creators) and its settings. */
export const t = {
  ...shell,
  chat: {
    title: 'Mensagens',
    listLabel: 'Conversas',
    sides: 'Lado das conversas',
    asFan: 'Como fã',
    mySpace: 'Meu espaço',
    loadError: 'Não foi possível carregar as conversas.',
    emptyTitle: 'Nenhuma conversa ainda',
    emptyText:
      'Quando um assinante enviar uma mensagem, ela aparece aqui. Para falar com um criador, assine o perfil dele e toque em ‘Enviar mensagem’.',
    emptyFanTitle: 'Nenhuma conversa como fã',
    emptyFanText:
      'Assine um criador e toque em ‘Enviar mensagem’ no perfil dele para começar uma conversa.',
    emptyCreatorTitle: 'Nenhuma conversa no seu espaço',
    emptyCreatorText:
      'Quando um assinante enviar uma mensagem, ela aparece aqui para você e sua equipe.',
    noMessages: 'Nenhuma mensagem ainda',
    you: 'Você',
    youPrefix: 'Você: ',
    unread: (n: number) => (n === 1 ? '1 mensagem não lida' : `${n} mensagens não lidas`),
    pickTitle: 'Suas conversas',
    pickText: 'Escolha uma conversa na lista para ler e responder.',
    opening: 'Abrindo a conversa…',
    openError: 'Não foi possível abrir a conversa.',
    backToProfile: 'Ver perfil',

    // the thread
    back: 'Voltar para as conversas',
    threadLabel: (name: string) => `Conversa com ${name}`,
    messagesLabel: 'Mensagens da conversa',
    loadOlder: 'Carregar anteriores',
    loadingOlder: 'Carregando mensagens anteriores…',
    olderError: 'Não foi possível carregar as mensagens anteriores.',
    threadError: 'Não foi possível carregar a conversa.',
    notFoundTitle: 'Conversa não encontrada',
    notFoundText: 'Ela não existe ou você não participa dela.',
    startTitle: 'Comece a conversa',
    startFan: (name: string) =>
      `Envie a primeira mensagem para ${name}. Só você e a equipe do criador veem esta conversa.`,
    startCreator: 'Este fã ainda não escreveu nada.',
    today: 'Hoje',
    yesterday: 'Ontem',
    now: 'agora',
    minutesAgo: (n: number) => `há ${n} min`,
    yesterdayShort: 'ontem',
    sending: 'Enviando…',
    notSent: 'Não enviado',
    tryAgain: 'Tentar de novo',
    attachmentAlt: 'Imagem enviada pelo criador',
    media: {
      open: 'Enviar imagem ou vídeo',
      title: 'Enviar imagem ou vídeo',
      description:
        'Um arquivo para este fã. Com preço, ele vê a mensagem bloqueada até pagar por Pix.',
      choose: 'Escolher arquivo',
      replace: 'Trocar arquivo',
      unsupported: 'Envie uma imagem JPEG ou PNG, ou um vídeo MP4.',
      text: 'Mensagem (opcional)',
      setPrice: 'Definir preço',
      removePrice: 'Remover preço',
      price: 'Preço para desbloquear',
      priceHint: 'O fã paga uma vez por Pix para ver a imagem ou o vídeo.',
      send: 'Enviar',
      uploading: (percent: number | null) => `Enviando… ${percent ?? 0}%`,
    },
    unlockMessageTitle: 'Desbloquear mensagem',
    unlockMessageDescription: (name: string) => `Mensagem paga de ${name}`,
    qrAltMessage: 'QR code do Pix para desbloquear a mensagem',
    waitAndRetry: (seconds: number) =>
      `Você enviou muitas mensagens seguidas. Tente de novo em ${seconds} s.`,
    newMessages: 'Novas mensagens',
    latest: 'Mais recentes',
    viewProfile: 'Ver perfil',
    deletedAccount: 'Esta conta foi excluída. Não é possível responder.',

    // the composer
    composerLabel: 'Mensagem',
    placeholder: 'Escreva uma mensagem',
    send: 'Enviar',
    counter: (length: number) => `${length}/${CHAT_TEXT_MAX}`,
    counterLabel: (left: number) =>
      left >= 0
        ? `${left} ${left === 1 ? 'caractere restante' : 'caracteres restantes'}`
        : `${-left} ${left === -1 ? 'caractere' : 'caracteres'} além do limite`,
    tooLong: `A mensagem deve ter no máximo ${CHAT_TEXT_MAX} caracteres.`,
    hint: 'Enter envia · Shift+Enter quebra a linha',
    endedTitle: 'Sua assinatura terminou',
    endedText:
      'Você ainda pode ler esta conversa. Para enviar mensagens de novo, renove a assinatura.',
    renew: 'Renovar assinatura',
    blockedFanTitle: 'Mensagens pausadas',
    blockedFan: 'O criador não está recebendo suas mensagens nesta conversa.',
    blockedCreator: 'Você silenciou este fã: ele não pode enviar mensagens nesta conversa.',
    unsubscribedCreator: 'A assinatura deste fã terminou: ele lê a conversa, mas não responde.',

    // muting (the owner)
    mute: 'Silenciar fã',
    unmute: 'Reativar',
    actions: 'Ações da conversa',
    muteTitle: 'Silenciar este fã?',
    muteText: (name: string) =>
      `${name} continua lendo a conversa, mas não poderá enviar mensagens até você reativar.`,
    muteConfirm: 'Silenciar',
    unmuteTitle: 'Reativar este fã?',
    unmuteText: (name: string) => `${name} poderá enviar mensagens de novo.`,
    unmuteConfirm: 'Reativar',
    muted: 'Fã silenciado.',
    unmuted: 'Fã reativado.',
    mutedBadge: 'Silenciado',

    // profile and settings
    sendMessage: 'Enviar mensagem',
    emailTitle: 'Avisos por e-mail',
    emailDescription: `Receba um resumo por e-mail quando houver mensagens não lidas há mais de ${CHAT_DIGEST_DELAY_MINUTES} minutos`,
    emailSwitch: 'Receber avisos de mensagens não lidas por e-mail',
    emailOn: 'Avisos por e-mail ativados.',
    emailOff: 'Avisos por e-mail desativados.',
    emailLoadError: 'Não foi possível carregar sua preferência de avisos.',
  },
};
