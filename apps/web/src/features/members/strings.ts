import { t as shell } from '@/i18n/pt-BR';

/**
 * Texts of the team screen ('Membros da Equipe', spec §2 and §8). The feature's components import `t` from here: the shell's strings
 * (src/i18n/pt-BR.ts) plus the feature's own, so the spec's texts stay greppable.
 */
export const t = {
  ...shell,
  members: {
    description: 'Convide pessoas para ajudar você a cuidar do seu espaço de trabalho.',
    ownerOnly:
      'Você faz parte desta equipe como membro. Apenas o proprietário pode convidar e remover membros.',
    loadError: 'Falha ao buscar dados do espaço de trabalho.',
    inviteTitle: 'Convidar membro',
    inviteDescription:
      'Enviaremos um e-mail com o link do convite. Ele vale por 7 dias e só pode ser aceito por quem entrar com este e-mail.',
    emailLabel: 'E-mail',
    emailPlaceholder: 'pessoa@exemplo.com',
    invite: 'Convidar',
    invited: 'Membro convidado com sucesso.',
    inviteLinkLabel: 'Link do convite',
    inviteEmailNotSent:
      'Não foi possível enviar o e-mail agora. Copie o link e envie para a pessoa.',
    inviteLinkHint: (email: string) =>
      `Convite enviado para ${email}. Você também pode copiar o link.`,
    membersTab: 'Membros da Equipe',
    invitationsTab: 'Convites Pendentes',
    listLabel: 'Membros da equipe',
    invitationsLabel: 'Convites pendentes',
    roleOwner: 'Proprietário',
    roleMember: 'Membro',
    you: 'Você',
    remove: (name: string) => `Remover ${name}`,
    removeTitle: 'Remover membro?',
    removeDescription: (name: string) =>
      `${name} perderá o acesso ao conteúdo, à equipe e às configurações deste espaço de trabalho.`,
    removeConfirm: 'Remover',
    noInvitations: 'Nenhum convite encontrado',
    noInvitationsDescription: 'Os convites enviados aparecem aqui até serem aceitos.',
    expiresOn: (date: string) => `Expira em ${date}`,
    copyLink: 'Copiar link',
    copyLinkFor: (email: string) => `Copiar link do convite para ${email}`,
    copyFailed: 'Não foi possível copiar o link.',
    deleteInvitation: (email: string) => `Excluir convite para ${email}`,
    invitationRemoved: 'Convite para a equipe removido.',
    dangerTitle: 'Zona de perigo',
    dangerDescription: 'Ações que mudam quem controla este espaço de trabalho ou o apagam.',
    transferTitle: 'Transferir propriedade',
    transferDescription:
      'Passe o controle deste espaço de trabalho para um membro da equipe. Você continua na equipe como membro.',
    transferSelect: 'Novo proprietário',
    transferPlaceholder: 'Escolha um membro',
    transferNoMembers: 'Convide alguém para a equipe antes de transferir a propriedade.',
    transferConfirmTitle: 'Transferir a propriedade?',
    transferConfirmDescription: (name: string, workspace: string) =>
      `${name} passará a ser o proprietário de ${workspace}. Você deixará de poder editar o perfil, os planos e a equipe.`,
    transferConfirm: 'Transferir',
    deleteTitle: 'Excluir espaço de trabalho',
    deleteDescription:
      'Apaga o perfil, as publicações, os planos, as assinaturas e os arquivos deste espaço de trabalho. Não é possível desfazer.',
    deleteConfirmTitle: 'Excluir este espaço de trabalho?',
    deleteConfirmDescription: (username: string) =>
      `Esta ação não pode ser desfeita. Para confirmar, digite ${username} abaixo.`,
    deleteConfirmLabel: 'Nome de usuário do espaço de trabalho',
    deleteConfirm: 'Excluir definitivamente',
  },
};
