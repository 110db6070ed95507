export * from './users';
export * from './workspaces';
export * from './files';
export * from './content';
export * from './subscriptions';
