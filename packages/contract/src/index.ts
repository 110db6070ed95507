export * from './common';
export * from './paths';
export * from './auth';
export * from './workspaces';
export * from './files';
export * from './content';
export * from './subscriptions';
export * from './pix';
