import type { CampaignStatus, ContactSegment, OptInMethod } from '@fa-clube/contract';
import { t as shell } from '@/i18n/pt-BR';

export const t = {
  ...shell,
  campaigns: {
    title: 'E-mail marketing',
    description:
      'Escreva uma campanha, veja a prévia e envie aos seus assinantes e aos contatos que aceitaram receber seus e-mails.',
    back: 'Apps',
    notInstalledTitle: 'O app E-mail marketing não está instalado',
    notInstalledText: 'Instale-o em Configurações › Apps para enviar campanhas.',
    openApps: 'Ir para Apps',
    loadError: 'Não foi possível carregar as campanhas.',
    compose: 'Nova campanha',
    composeLabel: 'Nova campanha de e-mail',
    subject: 'Assunto',
    subjectPlaceholder: 'Novidades da semana',
    audience: 'Destinatários',
    audienceHint:
      'Campanhas vão só para o seu público: assinantes ativos e contatos importados com consentimento.',
    segments: {
      subscribers: 'Todos os assinantes',
      'subscribers:monthly': 'Assinantes mensais',
      'subscribers:quarterly': 'Assinantes trimestrais',
      'subscribers:yearly': 'Assinantes anuais',
      contacts: 'Contatos importados',
    } satisfies Record<ContactSegment, string>,
    addresses: 'E-mails específicos',
    addressesHint:
      'Só de assinantes ou contatos importados. Separe por vírgula ou uma linha para cada.',
    noAudience: 'Escolha um grupo ou escreva pelo menos um e-mail.',
    badAddress: (v: string) => `E-mail inválido: ${v}`,
    template: 'Conteúdo (HTML)',
    templateHint:
      'Use {{ nome }} para o nome do fã e {{ link_cancelar }} para o link de descadastro. Scripts são removidos.',
    defaultTemplate:
      '<h1>Olá, {{ nome }}!</h1>\n<p>Tenho novidades fresquinhas para você esta semana.</p>\n<p><a href="{{ link_cancelar }}">Não quero mais receber estes e-mails</a></p>',
    preview: 'Prévia',
    previewTitle: 'Prévia do e-mail',
    previewName: 'Maria',
    sendTest: 'Enviar teste para mim',
    testSent: (email: string) => `Teste enviado para ${email}.`,
    send: 'Enviar campanha',
    confirmTitle: 'Enviar campanha?',
    confirmText: (subject: string) =>
      `“${subject}” vai para os destinatários escolhidos. Quem se descadastrou não recebe.`,
    confirmSend: 'Enviar agora',
    sent: (n: number) =>
      n === 1 ? 'Campanha na fila: 1 e-mail.' : `Campanha na fila: ${n} e-mails.`,
    settings: 'Configurações de envio',
    settingsText: 'Quem aparece como remetente, para onde vão as respostas e o ritmo de envio.',
    senderName: 'Nome do remetente',
    senderNameHint: 'Em branco: o nome do seu perfil. Aparece como “Nome via Fã Clube”.',
    replyTo: 'Responder para',
    replyToHint: 'Em branco: as respostas não chegam a você.',
    rate: 'E-mails por minuto',
    rateHint: 'Os demais esperam na fila.',
    settingsSaved: 'Configurações de envio salvas.',
    listTitle: 'Campanhas',
    emptyTitle: 'Nenhuma campanha ainda',
    emptyText: 'As campanhas enviadas aparecem aqui com o andamento de cada uma.',
    counts: {
      queued: 'Na fila',
      sent: 'Enviados',
      failed: 'Falhas',
      unsubscribed: 'Descadastros',
    },
    status: {
      queued: 'Na fila',
      sending: 'Enviando',
      sent: 'Enviada',
      failed: 'Falhou',
    } satisfies Record<CampaignStatus, string>,
  },
  contacts: {
    title: 'Contatos importados',
    description:
      'Pessoas de fora do Fã Clube que aceitaram receber seus e-mails, com como e quando aceitaram.',
    import: 'Importar contatos',
    emptyTitle: 'Nenhum contato importado',
    emptyText:
      'Importe os e-mails de quem aceitou receber suas novidades: o formulário do seu site, um evento, a sua loja.',
    total: (n: number) => (n === 1 ? '1 contato' : `${n.toLocaleString('pt-BR')} contatos`),
    search: 'Buscar contatos',
    searchPlaceholder: 'E-mail ou nome',
    noMatch: 'Nenhum contato encontrado com essa busca.',
    listLabel: 'Contatos importados',
    unsubscribed: 'Descadastrado',
    confirmed: 'Confirmado',
    pending: 'Aguardando confirmação',
    pendingHint:
      'Enviamos um e-mail pedindo a confirmação: as campanhas só chegam a este contato depois que ele confirmar.',
    consent: (method: string, date: string) => `${method} em ${date}`,
    methods: {
      form: 'Formulário de inscrição',
      double_opt_in: 'Confirmação por e-mail',
      purchase: 'Compra ou cadastro de cliente',
      in_person: 'Presencialmente (evento, loja)',
      other: 'Outra forma',
    } satisfies Record<OptInMethod, string>,
    remove: (email: string) => `Excluir ${email}`,
    removeTitle: 'Excluir contato?',
    removeText: (email: string) =>
      `${email} deixa de fazer parte do seu público. E-mails já na fila ainda podem chegar.`,
    removeConfirm: 'Excluir',
    removed: 'Contato excluído.',
    loadError: 'Não foi possível carregar os contatos.',
    dialogTitle: 'Importar contatos',
    dialogText:
      'Um e-mail por linha e, se quiser, o nome na coluna seguinte. Endereços repetidos são atualizados; quem se descadastrou continua descadastrado.',
    file: 'Arquivo CSV',
    chooseFile: 'Escolher arquivo',
    fileHint: 'Ou cole a lista abaixo.',
    fileTooLarge: 'O arquivo é grande demais: envie até 2 MB.',
    fileUnreadable: 'Não foi possível ler o arquivo.',
    list: 'Lista de contatos',
    listHint: 'Exemplo: ana@exemplo.com, Ana Souza',
    found: (valid: number, skipped: number) =>
      `${valid === 1 ? '1 e-mail válido' : `${valid.toLocaleString('pt-BR')} e-mails válidos`}${
        skipped ? ` · ${skipped === 1 ? '1 linha ignorada' : `${skipped} linhas ignoradas`}` : ''
      }`,
    noneFound: 'Nenhum e-mail válido na lista.',
    tooMany: (max: number) => `Importe até ${max.toLocaleString('pt-BR')} contatos.`,
    method: 'Como aceitaram receber seus e-mails',
    at: 'Quando aceitaram',
    atHint: 'A data do consentimento (a mais recente, se foram várias).',
    atFuture: 'A data não pode estar no futuro.',
    atInvalid: 'Informe a data.',
    statement:
      'Confirmo que todas estas pessoas aceitaram receber meus e-mails e que posso comprovar o consentimento.',
    statementRequired: 'Confirme o consentimento para importar.',
    submit: 'Importar',
    confirmationsSent: (n: number) =>
      n === 0
        ? ''
        : n === 1
          ? 'Enviamos 1 pedido de confirmação por e-mail: o contato recebe campanhas depois de confirmar.'
          : `Enviamos ${n.toLocaleString('pt-BR')} pedidos de confirmação por e-mail: cada contato recebe campanhas depois de confirmar.`,
    imported: (imported: number, updated: number) =>
      [
        imported === 1
          ? '1 contato importado'
          : `${imported.toLocaleString('pt-BR')} contatos importados`,
        updated
          ? updated === 1
            ? '1 atualizado'
            : `${updated.toLocaleString('pt-BR')} atualizados`
          : '',
      ]
        .filter(Boolean)
        .join(', ') + '.',
  },
  contactConfirm: {
    title: 'Confirmar inscrição',
    loading: 'Carregando…',
    question: (label: string, email: string) =>
      `Quer receber os e-mails de ${label} em ${email}? Você pode cancelar quando quiser pelo link no fim de cada e-mail.`,
    confirm: 'Sim, quero receber',
    doneTitle: 'Inscrição confirmada',
    done: (label: string, email: string) =>
      `Pronto: ${email} passa a receber os e-mails de ${label}.`,
    invalidTitle: 'Link inválido',
    invalid:
      'Este link de confirmação não é válido ou o contato foi excluído. Abra o link do e-mail que você recebeu.',
    profile: (label: string) => `Ver o perfil de ${label}`,
    home: 'Ir para o Fã Clube',
  },
  unsubscribe: {
    title: 'Cancelar inscrição',
    loading: 'Carregando…',
    question: (label: string, email: string) =>
      `Deixar de receber os e-mails de ${label} em ${email}?`,
    confirm: 'Cancelar inscrição',
    everywhere: 'Também não quero receber e-mails de nenhum outro criador do Fã Clube',
    doneEverywhere: (email: string) =>
      `Pronto: ${email} não receberá mais e-mails de campanhas de nenhum criador do Fã Clube.`,
    doneTitle: 'Inscrição cancelada',
    done: (label: string, email: string) =>
      `Pronto: ${email} não receberá mais e-mails de ${label}.`,
    invalidTitle: 'Link inválido',
    invalid: 'Este link de descadastro não é válido. Abra o link do e-mail que você recebeu.',
    profile: (label: string) => `Ver o perfil de ${label}`,
    home: 'Ir para o Fã Clube',
  },
};
