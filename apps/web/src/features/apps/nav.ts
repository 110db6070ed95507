/**
 * The apps' menu labels: the route table (src/app/routes.tsx) is in the first load of every page,
 * so it imports these few words instead of the feature's whole strings file.
 */
export const appsNav = {
  /** The tab of Configurações. */
  settings: 'Apps',
} as const;
