/** The file store's menu label: the route table imports these words, not the whole strings file. */
export const filesNav = { nav: 'Arquivos' } as const;
