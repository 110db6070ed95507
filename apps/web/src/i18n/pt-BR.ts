/**
 * Every user-facing string of the web client, in Brazilian Portuguese. The spec's exact texts
 * live here so they can be found with grep. Components import `t` and never hard-code text.
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
    continue: 'Continuar',
    back: 'Voltar',
    showPassword: 'Mostrar senha',
    hidePassword: 'Ocultar senha',
    retry: 'Tentar novamente',
    dismiss: 'Dispensar',
    notification: 'Notificação',
  },

  nav: {
    label: 'Navegação principal',
    overview: 'Overview',
    subscribers: 'Assinantes',
    profile: 'Perfil',
    settings: 'Configurações',
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
  },

  workspaceSwitcher: {
    label: 'Espaço de trabalho',
    open: 'Trocar espaço de trabalho',
    list: 'Seus espaços de trabalho',
    owner: 'Proprietário',
    member: 'Membro',
  },

  authLayout: {
    headline: 'Seu conteúdo, seus fãs, seu Pix.',
    highlightPix: 'Receba por Pix, direto na sua conta, sem intermediários caros.',
    highlightPlans: 'Planos mensal, trimestral e anual com descontos que você define.',
    highlightTeam: 'Convide sua equipe e acompanhe seus assinantes em um só lugar.',
  },

  login: {
    title: 'Entrar',
    subtitle: 'Bem-vindo de volta! Entre para continuar no Fã Clube.',
    email: 'E-mail',
    emailPlaceholder: 'voce@exemplo.com',
    password: 'Senha',
    passwordPlaceholder: 'Sua senha',
    submit: 'Entrar',
    forgot: 'Esqueci minha senha',
    google: 'Entrar com o Google',
    googleUnavailable: 'O login com o Google não está disponível no momento.',
    or: 'ou',
    noAccount: 'Ainda não tem conta?',
    signup: 'Crie gratuitamente',
    twoFactorTitle: 'Autenticação 2FA necessária',
    twoFactorDescription: 'Digite o código de 6 dígitos do seu aplicativo autenticador.',
    twoFactorCode: 'Código de verificação',
    twoFactorInvalid: 'Código inválido. Tente novamente.',
    twoFactorBack: 'Voltar para o login',
    verifying: 'Verificando…',
    socialError: 'Não foi possível entrar com o Google.',
    /** Texts for the `error` of the Google sign-in return (GOOGLE_LOGIN_ERRORS in the contract). */
    socialErrors: {
      google_unavailable: 'O login com o Google não está disponível no momento.',
      google_denied: 'O login com o Google foi cancelado.',
      google_state:
        'O login com o Google demorou demais ou começou em outro navegador. Tente novamente.',
      google_failed: 'Não foi possível falar com o Google. Tente novamente em instantes.',
      google_email_unverified: 'O e-mail da sua conta Google ainda não foi verificado.',
      google_account_conflict: 'Este e-mail já está ligado a outra conta do Google.',
      two_factor_required:
        'Sua conta usa autenticação 2FA: entre com e-mail, senha e o código do aplicativo.',
    } as Record<string, string>,
  },

  signup: {
    title: 'Crie sua conta',
    subtitle: 'Comece a receber seus fãs em poucos minutos.',
    fullName: 'Nome completo',
    fullNamePlaceholder: 'Maria da Silva',
    fullNameHint: 'Apenas letras, pontos e espaços.',
    username: 'Nome de usuário',
    usernamePlaceholder: 'mariasilva',
    usernameHint: 'De 3 a 30 caracteres: letras minúsculas, números, ponto ou sublinhado.',
    email: 'E-mail',
    password: 'Senha',
    passwordHint: 'Pelo menos 8 caracteres.',
    confirmPassword: 'Confirmar senha',
    submit: 'Criar conta',
    mismatch: 'As senhas não coincidem',
    noticeBefore: 'Ao criar sua conta, você concorda com os ',
    noticeTerms: 'Termos de Uso',
    noticeMiddle: ' e a ',
    noticePrivacy: 'Política de Privacidade',
    noticeAfter: '.',
    haveAccount: 'Já tem uma conta?',
    login: 'Entrar',
    created: 'Conta criada com sucesso. Entre para continuar.',
  },

  reset: {
    requestTitle: 'Redefinir senha',
    requestSubtitle: 'Informe seu e-mail e enviaremos um link para você criar uma nova senha.',
    email: 'E-mail',
    submitRequest: 'Continuar',
    backToLogin: 'Voltar para login',
    sentTitle: 'Verifique seu e-mail',
    sent: (email: string) =>
      `Se houver uma conta com o e-mail ${email}, você receberá em instantes um link para redefinir a senha. O link expira em breve e só pode ser usado uma vez.`,
    resetTitle: 'Crie uma nova senha',
    resetSubtitle: 'Escolha uma senha que você não use em outros sites.',
    newPassword: 'Nova senha',
    confirmPassword: 'Confirmar nova senha',
    submitReset: 'Redefinir Senha',
    mismatch: 'As senhas não coincidem',
    success: 'Senha redefinida com sucesso. Entre com a nova senha.',
  },

  dashboard: {
    title: 'Overview',
    welcome: (name: string) => `Olá, ${name}!`,
    welcomeAnonymous: 'Bem-vindo ao Fã Clube',
    intro: 'Seu espaço está pronto. Siga os próximos passos para começar a receber assinantes.',
    introAnonymous: 'Entre na sua conta para ver seu painel, seus assinantes e suas publicações.',
    signIn: 'Entrar',
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

  pages: {
    profileTitle: 'Perfil',
    profileDescription:
      'Aqui ficarão a capa, a foto, a descrição e as publicações do criador, com os planos de assinatura para quem visita.',
    profileOwn: 'Seu perfil público',
    subscribersTitle: 'Assinantes',
    subscribersDescription:
      'Aqui ficará a lista dos seus assinantes, com o plano de cada um e o link para o perfil.',
    invitationTitle: 'Convite para a equipe',
    invitationDescription:
      'Aqui você poderá aceitar o convite para fazer parte da equipe de um espaço de trabalho.',
    comingSoon: 'Em breve',
  },

  settings: {
    title: 'Configurações',
    description: 'Gerencie seu perfil, seus planos, a segurança da conta e sua equipe.',
    navLabel: 'Seções das configurações',
    workspace: 'Perfil',
    plans: 'Planos',
    security: 'Segurança',
    members: 'Membros da Equipe',
    workspaceDescription:
      'Aqui você poderá trocar a capa e a foto, escolher a aparência e editar nome, nome de usuário e descrição.',
    plansDescription:
      'Aqui você poderá definir o preço e o desconto dos planos Mensal, Trimestral e Anual.',
    membersDescription:
      'Aqui você poderá convidar pessoas para a sua equipe e acompanhar os convites pendentes.',
  },

  security: {
    title: 'Segurança',
    description: 'Proteja sua conta e acompanhe de onde ela foi acessada.',
    twoFactorTitle: 'Autenticação em dois fatores (2FA)',
    twoFactorText:
      'Além da senha, peça um código de 6 dígitos do seu aplicativo autenticador a cada login.',
    enabled: 'Ativada',
    disabled: 'Desativada',
    enable: 'Habilitar 2FA',
    disable: 'Desabilitar 2FA',
    enableTitle: 'Habilitar autenticação 2FA',
    enableDescription:
      'Escaneie o QR code com um aplicativo autenticador (Google Authenticator, Authy, 1Password…) e digite o código de 6 dígitos gerado.',
    manualEntry: 'Ou digite esta chave no aplicativo:',
    secretLabel: 'Chave secreta',
    disableTitle: 'Desabilitar autenticação 2FA',
    disableDescription:
      'Digite o código de 6 dígitos do seu aplicativo autenticador para confirmar.',
    code: 'Código de 6 dígitos',
    qrAlt: 'QR code para configurar o aplicativo autenticador',
    loadError: 'Não foi possível carregar o estado do 2FA.',
    activityTitle: 'Registro de Atividades de Acesso',
    activityDescription: 'Os acessos mais recentes à sua conta.',
    location: 'Localização',
    device: 'Dispositivo',
    ip: 'Endereço IP',
    date: 'Data',
    noLocation: 'Sem Localização',
    noActivity: 'Nenhum acesso registrado ainda.',
    activityError: 'Não foi possível carregar os acessos.',
    deviceTypes: {
      mobile: 'Celular',
      tablet: 'Tablet',
      notebook: 'Notebook',
      desktop: 'Computador',
      other: 'Outro',
    } as Record<string, string>,
  },

  upload: {
    failed: 'Falha ao enviar o arquivo.',
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

  legal: {
    updatedAt: 'Última atualização: 1º de maio de 2026',
    backHome: 'Voltar ao Fã Clube',
    contents: 'Nesta página',
    termsTitle: 'Termos de Uso',
    privacyTitle: 'Política de Privacidade',
  },

  empty: {
    defaultTitle: 'Nada por aqui ainda',
  },
} as const;

export type Messages = typeof t;
