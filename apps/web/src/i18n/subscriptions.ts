import { t as shell } from './pt-BR';

/**
 * Texts of plans, subscriptions and charges (the profile's plans, Configurações › Planos,
 * Assinantes, Minhas assinaturas), shared by several features: the shell's strings (./pt-BR.ts)
 * plus these, so they load with the pages that show them and not in every page's first load.
 */
export const t = {
  ...shell,
  subscriptions: {
    planPeriod: { monthly: 'por mês', quarterly: 'a cada 3 meses', yearly: 'por ano' },
    perMonth: (value: string) => `equivale a ${value}/mês`,
    discountBadge: (discount: number) => `${discount}% OFF`,

    profile: {
      title: 'Assinaturas',
      description: 'Assine para ver todas as publicações e falar com o criador.',
      subscribed: 'Assinado',
      subscribedText: 'Você assina este perfil e tem acesso a todo o conteúdo.',
      subscribe: 'Assinar',
      subscribePlan: (plan: string) => `Assinar o plano ${plan}`,
      originalPrice: 'Preço sem desconto:',
      noPlans: 'Este criador ainda não oferece planos de assinatura.',
      loadError: 'Não foi possível carregar os planos.',
      pending: 'Pagamento aguardando confirmação',
      pendingText: (plan: string) =>
        `Você gerou um Pix para o plano ${plan}. O criador ativa a assinatura assim que confirmar o recebimento.`,
      pendingOpen: 'Ver o código Pix',
    },

    dialog: {
      description: (plan: string) => `Assinatura ${plan}`,
      benefitsTitle: 'O que você recebe',
      benefitContent: 'Acesso ao conteúdo',
      benefitChat: 'Chat exclusivo com o criador',
      paymentTitle: 'Formas de pagamento',
      pix: 'Pix',
      pixHint: 'Aprovação pelo criador',
      pixHintAutomatic: 'Confirmação automática',
      total: 'Total',
      generating: 'Gerando o código Pix…',
      scan: 'Escaneie o QR code no app do seu banco ou copie o código Pix copia e cola.',
      qrAlt: 'QR code do Pix para pagar a assinatura',
      codeLabel: 'Pix copia e cola',
      copy: 'Copiar código',
      copyFailed: 'Não foi possível copiar. Selecione o código e copie manualmente.',
      manualTitle: 'Como a assinatura é ativada',
      manualText:
        'O pagamento vai direto para a conta do criador, que confirma o recebimento do Pix. Assim que ele confirmar, sua assinatura fica ativa — esta janela se atualiza sozinha.',
      /** What happens after paying when the creator confirms by hand (issue 34). */
      manualNext:
        'Depois de pagar: o criador recebe um aviso do seu Pix e confirma quando o vê na conta dele — costuma levar algumas horas. Você pode fechar esta janela; quando ele confirmar, o conteúdo se abre no perfil e em Minhas assinaturas.',
      automaticText:
        'O pagamento vai direto para a conta do criador e é confirmado automaticamente assim que o Pix chegar — esta janela se atualiza sozinha.',
      waiting: 'Aguardando a confirmação do pagamento…',
      expiresAt: (time: string) => `O código vale até ${time}.`,
      expired: 'Este código Pix expirou.',
      regenerate: 'Gerar novo código',
      successTitle: 'Assinatura ativa!',
      successText: (username: string) =>
        `Pagamento confirmado. Agora você tem acesso a todo o conteúdo de @${username}.`,
      successAction: 'Ver conteúdo',
    },
  },
} as const;
