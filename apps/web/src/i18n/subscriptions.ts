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

    plansSettings: {
      description:
        'Defina o preço e o desconto de cada plano. Os fãs pagam por Pix, direto para você.',
      readOnly: 'Somente o proprietário do espaço de trabalho pode alterar o Pix e os planos.',
      plansTitle: 'Planos',
      plansText: 'O preço com desconto é o valor cobrado no Pix a cada período.',
      price: 'Preço',
      priceHint: 'Digite só os números: 2990 vira R$ 29,90. Máximo de R$ 10.000,00.',
      discount: 'Desconto (%)',
      discountHint: 'Número inteiro de 0 a 100.',
      preview: 'O assinante paga',
      previewPerMonth: (value: string) => `Equivale a ${value} por mês.`,
      previewNoDiscount: 'Sem desconto.',
      previewDiscount: (discount: number, saved: string) =>
        `${discount}% de desconto: economia de ${saved}.`,
      notSet: 'Ainda não definido',
      offered: 'Publicado',
      save: 'Salvar',
      needsPix:
        'Cadastre os dados do Pix acima antes de oferecer planos: é para essa chave que os fãs pagam.',
      freePlan: 'Com 100% de desconto o plano fica sem valor a pagar e não poderá ser assinado.',
      loadError: 'Não foi possível carregar os planos.',
    },

    pix: {
      title: 'Recebimento por Pix',
      text: 'Os assinantes pagam por Pix direto para esta chave. Nome e cidade aparecem no app do banco de quem paga.',
      keyType: 'Tipo de chave',
      keyTypes: {
        cpf: 'CPF',
        cnpj: 'CNPJ',
        email: 'E-mail',
        phone: 'Telefone',
        random: 'Chave aleatória',
      },
      key: 'Chave Pix',
      keyRequired: 'Informe a chave Pix.',
      keyPlaceholders: {
        cpf: '000.000.000-00',
        cnpj: '00.000.000/0000-00',
        email: 'voce@exemplo.com',
        phone: '(11) 98765-4321',
        random: '123e4567-e89b-42d3-a456-426614174000',
      },
      keyHints: {
        cpf: 'Os 11 dígitos do CPF da chave.',
        cnpj: 'Os 14 dígitos do CNPJ da chave.',
        email: 'O e-mail cadastrado como chave no seu banco.',
        phone: 'DDD e número do celular cadastrado como chave.',
        random: 'A chave aleatória (EVP) que o banco gerou, com os hifens.',
      },
      invalid: {
        cpf: 'CPF inválido.',
        cnpj: 'CNPJ inválido.',
        email: 'E-mail inválido.',
        phone: 'Telefone inválido: informe o DDD e o número.',
        random:
          'Chave aleatória inválida: deve ser um UUID, como 123e4567-e89b-42d3-a456-426614174000.',
      },
      name: 'Nome do recebedor',
      nameHint: 'Como aparece no app do banco. Até 25 caracteres, sem acentos.',
      nameRequired: 'Informe o nome do recebedor.',
      nameTooLong: 'O nome do recebedor deve ter no máximo 25 caracteres (sem acentos).',
      city: 'Cidade',
      cityHint: 'A cidade da conta. Até 15 caracteres, sem acentos.',
      cityRequired: 'Informe a cidade do recebedor.',
      cityTooLong: 'A cidade deve ter no máximo 15 caracteres (sem acentos).',
      save: 'Salvar',
      saved: 'Dados do Pix salvos.',
      configured: 'Configurado',
      missing: 'Pendente',
    },

    subscribers: {
      title: 'Assinantes',
      description: 'Quem assina o seu perfil e os pagamentos Pix à espera da sua confirmação.',
      tabSubscribers: 'Assinantes',
      tabPending: 'Pagamentos pendentes',
      empty: 'No momento, você não tem nenhum assinante.',
      emptyText: 'Divulgue seu perfil: quando alguém assinar, aparece aqui.',
      until: (date: string) => `até ${date}`,
      exportCsv: 'Exportar CSV',
      exportFile: 'assinantes.csv',
      pendingEmpty: 'Nenhum pagamento pendente',
      pendingEmptyText:
        'Quando um fã gerar um Pix para assinar, ele aparece aqui até você confirmar.',
      plan: 'Plano',
      value: 'Valor',
      txidShort: 'txid',
      createdAt: 'Gerado em',
      confirm: 'Confirmar pagamento',
      confirmTitle: 'Confirmar pagamento?',
      confirmText: (value: string, label: string) =>
        `Antes de confirmar, abra o app do seu banco e verifique se o Pix de ${value} de ${label} chegou na sua conta. A confirmação ativa a assinatura na hora e não pode ser desfeita.`,
      confirmTxid: (txid: string) => `Procure pelo identificador ${txid} no extrato.`,
      confirmAction: 'Confirmar recebimento',
      confirmed: (label: string) => `Pagamento confirmado. ${label} agora é assinante.`,
      ownerOnly: 'Somente o proprietário pode confirmar pagamentos.',
    },
  },
} as const;
