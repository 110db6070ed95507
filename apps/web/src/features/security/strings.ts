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
      'Confirme pelo link que enviamos. Enquanto o e-mail não for confirmado, não é possível entrar com o Google nesta conta.',
    emailResend: 'Reenviar link',
    emailLoadError: 'Não foi possível carregar o e-mail da conta.',
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
