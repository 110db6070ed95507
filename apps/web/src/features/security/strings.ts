import { t as shell } from '@/i18n/pt-BR';

/**
 * Texts of the security settings ('Segurança', spec §2 and §4). The feature's components import `t` from here: the shell's strings
 * (src/i18n/pt-BR.ts) plus the feature's own, so the spec's texts stay greppable.
 */
export const t = {
  ...shell,
  security: {
    title: 'Segurança',
    description: 'Proteja sua conta e acompanhe de onde ela foi acessada.',
    emailTitle: 'E-mail da conta',
    emailConfirmed: 'Confirmado',
    emailUnconfirmed: 'Não confirmado',
    emailConfirmedText: 'Você confirmou que este endereço é seu.',
    emailUnconfirmedText:
      'Confirme pelo link que enviamos. Enquanto o e-mail não for confirmado, não é possível vincular o Google nem ativar a autenticação em dois fatores.',
    emailResend: 'Reenviar link',
    emailLoadError: 'Não foi possível carregar o e-mail da conta.',
    googleTitle: 'Google',
    googleLinked: 'Vinculada',
    googleUnlinked: 'Não vinculada',
    googleLinkedText: 'Você pode entrar nesta conta com o botão "Entrar com o Google".',
    googleUnlinkedText: 'Vincule sua conta Google para entrar com um clique, sem digitar a senha.',
    googleNoPasswordText:
      'Sua conta não tem senha: para desvincular o Google, crie uma senha em "Esqueci minha senha".',
    googleLink: 'Vincular conta Google',
    googleUnlink: 'Desvincular',
    googleLinkTitle: 'Vincular conta Google',
    googleLinkDescription:
      'Confirme sua senha. Em seguida, você vai para o Google escolher a conta a vincular.',
    googleContinue: 'Continuar no Google',
    googleLinkedToast: 'Conta Google vinculada.',
    googleLinkErrors: {
      google_unavailable: 'O login com o Google não está disponível no momento.',
      google_denied: 'A vinculação com o Google foi cancelada.',
      google_state: 'A vinculação expirou ou foi iniciada em outro navegador. Tente de novo.',
      google_failed: 'Não foi possível falar com o Google. Tente novamente em instantes.',
      google_already_linked:
        'Esta conta Google já está vinculada a outra conta do Fã Clube. Desvincule-a lá antes.',
      google_account_conflict:
        'Sua conta já tem outra conta Google vinculada. Desvincule-a antes de vincular uma nova.',
      google_email_unconfirmed:
        'Confirme seu e-mail antes de vincular uma conta Google: enviamos o link para o seu endereço.',
    } as Record<string, string>,
    needsConfirmedEmail: 'Confirme seu e-mail (acima) para ativar.',
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
    password: 'Senha atual',
    passwordNeeded:
      'Por segurança, confirme sua senha para ativar o 2FA (você entrou há mais de 10 minutos).',
    recoveryTitle: 'Guarde seus códigos de recuperação',
    recoveryDescription:
      'Se perder o acesso ao aplicativo autenticador, entre com um destes códigos no lugar do código de 6 dígitos. Cada código serve uma única vez. Eles não serão mostrados de novo.',
    recoveryListLabel: 'Códigos de recuperação',
    recoveryCopy: 'Copiar códigos',
    recoveryCopyFailed: 'Não foi possível copiar os códigos.',
    recoveryDownload: 'Baixar códigos',
    recoveryFileName: 'fa-clube-codigos-de-recuperacao.txt',
    recoveryFileHeader: 'Códigos de recuperação do Fã Clube (cada um serve uma vez):',
    recoveryDone: 'Já guardei os códigos',
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
};
