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
    connection: {
      title: 'Conectar conta Pix (API do banco)',
      titleConnected: 'Conta Pix (API do banco)',
      textConnected:
        'Os pagamentos são confirmados sozinhos assim que o Pix chega: seu PSP avisa o Fã Clube pelo webhook abaixo.',
      text: 'Conecte a API Pix do seu banco ou PSP: cada pagamento é confirmado sozinho assim que o Pix chega, sem você conferir o extrato.',
      benefits: [
        'Confirmação automática dos pagamentos',
        'Devolução de um Pix sem sair do Fã Clube',
        'Renovação automática com Pix Automático (contas com CNPJ, MEI incluso)',
      ],
      connect: 'Conectar conta Pix',
      needsPix:
        'Cadastre os dados do Pix acima primeiro: o webhook é registrado para essa chave, que precisa ser da conta que você vai conectar.',
      notConnected:
        'Nenhuma conta Pix conectada: os pagamentos são confirmados pelo proprietário, um a um.',
      loadError: 'Não foi possível carregar a conexão Pix.',
      connected: 'Conectada',
      apiUrl: 'URL da API Pix',
      apiUrlHint: 'A base da API Pix do seu PSP, como https://api.seubanco.com.br/v2.',
      tokenUrl: 'URL do token (opcional)',
      tokenUrlHint: 'Em branco, usamos a origem da API + /oauth/token.',
      clientId: 'Client ID',
      clientSecret: 'Client secret',
      clientSecretHint: 'As credenciais da aplicação, geradas no portal do desenvolvedor do PSP.',
      certificate: 'Certificado',
      certificateHint:
        'O certificado que o PSP emitiu para a sua conta: arquivo .pfx ou .p12, ou em PEM (.pem, .crt, .cer).',
      chooseFile: 'Escolher arquivo',
      changeFile: 'Trocar arquivo',
      noFile: 'Nenhum arquivo escolhido',
      kinds: { pem: 'PEM', pkcs12: 'PKCS#12' },
      keyInFile: 'A chave privada está neste arquivo.',
      privateKey: 'Chave privada',
      privateKeyHint: 'O arquivo .key ou .pem da chave do certificado.',
      passphraseBundle: 'Senha do certificado',
      passphraseBundleHint: 'A senha que protege o arquivo .pfx/.p12.',
      passphraseKey: 'Senha da chave privada',
      passphraseKeyHint: 'A chave privada está protegida por senha.',
      accountTitle: 'Conta de recebimento',
      accountText:
        'Sua conta neste PSP, para onde vão os débitos da renovação automática. Opcional: sem ela, o Pix Automático não é oferecido.',
      branch: 'Agência',
      branchHint: 'Sem o dígito.',
      accountNumber: 'Conta',
      accountNumberHint: 'Com o dígito, como 123456-7.',
      accountType: 'Tipo de conta',
      accountTypes: {
        CORRENTE: 'Conta corrente',
        POUPANCA: 'Poupança',
        PAGAMENTO: 'Conta de pagamento',
      },
      secretsHint:
        'Por segurança, o client secret e o certificado nunca são mostrados: envie-os de novo para atualizar a conexão.',
      submit: 'Testar e conectar',
      submitUpdate: 'Testar e atualizar',
      cancel: 'Cancelar',
      testingTitle: 'Testando a conexão com o PSP…',
      testingText: 'Nada é salvo até todas as etapas passarem. Pode levar alguns segundos.',
      testingSteps: [
        'Token OAuth2 com o seu certificado (mTLS)',
        'Cadastro do webhook da sua chave Pix',
        'Pix Automático e os webhooks de recorrência',
      ],
      failedTitle: 'Não foi possível conectar',
      savedNew: 'Conta Pix conectada.',
      savedUpdate: 'Conexão Pix atualizada.',
      details: {
        apiUrl: 'API Pix',
        clientId: 'Client ID',
        pixKey: 'Chave Pix',
        account: 'Conta de recebimento',
        accountValue: (type: string, branch: string | undefined, number: string) =>
          branch ? `${type} · ag. ${branch} · ${number}` : `${type} · ${number}`,
        accountNone: 'Não informada',
        webhook: 'URL do webhook',
        webhookHint:
          'O PSP avisa cada pagamento neste endereço (com /pix, /rec e /cobr no final). Ele já foi cadastrado no PSP.',
        copyWebhook: 'Copiar URL',
        copyFailed: 'Não foi possível copiar. Selecione a URL e copie manualmente.',
        connectedAt: 'Conectada desde',
        certificate: 'Certificado vence em',
        automatic: 'Pix Automático',
      },
      certificateExpiring: (days: number) =>
        `O certificado vence em ${days === 1 ? '1 dia' : `${days} dias`}. Gere um novo no portal do PSP e envie-o em “Atualizar conexão”, senão os pagamentos deixam de ser confirmados.`,
      certificateExpired:
        'O certificado venceu: o PSP recusa as novas cobranças. Gere um novo no portal do PSP e envie-o em “Atualizar conexão”.',
      reconcileFailing: (failures: number, error: string | null) =>
        `A conferência dos pagamentos com o PSP falhou ${failures === 1 ? '1 vez' : `${failures} vezes`} seguidas${error ? `: ${error}` : '.'} Os pagamentos avisados pelo PSP continuam sendo confirmados.`,
      reconcilePaused: (until: string) =>
        `O PSP não é consultado até ${until}; depois a conferência é tentada de novo. Se o problema continuar, revise a conexão em “Atualizar conexão”.`,
      automaticOnBadge: 'Disponível',
      automaticOffBadge: 'Indisponível',
      automaticOn: 'Os fãs podem escolher a renovação automática ao assinar.',
      automaticNotEnabled:
        'O Banco Central oferece o Pix Automático a recebedores com CNPJ (MEI incluso), e o seu PSP não o habilitou para esta conta. Peça a habilitação ao PSP e atualize a conexão.',
      automaticNeedsAccount:
        'O PSP habilitou o Pix Automático, mas faltam os dados da conta de recebimento (agência, conta e tipo). Informe-os em “Atualizar conexão” para oferecer a renovação automática.',
      update: 'Atualizar conexão',
      disconnect: 'Desconectar',
      disconnectTitle: 'Desconectar a conta Pix?',
      disconnectText:
        'Os webhooks são removidos no PSP e as novas cobranças voltam ao fluxo manual: você confirma cada pagamento. O histórico fica guardado.',
      disconnected: 'Conta Pix desconectada.',
      certificateRequired: 'Envie o certificado do PSP.',
      privateKeyRequired: 'Envie a chave privada do certificado (.key ou .pem).',
      branchInvalid: 'Agência: até 4 dígitos, sem o dígito verificador.',
      accountNumberRequired: 'Informe o número da conta.',
      accountNumberInvalid: 'Conta: até 20 dígitos (com o dígito verificador).',
      fileTooLarge: 'O arquivo passa de 140 KB: confira se é o certificado.',
      readFailed: 'Não foi possível ler o arquivo.',
      noCertificateInPem:
        'Este arquivo PEM não tem um certificado (BEGIN CERTIFICATE). Se for a chave privada, envie-a em “Chave privada”.',
      noKeyInFile: 'Este arquivo não tem uma chave privada (BEGIN PRIVATE KEY).',
    },
    ownerConfirmation: {
      title: 'Confirme que é você',
      text: 'Esta mudança altera para onde vai o dinheiro dos seus fãs. Informe a sua senha para continuar; enviaremos um e-mail avisando do que mudou.',
      textCode:
        'Esta mudança altera para onde vai o dinheiro dos seus fãs. Informe a sua senha e o código do aplicativo autenticador; enviaremos um e-mail avisando do que mudou.',
      password: 'Senha',
      passwordRequired: 'Informe a sua senha.',
      code: 'Código do aplicativo autenticador',
      codeRequired: 'Informe os 6 dígitos do aplicativo.',
      confirm: 'Confirmar',
    },
  },
} as const;
