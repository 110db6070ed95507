import { t as shell } from '@/i18n/pt-BR';

/**
 * Texts of the account screens: sign-in, sign-up and password reset (spec §2, §5, §8). The feature's components import `t` from here: the shell's strings
 * (src/i18n/pt-BR.ts) plus the feature's own, so the spec's texts stay greppable.
 */
export const t = {
  ...shell,
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
    twoFactorBack: 'Voltar para o login',
    useRecovery: 'Usar um código de recuperação',
    useApp: 'Usar o código do aplicativo',
    recoveryTitle: 'Código de recuperação',
    recoveryDescription:
      'Digite um dos códigos de recuperação que você guardou ao ativar o 2FA. Cada código serve uma única vez.',
    recoveryCode: 'Código de recuperação',
    recoveryPlaceholder: 'k7m2p-x6q4r',
    recoveryInvalid: 'Informe um código de recuperação como k7m2p-x6q4r.',
    verifying: 'Verificando…',
    socialError: 'Não foi possível entrar com o Google.',
    socialForged:
      'Este login com o Google não foi iniciado neste navegador. Entre novamente para continuar.',
    /** Texts for the `error` of the Google sign-in return (GOOGLE_LOGIN_ERRORS in the contract). */
    socialErrors: {
      google_unavailable: 'O login com o Google não está disponível no momento.',
      google_denied: 'O login com o Google foi cancelado.',
      google_state:
        'O login com o Google demorou demais ou começou em outro navegador. Tente novamente.',
      google_failed: 'Não foi possível falar com o Google. Tente novamente em instantes.',
      google_email_unverified: 'O e-mail da sua conta Google ainda não foi verificado.',
      google_account_conflict: 'Este e-mail já está ligado a outra conta do Google.',
      google_email_unconfirmed:
        'Já existe uma conta com este e-mail, ainda não confirmado. Entre com e-mail e senha e confirme seu e-mail em Segurança; depois o login com o Google funciona.',
      two_factor_required:
        'Sua conta usa autenticação 2FA: entre com e-mail, senha e o código do aplicativo.',
    } as Record<string, string>,
  },
  confirmEmail: {
    pending: 'Confirmando seu e-mail…',
    doneTitle: 'E-mail confirmado',
    doneText: 'Seu endereço foi confirmado. Obrigado!',
    failedTitle: 'Não foi possível confirmar',
    missing: 'Este link de confirmação está incompleto. Peça um novo em Segurança.',
    toApp: 'Ir para o Fã Clube',
    toSecurity: 'Ir para Segurança',
    toLogin: 'Entrar',
  },
  signup: {
    title: 'Crie sua conta',
    subtitle: 'Comece a receber seus fãs em poucos minutos.',
    fullName: 'Nome completo',
    fullNamePlaceholder: 'Maria da Silva',
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
};
