import { t as shared } from '@/i18n/subscriptions';

/**
 * Texts of Configurações › Planos (the plans and the Pix key): the shared subscription texts
 * (src/i18n/subscriptions.ts) plus the feature's own, so they load only with that tab.
 */
export const t = {
  ...shared,
  subscriptions: {
    ...shared.subscriptions,
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
  },
} as const;
