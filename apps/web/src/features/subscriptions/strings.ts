import { t as shared } from '@/i18n/subscriptions';

/**
 * The subscribe dialog's own texts beyond the shared ones (src/i18n/subscriptions.ts): the
 * 'Renovação automática' choice (Pix Automático), loaded with the dialog, not with the profile.
 */
export const t = {
  ...shared,
  subscriptions: {
    ...shared.subscriptions,
    dialog: {
      ...shared.subscriptions.dialog,
      howToPay: 'Como você quer pagar',
      oneTimeHint: 'Um novo Pix a cada período.',
      automatic: 'Renovação automática',
      automaticBadge: 'Pix Automático',
      automaticHint:
        'Autorize uma vez no app do banco e cada período é debitado sozinho. Cancele quando quiser.',
      payerTitle: 'Dados de quem paga',
      payerText:
        'O Banco Central pede o CPF e o nome completo do titular da conta que vai autorizar o Pix Automático.',
      cpf: 'CPF',
      fullName: 'Nome completo',
      fullNameHint: 'Como está na sua conta do banco.',
      generateAutomatic: 'Gerar QR code',
      switching: 'Gerando o código Pix…',
      automaticTitle: 'Como funciona a renovação automática',
      automaticHowText: (value: string, period: string) =>
        `Um único Pix paga o primeiro período e autoriza os próximos no app do seu banco. Depois, ${value} ${period} são debitados automaticamente. Cancele quando quiser em Minhas assinaturas.`,
      automaticSuccess:
        'Renovação automática autorizada: os próximos períodos são debitados no app do seu banco.',
    },
  },
} as const;
