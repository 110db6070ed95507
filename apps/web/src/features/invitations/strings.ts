import { t as shell } from '@/i18n/pt-BR';

/**
 * Texts of the invitation page (/invitation/:id). The feature's components import `t` from here: the shell's strings
 * (src/i18n/pt-BR.ts) plus the feature's own, so the spec's texts stay greppable.
 */
export const t = {
  ...shell,
  invitation: {
    title: 'Convite para a equipe',
    heading: (label: string) => `Você foi convidado para a equipe de ${label}`,
    text: 'Como membro da equipe, você poderá ver o conteúdo, a equipe e as configurações deste espaço de trabalho.',
    validUntil: (date: string) => `O convite vale até ${date}.`,
    accept: 'Aceitar convite',
    accepted: (label: string) => `Convite aceito. Agora você faz parte da equipe de ${label}.`,
    notFoundTitle: 'Convite não encontrado',
    notFoundText:
      'O link pode estar incompleto, ou o convite foi removido pelo proprietário do espaço de trabalho.',
    expiredTitle: 'Este convite expirou',
    expiredText: 'Peça ao proprietário do espaço de trabalho um novo convite.',
    usedTitle: 'Este convite já foi usado',
    usedText: 'Cada convite só pode ser aceito uma vez. Se você precisa de acesso, peça um novo.',
    memberTitle: 'Você já faz parte desta equipe',
    memberText: 'Abra o espaço de trabalho para ver o conteúdo e a equipe.',
    openWorkspace: 'Abrir espaço de trabalho',
    notForYouTitle: 'Este convite é para outro e-mail',
    notForYouText: (email: string) =>
      `Você entrou como ${email}. Para aceitar, saia e entre com a conta do e-mail que recebeu o convite.`,
    notForYouTextAnonymous:
      'Para aceitar, saia e entre com a conta do e-mail que recebeu o convite.',
    switchAccount: 'Sair e entrar com outra conta',
    goHome: 'Ir para o início',
    loadError: 'Não foi possível carregar o convite.',
  },
};
