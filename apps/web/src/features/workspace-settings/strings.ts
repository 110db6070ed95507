import { t as shell } from '@/i18n/pt-BR';

/**
 * Texts of the profile settings ('Perfil', spec §2 and §8). The feature's components import `t` from here: the shell's strings
 * (src/i18n/pt-BR.ts) plus the feature's own, so the spec's texts stay greppable.
 */
export const t = {
  ...shell,
  workspaceSettings: {
    description: 'Como o seu espaço de trabalho aparece para os fãs.',
    ownerOnly: 'Apenas o proprietário do espaço de trabalho pode editar o perfil.',
    loadError: 'Falha ao buscar dados do espaço de trabalho.',
    imagesTitle: 'Capa e foto',
    imagesHint: 'JPEG, PNG ou WebP, até 15 MB. Capa recomendada: 1600 × 500 px.',
    /** The texts of each image upload, by kind. */
    images: {
      cover: {
        alt: 'Imagem de capa',
        previewAlt: 'Prévia da nova imagem de capa',
        change: 'Alterar capa',
        input: 'Escolher imagem de capa',
        uploading: 'Enviando imagem de capa',
        updated: 'Imagem de capa atualizada com sucesso.',
        failed: 'Falha ao enviar a imagem de capa.',
      },
      avatar: {
        alt: 'Foto de perfil',
        previewAlt: 'Prévia da nova foto de perfil',
        change: 'Alterar foto',
        input: 'Escolher foto de perfil',
        uploading: 'Enviando foto de perfil',
        updated: 'Foto de perfil atualizada com sucesso.',
        failed: 'Falha ao enviar a foto de perfil.',
      },
    },
    processing: 'Processando…',
    imageType: 'Envie uma imagem JPEG, PNG ou WebP.',
    imageTooLarge: 'A imagem deve ter no máximo 15 MB.',
    appearanceTitle: 'Aparência',
    appearanceDescription: 'Escolha como o Fã Clube aparece para você neste navegador.',
    themeLight: 'Claro',
    themeDark: 'Escuro',
    nameTitle: 'Nome',
    nameDescription: 'O nome exibido no seu perfil e nas suas publicações.',
    nameLabel: 'Nome do espaço de trabalho',
    nameSaved: 'O nome do espaço de trabalho foi alterado com sucesso.',
    usernameTitle: 'Nome de usuário',
    usernameDescription: 'Define o endereço do seu perfil.',
    usernameLabel: 'Nome de usuário',
    usernameHint: 'De 3 a 30 caracteres: letras minúsculas, números, ponto ou sublinhado.',
    usernameSaved: 'O nome de usuário foi alterado com sucesso.',
    profileAddress: (username: string) => `Endereço do perfil: /profile/${username}`,
    descriptionTitle: 'Descrição',
    descriptionDescription: 'Conte aos fãs o que eles encontram no seu perfil.',
    descriptionLabel: 'Descrição',
    descriptionPlaceholder: 'Ex.: Receitas veganas novas toda semana, com bastidores e lives.',
    descriptionCounter: (count: number, max: number) => `${count}/${max} caracteres`,
    descriptionSaved: 'A descrição foi alterada com sucesso.',
    storageTitle: 'Armazenamento',
    storageDescription: 'Espaço ocupado pelas imagens e vídeos das suas publicações.',
  },
};
