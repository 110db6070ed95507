import { t as shell } from './pt-BR';

/**
 * Texts of posts, the composer, the media viewer, profiles and the feed, shared by several
 * features: the shell's strings (./pt-BR.ts) plus these, so they load with the pages that show
 * them and not in every page's first load.
 */
export const t = {
  ...shell,
  /** Posts, the composer, the media viewer, profiles and the feed. */
  content: {
    post: {
      menu: 'Opções da publicação',
      delete: 'Excluir',
      deleteTitle: 'Excluir publicação?',
      deleteText:
        'A publicação, as curtidas e o arquivo anexado serão apagados. Esta ação não pode ser desfeita.',
      deleting: 'Excluindo…',
      like: 'Curtir',
      unlike: 'Descurtir',
      likes: (n: number) => (n === 1 ? '1 curtida' : `${n.toLocaleString('pt-BR')} curtidas`),
      likeUnit: 'curtida',
      likesUnit: 'curtidas',
      openMedia: 'Abrir mídia em tela cheia',
      imageAlt: (name: string) => `Imagem publicada por ${name}`,
      videoLabel: (name: string) => `Vídeo publicado por ${name}`,
      showMore: 'Ver mais',
      showLess: 'Ver menos',
      mediaUnavailable: 'Não foi possível carregar esta mídia.',
      processing: (percent: number) => `Processando vídeo… ${percent} %`,
      processingLabel: 'Progresso do processamento do vídeo',
      processingHint: 'Seus assinantes verão a publicação quando o vídeo estiver pronto.',
      failedTitle: 'Não foi possível processar este vídeo',
      failedHint: 'Você pode tentar de novo ou excluir a publicação pelo menu (⋯).',
      retry: 'Tentar de novo',
      retrying: 'Tentando…',
      retried: 'O vídeo voltou para a fila de processamento.',
    },
    composer: {
      label: 'Nova publicação',
      placeholder: 'Compartilhe algo com seus fãs…',
      attach: 'Anexar imagem ou vídeo',
      attachShort: 'Foto ou vídeo',
      attachHint: 'JPEG, PNG, MP4, MOV ou WebM',
      replace: 'Trocar anexo',
      remove: 'Remover anexo',
      send: 'Publicar',
      sending: 'Publicando…',
      success: 'Sua publicação foi postada com sucesso.',
      tooLong: (max: number) => `O texto deve ter no máximo ${max} caracteres.`,
      uploading: (percent: number) => `Enviando anexo… ${percent}%`,
      uploadLabel: 'Progresso do envio do anexo',
      unsupported:
        'Tipo de arquivo não suportado. Envie uma imagem JPEG ou PNG, ou um vídeo MP4, MOV ou WebM.',
      tooLarge: (mb: number) => `O arquivo é grande demais. O limite é de ${mb} MB.`,
      counter: (used: number, max: number) =>
        `${used.toLocaleString('pt-BR')}/${max.toLocaleString('pt-BR')}`,
      image: 'Imagem',
      video: 'Vídeo',
      previewImage: 'Pré-visualização da imagem anexada',
      previewVideo: 'Pré-visualização do vídeo anexado',
      shortcut: 'Ctrl + Enter para publicar',
    },
    schedule: {
      toggle: 'Agendar',
      cancel: 'Não agendar',
      legend: 'Agendar publicação (horário de São Paulo)',
      date: 'Data',
      time: 'Hora',
      send: 'Agendar',
      sending: 'Agendando…',
      success: (when: string) => `Publicação agendada para ${when}.`,
      incomplete: 'Informe a data e a hora da publicação.',
      past: 'Escolha uma data e hora no futuro.',
      tooFar: 'Agende para no máximo um ano a partir de hoje.',
      badge: (when: string) => `Agendado para ${when}`,
      listTitle: 'Agendados',
      listDescription: 'Só você e sua equipe veem estas publicações até o horário marcado.',
      listError: 'Não foi possível carregar as publicações agendadas.',
      retry: 'Tentar de novo',
      publishNow: 'Publicar agora',
      published: 'Publicação publicada.',
      change: 'Mudar horário',
      save: 'Salvar horário',
      saving: 'Salvando…',
      moved: (when: string) => `Horário alterado para ${when}.`,
      close: 'Cancelar',
      attachmentOnly: 'Publicação com anexo, sem texto',
    },
    viewer: {
      title: 'Visualizador de mídia',
      description: 'Use as setas do teclado ou a roda do mouse para navegar.',
      close: 'Fechar visualizador',
      previous: 'Mídia anterior',
      next: 'Próxima mídia',
      counter: (index: number, total: number) => `${index}/${total}`,
      counterLabel: (index: number, total: number) => `Mídia ${index} de ${total}`,
    },
    list: {
      loading: 'Carregando publicações…',
      loadingMore: 'Carregando mais publicações…',
      loadError: 'Não foi possível carregar as publicações.',
    },
    profile: {
      documentTitle: (label: string, username: string) => `${label} (@${username})`,
      postWord: 'publicação',
      postsWord: 'publicações',
      loading: 'Carregando perfil…',
      editProfile: 'Editar perfil',
      subscribed: 'Assinado',
      posts: 'Postagens',
      media: 'Mídias',
      notFoundTitle: 'Perfil não encontrado',
      notFoundText: (username: string) =>
        username
          ? `Não encontramos ninguém com o nome de usuário @${username}. Confira o endereço e tente de novo.`
          : 'Confira o endereço e tente de novo.',
      goHome: 'Ir para o início',
      loadError: 'Não foi possível carregar este perfil.',
      emptyOwnerTitle: 'Sua primeira publicação começa aqui',
      emptyOwnerText:
        'Escreva algo, anexe uma foto ou um vídeo no campo acima e seus assinantes verão tudo aqui.',
      emptyTitle: 'Nada publicado ainda',
      emptyText: (label: string) => `${label} ainda não publicou nada. Volte em breve!`,
      noMediaTitle: 'Nenhuma mídia ainda',
      noMediaText: 'As fotos e os vídeos das publicações aparecem aqui.',
      lockedTitle: 'Conteúdo exclusivo para assinantes',
      lockedText: (n: number, label: string) =>
        n === 1
          ? `Assine para ver a publicação de ${label}, curtir e acompanhar as novidades.`
          : `Assine para ver as ${n.toLocaleString('pt-BR')} publicações de ${label}, curtir e acompanhar as novidades.`,
      lockedAction: 'Ver planos',
      lockedList: (n: number) =>
        n === 1 ? '1 publicação exclusiva' : `${n.toLocaleString('pt-BR')} publicações exclusivas`,
      coverAlt: (label: string) => `Capa de ${label}`,
    },
    feed: {
      /** The creator's first screen when Pix wait for her confirmation (issue 34). */
      waitingPixTitle: (n: number) =>
        n === 1 ? 'Um Pix aguarda a sua confirmação' : `${n} Pix aguardam a sua confirmação`,
      waitingPixText:
        'Confira no extrato do seu banco se o dinheiro chegou e confirme: quem pagou só tem acesso depois disso.',
      waitingPixAction: 'Conferir pagamentos',
      title: 'Feed',
      description: 'As suas publicações e as dos criadores que você assina.',
      recommended: 'Recomendados',
      recommendedDescription: 'Criadores que você ainda não assina',
      endOfFeed: 'Você está em dia! Não há mais publicações.',
      emptyTitle: 'Seu feed está vazio',
      emptyText: 'Quando você publicar ou assinar um criador, as publicações aparecem aqui.',
      emptyRecommended: 'Comece pelos perfis recomendados ao lado.',
      emptyCompleteProfile: 'Completar meu perfil',
      emptyOwnerHint: 'Que tal fazer sua primeira publicação no campo acima?',
      gettingStartedText:
        'Seu espaço está pronto. Complete estes passos e faça sua primeira publicação para receber assinantes.',
      gettingStartedLabel: 'Próximos passos',
    },
    time: {
      justNow: 'agora mesmo',
    },
  },
} as const;
