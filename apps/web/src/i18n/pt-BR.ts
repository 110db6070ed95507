/**
 * The shell's user-facing strings, in Brazilian Portuguese: every page loads them. A feature's
 * own texts live in its `strings.ts`, which spreads these and loads with the feature's pages. The
 * spec's exact texts live in these files so they can be found with grep. Components import `t`
 * and never hard-code text.
 */
export const t = {
  brand: {
    first: 'Fã',
    second: 'Clube',
    name: 'Fã Clube',
    tagline: 'Assinaturas para criadores, pagas com Pix.',
  },

  common: {
    genericError: 'Ocorreu um erro',
    networkError: 'Não foi possível conectar ao servidor. Verifique sua conexão.',
    sessionExpired: 'Sua sessão expirou. Entre novamente.',
    errorTitle: 'Erro',
    successTitle: 'Sucesso',
    loading: 'Carregando…',
    close: 'Fechar',
    cancel: 'Cancelar',
    save: 'Salvar',
    showPassword: 'Mostrar senha',
    hidePassword: 'Ocultar senha',
    retry: 'Tentar novamente',
    loadMore: 'Carregar mais',
    copied: 'Copiado!',
    countOf: (shown: number, total: number) => `${shown} de ${total}`,
    previous: 'Anterior',
    next: 'Próxima',
    pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`,
    notification: 'Notificação',
    /** A chart's numbers, folded under this (components/charts/chart-table.tsx). */
    showTable: 'Ver os números em tabela',
  },

  nav: {
    label: 'Navegação principal',
    overview: 'Overview',
    subscribers: 'Assinantes',
    tips: 'Gorjetas',
    broadcasts: 'Mensagem para todos',
    profile: 'Perfil',
    settings: 'Configurações',
    messages: 'Mensagens',
    /** The search for creators and the recommended ones (issue 34). */
    explore: 'Encontrar criadores',
    /** The phone's top bar: the search's button. */
    searchCreators: 'Buscar criadores',
    /** The accessible text of the unread badge ('Mensagens (3 conversas não lidas)'). */
    unreadChats: (count: number) =>
      count >= 100
        ? 'mais de 99 conversas não lidas'
        : count === 1
          ? '1 conversa não lida'
          : `${count} conversas não lidas`,
    /** The 'Assinantes' badge's accessible text ('Assinantes (2 Pix aguardando confirmação)'). */
    chargesWaiting: (count: number) =>
      `${count > 99 ? 'mais de 99' : count} Pix aguardando confirmação`,
    openMenu: 'Abrir menu',
    menuTitle: 'Menu',
    skipToContent: 'Pular para o conteúdo',
  },

  userMenu: {
    open: 'Abrir menu do usuário',
    signOut: 'Sair',
    theme: 'Tema',
    themeLight: 'Claro',
    themeDark: 'Escuro',
    themeSystem: 'Sistema',
    security: 'Segurança',
    mySubscriptions: 'Minhas assinaturas',
    myPurchases: 'Minhas compras',
    account: 'Minha conta',
  },

  workspaceSwitcher: {
    open: 'Trocar espaço de trabalho',
    list: 'Seus espaços de trabalho',
    owner: 'Proprietário',
    member: 'Membro',
    create: 'Criar espaço',
  },

  authLayout: {
    headline: 'Seu conteúdo, seus fãs, seu Pix.',
    highlightPix: 'Receba por Pix, direto na sua conta, sem intermediários caros.',
    highlightPlans: 'Planos mensal, trimestral e anual com descontos que você define.',
    highlightTeam: 'Convide sua equipe e acompanhe seus assinantes em um só lugar.',
  },

  dashboard: {
    title: 'Overview',
    welcome: (name: string) => `Olá, ${name}!`,
    welcomeAnonymous: 'Bem-vindo ao Fã Clube',
    intro: 'Seu espaço está pronto. Siga os próximos passos para começar a receber assinantes.',
    introAnonymous: 'Entre na sua conta para ver seu painel, seus assinantes e suas publicações.',
    signIn: 'Entrar',
    createAccount: 'Crie gratuitamente',
    nextSteps: 'Próximos passos',
    stepProfileTitle: 'Complete seu perfil',
    stepProfileText: 'Adicione foto, capa e uma descrição para que os fãs reconheçam você.',
    stepProfileAction: 'Editar perfil',
    stepPlansTitle: 'Defina seus planos',
    stepPlansText: 'Escolha os preços mensal, trimestral e anual e os descontos de cada plano.',
    stepPlansAction: 'Configurar planos',
    stepTeamTitle: 'Convide sua equipe',
    stepTeamText: 'Traga quem ajuda você a produzir e a responder seus fãs.',
    stepTeamAction: 'Convidar membros',
    stepSecurityTitle: 'Proteja sua conta',
    stepSecurityText: 'Ative a autenticação em dois fatores e acompanhe os acessos.',
    stepSecurityAction: 'Abrir segurança',
    viewProfile: 'Ver meu perfil',
  },

  settings: {
    title: 'Configurações',
    description: 'Gerencie seu perfil, seus planos, a segurança da conta e sua equipe.',
    navLabel: 'Seções das configurações',
    workspace: 'Perfil',
    plans: 'Planos',
    security: 'Segurança',
    members: 'Membros da Equipe',
  },

  upload: {
    failed: 'Falha ao enviar o arquivo.',
  },

  /** The workspace's storage meter (Configurações › Perfil and Arquivos). */
  storage: {
    used: (used: string, quota: string) => `${used} de ${quota} usados`,
    bar: 'Espaço de armazenamento usado',
    full: 'O espaço acabou. Exclua publicações ou arquivos para enviar novos.',
    nearlyFull: 'O espaço está quase no fim.',
    loadError: 'Falha ao buscar o espaço usado.',
  },
  notFound: {
    code: '404',
    title: 'Página não encontrada',
    text: 'O endereço que você acessou não existe ou foi movido.',
    home: 'Ir para o início',
  },

  routeError: {
    title: 'Algo deu errado',
    text: 'Ocorreu um erro inesperado ao abrir esta página.',
    reload: 'Recarregar página',
  },

  /** A page that failed (its code did not arrive, it threw) and the connection bar. */
  pageError: {
    title: 'Não foi possível abrir esta página',
    text: 'Ocorreu um erro ao abrir esta página. O que você escreveu continua guardado.',
    offlineTitle: 'Sem conexão',
    offlineText:
      'A página abre sozinha quando a internet voltar. O que você escreveu continua guardado.',
    retry: 'Tentar de novo',
  },

  legal: {
    updatedAt: 'Última atualização: 1º de maio de 2026',
    backHome: 'Voltar ao Fã Clube',
    contents: 'Nesta página',
  },
} as const;
