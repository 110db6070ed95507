import { t as shell } from '@/i18n/pt-BR';
import { filesNav } from './nav';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const t = {
  ...shell,
  files: {
    title: filesNav.nav,
    description: 'Imagens e vídeos do seu espaço, organizados em pastas.',
    storage: 'Espaço usado',
    root: 'Arquivos',
    breadcrumb: 'Pastas',
    upload: 'Enviar arquivos',
    newFolder: 'Nova pasta',
    folderName: 'Nome da pasta',
    folderNameHint: 'Letras, números, espaços e . _ - ( )',
    createFolder: 'Criar pasta',
    folderCreated: 'Pasta criada.',
    folderNameRequired: 'Informe o nome da pasta.',
    folderNameInvalid: 'Use letras, números, espaços e . _ - ( ), sem "/".',
    dropHere: 'Solte os arquivos para enviar a esta pasta',
    dropHint: 'Arraste imagens (JPEG, PNG, WebP) e vídeos MP4 para cá, ou use Enviar arquivos.',
    fileInput: 'Escolher arquivos para enviar',
    uploadsTitle: 'Envios',
    uploading: (name: string, percent: number) => `Enviando ${name}… ${percent}%`,
    uploadProgress: (name: string) => `Progresso do envio de ${name}`,
    uploaded: 'Enviado',
    uploadFailed: 'Falhou',
    uploadDone: (n: number) =>
      n === 1 ? 'Arquivo enviado.' : `${plural(n, 'arquivo', 'arquivos')} enviados.`,
    unsupported: 'Tipo de arquivo não suportado. Use JPEG, PNG, WebP ou MP4.',
    clearUploads: 'Limpar lista',
    emptyTitle: 'Esta pasta está vazia',
    emptyText: 'Envie imagens e vídeos ou crie uma pasta para organizar seus arquivos.',
    emptyTextMember: 'Nenhum arquivo nesta pasta ainda.',
    loadError: 'Não foi possível carregar os arquivos.',
    truncated: 'Mostrando os primeiros 1.000 itens desta pasta.',
    folder: 'Pasta',
    actions: (name: string) => `Ações do arquivo ${name}`,
    preview: 'Visualizar',
    download: 'Baixar',
    remove: 'Excluir',
    removeTitle: 'Excluir arquivo?',
    removeText: (name: string) => `O arquivo “${name}” será excluído para sempre.`,
    removeConfirm: 'Excluir arquivo',
    inUseTitle: 'Este arquivo está em uso e não foi excluído.',
    removed: 'Arquivo excluído.',
    previewLoading: 'Carregando visualização…',
    previewError: 'Não foi possível abrir o arquivo.',
    noPreview: 'Sem visualização para este tipo de arquivo.',
    kind: { image: 'Imagem', video: 'Vídeo', other: 'Arquivo' },
    items: (folders: number, files: number) =>
      [folders ? plural(folders, 'pasta', 'pastas') : null, plural(files, 'arquivo', 'arquivos')]
        .filter(Boolean)
        .join(' · '),
    name: 'Nome',
    size: 'Tamanho',
    updated: 'Modificado',
  },
};
