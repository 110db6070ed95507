import { lazyForm } from '@/lib/form';

// The account forms' schemas (validation.ts) with zod and the contract's schemas, fetched when a
// form shows rather than with its page (docs/decisions/036-web-first-load.md).
const validation = () => import('./validation');

export const LoginForm = lazyForm(() => validation().then((m) => m.LoginForm));
export const TwoFactorForm = lazyForm(() => validation().then((m) => m.TwoFactorForm));
export const RecoveryCodeForm = lazyForm(() => validation().then((m) => m.RecoveryCodeForm));
export const SignupForm = lazyForm(() => validation().then((m) => m.SignupForm));
export const SignupReady = lazyForm(() => validation().then((m) => m.SignupReady));
export const ResetRequestForm = lazyForm(() => validation().then((m) => m.ResetRequestForm));
export const ResetForm = lazyForm(() => validation().then((m) => m.ResetForm));
export const ResetReady = lazyForm(() => validation().then((m) => m.ResetReady));
