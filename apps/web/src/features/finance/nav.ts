/**
 * The finance area's menu labels: the route table (src/app/routes.tsx) is in the first load of
 * every page, so it imports these few words instead of the feature's whole strings file.
 */
export const financeNav = {
  nav: 'Finanças',
  sections: {
    overview: 'Resumo',
    transactions: 'Lançamentos',
    accounts: 'Contas',
    categories: 'Categorias',
    import: 'Importar extrato',
  },
} as const;
