import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { drafts } from '@/lib/drafts';
import { installMatchMedia, resetMedia } from './media';

// Pages, the app shell and the toasts are lazy modules: the first test of a file waits for them
// to be transformed, which on a busy machine takes longer than findBy's 1 s default.
configure({ asyncUtilTimeout: 5000 });

// Browser APIs jsdom lacks, used by Radix and input-otp.
installMatchMedia();
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
document.elementFromPoint ??= () => null;
window.scrollTo = () => {};

beforeEach(() => {
  resetMedia();
  installMatchMedia();
});

afterEach(() => {
  cleanup();
  toast.clear();
  drafts.clear();
  localStorage.clear();
  document.documentElement.className = '';
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
